import Foundation
import LinkContract
import Synchronization

/// An image's size in CSS pixels, read from its file's header, so that a page can give its
/// `img` a width and height and not move as the image loads.
struct ImageSize: Sendable, Equatable {
  let width: Int
  let height: Int

  /// The kinds of image Content may show, by the extension of the file's name.
  enum Kind: String, Sendable, CaseIterable {
    case png = "PNG"
    case jpeg = "JPEG"
    case gif = "GIF"
    case webp = "WebP"
    case svg = "SVG"

    /// The kind a file's name says, from its extension in any case.
    init?(fileName: String) {
      // Every kind's extension is 3 or 4 letters long: a page's `md` is told apart by its length.
      guard let dot = fileName.utf8.lastIndex(of: UInt8(ascii: ".")),
        (4...5).contains(fileName.utf8.distance(from: dot, to: fileName.utf8.endIndex))
      else { return nil }
      switch ASCII.lowercased(String(Substring(fileName.utf8[fileName.utf8.index(after: dot)...]))) {
      case "png": self = .png
      case "jpg", "jpeg": self = .jpeg
      case "gif": self = .gif
      case "webp": self = .webp
      case "svg": self = .svg
      default: return nil
      }
    }

    /// `PNG, JPEG, GIF, WebP or SVG`, for messages.
    static let listed = "PNG, JPEG, GIF, WebP or SVG"
  }

  /// The size `bytes` of a `kind` file give, or why they give none.
  static func read(_ bytes: [UInt8], as kind: Kind) -> Result<ImageSize, ImageProblem> {
    let found: ImageSize?
    switch kind {
    case .png: found = png(bytes)
    case .jpeg: found = jpeg(bytes)
    case .gif: found = gif(bytes)
    case .webp: found = webp(bytes)
    case .svg:
      switch svgSides(bytes) {
      case nil: found = nil
      case .some((let width, let height)):
        guard let width = side(width), let height = side(height) else {
          return .failure(outOfRange(number(width), number(height)))
        }
        found = ImageSize(width: width, height: height)
      }
    }
    guard let found else { return .failure(ImageProblem(message: "it is not a \(kind.rawValue) file with a size")) }
    guard found.width > 0, found.height > 0, found.width <= maximumSide, found.height <= maximumSide else {
      return .failure(outOfRange("\(found.width)", "\(found.height)"))
    }
    return .success(found)
  }

  /// The most pixels an image may measure either way.
  static let maximumSide = 100_000

  private static func outOfRange(_ width: String, _ height: String) -> ImageProblem {
    ImageProblem(
      message:
        "its size, \(Printed.excerpt(width, limit: 40)) by \(Printed.excerpt(height, limit: 40)), is not an image's: each side must be from 1 to \(maximumSide) pixels"
    )
  }

  /// A side of an SVG, in pixels, when `value` is one an image can have: finite, over zero and
  /// at most `maximumSide` (rounded); checked before it is made an `Int`, which a huge, infinite
  /// or NaN `Double` cannot be.
  static func side(_ value: Double) -> Int? {
    guard value.isFinite, value > 0, value <= Double(maximumSide) else { return nil }
    let rounded = Int(value.rounded())
    return rounded > 0 ? rounded : nil
  }

  private static func bigEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int? {
    guard at >= 0, at + count <= bytes.count else { return nil }
    return bytes[at..<(at + count)].reduce(0) { $0 << 8 | Int($1) }
  }

  private static func littleEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int? {
    guard at >= 0, at + count <= bytes.count else { return nil }
    return bytes[at..<(at + count)].reversed().reduce(0) { $0 << 8 | Int($1) }
  }

  private static func starts(_ bytes: [UInt8], with prefix: [UInt8], at offset: Int = 0) -> Bool {
    offset + prefix.count <= bytes.count && bytes[offset..<(offset + prefix.count)].elementsEqual(prefix)
  }

  /// The signature, then the IHDR chunk first: its width and height, 4 bytes each.
  static func png(_ bytes: [UInt8]) -> ImageSize? {
    guard starts(bytes, with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
      starts(bytes, with: Array("IHDR".utf8), at: 12),
      let width = bigEndian(bytes, 16, 4), let height = bigEndian(bytes, 20, 4)
    else { return nil }
    return ImageSize(width: width, height: height)
  }

  /// `GIF87a` or `GIF89a`, then the logical screen's width and height, 2 bytes each.
  static func gif(_ bytes: [UInt8]) -> ImageSize? {
    guard starts(bytes, with: Array("GIF87a".utf8)) || starts(bytes, with: Array("GIF89a".utf8)),
      let width = littleEndian(bytes, 6, 2), let height = littleEndian(bytes, 8, 2)
    else { return nil }
    return ImageSize(width: width, height: height)
  }

  /// The markers after the start of image, to the first start of frame (SOF0 to SOF15 but
  /// DHT, JPG and DAC), whose height and width follow its precision byte.
  static func jpeg(_ bytes: [UInt8]) -> ImageSize? {
    guard starts(bytes, with: [0xFF, 0xD8]) else { return nil }
    var at = 2
    while at + 4 <= bytes.count {
      guard bytes[at] == 0xFF else { return nil }
      let marker = bytes[at + 1]
      if marker == 0xFF {
        at += 1
        continue
      }
      // Markers without a length: TEM, RST0 to RST7.
      if marker == 0x01 || (0xD0...0xD7).contains(marker) {
        at += 2
        continue
      }
      guard let length = bigEndian(bytes, at + 2, 2), length >= 2 else { return nil }
      if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
        guard let height = bigEndian(bytes, at + 5, 2), let width = bigEndian(bytes, at + 7, 2) else { return nil }
        return ImageSize(width: width, height: height)
      }
      // The end of the image, or the start of its scan, before any frame: no size.
      if marker == 0xD9 || marker == 0xDA { return nil }
      at += 2 + length
    }
    return nil
  }

  /// RIFF `WEBP`, then a VP8 (lossy), VP8L (lossless) or VP8X (extended) chunk.
  static func webp(_ bytes: [UInt8]) -> ImageSize? {
    guard starts(bytes, with: Array("RIFF".utf8)), starts(bytes, with: Array("WEBP".utf8), at: 8) else { return nil }
    if starts(bytes, with: Array("VP8 ".utf8), at: 12) {
      // A key frame's start code, then 14 bits of width and of height.
      guard starts(bytes, with: [0x9D, 0x01, 0x2A], at: 23),
        let width = littleEndian(bytes, 26, 2), let height = littleEndian(bytes, 28, 2)
      else { return nil }
      return ImageSize(width: width & 0x3FFF, height: height & 0x3FFF)
    }
    if starts(bytes, with: Array("VP8L".utf8), at: 12) {
      // The signature byte, then 14 bits of width - 1 and 14 of height - 1.
      guard bytes.count > 20, bytes[20] == 0x2F, let bits = littleEndian(bytes, 21, 4) else { return nil }
      return ImageSize(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
    }
    if starts(bytes, with: Array("VP8X".utf8), at: 12) {
      // Flags, reserved bytes, then the canvas's width - 1 and height - 1, 3 bytes each.
      guard let width = littleEndian(bytes, 24, 3), let height = littleEndian(bytes, 27, 3) else { return nil }
      return ImageSize(width: width + 1, height: height + 1)
    }
    return nil
  }

  /// `value` as a message shows it: whole when it is.
  private static func number(_ value: Double) -> String {
    value.isFinite && value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  /// The root `svg` element's `width` and `height` (plain numbers or pixels), else its
  /// `viewBox`'s width and height, as written: any number, checked by the caller.
  static func svgSides(_ bytes: [UInt8]) -> (Double, Double)? {
    var text = String(decoding: bytes.prefix(64 * 1024), as: UTF8.self)
    // Comments hold no element.
    while let open = text.range(of: "<!--") {
      guard let close = text.range(of: "-->", range: open.upperBound..<text.endIndex) else { return nil }
      text.removeSubrange(open.lowerBound..<close.upperBound)
    }
    // The first `<svg` that starts an element, past any declaration, comment or doctype.
    var search = text.startIndex
    var tag: Substring?
    while let open = text.range(of: "<svg", range: search..<text.endIndex) {
      let after = text[open.upperBound...].first
      if after == nil || after!.isWhitespace || after == ">" || after == "/" {
        guard let close = text[open.upperBound...].firstIndex(of: ">") else { return nil }
        tag = text[open.upperBound..<close]
        break
      }
      search = open.upperBound
    }
    guard let tag else { return nil }
    func attribute(_ name: String) -> String? {
      var rest = tag[...]
      while let found = rest.range(of: name) {
        let before = found.lowerBound == tag.startIndex ? " " : tag[tag.index(before: found.lowerBound)]
        var after = tag[found.upperBound...].drop { $0.isWhitespace }
        rest = tag[found.upperBound...]
        guard before.isWhitespace, after.first == "=" else { continue }
        after = after.dropFirst().drop { $0.isWhitespace }
        guard let quote = after.first, quote == "\"" || quote == "'" else { return nil }
        let value = after.dropFirst()
        guard let end = value.firstIndex(of: quote) else { return nil }
        return String(value[..<end]).trimmingCharacters(in: .whitespaces)
      }
      return nil
    }
    func pixels(_ value: String?) -> Double? {
      guard var value else { return nil }
      if value.hasSuffix("px") { value.removeLast(2) }
      // NaN is no size; an infinite or huge one is a size out of range.
      guard let number = Double(value), !number.isNaN, number > 0 else { return nil }
      return number
    }
    if let width = pixels(attribute("width")), let height = pixels(attribute("height")) {
      return (width, height)
    }
    guard let box = attribute("viewBox") else { return nil }
    let numbers = box.split { $0 == " " || $0 == "," || $0.isWhitespace }.compactMap { Double($0) }
    guard numbers.count == 4, !numbers[2].isNaN, !numbers[3].isNaN, numbers[2] > 0, numbers[3] > 0 else {
      return nil
    }
    return (numbers[2], numbers[3])
  }
}

/// Why an image file gives no size.
struct ImageProblem: Error, Sendable, Equatable {
  let message: String
}

/// The images beside Content's pages: every file under Content whose name says it is a PNG,
/// JPEG, GIF, WebP or SVG, by its path from Content's root (`images/check.png`), which is also
/// its path in the site. Each is read, and its size taken from its header, when first asked for.
final class ContentImages: Sendable {
  /// Every image's path, sorted.
  let paths: [String]
  private let known: Set<String>
  private let read: @Sendable (String) -> [UInt8]?
  /// The images over the size limit, which are not read.
  private let refused: Set<String>
  private let sizes = Mutex<[String: Result<ImageSize, ImageProblem>]>([:])

  init(paths: [String], refused: Set<String> = [], read: @escaping @Sendable (String) -> [UInt8]?) {
    self.paths = paths.sorted()
    known = Set(paths)
    self.refused = refused
    self.read = read
  }

  /// No images.
  static let none = ContentImages(paths: []) { _ in nil }

  /// The images among `names`, the paths a listing of Content gives.
  static func paths(among names: [String]) -> [String] {
    names.filter { ImageSize.Kind(fileName: $0) != nil }
  }

  func contains(_ path: String) -> Bool { known.contains(path) }

  /// The image's bytes, read again now; nil when it cannot be.
  func bytes(of path: String) -> [UInt8]? { known.contains(path) ? read(path) : nil }

  /// The size of the image at `path`, or why it has none; nil when Content has no such image.
  func size(of path: String) -> Result<ImageSize, ImageProblem>? {
    guard known.contains(path), let kind = ImageSize.Kind(fileName: path) else { return nil }
    if let found = sizes.withLock({ $0[path] }) { return found }
    if refused.contains(path) {
      return .failure(ImageProblem(message: "it is larger than a build reads of an image (see the error at its path)"))
    }
    let found: Result<ImageSize, ImageProblem> =
      read(path).map { ImageSize.read($0, as: kind) } ?? .failure(ImageProblem(message: "it cannot be read"))
    sizes.withLock { $0[path] = found }
    return found
  }
}

/// An image a page shows, `![What it shows](images/name.png)`: a file beside the pages, its
/// path relative to the page's folder, with alt text unless it is marked decorative
/// (`![](images/rule.png "decorative")`), which gives it an empty `alt`.
enum ContentImage {
  /// The title that marks an image decorative.
  static let decorative = "decorative"

  /// The image file a page in `folder` names with `destination`: its path from Content's root.
  static func path(_ destination: String, folder: String) -> String? {
    SitePath.join(folder, destination)
  }

  /// What is wrong with an image node of a page in `folder`, or nil.
  static func problem(
    _ node: MarkdownNode, folder: String, images: ContentImages, forbidden: ForbiddenWords
  ) -> String? {
    let destination = node.url
    let shown = Printed.excerpt(destination)
    if destination.isEmpty { return "an image needs a file: write `![What it shows](images/name.png)`" }
    if ExternalLink.scheme(of: destination) != nil || destination.hasPrefix("//") {
      return
        "image `\(Printed.url(destination, forbidden: forbidden))` is not a file beside the pages: Content shows only its own images; save it under Content and write its path, such as `images/name.png`"
    }
    guard !destination.hasPrefix("/"), let path = path(destination, folder: folder) else {
      return
        "image `\(shown)` is not inside the Content folder: write its path from the page, such as `images/name.png`"
    }
    guard ImageSize.Kind(fileName: path) != nil else {
      return "image `\(shown)` is not a \(ImageSize.Kind.listed) file (by its name's extension)"
    }
    guard let size = images.size(of: path) else {
      let known = images.paths.map { SitePath.relative($0, from: folder) }
      let near = Suggestion.nearest(destination, among: known).map { " (did you mean `\($0)`?)" } ?? ""
      return "no image `\(shown)` beside the page: there is no file `\(path)` in the Content folder\(near)"
    }
    if case .failure(let problem) = size {
      return "image `\(shown)` cannot be shown: \(problem.message)"
    }
    let alt = node.plainText.trimmingCharacters(in: .whitespacesAndNewlines)
    if node.title == decorative {
      guard alt.isEmpty else {
        return
          "image `\(shown)` has alt text and is marked decorative: a decorative image has none (`![](\(shown) \"decorative\")`); drop the title if the text says what it shows"
      }
      return nil
    }
    guard !alt.isEmpty else {
      return
        "image `\(shown)` has no alt text: write what it shows, `![What it shows](\(shown))`, or mark it decorative, `![](\(shown) \"decorative\")`"
    }
    return nil
  }
}
