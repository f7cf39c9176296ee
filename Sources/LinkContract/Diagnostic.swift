/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
  /// Something is wrong: the command fails.
  case error
  /// Accepted, although almost certainly not what was meant.
  case warning
  /// Information that is no problem at all.
  case note

  public static func < (a: Self, b: Self) -> Bool { a.rank < b.rank }

  private var rank: Int {
    switch self {
    case .error: 0
    case .warning: 1
    case .note: 2
    }
  }
}

/// Where a diagnostic points: a file (or URL), and within it a line, a column and an end
/// where known; for a JSON file, also the `JSONPath` of the value it is about.
public struct DiagnosticLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file's path, or a URL, as the user gave it.
  public var path: String
  /// 1-based; nil when only the file is known.
  public var line: Int?
  /// 1-based; nil when only the file, or the file and line, are known.
  public var column: Int?
  /// The last line and column of the range the diagnostic is about, where known.
  public var endLine: Int?
  /// The last column of that range, where known.
  public var endColumn: Int?
  /// The value inside a JSON file the diagnostic is about, as a `JSONPath`; empty for the
  /// whole file; nil for other files.
  public var jsonPath: String?

  /// A location in `path`, as precise as what is known.
  public init(
    path: String, line: Int? = nil, column: Int? = nil, endLine: Int? = nil, endColumn: Int? = nil,
    jsonPath: String? = nil
  ) {
    self.path = path
    self.line = line
    self.column = column
    self.endLine = endLine
    self.endColumn = endColumn
    self.jsonPath = jsonPath
  }

  /// `path`, `path:line` or `path:line:column`, the path's control characters escaped
  /// (`Printed.escaped`).
  public var description: String {
    var text = Printed.escaped(path)
    if let line {
      text += ":\(line)"
      if let column { text += ":\(column)" }
    }
    return text
  }
}

/// A suggested edit: the text to write instead of what the diagnostic points at ("did you
/// mean"), with where to write it when that differs from the diagnostic's location.
public struct FixIt: Sendable, Hashable {
  /// The text to write instead.
  public var replacement: String
  /// Where to write it; nil for the diagnostic's own location.
  public var location: DiagnosticLocation?

  /// A fix-it writing `replacement`, at `location` or the diagnostic's own.
  public init(replacement: String, at location: DiagnosticLocation? = nil) {
    self.replacement = replacement
    self.location = location
  }
}

/// One problem (or note) any part of the tool reports: a stable id, a severity, where, what,
/// and optionally notes and fix-its. Printed compiler-style as `path:line:column: error: message`
/// when located and `error: message` when not; `--format json` encodes it with
/// `Diagnostic.json` (ContractArtifacts).
public struct Diagnostic: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// What kind of problem it is: a stable kebab-case id (docs/diagnostics.md).
  public var id: DiagnosticID
  /// Whether the command fails because of it.
  public var severity: Severity
  /// Where it is; nil for a problem of no file.
  public var location: DiagnosticLocation?
  /// What is wrong and what would be right, in one sentence; no secret or control character.
  public var message: String
  /// Further sentences, printed after the diagnostic as `note: ...` lines.
  public var notes: [String]
  /// Suggested edits.
  public var fixIts: [FixIt]

  /// A diagnostic with `id`, `message` and, where known, its location.
  public init(
    id: DiagnosticID, severity: Severity = .error, location: DiagnosticLocation? = nil, message: String,
    notes: [String] = [], fixIts: [FixIt] = []
  ) {
    self.id = id
    self.severity = severity
    self.location = location
    self.message = message
    self.notes = notes
    self.fixIts = fixIts
  }

  /// A diagnostic at a line and column of a file; a line or column below 1 is read as 1.
  public init(
    id: DiagnosticID, path: String, line: Int, column: Int, severity: Severity = .error, message: String,
    notes: [String] = [], fixIts: [FixIt] = []
  ) {
    self.init(
      id: id, severity: severity, location: DiagnosticLocation(path: path, line: max(1, line), column: max(1, column)),
      message: message, notes: notes, fixIts: fixIts)
  }

  /// The file the diagnostic is in; empty when it has no location.
  public var path: String { location?.path ?? "" }
  /// The line, 1 when not known.
  public var line: Int { location?.line ?? 1 }
  /// The column, 1 when not known.
  public var column: Int { location?.column ?? 1 }

  /// This diagnostic with its message replaced.
  public func with(message: String) -> Diagnostic {
    var copy = self
    copy.message = message
    return copy
  }

  /// This diagnostic located in `path`, keeping its line, column and JSON path.
  public func located(in path: String) -> Diagnostic {
    var copy = self
    if copy.location == nil {
      copy.location = DiagnosticLocation(path: path)
    } else {
      copy.location!.path = path
    }
    return copy
  }

  /// `path:line:column: severity: message`, or `severity: message` without a location; then
  /// one `note: ...` line per note.
  public var description: String { rendered() }

  /// The text form; with `showingID`, the id stands before the message
  /// (`URL: error: not-https: message`), as `verify-host` prints its problems.
  public func rendered(showingID: Bool = false) -> String {
    let place = location.map { "\($0): " } ?? ""
    var text = place + "\(severity.rawValue): " + (showingID ? "\(id.rawValue): " : "") + message
    for note in notes { text += "\n" + place + "note: \(note)" }
    return text
  }

  /// Sorted by file, line, column, severity, then message; unlocated diagnostics first.
  public static func < (a: Self, b: Self) -> Bool {
    func key(_ d: Self) -> (Int, String, Int, Int, Int, String) {
      let severity = Severity.allCases.firstIndex(of: d.severity) ?? 0
      return (d.location == nil ? 0 : 1, d.path, d.location?.line ?? 0, d.location?.column ?? 0, severity, d.message)
    }
    let (x, y) = (key(a), key(b))
    if x != y { return x < y }
    return a.id < b.id
  }
}

extension [Diagnostic] {
  /// How many are errors.
  public var errorCount: Int { count { $0.severity == .error } }
  /// How many are warnings.
  public var warningCount: Int { count { $0.severity == .warning } }

  /// The diagnostics, sorted, one a line, then a count of errors and warnings.
  public var report: String {
    let errors = errorCount
    let warnings = warningCount
    var lines = sorted().map(\.description)
    func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
    lines.append("\(plural(errors, "error")), \(plural(warnings, "warning"))")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Each diagnostic on its own line, in the given order.
  public var lines: String { map { $0.description + "\n" }.joined() }
}

extension DiagnosticLocation {
  /// The line of the contract values at `source`, with its path relative to the repository.
  public init(_ source: SourceLocation) {
    let shown = source.description
    self.init(path: String(shown.dropLast(":\(source.line)".count)), line: source.line)
  }
}
