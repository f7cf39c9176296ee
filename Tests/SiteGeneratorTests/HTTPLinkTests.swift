import DesignFixture
import Foundation
import LinkContract
import Testing

@testable import SiteGenerator

/// An `http:` link to another site is kept with a warning naming it; one to the app's own web
/// host is an error, as the app refuses it.
@Suite("http links in Content")
struct HTTPLinkTests {
  @Test("An http link to another site is a warning naming the link, at its place, and the page keeps it")
  func warning() throws {
    let fixture = try Fixture(pages: [
      "index.md": page("Home", "See [a](http://example.org/a?q=1).\nAnd <http://example.org/b>.\n")
    ])
    defer { fixture.remove() }
    let result = fixture.build.run()
    let shown = { (link: String) in
      "link to `\(link)` is not https: a reader's browser loads it unencrypted, and may warn or refuse; link to its `https://` address where the site serves one"
    }
    #expect(
      fixture.messages(result.diagnostics) == [
        "Content/index.md:7:5: warning: \(shown("http://example.org/a?q=1"))",
        "Content/index.md:8:5: warning: \(shown("http://example.org/b"))",
      ])
    #expect(result.diagnostics.allSatisfy { $0.id == .httpLink && $0.severity == .warning })
    let html = try #require(fixture.read("Site/index.html"))
    #expect(html.contains("<a href=\"http://example.org/a?q=1\">a</a>"))
    #expect(html.contains("<a href=\"http://example.org/b\">http://example.org/b</a>"))
  }

  @Test("A rebuild that keeps the page reports its warning again")
  func warningKept() throws {
    let fixture = try Fixture(pages: ["index.md": page("Home", "See [a](http://example.org/).\n")])
    defer { fixture.remove() }
    let first = fixture.build.run()
    let second = fixture.build.run()
    #expect(second.written == 0)
    #expect(first.diagnostics.map(\.id) == [.httpLink])
    #expect(second.diagnostics == first.diagnostics)
  }

  @Test("The warning quotes the link with a forbidden key's value redacted")
  func warningRedacts() throws {
    let key = try #require(Contract.design.forbiddenKeys.words.first)
    let fixture = try Fixture(pages: ["index.md": page("Home", "[a](http://example.org/?\(key)=hunter2secret)\n")])
    defer { fixture.remove() }
    let messages = fixture.messages(fixture.build.run().diagnostics)
    #expect(messages.count == 1 && messages[0].contains("?\(key)=[redacted]`"), "\(messages)")
  }

  @Test(
    "An http link to the app's own web host is an error naming the https link to write",
    arguments: Contract.design.builds.map(\.name))
  func ownHost(_ build: String) throws {
    let fixture = try Fixture(pages: [
      "index.md": page("Home", "[a](http://{host:\(build)}/start)\n[b](http://user@{host:\(build)}:80/x)\n")
    ])
    defer { fixture.remove() }
    let message =
      "error: `http:` link to `{host:\(build)}`, the app's own web host: the app opens only https links there and refuses this one (`scheme-not-allowed`): write `https://{host:\(build)}/…`"
    #expect(
      fixture.messages(fixture.build.run().diagnostics) == [
        "Content/index.md:7:1: \(message)", "Content/index.md:8:1: \(message)",
      ])
  }
}
