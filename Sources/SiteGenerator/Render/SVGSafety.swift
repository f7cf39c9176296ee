import CLibXML2
import LinkContract

#if canImport(Glibc)
  import Glibc
#endif

/// What an SVG the site publishes may not hold. Shown through `img` an SVG is inert, but opened
/// by its own address it is a document: its scripts run, and it loads what it references. So an
/// SVG may hold no `script`, no event-handler attribute (`on...`), no `foreignObject`, no
/// animation of a link or handler, no entity declaration and no reference to anything but a
/// `#fragment` of itself or a `data:image/` (href, xlink:href, src, `url(...)`, `@import`,
/// `xml-stylesheet`). It is read with libxml2's XML parser, no network, no DTD loaded, no
/// entity substituted.
enum SVGSafety {
  /// A problem at a line and byte column (1-based) of the file.
  struct Problem: Sendable, Equatable {
    let line: Int
    let column: Int
    let message: String
  }

  /// The problems of the SVG `bytes`, in the file's order.
  static func problems(_ bytes: [UInt8]) -> [Problem] {
    _ = libxml2Ready
    guard bytes.count < Int(Int32.max) else { return [Problem(line: 1, column: 1, message: "it is too large to read")] }
    guard let parser = xmlNewParserCtxt() else {
      return [Problem(line: 1, column: 1, message: "libxml2 could not start")]
    }
    defer { xmlFreeParserCtxt(parser) }
    let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
    let document = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        xmlCtxtReadMemory(parser, chars.baseAddress, Int32(chars.count), nil, nil, options)
      }
    }
    guard let document else {
      let error = xmlCtxtGetLastError(parser)
      let message = error?.pointee.message.map { String(cString: $0) } ?? "not XML"
      let line = max(1, Int(error?.pointee.line ?? 1))
      return [
        Problem(
          line: line, column: 1,
          message:
            "this SVG is not well-formed XML (\(Printed.excerpt(message.trimmingCharacters(in: .whitespacesAndNewlines), limit: 120))), so it cannot be checked: save it again from an editor"
        )
      ]
    }
    defer { xmlFreeDoc(document) }
    var reader = Reader(bytes: bytes)
    return reader.check(document)
  }

  private struct Reader {
    let bytes: [UInt8]
    /// The byte offset where each line starts.
    let lineStarts: [Int]
    /// Where the last element was found: the next is after it.
    var cursor = 0
    var problems: [Problem] = []

    init(bytes: [UInt8]) {
      self.bytes = bytes
      var starts = [0]
      for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
      lineStarts = starts
    }

    mutating func check(_ document: xmlDocPtr) -> [Problem] {
      if let subset = document.pointee.intSubset {
        var child = subset.pointee.children
        while let node = child {
          if node.pointee.type == XML_ENTITY_DECL {
            let at = find("<!ENTITY", from: 0) ?? 0
            add(
              at,
              "this SVG declares an entity, whose text a browser puts in where it is named: remove the `<!ENTITY` declarations (and the DOCTYPE) and write the text itself"
            )
            break
          }
          child = node.pointee.next
        }
      }
      // The document's own children (processing instructions, the root), then depth first.
      var pending: [xmlNodePtr] = []
      var child = document.pointee.children
      while let node = child {
        pending.append(node)
        child = node.pointee.next
      }
      pending.reverse()
      while let node = pending.popLast() {
        visit(node)
        var inner: [xmlNodePtr] = []
        var child = node.pointee.children
        while let current = child {
          inner.append(current)
          child = current.pointee.next
        }
        pending += inner.reversed()
      }
      return problems.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    private mutating func visit(_ node: xmlNodePtr) {
      switch node.pointee.type {
      case XML_PI_NODE:
        let name = String(cString: node.pointee.name)
        let at = find("<?" + name, from: lineStart(node)) ?? lineStart(node)
        if ASCII.lowercased(name) == "xml-stylesheet" {
          add(at, "this SVG loads a stylesheet from elsewhere: remove the `<?xml-stylesheet` instruction")
        }
      case XML_ELEMENT_NODE:
        element(node)
      case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
        guard let parent = node.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE,
          ASCII.lowercased(String(cString: parent.pointee.name)) == "style", let content = node.pointee.content
        else { return }
        let text = String(cString: content)
        let at = find(text.prefix(64), from: lineStart(node)) ?? lineStart(node)
        style(text, at: at, what: "`<style>`")
      default:
        break
      }
    }

    private mutating func element(_ node: xmlNodePtr) {
      let name = String(cString: node.pointee.name)
      let qualified = node.pointee.ns?.pointee.prefix.map { String(cString: $0) + ":" + name } ?? name
      let start = findTag(qualified, from: max(cursor, lineStart(node)))
      cursor = start + 1
      let lowered = ASCII.lowercased(name)
      if lowered == "script" {
        add(start, "this SVG holds a `<script>`, which runs when the SVG is opened by its address: remove the element")
      } else if lowered == "foreignobject" {
        add(
          start,
          "this SVG holds a `<foreignObject>`, which can hold HTML and its scripts: remove the element, or draw its content in SVG"
        )
      }
      let end = tagEnd(start)
      var property = node.pointee.properties
      while let attribute = property {
        property = attribute.pointee.next
        let local = String(cString: attribute.pointee.name)
        let written = attribute.pointee.ns?.pointee.prefix.map { String(cString: $0) + ":" + local } ?? local
        let value = Self.value(of: attribute, in: node)
        let at = findAttribute(written, from: start, to: end)
        let lowered = ASCII.lowercased(local)
        if lowered.hasPrefix("on") {
          add(
            at,
            "this SVG has an event handler, `\(Printed.excerpt(written, limit: 40))`, which runs a script: remove the attribute"
          )
        } else if lowered == "href" || lowered == "src" {
          if !Self.isOwn(value) {
            add(
              at,
              "this SVG's `\(Printed.excerpt(written, limit: 40))` names `\(Printed.excerpt(value, limit: 80))`, outside the SVG: an SVG on the site references only its own `#fragment`s or `data:image/` values; remove the reference or put what it names inside the SVG"
            )
          }
        } else if lowered == "attributename", ["set", "animate"].contains(ASCII.lowercased(name)) {
          let animated = ASCII.lowercased(value.split(separator: ":").last.map(String.init) ?? value)
          if animated == "href" || animated.hasPrefix("on") {
            add(
              at,
              "this SVG animates `\(Printed.excerpt(value, limit: 40))`, which can set a link or a script: remove the `<\(name)>` element"
            )
          }
        } else if lowered == "style" {
          style(value, at: at, what: "`style` attribute")
        } else {
          urls(in: value, at: at, what: "`\(Printed.excerpt(written, limit: 40))`")
        }
      }
    }

    /// Problems of CSS `text`: an `@import`, or a `url(...)` of anything but the SVG's own.
    private mutating func style(_ text: String, at: Int, what: String) {
      if text.range(of: "@import", options: .caseInsensitive) != nil {
        add(at, "this SVG's \(what) imports a stylesheet from elsewhere: remove the `@import`")
      }
      urls(in: text, at: at, what: what)
    }

    private mutating func urls(in text: String, at: Int, what: String) {
      var rest = Substring(text)
      while let open = rest.range(of: "url(", options: .caseInsensitive) {
        let inner = rest[open.upperBound...]
        let close = inner.firstIndex(of: ")") ?? inner.endIndex
        var target = inner[..<close].trimmingCharacters(in: .whitespacesAndNewlines)
        if let quote = target.first, quote == "\"" || quote == "'" {
          target = String(target.dropFirst())
          if target.last == quote { target.removeLast() }
        }
        if !Self.isOwn(target) {
          add(
            at,
            "this SVG's \(what) names `url(\(Printed.excerpt(target, limit: 80)))`, outside the SVG: an SVG on the site references only its own `#fragment`s or `data:image/` values; remove the reference"
          )
        }
        rest = inner[close...]
      }
    }

    /// Whether a reference stays inside the SVG: a `#fragment`, or a `data:image/` value.
    static func isOwn(_ value: String) -> Bool {
      let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
      return trimmed.hasPrefix("#") || ASCII.lowercased(String(trimmed.prefix(11))) == "data:image/"
    }

    /// An attribute's value: its text, with a reference to a declared entity as written (the
    /// declaration is a problem of its own).
    static func value(of attribute: xmlAttrPtr, in node: xmlNodePtr) -> String {
      var value = ""
      var child = attribute.pointee.children
      while let part = child {
        if part.pointee.type == XML_ENTITY_REF_NODE {
          value += "&" + String(cString: part.pointee.name) + ";"
        } else if let content = part.pointee.content {
          value += String(cString: content)
        }
        child = part.pointee.next
      }
      return value
    }

    private func lineStart(_ node: xmlNodePtr) -> Int {
      let line = Int(xmlGetLineNo(node))
      return line >= 1 && line <= lineStarts.count ? lineStarts[line - 1] : 0
    }

    /// Where `<name` starts a tag at or after `from`; `from` when it is not found.
    private func findTag(_ name: String, from: Int) -> Int {
      var at = from
      while let found = find("<" + name, from: at) {
        let after = found + 1 + name.utf8.count
        if after >= bytes.count || [0x20, 0x09, 0x0A, 0x0D, 0x2F, 0x3E].contains(bytes[after]) { return found }
        at = found + 1
      }
      return from
    }

    /// Where the tag starting at `tag` ends: its `>` outside quotes, or the file's end.
    private func tagEnd(_ tag: Int) -> Int {
      var quote: UInt8?
      var at = tag
      while at < bytes.count {
        let byte = bytes[at]
        if let open = quote {
          if byte == open { quote = nil }
        } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
          quote = byte
        } else if byte == UInt8(ascii: ">") {
          return at
        }
        at += 1
      }
      return at
    }

    /// Where the attribute `name` is written in the tag starting at `tag`; `tag` when not found.
    private func findAttribute(_ name: String, from tag: Int, to end: Int) -> Int {
      var at = tag
      while let found = find(name, from: at, to: end) {
        let before = found > 0 ? bytes[found - 1] : 0
        var after = found + name.utf8.count
        while after < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[after]) { after += 1 }
        if [0x20, 0x09, 0x0A, 0x0D].contains(before), after < bytes.count, bytes[after] == UInt8(ascii: "=") {
          return found
        }
        at = found + 1
      }
      return tag
    }

    /// Where `text` starts at or after `from`, and before `limit` when given.
    private func find(_ text: some StringProtocol, from: Int, to limit: Int? = nil) -> Int? {
      let needle = Array(text.utf8)
      guard !needle.isEmpty, from >= 0, needle.count <= bytes.count else { return nil }
      let last = min(bytes.count - needle.count, (limit ?? bytes.count) - 1)
      var at = from
      while at <= last {
        if bytes[at] == needle[0], bytes[at..<(at + needle.count)].elementsEqual(needle) { return at }
        at += 1
      }
      return nil
    }

    private mutating func add(_ offset: Int, _ message: String) {
      // The last line starting at or before the offset.
      var low = 0
      var high = lineStarts.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
      }
      problems.append(Problem(line: low + 1, column: offset - lineStarts[low] + 1, message: message))
    }
  }
}
