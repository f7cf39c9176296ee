import ContractArtifacts
import DesignFixture
import LinkContract
import Testing

@testable import SiteGenerator

// The pages say what the adopter's values say: what a sensitive route is bound to, where a
// rejected link goes, what its parse stage is called, what its forbidden-word groups are, who
// may open each route, and its own verification and revalidation ids.

@Suite("Pages in the adopter's words")
struct AdopterWordsTests {
  /// The pages of `contract`'s site with the routes, the handling stages and the forbidden
  /// fields, by path.
  static func pages(_ contract: Contract) throws -> [String: String] {
    let blocks = ["routes", "handling-stages", "forbidden-fields", "gates", "verification", "revalidation"]
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

  @Test("Each sensitive route is bound to the session and the app's own resource scopes", arguments: adopters)
  func sensitivityScope(_ adopter: AdopterCase) throws {
    let html = try #require(try Self.pages(adopter.contract)["routes"])
    let sensitive = adopter.contract.routeClasses.compactMap(\.sensitivity).filter(\.boundToSessionGeneration)
    #expect(!sensitive.isEmpty)
    #expect(html.contains("bound to " + adopter.contract.generationBinding))
    for scope in adopter.contract.scopes { #expect(adopter.contract.generationBinding.contains(scope.title)) }
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

  /// `contract` with a requirement, a verification item and a revalidation trigger of its own,
  /// the requirement on its first sensitive route.
  static func withOwnValues(_ contract: Contract) -> Contract {
    let own = AccountRequirement(id: "own-requirement", title: "Whoever \(contract.appName) lets in", admits: .account)
    let routes = contract.routeClasses.map { route in
      guard route.id == contract.routeClasses.first(where: { $0.sensitivity != nil })?.id else { return route }
      return RouteClass(
        id: route.id, title: route.title, httpsPath: route.httpsPath, customSchemeName: route.customSchemeName,
        query: route.query, destination: route.destination,
        authority: Authority(requirement: own, needs: route.authority.needs), gates: route.gates,
        boundary: route.boundary, sensitivity: route.sensitivity, publication: route.publication,
        automaticReads: route.automaticReads)
    }
    return contract.replacing(
      routeClasses: routes,
      verification: contract.verification + [VerificationItem(id: "own-item", covers: "What the app checks.")],
      revalidation: contract.revalidation + [RevalidationTrigger(id: "own-trigger", when: "What the app changes.")])
  }

  @Test(
    "Who may open each route is its requirement's own title; the checklists list the app's own ids",
    arguments: adopters)
  func requirementsAndIDs(_ adopter: AdopterCase) throws {
    let contract = Self.withOwnValues(adopter.contract)
    #expect(contract.problems().map(\.description) == [])
    let pages = try Self.pages(contract)
    let gates = try #require(pages["gates"])
    for route in contract.routeClasses where !route.carriers.isEmpty {
      #expect(gates.contains(">\(route.authority.requirement.title)</td>"), "\(route.id)")
    }
    #expect(gates.contains(">Whoever \(contract.appName) lets in</td>"))
    for item in contract.verification {
      #expect(pages["verification"]?.contains("id=\"verify-\(item.id.rawValue)\"") == true, "\(item.id)")
    }
    for trigger in contract.revalidation {
      #expect(pages["revalidation"]?.contains("id=\"revalidate-\(trigger.id.rawValue)\"") == true, "\(trigger.id)")
    }
  }
}
