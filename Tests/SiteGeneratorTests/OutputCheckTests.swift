import LinkContract
import Testing

@testable import SiteGenerator

/// The output check reads every id and link as a browser would follow them; a rebuild checks
/// what it can have broken.
@Suite struct OutputCheckTests {
  static func page(_ path: String, made: Bool, ids: [String] = [], links: [String] = []) -> RenderedPage {
    RenderedPage(
      path: path, bytes: made ? [] : nil, ids: Set(ids), duplicateIDs: [],
      links: links.enumerated().map { PageLink(attribute: .href, value: $1, line: $0 + 1) }, diagnostics: [])
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
