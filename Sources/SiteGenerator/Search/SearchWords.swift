import LinkContract

extension SearchIndex {
  /// Lowercase words of `texts`, each once, in first-seen order, separated by spaces: runs of
  /// letters and digits, and also whole dotted or dashed runs (`docs.example.org`, `extra-field`).
  static func words(_ texts: [String]) -> String { words(texts, then: "") }

  /// `words(texts + more)`, where `later` is `words(more)`, made before.
  static func words(_ texts: [String], then later: String) -> String {
    var reader = WordReader(textBytes: texts.reduce(0) { $0 + $1.utf8.count })
    for text in texts {
      var text = text
      text.withUTF8 { reader.add($0) }
    }
    guard reader.seen.count > 0 else { return later }
    // `later` holds each word once, so only the words before it can repeat one of its words.
    return later.isEmpty ? reader.seen.joined : reader.seen.joined(thenUnseen: later)
  }

  /// Writes `text` with A-Z folded onto a-z, eight bytes a step, to the start of `lowered`,
  /// which is at least as long; false when a byte is not ASCII.
  static func asciiLowercased(_ text: UnsafeBufferPointer<UInt8>, into lowered: UnsafeMutableBufferPointer<UInt8>)
    -> Bool
  {
    precondition(lowered.count >= text.count)
    guard let source = text.baseAddress, let target = lowered.baseAddress else { return true }
    var seenBits: UInt64 = 0
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
    return seenBits & ASCII.Word.highBits == 0
  }

  /// The words of any text, by characters: each token, trimmed, then its runs of letters and
  /// numbers, lowercase and longer than one character. This is the rule; `WordReader.add` reads most
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
  static func lowercaseWords(
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
        end = classes.wordRunEnd(from: end, to: bytes.count, in: bytes)
        guard end < bytes.count, kind(end) != ScalarClasses.separator else { break }
        alphanumeric = false  // neither a word's byte nor a separator
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
          let partEnd = classes.wordRunEnd(from: part, to: high, in: bytes)
          insert(part..<partEnd)
          part = partEnd
        }
      }
      start = end
    }
  }
}
