import LinkContract

// `Diagnostic`, `Severity`, `[Diagnostic].report` and `errorCount` live in LinkContract
// (Diagnostic.swift), shared by every command.

/// The values that Content's links give to the contract's forbidden keys (`?password=…`,
/// `&access_token=…`), which no diagnostic may echo, whatever part of a page it quotes. Only a
/// link's query or fragment item counts (its key right after `?`, `&` or `#`): a word that
/// follows `key=` in prose or code (`Name=http-tokens,Values=optional`) is no secret.
struct ForbiddenValues {
  let contract: Contract
  private(set) var values: Set<String> = []
  /// The lengths of the values that start with each six bytes (`prefixKey`), longest first.
  private var lengths: [UInt64: [Int]] = [:]

  /// What a diagnostic shows in place of a forbidden value.
  static let marker = "[redacted]"
  /// Values shorter than this are redacted only where they follow their key: replacing a
  /// short value everywhere would garble ordinary words of the message.
  static let shortest = 6

  /// The values in `sources` of at most `longest` bytes, the most a message to redact holds:
  /// a longer one cannot be quoted whole.
  init(in sources: [String], contract: Contract, longest: Int = .max) {
    self.contract = contract
    for source in sources {
      let bytes = Array(source.utf8)
      // Two readings of where a value ends: at the first delimiter, or, in a query, at the
      // next item or the end of the link. The first is a prefix of the second, so redacting
      // both breaks any quote of either.
      Self.forEachValue(in: bytes, contract: contract) { start, short, long in
        for end in [short, long] where end - start >= Self.shortest && end - start <= longest {
          values.insert(String(decoding: bytes[start..<end], as: UTF8.self))
        }
      }
    }
    for value in values {
      lengths[Self.prefixKey(value.utf8), default: []].append(value.utf8.count)
    }
    for key in lengths.keys { lengths[key] = Set(lengths[key]!).sorted(by: >) }
  }

  /// The first `shortest` bytes of `bytes`, packed.
  private static func prefixKey(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var key: UInt64 = 0
    for (offset, byte) in bytes.prefix(shortest).enumerated() { key |= UInt64(byte) << (8 * UInt64(offset)) }
    return key
  }

  /// `diagnostics` with every forbidden value replaced by the marker: at each place of a
  /// message, the longest value that starts there, found by its first bytes, so that a
  /// message costs its length whatever the number of values.
  func redacting(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.map { diagnostic in
      var message = values.isEmpty ? diagnostic.message : redactingValues(diagnostic.message)
      message = redactingAfterKeys(message)
      guard message != diagnostic.message else { return diagnostic }
      return diagnostic.with(message: message)
    }
  }

  private func redactingValues(_ message: String) -> String {
    let bytes = Array(message.utf8)
    var result: [UInt8] = []
    var replaced = false
    var index = 0
    while index < bytes.count {
      if index + Self.shortest <= bytes.count,
        let candidates = lengths[Self.prefixKey(bytes[index..<(index + Self.shortest)])],
        let length = candidates.first(where: {
          index + $0 <= bytes.count && values.contains(String(decoding: bytes[index..<(index + $0)], as: UTF8.self))
        })
      {
        if !replaced {
          result = Array(bytes[..<index])
          replaced = true
        }
        result += Self.marker.utf8
        index += length
        continue
      }
      if replaced { result.append(bytes[index]) }
      index += 1
    }
    return replaced ? String(decoding: result, as: UTF8.self) : message
  }

  /// `message` with the value after each forbidden `?key=`, `&key=` or `#key=` in it
  /// replaced, however short.
  private func redactingAfterKeys(_ message: String) -> String {
    let bytes = Array(message.utf8)
    var ranges: [Range<Int>] = []
    Self.forEachValue(in: bytes, contract: contract) { start, short, _ in
      if short > start, !bytes[start...].starts(with: Self.marker.utf8) { ranges.append(start..<short) }
    }
    guard !ranges.isEmpty else { return message }
    var result: [UInt8] = []
    var next = 0
    for range in ranges where range.lowerBound >= next {
      result += bytes[next..<range.lowerBound]
      result += Self.marker.utf8
      next = range.upperBound
    }
    result += bytes[next...]
    return String(decoding: result, as: UTF8.self)
  }

  /// Calls `body` with the start of each forbidden key's value in `bytes` and its two ends.
  /// The ends are looked for once and again only once passed, so that a line of many keys is
  /// read once.
  private static func forEachValue(
    in bytes: [UInt8], contract: Contract, _ body: (_ start: Int, _ short: Int, _ long: Int) -> Void
  ) {
    var index = 0
    var (nextShort, nextLong, nextArrow) = (-1, -1, -1)
    while let equals = bytes[index...].firstIndex(of: 0x3D) {
      index = equals + 1
      // `key = value`, with a space, is code or prose, not a link's query.
      guard index < bytes.count, bytes[index] > 0x20, namesForbiddenKey(bytes, before: equals, contract: contract)
      else { continue }
      if nextShort < index { nextShort = bytes[index...].firstIndex(where: endsValue) ?? bytes.endIndex }
      if nextLong < index {
        nextLong = bytes[index...].firstIndex { $0 == 0x26 || $0 == 0x23 || $0 == 0x0A } ?? bytes.endIndex
      }
      if nextArrow < index { nextArrow = firstArrow(in: bytes, from: index, before: bytes.count) ?? bytes.count }
      body(index, nextShort, nextArrow + 4 <= nextLong ? nextArrow : nextLong)
    }
  }

  /// Whether the text before the `=` at `equals` names a forbidden key of a link's query or
  /// fragment. The key reaches back to the query's `?`, the previous `&`, a `#`, an `=` or the
  /// line's start (a lone carriage return is part of the key), and must start after one of the
  /// first three; it is forbidden when it, or a part of it that starts after punctuation or a
  /// space, is, by the contract's word rule. A part's words are the key's own, so only the
  /// rule's whole key without separators, at most `ForbiddenWords.longestWord` letters and
  /// digits and a final `s`, asks for a part to be read alone.
  private static func namesForbiddenKey(_ bytes: [UInt8], before equals: Int, contract: Contract) -> Bool {
    var start = equals
    while start > 0, ![0x3F, 0x26, 0x23, 0x3D, 0x0A].contains(bytes[start - 1]) { start -= 1 }
    guard start > 0, [0x3F, 0x26, 0x23].contains(bytes[start - 1]) else { return false }
    if bytes[start..<equals].withUnsafeBufferPointer({ contract.forbiddenKeys.matches($0) }) { return true }
    var candidate = equals
    var letters = 0
    while candidate > start, letters <= ForbiddenWords.longestWord + 1 {
      candidate -= 1
      if ASCII.isAlphanumeric(bytes[candidate]) {
        letters += 1
      } else if bytes[candidate..<equals].withUnsafeBufferPointer({ contract.forbiddenKeys.matches($0) }) {
        return true
      }
    }
    return false
  }

  private static func endsValue(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x26, 0x23, 0x3B, 0x60, 0x22, 0x27, 0x28, 0x29, 0x3C, 0x3E, 0x2C, 0x5B, 0x5D: true
    default: byte <= 0x20
    }
  }

  private static func firstArrow(in bytes: [UInt8], from start: Int, before end: Int) -> Int? {
    var i = start
    while i + 4 <= end {
      if bytes[i] == 0x20, bytes[i + 1] == 0x2D, bytes[i + 2] == 0x3E, bytes[i + 3] == 0x20 { return i }
      i += 1
    }
    return nil
  }
}
