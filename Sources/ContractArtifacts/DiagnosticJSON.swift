import LinkContract

extension Diagnostic {
  /// The one JSON encoding of a diagnostic in every `--format json` report: `id`, `severity`,
  /// `path`, `line` and `column` (null where not known), `endLine` and `endColumn` where known,
  /// `at` (the JSONPath of the value, for a JSON file), `message`, then `notes` and `fixIts`
  /// when there are any. Its schema is `Diagnostic.schema`.
  public var json: JSON {
    var members: [(String, JSON)] = [
      ("id", .string(id.rawValue)),
      ("severity", .string(severity.rawValue)),
      ("path", location.map { .string($0.path) } ?? .null),
      ("line", location?.line.map(JSON.int) ?? .null),
      ("column", location?.column.map(JSON.int) ?? .null),
    ]
    if let endLine = location?.endLine { members.append(("endLine", .int(endLine))) }
    if let endColumn = location?.endColumn { members.append(("endColumn", .int(endColumn))) }
    if let at = location?.jsonPath { members.append(("at", .string(at))) }
    members.append(("message", .string(message)))
    if !notes.isEmpty { members.append(("notes", .array(notes.map(JSON.string)))) }
    if !fixIts.isEmpty {
      members.append(
        (
          "fixIts",
          .array(
            fixIts.map { fix in
              var members: [(String, JSON)] = [("replacement", .string(fix.replacement))]
              if let location = fix.location {
                members += [
                  ("path", .string(location.path)), ("line", location.line.map(JSON.int) ?? .null),
                  ("column", location.column.map(JSON.int) ?? .null),
                ]
              }
              return .object(members)
            })
        ))
    }
    return .object(members)
  }

  /// The JSON Schema of `json`, shared by every report that holds diagnostics.
  public static var schema: JSON { schema() }

  /// The JSON Schema of `json` with `id` one of `ids`, and `extra` members a report adds
  /// after the diagnostic's own (each optional unless named in `requiring`).
  public static func schema(
    ids: [DiagnosticID] = DiagnosticID.allCases, adding extra: [(String, JSON)] = [], requiring: [String] = []
  ) -> JSON {
    let position = JSON.object([("type", .array([.string("integer"), .string("null")])), ("minimum", .int(1))])
    let fixIt = Schema.object(
      [
        ("replacement", Schema.type("string")), ("path", Schema.type("string")), ("line", position),
        ("column", position),
      ], required: ["replacement"])
    return Schema.object(
      [
        ("id", Schema.oneOf(ids.map(\.rawValue))),
        ("severity", Schema.oneOf(Severity.allCases.map(\.rawValue))),
        ("path", Schema.types(["string", "null"])),
        ("line", position),
        ("column", position),
        ("endLine", position),
        ("endColumn", position),
        ("at", Schema.type("string")),
        ("message", Schema.type("string")),
        ("notes", Schema.array(Schema.type("string"))),
        ("fixIts", Schema.array(fixIt)),
      ] + extra, required: ["id", "severity", "path", "line", "column", "message"] + requiring)
  }
}
