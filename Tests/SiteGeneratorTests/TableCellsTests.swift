import CCmark
import DesignFixture
import Testing

@testable import SiteGenerator

/// A table's cells that start with a letter are parsed together, one paragraph each, in one
/// cmark document, or taken as their own text: each must parse exactly as it does alone.
@Suite struct TableCellsTests {
  /// Letters, and what inline Markdown is made of: emphasis, code, links, images, escapes,
  /// entities, raw HTML, autolinks, and text beyond ASCII.
  static let alphabet = Array("aZé  *_`\\[]()!<>&;#:/.~-1w")

  /// A node and its descendants: type, literal, destination and place, in document order.
  static func dump(_ node: MarkdownNode) -> [String] {
    // A cell is the only line of its paragraph: its place is its column.
    let place = node.type == CMARK_NODE_PARAGRAPH ? "" : "@\(node.located.column)"
    return ["\(node.type.rawValue) \(node.literal.debugDescription) \(node.url.debugDescription)\(place)"]
      + node.children.flatMap(dump)
  }

  @Test("Cells parsed together parse as each cell alone", arguments: 0..<8)
  func togetherMatchesAlone(_ seed: Int) throws {
    var random = SplitMix64(name: "table cells \(seed)")
    var texts = 0
    for round in 0..<100 {
      let columns = random.int(1...4)
      let cells = (0..<(columns * random.int(2...5))).map { _ in
        (random.int(0...3) > 0 ? "a" : "") + random.string(Self.alphabet, count: random.int(0...20))
      }
      let rows = stride(from: 0, to: cells.count, by: columns).map { cells[$0..<($0 + columns)] }
      let markdown =
        "| " + rows[0].joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: columns) + "\n"
        + rows.dropFirst().map { "| " + $0.joined(separator: " | ") + " |\n" }.joined()
      let page = MarkdownDocument(body: Substring(markdown), lineOffset: 0)
      guard let first = MarkdownNode(pointer: page.root).firstChild,
        case .table(let table) = PipeTable.read(first, in: page)
      else { continue }
      var body = table.body
      let parsed = body.withUTF8 { TableCells(table, body: $0).cells }
      try #require(parsed.count == table.cells.count, "round \(round): \(markdown.debugDescription)")
      for (cell, together) in zip(table.cells, parsed) where !cell.bytes.isEmpty {
        let text = table.text(of: cell)
        let alone = MarkdownDocument(body: text, lineOffset: 0)
        let blocks = MarkdownNode(pointer: alone.root).children
        let expected = blocks.count == 1 && blocks[0].type == CMARK_NODE_PARAGRAPH ? Self.dump(blocks[0]) : nil
        if together.isText {
          // One text node of the cell's bytes, as cmark reads the cell alone.
          texts += 1
          let inlines = blocks.first?.children ?? []
          #expect(
            expected != nil && inlines.count == 1 && inlines[0].type == CMARK_NODE_TEXT
              && inlines[0].literal == String(text),
            "round \(round): \(text.debugDescription) is not text alone")
        } else if together.shift == 0 {
          #expect(together.paragraph.map(Self.dump) == expected, "round \(round): \(text.debugDescription)")
        }
      }
    }
    #expect(texts > 20, "cells taken as text: \(texts)")
  }

  /// Every byte at every place of a cell of letters, read eight bytes a step and as the last
  /// bytes: a cell is text unless the byte is a control character or begins inline Markdown.
  @Test("A cell is text unless one of its bytes can begin markup", arguments: 1..<20)
  func textCells(_ length: Int) {
    let markup = Set("\\&`*_[]!<".utf8)
    for byte in UInt8(0)..<0x80 {
      let expected = byte >= 0x20 && byte != 0x7F && !markup.contains(byte)
      for place in 0..<length {
        var bytes = Array(repeating: UInt8(ascii: "b"), count: length)
        bytes[place] = byte
        #expect(
          bytes.withUnsafeBufferPointer(TableCells.isText) == expected, "byte \(byte) at \(place) of \(length)")
      }
    }
  }
}
