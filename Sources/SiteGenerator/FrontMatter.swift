/// A page's front matter: the block between two `---` lines at the top of the file.
public struct FrontMatter: Sendable, Hashable {
  public var title: String
  public var summary: String
  public var weight: Int

  static let keys = ["title", "summary", "weight"]

  /// Splits `source` into front matter and body. The body keeps its line numbers through
  /// `bodyLine`, the 1-based line of `source` where the body starts.
  static func parse(_ source: Substring, path: String) -> (
    FrontMatter?, body: Substring, bodyLine: Int, [Diagnostic]
  ) {
    var diagnostics: [Diagnostic] = []
    func error(_ line: Int, _ column: Int, _ message: String) {
      diagnostics.append(Diagnostic(path: path, line: line, column: column, message: message))
    }
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    guard let first = lines.first, first.trimmingTrailingCR == "---" else {
      error(1, 1, "missing front matter: start the file with a `---` line, then title, summary and weight")
      return (nil, source, 1, diagnostics)
    }
    guard let close = lines.dropFirst().firstIndex(where: { $0.trimmingTrailingCR == "---" }) else {
      error(1, 1, "front matter is not closed: add a `---` line after the last key")
      return (nil, source, 1, diagnostics)
    }
    var values: [String: (value: String, line: Int)] = [:]
    for index in 1..<close {
      let line = index + 1
      let text = lines[index].trimmingTrailingCR
      if text.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
      guard let colon = text.firstIndex(of: ":") else {
        error(line, 1, "malformed front matter line: expected `key: value`")
        continue
      }
      let key = String(text[..<colon])
      let value = text[text.index(after: colon)...].trimmingSpaces
      guard keys.contains(key) else {
        let known = keys.map { "`\($0)`" }.joined(separator: ", ")
        error(line, 1, "unknown front matter key `\(key)` (known keys: \(known))")
        continue
      }
      if values[key] != nil {
        error(line, 1, "front matter key `\(key)` is given twice")
        continue
      }
      if value.isEmpty {
        error(line, colon.utf16Offset(in: text) + 2, "front matter key `\(key)` has no value")
        continue
      }
      values[key] = (String(value), line)
    }
    for key in keys where values[key] == nil {
      error(1, 1, "front matter has no `\(key)`")
    }
    var weight = 0
    if let (text, line) = values["weight"] {
      if let number = Int(text) {
        weight = number
      } else {
        error(line, 9, "front matter `weight` must be a whole number, not `\(text)`")
      }
    }
    let bodyStart = lines[..<(close + 1)].reduce(0) { $0 + $1.utf8.count + 1 }
    let body = source.utf8.count >= bodyStart ? Substring(source.utf8.dropFirst(bodyStart)) : ""
    let matter = FrontMatter(
      title: values["title"]?.value ?? "", summary: values["summary"]?.value ?? "", weight: weight)
    return (diagnostics.isEmpty ? matter : nil, body, close + 2, diagnostics)
  }
}

extension Substring {
  var trimmingTrailingCR: Substring { last == "\r" ? dropLast() : self }
  var trimmingSpaces: Substring {
    var text = self
    while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
    while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
    return text
  }
}
