import DesignFixture
import Testing

@testable import SiteGenerator

/// The static search index's items are written once (`SearchIndex.appendItem`), with each page,
/// and appended to the search page's document as they are: held to libxml2's reading and
/// writing of the same markup, and to the strict reader of written pages.
@Suite struct SearchItemTests {
  static let texts = [
    "", "Plain", "A <b> & \"c\"", "`code` first", "last `code`", "``", "`open", "a `b` c `d` e", "tab\there",
    "line\nbreak", "é 😀",
  ]

  @Test(
    "Items appended to a page are written as libxml2 writes them, their links at their lines",
    arguments: SearchEntry.Kind.allCases)
  func item(_ kind: SearchEntry.Kind) throws {
    var random = SplitMix64(name: kind.rawValue)
    for _ in 0..<30 {
      let entries = (0..<random.int(1...4)).map { _ in
        SearchEntry(
          kind: kind, name: random.pick(Self.texts), detail: random.pick(Self.texts),
          href: random.pick(["page.html", "page.html#a-b", "x.html?q=\"1\"&r=<2>"]), terms: "")
      }
      var items = WrittenHTML()
      for entry in entries { SearchIndex.appendItem(entry, to: &items) }
      let document = HTMLDocument()
      document.append(.doctype, "<!DOCTYPE html>", to: 0)
      let body = Element(owner: document, index: document.append(.element, "html", to: 0)).add("body")
      body.add("p", text: random.pick(Self.texts))
      body.add("ul").append(items)
      let written = document.written()
      let text = String(decoding: written.bytes, as: UTF8.self)
      #expect(text == String(decoding: document.libxml2Serialized(), as: UTF8.self), "\(entries)")
      let read = try SerializedPage.read(written.bytes).get()
      #expect(
        read.links == written.links.map { PageLink(attribute: $0.attribute, value: $0.value, line: $0.line + 1) },
        "\(entries)")
      #expect(written.links.map(\.value) == entries.map(\.href))
    }
  }
}
