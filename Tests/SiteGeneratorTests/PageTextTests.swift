import DesignFixture
import Testing

@testable import SiteGenerator

/// A page file's bytes read as text: plain ASCII takes a word-at-a-time path that must read
/// every file exactly as the byte-by-byte check does.
@Suite struct PageTextTests {
  /// Bytes that are plain, that a page cannot hold, and that start or continue UTF-8.
  static let alphabet: [UInt8] = [
    0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x41, 0x7E, 0x7F, 0x80, 0x85, 0xBE, 0xBF, 0xC3, 0xA9, 0xE2, 0xEF, 0xF0,
  ]
  /// Whole UTF-8 sequences: letters and quotes a page holds, U+FFFE and U+FFFF it cannot, and
  /// a surrogate, which is not UTF-8.
  static let sequences: [[UInt8]] = [
    [0xC3, 0xA9], [0xE2, 0x80, 0x99], [0xF0, 0x9F, 0x99, 0x82], [0xEF, 0xBF, 0xBE], [0xEF, 0xBF, 0xBF],
    [0xEF, 0xBF, 0xBD], [0xED, 0xA0, 0x80],
  ]

  @Test("Plain ASCII, valid UTF-8 and any other bytes read the same both ways", arguments: 0..<8)
  func fastPathMatchesCheck(_ seed: Int) {
    var random = SplitMix64(name: "page text \(seed)")
    for round in 0..<400 {
      // Mostly plain text, so that the word-at-a-time paths are taken often.
      let plainOnly = round % 3 == 0
      let bytes = (0..<Int.random(in: 0..<40, using: &random)).flatMap { _ -> [UInt8] in
        let pick = Int.random(in: 0..<20, using: &random)
        return plainOnly || pick > 2
          ? [[0x09, 0x0A, 0x0D, 0x20, 0x61, 0x7F].randomElement(using: &random)!]
          : pick > 0
            ? Self.sequences.randomElement(using: &random)! : [Self.alphabet.randomElement(using: &random)!]
      }
      let fast = PageText(bytes)
      let checked = PageText(checking: bytes)
      #expect(fast.text == checked.text, "round \(round): \(bytes)")
      #expect(fast.problems.map(\.message) == checked.problems.map(\.message), "round \(round): \(bytes)")
      #expect(fast.problems.map(\.line) == checked.problems.map(\.line), "round \(round): \(bytes)")
      #expect(fast.problems.map(\.column) == checked.problems.map(\.column), "round \(round): \(bytes)")
      let plain = bytes.allSatisfy { ($0 >= 0x20 && $0 < 0x80) || [9, 10, 13].contains($0) }
      #expect(PageText.isPlainASCII(bytes) == plain, "round \(round): \(bytes)")
    }
  }
}
