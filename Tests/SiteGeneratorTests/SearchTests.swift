import Foundation
import SiteGenerator
import Testing

@Suite struct SearchTests {
  static let pages = [
    "index.md": page("Home", "## Reading links\n\nText.\n"),
    "routes.md": page("Routes", weight: 2, "## Checkout\n\n```contract route checkout\n```\n"),
    "reasons.md": page("Reasons", weight: 3, "```contract rejection-reasons\n```\n"),
  ]

  @Test("The index lists pages, headings, route classes, fields and rejection reasons with their anchors")
  func indexContents() throws {
    let fixture = try Fixture(pages: Self.pages)
    defer { fixture.remove() }
    let result = fixture.build.run()
    #expect(fixture.messages(result.diagnostics) == undocumented(except: ["checkout"], on: "routes.md"))
    let json = try #require(fixture.read("Site/search.json"))
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String]])
    let triples = Set(entries.map { "\($0[0]) | \($0[1]) | \($0[3])" })
    for expected in [
      "page | Home | index.html",
      "heading | Reading links | index.html#reading-links",
      "route class | checkout | routes.html#route-checkout",
      "field | cart | routes.html#route-checkout",
      "rejection reason | extra-field | reasons.html#reason-extra-field",
    ] {
      #expect(triples.contains(expected), "missing \(expected)")
    }
    #expect(!triples.contains { $0.hasPrefix("route class | order") }, "a route no page shows is not indexed")
    #expect(!json.contains("`"))
  }

  @Test("The search page is a complete static index without JavaScript")
  func staticIndex() throws {
    let fixture = try Fixture(pages: Self.pages)
    defer { fixture.remove() }
    _ = fixture.build.run()
    let html = try #require(fixture.read("Site/search.html"))
    #expect(html.contains("<a href=\"reasons.html#reason-extra-field\"><code>extra-field</code></a>"))
    #expect(html.contains("<a href=\"index.html#reading-links\">Reading links</a>"))
    #expect(html.contains("<input type=\"search\" id=\"search-input\""))
    #expect(html.contains("<script src=\"search.js\" defer=\"defer\"></script>"))
    let home = try #require(fixture.read("Site/index.html"))
    #expect(!home.contains("<script"), "only the search page loads the script")
    #expect(fixture.read("Site/search.js") != nil)
  }
}
