import DesignFixture
import Foundation
import Testing

@testable import SiteGenerator

/// A rebuild from the build record must write exactly what a full build of the same inputs
/// makes, and report exactly what it reports, whatever sequence of edits came before.
@Suite struct IncrementalBuildTests {
  /// One Content page of the generated site, as text the edits change.
  struct Draft {
    var title: String
    var weight: Int
    var headings: [String]
    var paragraphs: [String]
    var links: [String]
    var block: String?
    /// Whether the page shows the image `images/pic.png` (relative to its own folder).
    var image = false

    var text: String {
      var body = ""
      for (index, heading) in headings.enumerated() {
        body += "## \(heading)\n\n\(paragraphs[index % paragraphs.count])\n\n"
      }
      if let block { body += "```contract \(block)\n```\n\n" }
      if !links.isEmpty { body += "See " + links.joined(separator: ", ") + ".\n" }
      if image { body += "\n![A picture](images/pic.png)\n" }
      return page(title, weight: weight, body)
    }
  }

  enum Edit: CaseIterable {
    case body, paragraph, heading, title, weight, addPage, removePage, addLink, block, moveBlock, handEditOutput
    case stylesheet, image, templateOverride
  }

  static let blocks = ["route business", "route checkout", "rejection-reasons", "builds", nil]

  @Test("Random edit sequences: every rebuild equals a full build", arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func rebuildEqualsFullBuild(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var drafts: [String: Draft] = [:]
    var next = 0
    func newDraft() -> String {
      next += 1
      // Every third page is in a folder, which its links start from.
      let name = next % 3 == 0 ? "guides/page-\(next)" : "page-\(next)"
      drafts[name] = Draft(
        title: "Page \(next)", weight: Int.random(in: 0...3, using: &random),
        headings: ["Intro \(next)", "Details \(next)"], paragraphs: ["Words of page \(next)."], links: [],
        block: nil)
      return name
    }
    for _ in 0..<5 { _ = newDraft() }
    drafts["page-1"]?.block = "route business"
    let fixture = try Fixture(pages: drafts.mapValues { $0.text }.reduce(into: [:]) { $0[$1.key + ".md"] = $1.value })
    defer { fixture.remove() }
    let content = fixture.root.appendingPathComponent("Content")
    func save(_ name: String) throws { try fixture.write("Content/\(name).md", drafts[name]!.text) }
    func anyPage() -> String { drafts.keys.sorted().randomElement(using: &random)! }

    // Odd seeds rebuild with one build, as `watch` does, which keeps its record in memory;
    // even seeds with a new build each time, as `make site` does. Seeds 5 and 6 take every
    // Content file's recorded status as settled, so that an unchanged file is not read again.
    func configured(_ build: SiteBuild) -> SiteBuild {
      var build = build
      if seed >= 5 { build.sourceSettling = .seconds(-3600) }
      return build
    }
    let kept = configured(fixture.build)
    func build() -> SiteBuild { seed % 2 == 1 ? kept : configured(fixture.build) }
    _ = build().run()
    var history: [String] = []
    for step in 0..<24 {
      let edit = Edit.allCases.randomElement(using: &random)!
      let name = anyPage()
      history.append("\(edit) \(name)")
      switch edit {
      case .body:
        drafts[name]!.paragraphs.append("Sentence \(step) of the edit.")
        drafts[name]!.headings.append("Part \(step)")
        try save(name)
      case .paragraph:
        // A body edit that leaves the page's ids as they were.
        drafts[name]!.paragraphs[0] += " More words \(step)."
        try save(name)
      case .heading:
        let index = Int.random(in: 0..<drafts[name]!.headings.count, using: &random)
        drafts[name]!.headings[index] = "Renamed \(step)"
        try save(name)
      case .title:
        drafts[name]!.title = "Retitled \(step)"
        try save(name)
      case .weight:
        drafts[name]!.weight = Int.random(in: 0...3, using: &random)
        try save(name)
      case .addPage:
        try save(newDraft())
      case .removePage:
        guard drafts.count > 2 else { continue }
        drafts[name] = nil
        try FileManager.default.removeItem(at: content.appendingPathComponent("\(name).md"))
      case .addLink:
        let target = anyPage()
        let heading = drafts[target]!.headings.randomElement(using: &random)!
        let fragment = heading.lowercased().replacingOccurrences(of: " ", with: "-")
        let path = SitePath.relative(target + ".md", from: SitePath.folder(of: name))
        let link =
          Bool.random(using: &random)
          ? "[\(heading)](\(path)#\(fragment))" : "[the business route](route:business)"
        drafts[name]!.links.append(link)
        try save(name)
      case .block:
        drafts[name]!.block = Self.blocks.randomElement(using: &random)!
        try save(name)
      case .moveBlock:
        // The block's anchors get a new home, and links to them on untouched pages a new href.
        guard let block = drafts[name]!.block,
          let target = drafts.keys.sorted().filter({ drafts[$0]!.block == nil }).randomElement(using: &random)
        else { continue }
        drafts[name]!.block = nil
        drafts[target]!.block = block
        try save(name)
        try save(target)
      case .handEditOutput:
        // Moved away by hand (a file edited by hand is never replaced: OutputOwnershipTests).
        try? FileManager.default.removeItem(atPath: fixture.root.path + "/Site/\(name).html")
      case .stylesheet:
        try fixture.write("Templates/style.css", "/* step \(step) */\nbody { margin: 0; }\n")
      case .templateOverride:
        // A file of the Templates folder removed, so that the built-in one takes its place, or
        // put back: as the built-in bytes (only the copy's header changes) or as others.
        let name = BuiltInTemplates.files.keys.sorted().randomElement(using: &random)!
        let path = fixture.root.appendingPathComponent("Templates/" + name)
        if FileManager.default.fileExists(atPath: path.path) {
          try FileManager.default.removeItem(at: path)
        } else if name.hasSuffix(".html") || Bool.random(using: &random) {
          try fixture.writeBytes("Templates/" + name, BuiltInTemplates.files[name]!)
        } else {
          try fixture.write("Templates/" + name, "/* step \(step) */\n")
        }
      case .image:
        // A picture of a new size in the page's folder, which the page then shows; half the
        // time on a page that shows its folder's picture already.
        let showing = drafts.keys.sorted().filter { drafts[$0]!.image }
        let name = Bool.random(using: &random) ? showing.randomElement(using: &random) ?? name : name
        let folder = SitePath.folder(of: name)
        try fixture.writeBytes(
          "Content/" + (folder.isEmpty ? "" : folder + "/") + "images/pic.png", pngHeader(step + 1, 2 * step + 1))
        // A page that shows it already is not saved: the new size alone must make it again.
        if !drafts[name]!.image {
          drafts[name]!.image = true
          try save(name)
        }
      }
      fixture.expectFullBuild(build().run(), "seed \(seed), after \(history)")
    }
  }

  @Test(
    "A contract block that moves to another page takes the links to it on untouched pages along",
    arguments: [false, true])
  func movedBlockRerendersLinkingPages(keptRecord: Bool) throws {
    let pages = [
      "index.md": page("Home", "Read [the business card](route:business).\n"),
      "old.md": page("Old", weight: 2, "## Business\n\n```contract route business\n```\n"),
      "new.md": page("New", weight: 3, "## Later\n\nNothing yet.\n"),
    ]
    let fixture = try Fixture(pages: pages)
    defer { fixture.remove() }
    let kept = fixture.build
    func build() -> SiteBuild { keptRecord ? kept : fixture.build }
    #expect(build().run().diagnostics.errorCount == 0)
    #expect(fixture.read("Site/index.html")?.contains("href=\"old.html#route-business\"") == true)
    try fixture.write("Content/old.md", page("Old", weight: 2, "## Business\n\nMoved.\n"))
    try fixture.write("Content/new.md", page("New", weight: 3, "## Later\n\n```contract route business\n```\n"))
    let moved = build().run()
    #expect(fixture.read("Site/index.html")?.contains("href=\"new.html#route-business\"") == true)
    fixture.expectFullBuild(moved, "after the block moved")
    // A body edit that leaves every page's ids as they were keeps the linking page.
    try fixture.write(
      "Content/new.md", page("New", weight: 3, "## Later\n\nAt last:\n\n```contract route business\n```\n"))
    let edited = build().run()
    #expect(edited.rendered == 1, "the edited page alone: the search page shows nothing of its body")
    fixture.expectFullBuild(edited, "after a body edit")
  }

  @Test(
    "A body edit writes that page and the part of the search index its words are in, and keeps every other file",
    arguments: [
      // A section under a heading that titles a route card: its words find the route class.
      ("routes.md", "\nOne more line.\n", ["routes.html", "search.json", "search/index.js"]),
      // A section of the page's own: its words find the page.
      ("index.md", "\nOne more line.\n", ["index.html", "search/part-1.json", "search/part-1.js"]),
    ])
  func bodyEditKeepsOtherPages(page: String, appended: String, changes: [String]) throws {
    let fixture = try Fixture(pages: SiteBuildTests.pages)
    defer { fixture.remove() }
    _ = fixture.build.run()
    let before = fixture.snapshot()
    try fixture.write("Content/" + page, SiteBuildTests.pages[page]! + appended)
    let edit = fixture.build.run()
    #expect(edit.written == changes.count)
    let after = fixture.snapshot()
    let changed = Set(after.keys.filter { after[$0]?.1 != before[$0]?.1 })
    // And the marker, which lists the files with their digests.
    #expect(changed == Set(changes + [OutputClaim.marker]))
    fixture.expectFullBuild(edit, "after editing \(page)")
  }

  @Test(
    "The search page is rendered again only when what it shows changes",
    arguments: [
      ("a body edit", "\nOne more line.\n", "", 1),
      ("a heading renamed", "", "## Checkout card", 2),
      ("a new heading", "\n## Later\n\nText.\n", "", 2),
    ])
  func searchPageKept(_ change: String, appended: String, heading: String, rendered: Int) throws {
    let fixture = try Fixture(pages: SiteBuildTests.pages)
    defer { fixture.remove() }
    _ = fixture.build.run()
    var routes = SiteBuildTests.pages["routes.md"]! + appended
    if !heading.isEmpty { routes = routes.replacingOccurrences(of: "## Checkout", with: heading) }
    try fixture.write("Content/routes.md", routes)
    let result = fixture.build.run()
    #expect(result.diagnostics.errorCount == 0, "\(change)")
    #expect(result.rendered == rendered, "\(change)")
    fixture.expectFullBuild(result, change)
  }

  @Test("The search index is in parts of 64 pages in navigation order; an edit writes only its page's part")
  func searchParts() throws {
    let count = 2 * SearchIndex.pagesPerPart + 2
    var pages: [String: String] = [:]
    for number in 1...count {
      pages[String(format: "p%03d.md", number)] = page(
        String(format: "Page %03d", number), weight: number, "## Part of \(number)\n\nWords of page \(number).\n")
    }
    let fixture = try Fixture(pages: pages)
    defer { fixture.remove() }
    #expect(fixture.build.run().diagnostics.errorCount == 0)
    let json = try #require(fixture.read("Site/search.json"))
    let index = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(index["parts"] as? [String] == ["search/part-1.json", "search/part-2.json", "search/part-3.json"])
    let titles = try SearchTests.entries(fixture).filter { $0[0] == "page" }.map { $0[1] }
    #expect(titles == (1...count).map { String(format: "Page %03d", $0) })
    let html = try #require(fixture.read("Site/search.html"))
    #expect(html.contains("<script src=\"search/part-3.js\" defer=\"defer\"></script><script src=\"search.js\""))

    let before = fixture.snapshot()
    let edited = SearchIndex.pagesPerPart + 5
    try fixture.write(
      String(format: "Content/p%03d.md", edited),
      page(String(format: "Page %03d", edited), weight: edited, "## Part of \(edited)\n\nNew words here.\n"))
    let edit = fixture.build.run()
    let after = fixture.snapshot()
    #expect(
      Set(after.keys.filter { after[$0]?.1 != before[$0]?.1 })
        == [String(format: "p%03d.html", edited), "search/part-2.json", "search/part-2.js", OutputClaim.marker])
    fixture.expectFullBuild(edit, "after the edit")
    // A new first page moves every page after it: each part is written again.
    try fixture.write("Content/a000.md", page("Page 000", weight: 0, "Before all.\n"))
    fixture.expectFullBuild(fixture.build.run(), "after a page was added in front")
  }

  @Test("A Content file whose recorded status stands is not read, yet every rebuild equals a full build")
  func settledSourcesAreTrusted() throws {
    let fixture = try Fixture(pages: SiteBuildTests.pages)
    defer { fixture.remove() }
    var build = fixture.build
    build.sourceSettling = .seconds(-3600)
    _ = build.run()
    // The record's pages cannot be used (the template changed), so the trusted files are read.
    try fixture.write("Templates/style.css", "body { margin: 1px; }\n")
    fixture.expectFullBuild(build.run(), "after a stylesheet change")
    try fixture.write("Content/routes.md", SiteBuildTests.pages["routes.md"]! + "\nOne more line.\n")
    let edit = build.run()
    #expect(edit.written == 3)
    fixture.expectFullBuild(edit, "after a body edit")
    // A page removed is noticed, and so are the links to it that now break.
    try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("Content/routes.md"))
    fixture.expectFullBuild(build.run(), "after a page was removed")
    try fixture.write("Content/extra.md", page("Extra", "A page added after the others."))
    fixture.expectFullBuild(build.run(), "after a page was added")
  }

  @Test("A folder reading takes a recorded digest only for a file whose status is the one recorded")
  func folderTrustsRecordedStatus() throws {
    let fixture = try Fixture(pages: ["a.md": page("A", "Alpha."), "b.md": page("B", "Beta.")])
    defer { fixture.remove() }
    let content = fixture.root.appendingPathComponent("Content").path
    let first = SiteSources.Folder(content, settling: .seconds(-3600))
    let a = try #require(first.settled["a.md"])
    let b = try #require(first.settled["b.md"])
    #expect(first.bytes.keys.sorted() == ["a.md", "b.md"])
    // A recorded digest that is not the file's own shows which files were not read.
    let changedStatus = SiteSources.Status(
      size: b.status.size + 1, modified: b.status.modified, changed: b.status.changed, inode: b.status.inode)
    let known = [
      "a.md": SiteSources.Known(status: a.status, digest: 42),
      "b.md": SiteSources.Known(status: changedStatus, digest: 42),
    ]
    let second = SiteSources.Folder(content, known: known, settling: .seconds(2))
    #expect(second.digests["a.md"] == 42 && second.bytes["a.md"] == nil)
    #expect(second.digests["b.md"] == b.digest && second.bytes["b.md"] != nil)
    // Files changed within the settling time are read, but not offered to the next build.
    #expect(second.settled.isEmpty)
    // Asked for, the untrusted-digest file is refused: its bytes are not what the digest says.
    #expect(second.bytes(of: "a.md") == nil)
    #expect(second.bytes(of: "b.md") != nil)
  }

  @Test("A rebuild with nothing to do reads the record without its pages file")
  func noOpWithoutPages() throws {
    let fixture = try Fixture(pages: SiteBuildTests.pages)
    defer { fixture.remove() }
    _ = fixture.build.run()
    let pages = fixture.root.appendingPathComponent(".Site.linkcontract-cache-pages")
    #expect(FileManager.default.fileExists(atPath: pages.path))
    try FileManager.default.removeItem(at: pages)
    let again = fixture.build.run()
    #expect(again.written == 0 && again.files > 0)
    // Without its pages, an edit renders everything again, and still writes only what changed.
    try fixture.write("Content/routes.md", SiteBuildTests.pages["routes.md"]! + "\nOne more line.\n")
    let edit = fixture.build.run()
    #expect(edit.written == 3)
    #expect(FileManager.default.fileExists(atPath: pages.path))
  }

  @Test("One build run again keeps its record's pages in memory; another build reads them from disk")
  func pagesKeptInMemory() throws {
    let fixture = try Fixture(pages: SiteBuildTests.pages)
    defer { fixture.remove() }
    let build = fixture.build
    let first = build.run()
    #expect(first.rendered == SiteBuildTests.pages.count + 1, "every page and the search page at first")
    // Without the pages file, the same build still knows its pages: one page is rendered again
    // (the search page shows nothing of its body).
    let pages = fixture.root.appendingPathComponent(".Site.linkcontract-cache-pages")
    try FileManager.default.removeItem(at: pages)
    try fixture.write("Content/routes.md", SiteBuildTests.pages["routes.md"]! + "\nOne more line.\n")
    let edit = build.run()
    #expect(edit.written == 3)
    #expect(edit.rendered == 1)
    // Another build of the same folders has only the disk, and the pages file is there again.
    try fixture.write("Content/routes.md", SiteBuildTests.pages["routes.md"]! + "\nTwo more lines.\n")
    #expect(fixture.build.run().rendered == 1)
    // A record saved by another build is not the one this build kept: it reads the disk.
    try FileManager.default.removeItem(at: pages)
    try fixture.write("Content/routes.md", SiteBuildTests.pages["routes.md"]!)
    let after = build.run()
    #expect(after.rendered == first.rendered)
    #expect(after.written == 3)
  }

  @Test("A pages file written for another record is not read: the rebuild equals a full build")
  func stalePagesFile() throws {
    let fixture = try Fixture(pages: SiteBuildTests.pages)
    defer { fixture.remove() }
    _ = fixture.build.run()
    let pages = fixture.root.appendingPathComponent(".Site.linkcontract-cache-pages")
    let stale = try Data(contentsOf: pages)
    try fixture.write(
      "Content/routes.md",
      SiteBuildTests.pages["routes.md"]!.replacingOccurrences(of: "## Checkout", with: "## Checkout card"))
    _ = fixture.build.run()
    try stale.write(to: pages)
    try fixture.write("Content/index.md", SiteBuildTests.pages["index.md"]! + "\nMore.\n")
    let rebuilt = fixture.build.run()
    #expect(rebuilt.diagnostics.errorCount == 0)
    fixture.expectFullBuild(rebuilt, "after a stale pages file")
  }

  @Test("A heading rename that breaks a link on an untouched page is reported at that page's line")
  func headingRenameReportsUntouchedPage() throws {
    let fixture = try Fixture(pages: SiteBuildTests.pages)
    defer { fixture.remove() }
    #expect(fixture.build.run().diagnostics.errorCount == 0)
    let before = fixture.snapshot()
    try fixture.write(
      "Content/routes.md", SiteBuildTests.pages["routes.md"]!.replacingOccurrences(of: "## Business", with: "## Firms"))
    let result = fixture.build.run()
    #expect(
      fixture.messages(result.diagnostics).filter { $0.contains("error") } == [
        "Content/index.md:9:5: error: no heading or anchor `business` in `routes.md` (known: firms, checkout)"
      ])
    let after = fixture.snapshot()
    for (path, (data, date)) in before {
      #expect(after[path]?.0 == data && after[path]?.1 == date, "\(path) changed in a failed build")
    }
  }

  @Test("The same inputs listed in another order give the same bytes")
  func orderIndependent() throws {
    let fixture = try Fixture(pages: SiteBuildTests.pages)
    defer { fixture.remove() }
    let one = fixture.build.render()
    // Files created again in the opposite order sit in the directory in another order.
    let names = SiteBuildTests.pages.keys.sorted()
    for name in names { try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("Content/\(name)")) }
    for name in names.reversed() { try fixture.write("Content/\(name)", SiteBuildTests.pages[name]!) }
    let other = fixture.build.render()
    #expect(one.files.keys.sorted() == other.files.keys.sorted())
    for (path, bytes) in one.files where other.files[path] != bytes { Issue.record("\(path) differs") }
    #expect(fixture.messages(one.diagnostics) == fixture.messages(other.diagnostics))
  }
}

extension Fixture {
  /// Expects `rebuilt`'s diagnostics, and the output folder when there is no error, to be
  /// exactly those of a full build of the same inputs made now; `context` names the case.
  func expectFullBuild(
    _ rebuilt: SiteBuildResult, _ context: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let full = build.render()
    #expect(
      messages(rebuilt.diagnostics) == messages(full.diagnostics), "\(context)", sourceLocation: sourceLocation)
    guard full.diagnostics.errorCount == 0 else { return }
    let written = snapshot()
    #expect(Set(written.keys) == Set(full.files.keys), "\(context)", sourceLocation: sourceLocation)
    for (path, bytes) in full.files where written[path]?.0 != Data(bytes) {
      Issue.record("\(context): \(path) differs from a full build", sourceLocation: sourceLocation)
    }
  }
}
