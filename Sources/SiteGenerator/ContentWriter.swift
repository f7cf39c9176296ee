import CCmark

/// Writes a page's content as bytes straight from cmark's tree, the bytes and facts (ids,
/// links, newlines, faults) that rendering it into an `HTMLDocument` and writing that
/// (`renderBlocks`, then `writtenChildren`) gives, without the document in between.
///
/// It writes the Markdown a page's first pass renders ahead of the site index: paragraphs,
/// headings, quotes, lists, code blocks, breaks and inline text, emphasis, code and links. At
/// a construct that renders otherwise (a pipe table, a `contract` block, a link example) it
/// stops and says which way to go on (`ContentWriter.Outcome`); `AheadContent` then renders
/// the page through the document. `ContentWriterTests` holds the two ways equal.
struct ContentWriter {
  enum Outcome: Equatable {
    /// Every block was written.
    case written
    /// A block this writer leaves to the document: render the page that way.
    case needsDocument
    /// The render cannot be made ahead of the index (a problem, or a question only the index
    /// answers): the page is rendered after it, as the document would decide too.
    case notAhead
  }

  var renderer: PageRenderer
  var out = WrittenHTML()
  /// The page's folder, which its links are written relative to (`SitePath`).
  private let folder: String
  private var outcome = Outcome.written

  init(_ renderer: PageRenderer, expectedBytes: Int) {
    self.renderer = renderer
    folder = SitePath.folder(of: renderer.page.name)
    out.bytes.reserveCapacity(expectedBytes)
  }

  /// Writes the children of `root`; `.written` when all of them were.
  mutating func write(_ root: MarkdownNode) -> Outcome {
    writeBlocks(root, tight: false)
    if outcome == .written, renderer.lookups.spoiled || !renderer.diagnostics.isEmpty { outcome = .notAhead }
    return outcome
  }

  private mutating func stop(_ why: Outcome) {
    if outcome == .written { outcome = why }
  }

  private mutating func writeBlocks(_ parent: MarkdownNode, tight: Bool) {
    var child = parent.firstChild
    while let node = child, outcome == .written {
      writeBlock(node, tight: tight)
      child = node.next
    }
  }

  private mutating func writeBlock(_ node: MarkdownNode, tight: Bool) {
    switch node.type {
    case CMARK_NODE_PARAGRAPH:
      switch PipeTable.read(node, in: renderer.page.markdown) {
      case .table: return stop(.needsDocument)
      case .invalid: return stop(.notAhead)
      case .notATable: break
      }
      if tight {
        writeInlines(node)
      } else {
        out.appendMarkup("<p>")
        writeInlines(node)
        out.appendMarkup("</p>")
      }
    case CMARK_NODE_HEADING:
      guard let heading = renderer.page.heading(node) else { return }
      let (start, end) = Self.headingTags[heading.writtenLevel - 2]
      out.appendMarkup(start)
      appendAttribute(" id=\"", heading.id)
      if !heading.id.isEmpty { out.ids.append(heading.id) }
      out.appendMarkup(">")
      writeInlines(node)
      out.appendMarkup(end)
    case CMARK_NODE_BLOCK_QUOTE:
      out.appendMarkup("<blockquote>")
      writeBlocks(node, tight: false)
      out.appendMarkup("</blockquote>")
    case CMARK_NODE_LIST:
      let ordered = node.isOrderedList
      if ordered {
        out.appendMarkup("<ol")
        let start = node.listStart
        if start != 1 {
          out.appendMarkup(" start=\"")
          out.bytes.append(utf8: String(start))
          out.appendMarkup("\"")
        }
        out.appendMarkup(">")
      } else {
        out.appendMarkup("<ul>")
      }
      let tight = node.isTightList
      var item = node.firstChild
      while let current = item, outcome == .written {
        writeItem(current, tight: tight)
        item = current.next
      }
      out.appendMarkup(ordered ? "</ol>" : "</ul>")
    case CMARK_NODE_ITEM:
      writeItem(node, tight: false)
    case CMARK_NODE_CODE_BLOCK:
      writeCodeBlock(node)
    case CMARK_NODE_THEMATIC_BREAK:
      out.appendMarkup("<hr/>")
    case CMARK_NODE_HTML_BLOCK:
      break  // reported in the first pass
    default:
      writeBlocks(node, tight: false)
    }
  }

  private mutating func writeItem(_ node: MarkdownNode, tight: Bool) {
    out.appendMarkup("<li>")
    writeBlocks(node, tight: tight)
    out.appendMarkup("</li>")
  }

  private mutating func writeCodeBlock(_ node: MarkdownNode) {
    let info = node.fenceInfo
    if !info.isEmpty {
      // A `contract` block reads the index; a link example renders its own table.
      if DirectiveCall(info: info) != nil { return stop(.notAhead) }
      if LinkExampleCall(info: info) != nil { return stop(.needsDocument) }
    }
    let language = PageRenderer.language(fenceInfo: info)
    if language.isEmpty {
      out.appendMarkup("<pre><code>")
    } else {
      out.appendMarkup("<pre><code class=\"language-")
      out.appendEscaped(language, HTMLDocument.attributeEscapes)
      out.appendMarkup("\">")
    }
    node.withLiteral { out.appendEscaped(utf8: $0, HTMLDocument.textEscapes) }
    out.appendMarkup("</code></pre>")
  }

  private mutating func writeInlines(_ parent: MarkdownNode) {
    var child = parent.firstChild
    while let node = child, outcome == .written {
      writeInline(node)
      child = node.next
    }
  }

  private mutating func writeInline(_ node: MarkdownNode) {
    switch node.type {
    case CMARK_NODE_TEXT:
      node.withLiteral { out.appendEscaped(utf8: $0, HTMLDocument.textEscapes) }
    case CMARK_NODE_SOFTBREAK:
      out.appendNewline()
    case CMARK_NODE_LINEBREAK:
      out.appendMarkup("<br/>")
    case CMARK_NODE_CODE:
      out.appendMarkup("<code>")
      node.withLiteral { out.appendEscaped(utf8: $0, HTMLDocument.textEscapes) }
      out.appendMarkup("</code>")
    case CMARK_NODE_EMPH:
      out.appendMarkup("<em>")
      writeInlines(node)
      out.appendMarkup("</em>")
    case CMARK_NODE_STRONG:
      out.appendMarkup("<strong>")
      writeInlines(node)
      out.appendMarkup("</strong>")
    case CMARK_NODE_LINK:
      guard let target = renderer.resolve(node.url, node) else {
        // Reported: the page is rendered after the index, which reports it there.
        return stop(.notAhead)
      }
      // Written relative to the page's folder, as the document's writer writes it.
      let href = SitePath.relative(target, from: folder)
      out.appendMarkup("<a")
      appendAttribute(" href=\"", href)
      if !href.isEmpty { out.links.append(PageLink(attribute: "href", value: href, line: out.newlines)) }
      let title = node.title
      if !title.isEmpty { appendAttribute(" title=\"", title) }
      out.appendMarkup(">")
      writeInlines(node)
      out.appendMarkup("</a>")
    case CMARK_NODE_IMAGE:
      // An image's size is the document's to write.
      stop(.needsDocument)
    case CMARK_NODE_HTML_INLINE:
      break  // reported in the first pass
    default:
      writeInlines(node)
    }
  }

  /// ` name="value"` from `opening` (` name="`), the value escaped as the document escapes
  /// attributes.
  private mutating func appendAttribute(_ opening: StaticString, _ value: String) {
    out.appendMarkup(opening)
    out.appendEscaped(value, HTMLDocument.attributeEscapes)
    out.appendMarkup("\"")
  }

  private static let headingTags: [(StaticString, StaticString)] = [
    ("<h2", "</h2>"), ("<h3", "</h3>"), ("<h4", "</h4>"), ("<h5", "</h5>"), ("<h6", "</h6>"),
  ]
}
