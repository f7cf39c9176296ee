import CCmark
import LinkContract

/// A table's cells parsed as GFM reads a cell: alone, as inline Markdown. A cell that starts
/// with a letter is a paragraph whatever it holds, and cmark parses each paragraph's inlines on
/// their own, so those cells are parsed together, one paragraph each, in one document; any other
/// cell is parsed alone (`alone`). A cell that starts with a letter and holds no character that
/// can begin inline Markdown is its own text (`isText`), as cmark would read it.
struct TableCells {
  /// A cell's paragraph, nil when it is empty, would start a block or is text alone, and the
  /// bytes an escape added before its own columns.
  struct Parsed {
    let paragraph: MarkdownNode?
    let shift: Int
    /// The document the paragraph is in, kept as long as it is.
    let document: MarkdownDocument?
    /// Whether the cell is its own text, its bytes as they are.
    var isText = false
  }

  /// Each of the table's `cells`, in its order.
  let cells: [Parsed]

  /// Reads the cells of `table`, whose Markdown body is `body`.
  init(_ table: PipeTable, body: UnsafeBufferPointer<UInt8>) {
    let all = table.cells
    var texts = [Bool](repeating: false, count: all.count)
    var together: [Int] = []
    var joinedCount = 0
    for (index, cell) in all.enumerated() {
      let bytes = UnsafeBufferPointer(rebasing: body[cell.bytes])
      guard Self.startsParagraph(bytes) else { continue }
      if Self.isText(bytes) {
        texts[index] = true
      } else {
        together.append(index)
        joinedCount += bytes.count + 2
      }
    }
    var paragraphs: [MarkdownNode] = []
    var joinedDocument: MarkdownDocument?
    if !together.isEmpty {
      var text: [UInt8] = []
      text.reserveCapacity(joinedCount)
      for index in together {
        if !text.isEmpty { text += [0x0A, 0x0A] }
        text.append(contentsOf: UnsafeBufferPointer(rebasing: body[all[index].bytes]))
      }
      let document = MarkdownDocument(body: Substring(String(decoding: text, as: UTF8.self)), lineOffset: 0)
      joinedDocument = document
      paragraphs = Array(MarkdownNode(pointer: document.root).childNodes)
    }
    // One paragraph each, as the letter first makes them; else each is read alone after all.
    let joined = paragraphs.count == together.count && paragraphs.allSatisfy { $0.type == CMARK_NODE_PARAGRAPH }
    var cells: [Parsed] = []
    cells.reserveCapacity(all.count)
    var next = 0
    for (index, cell) in all.enumerated() {
      if joined, next < together.count, together[next] == index {
        cells.append(Parsed(paragraph: paragraphs[next], shift: 0, document: joinedDocument))
        next += 1
      } else if cell.bytes.isEmpty {
        cells.append(Parsed(paragraph: nil, shift: 0, document: nil))
      } else if texts[index] {
        cells.append(Parsed(paragraph: nil, shift: 0, document: nil, isText: true))
      } else {
        let (document, shift) = Self.alone(table.text(of: cell))
        cells.append(Parsed(paragraph: Self.paragraph(document), shift: shift, document: document))
      }
    }
    self.cells = cells
  }

  /// Whether `text` starts with a letter, which no block but a paragraph starts with.
  private static func startsParagraph(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = text.first else { return false }
    return first >= 0x80 || (first | 0x20) &- UInt8(ascii: "a") < 26
  }

  /// Whether a cell's text, which starts a paragraph, is one text node as cmark reads it: it
  /// holds none of the characters that begin an escape, an entity, a code span, emphasis, a
  /// link, an image, an autolink or HTML (`\`, `&`, `` ` ``, `*`, `_`, `[`, `]`, `!`, `<`), and no
  /// control character (a cell is one line, trimmed: it holds no line break).
  static func isText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var offset = 0
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while offset + 8 <= bytes.count {
        if holdsSpecial(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return false }
        offset += 8
      }
    }
    // The last bytes in a word of their own, beside `a`s, which are none of those characters.
    var last: UInt64 = 0x6161_6161_6161_6161
    for (index, byte) in bytes[offset...].enumerated() {
      last = last & ~(0xFF << (8 * index)) | UInt64(byte) << (8 * index)
    }
    return !holdsSpecial(last)
  }

  /// Whether any of a word's eight bytes is a control character or one of the characters that
  /// begin inline Markdown. Each test may mark a byte above one that matches besides, but marks
  /// nothing in a word where none matches: as a whole, the answer is exact.
  @inline(__always)
  private static func holdsSpecial(_ word: UInt64) -> Bool {
    typealias Word = ASCII.Word
    var found = Word.marking(below: 0x20, in: word) | Word.marking(0x7F, in: word)
    for byte in [
      UInt8(ascii: "\\"), UInt8(ascii: "&"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"),
      UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "!"), UInt8(ascii: "<"),
    ] {
      found |= Word.marking(byte, in: word)
    }
    return found != 0
  }

  /// A cell's text parsed alone: a cell that would start a block (`-` for "none", `# 1`, `> 2`,
  /// `1. first`) has that character escaped, and `shift` is the byte the escape adds. One that
  /// starts with HTML, which alone would be an HTML block, is read after a letter, as inline
  /// HTML, and the letter taken out again.
  private static func alone(_ text: Substring) -> (document: MarkdownDocument, shift: Int) {
    let document = MarkdownDocument(body: text, lineOffset: 0)
    guard paragraph(document) == nil, let first = text.utf8.firstIndex(where: { !(0x30...0x39).contains($0) })
    else { return (document, 0) }
    let byte = text.utf8[first]
    if byte == UInt8(ascii: "<"), first == text.utf8.startIndex {
      let led = MarkdownDocument(body: Substring("x" + text), lineOffset: 0)
      if let paragraph = paragraph(led), let letter = paragraph.firstChild, letter.type == CMARK_NODE_TEXT,
        letter.literal == "x"
      {
        cmark_node_free(letter.pointer)
        return (led, 1)
      }
    }
    guard byte < 0x80, byte != 0x20, byte != 0x5C else { return (document, 0) }
    let escaped = text[..<first] + "\\" + text[first...]
    return (MarkdownDocument(body: Substring(escaped), lineOffset: 0), 1)
  }

  /// The document's one paragraph, as a cell's inline Markdown parses; nil when it is other blocks.
  private static func paragraph(_ document: MarkdownDocument) -> MarkdownNode? {
    let blocks = MarkdownNode(pointer: document.root).children
    return blocks.count == 1 && blocks.first?.type == CMARK_NODE_PARAGRAPH ? blocks.first : nil
  }
}
