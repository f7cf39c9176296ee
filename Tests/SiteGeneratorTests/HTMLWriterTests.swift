import DesignFixture
import Testing

@testable import SiteGenerator

/// `HTMLDocument.serializedXHTML` writes what libxml2's XML serializer wrote for the same tree,
/// byte for byte, and the pages it wrote read back into the same bytes.
@Suite struct HTMLWriterTests {
  /// Every void element, written as libxml2 writes it, and names that are one letter off one.
  static let names = [
    "p", "a", "td", "br", "img", "svg", "g", "path", "code", "ul", "li", "wbr", "text", "hr", "col", "area", "base",
    "link", "meta", "embed", "input", "track", "source", "b", "bra", "sourc", "metas",
  ]
  static let attributeNames = ["href", "id", "class", "title", "aria-label", "d", "xmlns", "data-x"]
  /// Characters that escaping treats specially, and some that it must leave alone.
  static let alphabet: [Character] =
    Array("ab <>&\"'\n\r\t=;#/é·→🔍]]-\n\n\n") + ["\u{1}", "\u{A0}", "\u{FFFD}", "\u{FFFE}"]

  static func randomText(_ random: inout SplitMix64, upTo length: Int = 12) -> String {
    random.string(alphabet, count: random.int(0...length))
  }

  /// A random tree below `element`, `depth` levels deep at most.
  static func fill(_ element: Element, depth: Int, _ random: inout SplitMix64) {
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      switch Int.random(in: 0..<5, using: &random) {
      case 0, 1:
        element.text(randomText(&random))
      case 2:
        element.prose(randomText(&random) + "`" + randomText(&random) + "`")
      default:
        var attributes: [(String, String)] = []
        for _ in 0..<Int.random(in: 0...3, using: &random) {
          attributes.append((attributeNames.randomElement(using: &random)!, randomText(&random)))
        }
        let child = element.add(names.randomElement(using: &random)!)
        for (name, value) in attributes { child.set(name, value) }
        if Int.random(in: 0..<4, using: &random) == 0 { child.removeAttribute(attributeNames[1]) }
        if depth > 0 { fill(child, depth: depth - 1, &random) }
      }
    }
  }

  /// A page of random content: a doctype, then `html` with a random `body`.
  static func randomPage(_ seed: String) -> (document: HTMLDocument, html: Element) {
    var random = SplitMix64(name: seed)
    let document = HTMLDocument()
    document.append(.doctype, "<!DOCTYPE html>", to: 0)
    let html = Element(owner: document, index: document.append(.element, "html", to: 0))
    fill(html.add("body"), depth: 4, &random)
    return (document, html)
  }

  @Test("A random tree is written as libxml2 wrote it", arguments: 0..<200)
  func randomTree(_ seed: Int) {
    let (document, html) = Self.randomPage("tree \(seed)")
    html.set("lang", "en")
    if seed % 7 == 0, let removed = html.children.first?.children.first { removed.remove() }
    let written = String(decoding: document.serializedXHTML(), as: UTF8.self)
    #expect(written == String(decoding: document.libxml2Serialized(), as: UTF8.self), "seed \(seed)")
  }

  /// What `SerializedPage` reads in `bytes`, or where it stops.
  static func reading(_ bytes: [UInt8]) -> (ids: [String], links: [PageLink], fault: Int?) {
    switch SerializedPage.read(bytes) {
    case .success(let page): (page.ids, page.links, nil)
    case .failure(let fault): ([], [], fault.line)
    }
  }

  static func facts(_ written: WrittenHTML) -> (ids: [String], links: [PageLink], fault: Int?) {
    if let fault = written.fault { return ([], [], fault.line + 1) }
    return (
      written.ids, written.links.map { PageLink(attribute: $0.attribute, value: $0.value, line: $0.line + 1) }, nil
    )
  }

  @Test("What writing a random tree notes is what reading its bytes back finds", arguments: 0..<300)
  func randomFacts(_ seed: Int) {
    let written = Self.randomPage("facts \(seed)").document.written()
    let read = Self.reading(written.bytes)
    let noted = Self.facts(written)
    #expect(noted.fault == read.fault, "seed \(seed): fault")
    #expect(noted.ids == read.ids, "seed \(seed): ids")
    #expect(noted.links == read.links, "seed \(seed): links")
  }

  /// What escaping `text` with `table` writes, one byte at a time: the bytes, the newlines,
  /// and whether a character XML does not allow was met.
  static func escapedByteByByte(_ text: String, _ table: [UInt8]) -> (bytes: [UInt8], newlines: Int, failed: Bool) {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    var newlines = 0
    var failed = false
    for (offset, byte) in bytes.enumerated() {
      let kind = table[Int(byte)]
      if kind >= 1, kind <= HTMLDocument.replacements.count {
        let replacement = HTMLDocument.replacements[Int(kind) - 1]
        out += UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount)
        continue
      }
      if byte == 0x0A { newlines += 1 }
      if byte < 0x20, byte != 0x09, byte != 0x0A { failed = true }
      if byte == 0xEF, offset + 2 < bytes.count, bytes[offset + 1] == 0xBF, bytes[offset + 2] & 0xFE == 0xBE {
        failed = true
      }
      out.append(byte)
    }
    return (out, newlines, failed)
  }

  @Test("Long text and attribute values are escaped as byte by byte", arguments: 0..<200)
  func escapedRuns(_ seed: Int) {
    var random = SplitMix64(name: "escape \(seed)")
    // Mostly letters, so that runs of eight plain bytes are common, with each special byte.
    let alphabet: [Character] = Array(String(repeating: "abcdefghijklmnopqrstuvwxyz", count: 4)) + Self.alphabet
    let text = random.string(alphabet, count: random.int(0...80))
    for table in [HTMLDocument.textEscapes, HTMLDocument.attributeEscapes] {
      var written = WrittenHTML()
      written.appendEscaped(text, table)
      let expected = Self.escapedByteByByte(text, table)
      #expect(written.bytes == expected.bytes, "\(text.debugDescription)")
      #expect(written.newlines == expected.newlines, "\(text.debugDescription)")
      #expect((written.fault != nil) == expected.failed, "\(text.debugDescription)")
    }
  }

  @Test("A part written on its own is written as inside the page")
  func children() {
    let document = HTMLDocument.fragment()
    let list = document.body.add("ul")
    list.add("li").add("a", ["href": "a.html#x"], text: "A & B")
    list.add("li").add("img", ["src": "p.svg", "alt": ""])
    list.add("li")
    #expect(
      String(decoding: document.serializedChildren(of: list), as: UTF8.self)
        == "<li><a href=\"a.html#x\">A &amp; B</a></li><li><img src=\"p.svg\" alt=\"\"/></li><li></li>")
  }

  @Test("A published page read back is written into the same bytes", arguments: SerializedPageTests.pages)
  func publishedPage(_ page: String) throws {
    let bytes = try SerializedPageTests.bytes(page)
    guard case .success(let document) = HTMLDocument.parseWellFormed(bytes: bytes, url: page) else {
      Issue.record("libxml2 rejects \(page)")
      return
    }
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(String(decoding: document.serializedXHTML(), as: UTF8.self) == text, "\(page) read back")
    let noted = Self.facts(document.written())
    let read = Self.reading(bytes)
    #expect(noted.ids == read.ids && noted.links == read.links && noted.fault == nil, "\(page): ids and links")
    #expect(String(decoding: document.libxml2Serialized(), as: UTF8.self) == text, "\(page) by libxml2")
  }

  @Test("A template keeps its doctype, comments and text through parsing and writing")
  func template() throws {
    let source = """
      <!DOCTYPE html>
      <!-- kept -->
      <html lang="en"><head><title data-slot="title"></title></head>
      <body><p>a&amp;b&nbsp;c <br> <input required></p></body></html>
      """
    let document = try #require(HTMLDocument.parse(source, url: "t.html"))
    let written = String(decoding: document.serializedXHTML(), as: UTF8.self)
    #expect(written.hasPrefix("<!DOCTYPE html>\n<!-- kept -->\n<html lang=\"en\">"))
    // libxml2's HTML parser drops the space between `<br>` and `<input>`.
    #expect(written.contains("<p>a&amp;b\u{A0}c <br/><input required=\"\"/></p>"))
    #expect(document.root?.children.first?.children.first?.line == 3)
  }
}

/// A template written once around its slots gives every page the bytes that copying the whole
/// template and writing it gives.
@Suite struct TemplateLayoutTests {
  static let templates: [(String, String)] = [
    (
      "the repository's template",
      (try? String(contentsOf: Fixture.repository.appendingPathComponent("Templates/page.html"), encoding: .utf8)) ?? ""
    ),
    (
      "slots with content of their own",
      """
      <!DOCTYPE html>
      <html><head><title data-slot="title">Docs: </title></head><body>
      <nav data-slot="nav"><p>Pages</p></nav><h1 data-slot="heading"></h1>
      <p data-slot="summary" class="lede">Summary: </p><aside><nav data-slot="toc"><b>Contents</b></nav></aside>
      <main data-slot="content"><p>Before the page.</p></main><!-- end --></body></html>
      """
    ),
  ]

  static let navigation = Navigation(
    pages: [("index", "Home"), ("a", "A & B"), ("b", "B <b>"), ("c", "C")], limit: 3, hasIndexPage: true)

  @Test("Pages from a laid-out template equal pages from a copied one", arguments: templates.indices)
  func equal(_ template: Int) throws {
    let (name, source) = Self.templates[template]
    let page = try #require(PageTemplate.load(source: source, path: "page.html").0, "\(name) does not load")
    let laidOut = ParsedTemplate(page, navigation: Self.navigation)
    let copied = ParsedTemplate(page, navigation: Self.navigation, layout: false)
    #expect(laidOut.layout != nil, "\(name) is not laid out")
    for current in ["index", "a", "c", "search"] {
      for removing in [false, true] {
        let frames = [laidOut.instantiate(), copied.instantiate()]
        for frame in frames {
          frame.slots[.title]?.text("Title of \(current) · site")
          frame.slots[.heading]?.prose("Title `\(current)`")
          if removing {
            frame.slots[.summary]?.remove()
            frame.slots[.toc]?.remove()
          } else {
            frame.slots[.summary]?.text("A summary & more.")
            frame.slots[.toc]?.add("ul").add("li").add("a", ["href": "#x"], text: "X")
          }
          frame.slots[.content]?.add("p", ["id": "x"]) { $0.text("Body\nof \(current).") }
          frame.slots[.content]?.add("br")
        }
        let bytes = frames.map { String(decoding: $0.written(current: current).bytes, as: UTF8.self) }
        #expect(bytes[0] == bytes[1], "\(name), page \(current), removing \(removing)")
      }
    }
  }

  @Test(
    "A template whose slots cannot be cut around is copied for each page",
    arguments: [
      "<html><body><div data-slot=\"content\"><title data-slot=\"title\"></title></div></body></html>",
      "<html><body><svg><g data-slot=\"content\"></g></svg><title data-slot=\"title\"></title></body></html>",
    ])
  func notLaidOut(_ source: String) throws {
    let page = try #require(PageTemplate.load(source: source, path: "page.html").0)
    #expect(ParsedTemplate(page, navigation: Self.navigation).layout == nil)
  }
}
