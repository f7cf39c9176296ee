import ContractArtifacts

/// .NET configuration files (`appsettings*.json`): JSON that may carry `//` and `/* */` comments
/// and trailing commas, as the .NET JSON configuration provider reads it. The generated
/// `appsettings.*.json` snippets start with comment lines that say where they go.
public enum AppSettings {
  /// One scalar setting: its configuration key (`Section:Key`, array items `Section:Key:0`),
  /// its text (a string's contents, or a number or boolean as written) and the 1-based line and
  /// column of its first byte (the opening quote of a string).
  public struct Entry: Sendable, Hashable {
    public let key: String
    public let value: String
    public let line: Int
    public let column: Int
  }

  /// `bytes` with every comment and trailing comma replaced by spaces (line breaks kept), so
  /// that `JSONParser` reads them and every position stays where it was.
  public static func strict<C: Collection<UInt8>>(_ bytes: C) -> [UInt8] {
    var out = Array(bytes)
    var index = 0
    var lastComma: Int?
    func blank(_ range: Range<Int>) {
      for k in range where out[k] != 0x0A { out[k] = 0x20 }
    }
    while index < out.count {
      let byte = out[index]
      switch byte {
      case 0x22:
        lastComma = nil
        index += 1
        while index < out.count, out[index] != 0x22 {
          index += out[index] == 0x5C ? 2 : 1
        }
        index += 1
      case 0x2F where index + 1 < out.count && out[index + 1] == 0x2F:
        let start = index
        while index < out.count, out[index] != 0x0A { index += 1 }
        blank(start..<index)
      case 0x2F where index + 1 < out.count && out[index + 1] == 0x2A:
        let start = index
        index += 2
        while index + 1 < out.count, !(out[index] == 0x2A && out[index + 1] == 0x2F) { index += 1 }
        index = min(index + 2, out.count)
        blank(start..<index)
      case 0x2C:
        lastComma = index
        index += 1
      case 0x7D, 0x5D:
        if let comma = lastComma { out[comma] = 0x20 }
        lastComma = nil
        index += 1
      case 0x20, 0x09, 0x0A, 0x0D:
        index += 1
      default:
        lastComma = nil
        index += 1
      }
    }
    return out
  }

  /// The settings of a configuration file, in document order. Throws where the file is not
  /// JSON even with comments and trailing commas allowed.
  public static func entries<C: Collection<UInt8>>(_ bytes: C) throws(JSONParseError) -> [Entry] {
    let text = strict(bytes)
    _ = try JSONParser.parse(text)
    var walker = Walker(bytes: text)
    walker.value(path: [])
    return walker.entries
  }

  /// The parsed value of a configuration file, comments and trailing commas allowed.
  public static func parse<C: Collection<UInt8>>(_ bytes: C) throws(JSONParseError) -> JSON {
    try JSONParser.parse(strict(bytes))
  }

  /// Reads a document that `JSONParser` has already accepted, noting where each scalar is.
  private struct Walker {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0
    var entries: [Entry] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func skipSpace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
        if bytes[index] == 0x0A {
          line += 1
          lineStart = index + 1
        }
        index += 1
      }
    }

    /// The characters of the current line up to `counted.end`, so that each column counts only
    /// the bytes since the one before: a line of many values costs no more than many lines.
    var counted = (lineStart: 0, end: 0, characters: 0)

    mutating func column() -> Int {
      if counted.lineStart != lineStart { counted = (lineStart, lineStart, 0) }
      // Columns count characters, not bytes: skip UTF-8 continuation bytes.
      counted.characters += bytes[counted.end..<index].filter { $0 & 0xC0 != 0x80 }.count
      counted.end = index
      return 1 + counted.characters
    }

    mutating func string() -> String {
      index += 1
      var out: [UInt8] = []
      while index < bytes.count, bytes[index] != 0x22 {
        if bytes[index] == 0x5C, index + 1 < bytes.count {
          let escaped = bytes[index + 1]
          switch escaped {
          case 0x6E: out.append(0x0A)
          case 0x74: out.append(0x09)
          case 0x72: out.append(0x0D)
          case 0x75:
            // \uXXXX: keep it as written; settings the audit reads are ASCII.
            out += bytes[index..<min(index + 6, bytes.count)]
            index += 4
          default: out.append(escaped)
          }
          index += 2
        } else {
          out.append(bytes[index])
          index += 1
        }
      }
      index += 1
      return String(decoding: out, as: UTF8.self)
    }

    mutating func value(path: [String]) {
      skipSpace()
      guard index < bytes.count else { return }
      let (startLine, startColumn) = (line, column())
      switch bytes[index] {
      case 0x7B:
        index += 1
        while true {
          skipSpace()
          if index >= bytes.count || bytes[index] == 0x7D { break }
          if bytes[index] == 0x2C {
            index += 1
            continue
          }
          let key = string()
          skipSpace()
          index += 1  // the colon
          value(path: path + [key])
        }
        index += 1
      case 0x5B:
        index += 1
        var item = 0
        while true {
          skipSpace()
          if index >= bytes.count || bytes[index] == 0x5D { break }
          if bytes[index] == 0x2C {
            index += 1
            continue
          }
          value(path: path + [String(item)])
          item += 1
        }
        index += 1
      case 0x22:
        let text = string()
        entries.append(Entry(key: path.joined(separator: ":"), value: text, line: startLine, column: startColumn))
      default:
        let start = index
        while index < bytes.count, ![0x2C, 0x7D, 0x5D, 0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
          index += 1
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if text != "null" {
          entries.append(Entry(key: path.joined(separator: ":"), value: text, line: startLine, column: startColumn))
        }
      }
    }
  }
}
