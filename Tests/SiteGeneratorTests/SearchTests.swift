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
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(document["schemaVersion"] as? Int == 1)
    let entries = try #require(document["entries"] as? [[String]])
    let triples = Set(entries.map { "\($0[0]) | \($0[1]) | \($0[3])" })
    for expected in [
      "page | Home | index.html",
      "section | Reading links | index.html#reading-links",
      "route class | checkout | routes.html#route-checkout",
      "field | cart | routes.html#route-checkout",
      "rejection reason | extra-field | reasons.html#reason-extra-field",
      "generated file | data.json | data.json",
    ] {
      #expect(triples.contains(expected), "missing \(expected)")
    }
    #expect(!triples.contains { $0.hasPrefix("route class | order") }, "a route no page shows is not indexed")
    #expect(
      !triples.contains("section | Checkout | routes.html#checkout"),
      "a heading over a route card is the route's result")
    let checkout = try #require(entries.first { $0[1] == "checkout" })
    #expect(checkout[4].split(separator: " ").contains("cart"))
    let section = try #require(entries.first { $0[1] == "Reading links" })
    #expect(section[4].split(separator: " ").contains("text"), "page bodies are indexed by section")
    let reason = try #require(entries.first { $0[1] == "extra-field" })
    #expect(reason[4].split(separator: " ").contains("unsupported"))
    let links = try #require(document["links"] as? [String: Any])
    let routes = try #require(links["routes"] as? [[String: Any]])
    #expect(routes.contains { $0["id"] as? String == "checkout" && $0["path"] as? [String] == ["checkout", ":cart"] })
    #expect((links["reasons"] as? [String: String])?["extra-field"] == "reasons.html#reason-extra-field")
    #expect(!json.contains("`"))
    #expect(fixture.read("Site/schema/search.schema.json")?.contains("\"schemaVersion\"") == true)
  }

  @Test(
    "Markup characters in a page reach the index as escapes, so the search page embeds search.json as it is",
    arguments: ["Ends `</script>` here", "Fish & chips", "a `<b>` tag", "x > y"])
  func scriptSafeIndex(heading: String) throws {
    let fixture = try Fixture(pages: ["index.md": page("Home", "## \(heading)\n\nText.\n")])
    defer { fixture.remove() }
    _ = fixture.build.run()
    let json = try #require(fixture.read("Site/search.json"))
    #expect(!json.contains { "<>&".contains($0) })
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let entries = try #require(document["entries"] as? [[String]])
    #expect(entries.contains { $0[0] == "section" && $0[1] == heading.replacing("`", with: "") })
    let html = try #require(fixture.read("Site/search.html"))
    let start = try #require(html.range(of: "<script type=\"application/json\" id=\"search-data\">"))
    let end = try #require(html[start.upperBound...].range(of: "</script>"))
    #expect(String(html[start.upperBound..<end.lowerBound]) == json)
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
    #expect(html.contains("<script type=\"application/json\" id=\"search-data\">{\"schemaVersion\":1,"))
    let home = try #require(fixture.read("Site/index.html"))
    #expect(!home.contains("<script"), "only the search page loads the script")
    #expect(home.contains("<form class=\"site-search\" role=\"search\" action=\"search.html\">"))
    #expect(fixture.read("Site/favicon.svg")?.hasPrefix("<svg") == true)
    #expect(fixture.read("Site/search.js") != nil)
  }
}
