import Foundation
import LinkContract

@testable import SiteGenerator

/// A written page read back in one pass over its bytes: checked to be well-formed XML (one
/// root; balanced, properly nested tags; unique attribute names; quoted values without `<`;
/// comments without `--`; only the five predefined entities and character references to
/// characters XML allows; valid UTF-8 without control characters), with its ids and its `href`
/// and `src` values in document order, each at its line.
///
/// Builds no longer read their pages back: the writer notes the same as it writes
/// (`WrittenHTML`). This is the strict reader the tests hold the writer to, itself held to
/// libxml2's XML parser.
struct SerializedPage {
  private(set) var ids: [String] = []
  private(set) var links: [PageLink] = []

  /// Where and why a page is not well-formed: the writer's own kind of fault.
  typealias Fault = WrittenHTML.Fault

  /// Reads `bytes`, or says where they stop being well-formed XML.
  static func read(_ bytes: [UInt8]) -> Result<SerializedPage, Fault> {
    bytes.withUnsafeBufferPointer { buffer in
      var reader = Reader(bytes: buffer)
      do throws(Fault) {
        try reader.document()
        return .success(reader.page)
      } catch {
        return .failure(error)
      }
    }
  }

  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var line = 1
    var page = SerializedPage()
    /// The open elements' names, as ranges of `bytes`.
    var open: [Range<Int>] = []
    /// The links of the start tag being read: an XML parser gives them the line where it ends.
    var pending: [(attribute: String, value: String)] = []

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func fault(_ message: String) -> Fault { Fault(line: line, message: message) }

    func starts(with literal: StaticString) -> Bool {
      let count = literal.utf8CodeUnitCount
      guard index + count <= bytes.count else { return false }
      return memcmp(bytes.baseAddress! + index, literal.utf8Start, count) == 0
    }

    /// Moves past the next `end`, counting lines; `what` names the construct if it never ends.
    mutating func skip(past end: StaticString, _ what: String, forbidding inner: StaticString? = nil) throws(Fault) {
      let count = end.utf8CodeUnitCount
      while index + count <= bytes.count {
        if starts(with: end) {
          index += count
          return
        }
        if let inner, starts(with: inner) { throw fault("\(what) holds `\(inner)`") }
        try allowedCharacter()
      }
      throw fault("\(what) does not end")
    }

    static func isNameStart(_ byte: UInt8) -> Bool {
      ASCII.isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    static func isName(_ byte: UInt8) -> Bool {
      isNameStart(byte) || ASCII.isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    mutating func name() throws(Fault) -> Range<Int> {
      let start = index
      guard index < bytes.count, Self.isNameStart(bytes[index]) else { throw fault("a name was expected") }
      while index < bytes.count, Self.isName(bytes[index]) {
        if bytes[index] < 0x80 { index += 1 } else { try allowedCharacter() }
      }
      return start..<index
    }

    mutating func spaces() {
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\n"): line += 1
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
        default: return
        }
        index += 1
      }
    }

    func equal(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
      a.count == b.count && memcmp(bytes.baseAddress! + a.lowerBound, bytes.baseAddress! + b.lowerBound, a.count) == 0
    }

    func text(_ range: Range<Int>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    mutating func document() throws(Fault) {
      var roots = 0
      while index < bytes.count {
        if !open.isEmpty { skipPlainText() }
        guard index < bytes.count else { break }
        let byte = bytes[index]
        if byte == UInt8(ascii: "<") {
          if starts(with: "<!--") {
            index += 4
            try skip(past: "-->", "a comment", forbidding: "--")
          } else if starts(with: "<![CDATA[") {
            guard !open.isEmpty else { throw fault("character data outside the root element") }
            index += 9
            try skip(past: "]]>", "a CDATA section")
          } else if starts(with: "<!DOCTYPE") {
            // The only one libxml2 writes for an HTML page.
            guard roots == 0, starts(with: "<!DOCTYPE html>") else {
              throw fault("a document type other than `<!DOCTYPE html>` before the root element")
            }
            index += 15
          } else if starts(with: "<?") {
            try skip(past: "?>", "a processing instruction")
          } else if starts(with: "</") {
            index += 2
            let closed = try name()
            spaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw fault("an end tag does not end") }
            index += 1
            guard let opened = open.popLast() else { throw fault("an end tag `\(text(closed))` closes nothing") }
            guard equal(opened, closed) else {
              throw fault("the end tag `\(text(closed))` closes `\(text(opened))`")
            }
          } else {
            if open.isEmpty {
              guard roots == 0 else { throw fault("a second root element") }
              roots += 1
            }
            try startTag()
          }
          continue
        }
        if open.isEmpty {
          guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else {
            throw fault("text outside the root element")
          }
          try allowedCharacter()
        } else {
          try character(inText: true)
        }
      }
      guard roots == 1 else { throw fault("no root element") }
      if let unclosed = open.last { throw fault("`\(text(unclosed))` is not closed") }
    }

    /// Moves past printable ASCII other than `<`, `&`, `>` and `stop`, and past line feeds
    /// when `stop` is not a quote: most of a page, read without a closer look.
    mutating func skipPlainText(stoppingAt stop: UInt8 = UInt8(ascii: "<")) {
      let base = bytes.baseAddress!
      let count = bytes.count
      let inText = stop != UInt8(ascii: "\"")
      while index < count {
        let byte = base[index]
        if byte &- 0x20 < 0x60, byte != UInt8(ascii: "<"), byte != UInt8(ascii: "&"), byte != UInt8(ascii: ">"),
          byte != stop
        {
          index += 1
        } else if byte == UInt8(ascii: "\n"), inText {
          line += 1
          index += 1
        } else {
          return
        }
      }
    }

    /// Reads the character at `index` of text or of an attribute value.
    mutating func character(inText: Bool) throws(Fault) {
      switch bytes[index] {
      case UInt8(ascii: "&"):
        try reference()
      case UInt8(ascii: "<"):
        throw fault("`<` in an attribute value")
      case UInt8(ascii: ">") where inText:
        if index >= 2, bytes[index - 1] == UInt8(ascii: "]"), bytes[index - 2] == UInt8(ascii: "]") {
          throw fault("`]]>` in text")
        }
        index += 1
      default:
        try allowedCharacter()
      }
    }

    /// Moves past the character at `index`, which must be one XML allows, in UTF-8.
    mutating func allowedCharacter() throws(Fault) {
      let byte = bytes[index]
      if byte < 0x80 {
        guard byte >= 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else {
          throw fault("a control character XML does not allow")
        }
        if byte == UInt8(ascii: "\n") { line += 1 }
        index += 1
        return
      }
      guard case .success(let length) = UTF8Sequence.length(in: bytes, at: index) else {
        throw fault("bytes that are not UTF-8")
      }
      if length == 3, byte == 0xEF, bytes[index + 1] == 0xBF, bytes[index + 2] & 0xFE == 0xBE {
        throw fault("a character XML does not allow (U+FFFE or U+FFFF)")
      }
      index += length
    }

    /// Reads `&…;`, which must be a predefined entity or a reference to a character XML allows.
    mutating func reference() throws(Fault) {
      let start = index
      guard let end = bytes[start...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
        throw fault("`&` that starts no reference")
      }
      let body = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end])
      index = end + 1
      if body.first == UInt8(ascii: "#") {
        let hex = body.count > 1 && body[1] == UInt8(ascii: "x")
        let digits = body.dropFirst(hex ? 2 : 1)
        guard !digits.isEmpty,
          let value = UInt32(String(decoding: digits, as: UTF8.self), radix: hex ? 16 : 10),
          value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
        else { throw fault("a character reference to a character XML does not allow") }
        return
      }
      let known: [StaticString] = ["amp", "lt", "gt", "quot", "apos"]
      guard
        known.contains(where: {
          $0.utf8CodeUnitCount == body.count && memcmp($0.utf8Start, body.baseAddress!, body.count) == 0
        })
      else { throw fault("an entity XML does not define") }
    }

    mutating func startTag() throws(Fault) {
      index += 1
      let element = try name()
      var seen: [Range<Int>] = []
      while true {
        let before = index
        spaces()
        guard index < bytes.count else { throw fault("a start tag does not end") }
        if bytes[index] == UInt8(ascii: ">") || starts(with: "/>") {
          for link in pending {
            page.links.append(
              PageLink(attribute: PageLink.Attribute(name: link.attribute)!, value: link.value, line: line))
          }
          pending.removeAll(keepingCapacity: true)
          if bytes[index] == UInt8(ascii: ">") {
            index += 1
            open.append(element)
          } else {
            index += 2
          }
          return
        }
        guard index > before else { throw fault("attributes must be separated by a space") }
        let attribute = try name()
        guard !seen.contains(where: { equal($0, attribute) }) else {
          throw fault("the attribute `\(text(attribute))` appears twice")
        }
        seen.append(attribute)
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "="), bytes[index + 1] == UInt8(ascii: "\"")
        else { throw fault("an attribute value must follow `=\"`") }
        index += 2
        let start = index
        var plain = true
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          skipPlainText(stoppingAt: UInt8(ascii: "\""))
          guard index < bytes.count, bytes[index] != UInt8(ascii: "\"") else { break }
          // References, and white space that an XML parser reads as a space, need a second look.
          if bytes[index] == UInt8(ascii: "&") || (bytes[index] < 0x20) { plain = false }
          try character(inText: false)
        }
        guard index < bytes.count else { throw fault("an attribute value does not end") }
        let value = start..<index
        index += 1
        record(attribute, value, plain: plain)
      }
    }

    /// Keeps an `id`, `href` or `src` (also with a namespace prefix, as an XML parser reads it).
    mutating func record(_ attribute: Range<Int>, _ value: Range<Int>, plain: Bool) {
      guard !value.isEmpty else { return }
      var local = attribute
      if let colon = bytes[attribute].lastIndex(of: UInt8(ascii: ":")) { local = (colon + 1)..<attribute.upperBound }
      let start = bytes.baseAddress! + local.lowerBound
      let kind: String
      switch local.count {
      case 2 where memcmp(start, "id", 2) == 0: kind = "id"
      case 4 where memcmp(start, "href", 4) == 0: kind = "href"
      case 3 where memcmp(start, "src", 3) == 0: kind = "src"
      default: return
      }
      let string = plain ? text(value) : Self.unescaped(text(value))
      if kind == "id" {
        page.ids.append(string)
      } else {
        pending.append((kind, string))
      }
    }

    /// An attribute value as an XML parser reads it (already checked): line ends, tabs and line
    /// feeds each a space, references replaced by their characters.
    static func unescaped(_ value: String) -> String {
      var result = ""
      var spaced: [UInt8] = []
      var previous: UInt8 = 0
      for byte in value.utf8 {
        defer { previous = byte }
        switch byte {
        case UInt8(ascii: "\n") where previous == UInt8(ascii: "\r"): continue
        case UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "\t"): spaced.append(UInt8(ascii: " "))
        default: spaced.append(byte)
        }
      }
      var rest = String(decoding: spaced, as: UTF8.self)[...]
      while let amp = rest.firstIndex(of: "&"), let semicolon = rest[amp...].firstIndex(of: ";") {
        result += rest[..<amp]
        let body = rest[rest.index(after: amp)..<semicolon]
        switch body {
        case "amp": result += "&"
        case "lt": result += "<"
        case "gt": result += ">"
        case "quot": result += "\""
        case "apos": result += "'"
        default:
          let hex = body.hasPrefix("#x")
          if let code = UInt32(body.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10), let scalar = Unicode.Scalar(code) {
            result.unicodeScalars.append(scalar)
          }
        }
        rest = rest[rest.index(after: semicolon)...]
      }
      return result + rest
    }
  }
}
