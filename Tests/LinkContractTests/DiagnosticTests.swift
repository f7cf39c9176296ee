import CustomerApp
import Foundation
import LinkContract
import Testing

@Suite("Diagnostics")
struct DiagnosticTests {
  /// The reference page of diagnostics, `docs/diagnostics.md`.
  static let reference: String = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return (try? String(contentsOf: root.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)) ?? ""
  }()

  @Test("Every diagnostic id is kebab-case", arguments: DiagnosticID.allCases)
  func kebabCase(_ id: DiagnosticID) {
    let words = id.rawValue.split(separator: "-", omittingEmptySubsequences: false)
    #expect(words.count >= 1)
    #expect(
      words.allSatisfy { word in
        !word.isEmpty && word.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }
      }, "\(id.rawValue)")
    #expect(id.description == id.rawValue)
    #expect(DiagnosticID(rawValue: id.rawValue) == id)
  }

  @Test("Diagnostic ids are unique, and each has a severity and a one-sentence meaning")
  func uniqueAndDescribed() {
    let raw = DiagnosticID.allCases.map(\.rawValue)
    #expect(Set(raw).count == raw.count)
    for id in DiagnosticID.allCases {
      #expect(["error", "warning", "note"].contains(id.severity), "\(id)")
      #expect(!id.meaning.isEmpty && !id.meaning.hasSuffix(".") && !id.meaning.contains("|"), "\(id)")
    }
  }

  @Test("docs/diagnostics.md's table lists every id, in order, with its severity and meaning")
  func referenceTable() throws {
    let start = try #require(Self.reference.ranges(of: "| id | severity | meaning |\n|---|---|---|\n").first)
    let rest = Self.reference[start.upperBound...]
    let rows = rest.split(separator: "\n", omittingEmptySubsequences: false).prefix { $0.hasPrefix("| ") }
    let expected = DiagnosticID.allCases.map { "| `\($0.rawValue)` | \($0.severity) | \($0.meaning) |" }
    #expect(rows.map(String.init) == expected)
  }

  static let located = Diagnostic(
    id: .rawHTML, path: "Content/a.md", line: 3, column: 7, message: "raw HTML is not allowed in Content")
  static let unlocated = Diagnostic(id: .fallbackRouteCount, message: "route classes: need exactly one")

  @Test("Text: path:line:column: severity: message when located, severity: message when not")
  func text() {
    #expect(Self.located.description == "Content/a.md:3:7: error: raw HTML is not allowed in Content")
    #expect(Self.unlocated.description == "error: route classes: need exactly one")
    let lineOnly = Diagnostic(
      id: .buildValueInvalid, severity: .error,
      location: DiagnosticLocation(path: "Sources/CustomerApp/CustomerApp.swift", line: 54), message: "bad")
    #expect(lineOnly.description == "Sources/CustomerApp/CustomerApp.swift:54: error: bad")
    let fileOnly = Diagnostic(
      id: .hostHarmlessChange, severity: .note, location: DiagnosticLocation(path: "https://h/x"),
      message: "formatting: only spaces")
    #expect(fileOnly.description == "https://h/x: note: formatting: only spaces")
    #expect(
      Diagnostic(id: .notHTTPS, location: DiagnosticLocation(path: "http://h/x"), message: "not fetched")
        .rendered(showingID: true) == "http://h/x: error: not-https: not fetched")
    var noted = Self.located
    noted.notes = ["write Markdown instead"]
    #expect(
      noted.description
        == "Content/a.md:3:7: error: raw HTML is not allowed in Content\nContent/a.md:3:7: note: write Markdown instead"
    )
  }

  @Test("A line or column below 1 is read as 1")
  func clamped() {
    let diagnostic = Diagnostic(id: .textInvalid, path: "p", line: 0, column: -3, message: "m")
    #expect(diagnostic.description == "p:1:1: error: m")
  }

  @Test("A report sorts by place, then severity, and counts errors and warnings")
  func report() {
    let warning = Diagnostic(
      id: .routeUndocumented, path: "Content/a.md", line: 1, column: 1, severity: .warning, message: "w")
    let later = Diagnostic(id: .image, path: "Content/b.md", line: 1, column: 1, message: "i")
    let diagnostics = [later, Self.located, warning, Self.unlocated]
    #expect(diagnostics.errorCount == 3)
    #expect(diagnostics.warningCount == 1)
    #expect(
      diagnostics.report == """
        error: route classes: need exactly one
        Content/a.md:1:1: warning: w
        Content/a.md:3:7: error: raw HTML is not allowed in Content
        Content/b.md:1:1: error: i
        3 errors, 1 warning

        """)
    #expect([Self.located].report.hasSuffix("1 error, 0 warnings\n"))
  }

  @Test("A contract value's location is its path from Sources/ and its line")
  func contractLocation() throws {
    let route = try #require(Contract.customerApp.routeClasses.first)
    let location = DiagnosticLocation(route.source)
    #expect(location.path == "Sources/CustomerApp/CustomerApp.swift")
    #expect(location.line == route.source.line)
    #expect(location.column == nil)
    #expect(location.description == route.source.description)
  }
}
