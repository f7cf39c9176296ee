import AssociationChecks
import ContractArtifacts
import LinkContract
import Testing

struct AASAValidatorTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    /// Substrings of the expected errors; empty when the file is valid.
    let errors: [String]
    var testDescription: String { name }
  }

  static func file(_ components: String, appIDs: String = #"["A1B2C3D4E5.com.example.app"]"#) -> String {
    #"{"applinks":{"details":[{"appIDs":\#(appIDs),"components":[\#(components)]}]}}"#
  }

  static let cases: [Case] = [
    .init(name: "valid", text: file(#"{"/":"/start","comment":"Start"}"#), errors: []),
    .init(name: "not an object", text: "[]", errors: ["not a JSON object"]),
    .init(
      name: "details not an array", text: #"{"applinks":{"details":{}}}"#, errors: ["applinks.details is not an array"]),
    .init(name: "bad team id", text: file(#"{"/":"/x"}"#, appIDs: #"["abc.com.example"]"#), errors: ["TEAMID.bundle"]),
    .init(
      name: "lowercase team id", text: file(#"{"/":"/x"}"#, appIDs: #"["a1b2c3d4e5.com.example"]"#), errors: ["team id"]
    ),
    .init(
      name: "exclude not a boolean", text: file(#"{"/":"/x","exclude":"yes"}"#), errors: ["exclude is not a boolean"]),
    .init(name: "query not a string or object", text: file(#"{"/":"/x","?":1}"#), errors: [#"["?"] is neither"#]),
    .init(name: "duplicate key", text: file(#"{"/":"/x","/":"/y"}"#), errors: ["twice"]),
    .init(
      name: "exclude after the wildcard that covers it: Apple accepts the file (a warning)",
      text: file(#"{"/":"/business/*"},{"/":"/business/*/product/*","exclude":true}"#), errors: []),
    .init(
      name: "exclude before the wildcard",
      text: file(#"{"/":"/business/*/product/*","exclude":true},{"/":"/business/*"}"#), errors: []),
  ]

  @Test(arguments: cases)
  func validates(_ item: Case) {
    let errors = validateAssociation(Array(item.text.utf8), kind: .appleAppSiteAssociation).filter {
      $0.severity == .error
    }.map(\.message)
    if item.errors.isEmpty {
      #expect(errors.isEmpty, "\(errors)")
    }
    for expected in item.errors {
      #expect(errors.contains { $0.contains(expected) }, "\(errors)")
    }
  }

  @Test func refusesAByteOrderMark() {
    let messages = validateAssociation(
      [0xEF, 0xBB, 0xBF] + Array(Self.file(#"{"/":"/x"}"#).utf8), kind: .appleAppSiteAssociation)
    #expect(messages.contains { $0.severity == .error && $0.message.contains("byte-order mark") })
  }

  @Test func refusesMoreThan128KB() {
    let comment = String(repeating: "x", count: 130 * 1024)
    let messages = validateAssociation(
      Array(Self.file(#"{"/":"/x","comment":"\#(comment)"}"#).utf8), kind: .appleAppSiteAssociation)
    #expect(messages.contains { $0.severity == .error && $0.message.contains("at most 131072") })
  }

  @Test(arguments: [
    ("apple-app-site-association", AssociationKind.appleAppSiteAssociation),
    ("x/.well-known/apple-app-site-association", .appleAppSiteAssociation),
    ("assetlinks.json", .assetLinks),
  ])
  func kindFromFileName(_ name: String, _ kind: AssociationKind) {
    #expect(AssociationKind(fileName: name) == kind)
  }
}
