import ContractArtifacts
import DesignFixture
import LinkContract
import Testing

@testable import SiteGenerator

// The words a page uses for a route come from the route's values: a web page that is not an app
// link is shown as one, a return route of a flow the app started is not about sign-in, and only
// a declared OAuth callback is called one.

@Suite struct RouteWordsTests {
  /// The design (whose OAuth callback is declared) with the ferry's web page and its return route
  /// of a flow the app started, which is no OAuth callback.
  static let contract: Contract = {
    let ferry = Contract.ferry
    let returnRoute = ferry.routeClasses.first { $0.authority.requirement.admits == .flowInitiator }!
    return Contract.design.replacing(routeClasses: Contract.design.routeClasses + [Contract.ferryWebPage, returnRoute])
  }()

  /// The HTML of `block` on a page of its own, for `contract`.
  static func render(_ block: String, _ contract: Contract) throws -> String {
    let fixture = try Fixture(pages: [
      "index.md": page("Home", "Text.\n"), "block.md": page("Block", weight: 2, "```contract \(block)\n```\n"),
    ])
    defer { fixture.remove() }
    let result = SiteBuild(
      contentDirectory: fixture.root.appendingPathComponent("Content").path,
      templatesDirectory: fixture.root.appendingPathComponent("Templates").path,
      outputDirectory: fixture.root.appendingPathComponent("Site").path, contract: contract,
      generatedFiles: publishedFiles(siteArtifacts(contract))
    ).run()
    #expect(result.diagnostics.filter { $0.severity == .error }.map(\.description) == [])
    return try #require(fixture.read("Site/block.html"))
  }

  @Test("A web page's route section shows it as a web page on the builds' hosts, with its unknown-route example")
  func webPageCarrier() throws {
    #expect(Self.contract.problems() == [])
    let html = try Self.render("routes", Self.contract)
    let card = try #require(html.ranges(of: "id=\"route-\(Contract.ferryWebPage.id)\"").first)
    let section = html[card.lowerBound...].prefix { _ in true }
    let end = section.range(of: "</section>")?.upperBound ?? section.endIndex
    let text = section[..<end]
    let hosts = Self.contract.builds.map(\.webHost)
    #expect(text.contains("web page on \(hosts.dropLast().joined(separator: ", ")) or \(hosts.last!), not an app link"))
    #expect(!text.contains(Carrier.https.title))
    #expect(text.contains("unknown-route"))
  }

  @Test("Who may open a return route of a flow the app started is said in its requirement's words, never sign-in's")
  func flowInitiatorWords() throws {
    let html = try Self.render("gates", Self.contract)
    let rows = html.split(separator: "<tr>").map(String.init)
    let oauth = try #require(Self.contract.oauthCallbackRoute)
    let other = try #require(Self.contract.routeClasses.last)
    let oauthRow = try #require(rows.first { $0.contains("<code>\(oauth.id)</code>") })
    let otherRow = try #require(rows.first { $0.contains("<code>\(other.id)</code>") })
    for (route, row) in [(oauth, oauthRow), (other, otherRow)] {
      #expect(row.contains(route.authority.requirement.title), "\(route.id)")
      #expect(route.gateSummary.hasPrefix(route.authority.requirement.title + " may open it"), "\(route.id)")
    }
    // The preset a return route takes when it declares no words of its own names no sign-in.
    #expect(AccountRequirement.flowInitiator.title == "The flow the app started")
    #expect(!otherRow.contains("sign-in"))
  }

  @Test("The builds page names an OAuth callback only where one is declared")
  func buildsPage() throws {
    let declaring = try Self.render("builds", .design)
    for build in Contract.design.builds {
      #expect(declaring.contains("OAuth callback</dt><dd><code>\(Contract.design.oauthCallback(in: build)!)"))
    }
    #expect(!(try Self.render("builds", Contract.design.withoutOAuth)).contains("OAuth"))
  }
}
