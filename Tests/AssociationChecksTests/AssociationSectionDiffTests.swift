import AssociationChecks
import ContractArtifacts
import DesignFixture
import LinkContract
import Testing

/// `diff` on files that are not the contract's: every section of both formats, with the kind,
/// the triggers and the lines it must report.
struct AssociationSectionDiffTests {
  static let contract = Contract.design

  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let file: String
    let old: String
    let new: String
    var probes: [String] = []
    /// Every kind reported, in order.
    let kinds: [ChangeKind]
    let triggers: [RevalidationID]
    /// Pieces of the text report that must appear.
    var lines: [String] = []
    var testDescription: String { name }
  }

  static let aasaName = "apple-app-site-association"
  static let linksName = "assetlinks.json"

  static func aasa(_ details: String, _ rest: String = "") -> String {
    #"{"applinks":{"details":[\#(details)]}\#(rest)}"#
  }

  static func aasa(_ details: String, variables: String) -> String {
    #"{"applinks":{"details":[\#(details)],"substitutionVariables":{\#(variables)}}}"#
  }

  static func detail(_ apps: String, _ components: String) -> String {
    #"{"appIDs":[\#(apps)],"components":[\#(components)]}"#
  }

  static let app = #""ABCDE12345.com.example.app""#
  static let fingerprint =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
  static let other = "3C:1F:9A:77:E2:05:B8:6D:41:C9:0E:53:A6:28:DB:94:7F:12:C4:8B:E0:39:5A:F6:0D:71:AE:23:98:4C:B5:E7"

  static func links(
    _ fingerprints: [String], relations: [String] = ["delegate_permission/common.handle_all_urls"],
    extra: String = "", extensions: String = ""
  ) -> String {
    let list = fingerprints.map { "\"\($0)\"" }.joined(separator: ",")
    let relation = relations.map { "\"\($0)\"" }.joined(separator: ",")
    return
      #"[{"relation":[\#(relation)],\#(extensions)"target":{"namespace":"android_app","package_name":"com.example.app","#
      + #""sha256_cert_fingerprints":[\#(list)]}}\#(extra)]"#
  }

  static func dynamic(_ components: String) -> String {
    #""relation_extensions":{"delegate_permission/common.handle_all_urls":{"dynamic_app_link_components":[\#(components)]}},"#
  }

  static let cases: [Case] = [
    Case(
      name: "webcredentials app added", file: aasaName, old: aasa(detail(app, #"{"/":"/a"}"#)),
      new: aasa(detail(app, #"{"/":"/a"}"#), #","webcredentials":{"apps":[\#(app)]}"#),
      kinds: [.webcredentialsAppAdded], triggers: [.associationClaims],
      lines: ["webcredentials-app-added: webcredentials: ABCDE12345.com.example.app"]),
    Case(
      name: "appclips and activitycontinuation", file: aasaName,
      old: #"{"appclips":{"apps":["ABCDE12345.com.example.app.Clip"]}}"#,
      new: #"{"activitycontinuation":{"apps":[\#(app)]}}"#,
      kinds: [.appclipsAppRemoved, .activitycontinuationAppAdded], triggers: [.associationClaims]),
    Case(
      name: "\"/*\" and \"*\" are the same rule", file: aasaName, old: aasa(detail(app, #"{"/":"/*"}"#)),
      new: aasa(detail(app, #"{"/":"*","?":"*"}"#)), kinds: [.formatting], triggers: []),
    Case(
      name: "a foreign file claims a new path", file: aasaName,
      old: aasa(detail(app, #"{"/":"/shop/*"}"#)), new: aasa(detail(app, #"{"/":"/shop/*"},{"/":"/tool/*"}"#)),
      kinds: [.componentAdded, .claimChanged, .claimChanged, .claimChanged], triggers: [.associationClaims],
      lines: [
        #"component-added: "/": "/tool/*" at position 2"#,
        #"claim-changed: /tool/x1: unclaimed -> claimed by component 2 ("/": "/tool/*")"#,
      ]),
    Case(
      name: "a probe given on the command line", file: aasaName,
      old: aasa(detail(app, #"{"/":"/z*"}"#)), new: aasa(detail(app, #"{"/":"/zz"}"#)),
      probes: ["https://example.com/zzz?q=1&access_token=0000SECRET#id_token=0000SECRET2"],
      kinds: [.componentRemoved, .componentAdded, .claimChanged, .claimChanged, .claimChanged],
      triggers: [.associationClaims],
      lines: [
        #"claim-changed: /zzz?q=1&access_token=[redacted]#id_token=[redacted]: claimed by component 1 ("/": "/z*") -> unclaimed"#
      ]),
    Case(
      name: "positions are per app: removing other apps moves nothing", file: aasaName,
      old: aasa(
        [
          detail(#""ABCDE12345.com.example.one""#, #"{"/":"/one"}"#),
          detail(#""ABCDE12345.com.example.two""#, #"{"/":"/two"}"#),
          detail(app, #"{"/":"/a"},{"/":"/b"}"#),
        ].joined(separator: ",")),
      new: aasa(detail(app, #"{"/":"/a"},{"/":"/b"}"#)),
      kinds: [.appIDRemoved, .appIDRemoved, .claimChanged, .claimChanged], triggers: [.associationClaims],
      lines: [#"claim-changed: /one: claimed by component 1 ("/": "/one") for ABCDE12345.com.example.one -> unclaimed"#]
    ),
    Case(
      name: "a component moved within one app", file: aasaName,
      old: aasa(detail(app, #"{"/":"/a/*"},{"/":"/a/b","exclude":true}"#)),
      new: aasa(detail(app, #"{"/":"/a/b","exclude":true},{"/":"/a/*"}"#)),
      kinds: [.componentMoved, .claimChanged], triggers: [.associationClaims],
      lines: [#"claim-changed: /a/b: claimed by component 1 ("/": "/a/*") -> excluded by component 1"#]),
    Case(
      name: "a comment only", file: aasaName, old: aasa(detail(app, #"{"/":"/a","comment":"x"}"#)),
      new: aasa(detail(app, #"{"/":"/a","comment":"y"}"#)), kinds: [.commentChanged], triggers: []),
    Case(
      name: "fingerprint written without colons: not a rotation", file: linksName, old: links([fingerprint]),
      new: links([fingerprint.replacingOccurrences(of: ":", with: "")]),
      kinds: [.newInvalid, .fingerprintReformatted], triggers: [.associationClaims],
      lines: ["Google rejects the whole statement list"]),
    Case(
      name: "fingerprint in lowercase: not a rotation", file: linksName, old: links([fingerprint]),
      new: links([fingerprint.lowercased()]), kinds: [.newInvalid, .fingerprintReformatted],
      triggers: [.associationClaims]),
    Case(
      name: "a real rotation", file: linksName, old: links([fingerprint]), new: links([other]),
      kinds: [.fingerprintRemoved, .fingerprintAdded, .certificateRotated], triggers: [.signingCertificate]),
    Case(
      name: "a relation added", file: linksName, old: links([fingerprint]),
      new: links(
        [fingerprint],
        relations: ["delegate_permission/common.handle_all_urls", "delegate_permission/common.get_login_creds"]),
      kinds: [.relationAdded], triggers: [.associationClaims]),
    Case(
      name: "a web target and an include", file: linksName, old: links([fingerprint]),
      new: links(
        [fingerprint],
        extra:
          #",{"relation":["delegate_permission/common.get_login_creds"],"target":{"namespace":"web","site":"https://example.com"}},{"include":"https://example.com/more.json"}"#
      ),
      kinds: [.siteAdded, .includeAdded], triggers: [.associationClaims]),
    Case(
      name: "dynamic app link components", file: linksName,
      old: links([fingerprint], extensions: dynamic(#"{"/":"/a/*"},{"/":"*","exclude":true}"#)),
      new: links([fingerprint], extensions: dynamic(#"{"/":"*","exclude":true},{"/":"/a/*"},{"?":{"dl":"*"}}"#)),
      kinds: [.dynamicComponentMoved, .dynamicComponentAdded], triggers: [.associationClaims],
      lines: [#"dynamic-component-added: com.example.app: {"?":{"dl":"*"}} at position 3"#]),
    Case(
      name: "a variable gains a value", file: aasaName,
      old: aasa(detail(app, #"{"/":"/$(food)/*"}"#), variables: #""food":["pizza"]"#),
      new: aasa(detail(app, #"{"/":"/$(food)/*"}"#), variables: #""food":["pizza","sushi"]"#),
      kinds: [.substitutionVariableChanged, .claimChanged, .claimChanged, .claimChanged],
      triggers: [.associationClaims],
      lines: [
        #"substitution-variable-changed: $(food): ["pizza"] -> ["pizza","sushi"]"#,
        #"claim-changed: /sushi/x1: unclaimed -> claimed by component 1 ("/": "/$(food)/*")"#,
      ]),
    Case(
      name: "a variable removed that a component uses", file: aasaName,
      old: aasa(detail(app, #"{"/":"/$(food)"}"#), variables: #""food":["pizza"]"#),
      new: aasa(detail(app, #"{"/":"/$(food)"}"#)),
      kinds: [.newInvalid, .substitutionVariableChanged, .claimChanged], triggers: [.associationClaims],
      lines: [
        #"substitution-variable-changed: $(food): ["pizza"] -> undefined"#,
        #"claim-changed: /pizza: claimed by component 1 ("/": "/$(food)") -> unclaimed"#,
      ]),
    Case(
      name: "variables moved within the file", file: aasaName,
      old: aasa(detail(app, #"{"/":"/$(food)"}"#), variables: #""food":["pizza"],"n":["1"]"#),
      new:
        #"{"applinks":{"substitutionVariables":{"n":["1"],"food":["pizza"]},"details":[\#(detail(app, #"{"/":"/$(food)"}"#))]}}"#,
      kinds: [.formatting], triggers: []),
    Case(
      name: "a new file over 128 KB", file: aasaName, old: aasa(detail(app, #"{"/":"/a"}"#)),
      new: aasa(detail(app, #"{"/":"/a","comment":"\#(String(repeating: "c", count: 132_000))"}"#)),
      kinds: [.newOversized, .commentChanged], triggers: [.associationClaims],
      lines: ["Apple reads at most 131072 and ignores it"]),
  ]

  @Test(arguments: cases)
  func reportsTheSection(_ item: Case) {
    let diff = diffAssociationFile(
      item.file, old: Array(item.old.utf8), new: Array(item.new.utf8), contract: Self.contract, probes: item.probes)
    let text = diff.text(Self.contract)
    #expect(diff.changes.map(\.kind) == item.kinds, "\(text)")
    #expect(diff.triggers(Self.contract).map(\.id) == item.triggers, "\(text)")
    for line in item.lines { #expect(text.contains(line), "no \(line) in \(text)") }
    #expect(!text.contains("0000SECRET") && !diff.json(Self.contract).compact.contains("0000SECRET"))
  }

  /// Past the probe limit, the links of the components that changed are still probed.
  @Test func aChangeDeepInALargeFileIsProbed() {
    let paths = (0..<2_000).map { #"{"/":"/p/\#($0)/item"}"# }
    var changed = paths
    changed[1_500] = #"{"/":"/p/1500/item","exclude":true}"#
    let diff = diffAssociationFile(
      Self.aasaName, old: Array(Self.aasa(Self.detail(Self.app, paths.joined(separator: ","))).utf8),
      new: Array(Self.aasa(Self.detail(Self.app, changed.joined(separator: ","))).utf8), contract: Self.contract)
    #expect(
      diff.changes.filter { $0.kind == .claimChanged }.map(\.detail) == [
        #"/p/1500/item: claimed by component 1501 ("/": "/p/1500/item") -> excluded by component 1501 (exclude "/": "/p/1500/item")"#
      ], "\(diff.text(Self.contract))")
  }

  @Test func jsonCarriesBuildRouteBeforeAndAfter() {
    var tree = AssociationDiffTests.tree(Self.contract)
    let path = "production/.well-known/assetlinks.json"
    let old = tree[path]!
    tree[path] = Array(String(decoding: old, as: UTF8.self).replacingOccurrences(of: "95:63:7B", with: "95637B").utf8)
    let diff = diffAssociationTrees(old: AssociationDiffTests.tree(Self.contract), new: tree, contract: Self.contract)
    let json = diff.json(Self.contract)
    #expect(json["schemaVersion"] == .int(3))
    guard case .array(let changes)? = json["changes"] else {
      Issue.record("no changes array")
      return
    }
    let reformatted = changes.first { $0["kind"] == .string("fingerprint-reformatted") }
    #expect(reformatted?["build"] == .string("production"))
    #expect(reformatted?["file"] == .string(path))
    guard case .string(let before)? = reformatted?["before"], case .string(let after)? = reformatted?["after"] else {
      Issue.record("no before and after: \(json.compact)")
      return
    }
    #expect(before.hasPrefix("95:63:7B:95") && after.hasPrefix("95637B:95"))
    #expect(!diff.triggers(Self.contract).contains { $0.id == .signingCertificate })
  }

  @Test func aMovedExcludeNamesTheRoute() {
    let diff = diffAssociationTrees(
      old: AssociationDiffTests.tree(Self.contract), new: AssociationDiffTests.movedExclude(), contract: Self.contract)
    let claim = diff.changes.first { $0.kind == .claimChanged }
    #expect(claim?.route == "product" && claim?.build == "production", "\(diff.text(Self.contract))")
    #expect(claim?.before == .string("excluded") && claim?.after == .string("claimed"))
  }
}
