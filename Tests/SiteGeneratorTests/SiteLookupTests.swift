import ContractArtifacts
import LinkContract
import Testing

@testable import SiteGenerator

/// The one rule by which the site index answers a render's question about a page's id.
@Suite struct SiteLookupTests {
  @Test(
    "A `page#id` question is answered from the page's ids",
    arguments: [
      ("guide#setup", "1"),
      ("guide#part#two", "1"),
      ("guide#missing", ""),
      ("gone#setup", ""),
      ("guide#", ""),
      ("#setup", ""),
      ("guide", ""),
    ])
  func idQuestion(_ key: String, _ expected: String) {
    let question = SiteLookup.Question(kind: .id, key: key)
    let answer = question.answer(
      exists: { $0 == "guide" }, ids: { $0 == "guide" ? ["setup", "part#two"] : [] }, holder: { _ in nil })
    #expect(answer == expected)
  }

  static let template = PageTemplate.load(
    source: """
      <!DOCTYPE html><html lang="en"><head><title data-slot="title"></title></head><body>
      <h1 data-slot="heading"></h1><main data-slot="content"></main></body></html>
      """,
    path: "page.html"
  ).0!

  /// A site of one page, `guide`, with the ids `setup` and `part#two`.
  static func lookups() -> SiteLookups {
    let guide = PageFacts(
      name: "guide", path: "Content/guide.md", digest: 0, matter: nil, headings: [], ids: ["setup", "part#two"],
      anchors: [], homes: [], searchWords: [:], diagnostics: [])
    let index = SiteIndex(pages: ["guide": guide], anchorPage: [:])
    let context = SiteContext(
      contract: .design, template: Self.template,
      siteTitle: "T", files: PublishedFiles(identity: nil) { [:] }, conformance: SharedConformance(.design))
    return SiteLookups(index: index, page: "other", context: context)
  }

  @Test(
    "A page's id is answered as the rule answers its question",
    arguments: [
      ("guide", "setup"), ("guide", "part#two"), ("guide", "missing"), ("gone", "setup"), ("guide", ""),
      ("", "setup"), ("gui#de", "setup"),
    ])
  func idAnswer(_ name: String, _ id: String) {
    let lookups = Self.lookups()
    let answer = lookups.has(id: id, onPage: name)
    let question = SiteLookup.Question(kind: .id, key: name + "#" + id)
    #expect(answer == !(lookups.index!.answer(question)).isEmpty, "\(name)#\(id)")
    #expect(lookups.recorded.last == SiteLookup(question: question, answer: answer ? "1" : ""))
  }

  @Test("Each question is recorded once, in the order first asked, however many a page asks")
  func recordedOnce() {
    let lookups = Self.lookups()
    let names = (0..<40).map { "page-\($0)" }
    // Each name, then again one asked before: repeats among the first few and the many.
    for (offset, name) in names.enumerated() {
      _ = lookups.hasPage(named: name)
      _ = lookups.hasPage(named: names[offset / 2])
      _ = lookups.has(id: "setup", onPage: "guide")
    }
    #expect(lookups.recorded.map(\.question.key) == ["page-0", "guide#setup"] + names.dropFirst())
  }

}
