import ContractArtifacts
import CustomerApp
import DesignFixture
import LinkContract
import LinkParser
import Testing

// The conformance table of any adopter: made from its own hosts, routes and fields, with ids
// that stay unique whatever names its fields have, and every case the parser's answer.

/// `route` with another https path and query rule.
private func route(_ route: RouteClass, path: [PathSegment]?, query: QueryRule) -> RouteClass {
  RouteClass(
    id: route.id, title: route.title, httpsPath: path, customSchemeName: route.customSchemeName, query: query,
    destination: route.destination, authority: route.authority, gates: route.gates, boundary: route.boundary,
    sensitivity: route.sensitivity, publication: route.publication, automaticReads: route.automaticReads)
}

/// A field of `format` named `name`.
private func field(_ name: String, _ format: FieldFormat) -> Field {
  Field(name: name, format: format, meaning: "A field named \(name).")
}

/// The ferry's contract with its voyage route's path field and its departures route's query
/// fields replaced.
private func ferry(pathField: Field, queryFields: [Field]) -> Contract {
  let base = Contract.ferry
  return base.replacing(
    routeClasses: base.routeClasses.map { item in
      switch item.id {
      case "voyage":
        guard case .literal(let literal)? = item.httpsPath?.first else { return item }
        return route(item, path: [.literal(literal), .field(pathField)], query: item.query)
      case "departures": return route(item, path: item.httpsPath, query: .exactlyOne(queryFields))
      default: return item
      }
    })
}

/// Field names that are words of the table's own ids, or that read alike as ids.
private let trickyNames: [String: [String]] = [
  "port": ["port"], "empty": ["empty"], "query": ["query"], "userinfo": ["userinfo"], "fragment": ["fragment"],
  "host": ["host"], "name": ["name"], "scheme": ["scheme"], "literal": ["literal-0"], "forbidden": ["forbidden"],
  "allowed": ["allowed"], "precedence": ["precedence"], "field": ["field"], "value": ["value"],
  "extra": ["extra-field"], "word-rule": ["word-rule"], "prefix": ["prefix"], "canonical": ["canonical"],
  "case": ["port", "Port", "PORT"], "separators": ["user_id", "user-id", "userId"],
  "begins-another": ["x", "x-body", "x-and"], "unnamed": ["_", "-", "a"],
]

/// An adopter's contract, shown in test names by its label.
struct LabelledContract: Sendable, CustomTestStringConvertible {
  let label: String
  let contract: Contract
  var testDescription: String { label }
}

/// A contract for each entry of `trickyNames`: the names as the departures route's query
/// alternatives (the last an enumeration whose values are table words too), and the first as
/// the voyage's path field.
private let trickyContracts: [LabelledContract] = trickyNames.sorted { $0.key < $1.key }.map { label, names in
  let values = ["paid", "Paid", "a_b", "a-b", "empty", "uppercase", "not_listed", "value-1"]
  let fields = names.enumerated().map { index, name in
    index == names.count - 1
      ? field(name, .enumeration(values))
      : field(name, index.isMultiple(of: 2) ? .base64url(length: 8...8) : .reference(prefix: "xb_", bodyLength: 8...20))
  }
  return LabelledContract(
    label: label,
    contract: ferry(pathField: field(names[0], .reference(prefix: "vy_", bodyLength: 8...20)), queryFields: fields))
}

/// Every case of `contract`'s table whose expectation is not the parser's answer.
private func disagreements(_ contract: Contract) -> [String] {
  ConformanceTable(contract: contract).links.compactMap { item in
    guard let build = contract.build(named: item.build) else { return "\(item.id): no build" }
    let outcome = item.bytes.withUnsafeBufferPointer {
      LinkParser(contract: contract, build: build).parse(bytes: $0)
    }
    return outcome.expectation == item.expected ? nil : "\(item.id): \(item.input) is \(outcome.expectation)"
  }
}

@Suite struct ConformanceAdopterTests {
  @Test("Case ids stay unique when fields are named like the table's own words", arguments: trickyContracts)
  func uniqueIDs(_ item: LabelledContract) {
    #expect(item.contract.problems().isEmpty, "\(item.contract.problems())")
    let ids = ConformanceTable(contract: item.contract).links.map(\.id)
    let repeated = Dictionary(grouping: ids) { $0 }.filter { $0.value.count > 1 }.keys.sorted()
    #expect(repeated.isEmpty, "\(repeated)")
    let kebab = ids.allSatisfy { id in
      id.split(separator: "-", omittingEmptySubsequences: false).allSatisfy { word in
        !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
      }
    }
    #expect(kebab)
  }

  @Test(
    "Every case agrees with the parser when fields are named like the table's own words", arguments: trickyContracts)
  func agreesWithParser(_ item: LabelledContract) {
    let wrong = disagreements(item.contract)
    #expect(wrong.isEmpty, "\(wrong.count) cases:\n\(wrong.prefix(20).joined(separator: "\n"))")
  }

  @Test(
    "Every case of an adopter's table agrees with the parser",
    arguments: [
      LabelledContract(label: "ferry", contract: .ferry), LabelledContract(label: "design", contract: .design),
    ])
  func adopterTableAgrees(_ item: LabelledContract) {
    let wrong = disagreements(item.contract)
    #expect(wrong.isEmpty, "\(wrong.count) cases:\n\(wrong.prefix(20).joined(separator: "\n"))")
  }

  @Test("A case about a field names it by the part the table gives it")
  func fieldIDPart() throws {
    let contract = try #require(trickyContracts.first { $0.label == "case" }?.contract)
    let departures = try #require(contract.routeClass("departures"))
    let parts = departures.fields.map { ConformanceTable.idPart(of: $0, in: departures) }
    #expect(Set(parts).count == parts.count, "\(parts)")
    let ids = ConformanceTable(contract: contract).links.map(\.id)
    for part in parts { #expect(ids.contains { $0.contains("-https-\(part)-") }, "\(part)") }
  }
}

/// Whether `host` is `other` with one character changed, or with a dot percent-encoded.
private func resembles(_ host: Substring, _ other: String) -> Bool {
  if host.replacing("%2E", with: ".") == other { return true }
  let (a, b) = (Array(host), Array(other))
  return a.count == b.count && zip(a, b).filter { $0 != $1 }.count == 1
}

@Suite struct ConformanceOwnValuesTests {
  /// The Customer App's hosts, custom schemes and path literals and custom-scheme names that the
  /// ferry does not share.
  static let customerValues: (hosts: [String], schemes: [String], segments: [String]) = {
    let app = Contract.customerApp
    let ferry = Contract.ferry
    func names(_ contract: Contract) -> Set<String> {
      Set(
        contract.routeClasses.flatMap { route in
          (route.httpsPath ?? []).compactMap { segment -> String? in
            if case .literal(let text) = segment { return text }
            return nil
          } + (route.customSchemeName.map { [$0] } ?? [])
        })
    }
    return (
      app.builds.map(\.webHost), app.builds.map(\.customScheme), names(app).subtracting(names(ferry)).sorted()
    )
  }()

  @Test("The ferry's table names no host, scheme, path or look-alike host of the Customer App")
  func noOtherAppsValues() {
    var found: [String] = []
    for item in ConformanceTable(contract: .ferry).links {
      let input = item.input
      for scheme in Self.customerValues.schemes where input.contains(scheme + "://") { found.append(item.id) }
      for segment in Self.customerValues.segments
      where input.contains("/\(segment)") || input.contains("://\(segment)") {
        found.append("\(item.id): \(segment)")
      }
      guard let start = input.range(of: "://")?.upperBound else { continue }
      let host = input[start...].prefix { !"/?#:\\@".contains($0) }
      for other in Self.customerValues.hosts where resembles(host, other) { found.append("\(item.id): \(host)") }
    }
    #expect(found.isEmpty, "\(found.prefix(20))")
  }
}
