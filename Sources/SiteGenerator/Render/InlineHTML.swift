import LinkContract

/// The inline HTML Content keeps: a few phrasing elements that carry no script, each with the
/// attributes it may have, written through the page's own writer (which escapes their values)
/// rather than copied. HTML comments are dropped. Anything else is a `raw-html` error at its
/// place that says what to write instead.
enum InlineHTML {
  /// Each element Content keeps, with the only attributes it may carry.
  static let allowed: [String: [String]] = [
    "br": [], "wbr": [], "kbd": [], "sup": [], "sub": [], "abbr": ["title"], "mark": [], "del": [], "ins": [],
    "s": [], "small": [], "code": [], "em": [], "strong": [], "span": ["id"], "a": ["id", "name"],
  ]
  /// The kept elements in the order the docs list them, for messages.
  static let listed = [
    "br", "wbr", "kbd", "sup", "sub", "abbr", "mark", "del", "ins", "s", "small", "code", "em", "strong", "span", "a",
  ]
  /// Elements that have no content and no closing tag.
  static let void: Set<String> = ["br", "wbr"]
  /// How many kept elements may be open inside each other at once: with the Markdown's own
  /// nesting (`MarkdownNesting`) a page stays within what an XML reader reads back.
  static let nestingLimit = 8

  /// An attribute of a tag: its name, lowercased, its value, and where its name starts in
  /// the tag's text.
  struct Attribute {
    let name: String
    let value: String
    let offset: Int
  }

  /// One piece of inline HTML as cmark gives it.
  enum Piece {
    /// An opening tag, `<kbd>` or `<br/>`; the name lowercased.
    case open(name: String, attributes: [Attribute], selfClosing: Bool)
    /// A closing tag, `</kbd>`.
    case close(name: String)
    /// `<!-- … -->`, dropped.
    case comment
    /// A processing instruction, declaration or CDATA section.
    case other
  }

  /// A problem with a piece of HTML: what to write instead, and where in the piece's text
  /// (a byte offset) it is.
  struct Problem {
    let message: String
    var offset = 0
  }

  /// Whether `text`, a piece of HTML, is a comment.
  static func isComment(_ text: String) -> Bool { text.hasPrefix("<!--") }

  /// The piece of HTML `text` is, read as CommonMark's grammar for inline HTML reads it.
  static func read(_ text: String) -> Piece {
    let bytes = Array(text.utf8)
    guard bytes.count >= 3, bytes[0] == UInt8(ascii: "<") else { return .other }
    if isComment(text) { return .comment }
    var index = 1
    let closing = bytes[1] == UInt8(ascii: "/")
    if closing { index += 1 }
    let nameStart = index
    guard index < bytes.count, ASCII.isLetter(bytes[index]) else { return .other }
    while index < bytes.count, ASCII.isAlphanumeric(bytes[index]) || bytes[index] == UInt8(ascii: "-") { index += 1 }
    let name = String(decoding: bytes[nameStart..<index].map(ASCII.lowercased), as: UTF8.self)
    if closing { return .close(name: name) }
    var attributes: [Attribute] = []
    while true {
      var spaced = false
      while index < bytes.count, isSpace(bytes[index]) {
        index += 1
        spaced = true
      }
      guard index < bytes.count else { return .other }
      if bytes[index] == UInt8(ascii: ">") { return .open(name: name, attributes: attributes, selfClosing: false) }
      if bytes[index] == UInt8(ascii: "/") {
        return index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ">")
          ? .open(name: name, attributes: attributes, selfClosing: true) : .other
      }
      guard spaced else { return .other }
      let attributeStart = index
      while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="),
        bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/")
      {
        index += 1
      }
      let attributeName = String(decoding: bytes[attributeStart..<index].map(ASCII.lowercased), as: UTF8.self)
      var value = ""
      var look = index
      while look < bytes.count, isSpace(bytes[look]) { look += 1 }
      if look < bytes.count, bytes[look] == UInt8(ascii: "=") {
        index = look + 1
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count else { return .other }
        let quote = bytes[index]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
          guard let end = bytes[(index + 1)...].firstIndex(of: quote) else { return .other }
          value = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
          index = end + 1
        } else {
          let start = index
          while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
          value = String(decoding: bytes[start..<index], as: UTF8.self)
        }
      }
      attributes.append(Attribute(name: attributeName, value: value, offset: attributeStart))
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
  }

  /// The kept elements as messages list them.
  static var keptList: String { listed.map { "`<\($0)>`" }.joined(separator: ", ") }

  /// Why Content does not keep an element named `name`, with what to write instead; nil for a
  /// kept one.
  static func refusal(of name: String) -> String? {
    guard allowed[name] == nil else { return nil }
    switch name {
    case "b": return "`<b>` is not kept: write bold as `**text**`"
    case "i": return "`<i>` is not kept: write emphasis as `*text*`"
    case "strike": return "`<strike>` is not kept: write `<s>` or `<del>`"
    case "tt", "samp", "var": return "`<\(name)>` is not kept: write code as `` `text` `` or `<code>`"
    case "img", "picture": return "`<\(name)>` is not kept: write an image as `![alt text](images/name.png)`"
    case "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "link", "meta", "base",
      "form", "input", "button", "textarea", "select", "option", "svg", "math", "template", "noscript", "audio",
      "video", "source", "track", "canvas", "portal", "slot", "dialog":
      return
        "`<\(name)>` is not allowed: Content carries no script, style, form or embedded content; generated material goes in a `contract` block"
    case "p", "div", "section", "article", "aside", "header", "footer", "nav", "main", "table", "thead", "tbody",
      "tfoot", "tr", "td", "th", "caption", "col", "colgroup", "ul", "ol", "li", "dl", "dt", "dd", "h1", "h2", "h3",
      "h4", "h5", "h6", "pre", "blockquote", "hr", "figure", "figcaption", "details", "summary", "center", "address":
      return
        "`<\(name)>` is block HTML, which Content does not keep: write its Markdown (a blank line between paragraphs, `|` rows for a table, `-` for a list, `#` for a heading, a fenced block for code, `>` for a quote)"
    default:
      return "`<\(Printed.excerpt(name))>` is not among the inline HTML Content keeps (\(keptList)): write Markdown"
    }
  }

  /// What is wrong with an opening tag Content otherwise keeps: an attribute it may not have,
  /// a bad value, or a tag that closes itself but is not void.
  static func problem(opening name: String, attributes: [Attribute], selfClosing: Bool) -> Problem? {
    let permitted = allowed[name] ?? []
    var seen = Set<String>()
    for attribute in attributes {
      let shown = Printed.excerpt(attribute.name)
      if !seen.insert(attribute.name).inserted {
        return Problem(message: "`<\(name)>` has `\(shown)` twice: give it once", offset: attribute.offset)
      }
      guard permitted.contains(attribute.name) else {
        let what: String
        if attribute.name.hasPrefix("on") {
          what = "event handlers such as `\(shown)` are not allowed: Content carries no script"
        } else if attribute.name == "style" {
          what = "`style` is not allowed: the site's stylesheet styles every page"
        } else if name == "a", attribute.name == "href" {
          what = "a link is written in Markdown, `[text](target)`, which the build checks"
        } else {
          what = "`\(shown)` is not among its attributes"
        }
        let takes =
          permitted.isEmpty
          ? "`<\(name)>` takes no attributes"
          : "`<\(name)>` takes only \(permitted.map { "`\($0)`" }.joined(separator: " and "))"
        return Problem(message: "\(takes): \(what)", offset: attribute.offset)
      }
      if holdsCharacterReference(attribute.value) {
        return Problem(
          message:
            "`\(shown)` of `<\(name)>` holds a character reference (`&…;`): write the character itself, which the site escapes",
          offset: attribute.offset)
      }
      if attribute.name == "id" || attribute.name == "name", !isID(attribute.value) {
        return Problem(
          message:
            "`\(shown)` of `<\(name)>` is `\(Printed.excerpt(attribute.value))`: an id is one word of letters, digits, `-`, `_`, `.` and `:`",
          offset: attribute.offset)
      }
    }
    if let id = attributes.first(where: { $0.name == "id" }), let old = attributes.first(where: { $0.name == "name" }),
      id.value != old.value
    {
      return Problem(message: "`<a>` has an `id` and another `name`: give it only `id`", offset: old.offset)
    }
    if selfClosing, !void.contains(name) {
      return Problem(message: "`<\(name)/>` does not close itself in HTML: write `<\(name)>…</\(name)>`")
    }
    return nil
  }

  /// What is wrong with an HTML block, a line that starts with HTML and what follows it up to
  /// a blank line; nil for comments alone, which are dropped.
  static func blockProblem(_ text: String) -> String? {
    var rest = Substring(text)
    while true {
      rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
      guard !rest.isEmpty else { return nil }
      guard rest.hasPrefix("<!--") else { break }
      guard let end = rest.range(of: "-->") else {
        return "this comment has no end: write `-->` after it, or the rest of the page is part of it"
      }
      rest = rest[end.upperBound...]
      let restOfLine = rest.prefix { $0 != "\n" }
      if !restOfLine.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
        return "text after a comment's `-->` on its line is part of an HTML block: put it on a line of its own"
      }
    }
    let end = rest.firstIndex(of: ">").map { rest.index(after: $0) } ?? rest.endIndex
    switch read(String(rest[..<end])) {
    case .open(let name, _, _), .close(let name):
      if let refusal = refusal(of: name) { return refusal }
      return
        "a line that starts with `<\(name)>` and holds nothing else after its tag starts an HTML block, which Content does not keep: write inline HTML inside the text of a paragraph, heading or table cell, with its closing tag on the same line (`<a id=\"x\"></a>`)"
    case .comment, .other:
      return declarationRefusal(String(rest.prefix { $0 != "\n" }))
    }
  }

  /// Why Content does not keep `text`, a declaration, processing instruction or CDATA section.
  static func declarationRefusal(_ text: String) -> String {
    "`\(Printed.excerpt(text))` is not kept: Content holds no HTML declarations, processing instructions or CDATA; write Markdown"
  }

  /// Whether `value` holds a character reference, `&name;` or `&#number;`, which the site
  /// would show as written.
  static func holdsCharacterReference(_ value: String) -> Bool {
    let bytes = Array(value.utf8)
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "&") {
      let name = bytes[(index + 1)...].prefix { ASCII.isAlphanumeric($0) || $0 == UInt8(ascii: "#") }
      if !name.isEmpty, name.endIndex < bytes.count, bytes[name.endIndex] == UInt8(ascii: ";") { return true }
    }
    return false
  }

  /// The id an opening tag gives its element: `id`, or `name` on `<a>`, which is written as
  /// its `id`.
  static func id(of attributes: [Attribute]) -> String? {
    attributes.first { $0.name == "id" }?.value ?? attributes.first { $0.name == "name" }?.value
  }

  /// Whether `value` is an id a link can name: letters and digits of any script, `-`, `_`,
  /// `.` and `:`.
  static func isID(_ value: String) -> Bool {
    !value.isEmpty
      && value.unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || $0.properties.numericType != nil || "-_.:".unicodeScalars.contains($0)
      }
  }

  /// The id of an anchor a piece of HTML opens, when it is an `<a>` or `<span>` that Content
  /// keeps as written: the page holds that id.
  static func anchorID(_ text: String) -> String? {
    guard case .open(let name, let attributes, let selfClosing) = read(text), name == "a" || name == "span",
      problem(opening: name, attributes: attributes, selfClosing: selfClosing) == nil
    else { return nil }
    return id(of: attributes)
  }
}
