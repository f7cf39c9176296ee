import DesignFixture
import Foundation
import LinkContract
import SiteGenerator
import Testing

/// The contract block names as errors list them.
let blockNames = contractBlockNames.joined(separator: ", ")

/// One way to break Content, and the exact diagnostics it must give.
struct ContentFault: Sendable, CustomTestStringConvertible {
  let name: String
  let pages: [String: String]
  var template: String? = nil
  let expected: [String]

  var testDescription: String { name }
}

let goodPage = page("Home", "Text.\n")

let contentFaults: [ContentFault] = [
  ContentFault(
    name: "unknown front matter key",
    pages: ["index.md": "---\ntitle: A\nsummary: B\nweight: 1\ncolour: red\n---\nText.\n"],
    expected: [
      "Content/index.md:5:1: error: unknown front matter key `colour` (known keys: `title`, `summary`, `weight`)"
    ]),
  ContentFault(
    name: "malformed front matter line",
    pages: ["index.md": "---\ntitle: A\nsummary B\nweight: 1\n---\nText.\n"],
    expected: [
      "Content/index.md:1:1: error: front matter has no `summary`",
      "Content/index.md:3:1: error: malformed front matter line: expected `key: value`",
    ]),
  ContentFault(
    name: "mistyped front matter key",
    pages: ["index.md": "---\ntitle: A\nsumary: B\nweight: 1\n---\nText.\n"],
    expected: [
      "Content/index.md:1:1: error: front matter has no `summary` (line 3 has `sumary`: did you mean `summary`?)",
      "Content/index.md:3:1: error: unknown front matter key `sumary` (did you mean `summary`? known keys: `title`, `summary`, `weight`)",
    ]),
  ContentFault(
    name: "weight that is not a number",
    pages: ["index.md": "---\ntitle: A\nsummary: B\nweight: first\n---\nText.\n"],
    expected: ["Content/index.md:4:9: error: front matter `weight` must be a whole number, not `first`"]),
  ContentFault(
    name: "no front matter",
    pages: ["index.md": "# Title\n"],
    expected: [
      "Content/index.md:1:1: error: missing front matter: start the file with a `---` line, then title, summary and weight"
    ]),
  ContentFault(
    name: "unknown directive",
    pages: ["index.md": page("Home", "Intro.\n\n```contract routez\n```\n")],
    expected: [
      "Content/index.md:9:1: error: unknown contract block `routez` (did you mean `route`? known: \(blockNames))"
    ]),
  ContentFault(
    name: "unknown directive argument",
    pages: ["index.md": page("Home", "```contract route basket\n```\n")],
    expected: [
      "Content/index.md:7:1: error: unknown route class `basket` (known: start, business, product, checkout, order, oauth-complete, unsupported)"
    ]),
  ContentFault(
    name: "directive with an argument it does not take",
    pages: ["index.md": page("Home", "```contract layers all\n```\n")],
    expected: ["Content/index.md:7:1: error: `contract layers` takes no arguments, got `all`"]),
  ContentFault(
    name: "raw HTML block",
    pages: ["index.md": page("Home", "Intro.\n\n<div>hi</div>\n")],
    expected: [
      "Content/index.md:9:1: error: `<div>` is block HTML, which Content does not keep: write its Markdown (a blank line between paragraphs, `|` rows for a table, `-` for a list, `#` for a heading, a fenced block for code, `>` for a quote)"
    ]),
  ContentFault(
    name: "raw inline HTML",
    pages: ["index.md": page("Home", "Some <b>bold</b> text.\n")],
    expected: [
      "Content/index.md:7:6: error: `<b>` is not kept: write bold as `**text**`",
      "Content/index.md:7:13: error: `<b>` is not kept: write bold as `**text**`",
    ]),
  ContentFault(
    name: "link to a missing page",
    pages: ["index.md": page("Home", "Line one.\nSee [x](nowhere.md) now.\n")],
    expected: ["Content/index.md:8:5: error: link to missing page `nowhere.md` (known: index.md)"]),
  ContentFault(
    name: "link to a mistyped page",
    pages: ["index.md": page("Home", "See [x](rotues.md).\n"), "routes.md": page("Routes", "Text.\n")],
    expected: [
      "Content/index.md:7:5: error: link to missing page `rotues.md` (did you mean `routes.md`? known: index.md, routes.md)"
    ]),
  ContentFault(
    name: "link from a folder to a root page without `../`",
    pages: [
      "index.md": page("Home", "See [the guide](guides/setup.md).\n"),
      "routes.md": page("Routes", "Text.\n"),
      "guides/setup.md": page("Setup", "See [x](routes.md).\n"),
    ],
    expected: [
      "Content/guides/setup.md:7:5: error: link to missing page `routes.md` (did you mean `../routes.md`? known: setup.md, ../index.md, ../routes.md)"
    ]),
  ContentFault(
    name: "link that leaves the Content folder",
    pages: ["index.md": page("Home", "See [x](../outside.md).\n")],
    expected: [
      "Content/index.md:7:5: error: link to `../outside.md` leaves the Content folder: link to a page inside it"
    ]),
  ContentFault(
    name: "a folder whose name is not a page name",
    pages: ["index.md": goodPage, "my guides/setup.md": page("Setup", "Text.\n")],
    expected: [
      "Content/my guides/setup.md:1:1: error: page name `my guides/setup` must use only letters, digits, `-`, `_` and `.` (and `/` between folders)"
    ]),
  ContentFault(
    name: "link to a missing anchor",
    pages: [
      "index.md": page("Home", "See [x](other.md#nope).\n"),
      "other.md": page("Other", "## Here\n"),
    ],
    expected: ["Content/index.md:7:5: error: no heading or anchor `nope` in `other.md` (known: here)"]),
  ContentFault(
    name: "link to an unknown route class",
    pages: ["index.md": page("Home", "See [x](route:basket).\n")],
    expected: [
      "Content/index.md:7:5: error: unknown route class `basket` in link (known: start, business, product, checkout, order, oauth-complete, unsupported)"
    ]),
  ContentFault(
    name: "link to a route class no page shows",
    pages: ["index.md": page("Home", "See [x](route:order).\n")],
    expected: [
      "Content/index.md:7:5: error: no page shows route class `order`: add a `contract route order` block"
    ]),
  ContentFault(
    name: "link that is not a page",
    pages: ["index.md": page("Home", "See [x](../etc/passwd).\n")],
    expected: [
      "Content/index.md:7:5: error: link to `../etc/passwd`: link to a page as `name.md` or `name.md#heading`, to a route as `route:ID`, to a generated file such as `conformance.json`, to an https URL or to a mailto: address"
    ]),
  ContentFault(
    name: "link example whose claim is wrong",
    pages: [
      "index.md": page(
        "Home",
        "```link-example\nhttps://{host}/start -> start\nhttps://{host}/start?a=1 -> start\n```\n"
      )
    ],
    expected: [
      "Content/index.md:9:1: error: link example claims `start`, but the production parser answers `unsupported extra-field a`"
    ]),
  ContentFault(
    name: "link example with a reference that is not reserved",
    pages: [
      "index.md": page(
        "Home", "```link-example\nhttps://{host}/business/bz_12345678901234 -> business\n```\n")
    ],
    expected: [
      "Content/index.md:8:25: error: this `bz_` reference is not a reserved documentation reference: its body must start with `0000`"
    ]),
  ContentFault(
    name: "link example for an unknown build",
    pages: ["index.md": page("Home", "```link-example build=prod\nhttps://{host}/start -> start\n```\n")],
    expected: [
      "Content/index.md:7:1: error: unknown build `prod` in link-example (known: production, staging)"
    ]),
  ContentFault(
    name: "a secret in a link example is never echoed",
    pages: [
      "index.md": page(
        "Home",
        "```link-example\nhttps://{host}/start?password=bz_Hunter2Secret99 -> unsupported forbidden-field\n```\n"
      )
    ],
    expected: [
      "Content/index.md:8:31: error: this `bz_` reference is not a reserved documentation reference: its body must start with `0000`"
    ]),
  ContentFault(
    name: "a link example whose outcome holds a secret is pointed at, never quoted",
    pages: [
      "index.md": page(
        "Home",
        "```link-example\nhttps://{host}/start -> start?password=hunter2secret\nhttps://{host}/start -> unsupported hunter2secret\nhttps://{host}/start -> start hunter2secret\n```\n"
      )
    ],
    expected: [
      "Content/index.md:8:25: error: unknown outcome: write a route class id or `unsupported REASON` (known: start, business, product, checkout, order, oauth-complete)",
      "Content/index.md:9:37: error: `unsupported` needs a rejection reason id (known: oversized, malformed-url, malformed-encoding, scheme-not-allowed, userinfo-present, port-present, host-not-configured, fragment-present, forbidden-field, duplicate-field, unknown-route, missing-field, extra-field, invalid-value)",
      "Content/index.md:10:31: error: unexpected text after the route class `start`",
    ]),
  ContentFault(
    name: "a link example that claims another field",
    pages: [
      "index.md": page(
        "Home", "```link-example\nhttps://{host}/start?utm=1 -> unsupported extra-field hunter2secret\n```\n"
      )
    ],
    expected: [
      "Content/index.md:8:55: error: link example claims `unsupported extra-field` with another field than the production parser's `unsupported extra-field utm`"
    ]),
  ContentFault(
    name: "a field name that is not a plain key is printed as the marker (docs/design.md, Forbidden keys)",
    pages: [
      "index.md": page("Home", "```link-example\nhttps://{host}/start?utm:51.5072=1 -> start\n```\n")
    ],
    expected: [
      "Content/index.md:8:1: error: link example claims `start`, but the production parser answers `unsupported extra-field [redacted-field]`"
    ]),
  ContentFault(
    name: "a forbidden value is redacted from every quote, wherever the page puts it",
    pages: [
      "index.md": page(
        "Home",
        "See [x](other.md?password=hunter2secret) and [y](route:start?session=Sess10nValue).\n\n```contract hunter2secret\n```\n"
      )
    ],
    expected: [
      "Content/index.md:7:5: error: link to `other.md?password=[redacted]`: link to a page as `name.md` or `name.md#heading`, to a route as `route:ID`, to a generated file such as `conformance.json`, to an https URL or to a mailto: address",
      "Content/index.md:7:46: error: unknown route class `start?session=[redacted]` in link (known: start, business, product, checkout, order, oauth-complete, unsupported)",
      "Content/index.md:9:1: error: unknown contract block `[redacted]` (known: \(blockNames))",
    ]),
  ContentFault(
    name: "a forbidden value of a link in a code block is redacted from another quote",
    pages: [
      "index.md": page(
        "Home", "```\ncurl 'https://x.example/a?b=1&password=hunter2secret'\n```\n\n```contract hunter2secret\n```\n")
    ],
    expected: ["Content/index.md:11:1: error: unknown contract block `[redacted]` (known: \(blockNames))"]),
  ContentFault(
    name: "a front matter line that is not `key: value` is not quoted",
    pages: ["index.md": "---\ntitle: A\nsummary: B\nweight: 1\nsee https://x.example/?token=abcdef: x\n---\nText.\n"],
    expected: ["Content/index.md:5:1: error: malformed front matter line: expected `key: value`"]),
  ContentFault(
    name: "`key = value`, spaced as code writes it, is no forbidden value, so a message keeps its own words",
    pages: ["index.md": page("Home", "```\ntoken = address\n```\n\nSee [x](other.md?a=1).\n")],
    expected: [
      "Content/index.md:11:5: error: link to `other.md?a=1`: link to a page as `name.md` or `name.md#heading`, to a route as `route:ID`, to a generated file such as `conformance.json`, to an https URL or to a mailto: address"
    ]),
  ContentFault(
    name: "a short forbidden value is redacted where it follows its key",
    pages: ["index.md": page("Home", "See [x](other.md?Password=ab&a=1).\n")],
    expected: [
      "Content/index.md:7:5: error: link to `other.md?Password=[redacted]&a=1`: link to a page as `name.md` or `name.md#heading`, to a route as `route:ID`, to a generated file such as `conformance.json`, to an https URL or to a mailto: address"
    ]),
  ContentFault(
    name: "control characters, which no page can hold, and the page's other errors",
    pages: ["index.md": page("Home", "Text\u{04} and\u{0B} more.\u{FFFF} See [x](gone.md).\n")],
    expected: [
      "Content/index.md:7:5: error: the character U+0004 cannot appear in a page; remove it",
      "Content/index.md:7:10: error: the character U+000B cannot appear in a page; remove it",
      "Content/index.md:7:17: error: the character U+FFFF cannot appear in a page; remove it",
      "Content/index.md:7:23: error: link to missing page `gone.md` (known: index.md)",
    ]),
  ContentFault(
    name: "a directive shown twice on one page",
    pages: ["index.md": page("Home", "```contract verification\n```\n\n```contract verification\n```\n")],
    expected: [
      "Content/index.md:10:1: error: `contract verification` appears twice on this page; show it once and link to it"
    ]),
  ContentFault(
    name: "a table whose header and delimiter rows differ",
    pages: ["index.md": page("Home", "Intro.\n\n| a | b | c |\n|---|---|\n| 1 | 2 | 3 |\n")],
    expected: [
      "Content/index.md:10:1: error: the table's header row has 3 cells and its delimiter row 2: give them the same number"
    ]),
  ContentFault(
    name: "a table delimiter cell that is not dashes",
    pages: ["index.md": page("Home", "| a | b |\n|---|-x-|\n")],
    expected: [
      "Content/index.md:8:6: error: a table delimiter cell is dashes with an optional colon at either end: `---`, `:---`, `---:` or `:---:`"
    ]),
  ContentFault(
    name: "a table row with more cells than the header",
    pages: ["index.md": page("Home", "| a | b |\n|---|---|\n| 1 | 2 | 3 |\n")],
    expected: [
      "Content/index.md:9:11: error: this table row has 3 cells and the header 2: remove the extra cells, or write `\\|` for a literal `|`"
    ]),
  ContentFault(
    name: "a table run on from a paragraph",
    pages: ["index.md": page("Home", "Intro line.\n| a | b |\n|---|---|\n")],
    expected: ["Content/index.md:8:1: error: a table must start its own block: put a blank line before its header row"]),
  ContentFault(
    name: "a table row without a delimiter row",
    pages: ["index.md": page("Home", "- item\n\n  | a | b |\n  | 1 | 2 |\n")],
    expected: [
      "Content/index.md:9:3: error: this line looks like a table row, but no delimiter row such as `| --- | --- |` follows it: add one under the header row, or write `\\|` for a literal `|`"
    ]),
  ContentFault(
    name: "a broken link inside a table cell",
    pages: ["index.md": page("Home", "| a | b |\n|---|---|\n| x | see [y](gone.md) |\n")],
    expected: ["Content/index.md:9:11: error: link to missing page `gone.md` (known: index.md)"]),
  ContentFault(
    name: "a broken link after a table cell's escaped first character",
    pages: ["index.md": page("Home", "| a | b |\n|---|---|\n| x | - [y](gone.md) |\n")],
    expected: ["Content/index.md:9:9: error: link to missing page `gone.md` (known: index.md)"]),
  ContentFault(
    name: "a bare URL in a paragraph right after a link reference definition, at its own line",
    pages: [
      "index.md": page(
        "Home", "[d]: <https://www.example.com/a>\n*Standard* see www.example.com/b.\n<https://www.example.com/c>\n")
    ],
    expected: [
      "Content/index.md:8:16: error: a bare URL is not a link here: write it as `<https://…>` or `[text](https://…)`"
    ]),
  ContentFault(
    name: "a bare URL in emphasis right after a link reference definition, at its own line",
    pages: ["index.md": page("Home", "[d]: <https://www.example.com/a>\n*see www.example.com/b*\n")],
    expected: [
      "Content/index.md:8:6: error: a bare URL is not a link here: write it as `<https://…>` or `[text](https://…)`"
    ]),
  ContentFault(
    name: "a broken link and image in paragraphs after link reference definitions, at their own lines",
    pages: [
      "index.md": page(
        "Home",
        "[r]: index.md\nSee [gone](gone.md).\n\n[s]: index.md\n[t]: index.md\nAnd [away](away.md), ![pic](nope.png).\n")
    ],
    expected: [
      "Content/index.md:8:5: error: link to missing page `gone.md` (known: index.md)",
      "Content/index.md:12:5: error: link to missing page `away.md` (known: index.md)",
      "Content/index.md:12:22: error: no image `nope.png` beside the page: there is no file `nope.png` in the Content folder",
    ]),
  ContentFault(
    name: "a broken link after a link reference definition whose title is on its next line",
    pages: ["index.md": page("Home", "[r]: index.md\n  \"Title\"\nSee [gone](gone.md).\n")],
    expected: ["Content/index.md:9:5: error: link to missing page `gone.md` (known: index.md)"]),
  ContentFault(
    name: "a broken link on the second line of a paragraph that starts with a link, not a definition",
    pages: ["index.md": page("Home", "[a](index.md) and\n[b](gone.md).\n")],
    expected: ["Content/index.md:8:1: error: link to missing page `gone.md` (known: index.md)"]),
  ContentFault(
    name: "strikethrough, a task list and bare URLs",
    pages: [
      "index.md": page(
        "Home",
        "Was ~~old~~ new, see https://example.com or www.example.com.\n\n- [ ] todo\n- [x] done\n\nNot \\~\\~ this, nor [https://example.com](https://example.com).\n"
      )
    ],
    expected: [
      "Content/index.md:7:5: error: strikethrough (`~~`) is not supported: delete the old text, or say in words what changed",
      "Content/index.md:7:22: error: a bare URL is not a link here: write it as `<https://…>` or `[text](https://…)`",
      "Content/index.md:7:45: error: a bare URL is not a link here: write it as `<https://…>` or `[text](https://…)`",
      "Content/index.md:9:3: error: task list items (`[ ]`, `[x]`) are not supported: write the item as plain text, its state in words",
      "Content/index.md:10:3: error: task list items (`[ ]`, `[x]`) are not supported: write the item as plain text, its state in words",
    ]),
  ContentFault(
    name: "a block that defines anchors, shown on a second page",
    pages: [
      "index.md": page("Home", "```contract rejection-reasons\n```\n"),
      "faq.md": page("FAQ", weight: 2, "Intro.\n\n```contract rejection-reasons\n```\n"),
    ],
    expected: [
      "Content/faq.md:9:1: error: `contract rejection-reasons` already has its home on `index.md`: show it on one page only and link there"
    ]),
  ContentFault(
    name: "external links of each scheme",
    pages: [
      "index.md": page(
        "Home",
        "[a](https://example.com/x) [b](mailto:team@example.com) [c](http://example.com)\n[d](ftp://example.com) [e](javascript:alert) [f](https:///path) [g](mailto:) <http://example.com> [h](http:///path)\n"
      )
    ],
    expected: [
      "Content/index.md:8:1: error: `ftp:` links are not allowed: Content links out only to `https://` URLs and `mailto:` addresses",
      "Content/index.md:8:24: error: `javascript:` links are not allowed: Content links out only to `https://` URLs and `mailto:` addresses",
      "Content/index.md:8:46: error: an https link needs a host: write `https://HOST/PATH`",
      "Content/index.md:8:65: error: a mailto: link needs an address: write `mailto:NAME@HOST`",
      "Content/index.md:8:99: error: an http link needs a host: write `https://HOST/PATH`",
    ]),
  ContentFault(
    name: "a link to a generated file that does not exist",
    pages: ["index.md": page("Home", "See [data](data.jsn).\n")],
    expected: [
      "Content/index.md:7:5: error: link to `data.jsn`: no such generated file (did you mean `data.json`? generated files: data.json)"
    ]),
  ContentFault(
    name: "mistyped ids get the nearest known one and the list",
    pages: [
      "index.md": page(
        "Home",
        "[x](route:chekout) [y](reasons.md#reason-invalid-valu)\n\n```contract rejection-reason\n```\n\n```contract association prodution\n```\n\n```link-example build=stagin\nhttps://{host:staging}/start -> start\n```\n\n```link-example\nhttps://{host}/start?x=1 -> unsupported extra-feld\nhttps://{host}/start -> strt\n```\n"
      ),
      "reasons.md": page("Reasons", weight: 2, "```contract rejection-reasons\n```\n"),
    ],
    expected: [
      "Content/index.md:7:1: error: unknown route class `chekout` in link (did you mean `checkout`? known: start, business, product, checkout, order, oauth-complete, unsupported)",
      "Content/index.md:7:20: error: no heading or anchor `reason-invalid-valu` in `reasons.md` (did you mean `reason-invalid-value`? known: reason-duplicate-field, reason-extra-field, reason-forbidden-field, reason-fragment-present, reason-host-not-configured, reason-invalid-value, reason-malformed-encoding, reason-malformed-url, reason-missing-field, reason-oversized, reason-port-present, reason-scheme-not-allowed, reason-unknown-route, reason-userinfo-present)",
      "Content/index.md:9:1: error: unknown contract block `rejection-reason` (did you mean `rejection-reasons`? known: \(blockNames))",
      "Content/index.md:12:1: error: unknown build `prodution` (did you mean `production`? known: production, staging)",
      "Content/index.md:15:1: error: unknown build `stagin` in link-example (did you mean `staging`? known: production, staging)",
      "Content/index.md:20:41: error: `unsupported` needs a rejection reason id (did you mean `extra-field`? known: oversized, malformed-url, malformed-encoding, scheme-not-allowed, userinfo-present, port-present, host-not-configured, fragment-present, forbidden-field, duplicate-field, unknown-route, missing-field, extra-field, invalid-value)",
      "Content/index.md:21:25: error: unknown outcome: write a route class id or `unsupported REASON` (did you mean `start`? known: start, business, product, checkout, order, oauth-complete)",
    ]),
  ContentFault(
    name: "columns count Unicode scalars, a tab as one",
    pages: ["index.md": page("Home", "Café — naïve [x](gone.md)\n\tTab, then ~~x~~.\n")],
    expected: [
      "Content/index.md:7:14: error: link to missing page `gone.md` (known: index.md)",
      "Content/index.md:8:12: error: strikethrough (`~~`) is not supported: delete the old text, or say in words what changed",
    ]),
  ContentFault(
    name: "two pages with the same name",
    pages: ["index.md": goodPage, "Index.md": goodPage],
    expected: [
      "Content/index.md:1:1: error: page `index` has the same name as `Index.md` (names are compared ignoring case)"
    ]),
  ContentFault(
    name: "template without a content slot",
    pages: ["index.md": goodPage],
    template: "<!DOCTYPE html>\n<html><head><title data-slot=\"title\"></title></head>\n<body></body></html>\n",
    expected: ["Templates/page.html:1:1: error: template has no `data-slot=\"content\"` element"]),
  ContentFault(
    name: "template with an unknown slot",
    pages: ["index.md": goodPage],
    template:
      "<!DOCTYPE html>\n<html><head><title data-slot=\"title\"></title></head>\n<body>\n<div data-slot=\"sidebar\"></div>\n<main data-slot=\"content\"></main></body></html>\n",
    expected: [
      "Templates/page.html:4:1: error: unknown slot `sidebar` in template (known slots: title, heading, summary, nav, toc, content, site, generator)"
    ]),
]

@Suite struct ContentErrorTests {
  @Test(arguments: contentFaults)
  func fault(_ fault: ContentFault) throws {
    let fixture = try Fixture(pages: ["index.md": goodPage], template: fault.template)
    defer { fixture.remove() }
    _ = fixture.build.run()
    let before = fixture.snapshot()
    try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("Content/index.md"))
    for (name, text) in fault.pages { try fixture.write("Content/\(name)", text) }
    let result = fixture.build.run()
    #expect(fixture.messages(result.diagnostics.filter { $0.severity == .error }) == fault.expected)
    let after = fixture.snapshot()
    #expect(after.keys.sorted() == before.keys.sorted())
    for (path, (data, _)) in before { #expect(after[path]?.0 == data, "\(path) changed") }
  }

  @Test("A file that is not UTF-8 is an error at its first bad byte")
  func notUTF8() throws {
    let fixture = try Fixture(pages: ["index.md": goodPage])
    defer { fixture.remove() }
    try fixture.writeBytes("Content/bad.md", Array("---\ntitle: caf".utf8) + [0xE9] + Array("\n".utf8))
    let result = fixture.build.run()
    #expect(fixture.messages(result.diagnostics) == ["Content/bad.md:2:11: error: the file is not valid UTF-8"])
  }

  @Test("An unreadable Content folder is an error")
  func unreadableContent() throws {
    let fixture = try Fixture(pages: ["index.md": goodPage])
    defer { fixture.remove() }
    var build = fixture.build
    build.contentDirectory = fixture.root.appendingPathComponent("NoSuchFolder").path
    let result = build.run()
    #expect(fixture.messages(result.diagnostics) == ["NoSuchFolder:1:1: error: cannot read the Content folder"])
  }

  @Test("An output folder that cannot be written is an error, and nothing half-written is left")
  func unwritableOutput() throws {
    let fixture = try Fixture(pages: ["index.md": goodPage])
    defer { fixture.remove() }
    try fixture.write("blocker", "a file where the output's parent folder should be")
    var build = fixture.build
    build.outputDirectory = fixture.root.appendingPathComponent("blocker/Site").path
    let result = build.run()
    let messages = fixture.messages(result.diagnostics)
    #expect(messages == ["blocker/Site: error: a path above the output is a file, not a folder"])
    #expect(result.diagnostics.map(\.id) == [.outputRefused])
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.root.path)
    #expect(leftovers.sorted() == ["Content", "Templates", "blocker"])
  }

  /// awsdocs/amazon-ec2-user-guide at e3707c43: one page's code span and command made the
  /// word after `Values=` a secret, and another page's known ids listed it as `[redacted]`.
  @Test("A word after a forbidden key in prose or code is no secret: another page's message quotes it")
  func proseIsNoSecret() throws {
    let word = try #require(Contract.design.forbiddenKeys.words.first)
    let fixture = try Fixture(pages: [
      "imds.md": page(
        "IMDS",
        "Filter by `metadata-options.http-\(word)s = optional`, as follows:\n\n```\naws ec2 describe-instances --filters \"Name=metadata-options.http-\(word)s,Values=optional\"\n```\n"
      ),
      "lamp.md": page("LAMP", "## Step 4 optional install phpMyAdmin\n\nSee [it](#step-4-install).\n"),
    ])
    defer { fixture.remove() }
    let messages = fixture.messages(fixture.build.run().diagnostics)
    #expect(
      messages == [
        "Content/lamp.md:9:5: error: no heading or anchor `step-4-install` on this page (known: step-4-optional-install-phpmyadmin)"
      ])
  }

  @Test("Every error is reported, sorted, not just the first")
  func allErrors() throws {
    let fixture = try Fixture(pages: [
      "b.md": page("B", "[x](gone.md)\n"),
      "a.md": page("A", "```contract nope\n```\n\n[y](route:nope)\n"),
    ])
    defer { fixture.remove() }
    let result = fixture.build.run()
    #expect(result.diagnostics.errorCount == 3)
    #expect(
      fixture.messages(result.diagnostics).map { $0.prefix(16) } == [
        "Content/a.md:7:1", "Content/a.md:10:", "Content/b.md:7:1",
      ])
  }
}
