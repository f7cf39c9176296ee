import LinkContract

/// The verdict of one `linkcontract audit` finding.
public enum AuditVerdict: String, Sendable, Hashable, CaseIterable {
  case matches
  case stale
  case placeholder
  case foreignBuild = "foreign-build"
  case missing
  /// A file that may hold contract values could not be read (malformed, an entity bomb, nested
  /// too deep), or a value in it refers to an entity, which the audit never expands.
  case unreadable
  /// The value is computed (a variable, a template, a condition audit cannot decide), so audit
  /// cannot compare it: a note, not a failure; the built package says what ships.
  case computed

  /// The id of a finding's diagnostic.
  public var id: DiagnosticID {
    switch self {
    case .matches: .auditMatches
    case .stale: .auditStale
    case .placeholder: .auditPlaceholder
    case .foreignBuild: .auditForeignBuild
    case .missing: .auditMissing
    case .unreadable: .auditUnreadable
    case .computed: .auditComputed
    }
  }
}

/// The version of the `verify-host` and `audit` JSON reports; bump on an incompatible change.
/// 2: problems, notes and findings are diagnostics in the one shape (`Diagnostic.json`).
/// 3: the audit's `unreadable` verdict, whose finding has a null `role`; verify-host's
/// `truncated` problem.
/// 4: the audit's `computed` verdict (a note) and its `verdicts` count.
public let releaseCheckSchemaVersion = 4

/// JSON Schema building blocks, so that the schemas (these and `ReportSchemas`) read as their
/// shapes.
enum Schema {
  static func object(_ properties: [(String, JSON)], required: [String]? = nil) -> JSON {
    .object([
      ("type", .string("object")),
      ("required", .array((required ?? properties.map(\.0)).map(JSON.string))),
      ("additionalProperties", .bool(false)),
      ("properties", .object(properties)),
    ])
  }
  static func array(_ items: JSON) -> JSON { .object([("type", .string("array")), ("items", items)]) }
  static func type(_ name: String) -> JSON { .object([("type", .string(name))]) }
  static func types(_ names: [String]) -> JSON { .object([("type", .array(names.map(JSON.string)))]) }
  static func oneOf(_ values: [String]) -> JSON {
    .object([("type", .string("string")), ("enum", .array(values.map(JSON.string)))])
  }
  static func oneOfOrNull(_ values: [String]) -> JSON {
    .object([
      ("type", .array([.string("string"), .string("null")])), ("enum", .array(values.map(JSON.string) + [.null])),
    ])
  }
  static func document(id: String, title: String, _ properties: [(String, JSON)]) -> JSON {
    var members: [(String, JSON)] = [
      ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
      ("$id", .string(id)),
      ("title", .string(title)),
    ]
    if case .object(let shape) = object(properties) { members += shape }
    return .object(members)
  }
  static let version = JSON.object([("const", .int(releaseCheckSchemaVersion))])
}

/// The JSON Schema of `linkcontract verify-host --format json`.
public func verifyHostSchema() -> JSON {
  let problem = Diagnostic.schema(
    ids: DiagnosticID.hostProblems,
    adding: [
      ("change", Schema.oneOf(ChangeKind.allCases.map(\.rawValue))),
      ("triggers", Schema.array(Schema.oneOf(RevalidationID.releaseChecks.map(\.rawValue)))),
    ])
  let file = Schema.object([
    ("path", Schema.oneOf(wellKnownPaths)),
    ("url", Schema.type("string")),
    ("status", Schema.types(["integer", "null"])),
    ("problems", Schema.array(problem)),
    ("notes", Schema.array(Diagnostic.schema(ids: [.hostWarning, .hostHarmlessChange]))),
  ])
  return Schema.document(
    id: "verify-host.schema.json", title: "verify-host report",
    [
      ("schemaVersion", Schema.version),
      ("build", Schema.type("string")),
      ("baseUrl", Schema.type("string")),
      ("files", Schema.array(file)),
    ])
}

/// The JSON Schema of `linkcontract audit --format json` for `contract`: its roles are the ones
/// the contract's app has (`auditRoles`), and so are the places its values reach.
public func auditSchema(_ contract: Contract) -> JSON {
  let finding = Diagnostic.schema(
    ids: AuditVerdict.allCases.map(\.id),
    adding: [
      ("build", Schema.types(["string", "null"])),
      ("role", Schema.oneOfOrNull(auditRoles(contract).map(\.rawValue))),
      ("value", Schema.type("string")),
      ("verdict", Schema.oneOf(AuditVerdict.allCases.map(\.rawValue))),
    ], requiring: ["build", "role", "value", "verdict"])
  let reaches = Set(contractSpots(contract).map(\.reach))
  let count = Schema.object([
    ("reach", Schema.oneOf(SpotReach.allCases.filter(reaches.contains).map(\.rawValue))),
    ("count", Schema.type("integer")),
  ])
  let value = Schema.object([
    ("value", Schema.oneOf(SpotValue.allCases.map(\.rawValue))),
    ("text", Schema.type("string")),
    ("places", Schema.type("integer")),
    ("reach", Schema.array(count)),
    ("sentence", Schema.type("string")),
  ])
  let verdicts = Schema.object(AuditVerdict.allCases.map { ($0.rawValue, Schema.type("integer")) })
  let summary = Schema.object([
    ("build", Schema.type("string")),
    ("verdicts", verdicts),
    ("values", Schema.array(value)),
  ])
  return Schema.document(
    id: "audit.schema.json", title: "audit report",
    [
      ("schemaVersion", Schema.version),
      ("findings", Schema.array(finding)),
      ("summary", Schema.array(summary)),
    ])
}

/// The published schemas of the release checks' JSON, under `Site/schema/`.
public func releaseCheckSchemaArtifacts(_ contract: Contract) -> [Artifact] {
  [
    Artifact(path: "Site/schema/verify-host.schema.json", contents: verifyHostSchema().pretty),
    Artifact(path: "Site/schema/audit.schema.json", contents: auditSchema(contract).pretty),
  ]
}
