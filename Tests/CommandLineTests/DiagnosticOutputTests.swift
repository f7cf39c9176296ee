import AssociationChecks
import ContractArtifacts
import Foundation
import LinkContract
import Testing

@testable import LinkContractTool

// One diagnostic shape: the JSON encoding is exact, and every command's JSON report encodes its
// diagnostics the same way.

struct DiagnosticOutputTests {
  static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("ReleaseChecksTests/Fixtures/app-checkout").path

  @Test("JSON of a located and an unlocated diagnostic, exactly")
  func json() {
    let located = Diagnostic(
      id: .aasaInvalid, severity: .error,
      location: DiagnosticLocation(path: "a/apple-app-site-association", line: 4, column: 7, jsonPath: "applinks"),
      message: "applinks is not an object")
    #expect(
      located.json.compact
        == #"{"id":"aasa-invalid","severity":"error","path":"a/apple-app-site-association","line":4,"column":7,"#
        + #""at":"applinks","message":"applinks is not an object"}"#)
    let unlocated = Diagnostic(id: .fallbackRouteCount, message: "route classes: need exactly one")
    #expect(
      unlocated.json.compact
        == #"{"id":"fallback-route-count","severity":"error","path":null,"line":null,"column":null,"#
        + #""message":"route classes: need exactly one"}"#)
    let ranged = Diagnostic(
      id: .linkInvalid, severity: .warning,
      location: DiagnosticLocation(path: "Content/a.md", line: 2, column: 3, endLine: 2, endColumn: 9),
      message: "link to missing page `b.md`", notes: ["pages are Content/*.md"],
      fixIts: [FixIt(replacement: "c.md")])
    #expect(
      ranged.json.compact
        == #"{"id":"link-invalid","severity":"warning","path":"Content/a.md","line":2,"column":3,"endLine":2,"#
        + #""endColumn":9,"message":"link to missing page `b.md`","notes":["pages are Content/*.md"],"#
        + #""fixIts":[{"replacement":"c.md"}]}"#)
    for diagnostic in [located, unlocated, ranged] {
      #expect(schemaProblems(diagnostic.json, Diagnostic.schema) == [], "\(diagnostic)")
    }
    var wrong = located.json
    if case .object(var members) = wrong {
      members[0] = ("id", .string("no-such-id"))
      wrong = .object(members)
    }
    #expect(!schemaProblems(wrong, Diagnostic.schema).isEmpty)
  }

  /// The diagnostic objects of a report, found where each command puts them.
  static func diagnostics(_ arguments: [String], under keys: [String]) throws -> [JSON] {
    let captured = CapturedConsole()
    _ = runTool(arguments, console: captured.console)
    var level = [try JSONParser.parse(captured.stdout)]
    for key in keys {
      level = level.flatMap { value -> [JSON] in
        guard case .array(let items)? = value[key] else { return [] }
        return items
      }
    }
    return level
  }

  /// Checks that each of `found` is a diagnostic in the one shape.
  static func expectShape(_ found: [JSON], _ context: String) {
    #expect(!found.isEmpty, "\(context)")
    for diagnostic in found {
      guard case .object(let members) = diagnostic else {
        Issue.record("not an object: \(diagnostic)")
        continue
      }
      #expect(members.prefix(5).map(\.0) == ["id", "severity", "path", "line", "column"], "\(context)")
      #expect(members.contains { $0.0 == "message" })
      let extra: Set<String> = ["build", "role", "value", "verdict", "change", "triggers"]
      let core = JSON.object(members.filter { !extra.contains($0.0) })
      #expect(schemaProblems(core, Diagnostic.schema) == [], "\(context): \(diagnostic)")
    }
  }

  @Test("diff lists a new file's errors as diagnostics of that file")
  func diffNewInvalid() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkcontract-diag-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let old = folder.appendingPathComponent("old.json").path
    let new = folder.appendingPathComponent("apple-app-site-association").path
    let valid = #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/a/*"}]}]}}"#
    #expect(FileManager.default.createFile(atPath: old, contents: Data(valid.utf8)))
    #expect(
      FileManager.default.createFile(atPath: new, contents: Data(#"{"applinks":{"details":[{"appIDs":["x"]}]}}"#.utf8)))
    let captured = CapturedConsole()
    #expect(runTool(["diff", "--format", "json", old, new], console: captured.console) == 1)
    let report = try JSONParser.parse(captured.stdout)
    #expect(report["schemaVersion"] == .int(diffReportSchemaVersion))
    guard case .array(let changes)? = report["changes"],
      let invalid = changes.first(where: { $0["kind"] == .string("new-invalid") }),
      case .array(let errors)? = invalid["after"]
    else {
      Issue.record("no new-invalid change in \(captured.stdout)")
      return
    }
    Self.expectShape(errors, "diff")
    #expect(errors.first?["id"] == .string("aasa-invalid"))
    #expect(errors.first?["path"] == .string("apple-app-site-association"))
  }

  @Test(
    "Every command's JSON diagnostics share one shape",
    arguments: [
      (["validate", "--format", "json", "/dev/null"], ["files", "messages"]),
      (
        ["verify-host", "--build", "staging", "--base-url", "http://127.0.0.1:1", "--format", "json"],
        ["files", "problems"]
      ),
      (["audit", "--build", "staging", "--format", "json", checkout], ["findings"]),
    ])
  func oneShape(_ arguments: [String], _ keys: [String]) throws {
    Self.expectShape(try Self.diagnostics(arguments, under: keys), "\(arguments)")
  }
}
