import LinkContract

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
      diagnostics.append(Diagnostic(id: .frontMatterInvalid, path: path, line: line, column: column, message: message))
    }
    let bytes = source.utf8
    // Lines as byte ranges, up to and including the closing `---`.
    var lines: [Range<Substring.UTF8View.Index>] = []
    var lineStart = bytes.startIndex
    var close: Int?
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if bytes[index] == 0x0A {
        lines.append(lineStart..<index)
        lineStart = bytes.index(after: index)
        if lines.count > 1, isFence(bytes[lines[lines.count - 1]]) {
          close = lines.count - 1
          break
        }
        if lines.count == 1, !isFence(bytes[lines[0]]) { break }
      }
      index = bytes.index(after: index)
    }
    if close == nil, index == bytes.endIndex, lineStart < bytes.endIndex {
      lines.append(lineStart..<bytes.endIndex)
      if lines.count > 1, isFence(bytes[lines[lines.count - 1]]) { close = lines.count - 1 }
    }
    guard let first = lines.first, isFence(bytes[first]) else {
      error(1, 1, "missing front matter: start the file with a `---` line, then title, summary and weight")
      return (nil, source, 1, diagnostics)
    }
    guard let close else {
      error(1, 1, "front matter is not closed: add a `---` line after the last key")
      return (nil, source, 1, diagnostics)
    }
    var values: [String: (value: String, line: Int)] = [:]
    for number in 1..<close {
      let line = number + 1
      let text = Substring(bytes[lines[number]]).trimmingTrailingCR
      if text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
      guard let colon = text.utf8.firstIndex(of: 0x3A) else {
        error(line, 1, "malformed front matter line: expected `key: value`")
        continue
      }
      let key = String(Substring(text.utf8[..<colon]))
      let value = Substring(text.utf8[text.utf8.index(after: colon)...]).trimmingSpaces
      let isWord =
        !key.isEmpty && key.utf8.count <= 40
        && key.utf8.allSatisfy { ASCII.isAlphanumeric($0) || $0 == 0x2D || $0 == 0x5F }
      guard isWord else {
        error(line, 1, "malformed front matter line: expected `key: value`")
        continue
      }
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
        error(
          line, text.utf8.distance(from: text.utf8.startIndex, to: colon) + 2, "front matter key `\(key)` has no value")
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
    let fenceEnd = lines[close].upperBound
    let bodyStart = fenceEnd == bytes.endIndex ? fenceEnd : bytes.index(after: fenceEnd)
    let body = Substring(bytes[bodyStart...])
    let matter = FrontMatter(
      title: values["title"]?.value ?? "", summary: values["summary"]?.value ?? "", weight: weight)
    return (diagnostics.isEmpty ? matter : nil, body, close + 2, diagnostics)
  }

  private static func isFence(_ line: Substring.UTF8View.SubSequence) -> Bool {
    let count = line.count
    guard count == 3 || (count == 4 && line.last == 0x0D) else { return false }
    return line.prefix(3).allSatisfy { $0 == 0x2D }
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
