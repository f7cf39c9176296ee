/// The words that make a query key forbidden, grouped by the kind of datum they name, and the
/// one implementation of the word rule (docs/design.md, "Forbidden keys"): a key is split into
/// words at every byte that is not an ASCII letter or digit, at a lower-to-upper case change,
/// before the last capital of a run of capitals that a lower-case letter follows, and between
/// letters and digits; words compare lowercase. The key is forbidden when one of its
/// words, two adjacent words joined, or the whole key with its separators removed is a listed
/// word, or a listed word with a final `s`.
public struct ForbiddenWords: Sendable, Hashable, ExpressibleByArrayLiteral {
  /// The listed words of one kind of datum, in the contract's order: a group the app declares,
  /// such as `Group(id: "travel-documents", title: "Travel documents", words: ["passport"])`.
  public struct Group: Sendable, Hashable {
    /// A stable kebab-case id (`contract.json` gives it as the group's `kind`).
    public let id: String
    /// What the words name, for readers (`Travel documents`).
    public let title: String
    /// The listed words, lowercase letters and digits.
    public let words: [String]

    /// A group of forbidden words with its id and title.
    public init(id: String, title: String, words: [String]) {
      self.id = id
      self.title = title
      self.words = words
    }
  }

  /// The groups, in the contract's order.
  public let groups: [Group]
  /// Every listed word and its plural, packed, in an open-addressed table; empty slots are zero.
  private let table: [Packed]
  private let mask: Int
  /// A bit for the first two bytes of every listed word, so that most candidates cost one load.
  private let bigrams: [UInt64]

  /// The longest word the rule can list: the word and its final `s` must fit one packed value.
  public static let longestWord = Packed.capacity - 1

  /// The forbidden words of these groups.
  public init(_ groups: [Group]) {
    self.groups = groups
    let packed = groups.flatMap(\.words).flatMap { word -> [Packed] in
      let bytes = Array(word.utf8)
      return [Packed(bytes), Packed(bytes + [UInt8(ascii: "s")])].compactMap { $0 }
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
    var bigrams = [UInt64](repeating: 0, count: 1024)
    for value in packed {
      let bigram = Int(truncatingIfNeeded: value.low & 0xFFFF)
      bigrams[bigram >> 6] |= 1 << UInt64(bigram & 63)
    }
    self.bigrams = bigrams
  }

  /// The groups, in the contract's order.
  public init(arrayLiteral groups: Group...) {
    self.init(groups)
  }

  /// The word rule in one sentence, for readers.
  public static let rule =
    "A query key is split into words at every character that is not a letter or digit, at a lower-to-upper case change, before the last capital of a run of capitals that a lower-case letter follows (`CCNumber` is `cc number`) and between letters and digits; it is forbidden, in any case, when one of its words, two adjacent words joined, or the whole key without its separators is a word below or a word below with a final `s`."

  /// Every listed word, group by group.
  public var words: [String] { groups.flatMap(\.words) }

  /// The group of the listed word `word`, if it is listed.
  public func group(of word: String) -> Group? {
    groups.first { $0.words.contains(word) }
  }

  public static func == (a: Self, b: Self) -> Bool { a.groups == b.groups }
  public func hash(into hasher: inout Hasher) { hasher.combine(groups) }

  /// Whether the key `key`, as raw bytes, is forbidden. Reads each byte once and allocates
  /// nothing: the parser's hot path.
  public func matches(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
    bigrams.withUnsafeBufferPointer { bigrams in
      table.withUnsafeBufferPointer { table in
        scan(key, Lookup(table: table, bigrams: bigrams, mask: mask))
      }
    }
  }

  /// The listed-word table as a lookup for one scan.
  private struct Lookup {
    let table: UnsafeBufferPointer<Packed>
    let bigrams: UnsafeBufferPointer<UInt64>
    let mask: Int

    @inline(__always) func listed(_ value: Packed) -> Bool {
      guard value.count >= 2, value.count <= Packed.capacity else { return false }
      let bigram = Int(truncatingIfNeeded: value.low & 0xFFFF)
      guard bigrams[bigram >> 6] & (1 << UInt64(bigram & 63)) != 0 else { return false }
      var slot = value.slot(mask)
      while !table[slot].isEmpty {
        if table[slot] == value { return true }
        slot = (slot + 1) & mask
      }
      return false
    }
  }

  @inline(__always) private func scan(_ key: UnsafeBufferPointer<UInt8>, _ lookup: Lookup) -> Bool {
    var whole = Packed()
    var previous = Packed()
    var current = Packed()
    var previousKind = ByteKind.separator
    var lastLowered: UInt8 = 0
    for byte in key {
      let kind = ByteKind.of(byte)
      if kind == ByteKind.lower, previousKind == ByteKind.upper, current.count >= 2 {
        // A run of capitals that a lower-case letter follows ends before its last capital
        // (`CCNumber` -> `cc number`); the word holds only capitals, since a lower-to-upper
        // change or a digit would have ended it.
        let head = current.droppingLast()
        if lookup.listed(head) || (previous.count > 0 && lookup.listed(previous.joined(head))) { return true }
        previous = head
        current = Packed()
        current.append(lastLowered)
      } else if current.count > 0, ByteKind.splits(previousKind, kind) {
        // A word ends: it alone, and joined to the word before it.
        if lookup.listed(current) || (previous.count > 0 && lookup.listed(previous.joined(current))) { return true }
        previous = current
        current = Packed()
      }
      if kind != ByteKind.separator {
        let lowered = ASCII.lowercased(byte)
        current.append(lowered)
        whole.append(lowered)
        lastLowered = lowered
      }
      previousKind = kind
    }
    if current.count > 0, lookup.listed(current) || (previous.count > 0 && lookup.listed(previous.joined(current))) {
      return true
    }
    return lookup.listed(whole)
  }

  /// Whether the key `key` is forbidden; the same rule as the byte form.
  public func matches<S: StringProtocol>(_ key: S) -> Bool {
    var bytes = Array(key.utf8)
    return bytes.withUnsafeMutableBufferPointer { matches(UnsafeBufferPointer($0)) }
  }

  /// What a byte is to the word rule: a separator, a lowercase or uppercase letter, a digit.
  private enum ByteKind {
    static let separator: UInt8 = 0
    static let lower: UInt8 = 1
    static let upper: UInt8 = 2
    static let digit: UInt8 = 3

    @inline(__always) static func of(_ byte: UInt8) -> UInt8 {
      if ASCII.isLowercase(byte) { return lower }
      if ASCII.isUppercase(byte) { return upper }
      if ASCII.isDigit(byte) { return digit }
      return separator
    }

    /// Bit `4 * previous + next` is set where a word ends between two bytes of these kinds: at a
    /// separator (bits 0, 4, 8, 12), at a lower-to-upper change (6) and between letters and
    /// digits (7, 11, 13, 14). A literal, so that reading it costs no lazy initialization.
    static let splitting: UInt16 = 0b0111_1001_1101_0001

    @inline(__always) static func splits(_ previous: UInt8, _ next: UInt8) -> Bool {
      splitting >> (4 * UInt16(previous) + UInt16(next)) & 1 != 0
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

    /// The value without its last byte.
    @inline(__always) func droppingLast() -> Packed {
      var head = self
      head.count = count - 1
      guard count <= Self.capacity else { return head }
      let index = count - 1
      if index < 8 {
        head.low &= ~(0xFF << (8 * UInt64(index)))
      } else {
        head.high &= ~(0xFF << (8 * UInt64(index - 8)))
      }
      return head
    }

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
  public static func isPlain(_ name: String) -> Bool {
    let bytes = name.utf8
    guard !bytes.isEmpty, bytes.count <= longestPlain else { return false }
    return bytes.withContiguousStorageIfAvailable { $0.allSatisfy(ASCII.isBase64URL) }
      ?? bytes.allSatisfy(ASCII.isBase64URL)
  }

  /// `name` when it is a plain key, otherwise the redacted marker.
  public static func printable(_ name: String) -> String {
    isPlain(name) ? name : redacted
  }
}
