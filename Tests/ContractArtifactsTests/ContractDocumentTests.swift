import AssociationChecks
import CustomerApp
import DesignFixture
import Foundation
import LinkLifecycle
import Testing

@testable import ContractArtifacts
@testable import LinkContract

// docs/design.md, Artifacts: `Site/contract.json` is the contract as data, carries
// `schemaVersion` and the contract's digest, and validates against `Site/schema/`.

private let base = Contract.customerApp

/// A small JSON Schema (draft 2020-12) checker for the keywords `contract.schema.json` uses:
/// type, required, properties, additionalProperties, items, enum, pattern, const, minimum,
/// minItems and oneOf. Any other keyword, annotations aside, is itself an error, so that the
/// schema cannot quietly rely on one the checker ignores.
struct SchemaChecker {
  static let annotations: Set<String> = ["$schema", "$id", "title", "description"]
  static let keywords: Set<String> = [
    "type", "required", "properties", "additionalProperties", "items", "enum", "pattern", "const", "minimum",
    "minItems", "oneOf",
  ]

  /// Every way `value` breaks `schema`, each with its JSON pointer; empty when it conforms.
  static func errors(_ value: JSON, _ schema: JSON, at path: String = "") -> [String] {
    guard case .object(let members) = schema else { return ["\(path): the schema is not an object"] }
    var errors: [String] = []
    for (keyword, _) in members where !keywords.contains(keyword) && !annotations.contains(keyword) {
      errors.append("\(path): unsupported keyword \(keyword)")
    }
    if let type = schema["type"] {
      let allowed: [String]
      switch type {
      case .string(let one): allowed = [one]
      case .array(let many): allowed = many.compactMap { if case .string(let s) = $0 { s } else { nil } }
      default: allowed = []
      }
      if !allowed.contains(where: { Self.has(value, type: $0) }) {
        errors.append("\(path): is not of type \(allowed.joined(separator: " or "))")
        return errors
      }
    }
    if let constant = schema["const"], constant != value { errors.append("\(path): is not the constant \(constant)") }
    if case .array(let options) = schema["enum"], !options.contains(value) {
      errors.append("\(path): is not one of the enumeration")
    }
    if case .string(let pattern) = schema["pattern"], case .string(let text) = value {
      do {
        if try Regex(pattern).firstMatch(in: text) == nil { errors.append("\(path): does not match \(pattern)") }
      } catch {
        errors.append("\(path): the pattern \(pattern) does not compile")
      }
    }
    if case .int(let minimum) = schema["minimum"], case .int(let number) = value, number < minimum {
      errors.append("\(path): \(number) is below \(minimum)")
    }
    if case .object(let object) = value {
      if case .array(let required) = schema["required"] {
        for case .string(let key) in required where !object.contains(where: { $0.0 == key }) {
          errors.append("\(path): lacks the required \(key)")
        }
      }
      let properties = schema["properties"]
      for (key, member) in object {
        if let property = properties?[key] {
          errors += Self.errors(member, property, at: path + "/" + key)
        } else if schema["additionalProperties"] == .bool(false) {
          errors.append("\(path): has the unexpected \(key)")
        }
      }
    }
    if case .array(let items) = value {
      if case .int(let minimum) = schema["minItems"], items.count < minimum {
        errors.append("\(path): has fewer than \(minimum) items")
      }
      if let itemSchema = schema["items"] {
        for (index, item) in items.enumerated() { errors += Self.errors(item, itemSchema, at: "\(path)/\(index)") }
      }
    }
    if case .array(let options) = schema["oneOf"] {
      let matching = options.filter { Self.errors(value, $0, at: path).isEmpty }.count
      if matching != 1 { errors.append("\(path): matches \(matching) of oneOf's schemas, not exactly one") }
    }
    return errors
  }

  static func has(_ value: JSON, type: String) -> Bool {
    switch (type, value) {
    case ("object", .object), ("array", .array), ("string", .string), ("integer", .int), ("number", .int),
      ("boolean", .bool), ("null", .null):
      true
    default: false
    }
  }
}

/// A document with one member changed, and what the checker must say about it.
struct BrokenDocument: Sendable, CustomTestStringConvertible {
  let name: String
  let change: @Sendable (JSON) -> JSON
  var testDescription: String { name }

  static func replacing(_ key: String, in value: JSON, with new: JSON?) -> JSON {
    guard case .object(let members) = value else { return value }
    if let new { return .object(members.map { $0.0 == key ? ($0.0, new) : $0 }) }
    return .object(members.filter { $0.0 != key })
  }

  static func firstRoute(_ document: JSON, _ change: (JSON) -> JSON) -> JSON {
    guard case .array(var routes) = document["routeClasses"] else { return document }
    routes[0] = change(routes[0])
    return replacing("routeClasses", in: document, with: .array(routes))
  }

  static let all: [BrokenDocument] = [
    BrokenDocument(name: "another schemaVersion") { replacing("schemaVersion", in: $0, with: .int(99)) },
    BrokenDocument(name: "no digest") { replacing("digest", in: $0, with: nil) },
    BrokenDocument(name: "a digest in capitals") {
      replacing("digest", in: $0, with: .string("sha256:" + String(repeating: "A", count: 64)))
    },
    BrokenDocument(name: "an extra member") {
      guard case .object(let members) = $0 else { return $0 }
      return .object(members + [("extra", .null)])
    },
    BrokenDocument(name: "no builds") { replacing("builds", in: $0, with: .array([])) },
    BrokenDocument(name: "a negative link limit") { replacing("maximumLinkBytes", in: $0, with: .int(-1)) },
    BrokenDocument(name: "an unknown carrier") {
      firstRoute($0) { replacing("carriers", in: $0, with: .array([.string("ftp")])) }
    },
    BrokenDocument(name: "a publication of no known kind") {
      firstRoute($0) { replacing("publication", in: $0, with: .object([("kind", .string("maybe"))])) }
    },
    BrokenDocument(name: "a route without an id") { firstRoute($0) { replacing("id", in: $0, with: nil) } },
    BrokenDocument(name: "a sensitivity that is a string") {
      firstRoute($0) { replacing("sensitivity", in: $0, with: .string("yes")) }
    },
  ]
}

@Suite struct ContractDocumentTests {
  @Test("Every member the schema names, at every depth, has a description")
  func described() {
    var undescribed: [String] = []
    func walk(_ schema: JSON, _ path: String) {
      switch schema {
      case .object(let members):
        for (key, value) in members {
          if key == "properties", case .object(let properties) = value {
            for (name, property) in properties {
              if property["description"] == nil { undescribed.append(path + "." + name) }
              walk(property, path + "." + name)
            }
          } else {
            walk(value, path + "/" + key)
          }
        }
      case .array(let items): for (index, item) in items.enumerated() { walk(item, path + "[\(index)]") }
      default: break
      }
    }
    walk(contractSchema(base), "")
    #expect(undescribed.isEmpty, "\(undescribed)")
  }

  let document = contractDocument(base)

  @Test("contract.json validates against contract.schema.json, both as the bytes written")
  func validates() throws {
    let artifacts = contractArtifacts(base)
    let written = try #require(artifacts.first { $0.path == "Site/contract.json" })
    let schemaFile = try #require(artifacts.first { $0.path == "Site/schema/contract.schema.json" })
    let parsed = try JSONParser.parse(written.contents)
    let schema = try JSONParser.parse(schemaFile.contents)
    #expect(parsed == document)
    #expect(schema["$schema"] == .string("https://json-schema.org/draft/2020-12/schema"))
    let errors = SchemaChecker.errors(parsed, schema)
    #expect(errors.isEmpty, "\(errors.joined(separator: "\n"))")
  }

  @Test("A document that breaks the schema is refused", arguments: BrokenDocument.all)
  func refuses(_ broken: BrokenDocument) {
    #expect(SchemaChecker.errors(document, contractSchema(base)).isEmpty)
    #expect(!SchemaChecker.errors(broken.change(document), contractSchema(base)).isEmpty, "\(broken.name) passes")
  }

  @Test("The document follows the contract's values in their order")
  func followsTheValues() throws {
    #expect(document["schemaVersion"] == .int(contractSchemaVersion))
    guard case .array(let routes) = document["routeClasses"], case .array(let builds) = document["builds"],
      case .array(let reasons) = document["rejectionReasons"], case .object = document["forbiddenWords"],
      case .array(let kinds) = document["forbiddenWords"]?["kinds"]
    else {
      Issue.record("contract.json lacks a member")
      return
    }
    #expect(routes.map { $0["id"] } == base.routeClasses.map { .string($0.id.rawValue) })
    #expect(routes.map { $0["httpsPattern"] } == base.routeClasses.map { $0.httpsPattern.map(JSON.string) ?? .null })
    for (route, value) in zip(base.routeClasses, routes) {
      let fields: JSON = .array(route.fields.map { field in .string(field.name) })
      let names: [JSON] = if case .array(let items) = value["fields"] { items.compactMap { $0["name"] } } else { [] }
      #expect(JSON.array(names) == fields, "\(route.id.rawValue)")
    }
    #expect(builds.map { $0["webHost"] } == base.builds.map { .string($0.webHost) })
    #expect(builds.map { $0["appId"] } == base.builds.map { .string($0.appID) })
    #expect(reasons.map { $0["reason"] } == RejectionReason.allCases.map { .string($0.rawValue) })
    #expect(reasons.map { $0["when"] } == RejectionReason.allCases.map { .string(base.rule(for: $0)!.when) })
    #expect(kinds.map { $0["words"] } == base.forbiddenKeys.groups.map { .array($0.words.map(JSON.string)) })
  }

  @Test("The digest is SHA-256 of the compact document without schemaVersion, digest and generated")
  func digestDefinition() {
    guard case .object(let members) = document else { return }
    let rest = JSON.object(members.filter { !["schemaVersion", "digest", "generated"].contains($0.0) })
    #expect(document["digest"] == .string("sha256:" + SHA256.hex(rest.compact.utf8)))
    #expect(contractDigest(base) == contractDigest(Contract.customerApp))
  }

  @Test("The digest changes when a value changes", arguments: ContractChange.all)
  func digestChanges(_ change: ContractChange) {
    let changed = change.apply(base)
    #expect(contractDigest(changed) != contractDigest(base), "\(change.name) keeps the digest")
    #expect(SchemaChecker.errors(contractDocument(changed), contractSchema(changed)).isEmpty)
  }
}

/// One change of one contract value.
struct ContractChange: Sendable, CustomTestStringConvertible {
  let name: String
  let apply: @Sendable (Contract) -> Contract
  var testDescription: String { name }

  static func build(_ change: @escaping @Sendable (Build) -> Build) -> @Sendable (Contract) -> Contract {
    { contract in contract.replacing(builds: [change(contract.builds[0])] + contract.builds.dropFirst()) }
  }

  static func host(_ build: Build, _ host: String) -> Build {
    Build(
      name: build.name, webHost: host, teamID: build.teamID, bundleID: build.bundleID,
      androidPackage: build.androidPackage, customScheme: build.customScheme,
      androidCertificateFingerprints: build.androidCertificateFingerprints)
  }

  static let all: [ContractChange] = [
    ContractChange(name: "a build's web host", apply: build { host($0, "links2.example.com") }),
    ContractChange(
      name: "a build's fingerprint",
      apply: build { build in
        Build(
          name: build.name, webHost: build.webHost, teamID: build.teamID, bundleID: build.bundleID,
          androidPackage: build.androidPackage, customScheme: build.customScheme,
          androidCertificateFingerprints: build.androidCertificateFingerprints.map { "0" + $0.dropFirst() })
      }),
    ContractChange(name: "the route classes' order") { $0.replacing(routeClasses: $0.routeClasses.reversed()) },
    ContractChange(name: "a route class fewer") { $0.replacing(routeClasses: Array($0.routeClasses.dropLast())) },
    ContractChange(name: "a forbidden word more") { contract in
      contract.replacing(
        forbiddenKeys: ForbiddenWords(
          contract.forbiddenKeys.groups.map {
            .init(id: $0.id, title: $0.title, words: $0.words + ["zz\($0.id.count)"])
          })
      )
    },
    ContractChange(name: "a rejection reason's text") { contract in
      contract.replacing(
        rejectionRules: contract.rejectionRules.map {
          RejectionRule(
            reason: $0.reason, when: $0.when + " Changed.", troubleshooting: $0.troubleshooting,
            isSecurityEvent: $0.isSecurityEvent)
        })
    },
    ContractChange(name: "the link limit") { $0.replacing(maximumLinkBytes: 2048) },
  ]
}

@Suite struct SHA256Tests {
  @Test(
    "FIPS 180-4 test vectors",
    arguments: [
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
      (
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
      ),
      (String(repeating: "a", count: 1000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
  func vector(_ text: String, _ hex: String) {
    #expect(SHA256.hex(text.utf8) == hex, "\(text.prefix(20))")
  }

  @Test("Every length around the block boundaries gives 32 bytes and no two agree")
  func lengths() {
    let digests = (0...130).map { SHA256.hash([UInt8](repeating: 0x61, count: $0)) }
    #expect(digests.allSatisfy { $0.count == 32 })
    #expect(Set(digests.map { $0.map(String.init).joined(separator: ",") }).count == digests.count)
  }
}

@Suite struct ConformanceDocumentTests {
  @Test("conformance.json validates against conformance.schema.json and names contract.json's digest")
  func validates() throws {
    let artifacts = contractArtifacts(base)
    let written = try #require(artifacts.first { $0.path == "Site/conformance.json" })
    let schemaFile = try #require(artifacts.first { $0.path == "Site/schema/conformance.schema.json" })
    let parsed = try JSONParser.parse(written.contents)
    let schema = try JSONParser.parse(schemaFile.contents)
    let errors = SchemaChecker.errors(parsed, schema)
    #expect(errors.isEmpty, "\(errors.prefix(10).joined(separator: "\n"))")
    #expect(parsed["digest"] == contractDocument(base)["digest"])
    #expect(parsed["schemaVersion"] == .int(conformanceSchemaVersion))
    let broken = BrokenDocument.replacing("schemaVersion", in: parsed, with: .int(99))
    #expect(!SchemaChecker.errors(broken, schema).isEmpty)
  }

  @Test("An input that is not UTF-8 is null as text and its bytes are inputBase64; every other input is text")
  func byteInputs() throws {
    let table = ConformanceTable(contract: base)
    let written = try JSONParser.parse(table.json())
    guard case .array(let links)? = written["links"] else {
      Issue.record("no links")
      return
    }
    #expect(links.count == table.links.count)
    #expect(table.links.contains { $0.invalidUTF8 != nil })
    for (item, json) in zip(table.links, links) {
      if let bytes = item.invalidUTF8 {
        #expect(json["input"] == .null, "\(item.id)")
        guard case .string(let encoded)? = json["inputBase64"] else {
          Issue.record("\(item.id) has no inputBase64")
          continue
        }
        #expect(Data(base64Encoded: encoded).map(Array.init) == bytes, "\(item.id)")
        #expect(String(validating: bytes, as: UTF8.self) == nil, "\(item.id)")
      } else {
        #expect(json["input"] == .string(item.input), "\(item.id)")
        #expect(json["inputBase64"] == nil, "\(item.id)")
      }
    }
  }

  @Test("Every case names its fault, and faults group cases across routes and builds")
  func faults() {
    let table = ConformanceTable(contract: base)
    let faults = Dictionary(grouping: table.links, by: \.fault)
    #expect(table.links.allSatisfy { !$0.fault.isEmpty && !$0.fault.contains("--") })
    for route in base.routeClasses where !route.carriers.isEmpty {
      #expect(!table.links.contains { $0.fault.contains(route.id.rawValue + "-") }, "\(route.id) in a fault")
    }
    #expect(faults["canonical"].map { Set($0.map(\.build)).count } == base.builds.count)
    #expect(faults.count < table.links.count / 4, "\(faults.count) faults for \(table.links.count) cases")
  }
}

@Suite struct LifecycleDocumentTests {
  @Test(
    "lifecycle.json validates against lifecycle.schema.json; a foreign version, event or id does not",
    arguments: AdopterCase.scoped + [.ferryWithDisabledRoute, .ferryWithoutFlow])
  func validates(_ adopter: AdopterCase) throws {
    let contract = adopter.contract
    let artifacts = lifecycleArtifacts(contract)
    let written = try #require(artifacts.first { $0.path == "Site/lifecycle.json" })
    let schemaFile = try #require(artifacts.first { $0.path == "Site/schema/lifecycle.schema.json" })
    let parsed = try JSONParser.parse(written.contents)
    let schema = try JSONParser.parse(schemaFile.contents)
    let errors = SchemaChecker.errors(parsed, schema)
    #expect(errors.isEmpty, "\(errors.prefix(10).joined(separator: "\n"))")
    #expect(parsed["schemaVersion"] == .int(lifecycleSchemaVersion))
    let otherVersion = BrokenDocument.replacing("schemaVersion", in: parsed, with: .int(99))
    #expect(!SchemaChecker.errors(otherVersion, schema).isEmpty)
    // The first step's event, with a kind no lifecycle has, and with an unknown member.
    guard case .array(let scenarios)? = parsed["scenarios"], case .object(var scenario)? = scenarios.first,
      let stepsAt = scenario.firstIndex(where: { $0.0 == "steps" }), case .array(var steps) = scenario[stepsAt].1,
      case .object(var step)? = steps.first, let eventAt = step.firstIndex(where: { $0.0 == "event" })
    else {
      Issue.record("no scenario step")
      return
    }
    // Another adopter's scope switch is no event of this one's.
    let otherScopes = AdopterCase.scoped.flatMap(\.contract.scopes).filter { !contract.scopes.contains($0) }
    // And another adopter's flow is no flow of this one's.
    let otherFlows = AdopterCase.three.flatMap(\.contract.flows).map(\.id).filter {
      !contract.flows.map(\.id).contains($0)
    }
    for broken: JSON in [
      .object([("kind", .string("teleported"))]),
      .object([("kind", .string("navigation-ready")), ("extra", .string("x"))]),
    ] + otherScopes.map({ .object([("kind", .string("\($0.id)-switched")), ($0.id, .string("x"))]) })
      + otherFlows.map({ .object([("kind", .string("\($0)-flow-started"))]) })
    {
      step[eventAt].1 = broken
      steps[0] = .object(step)
      scenario[stepsAt].1 = .array(steps)
      let document = BrokenDocument.replacing(
        "scenarios", in: parsed, with: .array([.object(scenario)] + scenarios.dropFirst()))
      #expect(!SchemaChecker.errors(document, schema).isEmpty, "\(broken)")
    }
  }
}
