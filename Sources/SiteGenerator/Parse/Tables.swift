import CCmark
import LinkContract

#if canImport(Glibc)
  import Glibc
#endif

/// A GFM pipe table read from a paragraph cmark parsed. The rows are the paragraph's source
/// lines, each starting where cmark's own positions put its first inline; cells are split at
/// every `|` not escaped as `\|`, as GFM does (inside code spans too). Each cell's text is
/// then parsed by cmark again, so inline Markdown in cells is cmark's, checked like any other.
/// Rows and cells are byte ranges of the Markdown body, read in one pass over its bytes.
struct PipeTable {
  enum Alignment {
    case unset, left, center, right

    var className: String? {
      switch self {
      case .unset: nil
      case .left: "align-left"
      case .center: "align-center"
      case .right: "align-right"
      }
    }
  }

  /// A cell: its bytes in the Markdown body, trimmed, with its line in the body and 1-based
  /// byte column.
  struct Cell {
    let bytes: Range<Int>
    let line: Int
    let column: Int
  }

  /// The Markdown body the cells are ranges of.
  let body: Substring
  /// The header's cells, then each body row's, up to the header's count each.
  let cells: [Cell]
  let alignments: [Alignment]
  /// Each body row's cells in `cells`: at least one, at most the header's count.
  let rowCells: [Range<Int>]

  var width: Int { alignments.count }
  var header: ArraySlice<Cell> { cells[..<width] }

  /// A cell's text.
  func text(of cell: Cell) -> Substring {
    let utf8 = body.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: cell.bytes.lowerBound)
    return Substring(utf8[start..<utf8.index(start, offsetBy: cell.bytes.count)])
  }

  /// What a paragraph is, read as a possible table.
  enum Reading {
    case notATable
    case table(PipeTable)
    /// Bad table syntax at a line of the Markdown body and a byte column.
    case invalid(line: Int, column: Int, message: String)
  }

  /// A source line of the paragraph: its line in the body, its bytes in the body from where the
  /// paragraph's content starts, and that start's 1-based byte column.
  struct Row {
    let line: Int
    let bytes: Range<Int>
    let column: Int

    /// Appends the cells between unescaped pipes of `body`'s row; a leading and a trailing pipe
    /// open and close the row.
    func cells(of body: UnsafeBufferPointer<UInt8>, into cells: inout [Cell]) {
      let end = bytes.upperBound
      var start = bytes.lowerBound
      var index = bytes.lowerBound
      var sawPipe = false
      guard let base = body.baseAddress else { return }
      // A row without a backslash, as most are, goes from pipe to pipe.
      let escapes = memchr(base + start, 0x5C, end - start) != nil
      while index < end {
        if !escapes {
          guard let pipe = memchr(base + index, 0x7C, end - index) else { break }
          index = UnsafeRawPointer(pipe) - UnsafeRawPointer(base)
        }
        let byte = body[index]
        if byte == 0x5C {
          index += 2
          continue
        }
        if byte == 0x7C {
          sawPipe = true
          if index > bytes.lowerBound { cells.append(cell(start..<index, of: body)) }
          start = index + 1
        }
        index += 1
      }
      let trailingPipe = sawPipe && start == end && body[end - 1] == 0x7C
      if !trailingPipe { cells.append(cell(start..<end, of: body)) }
    }

    /// The cell of `range` of the row, without its leading and trailing blanks.
    private func cell(_ range: Range<Int>, of body: UnsafeBufferPointer<UInt8>) -> Cell {
      var (from, to) = (range.lowerBound, range.upperBound)
      while from < to, body[from] == 0x20 || body[from] == 0x09 { from += 1 }
      while to > from, body[to - 1] == 0x20 || body[to - 1] == 0x09 { to -= 1 }
      return Cell(bytes: from..<to, line: line, column: column + from - bytes.lowerBound)
    }

    /// Whether the line holds a `|` that is not escaped.
    func hasPipe(in body: UnsafeBufferPointer<UInt8>) -> Bool {
      var index = bytes.lowerBound
      while index < bytes.upperBound {
        if body[index] == 0x5C {
          index += 2
        } else if body[index] == 0x7C {
          return true
        } else {
          index += 1
        }
      }
      return false
    }

    /// Whether every cell of the line is dashes with optional colons, as in a delimiter row;
    /// a data row with one `-` cell (a common "none") is not one.
    func isOnlyDelimiters(in body: UnsafeBufferPointer<UInt8>) -> Bool {
      // Only pipes, dashes, colons, spaces and tabs make one.
      guard body[bytes].allSatisfy({ $0 == 0x7C || $0 == 0x2D || $0 == 0x3A || $0 == 0x20 || $0 == 0x09 }),
        hasPipe(in: body)
      else { return false }
      var cells: [Cell] = []
      self.cells(of: body, into: &cells)
      return cells.allSatisfy { PipeTable.alignment(body[$0.bytes]) != nil }
    }
  }

  /// Reads `paragraph` of `markdown` as a table, when it is one or looks like one.
  static func read(_ paragraph: MarkdownNode, in markdown: MarkdownDocument) -> Reading {
    // Most paragraphs have no `|` on any line, and so nothing that is or looks like a table.
    guard paragraph.endLine >= paragraph.startLine,
      (paragraph.startLine...paragraph.endLine).contains(where: { markdown.line($0, holds: .pipe) })
    else { return .notATable }
    var body = markdown.lines.body
    return body.withUTF8 { read(paragraph, in: markdown, bytes: $0) }
  }

  private static func read(
    _ paragraph: MarkdownNode, in markdown: MarkdownDocument, bytes body: UnsafeBufferPointer<UInt8>
  ) -> Reading {
    let rows = Self.rows(of: paragraph, in: markdown, bytes: body)
    guard let first = rows.first else { return .notATable }
    var cells: [Cell] = []
    if rows.count >= 2, rows[1].hasPipe(in: body) { rows[1].cells(of: body, into: &cells) }
    let startsTable =
      !cells.isEmpty && cells.contains(where: { alignment(body[$0.bytes]) != nil }) && first.hasPipe(in: body)
    // Once a table has started, every line of the paragraph is a body row, a row of dashes too,
    // as GFM reads it. A paragraph that is not a table is ended by a header and delimiter row
    // below its first line, as GFM lets a table interrupt a paragraph.
    if !startsTable,
      let start = rows.indices.dropFirst().first(where: {
        $0 + 1 < rows.count && rows[$0 + 1].isOnlyDelimiters(in: body) && rows[$0].hasPipe(in: body)
      })
    {
      return .invalid(
        line: rows[start].line, column: rows[start].column,
        message: "a table must start its own block: put a blank line before its header row")
    }
    guard startsTable else {
      if first.bytes.count > 1, body[first.bytes.lowerBound] == 0x7C, body[first.bytes.upperBound - 1] == 0x7C {
        return .invalid(
          line: first.line, column: first.column,
          message:
            "this line looks like a table row, but no delimiter row such as `| --- | --- |` follows it: add one under the header row, or write `\\|` for a literal `|`"
        )
      }
      return .notATable
    }
    var alignments: [Alignment] = []
    alignments.reserveCapacity(cells.count)
    for cell in cells {
      guard let alignment = alignment(body[cell.bytes]) else {
        return .invalid(
          line: cell.line, column: cell.column,
          message:
            "a table delimiter cell is dashes with an optional colon at either end: `---`, `:---`, `---:` or `:---:`")
      }
      alignments.append(alignment)
    }
    // The header's cells take the delimiter row's place.
    cells.removeAll(keepingCapacity: true)
    first.cells(of: body, into: &cells)
    let width = cells.count
    guard alignments.count == width else {
      return .invalid(
        line: rows[1].line, column: rows[1].column,
        message:
          "the table's header row has \(width) cell\(width == 1 ? "" : "s") and its delimiter row \(alignments.count): give them the same number"
      )
    }
    var rowCells: [Range<Int>] = []
    rowCells.reserveCapacity(rows.count - 2)
    for row in rows.dropFirst(2) {
      let start = cells.count
      row.cells(of: body, into: &cells)
      if cells.count - start > width {
        let extra = cells[start + width]
        return .invalid(
          line: extra.line, column: extra.column,
          message:
            "this table row has \(cells.count - start) cells and the header \(width): remove the extra cells, or write `\\|` for a literal `|`"
        )
      }
      rowCells.append(start..<cells.count)
    }
    return .table(PipeTable(body: markdown.lines.body, cells: cells, alignments: alignments, rowCells: rowCells))
  }

  static func alignment(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Alignment? {
    var bytes = text
    let left = bytes.first == 0x3A
    if left { bytes = bytes.dropFirst() }
    let right = bytes.last == 0x3A
    if right { bytes = bytes.dropLast() }
    guard !bytes.isEmpty, bytes.allSatisfy({ $0 == 0x2D }) else { return nil }
    switch (left, right) {
    case (true, true): return .center
    case (true, false): return .left
    case (false, true): return .right
    case (false, false): return .unset
    }
  }

  /// The paragraph's source lines, each from where its content starts: the paragraph's own
  /// column on its first line, on later lines the column of the first inline cmark places there
  /// (after a list's indent or a quote's `>`), else the line without its leading blanks.
  static func rows(of paragraph: MarkdownNode, in markdown: MarkdownDocument, bytes body: UnsafeBufferPointer<UInt8>)
    -> [Row]
  {
    let first = paragraph.startLine
    let last = paragraph.endLine
    guard first > 0, last >= first else { return [] }
    // Each line's first column, by its offset from the first line; .max where none is known.
    var starts = [Int](repeating: .max, count: last - first + 1)
    starts[0] = paragraph.startColumn
    let bounds = markdown.lines.bounds
    func visit(_ node: MarkdownNode) {
      for child in node.childNodes {
        let line = child.startLine
        if line > first, line <= last, child.startColumn > 0 {
          var column = child.startColumn
          // cmark places a code span at its content, past its opening backticks.
          if child.type == CMARK_NODE_CODE, line - 1 < bounds.count {
            let start = bounds[line - 1].lowerBound
            while column > 1, body[start + column - 2] == UInt8(ascii: "`") { column -= 1 }
          }
          starts[line - first] = min(starts[line - first], column)
        }
        visit(child)
      }
    }
    visit(paragraph)
    var rows: [Row] = []
    rows.reserveCapacity(starts.count)
    for line in first...last where line - 1 < bounds.count {
      let text = bounds[line - 1]
      var offset: Int
      if starts[line - first] != .max {
        offset = min(starts[line - first] - 1, text.count)
      } else {
        offset = body[text].prefix { $0 == 0x20 || $0 == 0x09 || $0 == 0x3E }.count
      }
      var end = text.count
      while end > offset {
        let byte = body[text.lowerBound + end - 1]
        guard byte == 0x20 || byte == 0x09 || byte == 0x0D else { break }
        end -= 1
      }
      offset = min(offset, end)
      rows.append(Row(line: line, bytes: (text.lowerBound + offset)..<(text.lowerBound + end), column: offset + 1))
    }
    return rows
  }
}

/// The GFM extensions cmark, a CommonMark parser, reads as plain text: found in its tree and
/// reported where the source has them, so that none is silently printed as punctuation.
enum GFMExtensions {
  static let bareURL = "a bare URL is not a link here: write it as `<https://…>` or `[text](https://…)`"
  static let strikethrough = "strikethrough (`~~`) is not supported: delete the old text, or say in words what changed"

  /// Each strikethrough and bare URL in a text node, as a line of the body, a 1-based byte
  /// column of that line and a message. Only what the source holds at the text's place counts:
  /// an escaped `\~~` does not.
  static func problems(in text: MarkdownNode, of markdown: MarkdownDocument) -> [(
    line: Int, column: Int, message: String
  )] {
    let line = text.startLine
    // Most lines hold neither `~~` nor a URL's start.
    guard text.startColumn > 0, markdown.line(line, holds: .extension) else { return [] }
    let whole = markdown.lines[line - 1].utf8
    // Only the text's own bytes are searched, read where they are: a line of many texts (links
    // one after another) is read once in all, not once for each.
    let found =
      whole.withContiguousStorageIfAvailable { problems(in: text, line: $0) }
      ?? Array(whole).withUnsafeBufferPointer { problems(in: text, line: $0) }
    guard let found else {
      // cmark 0.30 places the inlines of a paragraph that follows a link reference definition
      // as if the definition were not there, lines too early. Where the source does not hold
      // the text at its place, a later line of its block that does is read; failing that, the
      // text's own bytes, at the place cmark gives.
      // The block holding the text: inlines' own places are as early as the text's.
      var block = text.parent
      while let node = block, node.type.rawValue >= CMARK_NODE_FIRST_INLINE.rawValue { block = node.parent }
      for later in (line + 1)..<max(line + 1, (block?.endLine ?? line) + 1) {
        let bytes = Array(markdown.lines[later - 1].utf8)
        if let found = bytes.withUnsafeBufferPointer({ problems(in: text, line: $0) }) {
          return found.map { (later, $0.0, $0.1) }
        }
      }
      let literal = Array(text.literal.utf8)
      return literal.withUnsafeBufferPointer { problems(in: text, line: $0, from: 0) }!
        .map { (line, text.startColumn + $0.0 - 1, $0.1) }
    }
    return found.map { (line, $0.0, $0.1) }
  }

  /// `problems(in:of:)` in the bytes of the text's first line.
  /// Nil when the line does not hold the text at its place. `from` overrides where the text
  /// starts in `whole`.
  private static func problems(
    in text: MarkdownNode, line whole: UnsafeBufferPointer<UInt8>, from start: Int? = nil
  ) -> [(Int, String)]? {
    let end =
      start == nil && text.endLine == text.startLine && text.endColumn >= text.startColumn
      ? min(whole.count, text.endColumn) : whole.count
    let source = UnsafeBufferPointer(rebasing: whole[..<end])
    let from = start ?? min(source.count, text.startColumn - 1)
    // The source holds the text at its place (a continuation line's indentation counts in it).
    if start == nil, !text.literalStarts(in: whole, at: from) { return nil }
    var found: [(Int, String)] = []
    if let offset = firstOffset(of: "~~".utf8, in: source, from: from) {
      found.append((offset + 1, strikethrough))
    }
    guard !isInsideLink(text) else { return found }
    /// The first start of a URL at or after `at` that no letter or digit comes before.
    func url(_ needle: String, from at: Int) -> Int? {
      var at = at
      while let offset = firstOffset(of: needle.utf8, in: source, from: at) {
        if offset == 0 || !ASCII.isAlphanumeric(source[offset - 1]) { return offset }
        at = offset + 1
      }
      return nil
    }
    let needles = ["https://", "http://", "www."]
    // Each needle's next start, looked for again only once passed: each is searched for once.
    var next = needles.map { url($0, from: from) }
    var start = from
    while start < source.count {
      for index in needles.indices where next[index].map({ $0 < start }) ?? false {
        next[index] = url(needles[index], from: start)
      }
      guard let first = next.compactMap({ $0 }).min() else { break }
      found.append((first + 1, bareURL))
      start = source[first...].firstIndex { $0 == 0x20 || $0 == 0x09 } ?? source.count
    }
    return found
  }

  /// Where a list item's `[ ]` or `[x]` task marker is, if its text starts with one.
  static func taskMarker(_ item: MarkdownNode) -> (Int, Int)? {
    guard let paragraph = item.firstChild, paragraph.type == CMARK_NODE_PARAGRAPH,
      let text = paragraph.firstChild, text.type == CMARK_NODE_TEXT
    else { return nil }
    // `[ ]`, `[x]` or `[X]`, alone or before a space, read from cmark's NUL-terminated literal.
    guard let literal = cmark_node_get_literal(text.pointer) else { return nil }
    let bytes = UnsafeRawPointer(literal).assumingMemoryBound(to: UInt8.self)
    guard bytes[0] == UInt8(ascii: "["), [UInt8(ascii: " "), UInt8(ascii: "x"), UInt8(ascii: "X")].contains(bytes[1]),
      bytes[2] == UInt8(ascii: "]"), bytes[3] == 0 || bytes[3] == UInt8(ascii: " ")
    else { return nil }
    return (paragraph.startLine, paragraph.startColumn)
  }

  static func isInsideLink(_ node: MarkdownNode) -> Bool {
    var parent = node.parent
    while let current = parent {
      if current.type == CMARK_NODE_LINK { return true }
      parent = current.parent
    }
    return false
  }
}

/// A region that scrolls sideways when what it holds is wider than the page (a table, a
/// diagram), with a shadow at each edge that has more (the stylesheet's `.scroll-region`):
/// focusable, so that a keyboard can scroll it, and named by `label`, which
/// `distinctRegionLabels` keeps unique on a page.
@discardableResult
func scrollRegion(in parent: Element, label: String) -> Element {
  let region = parent.add("div", ["class": "scroll-region", "role": "region", "aria-label": label, "tabindex": "0"])
  parent.owner.noteRegion(region.index)
  return region
}

/// Numbers the second and later scroll regions of `content` that share a name (`Table: Link,
/// Outcome (2)`): two landmarks of one page with one name cannot be told apart.
func distinctRegionLabels(in content: Element) {
  // Every region is made by `scrollRegion`: unless two of the document's share a name, none
  // is numbered, and the content is not walked.
  var names = Set<String>()
  guard content.owner.regionNames.contains(where: { !names.insert($0).inserted }) else { return }
  var seen: [String: Int] = [:]
  content.descendants { element in
    guard element.attribute("role") == "region", let label = element.attribute("aria-label") else { return }
    let count = seen[label, default: 0] + 1
    seen[label] = count
    if count > 1 { element.set("aria-label", "\(label) (\(count))") }
  }
}
