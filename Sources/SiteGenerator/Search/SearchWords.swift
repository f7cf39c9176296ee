import Foundation
import LinkContract

/// Lowercase words, each kept once, in first-seen order, compared as bytes and kept as one
/// string of words separated by spaces, as the search index holds them: a section holds a few
/// dozen distinct words among thousands, and a `Set<String>` would make a string and hash it
/// with SipHash for every one of them.
struct WordSet {
  /// Where a word is in `bytes`, and its hash.
  private struct Word {
    let start: Int32
    let count: Int32
    let hash: UInt64
  }

  /// The words, each after a space but the first.
  private var bytes: [UInt8] = []
  /// The words in insertion order.
  private var words: [Word] = []
  /// Open addressing: a word's index + 1, or 0 for an empty slot.
  private var slots: [Int32]

  /// A set for the words of `textBytes` bytes of prose: about one distinct word in ten bytes,
  /// so that a section's words rarely outgrow it.
  init(textBytes: Int) { self.init(capacity: max(16, textBytes / 10)) }

  init(capacity: Int = 64) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    slots = Array(repeating: 0, count: size)
    bytes.reserveCapacity(capacity * 8)
    words.reserveCapacity(capacity)
  }

  var count: Int { words.count }

  /// Adds `word`, which is lowercase already, unless it is there already.
  mutating func insert(_ word: UnsafeBufferPointer<UInt8>) {
    let hash = Self.hash(word)
    guard let slot = emptySlot(for: word, hash: hash) else { return }
    add(word, hash: hash, slot: slot)
  }

  /// Adds `word` as it is, unless it is there already.
  mutating func insert(_ word: some Collection<UInt8>) {
    let copy = Array(word)
    copy.withUnsafeBufferPointer { insert($0) }
  }

  func contains(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
    // A set of a few words (a heading's, a summary's) is looked through rather than hashed.
    if words.count <= 8 {
      return words.contains { known in
        Int(known.count) == word.count
          && bytes.withUnsafeBufferPointer { stored in
            word.isEmpty || memcmp(stored.baseAddress! + Int(known.start), word.baseAddress!, word.count) == 0
          }
      }
    }
    return emptySlot(for: word, hash: Self.hash(word)) == nil
  }

  private static func hash(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var digest = InputDigest()
    digest.add(bytes: UnsafeRawBufferPointer(word))
    return digest.value
  }

  /// The empty slot `word` would take, or nil when it is a word of the set already.
  private func emptySlot(for word: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
    slots.withUnsafeBufferPointer { slots in
      words.withUnsafeBufferPointer { words in
        bytes.withUnsafeBufferPointer { stored in
          let mask = slots.count - 1
          var slot = Int(truncatingIfNeeded: hash) & mask
          while slots[slot] != 0 {
            let known = words[Int(slots[slot]) - 1]
            if known.hash == hash, Int(known.count) == word.count,
              word.isEmpty || memcmp(stored.baseAddress! + Int(known.start), word.baseAddress!, word.count) == 0
            {
              return nil
            }
            slot = (slot + 1) & mask
          }
          return slot
        }
      }
    }
  }

  private mutating func add(_ word: UnsafeBufferPointer<UInt8>, hash: UInt64, slot: Int) {
    if !words.isEmpty { bytes.append(UInt8(ascii: " ")) }
    let start = bytes.count
    bytes.append(contentsOf: word)
    words.append(Word(start: Int32(start), count: Int32(word.count), hash: hash))
    slots[slot] = Int32(words.count)
    if words.count * 2 > slots.count { grow() }
  }

  private mutating func grow() {
    slots = Array(repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for (index, word) in words.enumerated() {
      var slot = Int(truncatingIfNeeded: word.hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(index + 1)
    }
  }

  /// The words, in the order they were added, separated by spaces.
  var joined: String { String(decoding: bytes, as: UTF8.self) }

  /// `joined`, then each word of `later` (words separated by spaces) that is not in the set:
  /// `later`'s bytes are copied in runs between the words the set has.
  func joined(thenUnseen later: String) -> String {
    var result = bytes
    result.reserveCapacity(result.count + later.utf8.count + 1)
    var later = later
    later.withUTF8 { later in
      func keep(_ run: Range<Int>) {
        guard !run.isEmpty else { return }
        if !result.isEmpty { result.append(UInt8(ascii: " ")) }
        result.append(contentsOf: UnsafeBufferPointer(rebasing: later[run]))
      }
      var run = 0
      var start = 0
      while start < later.count {
        let end = later[start...].firstIndex(of: UInt8(ascii: " ")) ?? later.count
        if contains(UnsafeBufferPointer(rebasing: later[start..<end])) {
          keep(run..<max(run, start - 1))
          run = end + 1
        }
        start = end + 1
      }
      keep(run..<max(run, later.count))
    }
    return String(decoding: result, as: UTF8.self)
  }
}

extension SearchIndex {
  /// Lowercase words of `texts`, each once, in first-seen order, separated by spaces: runs of
  /// letters and digits, and also whole dotted or dashed runs (`links.example.com`, `extra-field`).
  static func words(_ texts: [String]) -> String { words(texts, then: "") }

  /// `words` of texts given as UTF-8.
  static func words(utf8 texts: [[UInt8]]) -> String {
    var seen = WordSet(textBytes: texts.reduce(0) { $0 + $1.count })
    for text in texts { text.withUnsafeBufferPointer { addWords($0, into: &seen) } }
    return seen.joined
  }

  /// Adds the words of a text given as UTF-8 to `seen`. Prose is mostly ASCII: ASCII runs are
  /// read as bytes, with the same separators, trimming and word rule as the character path,
  /// which takes only the whitespace-delimited pieces that hold another character (`don’t`,
  /// `“quoted”`, `Zoë`), so one curly quote does not send a whole section to it.
  static func addWords(_ text: UnsafeBufferPointer<UInt8>, into seen: inout WordSet) {
    if let lowered = asciiLowercased(text) {
      lowered.withUnsafeBufferPointer { asciiLowercaseWords($0, into: &seen) }
      return
    }
    func bytes(_ range: Range<Int>) {
      guard !range.isEmpty, let lowered = asciiLowercased(UnsafeBufferPointer(rebasing: text[range])) else { return }
      lowered.withUnsafeBufferPointer { asciiLowercaseWords($0, into: &seen) }
    }
    // A piece ends at ASCII whitespace between two ASCII bytes: a separator on both paths and a
    // grapheme boundary on both sides (only CR LF joins ASCII, and both are whitespace).
    var run = 0
    var piece = 0
    var other = false
    for index in 0..<text.count {
      let byte = text[index]
      if byte >= 0x80 {
        other = true
        continue
      }
      guard byte == 0x20 || (0x09...0x0D).contains(byte), index == 0 || text[index - 1] < 0x80,
        index + 1 == text.count || text[index + 1] < 0x80
      else { continue }
      if other {
        bytes(run..<piece)
        characterWords(String(decoding: UnsafeBufferPointer(rebasing: text[piece...index]), as: UTF8.self), into: &seen)
        run = index + 1
      }
      piece = index + 1
      other = false
    }
    if other {
      bytes(run..<piece)
      characterWords(String(decoding: UnsafeBufferPointer(rebasing: text[piece...]), as: UTF8.self), into: &seen)
    } else {
      bytes(run..<text.count)
    }
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
        // For bytes below 0x80, adding 0x3F sets the high bit from `A` on and adding 0x25 from
        // `[` on, carrying into no other byte; the bits that differ mark A-Z, and 0x80 >> 2 is
        // the 0x20 that folds them.
        let upper = ((word &+ 0x3F3F_3F3F_3F3F_3F3F) ^ (word &+ 0x2525_2525_2525_2525)) & ASCII.Word.highBits
        out.storeBytes(of: word | (upper >> 2), toByteOffset: offset, as: UInt64.self)
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

  /// The words of any text, by characters: each token, trimmed, then its runs of letters and
  /// numbers, lowercase and longer than one character.
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
    runs(text[...], separatedBy: isSeparator) { token in
      // Trimmed by Unicode scalars, as a `CharacterSet` trims.
      let scalars = token.unicodeScalars
      var start = scalars.startIndex
      var end = scalars.endIndex
      while start < end, isTrimmed(scalars[start]) { start = scalars.index(after: start) }
      while end > start, isTrimmed(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
      let trimmed = start == scalars.startIndex && end == scalars.endIndex ? token : String(scalars[start..<end])[...]
      keep(trimmed)
      runs(trimmed, separatedBy: { !isWordCharacter($0) }) { part in
        if part.startIndex != trimmed.startIndex || part.endIndex != trimmed.endIndex { keep(part) }
      }
    }
  }

  /// Whether a character ends a token: whitespace, or one of the ASCII separators.
  private static func isSeparator(_ character: Character) -> Bool {
    if let byte = character.asciiValue { return separators[Int(byte)] }
    return character.isWhitespace
  }

  private static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII && trimmed[Int(scalar.value)]
  }

  /// Whether a character belongs in a word's run: a letter or a number.
  private static func isWordCharacter(_ character: Character) -> Bool {
    if let byte = character.asciiValue { return ASCII.isAlphanumeric(byte) }
    return character.isLetter || character.isNumber
  }

  /// ASCII bytes that end a token, and those trimmed from its ends.
  private static let separators: [Bool] = (0..<128).map { byte in
    (0x09...0x0D).contains(byte) || byte == 0x20 || Array("`*()[]{}<>,;\"'!?".utf8).contains(UInt8(byte))
  }
  private static let trimmed: [Bool] = (0..<128).map { Array(".:/=&".utf8).contains(UInt8($0)) }
  /// For each ASCII byte, 1 when it ends a token, 2 when it is a letter or digit.
  private static let tokenClasses: [UInt8] = (0..<128).map { byte in
    separators[byte] ? 1 : ASCII.isAlphanumeric(UInt8(byte)) ? 2 : 0
  }

  /// `characterWords` for ASCII `bytes`.
  static func asciiWords(_ text: UnsafeBufferPointer<UInt8>, into seen: inout WordSet) {
    // Lowering first leaves every separator, trimmed byte, letter and digit what it was.
    guard let lowered = asciiLowercased(text) else { preconditionFailure("asciiWords reads ASCII text") }
    lowered.withUnsafeBufferPointer { asciiLowercaseWords($0, into: &seen) }
  }

  /// `asciiWords` for ASCII `bytes` that hold no uppercase letter.
  private static func asciiLowercaseWords(_ bytes: UnsafeBufferPointer<UInt8>, into seen: inout WordSet) {
    tokenClasses.withUnsafeBufferPointer { classes in
      trimmed.withUnsafeBufferPointer { trimmed in
        var start = 0
        while start < bytes.count {
          while start < bytes.count, classes[Int(bytes[start])] == 1 { start += 1 }
          var end = start
          var alphanumeric = true
          while end < bytes.count {
            let kind = classes[Int(bytes[end])]
            if kind == 1 { break }
            if kind == 0 { alphanumeric = false }
            end += 1
          }
          if start < end, alphanumeric {
            // The token is its own only part.
            if end - start > 1 { seen.insert(UnsafeBufferPointer(rebasing: bytes[start..<end])) }
          } else if start < end {
            var low = start
            var high = end
            while low < high, trimmed[Int(bytes[low])] { low += 1 }
            while high > low, trimmed[Int(bytes[high - 1])] { high -= 1 }
            if high - low > 1 { seen.insert(UnsafeBufferPointer(rebasing: bytes[low..<high])) }
            var part = low
            while part < high {
              while part < high, !ASCII.isAlphanumeric(bytes[part]) { part += 1 }
              var partEnd = part
              while partEnd < high, ASCII.isAlphanumeric(bytes[partEnd]) { partEnd += 1 }
              if partEnd - part > 1 { seen.insert(UnsafeBufferPointer(rebasing: bytes[part..<partEnd])) }
              part = partEnd
            }
          }
          start = end
        }
      }
    }
  }
}
