import LinkContract
import Synchronization

/// What the search words' rule makes of a character: whether it ends a token, is trimmed from
/// a token's ends, or belongs in a word's run. For the byte path, the same answers per byte of
/// lowercase UTF-8, for the scalars that are characters of their own (`lowercased`).
enum ScalarClasses {
  /// The kind of a byte's character, under `kind`.
  static let kind: UInt8 = 0b11
  static let other: UInt8 = 0
  static let separator: UInt8 = 1
  static let word: UInt8 = 2
  /// Set for a byte trimmed from a token's ends.
  static let trimmed: UInt8 = 4

  /// Whether a character ends a token: whitespace, or one of the ASCII separators.
  static func isSeparator(_ character: Character) -> Bool {
    if let byte = character.asciiValue { return asciiSeparators[Int(byte)] }
    return character.isWhitespace
  }

  static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII && asciiTrimmed[Int(scalar.value)]
  }

  /// Whether a character belongs in a word's run: a letter or a number.
  static func isWordCharacter(_ character: Character) -> Bool {
    if let byte = character.asciiValue { return LinkContract.ASCII.isAlphanumeric(byte) }
    return character.isLetter || character.isNumber
  }

  /// For each ASCII byte, whether it ends a token, and whether it is trimmed from a token's ends.
  private static let asciiSeparators = table("\t\n\u{0B}\u{0C}\r `*()[]{}<>,;\"'!?")
  private static let asciiTrimmed = table(".:/=&")
  private static func table(_ members: String) -> [Bool] { (0..<128).map { members.utf8.contains(UInt8($0)) } }

  /// The class of a character, as the rule above reads it.
  private static func classOf(_ character: Character) -> UInt8 {
    let kind = isSeparator(character) ? separator : isWordCharacter(character) ? word : other
    guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return kind }
    return kind | (isTrimmed(scalar) ? trimmed : 0)
  }

  /// For each ASCII byte, its class.
  static let asciiClasses: [UInt8] = (0..<128).map { classOf(Character(Unicode.Scalar(UInt8($0)))) }

  /// A scalar beyond ASCII that is a character of its own beside any other: its class, and the
  /// one scalar its lowercase is, as UTF-8.
  struct Simple {
    /// The lowercase's bytes, first in the lowest byte.
    let lowercase: UInt32
    /// How many bytes the lowercase has.
    let count: Int
    let classes: UInt8
  }

  /// The two-byte scalars (U+0080 to U+07FF: Latin, Greek, Cyrillic and more) and the general
  /// punctuation (U+2000 to U+207F: curly quotes, dashes, spaces), each as the standard library
  /// reads it: nil for one that joins a neighbour into one character (a combining mark, a
  /// prepended mark) or whose lowercase is not one such scalar. In blocks of the 64 scalars
  /// that share their UTF-8 but the last byte, each asked of the standard library when a text
  /// first holds one of its scalars: a rebuild of one page asks for a few blocks, not 2,000
  /// scalars.
  private static let blocks: InlineArray<32, Atomic<UInt>> = InlineArray { _ in Atomic(0) }

  /// Block `index`: 0 to 29 for the lead bytes 0xC2 to 0xDF (U+0080 on), 30 and 31 for the
  /// punctuation (U+2000 on).
  private static func block(_ index: Int) -> UnsafePointer<Simple?> {
    if let made = UnsafePointer<Simple?>(bitPattern: blocks[index].load(ordering: .acquiring)) { return made }
    let first = index < 30 ? (index + 2) << 6 : 0x2000 + ((index - 30) << 6)
    let made = UnsafeMutablePointer<Simple?>.allocate(capacity: 64)
    made.initialize(from: (first..<(first + 64)).map(simple), count: 64)
    let (stored, found) = blocks[index].compareExchange(
      expected: 0, desired: UInt(bitPattern: made), ordering: .acquiringAndReleasing)
    guard !stored else { return UnsafePointer(made) }
    // Another thread made the same block first; blocks are kept for the process.
    made.deinitialize(count: 64)
    made.deallocate()
    return UnsafePointer(bitPattern: found)!
  }

  private static func simple(_ value: Int) -> Simple? {
    guard let scalar = Unicode.Scalar(UInt32(value)), standsAlone(scalar) else { return nil }
    let character = Character(scalar)
    let lowercase = String(character).lowercased().unicodeScalars
    guard lowercase.count == 1, let lowered = lowercase.first, lowered == scalar || standsAlone(lowered) else {
      return nil
    }
    let bytes = Array(String(lowered).utf8)
    guard bytes.count <= 3 else { return nil }  // as `lowercased` makes room for
    return Simple(
      lowercase: bytes.reversed().reduce(0) { $0 << 8 | UInt32($1) }, count: bytes.count, classes: classOf(character))
  }

  /// Whether `scalar` is a character of its own both after and before a letter: between two
  /// letters, three characters.
  private static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
    var between = "a"
    between.unicodeScalars.append(scalar)
    between.unicodeScalars.append("a")
    return between.count == 3
  }

  /// How many bytes `lowercased` may write for a text of `count` bytes: a lowercase is at most
  /// one byte longer than its scalar, which is at least two.
  static func room(for count: Int) -> Int { count + count / 2 }

  /// Writes `text` lowercased to the start of `bytes`, and each byte's class to `classes`, both
  /// at least `room(for: text.count)` long: how many bytes it wrote, or nil when a scalar is not
  /// ASCII or `Simple`, or the UTF-8 is not valid.
  static func lowercased(
    _ text: UnsafeBufferPointer<UInt8>, into bytes: UnsafeMutableBufferPointer<UInt8>,
    classes: UnsafeMutableBufferPointer<UInt8>
  ) -> Int? {
    precondition(bytes.count >= room(for: text.count) && classes.count >= room(for: text.count))
    return asciiClasses.withUnsafeBufferPointer { ascii in
      var index = 0
      var out = 0
      func append(_ byte: UInt8, _ kind: UInt8) {
        bytes[out] = byte
        classes[out] = kind
        out += 1
      }
      let raw = UnsafeRawPointer(text.baseAddress)
      let target = UnsafeMutableRawPointer(bytes.baseAddress)
      while index < text.count {
        // Eight ASCII bytes at once, where they are.
        if index + 8 <= text.count, let raw, let target {
          let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
          if word & LinkContract.ASCII.Word.highBits == 0 {
            target.storeBytes(of: LinkContract.ASCII.Word.lowercased(word), toByteOffset: out, as: UInt64.self)
            for offset in 0..<8 { classes[out + offset] = ascii[Int(text[index + offset])] }
            index += 8
            out += 8
            continue
          }
        }
        let lead = text[index]
        if lead < 0x80 {
          append(LinkContract.ASCII.lowercased(lead), ascii[Int(lead)])
          index += 1
          continue
        }
        let found: Simple?
        if (0xC2...0xDF).contains(lead), index + 1 < text.count, text[index + 1] & 0xC0 == 0x80 {
          found = block(Int(lead) - 0xC2)[Int(text[index + 1] & 0x3F)]
          index += 2
        } else if lead == 0xE2, index + 2 < text.count, (0x80...0x81).contains(text[index + 1]),
          text[index + 2] & 0xC0 == 0x80
        {
          found = block(30 + Int(text[index + 1] & 0x01))[Int(text[index + 2] & 0x3F)]
          index += 3
        } else {
          found = nil
        }
        guard let found else { return nil }
        append(UInt8(truncatingIfNeeded: found.lowercase), found.classes)
        for shift in stride(from: 8, to: found.count * 8, by: 8) {
          append(UInt8(truncatingIfNeeded: found.lowercase >> shift), found.classes)
        }
      }
      return out
    }
  }

  /// 0x01 in each byte of a word loaded from eight bytes, to spread a byte's value over all eight.
  private static let eachByte: UInt64 = 0x0101_0101_0101_0101

  /// The classes of lowercase ASCII text's bytes: a word's are `a`-`z` and `0`-`9`.
  struct ASCII: ByteClasses {
    let table = ScalarClasses.asciiClasses
    var isASCII: Bool { true }
    subscript(index: Int, bytes: UnsafeBufferPointer<UInt8>) -> UInt8 { table[Int(bytes[index])] }

    func wordRunEnd(from start: Int, to end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
      var index = start
      if let base = bytes.baseAddress.map(UnsafeRawPointer.init) {
        while index + 8 <= end {
          let outside = Self.notAlphanumeric(base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
          if outside != 0 { return index + outside.trailingZeroBitCount / 8 }
          index += 8
        }
      }
      while index < end, table[Int(bytes[index])] & kind == word { index += 1 }
      return index
    }

    /// Bit 7 set in each byte of `word` (eight ASCII bytes, none of them A-Z) that is not a
    /// lowercase letter or a digit, and in no other. For a byte below 0x80, adding
    /// 0x80 - `low` sets bit 7 from `low` on, and 0x80 + `high` less it keeps bit 7 up to
    /// `high`; neither carries into the next byte.
    static func notAlphanumeric(_ word: UInt64) -> UInt64 {
      func within(_ low: UInt8, _ high: UInt8) -> UInt64 {
        (word &+ eachByte &* UInt64(0x80 - low)) & (eachByte &* UInt64(0x80 + high) &- word)
      }
      return ~(within(0x61, 0x7A) | within(0x30, 0x39)) & LinkContract.ASCII.Word.highBits
    }
  }

  /// The classes `lowercased` gave.
  struct Decoded: ByteClasses {
    let bytes: UnsafeBufferPointer<UInt8>
    var isASCII: Bool { false }
    subscript(index: Int, text: UnsafeBufferPointer<UInt8>) -> UInt8 { bytes[index] }

    func wordRunEnd(from start: Int, to end: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
      var index = start
      if let base = bytes.baseAddress.map(UnsafeRawPointer.init) {
        let ones = eachByte
        while index + 8 <= end {
          // Zero in each byte whose kind is a word's; bit 0 then marks the others.
          let other = (base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & (ones &* 3)) ^ (ones &* 2)
          let marked = (other | other >> 1) & ones
          if marked != 0 { return index + marked.trailingZeroBitCount / 8 }
          index += 8
        }
      }
      while index < end, bytes[index] & kind == word { index += 1 }
      return index
    }
  }
}

/// The class of each byte of a lowercase UTF-8 text (`ScalarClasses`).
protocol ByteClasses {
  /// Whether every byte is a character.
  var isASCII: Bool { get }
  subscript(index: Int, bytes: UnsafeBufferPointer<UInt8>) -> UInt8 { get }
  /// The first index from `start` up to `end` whose byte of `bytes` is not of a word's run
  /// (`ScalarClasses.word`), or `end`: eight bytes a step.
  func wordRunEnd(from start: Int, to end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int
}
