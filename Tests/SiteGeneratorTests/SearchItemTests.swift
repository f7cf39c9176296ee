import DesignFixture
import Testing

@testable import SiteGenerator

/// A page's items in the static search index are written as bytes (`SearchIndex.appendItem`);
/// the items the search page builds in its document (`SearchIndex.item`) are the reference.
@Suite struct SearchItemTests {
  static let texts = [
    "", "Plain", "A <b> & \"c\"", "`code` first", "last `code`", "``", "`open", "a `b` c `d` e", "tab\there",
    "line\nbreak", "é 😀",
  ]

  @Test("An item is written as the document writes it", arguments: SearchEntry.Kind.allCases)
  func item(_ kind: SearchEntry.Kind) {
    var random = SplitMix64(name: kind.rawValue)
    for _ in 0..<60 {
      let entry = SearchEntry(
        kind: kind, name: random.pick(Self.texts), detail: random.pick(Self.texts),
        href: random.pick(["", "page.html", "page.html#a-b", "x.html?q=\"1\"&r=<2>"]), terms: "")
      let document = HTMLDocument.fragment()
      let list = document.body.add("ul")
      SearchIndex.item(entry, in: list)
      var written = WrittenHTML()
      SearchIndex.appendItem(entry, to: &written)
      let expected = document.serializedChildren(of: list)
      #expect(
        written.bytes == expected,
        "\(entry): \(String(decoding: written.bytes, as: UTF8.self)) against \(String(decoding: expected, as: UTF8.self))"
      )
    }
  }
}
