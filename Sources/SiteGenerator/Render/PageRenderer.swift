import CCmark
import ContractArtifacts
import LinkContract

/// Renders one page's Markdown into the template's content slot.
struct PageRenderer {
  let page: SourcePage
  let context: SiteContext
  let lookups: SiteLookups
  var diagnostics: [Diagnostic] = []
  /// Where the Markdown being rendered starts in the page's body, when it is a table cell's
  /// text that cmark parsed on its own (body line and byte column); nil for the page itself.
  var origin: (line: Int, column: Int)?
  /// Ahead of the site index, each `contract` block met, with the place kept for it.
  private(set) var laterBlocks: [LaterBlock] = []
  /// The kept inline HTML elements open now (`InlineHTML`), innermost last.
  private var openHTML: [OpenElement] = []
  /// How many Markdown links the inlines being rendered are inside.
  private var linkDepth = 0

  /// An element of inline HTML opened and not closed yet: where its opening tag is, and the
  /// element what follows goes into (for a refused tag, already reported, the one around it).
  struct OpenElement {
    let name: String
    let element: Element
    let line: Int
    let column: Int
    let refused: Bool
  }

  /// A `contract` block met ahead of the index: its render reads the index, and goes into
  /// `place`, an element that then gives way to its children.
  struct LaterBlock {
    let place: Element
    let directive: Directive
  }

  init(page: SourcePage, context: SiteContext, index: SiteIndex) {
    self.page = page
    self.context = context
    lookups = SiteLookups(index: index, page: page.name, context: context)
  }

  /// A renderer ahead of the site index (see `SiteLookups`).
  init(aheadOf page: SourcePage, context: SiteContext) {
    self.page = page
    self.context = context
    lookups = SiteLookups(aheadOf: page.name)
  }

  func position(_ node: MarkdownNode) -> (line: Int, column: Int) {
    let offset = page.markdown.lineOffset
    // A table cell's nodes are of the cell's own document, placed from its first column.
    if let origin { return (origin.line + offset, origin.column + node.located.column - 1) }
    let (line, column) = page.markdown.position(of: node)
    return (line + offset, column)
  }

  mutating func error(
    _ id: DiagnosticID, _ node: MarkdownNode, _ message: String, line: Int? = nil, column: Int? = nil
  ) {
    let (nodeLine, nodeColumn) = position(node)
    diagnostics.append(
      Diagnostic(id: id, path: page.path, line: line ?? nodeLine, column: column ?? nodeColumn, message: message))
  }

  mutating func renderBlocks(_ parent: MarkdownNode, into element: Element, tight: Bool = false) {
    for child in parent.childNodes { renderBlock(child, into: element, tight: tight) }
  }

  mutating func renderBlock(_ node: MarkdownNode, into element: Element, tight: Bool) {
    switch node.type {
    case CMARK_NODE_PARAGRAPH:
      if origin == nil {
        let markdown = page.markdown
        switch PipeTable.read(node, in: markdown) {
        case .table(let table):
          renderTable(table, into: element)
          return
        case .invalid(let line, let column, let message):
          diagnostics.append(
            Diagnostic(
              id: .tableInvalid, path: page.path, line: line + markdown.lineOffset, column: column,
              message: message))
        case .notATable:
          break
        }
      }
      if tight {
        renderInlines(node, into: element)
      } else {
        renderInlines(node, into: element.add("p"))
      }
    case CMARK_NODE_HEADING:
      guard let heading = page.heading(node) else { return }
      let h = element.add("h\(heading.writtenLevel)", ["id": heading.id])
      renderInlines(node, into: h)
    case CMARK_NODE_BLOCK_QUOTE:
      renderBlocks(node, into: element.add("blockquote"))
    case CMARK_NODE_LIST:
      let list: Element
      if node.isOrderedList {
        list = element.add("ol")
        if node.listStart != 1 { list.set("start", String(node.listStart)) }
      } else {
        list = element.add("ul")
      }
      for item in node.childNodes {
        renderBlocks(item, into: list.add("li"), tight: node.isTightList)
      }
    case CMARK_NODE_ITEM:
      renderBlocks(node, into: element.add("li"))
    case CMARK_NODE_CODE_BLOCK:
      renderCodeBlock(node, into: element)
    case CMARK_NODE_THEMATIC_BREAK:
      element.add("hr")
    case CMARK_NODE_HTML_BLOCK:
      break  // reported in the first pass
    default:
      renderBlocks(node, into: element)
    }
  }

  mutating func renderCodeBlock(_ node: MarkdownNode, into element: Element) {
    let info = node.fenceInfo
    if let call = DirectiveCall(info: info) {
      guard case .success(let directive) = Directive.parse(call, contract: context.contract) else {
        return  // reported in the first pass
      }
      // A block's render reads the generated files and the index: ahead of it, its place is kept.
      guard lookups.index != nil else {
        return laterBlocks.append(LaterBlock(place: element.add("contract-block"), directive: directive))
      }
      var renderer = DirectiveRenderer(context: context, lookups: lookups)
      renderer.render(directive, into: element)
      return
    }
    if let call = LinkExampleCall(info: info) {
      let (line, column) = position(node)
      let examples =
        page.linkExamples[node.pointer]
        ?? LinkExamples(
          call: call, body: node.literal, path: page.path, firstLine: line + 1, column: column,
          contract: context.contract, parsers: context.parsers)
      examples.render(into: element)
      diagnostics += examples.diagnostics
      return
    }
    let pre = element.add("pre")
    let code = pre.add("code")
    let language = Self.language(fenceInfo: info)
    if !language.isEmpty { code.set("class", "language-\(language)") }
    node.withLiteral { code.text(utf8: $0) }
  }

  /// The language a code block's info string names: its first word, if any.
  static func language(fenceInfo info: String) -> String {
    info.pieces(UInt8(ascii: " ")).first.map(String.init) ?? ""
  }

  /// Renders `parent`'s inlines into `element`. An opening tag of kept inline HTML opens its
  /// element, which holds what follows until its closing tag: both are in `parent`, the one
  /// paragraph, heading, table cell, link or emphasis.
  mutating func renderInlines(_ parent: MarkdownNode, into element: Element) {
    let base = openHTML.count
    // Elements a misnested closing tag closed early: their own closing tags end nothing more.
    var closedEarly: [String] = []
    for child in parent.childNodes {
      let target = openHTML.count > base ? openHTML[openHTML.count - 1].element : element
      if child.type == CMARK_NODE_HTML_INLINE {
        renderHTML(child, into: target, base: base, closedEarly: &closedEarly)
      } else {
        renderInline(child, into: target)
      }
    }
    while openHTML.count > base {
      let open = openHTML.removeLast()
      guard !open.refused else { continue }
      diagnostics.append(
        Diagnostic(
          id: .rawHTML, path: page.path, line: open.line, column: open.column,
          message:
            "`<\(open.name)>` is not closed: close it with `</\(open.name)>` in the same paragraph, heading, table cell, link or emphasis"
        ))
    }
  }

  /// One piece of inline HTML: a kept element opened into `element` or closed, a comment
  /// dropped, or an error saying what to write instead. `base` is how many elements were open
  /// before the inlines that hold it.
  mutating func renderHTML(_ node: MarkdownNode, into element: Element, base: Int, closedEarly: inout [String]) {
    let literal = node.literal
    let (line, column) = position(node)
    func fail(_ message: String, at offset: Int = 0) {
      // An attribute on the tag's first line is pointed at; on a later one, the tag.
      let sameLine = !literal.utf8.prefix(offset).contains(0x0A)
      diagnostics.append(
        Diagnostic(
          id: .rawHTML, path: page.path, line: line, column: column + (sameLine ? offset : 0), message: message))
    }
    switch InlineHTML.read(literal) {
    case .comment:
      return
    case .other:
      return fail(InlineHTML.declarationRefusal(literal))
    case .close(let name):
      if let refusal = InlineHTML.refusal(of: name) { return fail(refusal) }
      if InlineHTML.void.contains(name) { return fail("`<\(name)>` has no closing tag: remove `</\(name)>`") }
      guard let open = openHTML[base...].lastIndex(where: { $0.name == name }) else {
        if let index = closedEarly.lastIndex(of: name) {
          closedEarly.remove(at: index)
          return
        }
        return fail(
          "`</\(name)>` closes no `<\(name)>` opened before it in the same paragraph, heading, table cell, link or emphasis: open it there, or remove this tag"
        )
      }
      if open < openHTML.count - 1, let inner = openHTML[(open + 1)...].last(where: { !$0.refused }),
        !openHTML[open].refused
      {
        fail(
          "`</\(name)>` closes `<\(name)>` while `<\(inner.name)>`, opened at line \(inner.line), column \(inner.column), is still open inside it: close `<\(inner.name)>` first"
        )
        closedEarly += openHTML[(open + 1)...].map(\.name)
      }
      openHTML.removeSubrange(open...)
    case .open(let name, let attributes, let selfClosing):
      if let refusal = InlineHTML.refusal(of: name) { return fail(refusal) }
      var problem = InlineHTML.problem(opening: name, attributes: attributes, selfClosing: selfClosing)
      if problem == nil, name == "a", linkDepth > 0 || openHTML.contains(where: { $0.name == "a" && !$0.refused }) {
        problem = InlineHTML.Problem(
          message: "`<a>` cannot be inside a link or another `<a>`: put the anchor before the link")
      }
      if let problem {
        fail(problem.message, at: problem.offset)
        // Reported once: what it holds goes on where it is, and its closing tag closes it.
        if !selfClosing, !InlineHTML.void.contains(name) {
          openHTML.append(OpenElement(name: name, element: element, line: line, column: column, refused: true))
        }
        return
      }
      let void = InlineHTML.void.contains(name)
      guard void || openHTML.count < InlineHTML.nestingLimit else {
        diagnostics.append(
          Diagnostic(
            id: .nestingTooDeep, path: page.path, line: line, column: column,
            message: "inline HTML nests more than \(InlineHTML.nestingLimit) elements deep here: nest it less"))
        return openHTML.append(OpenElement(name: name, element: element, line: line, column: column, refused: true))
      }
      let written = element.add(name)
      if let value = attributes.first(where: { $0.name == "title" })?.value { written.set("title", value) }
      if let id = InlineHTML.id(of: attributes) { written.set("id", id) }
      if !void {
        openHTML.append(OpenElement(name: name, element: written, line: line, column: column, refused: false))
      }
    }
  }

  mutating func renderInline(_ node: MarkdownNode, into element: Element) {
    switch node.type {
    case CMARK_NODE_TEXT: node.withLiteral { element.text(utf8: $0) }
    case CMARK_NODE_SOFTBREAK: element.text("\n")
    case CMARK_NODE_LINEBREAK: element.add("br")
    case CMARK_NODE_CODE:
      // In a table cell, GFM reads `\|` in a code span as the `|` it stands for.
      element.add("code", text: origin == nil ? node.literal : Self.unescapingPipes(node.literal))
    case CMARK_NODE_EMPH: renderInlines(node, into: element.add("em"))
    case CMARK_NODE_STRONG: renderInlines(node, into: element.add("strong"))
    case CMARK_NODE_LINK:
      let destination = node.url
      if openHTML.contains(where: { $0.name == "a" && !$0.refused }) {
        error(.rawHTML, node, "a link cannot be inside `<a>`: close the anchor, `</a>`, before the link")
      }
      linkDepth += 1
      defer { linkDepth -= 1 }
      if let href = resolve(destination, node) {
        let anchor = element.add("a", ["href": href])
        if !node.title.isEmpty { anchor.set("title", node.title) }
        renderInlines(node, into: anchor)
      } else {
        renderInlines(node, into: element)
      }
    case CMARK_NODE_IMAGE:
      renderImage(node, into: element)
    case CMARK_NODE_HTML_INLINE:
      break  // `renderInlines` renders it, among the inlines it opens or closes
    default:
      renderInlines(node, into: element)
    }
  }

  /// An image beside the pages, with its alt text (empty when it is marked decorative) and the
  /// size its file's header gives; nothing for one the first pass reported.
  mutating func renderImage(_ node: MarkdownNode, into element: Element) {
    var inner = node.firstChild
    while let current = inner {
      if current.type == CMARK_NODE_HTML_INLINE, !InlineHTML.isComment(current.literal) {
        error(.rawHTML, current, "an image's alt text is plain text: write it without HTML")
        break
      }
      inner = current.firstChild ?? MarkdownNode.following(current, within: node)
    }
    let folder = SitePath.folder(of: page.name)
    guard let path = ContentImage.path(node.url, folder: folder), ExternalLink.scheme(of: node.url) == nil,
      case .success(let size) = context.images.size(of: path)
    else { return }
    let decorative = node.title == ContentImage.decorative
    let alt = decorative ? "" : node.plainText.trimmingCharacters(in: .whitespacesAndNewlines)
    let image = element.add(
      "img", ["src": path, "alt": alt, "width": String(size.width), "height": String(size.height)])
    if !decorative, !node.title.isEmpty { image.set("title", node.title) }
  }

  /// Renders a pipe table in a scroll frame a keyboard can reach, with column headers and
  /// each cell's inline Markdown.
  mutating func renderTable(_ table: PipeTable, into element: Element) {
    var body = table.body
    body.withUTF8 { body in
      let parsed = TableCells(table, body: body).cells
      let label =
        "Table: "
        + zip(table.header, parsed).map { cell, parsed in
          Self.unescapingPipes(
            parsed.isText
              ? String(decoding: UnsafeBufferPointer(rebasing: body[cell.bytes]), as: UTF8.self)
              : parsed.paragraph?.plainText ?? "")
        }.joined(separator: ", ")
      let html = scrollRegion(in: element, label: label).add("table", ["class": "content-table"])
      let head = html.add("thead").add("tr")
      for (column, cell) in table.header.enumerated() {
        renderCell(cell, parsed[column], body, into: head.add("th", ["scope": "col"]), table.alignments[column])
      }
      guard !table.rowCells.isEmpty else { return }
      let tbody = html.add("tbody")
      for row in table.rowCells {
        let tr = tbody.add("tr")
        for column in 0..<table.width {
          let td = tr.add("td")
          if column < row.count {
            let index = row.lowerBound + column
            renderCell(table.cells[index], parsed[index], body, into: td, table.alignments[column])
          } else if let name = table.alignments[column].className {
            td.set("class", name)
          }
        }
      }
    }
  }

  /// `text` with each `\\|` a table cell writes for a literal pipe read as `|`.
  static func unescapingPipes(_ text: String) -> String {
    holds(UInt8(ascii: "\\"), in: text) ? text.replacing("\\|", with: "|") : text
  }

  mutating func renderCell(
    _ cell: PipeTable.Cell, _ parsed: TableCells.Parsed, _ body: UnsafeBufferPointer<UInt8>, into element: Element,
    _ alignment: PipeTable.Alignment
  ) {
    if let name = alignment.className { element.set("class", name) }
    guard !cell.bytes.isEmpty else { return }
    if parsed.isText { return element.text(utf8: UnsafeBufferPointer(rebasing: body[cell.bytes])) }
    guard let paragraph = parsed.paragraph else {
      diagnostics.append(
        Diagnostic(
          id: .tableInvalid, path: page.path, line: cell.line + (page.markdown.lineOffset), column: cell.column,
          message:
            "a table cell holds inline Markdown only, and this one would start a heading, list, quote or other block: write `\\` before its first character"
        ))
      return
    }
    // A cell parsed alone may nest otherwise than in its paragraph, which the first pass checked.
    if let deep = MarkdownNesting.firstTooDeep(below: paragraph, depth: 1) {
      let (_, column) = deep.located
      diagnostics.append(
        Diagnostic(
          id: .nestingTooDeep, path: page.path, line: cell.line + page.markdown.lineOffset,
          column: cell.column + column - 1 - parsed.shift,
          message: "this table cell nests more than \(MarkdownNesting.limit) levels deep: nest it less"))
      return
    }
    origin = (cell.line, cell.column - parsed.shift)
    defer { origin = nil }
    renderInlines(paragraph, into: element)
  }

  /// The relative href for a Markdown link destination, or nil after reporting why not.
  mutating func resolve(_ destination: String, _ node: MarkdownNode) -> String? {
    func fail(_ message: String) -> String? {
      let (line, column) = linkPosition(destination, node)
      diagnostics.append(Diagnostic(id: .linkInvalid, path: page.path, line: line, column: column, message: message))
      return nil
    }
    /// A destination as a message quotes it, its secrets redacted.
    func shown(_ destination: String) -> String {
      Printed.url(destination, forbidden: context.contract.forbiddenKeys)
    }
    if destination.hasPrefix("route:") {
      let id = String(destination.dropFirst("route:".count))
      let known = context.contract.routeClasses.map(\.id.rawValue)
      guard let route = context.contract.routeClasses.first(where: { $0.id.rawValue == id }) else {
        return fail("unknown route class `\(Printed.excerpt(id))` in link \(Suggestion.known(id, among: known))")
      }
      guard let href = lookups.href(anchor: DirectiveAnchor.route(route.id)) else {
        return fail("no page shows route class `\(id)`: add a `contract route \(id)` block")
      }
      return href
    }
    if let scheme = ExternalLink.scheme(of: destination) {
      if let problem = ExternalLink.problem(destination, scheme: scheme, contract: context.contract) {
        return fail(problem)
      }
      if let warning = ExternalLink.warning(destination, scheme: scheme, shown: shown(destination)) {
        let (line, column) = linkPosition(destination, node)
        diagnostics.append(
          Diagnostic(
            id: .httpLink, path: page.path, line: line, column: column, severity: .warning, message: warning))
      }
      return destination
    }
    if destination.hasPrefix("#") {
      let fragment = String(destination.dropFirst())
      guard page.facts.ids.contains(fragment) else {
        return fail(
          "no heading or anchor `\(Printed.excerpt(fragment))` on this page \(ExternalLink.ids(fragment, page.facts))")
      }
      return destination
    }
    // The file part and the fragment after the first `#`, if there is one.
    let hash = destination.utf8.firstIndex(of: UInt8(ascii: "#"))
    let file = hash.map { String(destination[..<$0]) } ?? destination
    let fragment = hash.map { String(destination[destination.utf8.index(after: $0)...]) }
    // A link target that starts with a placeholder's value was written `({host:staging})`.
    let head = String(file.prefix { $0 != "/" && $0 != "?" })
    if let (placeholder, what) = context.placeholders.placeholder(filledAs: head) {
      let write =
        placeholder.hasPrefix("{host:")
        ? "write `https://\(placeholder)/…` to link to that host, or `name.md` to link to a page"
        : "link to a page as `name.md`, or write `\(placeholder)` as text"
      return fail(
        "link to `\(shown(destination))`: a placeholder in a link target gives \(what), not a page: \(write)")
    }
    // A link is written relative to the page's own folder, as a browser reads it; the site's
    // paths are from its root (`SitePath`), and the writer makes them relative again.
    let folder = SitePath.folder(of: page.name)
    let target = SitePath.join(folder, file)
    if fragment == nil, let target, lookups.isGeneratedFile(target) { return target }
    if let target, ExternalLink.looksLikeGeneratedFile(target) {
      let known = lookups.generatedPaths()
      let shownKnown = known.map { SitePath.relative($0, from: folder) }
      let near = Suggestion.nearest(file, among: shownKnown).map { "did you mean `\($0)`? " } ?? ""
      return fail(
        "link to `\(shown(destination))`: no such generated file (\(near)generated files: \(shownKnown.joined(separator: ", ")))"
      )
    }
    guard file.hasSuffix(".md"), let target else {
      if file.hasSuffix(".md"), !file.hasPrefix("/") {
        return fail("link to `\(shown(destination))` leaves the Content folder: link to a page inside it")
      }
      return fail(
        "link to `\(shown(destination))`: link to a page as `name.md` or `name.md#heading`, to a route as `route:ID`, to a generated file such as `conformance.json`, to an https URL or to a mailto: address"
      )
    }
    let name = String(target.dropLast(3))
    guard lookups.hasPage(named: name) else {
      // Every page as this page would link to it, for "did you mean".
      let known = (lookups.index?.pages.keys.sorted() ?? []).map { SitePath.relative($0 + ".md", from: folder) }
      let suggestion = known.isEmpty ? "" : " " + Suggestion.known(file, among: known)
      return fail("link to missing page `\(Printed.excerpt(file))`\(suggestion)")
    }
    var href = name == page.name && fragment != nil ? "" : PageFacts.outputName(of: name)
    if let fragment {
      guard lookups.has(id: fragment, onPage: name) else {
        let near = lookups.index?.pages[name].map { ExternalLink.ids(fragment, $0) } ?? ""
        return fail("no heading or anchor `\(Printed.excerpt(fragment))` in `\(file)` \(near)")
      }
      href += "#" + fragment
    }
    return href
  }

  /// Where a link is written in the source: cmark's own position, or, where it has none, the
  /// destination searched for from the enclosing block's first line.
  func linkPosition(_ destination: String, _ node: MarkdownNode) -> (Int, Int) {
    if origin != nil { return position(node) }
    if node.startLine > 0 {
      let offset = page.markdown.lineOffset
      let (line, column) = page.markdown.position(of: node)
      // cmark can place an autolink past its line's end; the source says where it is.
      let lines = page.markdown.lines
      if line - 1 < lines.count, column > lines[line - 1].utf8.count,
        let at = byteOffset(of: "<" + destination, in: lines[line - 1])
      {
        return (line + offset, at + 1)
      }
      return (line + offset, column)
    }
    let (blockLine, blockColumn) = node.located
    let markdown = page.markdown
    let needle = "](" + destination
    var lineIndex = blockLine - 1
    while lineIndex >= 0, lineIndex < markdown.lines.count {
      let text = markdown.lines[lineIndex]
      if let offset = byteOffset(of: needle, in: text) {
        let column = offset + 3
        return (lineIndex + 1 + markdown.lineOffset, column)
      }
      if lineIndex > blockLine + 50 { break }
      lineIndex += 1
    }
    return (blockLine + markdown.lineOffset, blockColumn)
  }
}
