import LinkContract

extension SearchIndex {
  /// Lowercase words of `texts`, each once, in first-seen order, separated by spaces: runs of
  /// letters and digits, and also whole dotted or dashed runs (`docs.example.org`, `extra-field`).
  static func words(_ texts: [String]) -> String { words(texts, then: "") }

  /// `words` of texts given as UTF-8.
  static func words(utf8 texts: [[UInt8]]) -> String {
    var seen = WordSet(textBytes: texts.reduce(0) { $0 + $1.count })
    for text in texts { text.withUnsafeBufferPointer { addWords($0, into: &seen) } }
    return seen.joined
  }

  /// `words(texts + more)`, where `later` is `words(more)`, made before.
  static func words(_ texts: [String], then later: String) -> String {
    var seen = WordSet(textBytes: texts.reduce(0) { $0 + $1.utf8.count })
    for text in texts {
      var text = text
      text.withUTF8 { addWords($0, into: &seen) }
    }
    guard seen.count > 0 else { return later }
    // `later` holds each word once, so only the words before it can repeat one of its words.
    return later.isEmpty ? seen.joined : seen.joined(thenUnseen: later)
  }

  /// Adds the words of a text given as UTF-8 to `seen`: `characterWords`' rule, read as bytes
  /// where every character is one scalar whose class and lowercase the standard library gives
  /// (`ScalarClasses`: ASCII, the Latin, Greek and Cyrillic letters, curly quotes, dashes), so
  /// that prose with `don’t`, `Zoë` or `—` stays on the byte path. Only the whitespace-delimited
  /// pieces holding any other character (a combining mark, CJK, an emoji) are read by characters.
  static func addWords(_ text: UnsafeBufferPointer<UInt8>, into seen: inout WordSet) {
    if let lowered = asciiLowercased(text) {
      // Lowering first leaves every separator, trimmed byte, letter and digit what it was.
      lowered.withUnsafeBufferPointer { lowercaseWords($0, classes: ScalarClasses.ASCII(), into: &seen) }
    } else if !wordsByScalars(text, into: &seen) {
      // A piece ends at ASCII whitespace between two ASCII bytes: a separator on both paths and a
      // grapheme boundary on both sides (only CR LF joins ASCII, and both are whitespace).
      var piece = 0
      for index in 0..<text.count where isPieceEnd(text, index) {
        addPiece(UnsafeBufferPointer(rebasing: text[piece..<index]), into: &seen)
        piece = index + 1
      }
      addPiece(UnsafeBufferPointer(rebasing: text[piece...]), into: &seen)
    }
  }

  private static func isPieceEnd(_ text: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
    let byte = text[index]
    return (byte == 0x20 || (0x09...0x0D).contains(byte)) && (index == 0 || text[index - 1] < 0x80)
      && (index + 1 == text.count || text[index + 1] < 0x80)
  }

  private static func addPiece(_ piece: UnsafeBufferPointer<UInt8>, into seen: inout WordSet) {
    guard !piece.isEmpty, !wordsByScalars(piece, into: &seen) else { return }
    characterWords(String(decoding: piece, as: UTF8.self), into: &seen)
  }

  /// Adds the words of `text` read as scalars, when every one of them is its own character with
  /// a known class and lowercase; false, adding nothing, when one is not.
  private static func wordsByScalars(_ text: UnsafeBufferPointer<UInt8>, into seen: inout WordSet) -> Bool {
    guard let (lowered, classes) = ScalarClasses.lowercased(text) else { return false }
    lowered.withUnsafeBufferPointer { lowered in
      classes.withUnsafeBufferPointer {
        lowercaseWords(lowered, classes: ScalarClasses.Decoded(bytes: $0), into: &seen)
      }
    }
    return true
  }

  /// `text` with A-Z folded onto a-z, eight bytes a step; nil when a byte is not ASCII.
  static func asciiLowercased(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    var seenBits: UInt64 = 0
    let lowered = [UInt8](unsafeUninitializedCapacity: text.count) { buffer, count in
      count = 0
      guard let source = text.baseAddress, let target = buffer.baseAddress else { return }
      let raw = UnsafeRawPointer(source)
      let out = UnsafeMutableRawPointer(target)
      var offset = 0
      while offset + 8 <= text.count {
        let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        seenBits |= word
        // Folded as ASCII whatever the bytes are; the bits seen say afterwards whether they were.
        out.storeBytes(of: ASCII.Word.lowercased(word), toByteOffset: offset, as: UInt64.self)
        offset += 8
      }
      while offset < text.count {
        seenBits |= UInt64(source[offset])
        target[offset] = ASCII.lowercased(source[offset])
        offset += 1
      }
      count = text.count
    }
    return seenBits & ASCII.Word.highBits == 0 ? lowered : nil
  }

  /// The words of any text, by characters: each token, trimmed, then its runs of letters and
  /// numbers, lowercase and longer than one character. This is the rule; `addWords` reads most
  /// text as bytes with the same result.
  static func characterWords(_ text: String, into seen: inout WordSet) {
    func keep(_ word: Substring) {
      let lower = word.lowercased()
      if lower.count > 1 { seen.insert(lower.utf8) }
    }
    /// Each run of `text` of characters that are not `separator`.
    func runs(_ text: Substring, separatedBy separator: (Character) -> Bool, _ body: (Substring) -> Void) {
      var start = text.startIndex
      while start < text.endIndex {
        guard !separator(text[start]) else {
          start = text.index(after: start)
          continue
        }
        var end = text.index(after: start)
        while end < text.endIndex, !separator(text[end]) { end = text.index(after: end) }
        body(text[start..<end])
        start = end
      }
    }
    runs(text[...], separatedBy: ScalarClasses.isSeparator) { token in
      // Trimmed by Unicode scalars, as a `CharacterSet` trims.
      let scalars = token.unicodeScalars
      var start = scalars.startIndex
      var end = scalars.endIndex
      while start < end, ScalarClasses.isTrimmed(scalars[start]) { start = scalars.index(after: start) }
      while end > start, ScalarClasses.isTrimmed(scalars[scalars.index(before: end)]) {
        end = scalars.index(before: end)
      }
      let trimmed = start == scalars.startIndex && end == scalars.endIndex ? token : String(scalars[start..<end])[...]
      keep(trimmed)
      runs(trimmed, separatedBy: { !ScalarClasses.isWordCharacter($0) }) { part in
        if part.startIndex != trimmed.startIndex || part.endIndex != trimmed.endIndex { keep(part) }
      }
    }
  }

  /// `characterWords` for lowercase UTF-8 `bytes`, each of which `classes` says what it is.
  private static func lowercaseWords(
    _ bytes: UnsafeBufferPointer<UInt8>, classes: some ByteClasses, into seen: inout WordSet
  ) {
    /// Inserts the word in `range` when it has more than one character. Each scalar here is a
    /// character, and a range starts at a scalar: it has more than one when it is longer than
    /// its first scalar.
    func insert(_ range: Range<Int>) {
      guard !range.isEmpty else { return }
      let lead = bytes[range.lowerBound]
      let first = classes.isASCII || lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      if range.count > first { seen.insert(UnsafeBufferPointer(rebasing: bytes[range])) }
    }
    func kind(_ index: Int) -> UInt8 { classes[index, bytes] & ScalarClasses.kind }
    var start = 0
    while start < bytes.count {
      while start < bytes.count, kind(start) == ScalarClasses.separator { start += 1 }
      var end = start
      var alphanumeric = true
      while end < bytes.count {
        let kind = kind(end)
        if kind == ScalarClasses.separator { break }
        if kind != ScalarClasses.word { alphanumeric = false }
        end += 1
      }
      if start < end, alphanumeric {
        insert(start..<end)  // the token is its own only part
      } else if start < end {
        var low = start
        var high = end
        while low < high, classes[low, bytes] & ScalarClasses.trimmed != 0 { low += 1 }
        while high > low, classes[high - 1, bytes] & ScalarClasses.trimmed != 0 { high -= 1 }
        insert(low..<high)
        var part = low
        while part < high {
          while part < high, kind(part) != ScalarClasses.word { part += 1 }
          var partEnd = part
          while partEnd < high, kind(partEnd) == ScalarClasses.word { partEnd += 1 }
          insert(part..<partEnd)
          part = partEnd
        }
      }
      start = end
    }
  }
}
