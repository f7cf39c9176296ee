import ContractArtifacts
import CustomerApp
import Foundation
import LinkContract
import Testing

@testable import SiteGenerator

// Every word a reader sees in a page's content is in the search index under that page: the
// prose and the generated blocks (tables, route cards, link examples, diagrams' text) alike.

@Suite("Search holds what the generated blocks show")
struct GeneratedSearchTests {
  static let site: RenderedSite = {
    SiteBuild(
      contentDirectory: Fixture.repository.appendingPathComponent("Content").path,
      templatesDirectory: Fixture.repository.appendingPathComponent("Templates").path,
      outputDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("unused-site").path,
      contract: .customerApp, generatedFiles: publishedFiles(siteArtifacts(.customerApp))
    ).render()
  }()

  /// The text of a page's content slot, tags dropped and entities read.
  static func contentText(_ html: String) -> String {
    guard let start = html.range(of: "<div class=\"content\">"), let end = html.range(of: "</main>") else { return "" }
    var text = String(html[start.upperBound..<end.lowerBound])
    text = text.replacing(/<script[^>]*>[^<]*<\/script>/, with: " ")
    text = text.replacing(/<[^>]*>/, with: " ")
    for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
      text = text.replacingOccurrences(of: entity, with: character)
    }
    return text
  }

  /// Every term the index holds for the page `file`: its entry's, its headings', and those of
  /// the contract's entries that its sections title.
  static func indexTerms(_ file: String) -> Set<Substring> {
    var terms = Set<Substring>()
    for (path, bytes) in site.files
    where path == "search.json" || (path.hasPrefix("search/part-") && path.hasSuffix(".json")) {
      guard let document = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
        let entries = document["entries"] as? [[Any]]
      else { continue }
      for entry in entries {
        guard let href = entry[3] as? String, href == file || href.hasPrefix(file + "#") else { continue }
        for part in [entry[1], entry[4]] {
          if let text = part as? String { terms.formUnion(SearchIndex.words([text]).split(separator: " ")) }
        }
      }
    }
    return terms
  }

  static let pages: [String] = {
    let names =
      (try? FileManager.default.contentsOfDirectory(
        atPath: Fixture.repository.appendingPathComponent("Content").path)) ?? []
    return names.filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) + ".html" }.sorted()
  }()

  @Test("Every word of every page's content is in the search index under that page", arguments: pages)
  func contentWordsAreIndexed(_ file: String) throws {
    #expect(Self.site.diagnostics.errorCount == 0)
    let html = try #require(Self.site.files[file].map { String(decoding: $0, as: UTF8.self) })
    let words = Set(SearchIndex.words([Self.contentText(html)]).split(separator: " "))
    #expect(!words.isEmpty)
    let missing = words.subtracting(Self.indexTerms(file)).sorted()
    #expect(missing.isEmpty, "\(file): \(missing.prefix(30))")
  }
}
