import LinkContract

/// A file's bytes read as a page's text, with what is wrong with them by line and byte column.
/// Invalid UTF-8 leaves no text: the first bad sequence is reported and nothing after it is
/// read. A character that XML, and so a page, cannot hold (a C0 control other than tab, line
/// feed and carriage return; U+FFFE, U+FFFF) is reported and read as spaces of the same
/// length, so that the rest of the file is still checked at its true columns.
struct PageText {
  private(set) var text: String?
  private(set) var problems: [(line: Int, column: Int, message: String)] = []

  init(_ source: [UInt8]) {
    if Self.isPlainASCII(source) {
      self.init(plain: String(decoding: source, as: UTF8.self))
    } else if !Self.holdsUnshowable(source), let text = String(validating: source, as: UTF8.self) {
      self.init(plain: text)
    } else {
      self.init(checking: source)
    }
  }

  private init(plain text: String) { self.text = text }

  /// `init(_:)` byte by byte, for any bytes.
  init(checking source: [UInt8]) {
    var bytes = source
    var line = 1
    var lineStart = 0
    var index = 0
    func unshowable(_ scalar: String, length: Int) {
      problems.append((line, index - lineStart + 1, "the character \(scalar) cannot appear in a page; remove it"))
      for k in index..<(index + length) { bytes[k] = UInt8(ascii: " ") }
    }
    func notUTF8() {
      problems.append((line, index - lineStart + 1, "the file is not valid UTF-8"))
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 {
        if byte == UInt8(ascii: "\n") {
          line += 1
          lineStart = index + 1
        } else if byte < 0x20, byte != UInt8(ascii: "\t"), byte != UInt8(ascii: "\r") {
          unshowable((byte < 0x10 ? "U+000" : "U+00") + String(byte, radix: 16, uppercase: true), length: 1)
        }
        index += 1
        continue
      }
      guard case .success(let length) = UTF8Sequence.length(in: bytes, at: index) else {
        notUTF8()
        return
      }
      // U+FFFE and U+FFFF are EF BF BE and EF BF BF.
      if length == 3, byte == 0xEF, bytes[index + 1] == 0xBF, bytes[index + 2] & 0xFE == 0xBE {
        unshowable(bytes[index + 2] == 0xBE ? "U+FFFE" : "U+FFFF", length: length)
      }
      index += length
    }
    text = String(decoding: bytes, as: UTF8.self)
  }

  /// Whether `bytes` are all ASCII characters a page can hold (tab, line feed, carriage return
  /// and U+0020 to U+007F), which need no closer look. Eight bytes a step.
  static func isPlainASCII(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset + 8 <= raw.count {
        let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        if word & ASCII.Word.highBits != 0 { return false }
        if ASCII.Word.marking(below: 0x20, in: word) != 0 {
          for byte in raw[offset..<(offset + 8)] where !isPlain(byte) { return false }
        }
        offset += 8
      }
      return raw[offset...].allSatisfy(isPlain)
    }
  }

  /// Whether `bytes` hold a control character or, as UTF-8, U+FFFE or U+FFFF (EF BF BE and
  /// EF BF BF): what `init(checking:)` reports besides invalid UTF-8.
  static func holdsUnshowable(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset + 8 <= raw.count {
        let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        if ASCII.Word.marking(below: 0x20, in: word & ~ASCII.Word.highBits) != 0 {
          for byte in raw[offset..<(offset + 8)] where byte < 0x20 && !isPlain(byte) { return true }
        }
        if ASCII.Word.marking(0xEF, in: word) != 0 {
          for at in offset..<(offset + 8) where raw[at] == 0xEF && at + 2 < raw.count {
            if raw[at + 1] == 0xBF, raw[at + 2] & 0xFE == 0xBE { return true }
          }
        }
        offset += 8
      }
      for at in offset..<raw.count {
        if raw[at] < 0x20, !isPlain(raw[at]) { return true }
        if raw[at] == 0xEF, at + 2 < raw.count, raw[at + 1] == 0xBF, raw[at + 2] & 0xFE == 0xBE { return true }
      }
      return false
    }
  }

  private static func isPlain(_ byte: UInt8) -> Bool {
    (byte >= 0x20 && byte < 0x80) || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
      || byte == UInt8(ascii: "\r")
  }

  /// The problems as diagnostics of the file at `path`.
  func diagnostics(path: String) -> [Diagnostic] {
    problems.map { Diagnostic(id: .textInvalid, path: path, line: $0.line, column: $0.column, message: $0.message) }
  }
}
