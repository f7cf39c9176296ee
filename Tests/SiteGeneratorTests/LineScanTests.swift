import DesignFixture
import Testing

@testable import SiteGenerator

/// A body's lines and their marks, found with memchr passes, are what reading each line finds.
@Suite struct LineScanTests {
  /// Each line as read from its text: `~`, `:` or `www.` mark an extension, `|` a pipe.
  static func expected(_ text: String) -> (lines: [Range<Int>], marks: [UInt8]) {
    var lines: [Range<Int>] = []
    var marks: [UInt8] = []
    var start = 0
    for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      let bytes = Array(line)
      lines.append(start..<start + bytes.count)
      start += bytes.count + 1
      let string = String(decoding: bytes, as: UTF8.self)
      var mark: UInt8 = 0
      if string.contains("~") || string.contains(":") || string.contains("www.") { mark |= 1 }
      if string.contains("|") { mark |= 2 }
      marks.append(mark)
    }
    return (lines, marks)
  }

  static func scanned(_ text: String) -> (lines: [Range<Int>], marks: [UInt8]) {
    var text = text
    let (lines, marks) = text.withUTF8 { MarkdownDocument.scan($0) }
    return (lines, marks.map(\.rawValue))
  }

  @Test(
    "Lines and marks",
    arguments: [
      "", "\n", "\n\n", "plain", "plain\n", "a~b", "x\n~", "a: b\nc | d\n", "see www.example.com", "ww.w www",
      "ww\nw.", "www.", ".www.", "a.b.c\nwww\n.", "| a | b |\n|---|---|\n| 1 | 2 |", "~~x~~ and | and : on one line",
      "é~\nü|\n日本:", "\n\nwww.\n\n",
    ])
  func cases(_ text: String) {
    let found = Self.scanned(text)
    let wanted = Self.expected(text)
    #expect(found.lines == wanted.lines, "\(text.debugDescription)")
    #expect(found.marks == wanted.marks, "\(text.debugDescription)")
  }

  @Test("Random bodies", arguments: 0..<40)
  func random(_ seed: Int) {
    var generator = SplitMix64(seed: UInt64(seed))
    let alphabet = Array("ww.w\n~:| ab\n".utf8)
    let length = Int.random(in: 0..<300, using: &generator)
    let text = String(decoding: (0..<length).map { _ in alphabet.randomElement(using: &generator)! }, as: UTF8.self)
    let found = Self.scanned(text)
    let wanted = Self.expected(text)
    #expect(found.lines == wanted.lines && found.marks == wanted.marks, "\(text.debugDescription)")
  }
}
