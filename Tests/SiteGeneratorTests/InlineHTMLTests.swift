import Foundation
import LinkContract
import Testing

@testable import SiteGenerator

/// Inline HTML as a page writes it, and the markup the page must hold for it.
struct KeptHTML: Sendable, CustomTestStringConvertible {
  let name: String
  let markdown: String
  let html: String

  var testDescription: String { name }
}

/// Inline HTML a page may not hold, and the errors it must give (`line:column: message`).
struct RefusedHTML: Sendable, CustomTestStringConvertible {
  let name: String
  let markdown: String
  let expected: [String]

  var testDescription: String { name }
}

let keptHTML: [KeptHTML] = [
  KeptHTML(name: "br", markdown: "one<br>two", html: "<p>one<br/>two</p>"),
  KeptHTML(name: "br written self-closing", markdown: "one<br/>two", html: "<p>one<br/>two</p>"),
  KeptHTML(name: "wbr", markdown: "long<wbr>word", html: "<p>long<wbr/>word</p>"),
  KeptHTML(
    name: "kbd", markdown: "Press <kbd>Ctrl</kbd>+<kbd>C</kbd>.", html: "<p>Press <kbd>Ctrl</kbd>+<kbd>C</kbd>.</p>"),
  KeptHTML(name: "sup", markdown: "x<sup>2</sup>", html: "<p>x<sup>2</sup></p>"),
  KeptHTML(name: "sub", markdown: "H<sub>2</sub>O", html: "<p>H<sub>2</sub>O</p>"),
  KeptHTML(
    name: "abbr with its title, escaped by the writer", markdown: "<abbr title=\"R&D <lab>\">RD</abbr>",
    html: "<p><abbr title=\"R&amp;D &lt;lab&gt;\">RD</abbr></p>"),
  KeptHTML(name: "mark", markdown: "<mark>new</mark>", html: "<p><mark>new</mark></p>"),
  KeptHTML(
    name: "del and ins", markdown: "<del>old</del> <ins>new</ins>", html: "<p><del>old</del> <ins>new</ins></p>"),
  KeptHTML(name: "s", markdown: "<s>gone</s>", html: "<p><s>gone</s></p>"),
  KeptHTML(name: "small", markdown: "<small>note</small>", html: "<p><small>note</small></p>"),
  KeptHTML(name: "code", markdown: "<code>a b</code>", html: "<p><code>a b</code></p>"),
  KeptHTML(
    name: "em and strong", markdown: "<em>e</em> <strong>s</strong>", html: "<p><em>e</em> <strong>s</strong></p>"),
  KeptHTML(
    name: "span with an id", markdown: "<span id=\"here\">text</span>", html: "<p><span id=\"here\">text</span></p>"),
  KeptHTML(
    name: "an empty anchor with an id", markdown: "Text<a id=\"mark\"></a>.", html: "<p>Text<a id=\"mark\"></a>.</p>"),
  KeptHTML(
    name: "an anchor's `name`, written as its id", markdown: "Text<a name=\"old-mark\"></a>.",
    html: "<p>Text<a id=\"old-mark\"></a>.</p>"),
  KeptHTML(
    name: "tag and attribute names in capitals", markdown: "<KBD>k</KBD> <SPAN ID=\"u\">u</SPAN>",
    html: "<p><kbd>k</kbd> <span id=\"u\">u</span></p>"),
  KeptHTML(
    name: "Markdown inside a kept element, and elements inside each other",
    markdown: "<kbd>*a* <sup>`b`</sup></kbd>", html: "<p><kbd><em>a</em> <sup><code>b</code></sup></kbd></p>"),
  KeptHTML(
    name: "a kept element inside emphasis and a link", markdown: "*x<sup>1</sup>* [y<sub>2</sub>](index.md)",
    html: "<p><em>x<sup>1</sup></em> <a href=\"index.html\">y<sub>2</sub></a></p>"),
  KeptHTML(name: "a comment, dropped", markdown: "before <!-- a note --> after", html: "<p>before  after</p>"),
  KeptHTML(
    name: "a comment block, dropped", markdown: "<!-- a note\nover lines -->\n\nAfter.",
    html: "<div class=\"content\"><p>After.</p>"),
  KeptHTML(
    name: "an anchor at a heading's end", markdown: "## Step 5<a id=\"step-five\"></a>",
    html: "<h2 id=\"step-5\">Step 5<a id=\"step-five\"></a></h2>"),
  KeptHTML(
    name: "br, kbd and an anchor in table cells, a cell that starts with a tag too",
    markdown: "| a | b |\n|---|---|\n| x<br>y | <kbd>k</kbd> |\n| <br> | <a id=\"cell\"></a>z |",
    html:
      "<tbody><tr><td>x<br/>y</td><td><kbd>k</kbd></td></tr><tr><td><br/></td><td><a id=\"cell\"></a>z</td></tr></tbody>"
  ),
]

let refusedHTML: [RefusedHTML] = [
  RefusedHTML(
    name: "script", markdown: "a <script>alert(1)</script>",
    expected: [
      "7:3: `<script>` is not allowed: Content carries no script, style, form or embedded content; generated material goes in a `contract` block",
      "7:19: `<script>` is not allowed: Content carries no script, style, form or embedded content; generated material goes in a `contract` block",
    ]),
  RefusedHTML(
    name: "style", markdown: "a <style>p{}</style>",
    expected: [
      "7:3: `<style>` is not allowed: Content carries no script, style, form or embedded content; generated material goes in a `contract` block",
      "7:13: `<style>` is not allowed: Content carries no script, style, form or embedded content; generated material goes in a `contract` block",
    ]),
  RefusedHTML(
    name: "iframe", markdown: "a <iframe src=\"https://x.example\"></iframe>",
    expected: [
      "7:3: `<iframe>` is not allowed: Content carries no script, style, form or embedded content; generated material goes in a `contract` block",
      "7:35: `<iframe>` is not allowed: Content carries no script, style, form or embedded content; generated material goes in a `contract` block",
    ]),
  RefusedHTML(
    name: "an element with a Markdown form", markdown: "<i>x</i>",
    expected: [
      "7:1: `<i>` is not kept: write emphasis as `*text*`", "7:5: `<i>` is not kept: write emphasis as `*text*`",
    ]),
  RefusedHTML(
    name: "img", markdown: "a <img src=\"x.png\">",
    expected: ["7:3: `<img>` is not kept: write an image as `![alt text](images/name.png)`"]),
  RefusedHTML(
    name: "block HTML inside a paragraph", markdown: "a <div>b</div>",
    expected: [
      "7:3: `<div>` is block HTML, which Content does not keep: write its Markdown (a blank line between paragraphs, `|` rows for a table, `-` for a list, `#` for a heading, a fenced block for code, `>` for a quote)",
      "7:9: `<div>` is block HTML, which Content does not keep: write its Markdown (a blank line between paragraphs, `|` rows for a table, `-` for a list, `#` for a heading, a fenced block for code, `>` for a quote)",
    ]),
  RefusedHTML(
    name: "an unknown element", markdown: "a <widget>b</widget>",
    expected: [
      "7:3: `<widget>` is not among the inline HTML Content keeps (\(InlineHTML.keptList)): write Markdown",
      "7:12: `<widget>` is not among the inline HTML Content keeps (\(InlineHTML.keptList)): write Markdown",
    ]),
  RefusedHTML(
    name: "an event handler, pointed at", markdown: "a <kbd onclick=\"go()\">k</kbd>",
    expected: [
      "7:8: `<kbd>` takes no attributes: event handlers such as `onclick` are not allowed: Content carries no script"
    ]),
  RefusedHTML(
    name: "style as an attribute", markdown: "a <span style=\"color: red\">r</span>",
    expected: ["7:9: `<span>` takes only `id`: `style` is not allowed: the site's stylesheet styles every page"]),
  RefusedHTML(
    name: "a link written in HTML", markdown: "a <a href=\"https://x.example\">x</a>",
    expected: [
      "7:6: `<a>` takes only `id` and `name`: a link is written in Markdown, `[text](target)`, which the build checks"
    ]),
  RefusedHTML(
    name: "a script URL in a link written in HTML", markdown: "<a href=\"javascript:alert(1)\">x</a>",
    expected: [
      "7:4: `<a>` takes only `id` and `name`: a link is written in Markdown, `[text](target)`, which the build checks"
    ]),
  RefusedHTML(
    name: "an attribute not on the element's list", markdown: "<kbd class=\"big\">k</kbd>",
    expected: ["7:6: `<kbd>` takes no attributes: `class` is not among its attributes"]),
  RefusedHTML(
    name: "an attribute given twice", markdown: "<abbr title=\"a\" title=\"b\">x</abbr>",
    expected: ["7:17: `<abbr>` has `title` twice: give it once"]),
  RefusedHTML(
    name: "a character reference in a value", markdown: "<abbr title=\"a &amp; b\">x</abbr>",
    expected: [
      "7:7: `title` of `<abbr>` holds a character reference (`&…;`): write the character itself, which the site escapes"
    ]),
  RefusedHTML(
    name: "an id that is not one word", markdown: "<span id=\"two words\">x</span>",
    expected: [
      "7:7: `id` of `<span>` is `two words`: an id is one word of letters, digits, `-`, `_`, `.` and `:`"
    ]),
  RefusedHTML(
    name: "an anchor with an id and another name", markdown: "<a id=\"x\" name=\"y\"></a>",
    expected: ["7:11: `<a>` has an `id` and another `name`: give it only `id`"]),
  RefusedHTML(
    name: "an element that is not void, closing itself", markdown: "a <kbd/> b",
    expected: ["7:3: `<kbd/>` does not close itself in HTML: write `<kbd>…</kbd>`"]),
  RefusedHTML(
    name: "a closing tag of a void element", markdown: "a <br></br> b",
    expected: ["7:7: `<br>` has no closing tag: remove `</br>`"]),
  RefusedHTML(
    name: "a processing instruction", markdown: "a <?php echo 1; ?> b",
    expected: [
      "7:3: `<?php echo 1; ?>` is not kept: Content holds no HTML declarations, processing instructions or CDATA; write Markdown"
    ]),
  RefusedHTML(
    name: "CDATA", markdown: "a <![CDATA[x]]> b",
    expected: [
      "7:3: `<![CDATA[x]]>` is not kept: Content holds no HTML declarations, processing instructions or CDATA; write Markdown"
    ]),
  RefusedHTML(
    name: "an HTML block of a kept element alone on its line", markdown: "Text.\n\n<br>\n",
    expected: [
      "9:1: a line that starts with `<br>` and holds nothing else after its tag starts an HTML block, which Content does not keep: write inline HTML inside the text of a paragraph, heading or table cell, with its closing tag on the same line (`<a id=\"x\"></a>`)"
    ]),
  RefusedHTML(
    name: "an HTML block that starts with a script", markdown: "<script>\nalert(1)\n</script>\n",
    expected: [
      "7:1: `<script>` is not allowed: Content carries no script, style, form or embedded content; generated material goes in a `contract` block"
    ]),
  RefusedHTML(
    name: "text after a comment block's end", markdown: "<!-- note --> more\n",
    expected: ["7:1: text after a comment's `-->` on its line is part of an HTML block: put it on a line of its own"]),
  RefusedHTML(
    name: "a comment block with no end", markdown: "<!-- note\n\nMore.\n",
    expected: ["7:1: this comment has no end: write `-->` after it, or the rest of the page is part of it"]),
  RefusedHTML(
    name: "HTML in an image's alt text", markdown: "![a <kbd>k</kbd>](https://x.example/i.png)",
    expected: [
      "7:1: image `https://x.example/i.png` is not a file beside the pages: Content shows only its own images; save it under Content and write its path, such as `images/name.png`",
      "7:5: an image's alt text is plain text: write it without HTML",
    ]),
  RefusedHTML(
    name: "a refused element in a table cell, at its column", markdown: "| a | b |\n|---|---|\n| x | y <u>z</u> |",
    expected: [
      "9:9: `<u>` is not among the inline HTML Content keeps (\(InlineHTML.keptList)): write Markdown",
      "9:13: `<u>` is not among the inline HTML Content keeps (\(InlineHTML.keptList)): write Markdown",
    ]),
  // Pairing: an element opens and closes in one paragraph, heading, table cell, link or emphasis.
  RefusedHTML(
    name: "an element not closed", markdown: "a <kbd>k\n\nb</kbd>",
    expected: [
      "7:3: `<kbd>` is not closed: close it with `</kbd>` in the same paragraph, heading, table cell, link or emphasis",
      "9:2: `</kbd>` closes no `<kbd>` opened before it in the same paragraph, heading, table cell, link or emphasis: open it there, or remove this tag",
    ]),
  RefusedHTML(
    name: "elements closed in the wrong order", markdown: "<kbd><sup>x</kbd></sup>",
    expected: [
      "7:12: `</kbd>` closes `<kbd>` while `<sup>`, opened at line 7, column 6, is still open inside it: close `<sup>` first"
    ]),
  RefusedHTML(
    name: "an element closed inside emphasis it was opened outside of", markdown: "<kbd>*k</kbd>*",
    expected: [
      "7:1: `<kbd>` is not closed: close it with `</kbd>` in the same paragraph, heading, table cell, link or emphasis",
      "7:8: `</kbd>` closes no `<kbd>` opened before it in the same paragraph, heading, table cell, link or emphasis: open it there, or remove this tag",
    ]),
  RefusedHTML(
    name: "an element opened in one table cell and closed in the next",
    markdown: "| a | b |\n|---|---|\n| <kbd>k | j</kbd> |",
    expected: [
      "9:3: `<kbd>` is not closed: close it with `</kbd>` in the same paragraph, heading, table cell, link or emphasis",
      "9:13: `</kbd>` closes no `<kbd>` opened before it in the same paragraph, heading, table cell, link or emphasis: open it there, or remove this tag",
    ]),
  RefusedHTML(
    name: "an anchor inside a link", markdown: "[a <a id=\"x\"></a>](index.md)",
    expected: ["7:4: `<a>` cannot be inside a link or another `<a>`: put the anchor before the link"]),
  RefusedHTML(
    name: "a link inside an anchor", markdown: "<a id=\"x\">[a](index.md)</a>",
    expected: ["7:11: a link cannot be inside `<a>`: close the anchor, `</a>`, before the link"]),
  RefusedHTML(
    name: "an id twice", markdown: "<span id=\"x\">a</span> <a id=\"x\"></a>",
    expected: ["7:23: the page has an id `x` already: give this anchor another id"]),
  RefusedHTML(
    name: "elements nested deeper than the limit",
    markdown: String(repeating: "<sup>", count: InlineHTML.nestingLimit + 1) + "x"
      + String(repeating: "</sup>", count: InlineHTML.nestingLimit + 1),
    expected: [
      "7:\(5 * InlineHTML.nestingLimit + 1): inline HTML nests more than \(InlineHTML.nestingLimit) elements deep here: nest it less"
    ]),
]

@Suite("Inline HTML in Content")
struct InlineHTMLTests {
  @Test("A kept element is written as the page's own markup", arguments: keptHTML)
  func kept(_ kept: KeptHTML) throws {
    let fixture = try Fixture(pages: ["index.md": page("Home", kept.markdown + "\n")])
    defer { fixture.remove() }
    let result = fixture.build.run()
    #expect(fixture.messages(result.diagnostics) == [])
    let html = try #require(fixture.read("Site/index.html"))
    #expect(html.contains(kept.html), "\(html)")
  }

  @Test("Refused HTML is an error at its line and column that says what to write", arguments: refusedHTML)
  func refused(_ refused: RefusedHTML) throws {
    let fixture = try Fixture(pages: ["index.md": page("Home", refused.markdown + "\n")])
    defer { fixture.remove() }
    let result = fixture.build.run()
    #expect(
      fixture.messages(result.diagnostics)
        == refused.expected.map { "Content/index.md:" + $0.replacing(": ", with: ": error: ", maxReplacements: 1) })
    #expect(fixture.read("Site/index.html") == nil, "nothing is written")
  }

  @Test("Each element the docs list is kept, and no other")
  func documentedList() throws {
    let docs = try String(
      contentsOf: Fixture.repository.appendingPathComponent("docs/writing-content.md"), encoding: .utf8)
    for name in InlineHTML.listed {
      #expect(docs.contains("`<\(name)>`"), "docs/writing-content.md lists `<\(name)>`")
    }
    #expect(Set(InlineHTML.listed) == Set(InlineHTML.allowed.keys))
  }

  @Test("Another page links to an anchor that inline HTML opens, in a paragraph or a table cell")
  func linkedAnchors() throws {
    let fixture = try Fixture(pages: [
      "index.md": page("Home", "Text<a id=\"para\"></a>.\n\n| a |\n|---|\n| <span id=\"cell\">c</span> |\n"),
      "other.md": page("Other", "[p](index.md#para) [c](index.md#cell) [m](index.md#missing)\n"),
    ])
    defer { fixture.remove() }
    let messages = fixture.messages(fixture.build.run().diagnostics)
    #expect(messages.count == 1)
    #expect(
      messages.first?.hasPrefix("Content/other.md:7:39: error: no heading or anchor `missing` in `index.md`") == true,
      "\(messages)")
  }

  /// Read as one paragraph, the row is a comment around the anchor; its cells, as GFM and the
  /// render read them, hold the anchor alone.
  @Test("An anchor is a table cell's own, as the cell reads alone")
  func anchorInCellAlone() throws {
    let fixture = try Fixture(pages: [
      "index.md": page("Home", "## q\n\n| a | b | c |\n|---|---|---|\n| x <!-- | <a id=\"q\"></a> | --> |\n\n[c](#q)\n")
    ])
    defer { fixture.remove() }
    #expect(fixture.messages(fixture.build.run().diagnostics) == [])
    let html = try #require(fixture.read("Site/index.html"))
    #expect(html.contains("<h2 id=\"q-2\">q</h2>") && html.contains("<td><a id=\"q\"></a></td>"), "\(html)")
  }

  @Test("A heading whose id an anchor holds takes the next one")
  func headingBesideAnchor() throws {
    let fixture = try Fixture(pages: ["index.md": page("Home", "<a id=\"setup\"></a>\n\n## Setup\n")])
    defer { fixture.remove() }
    #expect(fixture.messages(fixture.build.run().diagnostics) == [])
    let html = try #require(fixture.read("Site/index.html"))
    #expect(html.contains("<p><a id=\"setup\"></a></p>") && html.contains("<h2 id=\"setup-2\">Setup</h2>"))
  }

  @Test("A line break kept in a heading parts its words in the heading's id and text")
  func breakInHeading() throws {
    let fixture = try Fixture(pages: ["index.md": page("Home", "## First<br>second\n")])
    defer { fixture.remove() }
    #expect(fixture.messages(fixture.build.run().diagnostics) == [])
    let html = try #require(fixture.read("Site/index.html"))
    #expect(html.contains("<h2 id=\"first-second\">First<br/>second</h2>"), "\(html)")
  }
}
