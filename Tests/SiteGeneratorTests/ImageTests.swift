import Foundation
import LinkContract
import Testing

@testable import SiteGenerator

/// The first bytes of a PNG of `width` by `height`: its signature and IHDR chunk.
func pngHeader(_ width: Int, _ height: Int) -> [UInt8] {
  func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
  return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width) + be32(height)
    + [8, 6, 0, 0, 0] + be32(0)
}

/// A file header and the size it gives (nil: none).
struct HeaderCase: Sendable, CustomTestStringConvertible {
  let name: String
  let kind: ImageSize.Kind
  let bytes: [UInt8]
  let size: ImageSize?
  var testDescription: String { name }
}

private func le(_ value: Int, _ count: Int) -> [UInt8] {
  (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
}

let headerCases: [HeaderCase] = [
  HeaderCase(name: "PNG", kind: .png, bytes: pngHeader(390, 844), size: ImageSize(width: 390, height: 844)),
  HeaderCase(name: "PNG cut short", kind: .png, bytes: Array(pngHeader(390, 844).prefix(20)), size: nil),
  HeaderCase(name: "a GIF named .png", kind: .png, bytes: Array("GIF89a".utf8) + le(10, 2) + le(20, 2), size: nil),
  HeaderCase(
    name: "GIF", kind: .gif, bytes: Array("GIF89a".utf8) + le(10, 2) + le(20, 2), size: ImageSize(width: 10, height: 20)
  ),
  HeaderCase(
    name: "JPEG with an APP0 segment before its frame", kind: .jpeg,
    bytes: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array(repeating: 0, count: 14)
      + [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0xE0, 0x02, 0x80, 0x03],
    size: ImageSize(width: 640, height: 480)),
  HeaderCase(
    name: "progressive JPEG", kind: .jpeg, bytes: [0xFF, 0xD8, 0xFF, 0xC2, 0x00, 0x11, 0x08, 0x00, 0x20, 0x00, 0x40],
    size: ImageSize(width: 64, height: 32)),
  HeaderCase(name: "JPEG without a frame", kind: .jpeg, bytes: [0xFF, 0xD8, 0xFF, 0xD9, 0x00, 0x00], size: nil),
  HeaderCase(
    name: "lossy WebP", kind: .webp,
    bytes: Array("RIFF".utf8) + le(0, 4) + Array("WEBPVP8 ".utf8) + le(0, 4) + [0, 0, 0] + [0x9D, 0x01, 0x2A]
      + le(300, 2) + le(200, 2),
    size: ImageSize(width: 300, height: 200)),
  HeaderCase(
    name: "lossless WebP", kind: .webp,
    bytes: Array("RIFF".utf8) + le(0, 4) + Array("WEBPVP8L".utf8) + le(0, 4) + [0x2F] + le((99) | (49 << 14), 4),
    size: ImageSize(width: 100, height: 50)),
  HeaderCase(
    name: "extended WebP", kind: .webp,
    bytes: Array("RIFF".utf8) + le(0, 4) + Array("WEBPVP8X".utf8) + le(10, 4) + le(0, 4) + le(1279, 3) + le(719, 3),
    size: ImageSize(width: 1280, height: 720)),
  HeaderCase(
    name: "SVG with width and height", kind: .svg,
    bytes: Array(
      "<?xml version=\"1.0\"?>\n<!-- <svg width=\"1\"> -->\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120px\" height='40'><rect/></svg>"
        .utf8),
    size: ImageSize(width: 120, height: 40)),
  HeaderCase(
    name: "SVG with a viewBox only", kind: .svg,
    bytes: Array("<svg viewBox=\"0 0 32 16\" xmlns=\"http://www.w3.org/2000/svg\"></svg>".utf8),
    size: ImageSize(width: 32, height: 16)),
  HeaderCase(
    name: "SVG whose size is a percentage", kind: .svg, bytes: Array("<svg width=\"100%\" height=\"50%\"></svg>".utf8),
    size: nil),
  HeaderCase(name: "text that is no SVG", kind: .svg, bytes: Array("<svgx width=\"1\" height=\"1\">".utf8), size: nil),
]

/// An image on a page, and the error it gives (nil: none).
struct ImageFault: Sendable, CustomTestStringConvertible {
  let name: String
  let markdown: String
  let error: String?
  var testDescription: String { name }
}

let imageFaults: [ImageFault] = [
  ImageFault(name: "an image with alt text", markdown: "![The checker](images/check.png)", error: nil),
  ImageFault(name: "a decorative image", markdown: "Text ![](images/check.png \"decorative\")", error: nil),
  ImageFault(
    name: "a missing image", markdown: "Text ![Gone](images/chek.png)",
    error:
      "Content/index.md:7:6: error: no image `images/chek.png` beside the page: there is no file `images/chek.png` in the Content folder (did you mean `images/check.png`?)"
  ),
  ImageFault(
    name: "an image without alt text", markdown: "![](images/check.png)",
    error:
      "Content/index.md:7:1: error: image `images/check.png` has no alt text: write what it shows, `![What it shows](images/check.png)`, or mark it decorative, `![](images/check.png \"decorative\")`"
  ),
  ImageFault(
    name: "alt text of spaces", markdown: "![ ](images/check.png)",
    error:
      "Content/index.md:7:1: error: image `images/check.png` has no alt text: write what it shows, `![What it shows](images/check.png)`, or mark it decorative, `![](images/check.png \"decorative\")`"
  ),
  ImageFault(
    name: "a decorative image with alt text", markdown: "![A checker](images/check.png \"decorative\")",
    error:
      "Content/index.md:7:1: error: image `images/check.png` has alt text and is marked decorative: a decorative image has none (`![](images/check.png \"decorative\")`); drop the title if the text says what it shows"
  ),
  ImageFault(
    name: "an external image", markdown: "![Logo](https://example.com/logo.png?token=abc123)",
    error:
      "Content/index.md:7:1: error: image `https://example.com/logo.png?token=[redacted]` is not a file beside the pages: Content shows only its own images; save it under Content and write its path, such as `images/name.png`"
  ),
  ImageFault(
    name: "an image outside Content", markdown: "![Logo](../logo.png)",
    error:
      "Content/index.md:7:1: error: image `../logo.png` is not inside the Content folder: write its path from the page, such as `images/name.png`"
  ),
  ImageFault(
    name: "a file that is not an image", markdown: "![Notes](images/notes.txt)",
    error:
      "Content/index.md:7:1: error: image `images/notes.txt` is not a PNG, JPEG, GIF, WebP or SVG file (by its name's extension)"
  ),
  ImageFault(
    name: "an image whose file says nothing of its size", markdown: "![Broken](images/broken.png)",
    error: "Content/index.md:7:1: error: image `images/broken.png` cannot be shown: it is not a PNG file with a size"),
]

@Suite("Images beside the pages")
struct ImageTests {
  @Test(
    "An image's kind comes from its name's extension, in either case; any other name is not an image",
    arguments: [
      ("a.png", ImageSize.Kind.png), ("guides/A.PNG", .png), ("x.jpeg", .jpeg), ("x.JPG", .jpeg), ("x.gif", .gif),
      ("x.webp", .webp), ("x.Svg", .svg), (".svg", .svg), ("page.md", nil), ("x.pngx", nil), ("x.tiff", nil),
      ("png", nil), ("x.", nil), ("x.pn", nil), ("d.png/x", nil), ("x.jpegs", nil),
    ])
  func kindByName(_ name: String, _ kind: ImageSize.Kind?) {
    #expect(ImageSize.Kind(fileName: name) == kind)
  }

  @Test("An image's size comes from its file's header", arguments: headerCases)
  func header(_ item: HeaderCase) {
    let read = ImageSize.read(item.bytes, as: item.kind)
    if let size = item.size {
      #expect(read == .success(size))
    } else {
      #expect(throws: ImageProblem.self) { try read.get() }
    }
  }

  func fixture(_ pages: [String: String]) throws -> Fixture {
    let fixture = try Fixture(pages: pages)
    try fixture.writeBytes("Content/images/check.png", pngHeader(390, 844))
    try fixture.writeBytes("Content/images/broken.png", Array("not a png".utf8))
    try fixture.write("Content/images/notes.txt", "notes\n")
    return fixture
  }

  @Test("An image is checked where the page shows it", arguments: imageFaults)
  func fault(_ item: ImageFault) throws {
    let fixture = try fixture(["index.md": page("Home", item.markdown + "\n")])
    defer { fixture.remove() }
    let result = fixture.build.run()
    #expect(fixture.messages(result.diagnostics.filter { $0.severity == .error }) == (item.error.map { [$0] } ?? []))
    #expect(result.diagnostics.filter { $0.severity == .error }.allSatisfy { $0.id == .image })
  }

  @Test("An image is copied to the same path, and shown with its alt text and size, from any folder")
  func shown() throws {
    let fixture = try fixture([
      "index.md": page("Home", "![The checker](images/check.png \"On a phone\")\n"),
      "guides/setup.md": page("Setup", "Text ![](../images/check.png \"decorative\") and ![Icon](icon.svg).\n"),
    ])
    defer { fixture.remove() }
    try fixture.write(
      "Content/guides/icon.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 12\"></svg>\n")
    let result = fixture.build.run()
    #expect(result.diagnostics.errorCount == 0, "\(fixture.messages(result.diagnostics))")
    let copied = FileManager.default.contents(atPath: fixture.root.appendingPathComponent("Site/images/check.png").path)
    #expect(copied.map { Array($0) } == pngHeader(390, 844))
    #expect(fixture.read("Site/guides/icon.svg") != nil)
    let index = try #require(fixture.read("Site/index.html"))
    #expect(
      index.contains(
        "<img src=\"images/check.png\" alt=\"The checker\" width=\"390\" height=\"844\" title=\"On a phone\"/>"))
    let setup = try #require(fixture.read("Site/guides/setup.html"))
    #expect(setup.contains("<img src=\"../images/check.png\" alt=\"\" width=\"390\" height=\"844\"/>"))
    #expect(setup.contains("<img src=\"icon.svg\" alt=\"Icon\" width=\"24\" height=\"12\"/>"))
  }

  @Test(
    "A Content image at a path the site gives another file is an error, shown or not",
    arguments: [
      ("favicon.svg", "Templates/favicon.svg"), ("badge.svg", "the generated `badge.svg`"),
    ])
  func taken(_ path: String, _ taker: String) throws {
    let fixture = try fixture(["index.md": page("Home", "Text.\n")])
    defer { fixture.remove() }
    try fixture.write(
      "Content/\(path)", "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 12\"></svg>\n")
    let build = SiteBuild(
      contentDirectory: fixture.root.appendingPathComponent("Content").path,
      templatesDirectory: fixture.root.appendingPathComponent("Templates").path,
      outputDirectory: fixture.root.appendingPathComponent("Site").path, contract: .design,
      generatedFiles: ["badge.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n"])
    let result = build.run()
    #expect(
      fixture.messages(result.diagnostics) == [
        "Content/\(path):1:1: error: this image's path in the site is the one \(taker) takes, and the site holds one file for each path: rename or move the image"
      ])
    #expect(!FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("Site").path))
  }

  @Test("A rebuild with the same images writes nothing; a changed image makes its pages again")
  func rebuild() throws {
    let fixture = try fixture(["index.md": page("Home", "![The checker](images/check.png)\n")])
    defer { fixture.remove() }
    #expect(fixture.build.run().diagnostics.errorCount == 0)
    #expect(fixture.build.run().written == 0)
    try fixture.writeBytes("Content/images/check.png", pngHeader(1280, 900))
    let changed = fixture.build.run()
    #expect(changed.diagnostics.errorCount == 0)
    #expect(changed.written == 2)
    #expect(fixture.read("Site/index.html")?.contains("width=\"1280\" height=\"900\"") == true)
    try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("Content/images/check.png"))
    let removed = fixture.build.run()
    #expect(
      fixture.messages(removed.diagnostics) == [
        "Content/index.md:7:1: error: no image `images/check.png` beside the page: there is no file `images/check.png` in the Content folder"
      ])
  }
}
