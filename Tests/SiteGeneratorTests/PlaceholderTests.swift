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

  /// A field of the contract's route classes.
  static let field = contract.routeClasses.flatMap(\.fields)[0].name

  @Test(
    "A mistyped placeholder is an error that lists the placeholders nearest first, with the one it means as a fix-it",
    arguments: [
      (
        "{hots:\(production.name)}", "{host:\(production.name)}",
        "`{host:BUILD}`, `{app}`, `{team:BUILD}`, `{scheme:BUILD}`, `{length:FIELD}`, `{bundle:BUILD}`, `{app-id:BUILD}`, `{prefix:FIELD}`, `{package:BUILD}`, `{max-link-bytes}`, `{reserved-prefix}`"
      ),
      (
        "{pakage:\(staging.name)}", "{package:\(staging.name)}",
        "`{package:BUILD}`, `{app}`, `{scheme:BUILD}`, `{bundle:BUILD}`, `{team:BUILD}`, `{app-id:BUILD}`, `{prefix:FIELD}`, `{host:BUILD}`, `{length:FIELD}`, `{max-link-bytes}`, `{reserved-prefix}`"
      ),
      (
        "{lenght:\(field)}", "{length:\(field)}",
        "`{length:FIELD}`, `{host:BUILD}`, `{bundle:BUILD}`, `{team:BUILD}`, `{app}`, `{scheme:BUILD}`, `{app-id:BUILD}`, `{prefix:FIELD}`, `{package:BUILD}`, `{max-link-bytes}`, `{reserved-prefix}`"
      ),
    ])
  func mistyped(_ written: String, _ meant: String, _ list: String) throws {
    let fixture = try Fixture(pages: ["index.md": page("Home", "Serve it on \(written) today.\n")])
    defer { fixture.remove() }
    let errors = fixture.build.run().diagnostics.filter { $0.severity == .error }
    let key = written.dropFirst().prefix { $0 != ":" }
    #expect(
      fixture.messages(errors) == [
        "Content/index.md:7:13: error: `\(written)`: no placeholder `\(key)` (did you mean `\(meant)`? placeholders, nearest first: \(list))"
      ])
    #expect(errors.first?.fixIts.map(\.replacement) == [meant])
    #expect(fixture.read("Site/index.html") == nil, "nothing is written")
  }

  @Test(
    "A word in braces after a build or field, or a key near a placeholder's, is taken as mistyped; others stay as written",
    arguments: [
      ("{x:\(production.name)}", true), ("{apps:\(staging.name)}", true), ("{id:int}", false), ("{count:n0}", false),
      ("{Name:Type}", false), ("{a b:c}", false),
    ])
  func braces(_ written: String, _ isError: Bool) throws {
    let fixture = try Fixture(pages: ["index.md": page("Home", "Route `orders/\(written)` here.\n")])
    defer { fixture.remove() }
    let errors = fixture.build.run().diagnostics.filter { $0.severity == .error }
    #expect(errors.map(\.id) == (isError ? [.placeholderInvalid] : []), "\(errors)")
    if !isError { #expect(fixture.read("Site/index.html")?.contains("<code>orders/\(written)</code>") == true) }
  }

  @Test("A placeholder as a link target is an error that says it gives a value, not a page, and what to write")
  func placeholderAsLinkTarget() throws {
    let fixture = try Fixture(pages: [
      "index.md": page(
        "Home",
        "[a]({host:\(Self.staging.name)})\n[b]({host:\(Self.staging.name)}/start)\n[c]({team:\(Self.production.name)})\n"
      )
    ])
    defer { fixture.remove() }
    let (staging, production) = (Self.staging, Self.production)
    let host = "a placeholder in a link target gives \(staging.name)'s web host, not a page"
    let write = "write `https://{host:\(staging.name)}/…` to link to that host, or `name.md` to link to a page"
    #expect(
      fixture.messages(fixture.build.run().diagnostics) == [
        "Content/index.md:7:1: error: link to `\(staging.webHost)`: \(host): \(write)",
        "Content/index.md:8:1: error: link to `\(staging.webHost)/start`: \(host): \(write)",
        "Content/index.md:9:1: error: link to `\(production.teamID)`: a placeholder in a link target gives \(production.name)'s team id, not a page: link to a page as `name.md`, or write `{team:\(production.name)}` as text",
      ])
  }

  @Test("The header's site name comes from the contract")
  func siteName() throws {
    let fixture = try Fixture(pages: ["index.md": page("Home", "Text.\n")])
    defer { fixture.remove() }
    _ = fixture.build.run()
    #expect(fixture.read("Site/index.html")?.contains(">\(Self.contract.appName) link contract</a>") == true)
  }
}
