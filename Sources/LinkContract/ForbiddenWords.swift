/// The words that make a query key forbidden, grouped by the kind of datum they name, and the
/// one implementation of the word rule (docs/design.md, "Forbidden keys"): a key is split into
/// words at every byte that is not an ASCII letter or digit, at a lower-to-upper case change and
/// between letters and digits; words compare lowercase. The key is forbidden when one of its
/// words, two adjacent words joined, or the whole key with its separators removed is a listed
/// word, or a listed word with a final `s`.
public struct ForbiddenWords: Sendable, Hashable, ExpressibleByDictionaryLiteral {
  /// The listed words of one kind, in the contract's order.
  public struct Group: Sendable, Hashable {
    public let kind: SecretCategory
    public let words: [String]

    public init(kind: SecretCategory, words: [String]) {
      self.kind = kind
      self.words = words
    }
  }

  public let groups: [Group]
  /// Every listed word and its plural, packed, in an open-addressed table; empty slots are zero.
  private let table: [Packed]
  private let mask: Int

  /// The longest word the rule can list: the word and its final `s` must fit one packed value.
  public static let longestWord = Packed.capacity - 1

  public init(_ groups: [Group]) {
    self.groups = groups
    let packed = groups.flatMap(\.words).flatMap { word -> [Packed] in
      let bytes = Array(word.utf8)
      return [Packed(bytes), Packed(bytes + [0x73])].compactMap { $0 }
    }
    var size = 16
    while size < 4 * packed.count { size *= 2 }
    var table = [Packed](repeating: Packed(), count: size)
    for value in packed {
      var slot = value.slot(size - 1)
      while !table[slot].isEmpty, table[slot] != value { slot = (slot + 1) & (size - 1) }
      table[slot] = value
    }
    self.table = table
    mask = size - 1
  }

  public init(dictionaryLiteral elements: (SecretCategory, [String])...) {
    self.init(elements.map { Group(kind: $0.0, words: $0.1) })
  }

  /// The word rule in one sentence, for readers.
  public static let rule =
    "A query key is split into words at every character that is not a letter or digit, at a lower-to-upper case change and between letters and digits; it is forbidden, in any case, when one of its words, two adjacent words joined, or the whole key without its separators is a word below or a word below with a final `s`."

  /// Every listed word, kind by kind.
  public var words: [String] { groups.flatMap(\.words) }

  /// The kind of the listed word `word`, if it is listed.
  public func kind(of word: String) -> SecretCategory? {
    groups.first { $0.words.contains(word) }?.kind
  }

  public static func == (a: Self, b: Self) -> Bool { a.groups == b.groups }
  public func hash(into hasher: inout Hasher) { hasher.combine(groups) }

  /// Whether the key `key`, as raw bytes, is forbidden. Reads each byte once and allocates
  /// nothing: the parser's hot path.
  public func matches(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
    table.withUnsafeBufferPointer { table in
      func listed(_ value: Packed) -> Bool {
        guard value.count >= 2, value.count <= Packed.capacity else { return false }
        var slot = value.slot(mask)
        while !table[slot].isEmpty {
          if table[slot] == value { return true }
          slot = (slot + 1) & mask
        }
        return false
      }
      var whole = Packed()
      var previous = Packed()
      var current = Packed()
      var previousClass = ByteKind.separator
      // Ends the current word: checks it alone and joined to the word before it.
      func endWord() -> Bool {
        guard current.count > 0 else { return false }
        if listed(current) || (previous.count > 0 && listed(previous.joined(current))) { return true }
        previous = current
        current = Packed()
        return false
      }
      for byte in key {
        let kind = ByteKind(byte)
        switch (previousClass, kind) {
        case (_, .separator): if endWord() { return true }
        case (.lower, .upper), (.lower, .digit), (.upper, .digit), (.digit, .lower), (.digit, .upper):
          if endWord() { return true }
        default: break
        }
        if kind != .separator {
          let lowered = byte | (kind == .upper ? 0x20 : 0)
          current.append(lowered)
          whole.append(lowered)
        }
        previousClass = kind
      }
      return endWord() || listed(whole)
    }
  }

  /// Whether the key `key` is forbidden; the same rule as the byte form.
  public func matches<S: StringProtocol>(_ key: S) -> Bool {
    var bytes = Array(key.utf8)
    return bytes.withUnsafeMutableBufferPointer { matches(UnsafeBufferPointer($0)) }
  }

  /// What a byte is to the word rule.
  private enum ByteKind {
    case lower, upper, digit, separator

    @inline(__always) init(_ byte: UInt8) {
      switch byte {
      case 0x61...0x7A: self = .lower
      case 0x41...0x5A: self = .upper
      case 0x30...0x39: self = .digit
      default: self = .separator
      }
    }
  }

  /// Up to `capacity` bytes in two words, first byte lowest; `count` goes on past the capacity,
  /// so that a longer run is known to be longer than any listed word.
  private struct Packed: Sendable, Hashable {
    static let capacity = 16
    var low: UInt64 = 0
    var high: UInt64 = 0
    var count = 0

    init() {}

    init?(_ bytes: [UInt8]) {
      guard bytes.count <= Self.capacity else { return nil }
      for byte in bytes { append(byte) }
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always) mutating func append(_ byte: UInt8) {
      if count < 8 {
        low |= UInt64(byte) << (8 * UInt64(count))
      } else if count < Self.capacity {
        high |= UInt64(byte) << (8 * UInt64(count - 8))
      }
      count += 1
    }

    /// `self` followed by `other`, with a count past the capacity when they do not fit.
    @inline(__always) func joined(_ other: Packed) -> Packed {
      var result = self
      result.count = count + other.count
      guard result.count <= Self.capacity else { return result }
      let shift = 8 * UInt64(count)
      if count < 8 {
        result.low |= other.low << shift
        result.high |= other.high << shift | (count == 0 ? 0 : other.low >> (64 - shift))
      } else {
        result.high |= other.low << (shift - 64)
      }
      return result
    }

    @inline(__always) func slot(_ mask: Int) -> Int {
      var h = (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(count)
      h ^= h >> 29
      return Int(truncatingIfNeeded: h) & mask
    }
  }
}

/// How a field name taken from a link is printed: as it is when it is a plain key, otherwise
/// as `redacted`, so that a value run into a key (`lat:51.5072`) never leaks.
public enum FieldName {
  /// What any output prints in place of a field name that is not a plain key.
  public static let redacted = "[redacted-field]"
  /// The longest plain key, in bytes.
  public static let longestPlain = 64

  /// Whether `name` is a plain key: 1 to 64 bytes of ASCII letters, digits, `_` and `-`.
  public static func isPlain<S: StringProtocol>(_ name: S) -> Bool {
    let bytes = name.utf8
    return !bytes.isEmpty && bytes.count <= longestPlain && bytes.allSatisfy(ASCII.isBase64URL)
  }

  /// `name` when it is a plain key, otherwise the redacted marker.
  public static func printable<S: StringProtocol>(_ name: S) -> String {
    isPlain(name) ? String(name) : redacted
  }
}
