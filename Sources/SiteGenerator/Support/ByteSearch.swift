import LinkContract

#if canImport(Glibc)
  import Glibc
#endif

/// How many line feeds `bytes` holds, found with memchr.
func newlines(in raw: UnsafeRawBufferPointer) -> Int {
  guard var at = raw.baseAddress else { return 0 }
  let end = at + raw.count
  var count = 0
  while at < end, let found = memchr(at, 0x0A, end - at) {
    count += 1
    at = UnsafeRawPointer(found) + 1
  }
  return count
}

/// The byte offset of the first occurrence of `needle` in `text`.
func byteOffset(of needle: String, in text: Substring) -> Int? {
  text.utf8.withContiguousStorageIfAvailable { firstOffset(of: needle.utf8, in: $0, from: 0) }
    ?? firstOffset(of: needle.utf8, in: Array(text.utf8), from: 0)
}

/// The byte offset of the first `byte` in `text`, found with memchr.
func byteOffset(of byte: UInt8, in text: some StringProtocol) -> Int? {
  text.utf8.withContiguousStorageIfAvailable { firstOffset(of: byte, in: $0, from: 0) }
    ?? text.utf8.firstIndex(of: byte).map { text.utf8.distance(from: text.utf8.startIndex, to: $0) }
}

/// Whether `text` holds `byte`, found with memchr.
func holds(_ byte: UInt8, in text: some StringProtocol) -> Bool { byteOffset(of: byte, in: text) != nil }

/// The offset of the first occurrence of `pattern` in `bytes` at or after `start`; the pattern
/// is read where it is when its bytes are contiguous, as a string's are.
func firstOffset<Pattern: Collection<UInt8>, Bytes: RandomAccessCollection<UInt8>>(
  of pattern: Pattern, in bytes: Bytes, from start: Int
) -> Int? where Bytes.Index == Int {
  if let found = pattern.withContiguousStorageIfAvailable({ firstOffset(ofBytes: $0, in: bytes, from: start) }) {
    return found
  }
  return Array(pattern).withUnsafeBufferPointer { firstOffset(ofBytes: $0, in: bytes, from: start) }
}

private func firstOffset<Bytes: RandomAccessCollection<UInt8>>(
  ofBytes pattern: UnsafeBufferPointer<UInt8>, in bytes: Bytes, from start: Int
) -> Int? where Bytes.Index == Int {
  guard let first = pattern.first, let patternBase = pattern.baseAddress, start >= 0, bytes.count >= pattern.count
  else { return nil }
  if let found = bytes.withContiguousStorageIfAvailable({ contiguous -> Int? in
    // The pattern's least common byte found with memchr, the whole compared with memcmp: prose
    // holds a host's `x` far less often than its `l`, and each byte memchr stops at costs a memcmp.
    guard let base = contiguous.baseAddress, start <= contiguous.count - pattern.count else { return nil }
    let anchor = ByteCommonness.rarest(in: pattern)
    var at = UnsafeRawPointer(base + start + anchor)
    let last = UnsafeRawPointer(base + contiguous.count - pattern.count + anchor)
    while at <= last, let found = memchr(at, Int32(pattern[anchor]), last - at + 1) {
      let candidate = UnsafeRawPointer(found) - anchor
      if memcmp(candidate, patternBase, pattern.count) == 0 { return candidate - UnsafeRawPointer(base) }
      at = UnsafeRawPointer(found) + 1
    }
    return nil
  }) {
    return found
  }
  var start = start
  while start + pattern.count <= bytes.count {
    guard let at = bytes[start...(bytes.count - pattern.count)].firstIndex(of: first) else { return nil }
    if bytes[at..<(at + pattern.count)].elementsEqual(pattern) { return at }
    start = at + 1
  }
  return nil
}

/// How often a byte is met in Markdown prose, as a rank: the space and the common lowercase
/// letters most, then punctuation and Markdown's marks, rare lowercase letters, digits and
/// capitals; bytes of no ASCII character and unusual symbols least.
enum ByteCommonness {
  private static let ranks: [UInt8] = {
    var ranks = [UInt8](repeating: 0, count: 256)
    // Least common first: a later byte ranks higher.
    let ordered = Array(
      "ZQJXKVYWGBFPMUCDLHRSNOE98765432IAT10qzjxkv_|*#>`[](){}/:;'\"\n-,.bygwpfmucdlhrsnioate ".utf8)
    for (rank, byte) in ordered.enumerated() { ranks[Int(byte)] = UInt8(rank + 1) }
    return ranks
  }()

  /// The offset of the first of `pattern`'s least common bytes; 0 for an empty pattern.
  static func rarest(in pattern: UnsafeBufferPointer<UInt8>) -> Int {
    ranks.withUnsafeBufferPointer { ranks in
      var best = 0
      var bestRank = UInt8.max
      for (offset, byte) in pattern.enumerated() where ranks[Int(byte)] < bestRank {
        best = offset
        bestRank = ranks[Int(byte)]
      }
      return best
    }
  }
}

/// The offset of the first `byte` in `bytes` at or after `start`, found with memchr.
func firstOffset(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
  guard let base = bytes.baseAddress, start < bytes.count,
    let found = memchr(base + start, Int32(byte), bytes.count - start)
  else { return nil }
  return UnsafeRawPointer(found) - UnsafeRawPointer(base)
}

extension Substring {
  /// The pieces between each ASCII `separator`, as `split(separator:)` gives them, found in the
  /// UTF-8 rather than by characters.
  func pieces(_ separator: UInt8, maxSplits: Int = .max, omittingEmpty: Bool = true) -> [Substring] {
    utf8.split(separator: separator, maxSplits: maxSplits, omittingEmptySubsequences: omittingEmpty)
      .map { Substring($0) }
  }

  /// The pieces between runs of spaces and tabs.
  var words: [Substring] { utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }).map { Substring($0) } }
}

extension String {
  /// Whether the first of `words` may start with the ASCII byte `first`: false only when the
  /// text starts with another byte that is not a space or a tab. Most code blocks' info strings
  /// are told from a block's name by this, without being split.
  func mayStartWith(_ first: UInt8) -> Bool {
    guard let byte = utf8.first else { return true }
    return byte == first || byte == 0x20 || byte == 0x09
  }

  /// `Substring.pieces`.
  func pieces(_ separator: UInt8, maxSplits: Int = .max, omittingEmpty: Bool = true) -> [Substring] {
    self[...].pieces(separator, maxSplits: maxSplits, omittingEmpty: omittingEmpty)
  }

  /// `Substring.words`.
  var words: [Substring] { self[...].words }
}
