import Foundation
import SiteGenerator
import Testing

/// A pipe table as Content writes it, and the table markup it must become.
struct TableShape: Sendable, CustomTestStringConvertible {
  let name: String
  let markdown: String
  let html: String

  var testDescription: String { name }
}

let tableShapes: [TableShape] = [
  TableShape(
    name: "outer pipes, alignment, inline Markdown and a link",
    markdown: "| Name | Value |\n|:-----|-----:|\n| **bold** [home](index.md) | `1` |\n",
    html:
      "<div class=\"scroll-region\" role=\"region\" aria-label=\"Table: Name, Value\" tabindex=\"0\"><table class=\"content-table\"><thead><tr><th scope=\"col\" class=\"align-left\">Name</th><th scope=\"col\" class=\"align-right\">Value</th></tr></thead><tbody><tr><td class=\"align-left\"><strong>bold</strong> <a href=\"index.html\">home</a></td><td class=\"align-right\"><code>1</code></td></tr></tbody></table></div>"
  ),
  TableShape(
    name: "no outer pipes, a centred column and a short row",
    markdown: "a | b\n:-:|---\n1 | 2\nonly\n",
    html:
      "<div class=\"scroll-region\" role=\"region\" aria-label=\"Table: a, b\" tabindex=\"0\"><table class=\"content-table\"><thead><tr><th scope=\"col\" class=\"align-center\">a</th><th scope=\"col\">b</th></tr></thead><tbody><tr><td class=\"align-center\">1</td><td>2</td></tr><tr><td class=\"align-center\">only</td><td></td></tr></tbody></table></div>"
  ),
  TableShape(
    name: "escaped pipes in text and code, and an entity",
    markdown: "| x |\n| --- |\n| a \\| b `c\\|d` &amp; |\n",
    html:
      "<div class=\"scroll-region\" role=\"region\" aria-label=\"Table: x\" tabindex=\"0\"><table class=\"content-table\"><thead><tr><th scope=\"col\">x</th></tr></thead><tbody><tr><td>a | b <code>c|d</code> &amp;</td></tr></tbody></table></div>"
  ),
  TableShape(
    name: "cells that alone would start a block read as inline text, as GFM reads them",
    markdown: "| - | # h |\n|---|---|\n| 1. x [a](index.md) | - |\n| > q | [r]: s |\n| *e* | `c` |\n",
    html:
      "<div class=\"scroll-region\" role=\"region\" aria-label=\"Table: -, # h\" tabindex=\"0\"><table class=\"content-table\"><thead><tr><th scope=\"col\">-</th><th scope=\"col\"># h</th></tr></thead><tbody><tr><td>1. x <a href=\"index.html\">a</a></td><td>-</td></tr><tr><td>&gt; q</td><td>[r]: s</td></tr><tr><td><em>e</em></td><td><code>c</code></td></tr></tbody></table></div>"
  ),
  TableShape(
    name: "rows without outer pipes that start with a code span keep its backticks",
    markdown: "a | b\n--|--\n`x`|`y`\n``z``|w\n",
    html:
      "<div class=\"scroll-region\" role=\"region\" aria-label=\"Table: a, b\" tabindex=\"0\"><table class=\"content-table\"><thead><tr><th scope=\"col\">a</th><th scope=\"col\">b</th></tr></thead><tbody><tr><td><code>x</code></td><td><code>y</code></td></tr><tr><td><code>z</code></td><td>w</td></tr></tbody></table></div>"
  ),
  TableShape(
    name: "a data row with a `-` cell is a row, not a late delimiter row",
    markdown: "| a | b |\n|---|---|\n| **group** |\n| x | - |\n",
    html:
      "<tbody><tr><td><strong>group</strong></td><td></td></tr><tr><td>x</td><td>-</td></tr></tbody>"
  ),
  // cmark-gfm 0.29.0.gfm.13 renders each of these rows of dashes as a body row of text.
  TableShape(
    name: "a row of dashes inside a table body is a body row, as GFM reads it",
    markdown: "| a | b |\n| --- | --- |\n| 1 | 2 |\n| --- | --- |\n| 3 | 4 |\n",
    html:
      "<tbody><tr><td>1</td><td>2</td></tr><tr><td>---</td><td>---</td></tr><tr><td>3</td><td>4</td></tr></tbody>"
  ),
  TableShape(
    name: "a short row of dashes with alignment colons inside a table body is a padded body row",
    markdown: "| a | b |\n|---|---|\n| 1 | 2 |\n| :---: |\n",
    html: "<tbody><tr><td>1</td><td>2</td></tr><tr><td>:---:</td><td></td></tr></tbody>"
  ),
  TableShape(
    name: "a body row followed by a row of dashes ends the table with two body rows, not a new table",
    markdown: "| a | b |\n|---|---|\n| x | y |\n|---|---|\n",
    html: "<tbody><tr><td>x</td><td>y</td></tr><tr><td>---</td><td>---</td></tr></tbody>"
  ),
  TableShape(
    name: "a header row alone, inside a quote",
    markdown: "> | q | r |\n> |---|---|\n",
    html:
      "<blockquote><div class=\"scroll-region\" role=\"region\" aria-label=\"Table: q, r\" tabindex=\"0\"><table class=\"content-table\"><thead><tr><th scope=\"col\">q</th><th scope=\"col\">r</th></tr></thead></table></div></blockquote>"
  ),
]

@Suite struct TableTests {
  @Test(arguments: tableShapes)
  func renders(_ shape: TableShape) throws {
    let fixture = try Fixture(pages: ["index.md": page("Home", "Intro.\n\n" + shape.markdown)])
    defer { fixture.remove() }
    let result = fixture.build.run()
    #expect(fixture.messages(result.diagnostics) == [])
    let html = try #require(fixture.read("Site/index.html"))
    #expect(html.contains(shape.html), "\(shape.name): \(html)")
  }

  /// Two landmarks of one page with one name cannot be told apart: the second and later
  /// regions that share a name are numbered, in the order the page shows them.
  @Test(
    "Scroll regions of one name are numbered; regions of distinct names are not",
    arguments: [
      (
        "| a | b |\n|---|---|\n| 1 | 2 |\n\nText.\n\n| a | b |\n|---|---|\n| 3 | 4 |\n",
        ["Table: a, b", "Table: a, b (2)"]
      ),
      ("| a | b |\n|---|---|\n| 1 | 2 |\n\n| c |\n|---|\n| 3 |\n", ["Table: a, b", "Table: c"]),
      (
        "| x |\n|---|\n| 1 |\n\n- | x |\n  |---|\n  | 2 |\n\n> | x |\n> |---|\n> | 3 |\n",
        ["Table: x", "Table: x (2)", "Table: x (3)"]
      ),
    ])
  func regionNames(_ markdown: String, _ expected: [String]) throws {
    let fixture = try Fixture(pages: ["index.md": page("Home", "Intro.\n\n" + markdown)])
    defer { fixture.remove() }
    let result = fixture.build.run()
    #expect(fixture.messages(result.diagnostics) == [])
    let html = try #require(fixture.read("Site/index.html"))
    let names = html.components(separatedBy: "role=\"region\" aria-label=\"").dropFirst().map {
      String($0.prefix { $0 != "\"" })
    }
    #expect(names == expected, "\(markdown)")
  }

  @Test("A table of 20,000 rows renders every row")
  func largeTable() throws {
    let rows = (0..<20_000).map { "| r\($0) | \($0) |" }.joined(separator: "\n")
    let fixture = try Fixture(pages: ["index.md": page("Home", "| a | b |\n|---|---|\n" + rows + "\n")])
    defer { fixture.remove() }
    let result = fixture.build.run()
    #expect(fixture.messages(result.diagnostics) == [])
    let html = try #require(fixture.read("Site/index.html"))
    #expect(html.components(separatedBy: "<tr>").count - 1 == 20_001)
    #expect(html.contains("<td>r19999</td><td>19999</td>"))
  }
}
