import DesignFixture
import Foundation
import LinkContract
import Synchronization
import Testing

@testable import SiteGenerator

/// Content a hostile writer could put in the folder: special files, nesting no page needs,
/// long lines of many constructs, and huge or control-laden words that messages quote. The
/// build answers each with its positioned errors, or the site (its growth with the input is
/// measured by `make bench-hostile`).
@Suite("Hostile Content")
struct HostileContentTests {
  /// The build of `pages` (the index page is added), with its messages, paths relative to
  /// the fixture.
  static func build(_ pages: [String: String]) throws -> (SiteBuildResult, [String], Fixture) {
    let fixture = try Fixture(pages: ["index.md": goodPage].merging(pages) { _, page in page })
    let result = fixture.build.run()
    return (result, fixture.messages(result.diagnostics), fixture)
  }

  static let limit = MarkdownNesting.limit

  /// A page that nests one construct a hundred thousand times, and where the limit is
  /// passed: the column where it is, for the block constructs cmark places.
  struct Nesting: Sendable, CustomTestStringConvertible {
    let name: String
    let body: String
    var column: Int? = nil
    var testDescription: String { name }
  }

  static let depth = 100_000
  static let nestings: [Nesting] = [
    // Each quote is one level.
    Nesting(name: "quotes", body: String(repeating: "> ", count: depth) + "x\n", column: 2 * limit + 1),
    // Each list is two levels, the list and its item.
    Nesting(name: "bullets", body: String(repeating: "- ", count: depth) + "x\n", column: limit + 1),
    Nesting(name: "stars", body: String(repeating: "* ", count: depth) + "x\n", column: limit + 1),
    Nesting(name: "ordered", body: String(repeating: "1. ", count: depth) + "x\n", column: 3 * (limit / 2) + 1),
    Nesting(
      name: "emphasis *", body: String(repeating: "*", count: depth) + "x" + String(repeating: "*", count: depth) + "\n"
    ),
    Nesting(
      name: "emphasis _", body: String(repeating: "_", count: depth) + "x" + String(repeating: "_", count: depth) + "\n"
    ),
    Nesting(
      name: "emphasis around words",
      body: String(repeating: "*a ", count: depth) + "x" + String(repeating: " b*", count: depth) + "\n"),
    Nesting(
      name: "images",
      body: String(repeating: "![", count: depth) + "x" + String(repeating: "](i.png)", count: depth) + "\n"),
  ]

  // Before the limit, a build crashed on each of these (the stack overflowed in the content
  // writer or the first pass, from about 30,000 levels in a release build): the test process
  // dies, which fails the run.
  @Test("Nesting past the limit is one error where the limit is passed, and no crash", arguments: nestings)
  func deepNesting(_ nesting: Nesting) throws {
    let (result, _, fixture) = try Self.build(["deep.md": page("Deep", nesting.body)])
    defer { fixture.remove() }
    let problems = result.diagnostics.filter { $0.path.hasSuffix("Content/deep.md") }
    #expect(problems.map(\.id) == [.nestingTooDeep], "\(fixture.messages(problems))")
    let problem = try #require(problems.first)
    // The body starts on line 7, after the front matter and a blank line.
    #expect(problem.line == 7)
    if let column = nesting.column { #expect(problem.column == column) }
    #expect(problem.message.contains("more than \(Self.limit) levels"))
    #expect(result.diagnostics.count == 1, "\(fixture.messages(result.diagnostics))")
  }

  @Test("A page nested to the limit is built, and an XML reader reads it back; one level more is an error")
  func nestingAtTheLimit() throws {
    // The document is level 0; a paragraph in the innermost quote is one level below it and
    // its text one more.
    let deepest = String(repeating: "> ", count: Self.limit - 2) + "x\n"
    let (built, messages, fixture) = try Self.build(["deep.md": page("Deep", deepest)])
    defer { fixture.remove() }
    #expect(built.diagnostics.errorCount == 0, "\(messages)")
    let bytes = Array(try #require(fixture.read("Site/deep.html")).utf8)
    guard case .success = HTMLDocument.parseWellFormed(bytes: bytes, url: "deep.html") else {
      Issue.record("libxml2 does not read the page back")
      return
    }
    try fixture.write("Content/deep.md", page("Deep", "> " + deepest))
    let failed = fixture.build.run()
    #expect(
      fixture.messages(failed.diagnostics) == [
        "Content/deep.md:7:\(2 * (Self.limit - 1) + 1): error: Markdown nests more than \(Self.limit) levels deep here (quotes, lists, emphasis or links inside each other): nest it less"
      ])
  }

  @Test("A table cell nested past the limit is an error at the cell")
  func deepCell() throws {
    let cell = String(repeating: "*", count: 1000) + "x" + String(repeating: "*", count: 1000)
    let (result, messages, fixture) = try Self.build(["cell.md": page("Cell", "| a |\n| - |\n| \(cell) |\n")])
    defer { fixture.remove() }
    #expect(result.diagnostics.map(\.id) == [.nestingTooDeep], "\(messages)")
    #expect(result.diagnostics.first?.line == 9)
  }
}

/// Many constructs on one line, or many of one kind on a page, each built with the right result.
/// These pages were quadratic before their fixes (debug build, 2 cores: links 89 s, the others
/// still running at 110 s; now one to three seconds, most of it building the site). How the
/// build time grows with their number is measured by `make bench-hostile`
/// (scripts/hostile-growth/content.sh), not here: a test never asserts on time.
@Suite("Hostile Content in bulk")
struct LinearContentTests {
  // 50,000 links on one line: before, the first pass copied the line up to each text to look
  // for bare URLs (release build: 10,000 links 3.1 s, 40,000 47 s; this test 89 s); now 0.3 s
  // for 40,000 in release.
  @Test("Many links on one line")
  func linksOnOneLine() throws {
    let count = 50_000
    let (result, messages, fixture) = try HostileContentTests.build([
      "links.md": page("Links", String(repeating: "[a](https://a.example/) ", count: count) + "\n")
    ])
    defer { fixture.remove() }
    #expect(result.diagnostics.errorCount == 0, "\(messages.prefix(3))")
    let html = try #require(fixture.read("Site/links.html"))
    #expect(html.components(separatedBy: "<a href=\"https://a.example/\">a</a>").count == count + 1)
  }

  // 50,000 equal headings: before, each counted its suffix up from 2 (release build: 10,000
  // headings 2.8 s, 40,000 49 s); now 0.4 s in release.
  @Test("Many equal headings")
  func equalHeadings() throws {
    let count = 50_000
    let (result, messages, fixture) = try HostileContentTests.build([
      "same.md": page("Same", String(repeating: "## Same\n\n", count: count))
    ])
    defer { fixture.remove() }
    #expect(result.diagnostics.errorCount == 0, "\(messages.prefix(3))")
    let html = try #require(fixture.read("Site/same.html"))
    #expect(html.contains("<h2 id=\"same\">") && html.contains("<h2 id=\"same-\(count)\">"))
    #expect(!html.contains("same-\(count + 1)"))
  }

  // 50,000 refused links on one line: before, each error's column was counted from the
  // file's start (release build: 10,000 4.7 s, 40,000 69 s); now 0.6 s in release.
  @Test("Many errors on one line, each at its column")
  func errorsOnOneLine() throws {
    let count = 50_000
    let link = "[é](ftp://a.example/) "
    let (result, _, fixture) = try HostileContentTests.build([
      "http.md": page("HTTP", String(repeating: link, count: count) + "\n")
    ])
    defer { fixture.remove() }
    let columns = result.diagnostics.filter { $0.id == .linkInvalid }.map(\.column)
    // Columns count characters: `é` is two bytes and one column.
    #expect(columns == (0..<count).map { $0 * link.count + 1 })
  }

  // 10,000 forbidden values, each in a refused link on its own line: before, each error was
  // searched for every value (release build: 1,000 2.6 s, 2,000 15 s); now 0.1 s in release.
  @Test("Many forbidden values and many errors")
  func forbiddenValues() throws {
    let count = 10_000
    let key = try #require(Contract.design.forbiddenKeys.words.first)
    let lines = (0..<count).map { "[a](elsewhere?\(key)=secret\(100_000 + $0))\n" }
    let (result, _, fixture) = try HostileContentTests.build(["secrets.md": page("Secrets", lines.joined())])
    defer { fixture.remove() }
    #expect(result.diagnostics.filter { $0.id == .linkInvalid }.count == count)
    #expect(!result.diagnostics.contains { $0.message.contains("secret1") })
  }

  // 20,000 headings and 20,000 links to missing ones: before, each error listed every
  // heading and compared its id with each (release build: 10,000 5.9 s, 40,000 over two
  // minutes); now each compares it with at most the first 200 and lists 40.
  @Test("Many broken links on a page of many headings")
  func brokenAnchors() throws {
    let count = 20_000
    let headings = (0..<count).map { "## Head \($0)\n" }.joined()
    let links = (0..<count).map { "[a](#no-such-heading-\($0)) " }.joined()
    let (result, _, fixture) = try HostileContentTests.build(["anchors.md": page("Anchors", headings + "\n" + links)])
    defer { fixture.remove() }
    let errors = result.diagnostics.filter { $0.id == .linkInvalid }
    #expect(errors.count == count)
    #expect(errors.allSatisfy { $0.message.hasSuffix("and \(count - Suggestion.listLimit) more)") })
  }
}

/// A page whose file name holds a control character: each diagnostic about it names it with
/// the control escaped, so that a newline in the name cannot start a forged diagnostic line and
/// an escape cannot drive the terminal.
@Suite("Hostile Content page names")
struct HostilePageNameTests {
  /// A page's name before `.md`, shown escaped in the test's name.
  struct Stem: Sendable, CustomTestStringConvertible {
    let text: String
    var testDescription: String { Printed.escaped(text) }
  }

  @Test(
    "A diagnostic's path has its control characters escaped",
    arguments: ["a\nindex.md:1:1: error: forged", "b\u{1B}[2J", "c\u{9B}31m", "d\re"].map(Stem.init))
  func escapedPath(_ named: Stem) throws {
    let stem = named.text
    let name = stem + ".md"
    let (result, _, fixture) = try HostileContentTests.build([name: page("Named", "[a](http://a.example/)\n")])
    defer { fixture.remove() }
    let problems = result.diagnostics.filter { $0.path.hasSuffix("Content/" + name) }
    #expect(!problems.isEmpty, "\(Printed.escaped(stem)): \(fixture.messages(result.diagnostics))")
    let shown = "Content/" + Printed.escaped(name) + ":"
    for problem in problems {
      let lines = fixture.messages([problem])[0].split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.count == 1 + problem.notes.count, "\(Printed.escaped(stem)): \(lines)")
      #expect(lines.allSatisfy { $0.hasPrefix(shown) }, "\(Printed.escaped(stem)): \(lines)")
      #expect(!lines.joined().unicodeScalars.contains(where: Printed.isControl), "\(Printed.escaped(stem))")
    }
    let report = result.diagnostics.report
    let reportLines = report.split(separator: "\n").count
    #expect(reportLines == result.diagnostics.count + result.diagnostics.map(\.notes.count).reduce(0, +) + 1)
  }
}

/// Every message that quotes a page quotes a short excerpt of it, its controls escaped.
@Suite("Hostile Content quoted in messages")
struct QuotedContentTests {
  struct Quote: Sendable, CustomTestStringConvertible {
    let name: String
    let body: String
    var matter: String? = nil
    var testDescription: String { name }
  }

  static let long = String(repeating: "x", count: 1_000_000)
  /// A C1 control, which is UTF-8 a page may hold, and a terminal reads as the start of a
  /// control sequence.
  static let control = "bad\u{9B}31mname"

  static let quotes: [Quote] = [
    Quote(name: "contract block name", body: "```contract \(long)\n```\n"),
    Quote(name: "contract block name with a control", body: "```contract \(control)\n```\n"),
    Quote(name: "contract block arguments", body: "```contract layers \(long)\n```\n"),
    Quote(name: "route class of a block", body: "```contract route \(long)\n```\n"),
    Quote(name: "build of a block", body: "```contract association \(control)\(long)\n```\n"),
    Quote(name: "link-example option", body: "```link-example \(long)\n```\n"),
    Quote(name: "link-example build", body: "```link-example build=\(control)\n```\n"),
    Quote(name: "route class of a link", body: "[a](route:\(long))\n"),
    Quote(name: "link scheme", body: "[a](\(long):x)\n"),
    Quote(name: "link to a missing page", body: "[a](\(control)\(long).md)\n"),
    Quote(name: "link to a missing anchor", body: "[a](#\(control)\(long))\n"),
    Quote(name: "link of no kind", body: "[a](\(control)/\(long))\n"),
    Quote(name: "link to a missing generated file", body: "[a](\(control)\(long).json)\n"),
    Quote(name: "weight", body: "Text.\n", matter: "---\ntitle: A\nsummary: B\nweight: \(control)\(long)\n---\n\n"),
  ]

  @Test("A message quotes at most an excerpt of the page, its controls escaped", arguments: quotes)
  func excerpts(_ quote: Quote) throws {
    let source = (quote.matter ?? "---\ntitle: Quote\nsummary: Quotes.\nweight: 1\n---\n\n") + quote.body
    let (result, messages, fixture) = try HostileContentTests.build(["quote.md": source])
    defer { fixture.remove() }
    let problems = result.diagnostics.filter { $0.path.hasSuffix("Content/quote.md") }
    #expect(!problems.isEmpty, "\(messages)")
    for problem in problems {
      #expect(problem.message.utf8.count < 1000, "\(problem.message.prefix(300))")
      #expect(!problem.message.unicodeScalars.contains { $0.value >= 0x80 && $0.value < 0xA0 })
    }
    if quote.body.contains(Self.control) || quote.matter?.contains(Self.control) == true {
      #expect(problems.contains { $0.message.contains("bad\\u{9B}31mname") }, "\(messages)")
    }
  }

  @Test("A page file name with a control is quoted escaped")
  func pageName() throws {
    let (result, _, fixture) = try HostileContentTests.build(["\(QuotedContentTests.control).md": goodPage])
    defer { fixture.remove() }
    #expect(result.diagnostics.map(\.id) == [.pageNameInvalid])
    #expect(result.diagnostics.first?.message.hasPrefix("page name `bad\\u{9B}31mname` must use") == true)
  }
}

/// The header of every page names its source as the Content folder's name and the page's file,
/// never the path the build was given.
@Suite("A page's header names no local path")
struct PageHeaderTests {
  @Test("Built from an absolute path, a page names Content/<file>; built from another folder, the same bytes")
  func header() throws {
    let pages = ["index.md": goodPage, "about.md": page("About", "Text.\n")]
    let first = try Fixture(pages: pages)
    defer { first.remove() }
    let second = try Fixture(pages: pages)
    defer { second.remove() }
    #expect(first.build.run().diagnostics.isEmpty)
    #expect(second.build.run().diagnostics.isEmpty)
    let page = try #require(first.read("Site/about.html"))
    #expect(
      page.hasPrefix("<!-- Generated by `linkcontract generate` from Content/about.md. Do not edit. -->\n"))
    #expect(!page.contains(first.root.path))
    #expect(second.read("Site/about.html") == page)
  }

  @Test(
    "The Content folder's name, from any path to it",
    arguments: [
      ("Content", "Content"), ("Content/", "Content"), ("./Content/.", "Content"), ("/srv/site/Content", "Content"),
      ("/srv/site/Docs/../Content//", "Content"), ("/", ""), ("/srv/..", ""),
    ])
  func folderName(_ path: String, _ name: String) {
    #expect(SiteContext.folderName(path) == name)
  }

  @Test("`.` and `..` name the working directory's folder and its parent")
  func relativeFolderName() {
    let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    #expect(SiteContext.folderName(".") == here.lastPathComponent)
    #expect(SiteContext.folderName("..") == here.deletingLastPathComponent().lastPathComponent)
  }
}

/// Files in Content that are not regular files are errors at their path, and are never read:
/// reading a FIFO would wait for a writer for ever.
@Suite("Special files in Content")
struct SpecialContentFileTests {
  enum Kind: String, Sendable, CaseIterable {
    case fifo = "a FIFO"
    case linkToFIFO = "a symbolic link to a FIFO"
    case device = "a symbolic link to a device"
    case directory = "a directory"
    case danglingLink = "a symbolic link to nothing"
    case linkToFile = "a symbolic link to a page"
  }

  static let expected: [Kind: String] = [
    .fifo: "cannot read the file: it is not a regular file (a FIFO)",
    // A link that leads outside Content is never followed.
    .linkToFIFO: "this symbolic link leads to `",
    .device: "this symbolic link leads to `/dev/zero`",
    .directory: "cannot read the file: it is a directory, not a file",
    .danglingLink: "cannot read the file: it is a symbolic link to nothing",
  ]

  @Test(
    "A file that is not a regular one is an error at its path, and the build does not wait", arguments: Kind.allCases)
  func special(_ kind: Kind) throws {
    let fixture = try Fixture(pages: ["index.md": goodPage, "page.md": page("Page", "Text.\n")])
    defer { fixture.remove() }
    let content = fixture.root.appendingPathComponent("Content").path
    let special = content + "/special.md"
    let fifo = fixture.root.appendingPathComponent("pipe").path
    switch kind {
    case .fifo: #expect(mkfifo(special, 0o600) == 0)
    case .linkToFIFO:
      #expect(mkfifo(fifo, 0o600) == 0)
      #expect(symlink(fifo, special) == 0)
    case .device: #expect(symlink("/dev/zero", special) == 0)
    case .directory: #expect(mkdir(special, 0o700) == 0)
    case .danglingLink: #expect(symlink(content + "/nothing", special) == 0)
    case .linkToFile: #expect(symlink(content + "/page.md", special) == 0)
    }
    let (result, waited) = Self.buildWatching(fixture, fifo: kind == .fifo ? special : kind == .linkToFIFO ? fifo : nil)
    #expect(!waited, "the build opened the FIFO for reading and waited for a writer")
    let messages = fixture.messages(result.diagnostics)
    guard let reason = Self.expected[kind] else {
      #expect(messages.isEmpty)
      #expect(fixture.read("Site/special.html")?.contains("<h1>Page</h1>") == true)
      return
    }
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("Content/special.md:1:1: error: \(reason)") == true, "\(messages)")
  }

  /// The build of `fixture`; with `fifo`, and whether a watchdog had to let the build go on:
  /// should a thread of the process wait in the kernel for a FIFO's writer, the watchdog opens
  /// this FIFO's writing end, which succeeds only while something has it open for reading, and
  /// the build then reads it.
  static func buildWatching(_ fixture: Fixture, fifo: String?) -> (SiteBuildResult, waited: Bool) {
    guard let fifo else { return (fixture.build.run(), false) }
    let watchdog = FIFOWatchdog(fifo)
    let result = fixture.build.run()
    return (result, watchdog.stop())
  }
}

/// A thread of its own that watches this process's threads until stopped: when one waits in
/// the kernel for a FIFO's other end (its wait channel is `wait_for_partner`, where Linux puts
/// an open of a FIFO that blocks), it opens the FIFO for writing, noting when that succeeded.
/// It acts on that state, not on a clock, so a slow build on a busy machine is never taken for
/// one that waits (the build opens special files without blocking for an instant, which a
/// writer opening at that instant would catch).
final class FIFOWatchdog: Sendable {
  let fifo: String
  private let stopped = Atomic<Bool>(false)
  private let waited = Atomic<Bool>(false)
  private let thread = Mutex<pthread_t?>(nil)

  init(_ fifo: String) {
    self.fifo = fifo
    var thread = pthread_t()
    let context = Unmanaged.passRetained(self).toOpaque()
    _ = pthread_create(
      &thread, nil,
      { context in
        let watchdog = Unmanaged<FIFOWatchdog>.fromOpaque(context!).takeRetainedValue()
        watchdog.watch()
        return nil
      }, context)
    self.thread.withLock { $0 = thread }
  }

  /// Whether a thread of this process waits for a FIFO's other end.
  static func aThreadWaitsForAFIFO() -> Bool {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.contains { task in
      (try? String(contentsOfFile: "/proc/self/task/\(task)/wchan", encoding: .utf8)) == "wait_for_partner"
    }
  }

  private func watch() {
    while !stopped.load(ordering: .acquiring) {
      // The threads' state is read again after each pause; no pause decides anything.
      usleep(10_000)
      guard Self.aThreadWaitsForAFIFO() else { continue }
      let writer = open(fifo, O_WRONLY | O_NONBLOCK)
      if writer >= 0 {
        waited.store(true, ordering: .releasing)
        close(writer)
      }
    }
  }

  /// Stops the watchdog; whether it had to open the FIFO.
  func stop() -> Bool {
    stopped.store(true, ordering: .releasing)
    if let thread = thread.withLock({ $0 }) { pthread_join(thread, nil) }
    return waited.load(ordering: .acquiring)
  }
}
