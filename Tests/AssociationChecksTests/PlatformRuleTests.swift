import AssociationChecks
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

  static func variables(_ variables: String, _ items: String) -> String {
    #"{"applinks":{"substitutionVariables":{\#(variables)},"details":[{"appIDs":["\#(app)"],"components":[\#(items)]}]}}"#
  }

  static let food = #""food":["burrito","pizza","sushi","samosa"]"#

  static let variableRules: [Case] = [
    aasa("Apple's example", variables(food, #"{"/":"/$(lang)_$(region)/$(food)/"}"#)),
    aasa(
      "variables after the details that use them",
      #"{"applinks":{"details":[{"appIDs":["\#(app)"],"components":[{"/":"/$(food)"}]}],"substitutionVariables":{\#(food)}}}"#
    ),
    aasa(
      "an undefined variable in a path", variables(food, #"{"/":"/$(drink)/*"}"#),
      [.error(#"components[0]["/"] uses $(drink), which neither substitutionVariables nor Apple defines"#)]),
    aasa(
      "an undefined variable in a fragment", variables(food, ##"{"#":"$(Food)"}"##),
      [.error(##"components[0]["#"] uses $(Food), which neither"##)]),
    aasa(
      "an undefined variable in a query item", variables(food, #"{"?":{"id":"$(digits)"}}"#),
      [.error(#"components[0]["?"].id uses $(digits), which neither"#)]),
    aasa(
      "an undefined variable in a query string", variables(food, #"{"?":"q=$()"}"#),
      [.error(#"components[0]["?"] uses $(), which neither"#)]),
    aasa(
      "a query item name is not a pattern", variables(food, #"{"?":{"$(x)":"1"}}"#)),
    aasa(
      "a variable name with $", variables(#""a$b":["x"]"#, #"{"/":"/a"}"#),
      [.error(#"names a variable "a$b" with $, ( or ) in it"#)]),
    aasa(
      "a variable name with parentheses", variables(#""(x)":["x"]"#, #"{"/":"/a"}"#),
      [.error(#"names a variable "(x)" with $, ( or ) in it"#)]),
    aasa(
      "a value that uses a variable", variables(#""food":["$(lang)-pizza"]"#, #"{"/":"/$(food)"}"#),
      [.error(#"food[0] "$(lang)-pizza" uses a variable, which a variable's value cannot"#)]),
    aasa(
      "a predefined variable redefined", variables(#""digit":["1","2"]"#, #"{"/":"/$(digit)"}"#),
      [.warning("redefines Apple's predefined $(digit)")]),
    aasa(
      "a variable with no values", variables(#""food":[]"#, #"{"/":"/$(food)"}"#),
      [.warning("substitutionVariables.food is empty: a pattern that uses it matches nothing")]),
    aasa(
      "values that are not strings", variables(#""food":["a",1]"#, #"{"/":"/a"}"#),
      [.error("applinks.substitutionVariables.food is not an array of strings")]),
    aasa(
      "substitutionVariables not an object",
      #"{"applinks":{"substitutionVariables":[],"details":[{"appIDs":["\#(app)"],"components":[{"/":"/a"}]}]}}"#,
      [.error("applinks.substitutionVariables is not an object")]),
    aasa(
      "a $( that nothing closes", variables(food, #"{"/":"/$(food"}"#),
      [.warning(#"has a "$(" that no ")" closes; this validator reads it as text"#)]),
    aasa(
      "a literal path one of a variable's values covers", variables(food, #"{"/":"/$(food)/*"},{"/":"/pizza/menu"}"#),
      [.warning("components[1] is a dead rule: components[0]")]),
    aasa("a path no value covers", variables(food, #"{"/":"/$(food)/*"},{"/":"/taco/menu"}"#)),
    aasa(
      "a wildcard covers every value", variables(food, #"{"/":"/*"},{"/":"/$(food)","exclude":true}"#),
      [.warning("components[1] is an exclude that never applies: components[0]")]),
    aasa(
      "a variable's values, not all covered", variables(food, #"{"/":"/s*"},{"/":"/$(food)","exclude":true}"#)),
    aasa(
      "alpha covers upper", variables(food, #"{"/":"/$(alpha)"},{"/":"/$(upper)"}"#),
      [.warning("components[1] is a dead rule")]),
    aasa("upper does not cover alpha", variables(food, #"{"/":"/$(upper)"},{"/":"/$(alpha)"}"#)),
    aasa(
      "alnum covers xdigit", variables(food, #"{"/":"/$(alnum)"},{"/":"/$(xdigit)"}"#),
      [.warning("components[1] is a dead rule")]),
    aasa(
      "two digits cover 42", variables(food, #"{"/":"/$(digit)$(digit)"},{"/":"/42"}"#),
      [.warning("components[1] is a dead rule")]),
    aasa("two digits do not cover 4x", variables(food, #"{"/":"/$(digit)$(digit)"},{"/":"/4x"}"#)),
    aasa(
      "region covers US and 419", variables(food, #"{"/":"/$(region)/*"},{"/":"/US/a"},{"/":"/419/a"}"#),
      [.warning("components[1] is a dead rule"), .warning("components[2] is a dead rule")]),
    aasa("region does not cover us, case-sensitive", variables(food, #"{"/":"/$(region)/*"},{"/":"/us/a"}"#)),
    aasa(
      "region covers us, case-insensitive",
      variables(food, #"{"/":"/$(region)/*","caseSensitive":false},{"/":"/us/a","caseSensitive":false}"#),
      [.warning("components[1] is a dead rule")]),
    aasa(
      "lang covers three letters", variables(food, #"{"/":"/$(lang)"},{"/":"/deu"}"#),
      [.warning("components[1] is a dead rule")]),
    aasa("lang does not cover four", variables(food, #"{"/":"/$(lang)"},{"/":"/deut"}"#)),
    aasa(
      "the same rule with a variable twice", variables(food, #"{"/":"/$(food)/*"},{"/":"/$(food)/*"}"#),
      [.warning("components[1] is a dead rule")]),
    aasa(
      "a variable named with stars is not a run of stars",
      variables(#""a**":["x"],"a*":["y"]"#, #"{"/":"/$(a**)"},{"/":"/$(a*)"}"#)),
    aasa(
      "an undefined variable takes no part in the analysis", variables(food, #"{"/":"/$(x)"},{"/":"/$(x)"}"#),
      [.error("components[0]"), .error("components[1]")]),
  ]

  /// Real files (sources in `RealAssociationFiles/SOURCES.md`): applinks beside webcredentials
  /// (256Arts/256Arts.github.io) or appclips (97longphan/aasa-host), other sections alone,
  /// excludes before a wildcard (0xli/app.beagle.chat), a path before its own `/*`
  /// (0x-gg/0x-gg.github.io).
  static let realFiles: [Case] = [
    real("256Arts--256Arts.github.io"),
    real("97longphan--aasa-host", [.warning("applinks.details[0].paths is the legacy format")]),
    real("0xli--app.beagle.chat"),
    real("0x-gg--0x-gg.github.io"),
    real("7blueXY--AppClipDemoApp"),
    real("AS207960--as207960.net"),
    real("AayushShribatho--passkey-test"),
    real("AlexeyBagaev--autofill"),
  ]

  static func real(_ name: String, _ messages: [Expected] = []) -> Case {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("RealAssociationFiles/aasa/" + name)
    return aasa(name, (try? String(contentsOf: file, encoding: .utf8)) ?? "", messages)
  }

  static let shadowing: [Case] = [
    aasa(
      "exclude after the wildcard that covers it: a dead rule in a file Apple accepts",
      components(#"{"/":"/business/*"},{"/":"/business/*/product/*","exclude":true}"#),
      [.warning("components[1] is an exclude that never applies: components[0] before it matches every URL")])
  ]

  @Test(arguments: appIDs + sections + ports + variableRules + realFiles + shadowing)
  func getsExactlyItsMessages(_ item: Case) {
    #expect(!item.text.isEmpty)
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
