import DesignFixture
import Foundation
import Testing

@testable import SiteGenerator

/// `SerializedPage` stands in for parsing every page back with libxml2's XML parser: whatever it
/// accepts, libxml2 accepts too, with the same ids and links at the same lines.
@Suite struct SerializedPageTests {
  /// What libxml2's XML parser reads: ids and links at their elements' lines, or nil.
  static func libxml2Reading(_ bytes: [UInt8]) -> (ids: [String], links: [PageLink])? {
    guard case .success(let document) = HTMLDocument.parseWellFormed(bytes: bytes, url: "page.html") else {
      return nil
    }
    var ids: [String] = []
    var links: [PageLink] = []
    document.root?.descendants { element in
      element.attributes(named: ["id", "href", "src"]) { name, value in
        if name.description == "id" {
          ids.append(value)
        } else {
          links.append(
            PageLink(attribute: PageLink.Attribute(name: name.description)!, value: value, line: element.line))
        }
      }
    }
    return (ids, links)
  }

  static func reading(_ bytes: [UInt8]) -> (ids: [String], links: [PageLink])? {
    guard case .success(let page) = SerializedPage.read(bytes) else { return nil }
    return (page.ids, page.links)
  }

  /// The pages this repository publishes, as the generator wrote them.
  static let pages: [String] = {
    let site = Fixture.repository.appendingPathComponent("Site").path
    return ((try? FileManager.default.contentsOfDirectory(atPath: site)) ?? []).filter { $0.hasSuffix(".html") }
      .sorted()
  }()

  static func bytes(_ page: String) throws -> [UInt8] {
    let url = Fixture.repository.appendingPathComponent("Site").appendingPathComponent(page)
    return Array(try Data(contentsOf: url))
  }

  @Test("The published pages are found in Site/")
  func pagesExist() {
    #expect(Self.pages.count >= 5)
  }

  @Test("A published page reads the same as libxml2 reads it", arguments: pages)
  func publishedPage(_ page: String) throws {
    let bytes = try Self.bytes(page)
    let reference = try #require(Self.libxml2Reading(bytes), "libxml2 rejects \(page)")
    let read = try #require(Self.reading(bytes), "SerializedPage rejects \(page)")
    #expect(read.ids == reference.ids)
    #expect(read.links == reference.links)
  }

  @Test(
    "What is not well-formed is rejected",
    arguments: [
      ("unclosed element", "<html><body><p>text</body></html>"),
      ("crossed elements", "<html><b><i></b></i></html>"),
      ("two roots", "<html></html><html></html>"),
      ("text after the root", "<html></html>text"),
      ("markup character after the root", "<html></html>>"),
      ("a document type other than HTML's", "<!DOCTYPE html=x><html></html>"),
      ("control character", "<html>a\u{1}b</html>"),
      ("reference to a control character", "<html>a&#1;b</html>"),
      ("undefined entity", "<html>&nbsp;</html>"),
      ("bare ampersand", "<html>a & b</html>"),
      ("double hyphen in a comment", "<!-- a -- b --><html></html>"),
      ("duplicate attribute", "<html><a href=\"x\" href=\"y\">a</a></html>"),
      ("less-than in an attribute", "<html><a title=\"a<b\">a</a></html>"),
      ("unquoted attribute", "<html><a href=x>a</a></html>"),
      ("cdata end in text", "<html>a ]]> b</html>"),
      ("U+FFFF", "<html>\u{FFFF}</html>"),
      ("no root", "<!-- only a comment -->"),
    ])
  func rejected(_ name: String, _ text: String) {
    let bytes = Array(text.utf8)
    #expect(Self.libxml2Reading(bytes) == nil, "libxml2 accepts the \(name) case")
    #expect(Self.reading(bytes) == nil, "SerializedPage accepts the \(name) case")
  }

  @Test("Invalid UTF-8 is rejected")
  func invalidUTF8() {
    let bytes = Array("<html>".utf8) + [0xC3, 0x28] + Array("</html>".utf8)
    #expect(Self.libxml2Reading(bytes) == nil)
    #expect(Self.reading(bytes) == nil)
  }

  @Test("References in attribute values are read as their characters, links at their tag's last line")
  func references() throws {
    let text =
      "<html>\n<a href=\"a?b=1&amp;c=&#x3C;&#60;&quot;\"\n  id=\"x&apos;\">t</a><img src=\"p.svg\"/>"
      + "<a id=\"a\nb\tc\r\nd&#10;e\"/></html>"
    let bytes = Array(text.utf8)
    let reference = try #require(Self.libxml2Reading(bytes))
    let read = try #require(Self.reading(bytes))
    #expect(read.ids == ["x'", "a b c d\ne"])
    #expect(read.ids == reference.ids)
    #expect(read.links == reference.links)
    #expect(read.links.first?.value == "a?b=1&c=<<\"")
  }

  /// Bytes that change what a page means to an XML parser.
  static let mutations: [UInt8] = Array("<>&\"'/!-;#x=] \n\u{1}".utf8) + [0xC3, 0xBF, 0xEF]

  @Test("Whatever a mutated page reads as, libxml2 reads the same", arguments: pages)
  func mutatedPages(_ page: String) throws {
    var random = SplitMix64(name: page)
    let original = try Self.bytes(page)
    var accepted = 0
    for round in 0..<250 {
      var bytes = original
      var changes: [String] = []
      for _ in 0...Int.random(in: 0...2, using: &random) {
        let at = Int.random(in: 0..<bytes.count, using: &random)
        let byte = Self.mutations.randomElement(using: &random)!
        let change = Int.random(in: 0..<3, using: &random)
        switch change {
        case 0: bytes.insert(byte, at: at)
        case 1: bytes[at] = byte
        default: bytes.remove(at: at)
        }
        let near = String(decoding: bytes[max(0, at - 20)..<min(bytes.count, at + 20)], as: UTF8.self)
        changes.append("\(["inserted", "replaced", "removed"][change]) at \(at): \(near.debugDescription)")
      }
      guard let read = Self.reading(bytes) else { continue }
      accepted += 1
      let context = changes.joined(separator: "; ")
      guard let reference = Self.libxml2Reading(bytes) else {
        Issue.record("round \(round): SerializedPage accepts what libxml2 rejects, \(context)")
        continue
      }
      #expect(read.ids == reference.ids, "round \(round), \(context)")
      #expect(read.links == reference.links, "round \(round), \(context)")
    }
    // Mutations inside text are still well-formed: the property was tried on pages both accept.
    #expect(accepted > 20)
  }
}
