import ContractArtifacts
import Foundation
import LinkContract
import Testing

@testable import SiteGenerator

/// Text and code blocks go from cmark's literals into the page as bytes, with no string made on
/// the way: they are written as the text a string of them would have written.
@Suite struct TextBytesTests {
  @Test(
    "Text and code are written escaped and as valid UTF-8",
    arguments: [
      ("Plain é 日本 🔍 text.", "Plain é 日本 🔍 text."),
      ("Entities: &amp; &lt;b&gt; &copy; &#x1F50D;", "Entities: &amp; &lt;b&gt; © 🔍"),
      ("Bad code points: &#xD800; &#0; &#x110000;", "Bad code points: \u{FFFD} \u{FFFD} \u{FFFD}"),
      ("Escaped: \\<tag\\> \\& \\\"", "Escaped: &lt;tag&gt; &amp; \""),
      ("```\nlet x = \"<&>\" é\n```", "<code>let x = \"&lt;&amp;&gt;\" é\n</code>"),
    ])
  func written(_ markdown: String, _ expected: String) throws {
    let fixture = try Fixture(pages: ["t.md": page("T", markdown + "\n")])
    defer { fixture.remove() }
    let build = SiteBuild(
      contentDirectory: fixture.root.appendingPathComponent("Content").path,
      templatesDirectory: fixture.root.appendingPathComponent("Templates").path,
      outputDirectory: fixture.root.appendingPathComponent("Site").path, contract: .design, generatedFiles: [:])
    let site = build.render()
    let bytes = try #require(site.files["t.html"])
    #expect(String(validating: bytes, as: UTF8.self) != nil)
    let html = String(decoding: bytes, as: UTF8.self)
    #expect(html.contains(expected), "\(markdown.debugDescription)")
    if case .failure(let fault) = SerializedPage.read(bytes) { Issue.record("not well-formed: \(fault)") }
  }
}
