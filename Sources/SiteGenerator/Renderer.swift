import CCmark
import LinkContract

/// What every page's rendering may read: the contract, the template and, after the first pass,
/// where each page and anchor is.
struct SiteContext: Sendable {
  let contract: Contract
  let template: PageTemplate
  let siteTitle: String
  /// Generated files by path under the site, for directives that show them.
  let files: [String: String]
}

/// Where pages and anchors are, known after the first pass.
struct SiteIndex: Sendable {
  let pages: [String: SourcePage]
  /// The page that holds each directive anchor.
  let anchorPage: [String: String]

  /// The href of a directive anchor seen from `page`, or nil when no page shows it.
  func href(anchor: String, from page: String) -> String? {
    guard let holder = anchorPage[anchor] else { return nil }
    return holder == page ? "#\(anchor)" : "\(holder).html#\(anchor)"
  }
}

/// Renders one page's Markdown into the template's content slot.
struct PageRenderer {
  let page: SourcePage
  let context: SiteContext
  let index: SiteIndex
  var diagnostics: [Diagnostic] = []
  private var headingIndex = 0

  init(page: SourcePage, context: SiteContext, index: SiteIndex) {
    self.page = page
    self.context = context
    self.index = index
  }

  func position(_ node: MarkdownNode) -> (line: Int, column: Int) {
    let (line, column) = node.located
    return (line + (page.markdown?.lineOffset ?? 0), column)
  }

  mutating func error(_ node: MarkdownNode, _ message: String, line: Int? = nil, column: Int? = nil) {
    let (nodeLine, nodeColumn) = position(node)
    diagnostics.append(
      Diagnostic(path: page.path, line: line ?? nodeLine, column: column ?? nodeColumn, message: message))
  }

  mutating func renderBlocks(_ parent: MarkdownNode, into element: Element, tight: Bool = false) {
    for child in parent.children { renderBlock(child, into: element, tight: tight) }
  }

  mutating func renderBlock(_ node: MarkdownNode, into element: Element, tight: Bool) {
    switch node.type {
    case CMARK_NODE_PARAGRAPH:
      if tight {
        renderInlines(node, into: element)
      } else {
        renderInlines(node, into: element.add("p"))
      }
    case CMARK_NODE_HEADING:
      let heading = page.headings[headingIndex]
      headingIndex += 1
      let level = min(6, max(2, heading.level + (heading.level == 1 ? 1 : 0)))
      let h = element.add("h\(level)", ["id": heading.id])
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
      for item in node.children {
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
      var renderer = DirectiveRenderer(context: context, index: index, page: page.name)
      renderer.render(directive, into: element)
      return
    }
    if let call = LinkExampleCall(info: info) {
      let (line, column) = position(node)
      let examples = LinkExamples(
        call: call, body: node.literal, path: page.path, firstLine: line + 1, column: column,
        contract: context.contract)
      examples.render(into: element)
      diagnostics += examples.diagnostics
      return
    }
    let pre = element.add("pre")
    let code = pre.add("code")
    let language = info.split(separator: " ").first.map(String.init) ?? ""
    if !language.isEmpty { code.set("class", "language-\(language)") }
    code.text(node.literal)
  }

  mutating func renderInlines(_ parent: MarkdownNode, into element: Element) {
    for child in parent.children { renderInline(child, into: element) }
  }

  mutating func renderInline(_ node: MarkdownNode, into element: Element) {
    switch node.type {
    case CMARK_NODE_TEXT: element.text(node.literal)
    case CMARK_NODE_SOFTBREAK: element.text("\n")
    case CMARK_NODE_LINEBREAK: element.add("br")
    case CMARK_NODE_CODE: element.add("code", text: node.literal)
    case CMARK_NODE_EMPH: renderInlines(node, into: element.add("em"))
    case CMARK_NODE_STRONG: renderInlines(node, into: element.add("strong"))
    case CMARK_NODE_LINK:
      let destination = node.url
      if let href = resolve(destination, node) {
        let anchor = element.add("a", ["href": href])
        if !node.title.isEmpty { anchor.set("title", node.title) }
        renderInlines(node, into: anchor)
      } else {
        renderInlines(node, into: element)
      }
    case CMARK_NODE_HTML_INLINE, CMARK_NODE_IMAGE:
      break  // reported in the first pass
    default:
      renderInlines(node, into: element)
    }
  }

  /// The relative href for a Markdown link destination, or nil after reporting why not.
  mutating func resolve(_ destination: String, _ node: MarkdownNode) -> String? {
    let (line, column) = linkPosition(destination, node)
    func fail(_ message: String) -> String? {
      diagnostics.append(Diagnostic(path: page.path, line: line, column: column, message: message))
      return nil
    }
    if destination.hasPrefix("https://") || destination.hasPrefix("http://")
      || destination.hasPrefix("mailto:")
    {
      return destination
    }
    if destination.hasPrefix("route:") {
      let id = String(destination.dropFirst("route:".count))
      guard let route = context.contract.routeClass(RouteClassID(id))?.id else {
        let known = context.contract.routeClasses.map(\.id.rawValue).joined(separator: ", ")
        return fail("unknown route class `\(id)` in link (known: \(known))")
      }
      guard let href = index.href(anchor: DirectiveAnchor.route(route), from: page.name) else {
        return fail("no page shows route class `\(id)`: add a `contract route \(id)` block")
      }
      return href
    }
    if destination.hasPrefix("#") {
      let fragment = String(destination.dropFirst())
      guard page.ids.contains(fragment) else {
        return fail("no heading or anchor `\(fragment)` on this page")
      }
      return destination
    }
    let parts = destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    let file = String(parts[0])
    if parts.count == 1, context.files[file] != nil { return file }
    guard file.hasSuffix(".md"), !file.contains("/") else {
      return fail(
        "link to `\(destination)`: link to a page as `name.md` or `name.md#heading`, to a route as `route:ID`, to a generated file such as `conformance.json`, or to an https URL"
      )
    }
    let name = String(file.dropLast(3))
    guard let target = index.pages[name] else {
      return fail("link to missing page `\(file)`")
    }
    var href = name == page.name && parts.count > 1 ? "" : target.outputName
    if parts.count > 1 {
      let fragment = String(parts[1])
      guard target.ids.contains(fragment) else {
        return fail("no heading or anchor `\(fragment)` in `\(file)`")
      }
      href += "#" + fragment
    }
    return href
  }

  /// Where a link is written in the source: cmark's own position, or, where it has none, the
  /// destination searched for from the enclosing block's first line.
  func linkPosition(_ destination: String, _ node: MarkdownNode) -> (Int, Int) {
    if node.startLine > 0 { return (node.startLine + (page.markdown?.lineOffset ?? 0), node.startColumn) }
    let (blockLine, blockColumn) = node.located
    guard let markdown = page.markdown else { return (blockLine, blockColumn) }
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

/// The byte offset of the first occurrence of `needle` in `text`.
func byteOffset(of needle: String, in text: Substring) -> Int? {
  let hay = Array(text.utf8)
  let pattern = Array(needle.utf8)
  guard !pattern.isEmpty, hay.count >= pattern.count else { return nil }
  outer: for start in 0...(hay.count - pattern.count) {
    for k in 0..<pattern.count where hay[start + k] != pattern[k] { continue outer }
    return start
  }
  return nil
}
