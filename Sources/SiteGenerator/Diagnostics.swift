/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Comparable {
  case error
  case warning

  public static func < (a: Self, b: Self) -> Bool { a == .error && b == .warning }
}

/// A problem in an input file, reported compiler-style as `path:line:column: error: message`.
public struct Diagnostic: Sendable, Hashable, Comparable, CustomStringConvertible {
  public let path: String
  public let line: Int
  public let column: Int
  public let severity: Severity
  public let message: String

  public init(path: String, line: Int, column: Int, severity: Severity = .error, message: String) {
    self.path = path
    self.line = max(1, line)
    self.column = max(1, column)
    self.severity = severity
    self.message = message
  }

  public var description: String { "\(path):\(line):\(column): \(severity.rawValue): \(message)" }

  public static func < (a: Self, b: Self) -> Bool {
    (a.path, a.line, a.column, a.severity == .error ? 0 : 1, a.message)
      < (b.path, b.line, b.column, b.severity == .error ? 0 : 1, b.message)
  }
}

extension [Diagnostic] {
  public var errorCount: Int { count { $0.severity == .error } }

  /// The diagnostics, sorted, one a line, then a count.
  public var report: String {
    let errors = errorCount
    let warnings = count - errors
    var lines = sorted().map(\.description)
    func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
    lines.append("\(plural(errors, "error")), \(plural(warnings, "warning"))")
    return lines.joined(separator: "\n") + "\n"
  }
}
