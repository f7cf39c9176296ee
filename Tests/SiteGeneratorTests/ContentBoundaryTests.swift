import DesignFixture
import Foundation
import LinkContract
import Testing

@testable import SiteGenerator

#if canImport(Glibc)
  import Glibc
#endif

/// What a build reads from Content, and what it publishes: only what lies inside the folder,
/// only the images a page shows, no image over the size limit, no SVG that could run a script
/// or load from elsewhere, no folder it drops or cannot write.
@Suite("What a build reads from Content")
struct ContentBoundaryTests {
  /// A fixture whose home page shows `check.png`, with an unshown `unused.png` beside it.
  static func fixture(_ home: String = "![The checker](images/check.png)\n") throws -> Fixture {
    let fixture = try Fixture(pages: ["index.md": page("Home", home)])
    try fixture.writeBytes("Content/images/check.png", pngHeader(390, 844))
    try fixture.writeBytes("Content/images/unused.png", pngHeader(10, 10))
    return fixture
  }

  static func exists(_ fixture: Fixture, _ path: String) -> Bool {
    FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent(path).path)
  }

  static func link(_ fixture: Fixture, _ path: String, to target: String) throws {
    try FileManager.default.createSymbolicLink(
      atPath: fixture.root.appendingPathComponent(path).path, withDestinationPath: target)
  }

  /// A symbolic link under Content to somewhere outside it: where, and whether a page shows it.
  struct OutsideLink: Sendable, CustomTestStringConvertible {
    let name: String
    /// The link's path under Content.
    let path: String
    /// Its target: a path from the fixture's root (outside Content), or an absolute path.
    let target: String
    /// A page that shows what the link names, if any.
    var shown: String? = nil
    var testDescription: String { name }
  }

  static let outsideLinks: [OutsideLink] = [
    OutsideLink(name: "an image to the build's environment", path: "images/env.png", target: "/proc/self/environ"),
    OutsideLink(name: "an SVG to /etc/passwd", path: "p.svg", target: "/etc/passwd", shown: "![Secret](p.svg)"),
    OutsideLink(name: "a page to a page outside", path: "outside.md", target: "outside/page.md"),
    OutsideLink(
      name: "a folder of images outside", path: "icons", target: "outside", shown: "![Icon](icons/icon.png)"),
    OutsideLink(name: "a relative link up and out", path: "images/up.png", target: "../../outside/icon.png"),
    OutsideLink(name: "a hidden file", path: ".env", target: "outside/page.md"),
  ]

  @Test(
    "A symbolic link that leads outside Content is an error at its path, and nothing of it is read",
    arguments: outsideLinks)
  func outside(_ item: OutsideLink) throws {
    let fixture = try Self.fixture()
    defer { fixture.remove() }
    try fixture.writeBytes("outside/icon.png", pngHeader(16, 16))
    try fixture.write("outside/page.md", page("Outside", "Outside.\n"))
    // A link made after a build is reported by the next one.
    #expect(fixture.build.run().diagnostics.errorCount == 0)
    try fixture.write("Content/index.md", page("Home", "![The checker](images/check.png) " + (item.shown ?? "") + "\n"))
    let target =
      item.target.hasPrefix("/") || item.target.hasPrefix("..")
      ? item.target : fixture.root.appendingPathComponent(item.target).path
    try Self.link(fixture, "Content/" + item.path, to: target)
    let result = fixture.build.run()
    let refused = result.diagnostics.filter { $0.id == .contentLink }
    #expect(refused.count == 1, "\(fixture.messages(result.diagnostics))")
    let message = try #require(fixture.messages(refused).first)
    #expect(message.hasPrefix("Content/\(item.path):1:1: error: this symbolic link leads to `"))
    #expect(message.contains("outside the Content folder"))
    #expect(result.diagnostics.errorCount >= 1)
    #expect(!Self.exists(fixture, "Site/" + item.path))
    #expect(!Self.exists(fixture, "Site/icons/icon.png"))
  }

  @Test("A link's target is named without its control characters")
  func controlCharacters() throws {
    let fixture = try Self.fixture()
    defer { fixture.remove() }
    try fixture.writeBytes("out\u{1B}[31m\nside/icon.png", pngHeader(16, 16))
    try Self.link(
      fixture, "Content/images/red.png", to: fixture.root.appendingPathComponent("out\u{1B}[31m\nside/icon.png").path)
    let result = fixture.build.run()
    let message = try #require(result.diagnostics.first { $0.id == .contentLink }).description
    #expect(!message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(message)")
    #expect(message.contains("out\\u{1B}[31m\\u{A}side/icon.png"))
  }

  @Test("A symbolic link to a file inside Content is followed; one to a folder is an error at its path")
  func inside() throws {
    let fixture = try Self.fixture("![The checker](images/alias.png)\n")
    defer { fixture.remove() }
    try Self.link(fixture, "Content/images/alias.png", to: "check.png")
    let result = fixture.build.run()
    #expect(result.diagnostics.errorCount == 0, "\(fixture.messages(result.diagnostics))")
    let copied = FileManager.default.contents(atPath: fixture.root.appendingPathComponent("Site/images/alias.png").path)
    #expect(copied.map { Array($0) } == pngHeader(390, 844))
    try Self.link(fixture, "Content/pictures", to: "images")
    try Self.link(fixture, "Content/images/loop", to: "..")
    #expect(
      fixture.messages(fixture.build.run().diagnostics) == [
        "Content/images/loop:1:1: error: this symbolic link names a folder, `.`: a build follows a link to a file inside Content, never to a folder; move or copy the folder here, or link its files",
        "Content/pictures:1:1: error: this symbolic link names a folder, `images`: a build follows a link to a file inside Content, never to a folder; move or copy the folder here, or link its files",
      ])
  }

  @Test("A file swapped for a link to outside after the listing is not read through it")
  func swapped() throws {
    let fixture = try Self.fixture()
    defer { fixture.remove() }
    try fixture.writeBytes("outside/secret.png", pngHeader(1, 1) + Array("secret".utf8))
    let sources = SiteSources(
      content: fixture.root.appendingPathComponent("Content").path,
      templates: fixture.root.appendingPathComponent("Templates").path, builtInTemplates: [:])
    #expect(sources.content.read("images/check.png") == pngHeader(390, 844))
    let image = fixture.root.appendingPathComponent("Content/images/check.png")
    try FileManager.default.removeItem(at: image)
    try Self.link(
      fixture, "Content/images/check.png", to: fixture.root.appendingPathComponent("outside/secret.png").path)
    #expect(sources.content.read("images/check.png") == nil)
    // A folder swapped for a link too.
    try FileManager.default.moveItem(
      at: fixture.root.appendingPathComponent("Content/images"), to: fixture.root.appendingPathComponent("moved"))
    try Self.link(fixture, "Content/images", to: fixture.root.appendingPathComponent("moved").path)
    #expect(sources.content.read("images/unused.png") == nil)
  }

  @Test("Only the images a page shows are published, as pages start and stop showing them")
  func shownOnly() throws {
    let fixture = try Self.fixture()
    defer { fixture.remove() }
    let first = fixture.build.run()
    #expect(first.diagnostics.errorCount == 0, "\(fixture.messages(first.diagnostics))")
    #expect(Self.exists(fixture, "Site/images/check.png"))
    #expect(!Self.exists(fixture, "Site/images/unused.png"))
    // A body edit that shows the other image too, then one that shows neither.
    try fixture.write("Content/index.md", page("Home", "![The checker](images/check.png) ![Dot](images/unused.png)\n"))
    #expect(fixture.build.run().diagnostics.errorCount == 0)
    #expect(Self.exists(fixture, "Site/images/unused.png"))
    try fixture.write("Content/index.md", page("Home", "No image.\n"))
    #expect(fixture.build.run().diagnostics.errorCount == 0)
    #expect(!Self.exists(fixture, "Site/images/check.png"))
    #expect(!Self.exists(fixture, "Site/images/unused.png"))
  }

  @Test("An image shown only by a page kept from the last build stays published")
  func keptPageImage() throws {
    let fixture = try Fixture(pages: [
      "index.md": page("Home", "Text.\n"), "shows.md": page("Shows", weight: 2, "![The checker](images/check.png)\n"),
    ])
    defer { fixture.remove() }
    try fixture.writeBytes("Content/images/check.png", pngHeader(390, 844))
    #expect(fixture.build.run().diagnostics.errorCount == 0)
    try fixture.write("Content/other.md", page("Other", weight: 3, "A new page.\n"))
    let rebuilt = fixture.build.run()
    #expect(rebuilt.diagnostics.errorCount == 0, "\(fixture.messages(rebuilt.diagnostics))")
    #expect(Self.exists(fixture, "Site/images/check.png"))
  }

  /// An SVG size no `Int` holds, or none an image has.
  static let hugeSizes: [(String, String)] = [
    ("width=\"1e300\" height=\"5\"", "1e+300 by 5"),
    ("viewBox=\"0 0 1e19 5\"", "1e+19 by 5"),
    ("width=\"inf\" height=\"5\"", "inf by 5"),
    ("width=\"5\" height=\"1e309\"", "5 by inf"),
    ("width=\"100001\" height=\"5\"", "100001 by 5"),
    ("viewBox=\"0 0 0.2 5\"", "0.2 by 5"),
  ]

  @Test(
    "An SVG whose size is huge, infinite or rounds to nothing is an error where it is shown, not a crash",
    arguments: hugeSizes)
  func hugeSVG(_ attributes: String, _ shown: String) throws {
    let fixture = try Self.fixture("![A shape](images/shape.svg)\n")
    defer { fixture.remove() }
    try fixture.write("Content/images/shape.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" \(attributes)></svg>\n")
    let result = fixture.build.run()
    #expect(
      fixture.messages(result.diagnostics) == [
        "Content/index.md:7:1: error: image `images/shape.svg` cannot be shown: its size, \(shown), is not an image's: each side must be from 1 to 100000 pixels"
      ])
  }

  @Test("An image over the size limit is an error at its path and is not read; the limit can be raised")
  func tooLarge() throws {
    let fixture = try Self.fixture("![Big](images/big.png)\n")
    defer { fixture.remove() }
    // A sparse file of 2 GB: a build that read it would hold it all in memory.
    let path = fixture.root.appendingPathComponent("Content/images/big.png").path
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    #expect(descriptor >= 0)
    let header = pngHeader(100, 100)
    #expect(header.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == header.count)
    #expect(ftruncate(descriptor, 2 << 30) == 0)
    close(descriptor)
    let result = fixture.build.run()
    #expect(
      fixture.messages(result.diagnostics) == [
        "Content/images/big.png:1:1: error: this image is 2,147,483,648 bytes, over the 10 MB (10,485,760 bytes) a build reads of an image: make it smaller, or raise the limit with `--max-image-size BYTES`",
        "Content/index.md:7:1: error: image `images/big.png` cannot be shown: it is larger than a build reads of an image (see the error at its path)",
      ])
    #expect(result.diagnostics.first?.id == .imageTooLarge)
    // A smaller image over a lower limit, and under a higher one.
    #expect(ftruncate(open(path, O_WRONLY | O_CLOEXEC), 1000) == 0)
    var build = fixture.build
    build.maximumImageSize = 999
    #expect(build.run().diagnostics.map(\.id) == [.imageTooLarge, .image])
    build.maximumImageSize = 1000
    let built = build.run()
    #expect(built.diagnostics.isEmpty, "\(fixture.messages(built.diagnostics))")
  }

  /// An SVG a page shows, and the problems it has: line, column and the start of the message.
  struct SVGCase: Sendable, CustomTestStringConvertible {
    let name: String
    let svg: String
    let problems: [String]
    var testDescription: String { name }
  }

  static let svgOpen =
    "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"10\" height=\"10\">\n"

  static let svgCases: [SVGCase] = [
    SVGCase(
      name: "a script", svg: svgOpen + "  <script>alert(1)</script>\n</svg>\n",
      problems: ["2:3: error: this SVG holds a `<script>`"]),
    SVGCase(
      name: "a script in another namespace",
      svg: svgOpen + "<h:script xmlns:h=\"http://www.w3.org/1999/xhtml\">alert(1)</h:script></svg>\n",
      problems: ["2:1: error: this SVG holds a `<script>`"]),
    SVGCase(
      name: "an event handler", svg: svgOpen + "  <rect width=\"1\"\n    onclick=\"alert(1)\"/>\n</svg>\n",
      problems: ["3:5: error: this SVG has an event handler, `onclick`"]),
    SVGCase(
      name: "an event handler on the root",
      svg: "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\" onload=\"alert(1)\"></svg>\n",
      problems: ["1:64: error: this SVG has an event handler, `onload`"]),
    SVGCase(
      name: "a foreignObject", svg: svgOpen + "<foreignObject><p>Hi</p></foreignObject></svg>\n",
      problems: ["2:1: error: this SVG holds a `<foreignObject>`"]),
    SVGCase(
      name: "an outside image", svg: svgOpen + "<image href=\"https://elsewhere.invalid/a.png\"/></svg>\n",
      problems: ["2:8: error: this SVG's `href` names `https://elsewhere.invalid/a.png`, outside the SVG"]),
    SVGCase(
      name: "an outside xlink:href", svg: svgOpen + "<use xlink:href=\"other.svg#a\"/></svg>\n",
      problems: ["2:6: error: this SVG's `xlink:href` names `other.svg#a`, outside the SVG"]),
    SVGCase(
      name: "a javascript link", svg: svgOpen + "<a href=\"javascript:alert(1)\"><rect/></a></svg>\n",
      problems: ["2:4: error: this SVG's `href` names `javascript:alert(1)`, outside the SVG"]),
    SVGCase(
      name: "an outside url() in an attribute",
      svg: svgOpen + "<rect fill=\"url(https://elsewhere.invalid/p)\"/></svg>\n",
      problems: ["2:7: error: this SVG's `fill` names `url(https://elsewhere.invalid/p)`, outside the SVG"]),
    SVGCase(
      name: "an outside url() in a style element",
      svg: svgOpen + "<style>rect { fill: url('https://elsewhere.invalid/p') }</style></svg>\n",
      problems: ["2:8: error: this SVG's `<style>` names `url(https://elsewhere.invalid/p)`, outside the SVG"]),
    SVGCase(
      name: "an @import", svg: svgOpen + "<style>@import 'x.css';</style></svg>\n",
      problems: ["2:8: error: this SVG's `<style>` imports a stylesheet from elsewhere"]),
    SVGCase(
      name: "an xml-stylesheet",
      svg: "<?xml-stylesheet href=\"https://elsewhere.invalid/s.css\"?>\n" + svgOpen + "</svg>\n",
      problems: ["1:1: error: this SVG loads a stylesheet from elsewhere"]),
    SVGCase(
      name: "an entity",
      svg: "<!DOCTYPE svg [\n<!ENTITY x \"hello\">\n]>\n" + svgOpen + "<text>&x;</text></svg>\n",
      problems: ["2:1: error: this SVG declares an entity"]),
    SVGCase(
      name: "an animated link",
      svg: svgOpen + "<a><set attributeName=\"href\" to=\"javascript:alert(1)\"/></a></svg>\n",
      problems: ["2:9: error: this SVG animates `href`"]),
    SVGCase(
      name: "not XML", svg: svgOpen + "<rect></svg>\n", problems: ["3:1: error: this SVG is not well-formed XML"]),
    SVGCase(
      name: "its own fragments and data images",
      svg: svgOpen
        + "<defs><linearGradient id=\"g\"/></defs><rect fill=\"url(#g)\" style=\"fill: url( '#g' )\"/>"
        + "<use href=\"#g\"/><image xlink:href=\"data:image/png;base64,AAAA\"/></svg>\n",
      problems: []),
  ]

  @Test("An SVG a page shows holds no script, handler, foreignObject or outside reference", arguments: svgCases)
  func unsafeSVG(_ item: SVGCase) throws {
    let fixture = try Self.fixture("![A shape](images/shape.svg)\n")
    defer { fixture.remove() }
    try fixture.write("Content/images/shape.svg", item.svg)
    let result = fixture.build.run()
    let messages = fixture.messages(result.diagnostics)
    #expect(messages.count == item.problems.count, "\(messages)")
    for (message, expected) in zip(messages, item.problems) {
      #expect(message.hasPrefix("Content/images/shape.svg:" + expected), "\(message)")
    }
    #expect(result.diagnostics.allSatisfy { $0.id == .svgUnsafe })
    #expect(Self.exists(fixture, "Site") == item.problems.isEmpty)
  }

  @Test("Pages 8 folders deep are built; a folder deeper is an error at its path, not dropped")
  func depth() throws {
    let eight = (1...8).map { "f\($0)" }.joined(separator: "/")
    let fixture = try Fixture(pages: [
      "index.md": goodPage, "\(eight)/deep.md": page("Deep", weight: 2, "Deep.\n"),
    ])
    defer { fixture.remove() }
    let built = fixture.build.run()
    #expect(built.diagnostics.errorCount == 0, "\(fixture.messages(built.diagnostics))")
    #expect(Self.exists(fixture, "Site/\(eight)/deep.html"))
    try fixture.write("Content/\(eight)/f9/deeper.md", page("Deeper", weight: 3, "Deeper.\n"))
    let result = fixture.build.run()
    #expect(
      fixture.messages(result.diagnostics) == [
        "Content/\(eight)/f9:1:1: error: this folder is 9 folders deep in Content, and folders nest at most 8 deep: move its pages and images into a folder nearer the top"
      ])
    #expect(result.diagnostics.first?.id == .contentTooDeep)
  }

  @Test(
    "A Content folder at the path of a file the site writes is an error at the Content path, before anything is written",
    arguments: ["index.html", "data.json", "search.json"])
  func folderClash(_ folder: String) throws {
    let fixture = try Fixture(pages: ["index.md": goodPage, "\(folder)/x.md": page("X", weight: 2, "X.\n")])
    defer { fixture.remove() }
    let result = fixture.build.run()
    #expect(
      fixture.messages(result.diagnostics) == [
        "Content/\(folder)/x.md:1:1: error: this file's path in the site, `\(folder)/x.html`, lies inside `\(folder)`, which the site holds as a file: a folder and a file cannot share a path; rename the folder `\(folder)` in Content"
      ])
    #expect(result.diagnostics.first?.id == .outputPathClash)
    #expect(!Self.exists(fixture, "Site"))
  }
}
