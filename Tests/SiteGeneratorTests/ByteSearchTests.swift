import DesignFixture
import Testing

@testable import SiteGenerator

/// A search for bytes answers as reading every offset in turn would, whichever of the
/// pattern's bytes it looks for first.
@Suite struct ByteSearchTests {
  /// The first offset at or after `start` where `pattern` is, read one offset after another.
  static func naive(_ pattern: [UInt8], in text: [UInt8], from start: Int) -> Int? {
    guard !pattern.isEmpty, start >= 0, text.count >= pattern.count, start <= text.count - pattern.count else {
      return nil
    }
    return (start...(text.count - pattern.count)).first { Array(text[$0..<($0 + pattern.count)]) == pattern }
  }

  @Test("Every occurrence is found in order, from any start", arguments: 0..<40)
  func occurrences(seed: Int) {
    var random = SplitMix64(name: "byte search \(seed)")
    // Few distinct bytes, common and rare, so that patterns occur and overlap.
    let alphabet = Array("ee  ax.1Zé".utf8)
    let text = (0..<random.int(0...300)).map { _ in random.pick(alphabet) }
    let pattern: [UInt8]
    if !text.isEmpty, random.bool() {
      let start = random.int(0...(text.count - 1))
      pattern = Array(text[start..<min(text.count, start + random.int(1...6))])
    } else {
      pattern = (0..<random.int(1...4)).map { _ in random.pick(alphabet) }
    }
    let first = random.int(0...4)
    func all(_ search: (Int) -> Int?) -> [Int] {
      var offsets: [Int] = []
      var start = first
      while let offset = search(start) {
        offsets.append(offset)
        start = offset + 1
      }
      return offsets
    }
    let found = all { firstOffset(of: pattern, in: text, from: $0) }
    let expected = all { Self.naive(pattern, in: text, from: $0) }
    #expect(found == expected, "pattern \(pattern) in \(text.count) bytes")
  }
}
