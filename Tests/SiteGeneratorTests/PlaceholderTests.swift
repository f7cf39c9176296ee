import DesignFixture
import Foundation
import LinkContract
import Testing

@testable import SiteGenerator

// Content prose writes contract values as placeholders, which the build fills; a value written
// literally is an error that names the placeholder to write.

@Suite("Placeholders in Content")
struct PlaceholderTests {
  static let contract = Contract.design
  static let production = contract.builds[0]
  static let staging = contract.builds[1]

  @Test(
    "Each placeholder is filled from the contract",
    arguments: [
      ("{app}", contract.appName),
      ("{host:\(production.name)}", production.webHost),
      ("{scheme:\(staging.name)}", staging.customScheme),
      ("{team:\(production.name)}", production.teamID),
      ("{package:\(staging.name)}", staging.androidPackage),
      ("{max-link-bytes}", String(contract.maximumLinkBytes)),
      ("{reserved-prefix}", contract.reservedBodyPrefix),
      ("{business}", "{business}"),
      ("{host}", "{host}"),
    ])
  func filled(_ written: String, _ shown: String) throws {
    let fixture = try Fixture(pages: ["index.md": page("Home", "Value: `\(written)` here.\n")])
    defer { fixture.remove() }
    let result = fixture.build.run()
    #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
    let html = try #require(fixture.read("Site/index.html"))
    #expect(html.contains("<code>\(shown)</code>"), "\(written)")
  }

  @Test("A value written literally is an error at its place, naming the placeholder", arguments: [0, 1])
  func literal(_ which: Int) throws {
    let build = Self.contract.builds[which]
    let fixture = try Fixture(pages: ["index.md": page("Home", "Serve it on \(build.webHost) today.\n")])
    defer { fixture.remove() }
    let errors = fixture.build.run().diagnostics.filter { $0.severity == .error }
    #expect(errors.map(\.id) == [.placeholderInvalid])
    #expect(errors.first?.location?.line == 7 && errors.first?.location?.column == 13, "\(errors)")
    #expect(errors.first?.fixIts.map(\.replacement) == ["{host:\(build.name)}"])
    #expect(fixture.read("Site/index.html") == nil, "nothing is written")
  }

  @Test("A placeholder naming no build or field is an error at its column")
  func unknown() throws {
    let fixture = try Fixture(pages: ["index.md": page("Home", "On {host:nightly} and {prefix:nothing}.\n")])
    defer { fixture.remove() }
    let errors = fixture.build.run().diagnostics.filter { $0.severity == .error }
    #expect(errors.map(\.id) == [.placeholderInvalid, .placeholderInvalid])
    #expect(errors.map { $0.location?.column } == [4, 23])
  }

  @Test("The header's site name comes from the contract")
  func siteName() throws {
    let fixture = try Fixture(pages: ["index.md": page("Home", "Text.\n")])
    defer { fixture.remove() }
    _ = fixture.build.run()
    #expect(fixture.read("Site/index.html")?.contains(">\(Self.contract.appName) link contract</a>") == true)
  }
}
