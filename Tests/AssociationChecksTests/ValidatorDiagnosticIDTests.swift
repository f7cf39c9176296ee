import AssociationChecks
import ContractArtifacts
import LinkContract
import Testing

/// One association file and ids its diagnostics must include.
struct ValidatorIDCase: Sendable, CustomTestStringConvertible {
  let name: String
  let kind: AssociationKind
  let bytes: [UInt8]
  let expected: Set<DiagnosticID>
  var testDescription: String { name }

  init(_ name: String, _ kind: AssociationKind, _ text: String, _ expected: Set<DiagnosticID>) {
    self.init(name, kind, Array(text.utf8), expected)
  }

  init(_ name: String, _ kind: AssociationKind, _ bytes: [UInt8], _ expected: Set<DiagnosticID>) {
    self.name = name
    self.kind = kind
    self.bytes = bytes
    self.expected = expected
  }
}

let validatorIDCases: [ValidatorIDCase] = [
  .init(
    "over 128 KB", .appleAppSiteAssociation, Array(repeating: UInt8(ascii: " "), count: 128 * 1024 + 1),
    [.fileTooLarge]),
  .init("not UTF-8", .appleAppSiteAssociation, [UInt8(ascii: "{"), 0xFF, UInt8(ascii: "}")], [.notUTF8]),
  .init("not JSON", .appleAppSiteAssociation, "{", [.jsonSyntax]),
  .init("not JSON either", .assetLinks, "[", [.jsonSyntax]),
  .init(
    "an app id that is not TEAMID.bundle", .appleAppSiteAssociation, #"{"applinks":{"details":[{"appIDs":["x"]}]}}"#,
    [.aasaInvalid]),
  .init(
    "an unknown top-level key", .appleAppSiteAssociation,
    #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/a"}]}]},"extra":1}"#,
    [.unknownKey]),
  .init(
    "the iOS 12 format", .appleAppSiteAssociation,
    #"{"applinks":{"apps":[],"details":[{"appID":"ABCDE12345.com.example.app","paths":["/a"]}]}}"#, [.legacyKey]),
  .init(
    "a shadowed exclude", .appleAppSiteAssociation,
    #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"*"},{"/":"/p","exclude":true}]}]}}"#,
    [.componentShadowed]),
  .init(
    "a statement without a target", .assetLinks, #"[{"relation":["delegate_permission/common.handle_all_urls"]}]"#,
    [.assetLinksInvalid]),
]

@Suite struct ValidatorDiagnosticIDTests {
  static let families: [AssociationKind: Set<DiagnosticID>] = [
    .appleAppSiteAssociation: [
      .fileTooLarge, .notUTF8, .jsonSyntax, .aasaInvalid, .aasaSuspicious, .componentShadowed, .unknownKey, .legacyKey,
    ],
    .assetLinks: [.notUTF8, .jsonSyntax, .assetLinksInvalid, .assetLinksSuspicious, .unknownKey],
  ]

  @Test("Each validator finding carries the id of its kind", arguments: validatorIDCases)
  func ids(_ item: ValidatorIDCase) {
    let found = validateAssociation(item.bytes, kind: item.kind)
    let ids = Set(found.map(\.id))
    #expect(item.expected.isSubset(of: ids), "\(found)")
    #expect(ids.isSubset(of: Self.families[item.kind] ?? []), "\(found)")
    for diagnostic in found {
      #expect((diagnostic.id == .unknownKey) == diagnostic.message.contains("ignores"), "\(diagnostic)")
      #expect(diagnostic.location?.jsonPath != nil, "\(diagnostic)")
      #expect(diagnostic.line >= 1 && diagnostic.column >= 1)
    }
  }
}
