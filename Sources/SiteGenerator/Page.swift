import CCmark
import LinkContract

/// A Content page after the first pass: front matter, Markdown tree, ids and directives.
final class SourcePage: @unchecked Sendable {
  let name: String
  let path: String
  let matter: FrontMatter?
  let markdown: MarkdownDocument?
  /// Heading ids, in document order.
  let headings: [Heading]
  /// Every id the rendered page will hold: headings, directive anchors and the template's.
  let ids: Set<String>
  /// Ids every directive on the page generates.
  let anchors: Set<String>
  /// The `contract` blocks on the page, in document order.
  let homes: [DirectiveHome]
  let diagnostics: [Diagnostic]

  init(name: String, path: String, source: Substring, context: SiteContext) {
    self.name = name
    self.path = path
    var diagnostics: [Diagnostic] = []
    let (matter, body, bodyLine, matterDiagnostics) = FrontMatter.parse(source, path: path)
    diagnostics += matterDiagnostics
    self.matter = matter
    let markdown = MarkdownDocument(body: body, lineOffset: bodyLine - 1)
    self.markdown = markdown

    var anchors = Set<String>()
    var homes: [DirectiveHome] = []
    var headingNodes: [(Int, String)] = []
    func position(_ node: MarkdownNode) -> (Int, Int) {
      let (line, column) = node.located
      return (line + markdown.lineOffset, column)
    }
    func walk(_ node: MarkdownNode) {
      switch node.type {
      case CMARK_NODE_HEADING:
        headingNodes.append((node.headingLevel, node.plainText))
      case CMARK_NODE_CODE_BLOCK:
        let info = node.fenceInfo
        if let directive = DirectiveCall(info: info) {
          switch Directive.parse(directive, contract: context.contract) {
          case .success(let parsed):
            let generated = parsed.anchors(context.contract)
            if !generated.isDisjoint(with: anchors) {
              let (line, column) = position(node)
              diagnostics.append(
                Diagnostic(
                  id: .blockShownTwice, path: path, line: line, column: column,
                  message: "`contract \(directive.name)` appears twice on this page; show it once and link to it"))
            }
            anchors.formUnion(generated)
            let (line, column) = position(node)
            homes.append(
              DirectiveHome(
                block: ([directive.name] + directive.arguments).joined(separator: " "), line: line, column: column,
                anchors: generated, definesAnchors: parsed.definesAnchors))
          case .failure(let failure):
            let (line, column) = position(node)
            diagnostics.append(
              Diagnostic(id: .blockInvalid, path: path, line: line, column: column, message: failure.message))
          }
        }
      case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
        let (line, column) = position(node)
        diagnostics.append(
          Diagnostic(
            id: .rawHTML, path: path, line: line, column: column,
            message:
              "raw HTML is not allowed in Content: write Markdown, or a `contract` block for generated material"
          ))
      case CMARK_NODE_TEXT:
        for (column, message) in GFMExtensions.problems(in: node, lines: markdown.lines) {
          diagnostics.append(
            Diagnostic(
              id: .markdownExtension, path: path, line: node.startLine + markdown.lineOffset, column: column,
              message: message))
        }
      case CMARK_NODE_ITEM:
        if let (line, column) = GFMExtensions.taskMarker(node) {
          diagnostics.append(
            Diagnostic(
              id: .taskList, path: path, line: line + markdown.lineOffset, column: column,
              message:
                "task list items (`[ ]`, `[x]`) are not supported: write the item as plain text, its state in words"))
        }
      case CMARK_NODE_IMAGE:
        let (line, column) = position(node)
        diagnostics.append(
          Diagnostic(
            id: .image, path: path, line: line, column: column,
            message: "images are not supported in Content; diagrams come from `contract` blocks"))
      default:
        break
      }
      for child in node.children { walk(child) }
    }
    walk(MarkdownNode(pointer: markdown.root))

    var allocator = IDAllocator(reserved: context.template.ids.union(anchors))
    headings = headingNodes.map { level, text in
      Heading(level: level, text: text, id: allocator.claim(slug(text)))
    }
    ids = allocator.used
    self.anchors = anchors
    self.homes = homes
    self.diagnostics = diagnostics
  }

  var title: String { matter?.title ?? name }
  var outputName: String { name + ".html" }
}

/// A `contract` block whose anchors other pages link to, where a page shows it.
struct DirectiveHome: Sendable {
  let block: String
  let line: Int
  let column: Int
  let anchors: Set<String>
  /// Whether other pages link to its anchors, so that it may have one home only.
  let definesAnchors: Bool
}
