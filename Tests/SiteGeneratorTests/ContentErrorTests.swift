import Foundation
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
      "Content/index.md:9:1: error: unknown contract block `routez` (known: \(blockNames))"
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
      "Content/index.md:9:1: error: raw HTML is not allowed in Content: write Markdown, or a `contract` block for generated material"
    ]),
  ContentFault(
    name: "raw inline HTML",
    pages: ["index.md": page("Home", "Some <b>bold</b> text.\n")],
    expected: [
      "Content/index.md:7:6: error: raw HTML is not allowed in Content: write Markdown, or a `contract` block for generated material",
      "Content/index.md:7:13: error: raw HTML is not allowed in Content: write Markdown, or a `contract` block for generated material",
    ]),
  ContentFault(
    name: "link to a missing page",
    pages: ["index.md": page("Home", "Line one.\nSee [x](nowhere.md) now.\n")],
    expected: ["Content/index.md:8:5: error: link to missing page `nowhere.md`"]),
  ContentFault(
    name: "link to a missing anchor",
    pages: [
      "index.md": page("Home", "See [x](other.md#nope).\n"),
      "other.md": page("Other", "## Here\n"),
    ],
    expected: ["Content/index.md:7:5: error: no heading or anchor `nope` in `other.md`"]),
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
      "Content/index.md:7:5: error: link to `../etc/passwd`: link to a page as `name.md` or `name.md#heading`, to a route as `route:ID`, to a generated file such as `conformance.json`, or to an https URL"
    ]),
  ContentFault(
    name: "link example whose claim is wrong",
    pages: [
      "index.md": page(
        "Home",
        "```link-example\nhttps://links.example.com/start -> start\nhttps://links.example.com/start?a=1 -> start\n```\n"
      )
    ],
    expected: [
      "Content/index.md:9:1: error: link example claims `start`, but the production parser answers `unsupported extra-field a`"
    ]),
  ContentFault(
    name: "link example with a reference that is not reserved",
    pages: [
      "index.md": page(
        "Home", "```link-example\nhttps://links.example.com/business/bz_12345678901234 -> business\n```\n")
    ],
    expected: [
      "Content/index.md:8:36: error: this `bz_` reference is not a reserved documentation reference: its body must start with `0000`"
    ]),
  ContentFault(
    name: "link example for an unknown build",
    pages: ["index.md": page("Home", "```link-example build=prod\nhttps://links.example.com/start -> start\n```\n")],
    expected: [
      "Content/index.md:7:1: error: unknown build `prod` in link-example (known: production, staging)"
    ]),
  ContentFault(
    name: "a secret in a link example is never echoed",
    pages: [
      "index.md": page(
        "Home",
        "```link-example\nhttps://links.example.com/start?password=bz_Hunter2Secret99 -> unsupported forbidden-field\n```\n"
      )
    ],
    expected: [
      "Content/index.md:8:42: error: this `bz_` reference is not a reserved documentation reference: its body must start with `0000`"
    ]),
  ContentFault(
    name: "a link example whose outcome holds a secret is pointed at, never quoted",
    pages: [
      "index.md": page(
        "Home",
        "```link-example\nhttps://links.example.com/start -> start?password=hunter2secret\nhttps://links.example.com/start -> unsupported hunter2secret\nhttps://links.example.com/start -> start hunter2secret\n```\n"
      )
    ],
    expected: [
      "Content/index.md:8:36: error: unknown outcome: write a route class id (start, business, product, checkout, order, oauth-complete) or `unsupported REASON`",
      "Content/index.md:9:48: error: `unsupported` needs a rejection reason id, as listed by `contract rejection-reasons`",
      "Content/index.md:10:42: error: unexpected text after the route class `start`",
    ]),
  ContentFault(
    name: "a link example that claims another field",
    pages: [
      "index.md": page(
        "Home", "```link-example\nhttps://links.example.com/start?utm=1 -> unsupported extra-field hunter2secret\n```\n"
      )
    ],
    expected: [
      "Content/index.md:8:66: error: link example claims `unsupported extra-field` with another field than the production parser's `unsupported extra-field utm`"
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
      "Content/index.md:7:5: error: link to `other.md?password=[redacted]`: link to a page as `name.md` or `name.md#heading`, to a route as `route:ID`, to a generated file such as `conformance.json`, or to an https URL",
      "Content/index.md:7:46: error: unknown route class `start?session=[redacted]` in link (known: start, business, product, checkout, order, oauth-complete, unsupported)",
      "Content/index.md:9:1: error: unknown contract block `[redacted]` (known: \(blockNames))",
    ]),
  ContentFault(
    name: "a front matter line that is not `key: value` is not quoted",
    pages: ["index.md": "---\ntitle: A\nsummary: B\nweight: 1\nsee https://x.example/?token=abcdef: x\n---\nText.\n"],
    expected: ["Content/index.md:5:1: error: malformed front matter line: expected `key: value`"]),
  ContentFault(
    name: "a short forbidden value is redacted where it follows its key",
    pages: ["index.md": page("Home", "See [x](other.md?Password=ab&a=1).\n")],
    expected: [
      "Content/index.md:7:5: error: link to `other.md?Password=[redacted]&a=1`: link to a page as `name.md` or `name.md#heading`, to a route as `route:ID`, to a generated file such as `conformance.json`, or to an https URL"
    ]),
  ContentFault(
    name: "control characters, which no page can hold, and the page's other errors",
    pages: ["index.md": page("Home", "Text\u{04} and\u{0B} more.\u{FFFF} See [x](gone.md).\n")],
    expected: [
      "Content/index.md:7:5: error: the character U+0004 cannot appear in a page; remove it",
      "Content/index.md:7:10: error: the character U+000B cannot appear in a page; remove it",
      "Content/index.md:7:17: error: the character U+FFFF cannot appear in a page; remove it",
      "Content/index.md:7:25: error: link to missing page `gone.md`",
    ]),
  ContentFault(
    name: "a directive shown twice on one page",
    pages: ["index.md": page("Home", "```contract verification\n```\n\n```contract verification\n```\n")],
    expected: [
      "Content/index.md:10:1: error: `contract verification` appears twice on this page; show it once and link to it"
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
      "Templates/page.html:4:1: error: unknown slot `sidebar` in template (known slots: title, heading, summary, nav, toc, content)"
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
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("blocker/Site:1:1: error: cannot write the site:") == true)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.root.path)
    #expect(leftovers.sorted() == ["Content", "Templates", "blocker"])
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
