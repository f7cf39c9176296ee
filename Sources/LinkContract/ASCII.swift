/// Byte tests on ASCII, shared by the contract's checks and the modules built on it: the one
/// home of case folding, hex digits and the URI-scheme grammar.
public enum ASCII {
  /// Whether `byte` is `[0-9]`.
  @inlinable public static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
  /// Whether `byte` is `[a-z]`.
  @inlinable public static func isLowercase(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "a") < 26 }
  /// Whether `byte` is `[A-Z]`.
  @inlinable public static func isUppercase(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "A") < 26 }
  /// Whether `byte` is `[A-Za-z]`.
  @inlinable public static func isLetter(_ byte: UInt8) -> Bool {
    // Setting 0x20 folds A-Z onto a-z.
    isLowercase(byte | 0x20)
  }
  /// Whether `byte` is `[0-9A-Za-z]`.
  @inlinable public static func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) }
  @inlinable static func isBase64URL(_ byte: UInt8) -> Bool {
    isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
  }

  /// `byte` with A-Z folded onto a-z.
  @inlinable public static func lowercased(_ byte: UInt8) -> UInt8 { isUppercase(byte) ? byte | 0x20 : byte }
  /// `text` with A-Z folded onto a-z and every other byte as it is.
  public static func lowercased(_ text: some StringProtocol) -> String {
    String(decoding: text.utf8.map(lowercased), as: UTF8.self)
  }

  /// The value of the hex digit `byte` (`[0-9A-Fa-f]`), or nil.
  @inlinable public static func hexValue(_ byte: UInt8) -> UInt8? {
    if isDigit(byte) { return byte &- UInt8(ascii: "0") }
    let folded = byte | 0x20
    return folded &- UInt8(ascii: "a") < 6 ? folded &- UInt8(ascii: "a") + 10 : nil
  }

  /// Whether `byte` may follow the first letter of a URI scheme (RFC 3986: letters, digits,
  /// `+`, `-` and `.`).
  @inlinable public static func isSchemeCharacter(_ byte: UInt8) -> Bool {
    isAlphanumeric(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }
  /// Whether `bytes` are a URI scheme (RFC 3986): a letter, then letters, digits, `+`, `-` or `.`.
  public static func isScheme(_ bytes: some Collection<UInt8>) -> Bool {
    guard let first = bytes.first, isLetter(first) else { return false }
    return bytes.allSatisfy(isSchemeCharacter)
  }
}

extension ASCII {
  /// Tests of eight bytes at once, a word loaded from memory: each answers with bit 7 set in
  /// the bytes it finds. A byte above a found one may be marked too, so an answer is exact only
  /// as a whole: zero, or not.
  public enum Word {
    /// Bit 7 of every byte.
    public static let highBits: UInt64 = 0x8080_8080_8080_8080
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101

    /// The bytes of `word` equal to `byte`.
    @inlinable public static func marking(_ byte: UInt8, in word: UInt64) -> UInt64 {
      let difference = word ^ (ones &* UInt64(byte))
      return (difference &- ones) & ~difference & highBits
    }

    /// `word`, whose bytes are all ASCII, with A-Z folded onto a-z.
    @inlinable public static func lowercased(_ word: UInt64) -> UInt64 {
      // For bytes below 0x80, adding 0x3F sets the high bit from `A` on and adding 0x25 from
      // `[` on, carrying into no other byte; the bits that differ mark A-Z, and 0x80 >> 2 is
      // the 0x20 that folds them.
      let upper = ((word &+ 0x3F3F_3F3F_3F3F_3F3F) ^ (word &+ 0x2525_2525_2525_2525)) & highBits
      return word | (upper >> 2)
    }

    /// The bytes of `word` below `bound`, which is at most 0x80.
    @inlinable public static func marking(below bound: UInt8, in word: UInt64) -> UInt64 {
      (word &- ones &* UInt64(bound)) & ~word & highBits
    }
  }
}
