import ContractArtifacts
import DesignFixture
import LinkContract
import Testing

@testable import SiteGenerator

// The pages say what the adopter's values say: what a sensitive route is bound to, where a
// rejected link goes, what its parse stage is called, what its forbidden-word groups are.

@Suite("Pages in the adopter's words")
struct AdopterWordsTests {
  /// The pages of `contract`'s site with the routes, the handling stages and the forbidden
  /// fields, by path.
  static func pages(_ contract: Contract) throws -> [String: String] {
    let blocks = ["routes", "handling-stages", "forbidden-fields"]
    var pages = ["index.md": page("Home", "Text.\n")]
    for (index, block) in blocks.enumerated() {
      pages[block + ".md"] = page(block, weight: index + 2, "```contract \(block)\n```\n")
    }
    let fixture = try Fixture(pages: pages)
    defer { fixture.remove() }
    let result = SiteBuild(
      contentDirectory: fixture.root.appendingPathComponent("Content").path,
      templatesDirectory: fixture.root.appendingPathComponent("Templates").path,
      outputDirectory: fixture.root.appendingPathComponent("Site").path, contract: contract,
      generatedFiles: publishedFiles(siteArtifacts(contract))
    ).run()
    #expect(result.diagnostics.filter { $0.severity == .error }.map(\.description) == [])
    var read: [String: String] = [:]
    for block in blocks { read[block] = fixture.read("Site/\(block).html") ?? "" }
    return read
  }

  /// The adopters whose whole site builds here.
  static let adopters = [AdopterCase.customerApp, .design]

  @Test("Each sensitive route is bound to what the app says it is bound to", arguments: adopters)
  func sensitivityScope(_ adopter: AdopterCase) throws {
    let html = try #require(try Self.pages(adopter.contract)["routes"])
    let sensitive = adopter.contract.routeClasses.compactMap(\.sensitivity).filter(\.boundToSessionGeneration)
    #expect(!sensitive.isEmpty)
    for sensitivity in sensitive { #expect(html.contains("bound to " + sensitivity.scope)) }
  }

  @Test("The handling diagram shows the fallback's own destination and the app's parse stage", arguments: adopters)
  func fallbackAndParseStage(_ adopter: AdopterCase) throws {
    let contract = adopter.contract
    let html = try #require(try Self.pages(contract)["handling-stages"])
    let fallback = try #require(contract.fallback)
    let labels = html.matches(of: /class="stop-label">([^<]*)</).map { String($0.1) }
    #expect(labels.dropFirst().joined(separator: " ") == "\(fallback.id): \(fallback.destination)")
    let parse = try #require(contract.stage(.parse))
    #expect(html.contains("stops a link at \(parse.title)."))
  }

  @Test("The forbidden words are listed under the app's own group titles", arguments: adopters)
  func groupTitles(_ adopter: AdopterCase) throws {
    let html = try #require(try Self.pages(adopter.contract)["forbidden-fields"])
    for group in adopter.contract.forbiddenKeys.groups { #expect(html.contains("<dt>\(group.title)</dt>")) }
  }
}
