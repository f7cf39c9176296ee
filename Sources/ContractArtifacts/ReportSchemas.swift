import LinkContract

/// JSON Schemas (draft 2020-12) of the `--format json` reports of `validate`, `diff` and
/// `check`, generated from the same enumerations the reports use, published under
/// `Site/schema/`.
public enum ReportSchemas {
  /// Every schema as a site file.
  public static func artifacts() -> [Artifact] {
    [
      Artifact(path: "Site/schema/validate-report.schema.json", contents: validate.pretty),
      Artifact(path: "Site/schema/diff-report.schema.json", contents: diff.pretty),
      Artifact(path: "Site/schema/check-report.schema.json", contents: check.pretty),
    ]
  }

  static func type(_ names: String...) -> JSON {
    .object([("type", names.count == 1 ? .string(names[0]) : .array(names.map(JSON.string)))])
  }

  static func strings(_ values: [String], nullable: Bool = false) -> JSON {
    .object([("enum", .array(values.map(JSON.string) + (nullable ? [.null] : [])))])
  }

  static func object(_ properties: [(String, JSON)]) -> JSON { Schema.object(properties) }
  static func array(_ items: JSON) -> JSON { Schema.array(items) }
  static func document(_ id: String, _ title: String, _ body: [(String, JSON)]) -> JSON {
    Schema.document(id: id, title: title, body)
  }

  static let version: JSON = .object([("const", .int(1))])
  static func version(_ number: Int) -> JSON { .object([("const", .int(number))]) }
  static let count: JSON = .object([("type", .string("integer")), ("minimum", .int(0))])

  /// `linkcontract validate --format json`.
  public static let validate = document(
    "validate-report.schema.json", "linkcontract validate report",
    [
      ("schemaVersion", version(ValidationReport.schemaVersion)),
      (
        "files",
        array(
          object([
            ("path", type("string")),
            ("kind", strings(AssociationKind.allCases.map(\.rawValue), nullable: true)),
            ("kindFrom", strings(["name", "option", "content"], nullable: true)),
            ("bytes", type("integer", "null")),
            ("verdict", strings(["valid", "invalid", "unreadable"])),
            ("readProblem", strings(FileReadProblem.allCases.map(\.rawValue), nullable: true)),
            ("errors", count), ("warnings", count),
            ("messages", array(Diagnostic.schema)),
          ]))
      ),
      ("summary", object([("valid", count), ("invalid", count), ("unreadable", count)])),
    ])

  /// `linkcontract diff --format json`.
  public static let diff = document(
    "diff-report.schema.json", "linkcontract diff report",
    [
      ("schemaVersion", version(AssociationDiff.schemaVersion)),
      (
        "changes",
        array(
          object([
            ("kind", strings(ChangeKind.allCases.map(\.rawValue))),
            ("file", type("string")),
            ("build", type("string", "null")),
            ("route", type("string", "null")),
            ("apps", array(type("string"))),
            ("detail", type("string")),
            ("before", .object([])),
            ("after", .object([])),
            ("triggers", array(strings(RevalidationID.allCases.map(\.rawValue)))),
          ]))
      ),
      (
        "cutovers",
        array(
          object([
            ("build", type("string")),
            ("kind", strings(ChangeKind.allCases.map(\.rawValue))),
            ("before", array(type("string"))),
            ("after", array(type("string"))),
            ("triggers", array(strings(RevalidationID.allCases.map(\.rawValue)))),
            ("consequences", array(type("string"))),
            (
              "steps",
              array(
                object([
                  ("order", type("integer")),
                  ("phase", strings(CutoverPhase.allCases.map(\.rawValue))),
                  ("spot", type("string", "null")),
                  ("place", type("string")),
                  ("key", type("string")),
                  ("before", array(type("string"))),
                  ("after", array(type("string"))),
                  ("command", type("string", "null")),
                ]))
            ),
          ]))
      ),
      (
        "triggers",
        array(object([("id", strings(RevalidationID.allCases.map(\.rawValue))), ("when", type("string"))]))
      ),
    ])

  /// `linkcontract check --format json`.
  public static let check = document(
    "check-report.schema.json", "linkcontract check report",
    [
      ("schemaVersion", version),
      (
        "files",
        array(
          object([
            ("path", type("string")),
            ("status", strings(["stale", "missing", "unexpected"])),
            ("diff", type("string", "null")),
          ]))
      ),
      ("summary", object([("current", count), ("stale", count), ("missing", count), ("unexpected", count)])),
    ])
}
