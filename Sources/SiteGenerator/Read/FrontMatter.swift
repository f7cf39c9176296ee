import LinkContract

#if canImport(Glibc)
  import Glibc
#endif

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
    if let parsed = source.utf8.withContiguousStorageIfAvailable({ parse(source, bytes: $0, path: path) }) {
      return parsed
    }
    return Array(source.utf8).withUnsafeBufferPointer { parse(source, bytes: $0, path: path) }
  }

  /// `parse` with `bytes`, the UTF-8 of `source`, read by offset.
  private static func parse(_ source: Substring, bytes: UnsafeBufferPointer<UInt8>, path: String) -> (
    FrontMatter?, body: Substring, bodyLine: Int, [Diagnostic]
  ) {
    var diagnostics: [Diagnostic] = []
    func error(_ line: Int, _ column: Int, _ message: String) {
      diagnostics.append(Diagnostic(id: .frontMatterInvalid, path: path, line: line, column: column, message: message))
    }
    func text(_ range: Range<Int>) -> Substring {
      let utf8 = source.utf8
      let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
      return Substring(utf8[start..<utf8.index(start, offsetBy: range.count)])
    }
    func isFence(_ line: Range<Int>) -> Bool {
      guard line.count == 3 || (line.count == 4 && bytes[line.upperBound - 1] == 0x0D) else { return false }
      return bytes[line.lowerBound] == 0x2D && bytes[line.lowerBound + 1] == 0x2D && bytes[line.lowerBound + 2] == 0x2D
    }
    // Lines as byte ranges, up to and including the closing `---`.
    var lines: [Range<Int>] = []
    var lineStart = 0
    var close: Int?
    var scannedAll = true
    while lineStart < bytes.count, let base = bytes.baseAddress,
      let found = memchr(base + lineStart, 0x0A, bytes.count - lineStart)
    {
      let end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
      lines.append(lineStart..<end)
      lineStart = end + 1
      if lines.count > 1, isFence(lines[lines.count - 1]) {
        close = lines.count - 1
        scannedAll = false
        break
      }
      if lines.count == 1, !isFence(lines[0]) {
        scannedAll = false
        break
      }
    }
    if close == nil, scannedAll, lineStart < bytes.count {
      lines.append(lineStart..<bytes.count)
      if lines.count > 1, isFence(lines[lines.count - 1]) { close = lines.count - 1 }
    }
    guard let first = lines.first, isFence(first) else {
      error(1, 1, "missing front matter: start the file with a `---` line, then title, summary and weight")
      return (nil, source, 1, diagnostics)
    }
    guard let close else {
      error(1, 1, "front matter is not closed: add a `---` line after the last key")
      return (nil, source, 1, diagnostics)
    }
    var values: [String: (value: String, line: Int)] = [:]
    /// Unknown keys near enough to a known one to be its typo, by the key they mean.
    var typos: [String: (typed: String, line: Int)] = [:]
    for number in 1..<close {
      let line = number + 1
      var range = lines[number]
      if !range.isEmpty, bytes[range.upperBound - 1] == 0x0D { range = range.lowerBound..<(range.upperBound - 1) }
      if range.allSatisfy({ bytes[$0] == 0x20 || bytes[$0] == 0x09 }) { continue }
      guard let colon = range.first(where: { bytes[$0] == 0x3A }) else {
        error(line, 1, "malformed front matter line: expected `key: value`")
        continue
      }
      let keyBytes = range.lowerBound..<colon
      let isWord =
        !keyBytes.isEmpty && keyBytes.count <= 40
        && keyBytes.allSatisfy { ASCII.isAlphanumeric(bytes[$0]) || bytes[$0] == 0x2D || bytes[$0] == 0x5F }
      guard isWord else {
        error(line, 1, "malformed front matter line: expected `key: value`")
        continue
      }
      let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[keyBytes]), as: UTF8.self)
      guard keys.contains(key) else {
        let known = keys.map { "`\($0)`" }.joined(separator: ", ")
        guard let meant = Suggestion.nearest(key, among: keys) else {
          error(line, 1, "unknown front matter key `\(Printed.excerpt(key))` (known keys: \(known))")
          continue
        }
        if typos[meant] == nil { typos[meant] = (key, line) }
        diagnostics.append(
          Diagnostic(
            id: .frontMatterInvalid, path: path, line: line, column: 1,
            message: "unknown front matter key `\(key)` (did you mean `\(meant)`? known keys: \(known))",
            fixIts: [FixIt(replacement: meant)]))
        continue
      }
      if values[key] != nil {
        error(line, 1, "front matter key `\(key)` is given twice")
        continue
      }
      let value = text((colon + 1)..<range.upperBound).trimmingSpaces
      switch Self.scalar(value) {
      case .success(let scalar) where scalar.isEmpty:
        error(line, colon - range.lowerBound + 2, "front matter key `\(key)` has no value")
      case .success(let scalar): values[key] = (scalar, line)
      case .failure(let problem):
        let start = range[(colon + 1)...].first { bytes[$0] != 0x20 && bytes[$0] != 0x09 } ?? colon + 1
        error(line, start - range.lowerBound + 1, "front matter key `\(key)`: \(problem.message)")
      }
    }
    for key in keys where values[key] == nil {
      if let typo = typos[key] {
        error(1, 1, "front matter has no `\(key)` (line \(typo.line) has `\(typo.typed)`: did you mean `\(key)`?)")
      } else {
        error(1, 1, "front matter has no `\(key)`")
      }
    }
    var weight = 0
    if let (text, line) = values["weight"] {
      if let number = Int(text) {
        weight = number
      } else {
        error(line, 9, "front matter `weight` must be a whole number, not `\(Printed.excerpt(text))`")
      }
    }
    let fenceEnd = lines[close].upperBound
    let body = text(min(fenceEnd + 1, bytes.count)..<bytes.count)
    let matter = FrontMatter(
      title: values["title"]?.value ?? "", summary: values["summary"]?.value ?? "", weight: weight)
    return (diagnostics.isEmpty ? matter : nil, body, close + 2, diagnostics)
  }
}

extension FrontMatter {
  struct ScalarProblem: Error {
    let message: String
  }

  /// A value as YAML reads a scalar on one line: plain as written, or in double quotes (with
  /// `\"`, `\\`, `\/`, `\t` and `\n` escapes) or single quotes (`''` for a quote), so that a
  /// title may hold `: ` or start with `@` as front matter other tools read does.
  static func scalar(_ value: Substring) -> Result<String, ScalarProblem> {
    guard let quote = value.first, quote == "\"" || quote == "'" else { return .success(String(value)) }
    var result = ""
    var rest = value.dropFirst()
    while let character = rest.first {
      rest = rest.dropFirst()
      if character == quote {
        if quote == "'", rest.first == "'" {
          result.append("'")
          rest = rest.dropFirst()
          continue
        }
        guard rest.isEmpty else {
          return .failure(ScalarProblem(message: "text after the closing \(quote): quote the whole value"))
        }
        return .success(result)
      }
      if quote == "\"", character == "\\" {
        guard let escaped = rest.first else { break }
        rest = rest.dropFirst()
        switch escaped {
        case "\"", "\\", "/": result.append(escaped)
        case "t": result.append("\t")
        case "n": result.append("\n")
        default:
          return .failure(
            ScalarProblem(
              message:
                "`\\\(Printed.excerpt(String(escaped)))` is not an escape here: write `\\\"`, `\\\\`, `\\t` or `\\n`"))
        }
        continue
      }
      result.append(character)
    }
    return .failure(ScalarProblem(message: "the value's \(quote) is not closed: end the value with \(quote)"))
  }
}

extension Substring {
  /// Without spaces and tabs at either end, nor carriage returns at the end, compared as
  /// characters: a space a combining mark follows is kept.
  var trimmingSpaces: Substring {
    // By bytes; a space beside a byte beyond ASCII may be one character with it (a combining
    // mark after, a prepended mark before), so such text is trimmed by characters.
    let bytes = utf8
    var (start, end) = (bytes.startIndex, bytes.endIndex)
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { bytes.formIndex(after: &start) }
    while start < end, case let last = bytes[bytes.index(before: end)], last == 0x20 || last == 0x09 || last == 0x0D {
      bytes.formIndex(before: &end)
    }
    let besideOther =
      (start != bytes.startIndex && start < end && bytes[start] >= 0x80)
      || (end != bytes.endIndex && start < end && bytes[bytes.index(before: end)] >= 0x80)
    return besideOther ? trimmingSpacesByCharacters : self[start..<end]
  }

  /// `trimmingSpaces` read by characters.
  var trimmingSpacesByCharacters: Substring {
    var text = self
    while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
    while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
    return text
  }
}
