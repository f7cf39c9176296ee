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
    switch Self.survey(source) {
    case .plainASCII:
      self.init(plain: String(decoding: source, as: UTF8.self))
    case .showable:
      if let text = String(validating: source, as: UTF8.self) {
        self.init(plain: text)
      } else {
        self.init(checking: source)
      }
    case .unshowable:
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
  /// and U+0020 to U+007F), which need no closer look.
  static func isPlainASCII(_ bytes: [UInt8]) -> Bool { survey(bytes) == .plainASCII }

  /// What a first look at a file's bytes finds.
  enum Survey {
    /// ASCII characters a page can hold.
    case plainASCII
    /// No control character and, read as UTF-8, neither U+FFFE nor U+FFFF (EF BF BE, EF BF BF):
    /// nothing `init(checking:)` reports but invalid UTF-8.
    case showable
    /// A character a page cannot hold.
    case unshowable
  }

  /// `bytes` looked at eight a step.
  static func survey(_ bytes: [UInt8]) -> Survey {
    bytes.withUnsafeBytes { raw in
      func unshowable(at: Int) -> Bool {
        (raw[at] < 0x20 && !isPlain(raw[at]))
          || (raw[at] == 0xEF && at + 2 < raw.count && raw[at + 1] == 0xBF && raw[at + 2] & 0xFE == 0xBE)
      }
      var seen: UInt64 = 0
      var offset = 0
      while offset + 8 <= raw.count {
        let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        seen |= word
        if ASCII.Word.marking(below: 0x20, in: word & ~ASCII.Word.highBits) != 0
          || ASCII.Word.marking(0xEF, in: word) != 0,
          (offset..<(offset + 8)).contains(where: unshowable)
        {
          return .unshowable
        }
        offset += 8
      }
      for at in offset..<raw.count {
        seen |= UInt64(raw[at])
        if unshowable(at: at) { return .unshowable }
      }
      return seen & ASCII.Word.highBits == 0 ? .plainASCII : .showable
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
