import LinkContract

/// A JSON value whose object keys keep the order they were written in, so that output is
/// byte-stable and shaped as each platform documents it.
public indirect enum JSON: Sendable, Hashable {
  case null
  case bool(Bool)
  case int(Int)
  /// A number that is not an `Int` (a fraction, an exponent, or too large), as its RFC 8259
  /// text: read so that fields nobody interprets never make a file unreadable.
  case number(String)
  case string(String)
  case array([JSON])
  case object([(String, JSON)])

  public static func == (a: JSON, b: JSON) -> Bool {
    switch (a, b) {
    case (.null, .null): true
    case (.bool(let x), .bool(let y)): x == y
    case (.int(let x), .int(let y)): x == y
    case (.number(let x), .number(let y)): x == y
    case (.string(let x), .string(let y)): x == y
    case (.array(let x), .array(let y)): x == y
    case (.object(let x), .object(let y)):
      x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let x): hasher.combine(x)
    case .int(let x): hasher.combine(x)
    case .number(let x): hasher.combine(x)
    case .string(let x): hasher.combine(x)
    case .array(let x): hasher.combine(x)
    case .object(let x):
      for (key, value) in x {
        hasher.combine(key)
        hasher.combine(value)
      }
    }
  }

  /// The value of `key` in an object, or nil.
  public subscript(key: String) -> JSON? {
    if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
    return nil
  }

  /// Compact serialization on one line.
  public var compact: String {
    var out: [UInt8] = []
    write(into: &out, indent: false, level: 0)
    return String(decoding: out, as: UTF8.self)
  }

  /// Serialization indented by two spaces, ending with a newline.
  public var pretty: String {
    var out: [UInt8] = []
    out.reserveCapacity(4096)
    write(into: &out, indent: true, level: 0)
    out.append(0x0A)
    return String(decoding: out, as: UTF8.self)
  }

  private func write(into out: inout [UInt8], indent: Bool, level: Int) {
    switch self {
    case .null: out += "null".utf8
    case .bool(let value): out += (value ? "true" : "false").utf8
    case .int(let value): out += String(value).utf8
    case .number(let text): out += text.utf8
    case .string(let value): JSON.quote(value, into: &out)
    case .array(let items):
      out.append(0x5B)
      for (index, item) in items.enumerated() {
        JSON.separate(index, into: &out, indent: indent, level: level + 1)
        item.write(into: &out, indent: indent, level: level + 1)
      }
      JSON.close(0x5D, empty: items.isEmpty, into: &out, indent: indent, level: level)
    case .object(let members):
      out.append(0x7B)
      for (index, (key, value)) in members.enumerated() {
        JSON.separate(index, into: &out, indent: indent, level: level + 1)
        JSON.quote(key, into: &out)
        out.append(0x3A)
        if indent { out.append(0x20) }
        value.write(into: &out, indent: indent, level: level + 1)
      }
      JSON.close(0x7D, empty: members.isEmpty, into: &out, indent: indent, level: level)
    }
  }

  private static func separate(_ index: Int, into out: inout [UInt8], indent: Bool, level: Int) {
    if index > 0 { out.append(0x2C) }
    if indent {
      out.append(0x0A)
      out += repeatElement(0x20, count: 2 * level)
    }
  }

  private static func close(_ bracket: UInt8, empty: Bool, into out: inout [UInt8], indent: Bool, level: Int) {
    if indent, !empty {
      out.append(0x0A)
      out += repeatElement(0x20, count: 2 * level)
    }
    out.append(bracket)
  }

  /// Appends `text` as a JSON string literal, in UTF-8.
  public static func quote(_ text: String, into out: inout [UInt8]) {
    var text = text
    text.withUTF8 { quote(bytes: $0, into: &out) }
  }

  /// `quote`, and with `scriptSafe` `<`, `>` and `&` written as `\u` escapes too, so that the
  /// JSON can stand as it is as the text of an HTML `<script>` element.
  public static func quote(_ text: String, into out: inout [UInt8], scriptSafe: Bool) {
    var text = text
    text.withUTF8 { quote(bytes: $0, into: &out, scriptSafe: scriptSafe) }
  }

  /// `quote` for UTF-8 bytes.
  public static func quote(bytes: [UInt8], into out: inout [UInt8]) {
    bytes.withUnsafeBufferPointer { quote(bytes: $0, into: &out) }
  }

  /// `quote` for UTF-8 bytes: runs that need no escape are copied whole, passed over eight
  /// bytes a step while none of them may need one.
  public static func quote(bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8], scriptSafe: Bool = false) {
    out.append(UInt8(ascii: "\""))
    // Bytes whose escape class is at least this one are escaped.
    let escaped: UInt8 = scriptSafe ? 1 : 2
    let count = bytes.count
    var start = 0
    var index = 0
    escapeClass.withUnsafeBufferPointer { escapeClass in
      while index < count {
        if index + 8 <= count, let base = bytes.baseAddress,
          !mayBeEscaped(UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self), scriptSafe)
        {
          index += 8
          continue
        }
        let byte = bytes[index]
        guard escapeClass[Int(byte)] >= escaped else {
          index += 1
          continue
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        out.append(0x5C)
        switch byte {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "\n"): out.append(0x6E)
        case UInt8(ascii: "\r"): out.append(0x72)
        case UInt8(ascii: "\t"): out.append(0x74)
        default:
          let hex: StaticString = "0123456789abcdef"
          out.append(0x75)
          out.append(0x30)
          out.append(0x30)
          out.append(hex.utf8Start[Int(byte >> 4)])
          out.append(hex.utf8Start[Int(byte & 0x0F)])
        }
        index += 1
        start = index
      }
    }
    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<count]))
    out.append(UInt8(ascii: "\""))
  }

  /// Whether any of a word's eight bytes may need an escape: below U+0020, DEL, `"` or `\\`,
  /// and `<`, `>` or `&` when `scriptSafe`.
  @inline(__always)
  private static func mayBeEscaped(_ word: UInt64, _ scriptSafe: Bool) -> Bool {
    typealias Word = ASCII.Word
    var found = Word.marking(below: 0x20, in: word)
    found |= Word.marking(0x7F, in: word) | Word.marking(0x22, in: word) | Word.marking(0x5C, in: word)
    if scriptSafe {
      found |= Word.marking(0x3C, in: word) | Word.marking(0x3E, in: word) | Word.marking(0x26, in: word)
    }
    return found != 0
  }

  /// Per byte: 2 when JSON needs it escaped (controls, DEL, `"` and `\\`), 1 when only a script
  /// element does (`<`, `>`, `&`), else 0.
  private static let escapeClass: [UInt8] = (0..<256).map { byte in
    if byte < 0x20 || byte == 0x7F || byte == 0x22 || byte == 0x5C { return 2 }
    return byte == 0x3C || byte == 0x3E || byte == 0x26 ? 1 : 0
  }

}
