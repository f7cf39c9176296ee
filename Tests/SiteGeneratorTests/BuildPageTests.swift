import DesignFixture
import LinkContract
import Testing

@testable import SiteGenerator

// A build added to the contract gets a warning until a page shows its association files.

@Suite struct BuildPageTests {
  @Test("A build whose association files no page shows is warned about, at the page that shows another's")
  func undocumentedBuild() throws {
    let builds = Contract.design.builds
    let fixture = try Fixture(pages: [
      "index.md": page("Home", "Text.\n"),
      "files.md": page("Files", weight: 2, "```contract association \(builds[0].name)\n```\n"),
    ])
    defer { fixture.remove() }
    let warnings = fixture.build.run().diagnostics.filter { $0.id == .buildUndocumented }
    #expect(warnings.map(\.path.description).allSatisfy { $0.hasSuffix("Content/files.md") })
    #expect(warnings.count == builds.count - 1)
    #expect(warnings.allSatisfy { $0.message.contains("`contract association \(builds[1].name)`") })
  }
}
