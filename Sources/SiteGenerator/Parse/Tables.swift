import CCmark
import LinkContract

/// A GFM pipe table read from a paragraph cmark parsed. The rows are the paragraph's source
/// lines, each starting where cmark's own positions put its first inline; cells are split at
/// every `|` not escaped as `\|`, as GFM does (inside code spans too). Each cell's text is
/// then parsed by cmark again, so inline Markdown in cells is cmark's, checked like any other.
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

  /// A cell's source text, trimmed, with its line in the Markdown body and 1-based byte column.
  struct Cell {
    let text: Substring
    let line: Int
    let column: Int
  }

  let header: [Cell]
  let alignments: [Alignment]
  let rows: [[Cell]]

  /// What a paragraph is, read as a possible table.
  enum Reading {
    case notATable
    case table(PipeTable)
    /// Bad table syntax at a line of the Markdown body and a byte column.
    case invalid(line: Int, column: Int, message: String)
  }

  /// A source line of the paragraph: its line in the body, its text from where the paragraph's
  /// content starts, and that start's 1-based byte column.
  struct Row {
    let line: Int
    let text: Substring
    let column: Int

    /// The cells between unescaped pipes; a leading and a trailing pipe open and close the row.
    var cells: [Cell] {
      var contiguous = text
      let ranges = contiguous.withUTF8 { bytes -> [Range<Int>] in
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(8)
        var start = 0
        var index = 0
        var sawPipe = false
        func close(_ end: Int) {
          var (from, to) = (start, end)
          while from < to, bytes[from] == 0x20 || bytes[from] == 0x09 { from += 1 }
          while to > from, bytes[to - 1] == 0x20 || bytes[to - 1] == 0x09 { to -= 1 }
          ranges.append(from..<to)
        }
        while index < bytes.count {
          let byte = bytes[index]
          if byte == 0x5C, index + 1 < bytes.count {
            index += 2
            continue
          }
          if byte == 0x7C {
            sawPipe = true
            if index > 0 { close(index) }
            start = index + 1
          }
          index += 1
        }
        let trailingPipe = sawPipe && start == bytes.count && bytes.last == 0x7C
        if !trailingPipe { close(bytes.count) }
        return ranges
      }
      let utf8 = text.utf8
      return ranges.map { range in
        let from = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let to = utf8.index(from, offsetBy: range.count)
        return Cell(text: text[from..<to], line: line, column: column + range.lowerBound)
      }
    }

    /// Whether the line holds a `|` that is not escaped.
    var hasPipe: Bool {
      var escaped = false
      for byte in text.utf8 {
        if escaped {
          escaped = false
        } else if byte == 0x5C {
          escaped = true
        } else if byte == 0x7C {
          return true
        }
      }
      return false
    }

    /// Whether the line is meant as a delimiter row: it has an unescaped `|`, and one of its
    /// cells is dashes with optional colons.
    var isDelimiterRow: Bool {
      hasPipe && cells.contains { PipeTable.alignment($0.text) != nil }
    }

    /// Whether every cell of the line is dashes with optional colons, as in a delimiter row;
    /// a data row with one `-` cell (a common "none") is not one.
    var isOnlyDelimiters: Bool {
      // Only pipes, dashes, colons, spaces and tabs make one.
      text.utf8.allSatisfy { $0 == 0x7C || $0 == 0x2D || $0 == 0x3A || $0 == 0x20 || $0 == 0x09 } && hasPipe
        && cells.allSatisfy { PipeTable.alignment($0.text) != nil }
    }
  }

  /// Reads `paragraph` of `markdown` as a table, when it is one or looks like one.
  static func read(_ paragraph: MarkdownNode, in markdown: MarkdownDocument) -> Reading {
    // Most paragraphs have no `|` on any line, and so nothing that is or looks like a table.
    guard paragraph.endLine >= paragraph.startLine,
      (paragraph.startLine...paragraph.endLine).contains(where: { markdown.line($0, holds: .pipe) })
    else { return .notATable }
    let rows = Self.rows(of: paragraph, in: markdown)
    guard let first = rows.first else { return .notATable }
    let late = rows.indices.dropFirst().first {
      $0 + 1 < rows.count && rows[$0 + 1].isOnlyDelimiters && rows[$0].hasPipe
    }
    if let start = late {
      return .invalid(
        line: rows[start].line, column: rows[start].column,
        message: "a table must start its own block: put a blank line before its header row")
    }
    guard rows.count >= 2, rows[1].isDelimiterRow, first.hasPipe else {
      let trimmed = first.text.utf8
      if trimmed.count > 1, trimmed.first == 0x7C, trimmed.last == 0x7C {
        return .invalid(
          line: first.line, column: first.column,
          message:
            "this line looks like a table row, but no delimiter row such as `| --- | --- |` follows it: add one under the header row, or write `\\|` for a literal `|`"
        )
      }
      return .notATable
    }
    let header = first.cells
    var alignments: [Alignment] = []
    for cell in rows[1].cells {
      guard let alignment = alignment(cell.text) else {
        return .invalid(
          line: cell.line, column: cell.column,
          message:
            "a table delimiter cell is dashes with an optional colon at either end: `---`, `:---`, `---:` or `:---:`")
      }
      alignments.append(alignment)
    }
    guard alignments.count == header.count else {
      return .invalid(
        line: rows[1].line, column: rows[1].column,
        message:
          "the table's header row has \(header.count) cell\(header.count == 1 ? "" : "s") and its delimiter row \(alignments.count): give them the same number"
      )
    }
    var body: [[Cell]] = []
    for row in rows.dropFirst(2) {
      let cells = row.cells
      if cells.count > header.count {
        let extra = cells[header.count]
        return .invalid(
          line: extra.line, column: extra.column,
          message:
            "this table row has \(cells.count) cells and the header \(header.count): remove the extra cells, or write `\\|` for a literal `|`"
        )
      }
      body.append(cells)
    }
    return .table(PipeTable(header: header, alignments: alignments, rows: body))
  }

  static func alignment(_ text: Substring) -> Alignment? {
    var bytes = text.utf8[...]
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
  static func rows(of paragraph: MarkdownNode, in markdown: MarkdownDocument) -> [Row] {
    let first = paragraph.startLine
    let last = paragraph.endLine
    guard first > 0, last >= first else { return [] }
    // Each line's first column, by its offset from the first line; .max where none is known.
    var starts = [Int](repeating: .max, count: last - first + 1)
    starts[0] = paragraph.startColumn
    func visit(_ node: MarkdownNode) {
      for child in node.childNodes {
        let line = child.startLine
        if line > first, line <= last, child.startColumn > 0 {
          starts[line - first] = min(starts[line - first], child.startColumn)
        }
        visit(child)
      }
    }
    visit(paragraph)
    let lines = markdown.lines
    var rows: [Row] = []
    for line in first...last where line - 1 < lines.count {
      let text = lines[line - 1]
      let bytes = text.utf8
      var offset: Int
      if starts[line - first] != .max {
        offset = min(starts[line - first] - 1, bytes.count)
      } else {
        offset = bytes.prefix { $0 == 0x20 || $0 == 0x09 || $0 == 0x3E }.count
      }
      var end = bytes.count
      while end > offset {
        let byte = bytes[bytes.index(bytes.startIndex, offsetBy: end - 1)]
        guard byte == 0x20 || byte == 0x09 || byte == 0x0D else { break }
        end -= 1
      }
      offset = min(offset, end)
      let from = bytes.index(bytes.startIndex, offsetBy: offset)
      let to = bytes.index(bytes.startIndex, offsetBy: end)
      rows.append(Row(line: line, text: text[from..<to], column: offset + 1))
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
