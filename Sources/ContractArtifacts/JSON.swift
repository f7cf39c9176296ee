/// A JSON value whose object keys keep the order they were written in, so that output is
/// byte-stable and shaped as each platform documents it.
public indirect enum JSON: Sendable, Hashable {
  case null
  case bool(Bool)
  case int(Int)
  case string(String)
  case array([JSON])
  case object([(String, JSON)])

  public static func == (a: JSON, b: JSON) -> Bool {
    switch (a, b) {
    case (.null, .null): true
    case (.bool(let x), .bool(let y)): x == y
    case (.int(let x), .int(let y)): x == y
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
    var out = ""
    write(into: &out, indent: nil, level: 0)
    return out
  }

  /// Serialization indented by two spaces, ending with a newline.
  public var pretty: String {
    var out = ""
    write(into: &out, indent: "  ", level: 0)
    return out + "\n"
  }

  private func write(into out: inout String, indent: String?, level: Int) {
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .int(let value): out += String(value)
    case .string(let value): JSON.quote(value, into: &out)
    case .array(let items):
      writeContainer(
        items.map { item in { (o: inout String, l: Int) in item.write(into: &o, indent: indent, level: l) } },
        open: "[", close: "]", into: &out, indent: indent, level: level)
    case .object(let members):
      writeContainer(
        members.map { key, value in
          { (o: inout String, l: Int) in
            JSON.quote(key, into: &o)
            o += indent == nil ? ":" : ": "
            value.write(into: &o, indent: indent, level: l)
          }
        }, open: "{", close: "}", into: &out, indent: indent, level: level)
    }
  }

  private func writeContainer(
    _ parts: [(inout String, Int) -> Void], open: String, close: String, into out: inout String,
    indent: String?, level: Int
  ) {
    out += open
    guard !parts.isEmpty else {
      out += close
      return
    }
    for (index, part) in parts.enumerated() {
      if index > 0 { out += "," }
      if let indent {
        out += "\n" + String(repeating: indent, count: level + 1)
      }
      part(&out, level + 1)
    }
    if let indent { out += "\n" + String(repeating: indent, count: level) }
    out += close
  }

  /// Appends `text` as a JSON string literal.
  public static func quote(_ text: String, into out: inout String) {
    out += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out += "\""
  }
}
