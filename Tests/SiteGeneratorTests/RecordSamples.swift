import LinkContract

@testable import SiteGenerator

/// Values of every kind the build record holds, with every optional part present and absent,
/// for the record's format and round-trip tests.
enum RecordSamples {
  static let diagnostics = [
    Diagnostic(id: .linkInvalid, path: "guides/setup.md", line: 12, column: 3, message: "href `x.html`: no such file"),
    Diagnostic(
      id: .duplicateAnchor, path: "Site/routes.html", line: 1, column: 1, severity: .warning,
      message: "id `é` is used twice"),
  ]

  static let matter = FrontMatter(title: "Routes — all of them", summary: "Every route.", weight: -3)

  static let homes = [
    DirectiveHome(block: "route business", line: 7, column: 1, anchors: ["route-business", "a"], definesAnchors: true),
    DirectiveHome(block: "reasons", line: 300, column: 5, anchors: [], definesAnchors: false),
  ]

  static let headings = [
    Heading(level: 2, text: "Business", id: "business"),
    Heading(level: 3, text: "Ünïcode ✓", id: "unicode"),
  ]

  static let links = [
    PageLink(attribute: .href, value: "routes.html#business", line: 4),
    PageLink(attribute: .src, value: "images/a.png", line: 200),
  ]

  static let lookups = [
    SiteLookup(question: .init(kind: .page, key: "routes"), answer: "routes.html"),
    SiteLookup(question: .init(kind: .id, key: "routes#business"), answer: ""),
    SiteLookup(question: .init(kind: .anchor, key: "route-business"), answer: "routes"),
  ]

  static let words: [String?: String] = [nil: "intro words", "business": "business route", "unicode": "ünïcode"]

  static let chunkLinks = [
    PageLink(attribute: .href, value: "routes.html", line: 1),
    PageLink(attribute: .href, value: "routes.html#business", line: 3),
  ]

  static func render(_ path: String = "routes.html", full: Bool = true) -> RenderedPage {
    RenderedPage(
      path: path, bytes: nil, ids: full ? ["business", "unicode", "top"] : [],
      duplicateIDs: full ? ["top"] : [], links: full ? links : [], diagnostics: full ? diagnostics : [],
      lookups: full ? lookups : [])
  }

  static func chunk() -> SearchChunk {
    SearchChunk(
      key: .max, json: Bytes(Array(",{\"t\":\"Routes\"}".utf8)), pageItem: Bytes(Array("<li>Routes</li>".utf8)),
      headingItems: Bytes([]), headingCount: 2, links: .made(chunkLinks))
  }

  static func facts(full: Bool = true) -> PageFacts {
    PageFacts(
      name: full ? "routes" : "guides/bare", path: full ? "Content/routes.md" : "Content/guides/bare.md",
      digest: full ? 0x0123_4567_89AB_CDEF : 0, matter: full ? matter : nil, headings: full ? headings : [],
      ids: full ? ["business", "unicode", "top"] : [], anchors: full ? ["route-business"] : [],
      homes: full ? homes : [], searchWords: full ? words : [:], diagnostics: full ? diagnostics : [])
  }

  static func page(full: Bool = true) -> BuildRecord.Page {
    BuildRecord.Page(facts: facts(full: full), render: render(full: full), chunk: full ? chunk() : nil)
  }

  static let outputs = [
    BuildRecord.OutputFile(path: "index.html", size: 4096, modified: 1_700_000_000_123_456_789),
    BuildRecord.OutputFile(path: "search/part-1.json", size: 0, modified: -1),
  ]

  static let sources = [
    "routes.md": SiteSources.Known(
      status: .init(size: 812, modified: 1_700_000_000_000_000_001, changed: 1_700_000_000_000_000_002, inode: 77),
      digest: .max),
    "index.md": SiteSources.Known(status: .init(size: 0, modified: 0, changed: 0, inode: 0), digest: 5),
  ]

  static let siteMap = BuildRecord.SiteMap(
    names: ["index", "routes"], digests: [1, .max], order: [1, 0], titledFiles: ["routes.html"],
    contentNames: 0xFEED)

  static func record(full: Bool = true) -> BuildRecord {
    var record = BuildRecord(
      inputs: 1, site: 2, navigation: 3, listing: full ? .max : 0, listingRender: full ? render("index.html") : nil,
      outputs: full ? outputs : [], warnings: full ? diagnostics : [], generated: full ? ["conformance.json"] : [],
      pages: [:])
    record.tool = 0xDEAD_BEEF
    record.stamp = 9
    record.pagesStamp = 1 << 63
    guard full else { return record }
    record.extents = [36..<100, 100..<4000]
    record.searchIDs = ["search", "q"]
    record.searchParts = [0, 1, .max]
    record.searchPage = 42
    record.sources = sources
    record.sourceOrder = ["index.md", "routes.md"]
    record.siteMap = siteMap
    return record
  }
}
