import AssociationChecks
import ContractArtifacts
import Foundation
import LinkContract
import Testing

/// `validate` on real association files from public repositories (sources in
/// `RealAssociationFiles/SOURCES.md`) and on hand-written probes, one per rule, each with the
/// verdict and the messages it must get.
struct RealAssociationFileTests {
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
    let bytes: [UInt8]
    let valid: Bool
    /// Every message the file must get; no other error may appear.
    let messages: [Expected]
    var testDescription: String { name }
  }

  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("RealAssociationFiles")

  static func real(_ file: String, valid: Bool, _ messages: [Expected] = []) -> Case {
    let bytes = (try? Data(contentsOf: folder.appendingPathComponent(file))).map(Array.init) ?? []
    let kind: AssociationKind = file.hasPrefix("aasa/") ? .appleAppSiteAssociation : .assetLinks
    return Case(name: file, kind: kind, bytes: bytes, valid: valid, messages: messages)
  }

  static let legacy: [Expected] = [.warning("paths is the legacy format")]

  static let realFiles: [Case] = [
    real(
      "aasa/0Itsuki0--iOSUniversalLinkLocalHost", valid: false,
      [
        .error(#"app id "appid_placeholder" is not of the form TEAMID.bundle"#),
        .error(#"webcredentials.apps[0] "appid_placeholder""#),
      ]),
    real("aasa/100mslive--100ms-web-v1", valid: true, legacy),
    real("aasa/19lmyers--taskify-web", valid: true),
    real("aasa/23devs--flutter-deferred-deep-linking-example", valid: false, [.error("bundle id outside")]),
    real("aasa/2stable--2stable.com", valid: true, legacy),
    real("aasa/2stable--passkeys.2stable.com", valid: true, legacy),
    real("aasa/314-Apps--314-apps.com", valid: true, legacy),
    real("aasa/3llomi--FireAppSubDomain", valid: true, legacy),
    real("aasa/5eeman--rapidsnark-instant-app", valid: false, [.error("line 6, column 88: expected a string key")]),
    real("aasa/7blueXY--AppClipDemoApp", valid: true),
    real("aasa/97longphan--appclip-aasa", valid: true, legacy),
    real("aasa/AOrtizDev--UniversalLinks", valid: true, legacy),
    real("aasa/AS207960--as207960.net", valid: true),
    real("aasa/AayushShribatho--passkey-test", valid: true),
    real("aasa/AerovekCommunity--Chartr.iOS", valid: true),
    real(
      "aasa/AgoraIO-Community--Universal-Links-SwiftUI", valid: false,
      legacy + [
        .error(#""DEVELOPMENT_TEAM.PRODUCT_BUNDLE_IDENTIFIER" is not of the form TEAMID.bundle"#),
        .warning("paths is ignored by iOS 13 and later, which read components"),
      ]),
    real("aasa/AkpolatKadir--aasa-test", valid: true, legacy),
    real("aasa/AlbertChen--CYAlertController", valid: true, legacy),
    real("aasa/Ale-memolla--appclip", valid: false, [.error("line 5, column 15: expected ':' after an object key")]),
    real("aasa/AlexeyBagaev--autofill", valid: true),
    real("aasa/256Arts--256Arts.github.io", valid: true),
    real("aasa/97longphan--aasa-host", valid: true, legacy),
    real("aasa/0xli--app.beagle.chat", valid: true),
    real("aasa/0x-gg--0x-gg.github.io", valid: true),
    real("assetlinks/0-days--0-days.github.io.json", valid: true),
    real("assetlinks/05201123--applinks.github.io.json", valid: true),
    real("assetlinks/0clank--webvr-pwa.json", valid: true),
    real("assetlinks/0xberkay--zbd.json", valid: true),
    real("assetlinks/100weeks-vsla--vsla-app.json", valid: true),
    real("assetlinks/1712916--flutter_sample_app.json", valid: true),
    real("assetlinks/19lmyers--taskify-web.json", valid: true),
    real("assetlinks/1FAMM1--CB360-Mobile.json", valid: true),
    real("assetlinks/1John419--kjs.json", valid: true),
    real("assetlinks/28Apps-Software-GmbH--28Apps-Software-GmbH.github.io.json", valid: true),
    real(
      "assetlinks/2keyapp--2keyapp.github.io.json", valid: false,
      [
        .error(#"invalid package name "app.2key.name""#),
        .error(#"malformed cert fingerprint "YOUR_SHA256_CERT_FINGERPRINT""#),
      ]),
    real("assetlinks/3615git--tinybattle.json", valid: true),
    real("assetlinks/3llomi--FireAppSubDomain.json", valid: true),
  ]

  static func aasa(_ name: String, _ text: String, valid: Bool, _ messages: [Expected]) -> Case {
    Case(name: name, kind: .appleAppSiteAssociation, bytes: Array(text.utf8), valid: valid, messages: messages)
  }

  static func links(_ name: String, _ text: String, valid: Bool, _ messages: [Expected]) -> Case {
    Case(name: name, kind: .assetLinks, bytes: Array(text.utf8), valid: valid, messages: messages)
  }

  static func components(_ items: String) -> String {
    #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[\#(items)]}]}}"#
  }

  static func web(_ site: String) -> String {
    #"[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"web","site":"\#(site)"}}]"#
  }

  static let fingerprint =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

  static func app(fingerprint: String = fingerprint, extensions: String = "") -> String {
    #"[{"relation":["delegate_permission/common.handle_all_urls"],\#(extensions)"target":{"namespace":"android_app","#
      + #""package_name":"com.example.app","sha256_cert_fingerprints":["\#(fingerprint)"]}}]"#
  }

  static func dynamic(_ components: String) -> String {
    app(
      extensions: #""relation_extensions":{"delegate_permission/common.handle_all_urls":"#
        + #"{"dynamic_app_link_components":[\#(components)]}},"#)
  }

  static let probes: [Case] = [
    aasa(
      "over 128 KB: only the size is reported",
      components(#"{"/":"/x","comment":"\#(String(repeating: "x", count: 132_000))"}"#) + "{", valid: false,
      [.error("Apple reads at most 131072")]),
    aasa(
      "unknown component key: ignored, and the component matches every URL", components(#"{"/app":"*"}"#),
      valid: true, [.warning(#"unknown key "/app", which iOS ignores"#), .warning("matches every URL")]),
    aasa(
      "unknown key beside a path: ignored", components(#"{"/":"/a","flag":true}"#), valid: true,
      [.warning(#"unknown key "flag""#)]),
    aasa(
      "empty applinks object", #"{"applinks":{}}"#, valid: true,
      [.warning("applinks has no details: no universal links are claimed")]),
    aasa(
      "empty appclips object", #"{"applinks":{"details":[]},"appclips":{}}"#, valid: true,
      [.warning("applinks.details is empty"), .warning("appclips has no apps array")]),
    aasa(
      "empty webcredentials apps", #"{"webcredentials":{"apps":[]}}"#, valid: true,
      [.warning("webcredentials.apps is empty")]),
    aasa(
      "appclips apps not an array", #"{"appclips":{"apps":"X"}}"#, valid: false,
      [.error("appclips.apps is not an array")]),
    aasa(
      "include shadowed by an earlier include: a dead rule", components(#"{"/":"/a/*"},{"/":"/a/b"}"#), valid: true,
      [.warning("components[1] is a dead rule: components[0] before it matches every URL it matches")]),
    aasa(
      "exclude shadowed by an earlier include: the exclude never applies",
      components(#"{"/":"*"},{"/":"/private/*","exclude":true}"#), valid: true,
      [.warning("components[1] is an exclude that never applies")]),
    aasa(
      "include shadowed by an earlier exclude: claims nothing",
      components(#"{"/":"/a/*","exclude":true},{"/":"/a/b"}"#), valid: true,
      [.warning("components[1] can never claim anything")]),
    aasa(
      "exclude before the include it carves out", components(#"{"/":"/a/b","exclude":true},{"/":"/a/*"}"#),
      valid: true, []),
    aasa(
      "case-insensitive later component is not shadowed by a case-sensitive one",
      components(#"{"/":"/a"},{"/":"/a","caseSensitive":false}"#), valid: true, []),
    aasa(
      "\"/*\" then \"*\": the same rule twice", components(#"{"/":"/*"},{"/":"*"}"#), valid: true,
      [.warning("components[1] is a dead rule")]),
    aasa(
      "legacy paths format",
      #"{"applinks":{"apps":[],"details":[{"appID":"ABCDE12345.com.example.app","paths":["NOT /x","*"]}]}}"#,
      valid: true, [.warning("paths is the legacy format")]),
    aasa(
      "a fraction in an ignored field", #"{"version":1.5,"applinks":{"details":[]}}"#, valid: true,
      [.warning(#"unknown top-level key "version""#), .warning("applinks.details is empty")]),
    Case(
      name: "not UTF-8", kind: .appleAppSiteAssociation,
      bytes: Array(#"{"applinks":{"x":""#.utf8) + [0xFF, 0x22, 0x7D, 0x7D],
      valid: false, messages: [.error("is not UTF-8 text: byte 19")]),
    Case(
      name: "byte-order mark", kind: .appleAppSiteAssociation, bytes: [0xEF, 0xBB, 0xBF] + Array("{}".utf8),
      valid: false, messages: [.error("byte-order mark")]),
    aasa(
      "component value of the wrong type", components(#"{"/":5}"#), valid: false, [.error(#"["/"] is not a string"#)]),
    aasa(
      "substitution variable: $(lang) covers en", components(#"{"/":"/$(lang)/*"},{"/":"/en/x"}"#), valid: true,
      [.warning("components[1] is a dead rule: components[0] before it matches every URL it matches")]),
    links("mixed-case scheme", web("HtTpS://example.com"), valid: true, []),
    links("trailing dot", web("https://example.com."), valid: true, []),
    links("port out of range", web("https://example.com:999999"), valid: false, [.error("not a valid URL")]),
    links("port zero", web("https://example.com:0"), valid: false, [.error("not a valid URL")]),
    links("a query", web("https://example.com?bar"), valid: false, [.error("query parameters")]),
    links("a fragment", web("https://example.com#bar"), valid: false, [.error("fragment identifiers")]),
    links("a path", web("https://example.com/"), valid: false, [.error("cannot contain a path")]),
    links("login information", web("https://x:y@example.com"), valid: false, [.error("login information")]),
    links("mailto site", web("mailto://user@example.com"), valid: false, [.error("non-HTTP URL")]),
    links("no scheme", web("example.com"), valid: false, [.error("Url is not well formatted")]),
    links(
      "https include: not followed", #"[{"include":"https://example.com/more.json"}]"#, valid: true,
      [.warning("include https://example.com/more.json is not followed")]),
    links(
      "http include from an https file", #"[{"include":"http://example.com/more.json"}]"#, valid: false,
      [.error("Insecure URL in fetch stack of secure asset")]),
    links(
      "include with a bad port", #"[{"include":"https://example.com:999999/x.json"}]"#, valid: false,
      [.error("not a valid URL")]),
    links("mailto include", #"[{"include":"mailto://user@example.com"}]"#, valid: false, [.error("non-HTTP URL")]),
    links(
      "lowercase fingerprint", app(fingerprint: fingerprint.lowercased()), valid: false,
      [.error("Google rejects the whole statement list")]),
    links(
      "fingerprint without colons", app(fingerprint: fingerprint.replacingOccurrences(of: ":", with: "")),
      valid: false, [.error("malformed cert fingerprint")]),
    links(
      "placeholder fingerprint", app(fingerprint: "00:" + String(repeating: "00:", count: 30) + "00"), valid: true,
      [.warning("is all zero")]),
    links(
      "numbers in ignored fields",
      #"[{"version":1.5e3,"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"web","site":"https://example.com","weight":-0.25}}]"#,
      valid: true, []),
    links(
      "dynamic components",
      dynamic(##"{"?":{"dl":"*"}},{"#":"app"},{"/":"/path/*","exclude":true,"comments":"c"},{"/":"*"}"##),
      valid: true, []),
    links(
      "dynamic component query not an object", dynamic(#"{"?":"dl=*"}"#), valid: false,
      [.error("is not an object of query parameter patterns"), .warning(##"has no "/", "?" or "#""##)]),
    links(
      "dynamic component exclude not a boolean", dynamic(#"{"/":"/a","exclude":"yes"}"#), valid: false,
      [.error("dynamic_app_link_components[0].exclude is not a boolean")]),
    links(
      "dynamic component unknown key", dynamic(#"{"/":"/a","comment":"x"}"#), valid: true,
      [.warning(#"unknown key "comment", which Android ignores"#)]),
    links(
      "dynamic components not an array", dynamic("").replacingOccurrences(of: "[]", with: "{}"), valid: false,
      [.error("dynamic_app_link_components is not an array")]),
  ]

  @Test(arguments: realFiles + probes)
  func getsItsVerdictAndMessages(_ item: Case) {
    #expect(!item.bytes.isEmpty, "\(item.name) has no bytes")
    let messages = validateAssociation(item.bytes, kind: item.kind)
    let errors = messages.filter { $0.severity == .error }
    #expect(errors.isEmpty == item.valid, "\(item.name): \(messages)")
    for expected in item.messages {
      #expect(
        messages.contains { $0.severity == expected.severity && $0.message.contains(expected.text) },
        "\(item.name): no \(expected) in \(messages)")
    }
    let unexpected = errors.filter { error in
      !item.messages.contains { $0.severity == .error && error.message.contains($0.text) }
    }
    #expect(unexpected.isEmpty, "\(item.name): unexpected \(unexpected)")
  }

  @Test func realFilesArePresentAndListed() throws {
    let sources = try String(contentsOf: Self.folder.appendingPathComponent("SOURCES.md"), encoding: .utf8)
    for item in Self.realFiles { #expect(sources.contains("`\(item.name)`"), "\(item.name) is not in SOURCES.md") }
    #expect(Self.realFiles.count >= 30)
  }

  @Test func messagesCarryPositions() {
    let text =
      "{\n  \"applinks\": {\n    \"details\": [\n      {\"appIDs\": [\"bad\"], \"components\": []}\n    ]\n  }\n}"
    let messages = validateAssociation(Array(text.utf8), kind: .appleAppSiteAssociation)
    let error = messages.first { $0.severity == .error }
    #expect(error?.line == 4 && error?.column == 7, "\(messages)")
  }

  @Test func kindFromContent() {
    #expect(AssociationKind(sniffing: Array(" \n[{}]".utf8)) == .assetLinks)
    #expect(AssociationKind(sniffing: [0xEF, 0xBB, 0xBF] + Array("{}".utf8)) == .appleAppSiteAssociation)
    #expect(AssociationKind(sniffing: Array("nope".utf8)) == nil)
  }

  /// A file of 128 KB with thousands of distinct literal paths, and one where every path
  /// starts with a wildcard (so that no prefix index helps), validate without an error. Their
  /// time (26 s on such a file with the quadratic analysis) is a benchmark's figure
  /// (BENCHMARKS.md, `make bench-hostile`), never a test's: a busy machine must not fail it.
  @Test(arguments: [("literal paths", "/p/%05d/item"), ("wildcard-led paths", "*/x%05d")])
  func largeFilesValidate(_ name: String, _ format: String) {
    var items: [String] = []
    var size = 100
    var index = 0
    while true {
      let item = #"{"/":"\#(format.replacingOccurrences(of: "%05d", with: String(100_000 + index)))"}"#
      if size + item.utf8.count + 1 > appSiteAssociationByteLimit { break }
      items.append(item)
      size += item.utf8.count + 1
      index += 1
    }
    let bytes = Array(Self.components(items.joined(separator: ",")).utf8)
    #expect(bytes.count <= appSiteAssociationByteLimit && items.count > 4_000, "\(name): \(items.count) items")
    let messages = validateAssociation(bytes, kind: .appleAppSiteAssociation)
    #expect(!messages.contains { $0.severity == .error }, "\(name): \(messages.prefix(3))")
  }
}
