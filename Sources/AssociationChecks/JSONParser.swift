import ContractArtifacts
import LinkContract

/// Why a JSON text was refused: a `json-syntax` diagnostic at the 1-based line and column of
/// the offending byte, in a file the parser does not know the name of.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
  public let diagnostic: Diagnostic

  public init(line: Int, column: Int, message: String) {
    diagnostic = Diagnostic(id: .jsonSyntax, path: "", line: line, column: column, message: message)
  }

  public var line: Int { diagnostic.line }
  public var column: Int { diagnostic.column }
  public var message: String { diagnostic.message }

  public var description: String { "not valid JSON: line \(line), column \(column): \(message)" }
}

/// A strict RFC 8259 parser into `JSON`: object keys keep their order, a key given twice, a
/// byte-order mark, a trailing comma, a comment or anything after the value is an error. An
/// integer that fits `Int` is `.int`; any other RFC 8259 number is `.number` with its text.
public struct JSONParser {
  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0
  private var recording = false
  private var path = ""
  private var offsets: [String: Int] = [:]
  /// The deepest nesting read before giving up, so that hostile input cannot exhaust the stack.
  public static let maximumDepth = 256

  /// Parses `bytes` as one complete JSON text.
  public static func parse<C: Collection<UInt8>>(_ bytes: C) throws(JSONParseError) -> JSON {
    var parser = JSONParser(bytes: Array(bytes))
    return try parser.document()
  }

  /// Parses the UTF-8 of `text` as one complete JSON text.
  public static func parse(_ text: String) throws(JSONParseError) -> JSON {
    try parse(Array(text.utf8))
  }

  /// Parses `bytes` and also returns where each value starts, keyed by its `JSONPath` (for an
  /// object member, where its key starts).
  public static func parseLocated<C: Collection<UInt8>>(_ bytes: C) throws(JSONParseError) -> (JSON, JSONLocations) {
    var parser = JSONParser(bytes: Array(bytes))
    parser.recording = true
    let value = try parser.document()
    return (value, JSONLocations(bytes: parser.bytes, offsets: parser.offsets))
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private mutating func document() throws(JSONParseError) -> JSON {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      throw fail("starts with a UTF-8 byte-order mark, which JSON text must not carry")
    }
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
      throw fail("starts with a UTF-16 byte-order mark; JSON text must be UTF-8")
    }
    skipWhitespace()
    guard index < bytes.count else { throw fail("is empty") }
    let value = try self.value()
    skipWhitespace()
    if index < bytes.count { throw fail("has data after the end of the value") }
    return value
  }

  private func position(of offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for byte in bytes[..<min(offset, bytes.count)] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }

  private func fail(_ message: String, at offset: Int? = nil) -> JSONParseError {
    let (line, column) = position(of: offset ?? index)
    return JSONParseError(line: line, column: column, message: message)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func value() throws(JSONParseError) -> JSON {
    guard let byte = current else { throw fail("ends where a value was expected") }
    switch byte {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    case UInt8(ascii: "/"): throw fail("has a comment, which JSON does not allow")
    default: throw fail("has an unexpected character where a value was expected")
    }
  }

  private mutating func literal(_ word: String, _ value: JSON) throws(JSONParseError) -> JSON {
    let utf8 = Array(word.utf8)
    guard bytes.count - index >= utf8.count, Array(bytes[index..<(index + utf8.count)]) == utf8 else {
      throw fail("has an unknown literal (expected \(word))")
    }
    index += utf8.count
    return value
  }

  private mutating func enter() throws(JSONParseError) {
    depth += 1
    if depth > Self.maximumDepth { throw fail("nests deeper than \(Self.maximumDepth) levels") }
  }

  private mutating func object() throws(JSONParseError) -> JSON {
    try enter()
    index += 1
    var members: [(String, JSON)] = []
    var seen = Set<String>()
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .object([])
    }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else {
        throw fail(current == UInt8(ascii: "}") ? "has a trailing comma in an object" : "expected a string key")
      }
      let keyStart = index
      let key = try string()
      if !seen.insert(key).inserted {
        throw fail("has the key \"\(Printed.excerpt(key))\" twice in one object", at: keyStart)
      }
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw fail("expected ':' after an object key") }
      index += 1
      skipWhitespace()
      if recording {
        let parent = path
        path = JSONPath.member(parent, key)
        offsets[path] = keyStart
        members.append((key, try value()))
        path = parent
      } else {
        members.append((key, try value()))
      }
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        depth -= 1
        return .object(members)
      case nil: throw fail("ends inside an object")
      default: throw fail("expected ',' or '}' in an object")
      }
    }
  }

  private mutating func array() throws(JSONParseError) -> JSON {
    try enter()
    index += 1
    var items: [JSON] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array([])
    }
    while true {
      skipWhitespace()
      if current == UInt8(ascii: "]") { throw fail("has a trailing comma in an array") }
      if current == UInt8(ascii: ",") { throw fail("has an empty array element") }
      if recording {
        let parent = path
        path = JSONPath.index(parent, items.count)
        offsets[path] = index
        items.append(try value())
        path = parent
      } else {
        items.append(try value())
      }
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        depth -= 1
        return .array(items)
      case nil: throw fail("ends inside an array")
      default: throw fail("expected ',' or ']' in an array")
      }
    }
  }

  private mutating func number() throws(JSONParseError) -> JSON {
    let start = index
    if current == UInt8(ascii: "-") { index += 1 }
    guard let first = current, (0x30...0x39).contains(first) else { throw fail("has a malformed number") }
    if first == 0x30 {
      index += 1
      if let next = current, (0x30...0x39).contains(next) {
        throw fail("has a number with a leading zero")
      }
    } else {
      while let digit = current, (0x30...0x39).contains(digit) { index += 1 }
    }
    var integral = true
    if current == UInt8(ascii: ".") {
      integral = false
      index += 1
      guard let digit = current, (0x30...0x39).contains(digit) else {
        throw fail("has a number with no digit after its decimal point")
      }
      while let digit = current, (0x30...0x39).contains(digit) { index += 1 }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      integral = false
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard let digit = current, (0x30...0x39).contains(digit) else {
        throw fail("has a number with no digit in its exponent")
      }
      while let digit = current, (0x30...0x39).contains(digit) { index += 1 }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if integral, let value = Int(text) { return .int(value) }
    return .number(text)
  }

  private mutating func string() throws(JSONParseError) -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    var run: [UInt8] = []
    func flush() {
      scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
      run.removeAll(keepingCapacity: true)
    }
    while true {
      guard let byte = current else { throw fail("ends inside a string") }
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        flush()
        return String(scalars)
      case UInt8(ascii: "\\"):
        flush()
        index += 1
        scalars.append(try escape())
      case 0x00..<0x20:
        throw fail("has an unescaped control character in a string")
      default:
        if byte >= 0x80 {
          let length = try validUTF8Sequence()
          run.append(contentsOf: bytes[index..<(index + length)])
          index += length
        } else {
          run.append(byte)
          index += 1
        }
      }
    }
  }

  /// The length of the well-formed UTF-8 sequence at `index`, or an error.
  private func validUTF8Sequence() throws(JSONParseError) -> Int {
    switch UTF8Sequence.length(in: bytes, at: index) {
    case .success(let length): return length
    case .failure(.invalidByte): throw fail("has a byte that is not UTF-8")
    case .failure(.truncated): throw fail("has a truncated UTF-8 sequence")
    case .failure(.overlongOrSurrogate): throw fail("has an overlong or surrogate UTF-8 sequence")
    }
  }

  private mutating func escape() throws(JSONParseError) -> Unicode.Scalar {
    guard let byte = current else { throw fail("ends inside an escape") }
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let unit = try hex4()
      if (0xD800...0xDBFF).contains(unit) {
        guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
        else { throw fail("has a lone high surrogate escape") }
        index += 2
        let low = try hex4()
        guard (0xDC00...0xDFFF).contains(low) else { throw fail("has an unpaired surrogate escape") }
        return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
      }
      guard let scalar = Unicode.Scalar(unit) else { throw fail("has a lone low surrogate escape") }
      return scalar
    default: throw fail("has an unknown escape")
    }
  }

  private mutating func hex4() throws(JSONParseError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw fail("ends inside a \\u escape") }
    var value: UInt32 = 0
    for byte in bytes[index..<(index + 4)] {
      guard let digit = ASCII.hexValue(byte) else { throw fail("has a malformed \\u escape") }
      value = value << 4 | UInt32(digit)
    }
    index += 4
    return value
  }
}

/// Names a value inside a JSON document the way messages print it: `applinks.details[0]`,
/// `components[2]["/"]`; the document itself is the empty path.
public enum JSONPath {
  /// The path of member `key` of the object at `parent`. A key that is not a short plain name
  /// is quoted, then printed as `Printed.excerpt` prints it: two long keys alike in their first
  /// characters may name one path, which only makes a position less precise.
  public static func member(_ parent: String, _ key: String) -> String {
    let plain =
      !key.isEmpty && key.utf8.count <= Printed.excerptLimit
      && key.utf8.allSatisfy { ASCII.isAlphanumeric($0) || $0 == UInt8(ascii: "_") }
      && key.utf8.first.map(ASCII.isDigit) == false
    if plain { return parent.isEmpty ? key : parent + "." + key }
    var quoted: [UInt8] = []
    JSON.quote(key, into: &quoted)
    return parent + "[" + Printed.excerpt(String(decoding: quoted, as: UTF8.self)) + "]"
  }

  /// The path of item `index` of the array at `parent`.
  public static func index(_ parent: String, _ index: Int) -> String { parent + "[\(index)]" }
}

/// Where the values of one parsed document start, as 1-based lines and columns.
public struct JSONLocations: Sendable {
  private let bytes: [UInt8]
  private let offsets: [String: Int]

  init(bytes: [UInt8], offsets: [String: Int]) {
    self.bytes = bytes
    self.offsets = offsets
  }

  /// The line and column of the value at `path`, or of its nearest enclosing value that was
  /// recorded; (1, 1) for the document itself.
  public func position(of path: String) -> (line: Int, column: Int) { positions(of: [path])[0] }

  /// The position of each of `paths`, as `position(of:)`, found in one pass over the bytes up
  /// to the last of them: however many values a file has something to say about, its bytes are
  /// counted once.
  public func positions(of paths: [String]) -> [(line: Int, column: Int)] {
    let targets = paths.map(offset(of:))
    var positions = [(line: Int, column: Int)](repeating: (1, 1), count: paths.count)
    var cursor = Cursor()
    for index in targets.indices.sorted(by: { targets[$0] < targets[$1] }) {
      positions[index] = cursor.advance(to: targets[index], in: bytes)
    }
    return positions
  }

  /// The line and column of byte `offset`.
  func position(at offset: Int) -> (line: Int, column: Int) {
    var cursor = Cursor()
    return cursor.advance(to: offset, in: bytes)
  }

  /// Where the value at `path`, or its nearest enclosing recorded value, starts; 0 for none.
  private func offset(of path: String) -> Int {
    var path = path
    while !path.isEmpty {
      if let offset = offsets[path] { return offset }
      path = JSONLocations.parent(of: path)
    }
    return 0
  }

  /// A line and column counted forward through the bytes: a column is a character, so UTF-8
  /// continuation bytes do not count.
  private struct Cursor {
    var offset = 0
    var line = 1
    var column = 1

    mutating func advance(to target: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
      for byte in bytes[offset..<max(offset, min(target, bytes.count))] {
        if byte == 0x0A {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
      }
      offset = max(offset, min(target, bytes.count))
      return (line, column)
    }
  }

  /// The path one level up; a quoted key holding `[` or `.` may stop short, which only makes
  /// the position less precise.
  private static func parent(of path: String) -> String {
    guard let cut = path.lastIndex(where: { $0 == "[" || $0 == "." }) else { return "" }
    return String(path[..<cut])
  }
}
