import LinkContract
import Testing

@testable import SiteGenerator

/// The output check reads every id and link as a browser would follow them; a rebuild checks
/// what it can have broken.
@Suite struct OutputCheckTests {
  static func page(_ path: String, made: Bool, ids: [String] = [], links: [String] = []) -> RenderedPage {
    RenderedPage(
      path: path, bytes: made ? [] : nil, ids: Set(ids), duplicateIDs: [],
      links: links.enumerated().map { PageLink(attribute: "href", value: $1, line: $0 + 1) }, diagnostics: [])
  }

  static func check(_ pages: [RenderedPage]) -> OutputCheck {
    OutputCheck(
      pages: Dictionary(uniqueKeysWithValues: pages.map { ($0.path, $0) }),
      files: Set(pages.map(\.path) + ["style.css"]))
  }

  static func messages(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { "\($0.path):\($0.line): \($0.message)" }.sorted()
  }

  @Test(
    "Links are read as a browser follows them",
    arguments: [
      ("b.html#x", nil),
      ("b.html", nil),
      ("#top", nil),
      ("style.css", nil),
      ("https://example.com/#x", nil),
      ("b.html#y", "no id `y` in b.html"),
      ("c.html", "no such file in the site"),
      ("/b.html", "is not a relative link"),
      ("style.css#x", "fragment on a file that is not a page"),
      ("sub/../b.html#x", nil),
      ("ftp://host/b.html", "is not a relative link"),
      ("b.html#a://b", "is not a relative link"),
      ("b.html#a:b", "no id `a:b` in b.html"),
      ("é.html#x", "no such file in the site"),
      ("b.html#é", "no id `é` in b.html"),
    ] as [(String, String?)])
  func link(_ value: String, _ problem: String?) {
    let check = Self.check([Self.page("a.html", made: true, ids: ["top"]), Self.page("b.html", made: true, ids: ["x"])])
    #expect(check.check(value, from: "a.html") == problem, "\(value)")
  }

  @Test("A rebuild checks every link of the pages it made")
  func madePages() {
    let check = Self.check([
      Self.page("a.html", made: true, links: ["b.html#gone", "missing.html"]),
      Self.page("b.html", made: false, ids: ["x"]),
    ])
    #expect(
      Self.messages(check.problems("Site", changedTargets: [])) == [
        "Site/a.html:1: href `b.html#gone`: no id `gone` in b.html",
        "Site/a.html:2: href `missing.html`: no such file in the site",
      ])
  }

  @Test("A kept page's links into a page whose ids changed are checked again, and only those")
  func keptPages() {
    let pages = [
      Self.page("a.html", made: false, ids: ["self"], links: ["b.html#x", "c.html#y", "b.html", "#self"]),
      Self.page("b.html", made: true, ids: ["z"]),
      Self.page("c.html", made: false, ids: []),
    ]
    let check = Self.check(pages)
    #expect(
      Self.messages(check.problems("Site", changedTargets: ["b.html"])) == [
        "Site/a.html:1: href `b.html#x`: no id `x` in b.html"
      ])
    // c.html is kept: its ids are as the recorded build checked them.
    #expect(Self.messages(check.problems("Site", changedTargets: [])).isEmpty)
    #expect(
      Self.messages(check.problems("Site")) == [
        "Site/a.html:1: href `b.html#x`: no id `x` in b.html",
        "Site/a.html:2: href `c.html#y`: no id `y` in c.html",
      ])
  }

  @Test(
    "A made page's links the recorded build followed are checked again only into changed pages; all in a full check")
  func settledLinks() {
    func chunk(_ links: [String]) -> SearchChunk {
      SearchChunk(
        key: 0, json: Bytes([]), pageItem: Bytes([]), headingItems: Bytes([]), headingCount: 0, links: .made(links))
    }
    let first = chunk(["a.html#gone", "missing.html"])
    let followed = FollowedLinks(groups: [
      .init(line: 1, chunks: [first], pageItems: true),
      .init(line: 2, chunks: [chunk(["b.html#gone"])], pageItems: true),
      .init(line: 4, chunks: [first], pageItems: false),
    ])
    let pages = [
      RenderedPage(
        path: "search.html", bytes: [], ids: [], duplicateIDs: [],
        links: [PageLink(attribute: "href", value: "a.html#new", line: 3)], diagnostics: [], followed: followed),
      Self.page("a.html", made: false, ids: ["x"]),
      Self.page("b.html", made: true, ids: ["y"]),
    ]
    let check = Self.check(pages)
    #expect(
      Self.messages(check.problems("Site", changedTargets: ["b.html"])) == [
        "Site/search.html:2: href `b.html#gone`: no id `gone` in b.html",
        "Site/search.html:3: href `a.html#new`: no id `new` in a.html",
      ])
    #expect(Self.messages(check.problems("Site")).count == 4)
  }

  @Test(
    "A worker's remembered answers never stand for a link it did not check",
    arguments: [
      // The first page's check skips every link; the second checks them all.
      (
        [["b.html#gone", "b.html#x"], ["b.html#gone", "b.html#x"]], [true, false],
        ["Site/c.html:1: href `b.html#gone`: no id `gone` in b.html"]
      ),
      // The same links at the same places, and then in other places.
      (
        [["b.html#gone", "b.html#x"], ["b.html#gone", "b.html#x"], ["b.html#x", "missing.html", "b.html#gone"]],
        [false, false, false],
        [
          "Site/a.html:1: href `b.html#gone`: no id `gone` in b.html",
          "Site/c.html:1: href `b.html#gone`: no id `gone` in b.html",
          "Site/d.html:2: href `missing.html`: no such file in the site",
          "Site/d.html:3: href `b.html#gone`: no id `gone` in b.html",
        ]
      ),
    ] as [([[String]], [Bool], [String])])
  func rememberedAnswers(_ pageLinks: [[String]], _ skip: [Bool], _ expected: [String]) {
    let paths = ["a.html", "c.html", "d.html"]
    let made = zip(paths, pageLinks).map { Self.page($0, made: true, links: $1) }
    let check = Self.check(made + [Self.page("b.html", made: true, ids: ["x"])])
    let answers = OutputCheck.LinkAnswers()
    var found: [Diagnostic] = []
    for (page, skipped) in zip(made, skip) {
      found += check.problems(page, "Site", answers: answers, only: skipped ? { _ in false } : nil)
    }
    #expect(Self.messages(found) == expected)
  }
}
