/// Reads the search words of texts into its word set, its buffers kept from one text to the
/// next: a page's sections are read with one reader.
struct WordReader {
  var seen: WordSet
  /// The text being read, lowercased, and the class of each of its bytes.
  private var lowered: [UInt8] = []
  private var classes: [UInt8] = []

  init(textBytes: Int = 0) { seen = WordSet(textBytes: textBytes) }

  /// The words of `texts` given as UTF-8 (`SearchIndex.words`), the set emptied first.
  mutating func words(utf8 texts: [[UInt8]]) -> String {
    seen.removeAll(textBytes: texts.reduce(0) { $0 + $1.count })
    for text in texts { text.withUnsafeBufferPointer { add($0) } }
    return seen.joined
  }

  /// Adds the words of a text given as UTF-8: `characterWords`' rule, read as bytes where every
  /// character is one scalar whose class and lowercase the standard library gives
  /// (`ScalarClasses`: ASCII, the Latin, Greek and Cyrillic letters, curly quotes, dashes), so
  /// that prose with `don’t`, `Zoë` or `—` stays on the byte path. Only the whitespace-delimited
  /// pieces holding any other character (a combining mark, CJK, an emoji) are read by characters.
  mutating func add(_ text: UnsafeBufferPointer<UInt8>) {
    Self.makeRoom(&lowered, text.count)
    let ascii = lowered.withUnsafeMutableBufferPointer { SearchIndex.asciiLowercased(text, into: $0) }
    if ascii {
      // Lowering first leaves every separator, trimmed byte, letter and digit what it was.
      lowered.withUnsafeBufferPointer {
        SearchIndex.lowercaseWords(
          UnsafeBufferPointer(rebasing: $0[..<text.count]), classes: ScalarClasses.ASCII(), into: &seen)
      }
    } else if !addByScalars(text) {
      // A piece ends at ASCII whitespace between two ASCII bytes: a separator on both paths and a
      // grapheme boundary on both sides (only CR LF joins ASCII, and both are whitespace).
      var piece = 0
      for index in 0..<text.count where Self.isPieceEnd(text, index) {
        addPiece(UnsafeBufferPointer(rebasing: text[piece..<index]))
        piece = index + 1
      }
      addPiece(UnsafeBufferPointer(rebasing: text[piece...]))
    }
  }

  private static func isPieceEnd(_ text: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
    let byte = text[index]
    return (byte == 0x20 || (0x09...0x0D).contains(byte)) && (index == 0 || text[index - 1] < 0x80)
      && (index + 1 == text.count || text[index + 1] < 0x80)
  }

  private mutating func addPiece(_ piece: UnsafeBufferPointer<UInt8>) {
    guard !piece.isEmpty, !addByScalars(piece) else { return }
    SearchIndex.characterWords(String(decoding: piece, as: UTF8.self), into: &seen)
  }

  /// Adds the words of `text` read as scalars, when every one of them is its own character with
  /// a known class and lowercase; false, adding nothing, when one is not.
  private mutating func addByScalars(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let room = ScalarClasses.room(for: text.count)
    Self.makeRoom(&lowered, room)
    Self.makeRoom(&classes, room)
    let count = lowered.withUnsafeMutableBufferPointer { lowered in
      classes.withUnsafeMutableBufferPointer { ScalarClasses.lowercased(text, into: lowered, classes: $0) }
    }
    guard let count else { return false }
    lowered.withUnsafeBufferPointer { lowered in
      classes.withUnsafeBufferPointer {
        SearchIndex.lowercaseWords(
          UnsafeBufferPointer(rebasing: lowered[..<count]), classes: ScalarClasses.Decoded(bytes: $0), into: &seen)
      }
    }
    return true
  }

  /// Makes `buffer` at least `count` bytes long; what it holds is left to be written over.
  private static func makeRoom(_ buffer: inout [UInt8], _ count: Int) {
    if buffer.count < count { buffer = Array(repeating: 0, count: max(count, buffer.count * 2)) }
  }
}
