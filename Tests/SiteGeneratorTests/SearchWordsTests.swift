import DesignFixture
import Testing

@testable import SiteGenerator

/// The search index's words: the byte path that ASCII text takes gives what the character path
/// gives any text, and merging words made before keeps each word once, in first-seen order.
@Suite struct SearchWordsTests {
  static func byCharacters(_ text: String) -> String {
    var seen = WordSet()
    SearchIndex.characterWords(text, into: &seen)
    return seen.joined
  }

  /// The words of ASCII text, which `WordReader.add` reads by its ASCII path.
  static func byBytes(_ text: String) -> String {
    precondition(text.utf8.allSatisfy { $0 < 0x80 }, "byBytes reads ASCII text")
    var reader = WordReader()
    var text = text
    text.withUTF8 { reader.add($0) }
    return reader.seen.joined
  }

  @Test(
    "Words of a text, lowercase, once each, whole dotted or dashed runs and their parts",
    arguments: [
      ("See docs.example.org and DOCS.example.org.", "see docs.example.org docs example org and"),
      ("`extra-field` (extra-field), a b c", "extra-field extra field"),
      ("utm_source=x&y=2: done!", "utm_source=x&y=2 utm source done"),
      ("", ""),
    ])
  func words(_ text: String, _ expected: String) {
    #expect(SearchIndex.words([text]) == expected)
    #expect(Self.byCharacters(text) == expected)
  }

  /// Characters that separate, trim or join words, and letters of both cases.
  static let alphabet = Array("aAbZz09 .-_:/=&`*()[]{}<>,;\"'!?\t\n~#")

  @Test("ASCII text read as bytes gives the words read as characters", arguments: 0..<8)
  func bytesMatchCharacters(_ seed: Int) {
    var random = SplitMix64(name: "words \(seed)")
    for round in 0..<300 {
      let text = random.string(Self.alphabet, count: random.int(0...59))
      #expect(Self.byBytes(text) == Self.byCharacters(text), "round \(round): \(text.debugDescription)")
    }
  }

  /// The alphabet with letters, quotes, dashes, spaces and marks beyond ASCII, a combining
  /// accent and a prepended mark among them.
  static let mixed =
    alphabet
    + [
      "’", "“", "”", "—", "–", "…", "é", "É", "ř", "Ł", "Å", "Ø", "ß", "Σ", "ς", "Ж", "\u{023A}", "ª", "ŉ", "ı",
      "\u{00A0}", "\u{0085}", "\u{00AD}", "\u{2003}", "\u{2028}", "Ω", "\u{0301}", "\u{0600}", "İ", "中", "🙂",
    ].map(Character.init)

  static func byAddWords(_ text: String) -> String {
    var reader = WordReader()
    var bytes = text
    bytes.withUTF8 { reader.add($0) }
    return reader.seen.joined
  }

  @Test("Text with other characters gives, piece by piece, the words read as characters", arguments: 0..<8)
  func mixedMatchesCharacters(_ seed: Int) {
    var random = SplitMix64(name: "mixed words \(seed)")
    for round in 0..<300 {
      let text = random.string(Self.mixed, count: random.int(0...59))
      #expect(Self.byAddWords(text) == Self.byCharacters(text), "round \(round): \(text.debugDescription)")
    }
  }

  @Test(
    "Every scalar the byte path may read gives the words read as characters, beside letters, marks and separators",
    arguments: [0x80..<0x400, 0x400..<0x800, 0x2000..<0x2080])
  func scalarsMatchCharacters(_ values: Range<UInt32>) {
    for value in values {
      let scalar = String(Unicode.Scalar(value)!)
      for text in [
        scalar, "A\(scalar)b", "\(scalar)\(scalar)Q", "x.\(scalar).", "\(scalar)\u{0301}e", "Ab-\(scalar)-cd ef",
        "\(scalar) \(scalar)9",
      ] {
        #expect(
          Self.byAddWords(text) == Self.byCharacters(text), "U+\(String(value, radix: 16)): \(text.debugDescription)")
      }
    }
  }

  @Test("Merging words made before gives the words of all the texts", arguments: 0..<4)
  func mergedMatchesAll(_ seed: Int) {
    var random = SplitMix64(name: "merge \(seed)")
    func text() -> String {
      random.string(Self.alphabet, count: random.int(0...79))
    }
    for round in 0..<300 {
      let (first, second, third) = (text(), text(), text())
      let later = SearchIndex.words([second, third])
      #expect(
        SearchIndex.words([first], then: later) == SearchIndex.words([first, second, third]),
        "round \(round): \(first.debugDescription) then \(later.debugDescription)")
    }
  }

  @Test("Words made before are merged after the new ones, each word once")
  func merged() {
    let later = SearchIndex.words(["Checkout cart, checkout session"])
    #expect(later == "checkout cart session")
    #expect(SearchIndex.words(["Cart order"], then: later) == "cart order checkout session")
    #expect(SearchIndex.words([""], then: later) == later)
    #expect(SearchIndex.words(["Cart"], then: "") == "cart")
  }

  @Test("ASCII is lowered eight bytes a step as byte by byte; any other byte gives nil", arguments: 0..<20)
  func lowered(_ length: Int) {
    // Every ASCII byte at every place of a text `length` long.
    for byte in UInt8(0)..<0x80 {
      for place in 0..<max(length, 1) where length > 0 {
        var text = Array(repeating: UInt8(ascii: "Q"), count: length)
        text[place] = byte
        #expect(
          Self.asciiLowercased(text) == text.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 },
          "byte \(byte) at \(place) of \(length)")
        text[place] = 0x80 | byte
        #expect(Self.asciiLowercased(text) == nil, "byte \(0x80 | byte) at \(place)")
      }
    }
    #expect(Self.asciiLowercased([]) == [])
  }

  @Test(
    "A word's run ends, eight bytes a step, where reading its bytes' classes one by one ends it",
    arguments: 1..<20)
  func wordRunEnds(_ length: Int) {
    // A run of a word's bytes with any other byte or class at any place, read from any start.
    func expectSame(_ classes: some ByteClasses, _ bytes: [UInt8], _ label: String) {
      bytes.withUnsafeBufferPointer { bytes in
        for start in 0...length {
          var expected = start
          while expected < length, classes[expected, bytes] & ScalarClasses.kind == ScalarClasses.word {
            expected += 1
          }
          #expect(classes.wordRunEnd(from: start, to: length, in: bytes) == expected, "\(label) from \(start)")
        }
      }
    }
    for place in 0..<length {
      for byte in UInt8(0)..<0x80 where !(0x41...0x5A).contains(byte) {
        var text = Array("abz09xy7qm".utf8.prefix(length))
        text += Array(repeating: UInt8(ascii: "k"), count: length - text.count)
        text[place] = byte
        expectSame(ScalarClasses.ASCII(), text, "ASCII byte \(byte) at \(place) of \(length)")
      }
      for kind in [ScalarClasses.other, ScalarClasses.separator, ScalarClasses.trimmed, ScalarClasses.word | 4] {
        var classes = Array(repeating: ScalarClasses.word, count: length)
        classes[place] = kind
        classes.withUnsafeBufferPointer { buffer in
          expectSame(ScalarClasses.Decoded(bytes: buffer), classes, "class \(kind) at \(place) of \(length)")
        }
      }
    }
  }

  /// `SearchIndex.asciiLowercased` into a buffer as long as `text`, which it must fill.
  static func asciiLowercased(_ text: [UInt8]) -> [UInt8]? {
    var lowered = Array(repeating: UInt8(0xFF), count: text.count)
    let ascii = text.withUnsafeBufferPointer { text in
      lowered.withUnsafeMutableBufferPointer { SearchIndex.asciiLowercased(text, into: $0) }
    }
    return ascii ? lowered : nil
  }

  @Test("One reader for a page's sections gives each section the words read as characters", arguments: 0..<4)
  func readerKeepsNothingBetweenSections(_ seed: Int) {
    var random = SplitMix64(name: "reader \(seed)")
    var reader = WordReader()
    for round in 0..<200 {
      // Sections long and short, ASCII and not, so that buffers and slots are reused grown.
      let texts = (0..<random.int(0...3)).map { _ in
        random.string(random.int(0...1) == 0 ? Self.alphabet : Self.mixed, count: random.int(0...400))
      }
      var expected = WordSet()
      for text in texts { SearchIndex.characterWords(text, into: &expected) }
      #expect(
        reader.words(utf8: texts.map { Array($0.utf8) }) == expected.joined, "round \(round): \(texts.debugDescription)"
      )
    }
  }

  @Test("A word set keeps each word once, in first-seen order, as a set of strings does", arguments: 0..<6)
  func wordSetKeepsEachWordOnce(_ seed: Int) {
    // Words of two letters and of every length to 12: many share all but one byte, or one
    // length, or start as another ends, around the 4 and 8 bytes the set reads at once.
    var random = SplitMix64(name: "word set \(seed)")
    var seen = WordSet(capacity: 1)
    var expected: [String] = []
    var known = Set<String>()
    for _ in 0..<2_000 {
      let word = random.string(Array("ab"), count: random.int(1...12))
      let bytes = Array(word.utf8)
      bytes.withUnsafeBufferPointer { seen.insert($0) }
      if known.insert(word).inserted { expected.append(word) }
      #expect(bytes.withUnsafeBufferPointer { seen.contains($0) }, "\(word) is in the set")
    }
    #expect(seen.count == expected.count)
    #expect(seen.joined == expected.joined(separator: " "))
  }
}
