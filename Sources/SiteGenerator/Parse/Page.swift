import CCmark
import LinkContract

/// What a build knows of a Content page after its first pass: enough to resolve links to it,
/// list it in the navigation and index it for search, without its Markdown. A rebuild recalls
/// the facts of an unchanged page from the build record instead of parsing the page again.
///
/// A class, not a struct: a build passes twenty thousand of them through its phases, and a copy
/// of a struct of a dozen references retains each of them.
final class PageFacts: Sendable {
  let name: String
  /// The page's file in the output, `name.html`.
  let outputName: String
  let path: String
  /// The digest of the page file's bytes.
  let digest: UInt64
  let matter: FrontMatter?
  /// Heading ids, in document order.
  var headings: [Heading] { details.headings }
  /// Every id the rendered page will hold: headings, directive anchors and the template's.
  var ids: Set<String> { details.ids }
  /// Ids every directive on the page generates.
  var anchors: Set<String> { details.anchors }
  /// The `contract` blocks on the page, in document order.
  let homes: [DirectiveHome]
  /// The search words of each section, separated by spaces, by heading id (nil: before the
  /// first heading). Facts recalled from the build record read them when asked for: a rebuild
  /// needs the words of the few pages it indexes anew.
  var searchWords: [String?: String] { words.value }
  private let words: Recallable<[String?: String]>

  /// The headings, ids and anchors: made by the first pass, or recalled from the build record
  /// and read when first asked for (a rebuild asks for those of few pages).
  struct Details: Sendable {
    let headings: [Heading]
    let ids: Set<String>
    let anchors: Set<String>
  }
  private let recallableDetails: Recallable<Details>
  private var details: Details { recallableDetails.value }
  /// The index digest the build record holds, for facts read from there.
  private let recordedIndexDigest: UInt64?
  /// Whether its details are recorded and not read yet.
  var isUnread: Bool { recallableDetails.isUnread }
  /// The details and section words as the build record holds them, when read from there.
  var encoded: (details: Bytes?, words: Bytes?) { (recallableDetails.encoded, words.encoded) }

  /// What the first pass found wrong.
  let diagnostics: [Diagnostic]

  init(
    name: String, path: String, digest: UInt64, matter: FrontMatter?, headings: [Heading], ids: Set<String>,
    anchors: Set<String>, homes: [DirectiveHome], searchWords: [String?: String], diagnostics: [Diagnostic]
  ) {
    self.name = name
    outputName = Self.outputName(of: name)
    self.path = path
    self.digest = digest
    self.matter = matter
    recallableDetails = .made(Details(headings: headings, ids: ids, anchors: anchors))
    recordedIndexDigest = nil
    self.homes = homes
    words = .made(searchWords)
    self.diagnostics = diagnostics
  }

  /// Facts of the build record, whose details are read when first asked for.
  init(
    name: String, path: String, digest: UInt64, matter: FrontMatter?, details: Recorded<Details>,
    indexDigest: UInt64, homes: [DirectiveHome], searchWords: Recorded<[String?: String]>,
    diagnostics: [Diagnostic]
  ) {
    self.name = name
    outputName = Self.outputName(of: name)
    self.path = path
    self.digest = digest
    self.matter = matter
    recallableDetails = .recorded(details)
    recordedIndexDigest = indexDigest
    self.homes = homes
    words = .recorded(searchWords)
    self.diagnostics = diagnostics
  }

  var title: String { matter?.title ?? name }

  /// Whether the page's Markdown nests too deep to be walked or rendered (`MarkdownNesting`).
  var isTooDeep: Bool { diagnostics.contains { $0.id == .nestingTooDeep } }

  /// The output file of the page named `name`.
  static func outputName(of name: String) -> String { name + ".html" }

  /// A digest of what the site index takes from the page (its ids and its `contract` blocks):
  /// while no page's changes, every answer the index gave a render stands.
  var indexDigest: UInt64 {
    if let recordedIndexDigest { return recordedIndexDigest }
    var hash = InputDigest()
    hash.add(UInt64(ids.count))
    for id in ids.sorted() { hash.add(id) }
    hash.add(UInt64(homes.count))
    for home in homes {
      hash.add(home.block)
      hash.add(home.definesAnchors ? 1 : 0)
      hash.add(UInt64(home.anchors.count))
      for anchor in home.anchors.sorted() { hash.add(anchor) }
    }
    return hash.value
  }
}

extension PageFacts {
  /// The first pass over a Content page: its front matter, then one walk over its Markdown.
  /// The Markdown is not kept: every page's cmark tree at once was most of a build's peak
  /// memory. With `ahead`, a page that has no problem so far has its content rendered now, ahead
  /// of the site index, but for its `contract` blocks (`AheadContent`); any other page is
  /// parsed again for its render (`SourcePage`).
  static func firstPass(
    name: String, path: String, source: Substring, digest: UInt64, context: SiteContext, ahead: Bool = false
  ) -> (facts: PageFacts, ahead: AheadContent?) {
    var (source, diagnostics) = context.placeholders.fill(source, path: path)
    let (matter, body, bodyLine, matterDiagnostics) = FrontMatter.parse(source, path: path)
    diagnostics += matterDiagnostics
    let markdown = MarkdownDocument(body: body, lineOffset: bodyLine - 1)
    if let deep = MarkdownNesting.firstTooDeep(below: markdown.rootNode) {
      // Nothing else walks the page, nor renders it (`isTooDeep`).
      let (line, column) = markdown.position(of: deep)
      diagnostics.append(
        Diagnostic(
          id: .nestingTooDeep, path: path, line: line + markdown.lineOffset, column: column,
          message:
            "Markdown nests more than \(MarkdownNesting.limit) levels deep here (quotes, lists, emphasis or links inside each other): nest it less"
        ))
      let facts = PageFacts(
        name: name, path: path, digest: digest, matter: matter, headings: [], ids: context.template.ids, anchors: [],
        homes: [], searchWords: [:], diagnostics: diagnostics)
      return (facts, nil)
    }
    var survey = PageSurvey(
      path: path, markdown: markdown, contract: context.contract, parsers: context.parsers, images: context.images,
      folder: SitePath.folder(of: name)
    ) { directive in
      context.directiveTexts.value(for: directive) { DirectiveRenderer.searchText(of: directive, context: context) }
    }
    survey.walk(markdown.rootNode)
    diagnostics += survey.diagnostics

    var reserved = context.template.ids.union(survey.anchors)
    for anchor in survey.htmlAnchors where !reserved.insert(anchor.id).inserted {
      diagnostics.append(
        Diagnostic(
          id: .duplicateAnchor, path: path, line: anchor.line, column: anchor.column,
          message: "the page has an id `\(anchor.id)` already: give this anchor another id"))
    }
    var allocator = IDAllocator(reserved: reserved)
    let headings = survey.headings.map { level, text in
      Heading(level: level, text: text, id: allocator.claim(slug(text)))
    }
    // A section's words start with its heading's, the page's own with its summary's, as the
    // search index's entries list them.
    var sections: [String?: [[UInt8]]] = [nil: [Array((matter?.summary ?? "").utf8)]]
    for heading in headings { sections[heading.id] = [Array(heading.text.utf8)] }
    for (heading, text) in survey.sectionTexts {
      sections[heading.map { headings[$0].id }, default: []].append(text)
    }
    var words = WordReader()
    let facts = PageFacts(
      name: name, path: path, digest: digest, matter: matter, headings: headings, ids: allocator.used,
      anchors: survey.anchors, homes: survey.homes, searchWords: sections.mapValues { words.words(utf8: $0) },
      diagnostics: diagnostics)
    guard ahead, diagnostics.isEmpty else { return (facts, nil) }
    return (
      facts,
      AheadContent(SourcePage(facts: facts, markdown: markdown, linkExamples: survey.linkExamples), context: context)
    )
  }
}

/// A Content page parsed for its render: its facts and its Markdown, whose heading nodes carry
/// their heading's index in `facts.headings`.
final class SourcePage: @unchecked Sendable {
  let facts: PageFacts
  let markdown: MarkdownDocument
  /// The `link-example` blocks the first pass read, by node, when this is its Markdown.
  let linkExamples: [OpaquePointer: LinkExamples]

  /// The page's Markdown, parsed after its first pass made `facts`: heading nodes are marked in
  /// document order, the order of `facts.headings`.
  convenience init(facts: PageFacts, source: Substring, placeholders: ContentPlaceholders) {
    let filled = placeholders.fill(source, path: facts.path).text
    let (_, body, bodyLine, _) = FrontMatter.parse(filled, path: facts.path)
    self.init(facts: facts, markdown: MarkdownDocument(body: body, lineOffset: bodyLine - 1))
  }

  /// The page's Markdown as its first pass parsed it, with the link examples it read.
  init(facts: PageFacts, markdown: MarkdownDocument, linkExamples: [OpaquePointer: LinkExamples] = [:]) {
    self.markdown = markdown
    self.facts = facts
    self.linkExamples = linkExamples
    var marker = HeadingMarker()
    marker.walk(markdown.rootNode)
  }

  var name: String { facts.name }
  var path: String { facts.path }
  var title: String { facts.title }
  var outputName: String { facts.outputName }

  /// The heading a heading node of this page's Markdown stands for.
  func heading(_ node: MarkdownNode) -> Heading? {
    guard let index = node.mark else { return nil }
    return facts.headings[index]
  }
}

/// The first pass over a page's Markdown, in one walk: headings, `contract` blocks and their anchors, what Content may not contain, and the text of
/// each top-level block for the search index.
struct PageSurvey: MarkdownWalker {
  let path: String
  let markdown: MarkdownDocument
  let contract: Contract
  private(set) var headings: [(level: Int, text: String)] = []
  private(set) var anchors = Set<String>()
  private(set) var homes: [DirectiveHome] = []
  private(set) var diagnostics: [Diagnostic] = []
  /// Each top-level block's searchable text, with the index of the heading it follows.
  private(set) var sectionTexts: [(heading: Int?, text: [UInt8])] = []
  private var section: Int?
  /// Each `link-example` block read, by its node, for the page's render to show.
  private(set) var linkExamples: [OpaquePointer: LinkExamples] = [:]
  /// The ids of the anchors inline HTML opens (`<a id="x">`), with where each is.
  private(set) var htmlAnchors: [(id: String, line: Int, column: Int)] = []
  /// The tables whose cells' anchors are noted, by their paragraph.
  private var tables = Set<OpaquePointer>()

  /// The text a reader sees of a generated block, which the search index holds as the page's.
  let generatedText: (Directive) -> [UInt8]
  /// The images beside the pages, and the page's folder, which its images' paths start from.
  let images: ContentImages
  let folder: String
  /// The link parsers that check the link examples.
  let parsers: LinkParsers

  init(
    path: String, markdown: MarkdownDocument, contract: Contract, parsers: LinkParsers,
    images: ContentImages = .none, folder: String = "", generatedText: @escaping (Directive) -> [UInt8] = { _ in [] }
  ) {
    self.path = path
    self.markdown = markdown
    self.contract = contract
    self.parsers = parsers
    self.images = images
    self.folder = folder
    self.generatedText = generatedText
  }

  private func position(_ node: MarkdownNode) -> (Int, Int) {
    let (line, column) = markdown.position(of: node)
    return (line + markdown.lineOffset, column)
  }

  private mutating func error(
    _ id: DiagnosticID, _ line: Int, _ column: Int, _ message: String, fixIts: [FixIt] = []
  ) {
    diagnostics.append(Diagnostic(id: id, path: path, line: line, column: column, message: message, fixIts: fixIts))
  }

  mutating func visit(_ node: MarkdownNode) -> Bool {
    if node.type != CMARK_NODE_HEADING, node.parent?.type == CMARK_NODE_DOCUMENT {
      // A block's text is at most about as long as its source: room for it is made once.
      var text: [UInt8] = []
      let bounds = markdown.lines.bounds
      let (first, last) = (node.startLine, node.endLine)
      if first >= 1, last >= first, last <= bounds.count {
        text.reserveCapacity(bounds[last - 1].upperBound - bounds[first - 1].lowerBound + 16)
      }
      sectionTexts.append((section, text))
    }
    switch node.type {
    case CMARK_NODE_DOCUMENT:
      return true
    case CMARK_NODE_HEADING:
      if node.parent?.type == CMARK_NODE_DOCUMENT { section = headings.count }
      headings.append((node.headingLevel, node.plainText))
      return true
    case CMARK_NODE_CODE_BLOCK:
      if let call = DirectiveCall(info: node.fenceInfo) {
        survey(call, node)
      } else if let call = LinkExampleCall(info: node.fenceInfo) {
        // The search holds the examples as shown: their placeholders filled, their outcomes.
        let (line, column) = position(node)
        let examples = LinkExamples(
          call: call, body: node.literal, path: path, firstLine: line + 1, column: column, contract: contract,
          parsers: parsers)
        linkExamples[node.pointer] = examples
        let document = HTMLDocument.fragment()
        examples.render(into: document.body)
        let text = document.plainText(of: document.body)
        searchText { $0 += text }
      } else {
        searchText(node.appendLiteral)
      }
      return false
    case CMARK_NODE_PARAGRAPH:
      searchText(node.appendPlainText)
      noteTableAnchors(node)
    case CMARK_NODE_HTML_BLOCK:
      if let message = InlineHTML.blockProblem(node.literal) {
        let (line, column) = position(node)
        error(.rawHTML, line, column, message)
      }
    case CMARK_NODE_HTML_INLINE:
      // Its render checks it; an anchor it opens is an id of the page.
      if let id = InlineHTML.anchorID(node.literal) { noteAnchor(id, at: node) }
    case CMARK_NODE_TEXT:
      for (line, column, message) in GFMExtensions.problems(in: node, of: markdown) {
        error(.markdownExtension, line + markdown.lineOffset, column, message)
      }
    case CMARK_NODE_ITEM:
      if let (line, column) = GFMExtensions.taskMarker(node) {
        error(
          .taskList, line + markdown.lineOffset, column,
          "task list items (`[ ]`, `[x]`) are not supported: write the item as plain text, its state in words")
      }
    case CMARK_NODE_IMAGE:
      let (line, column) = position(node)
      if let problem = ContentImage.problem(
        node, folder: folder, images: images, forbidden: contract.forbiddenKeys)
      {
        error(.image, line, column, problem)
      }
    default:
      break
    }
    return true
  }

  /// Notes the id of an anchor that inline HTML opens (`<a id>`, `<span id>`) at `node`,
  /// unless it is in a table, whose cells are parsed alone (`noteTableAnchors`), or in an
  /// image's alt text, which holds no HTML (its render says so).
  private mutating func noteAnchor(_ id: String, at node: MarkdownNode) {
    var block = node.parent
    while let current = block, current.type.rawValue >= CMARK_NODE_FIRST_INLINE.rawValue {
      if current.type == CMARK_NODE_IMAGE { return }
      block = current.parent
    }
    if let block, tables.contains(block.pointer) { return }
    let (line, column) = position(node)
    htmlAnchors.append((id, line, column))
  }

  /// Notes the anchors inline HTML opens in the cells of `paragraph`, when it is a table that
  /// holds any HTML: each cell parsed alone, as its render parses it (`TableCells`).
  private mutating func noteTableAnchors(_ paragraph: MarkdownNode) {
    let bounds = markdown.lines.bounds
    let (first, last) = (paragraph.startLine, paragraph.endLine)
    guard first >= 1, last >= first, last <= bounds.count,
      (first...last).contains(where: { markdown.line($0, holds: .pipe) })
    else { return }
    var source = markdown.lines.body
    let holdsHTML = source.withUTF8 { bytes in
      bytes[bounds[first - 1].lowerBound..<bounds[last - 1].upperBound].contains(UInt8(ascii: "<"))
    }
    guard holdsHTML, case .table(let table) = PipeTable.read(paragraph, in: markdown) else { return }
    tables.insert(paragraph.pointer)
    var body = table.body
    body.withUTF8 { bytes in
      for (cell, parsed) in zip(table.cells, TableCells(table, body: bytes).cells) {
        guard let cellParagraph = parsed.paragraph else { continue }
        var inner = cellParagraph.firstChild
        while let current = inner {
          if current.type == CMARK_NODE_IMAGE {
            inner = MarkdownNode.following(current, within: cellParagraph)
            continue
          }
          if current.type == CMARK_NODE_HTML_INLINE, let id = InlineHTML.anchorID(current.literal) {
            htmlAnchors.append(
              (id, cell.line + markdown.lineOffset, cell.column - parsed.shift + current.located.column - 1))
          }
          inner = current.firstChild ?? MarkdownNode.following(current, within: cellParagraph)
        }
      }
    }
  }

  /// Adds text, and a space after it, to the search text of the top-level block being walked.
  private mutating func searchText(_ append: (inout [UInt8]) -> Void) {
    guard !sectionTexts.isEmpty else { return }
    append(&sectionTexts[sectionTexts.count - 1].text)
    sectionTexts[sectionTexts.count - 1].text.append(UInt8(ascii: " "))
  }

  private mutating func survey(_ call: DirectiveCall, _ node: MarkdownNode) {
    let (line, column) = position(node)
    switch Directive.parse(call, contract: contract) {
    case .success(let parsed):
      let generated = parsed.anchors(contract)
      if !generated.isDisjoint(with: anchors) {
        error(
          .blockShownTwice, line, column,
          "`contract \(call.name)` appears twice on this page; show it once and link to it")
      }
      anchors.formUnion(generated)
      let text = generatedText(parsed)
      searchText { $0 += text }
      homes.append(
        DirectiveHome(
          block: ([call.name] + call.arguments).joined(separator: " "), line: line, column: column,
          anchors: generated, definesAnchors: parsed.definesAnchors))
    case .failure(let failure):
      error(.blockInvalid, line, column, failure.message, fixIts: failure.fixIts)
    }
  }
}

/// Marks each heading node with its index among the page's headings, in document order.
private struct HeadingMarker: MarkdownWalker {
  private var count = 0

  mutating func visit(_ node: MarkdownNode) -> Bool {
    if node.type == CMARK_NODE_HEADING {
      node.mark = count
      count += 1
    }
    return node.type != CMARK_NODE_CODE_BLOCK
  }
}

/// A `contract` block whose anchors other pages link to, where a page shows it.
struct DirectiveHome: Sendable, Hashable {
  let block: String
  let line: Int
  let column: Int
  let anchors: Set<String>
  /// Whether other pages link to its anchors, so that it may have one home only.
  let definesAnchors: Bool
}
