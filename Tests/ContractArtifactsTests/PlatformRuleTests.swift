import ContractArtifacts
import Foundation
import LinkContract
import Testing

/// `validate` against the rules Apple's `applinks` pages and Google's web asset syntax state,
/// each file with every message it must get and no other.
struct PlatformRuleTests {
  /// One expected message: its severity and a piece of its text.
  struct Expected: Sendable, CustomStringConvertible {
    let severity: Severity
    let text: String
    var description: String { "\(severity.rawValue): \(text)" }
    static func error(_ text: String) -> Expected { Expected(severity: .error, text: text) }
    static func warning(_ text: String) -> Expected { Expected(severity: .warning, text: text) }
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let kind: AssociationKind
    let text: String
    /// Exactly the messages the file gets, in any order.
    let messages: [Expected]
    var testDescription: String { name }
  }

  static func aasa(_ name: String, _ text: String, _ messages: [Expected] = []) -> Case {
    Case(name: name, kind: .appleAppSiteAssociation, text: text, messages: messages)
  }

  static func links(_ name: String, _ text: String, _ messages: [Expected] = []) -> Case {
    Case(name: name, kind: .assetLinks, text: text, messages: messages)
  }

  static let app = "ABCDE12345.com.example.app"

  static func detail(_ members: String) -> String {
    #"{"applinks":{"details":[{\#(members)}]}}"#
  }

  static func components(_ items: String) -> String {
    detail(#""appIDs":["\#(app)"],"components":[\#(items)]"#)
  }

  static func web(_ site: String) -> String {
    #"[{"relation":["delegate_permission/common.get_login_creds"],"target":{"namespace":"web","site":"\#(site)"}}]"#
  }

  static let appIDs: [Case] = [
    aasa("appID beside components: a current key", detail(#""appID":"\#(app)","components":[{"/":"/a"}]"#)),
    aasa("appIDs beside components", detail(#""appIDs":["\#(app)"],"components":[{"/":"/a"}]"#)),
    aasa(
      "appID and appIDs both", detail(#""appID":"\#(app)","appIDs":["\#(app)"],"components":[{"/":"/a"}]"#),
      [.warning("has both appID and appIDs")]),
    aasa(
      "appID not a string", detail(#""appID":["\#(app)"],"components":[{"/":"/a"}]"#),
      [.error("applinks.details[0].appID is not a string"), .error("names no app")]),
    aasa(
      "appIDs not an array", detail(#""appIDs":"\#(app)","components":[{"/":"/a"}]"#),
      [.error("applinks.details[0].appIDs is not an array"), .error("names no app")]),
    aasa(
      "appID malformed", detail(#""appID":"nope","components":[{"/":"/a"}]"#),
      [.error(#"app id "nope" is not of the form TEAMID.bundle"#)]),
    aasa(
      "appID with paths: the iOS 12 format", detail(#""appID":"\#(app)","paths":["/a"]"#),
      [.warning("paths is the legacy format (iOS 12 and earlier)")]),
  ]

  static let sections: [Case] = [
    aasa("webcredentials alone", #"{"webcredentials":{"apps":["\#(app)"]}}"#),
    aasa("appclips alone", #"{"appclips":{"apps":["\#(app).Clip"]}}"#),
    aasa("activitycontinuation alone", #"{"activitycontinuation":{"apps":["\#(app)"]}}"#),
    aasa("no section at all", "{}", [.warning("has none of the sections iOS reads")]),
    aasa(
      "only an unknown section", #"{"applink":{"details":[]}}"#,
      [.warning(#"unknown top-level key "applink""#), .warning("has none of the sections iOS reads")]),
  ]

  static let ports: [Case] = [
    links("https site on 443", web("https://example.com:443"), [.error(#"omit ":443""#)]),
    links("http site on 80", web("http://example.com:80"), [.error(#"omit ":80""#)]),
    links("https site on 443 written 0443", web("https://example.com:0443"), [.error(#"omit ":0443""#)]),
    links("HTTPS site on 443", web("HTTPS://example.com:443"), [.error(#"omit ":443""#)]),
    links("https site on 80", web("https://example.com:80")),
    links("http site on 443", web("http://example.com:443")),
    links("https site on 8443", web("https://example.com:8443")),
    links(
      "an include on 443 is a URL, not a site", #"[{"include":"https://example.com:443/more.json"}]"#,
      [.warning("is not followed")]),
  ]

  static let shadowing: [Case] = [
    aasa(
      "exclude after the wildcard that covers it: a dead rule in a file Apple accepts",
      components(#"{"/":"/business/*"},{"/":"/business/*/product/*","exclude":true}"#),
      [.warning("components[1] is an exclude that never applies: components[0] before it matches every URL")])
  ]

  @Test(arguments: appIDs + sections + ports + shadowing)
  func getsExactlyItsMessages(_ item: Case) {
    let messages = validateAssociation(Array(item.text.utf8), kind: item.kind)
    for expected in item.messages {
      #expect(
        messages.contains { $0.severity == expected.severity && $0.message.contains(expected.text) },
        "no \(expected) in \(messages)")
    }
    let unexpected = messages.filter { message in
      !item.messages.contains { $0.severity == message.severity && message.message.contains($0.text) }
    }
    #expect(unexpected.isEmpty, "unexpected \(unexpected)")
  }
}
