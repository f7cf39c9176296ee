import CCmark
import CMarkdownArena
import Foundation
import LinkContract

/// A heading of a page, with its stable id.
struct Heading: Sendable {
  let level: Int
  let text: String
  let id: String

  /// The level of its element in a page: the page's title is its only `h1`, so a Markdown `#`
  /// heading is written one level down, and none deeper than `h6`.
  var writtenLevel: Int { min(6, max(2, level + (level == 1 ? 1 : 0))) }
}

/// A Markdown document parsed by cmark, owned until freed.
final class MarkdownDocument: @unchecked Sendable {
  let root: OpaquePointer
  /// The memory cmark parsed the document into.
  private let arena: OpaquePointer
  /// The 1-based line of the file where the Markdown body starts (after the front matter).
  let lineOffset: Int
  /// The body's lines, to find positions of inline constructs cmark does not locate.
  let lines: Lines

  /// The lines of a body, each made when it is read: most pages never read one.
  struct Lines: RandomAccessCollection {
    let body: Substring
    /// Each line's bytes in `body`, without its line end.
    let bounds: [Range<Int>]

    var startIndex: Int { 0 }
    var endIndex: Int { bounds.count }

    subscript(position: Int) -> Substring {
      let utf8 = body.utf8
      let range = bounds[position]
      let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
      return Substring(utf8[start..<utf8.index(start, offsetBy: range.count)])
    }
  }

  init(body: Substring, lineOffset: Int) {
    var text = body
    let arena = linkcontract_arena_new()!
    self.arena = arena
    root = text.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { chars in
        OpaquePointer(linkcontract_arena_parse(arena, chars.baseAddress, chars.count, linkcontract_cmark_options)!)
      }
    }
    self.lineOffset = lineOffset
    let (bounds, marks) = text.withUTF8 { Self.scan($0) }
    self.lines = Lines(body: body, bounds: bounds)
    self.marks = marks
  }

  /// Each line's bytes in `bytes`, without its line end, and what it holds, found with memchr:
  /// line ends first, then each marked byte, a line at most once.
  static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (lines: [Range<Int>], marks: [LineMarks]) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return ([0..<0], [[]]) }
    let count = bytes.count
    var lines: [Range<Int>] = []
    var start = 0
    while start < count, let found = memchr(base + start, 0x0A, count - start) {
      let end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
      lines.append(start..<end)
      start = end + 1
    }
    lines.append(start..<count)
    var marks = [LineMarks](repeating: [], count: lines.count)
    for (byte, mark) in [
      (UInt8(ascii: "~"), LineMarks.extension), (UInt8(ascii: ":"), .extension), (UInt8(ascii: "|"), .pipe),
      (UInt8(ascii: "."), .extension),
    ] {
      var line = 0
      var at = 0
      while at < count, let found = memchr(base + at, Int32(byte), count - at) {
        let offset = UnsafeRawPointer(found) - UnsafeRawPointer(base)
        while lines[line].upperBound < offset { line += 1 }
        if marks[line].contains(mark) {
          at = lines[line].upperBound + 1
          continue
        }
        // A `.` marks a line only after `www`.
        if byte == UInt8(ascii: "."),
          !(offset >= 3 && base[offset - 3] == UInt8(ascii: "w") && base[offset - 2] == UInt8(ascii: "w")
            && base[offset - 1] == UInt8(ascii: "w"))
        {
          at = offset + 1
          continue
        }
        marks[line].insert(mark)
        at = lines[line].upperBound + 1
      }
    }
    return (lines, marks)
  }

  /// What each line holds that a paragraph needs a closer look for.
  struct LineMarks: OptionSet {
    let rawValue: UInt8
    /// `~`, `:` or `www.`: strikethrough and bare URLs start with them.
    static let `extension` = LineMarks(rawValue: 1)
    /// `|`: a table row.
    static let pipe = LineMarks(rawValue: 2)
  }

  /// The marks of each line.
  let marks: [LineMarks]

  /// Whether a line of `lines` (1-based) holds `mark`.
  func line(_ number: Int, holds mark: LineMarks) -> Bool {
    number > 0 && number <= marks.count && marks[number - 1].contains(mark)
  }

  var rootNode: MarkdownNode { MarkdownNode(pointer: root) }

  /// Where `node` is in the body (1-based line, byte column): its place, or its closest located
  /// ancestor's, as cmark gives it, with the lines cmark 0.30 leaves out of an inline's added
  /// back. Link reference definitions at a paragraph's start are taken out of it before its
  /// inlines are read, and the inlines are then placed from the paragraph's first line as if
  /// the definitions were not there: too early by the lines the definitions took.
  func position(of node: MarkdownNode) -> (line: Int, column: Int) {
    var located = node
    while located.startLine <= 0, let parent = located.parent { located = parent }
    guard located.startLine > 0 else { return (1, 1) }
    let (line, column) = (located.startLine, located.startColumn)
    guard located.type.rawValue >= CMARK_NODE_FIRST_INLINE.rawValue else { return (line, column) }
    return (line + linesOfDefinitions(above: located), column)
  }

  /// How many lines of link reference definitions the paragraph holding `inline` starts with:
  /// the lines between where its last inline is placed and where the paragraph ends, when its
  /// first line starts with `[`, as a definition does.
  private func linesOfDefinitions(above inline: MarkdownNode) -> Int {
    var block = inline.parent
    while let current = block, current.type.rawValue >= CMARK_NODE_FIRST_INLINE.rawValue { block = current.parent }
    guard let paragraph = block, paragraph.type == CMARK_NODE_PARAGRAPH, paragraph.startLine > 0,
      paragraph.startLine <= lines.count, paragraph.startColumn > 0
    else { return 0 }
    let first = lines.bounds[paragraph.startLine - 1]
    var body = lines.body
    let startsWithBracket = body.withUTF8 { bytes in
      bytes[first].dropFirst(paragraph.startColumn - 1).first { $0 != 0x20 && $0 != 0x09 } == UInt8(ascii: "[")
    }
    guard startsWithBracket else { return 0 }
    var last = paragraph.lastChild
    while let current = last, current.endLine <= 0 { last = current.previous }
    guard let end = last?.endLine else { return 0 }
    return max(0, paragraph.endLine - end)
  }

  deinit {
    cmark_node_free(root)
    linkcontract_arena_free(arena)
  }
}

/// Walks a Markdown tree depth first, in document order. `visit` says whether to go on into
/// the node's children; by default every node is visited.
protocol MarkdownWalker {
  mutating func visit(_ node: MarkdownNode) -> Bool
}

extension MarkdownWalker {
  mutating func visit(_ node: MarkdownNode) -> Bool { true }

  /// Visits `node` and the nodes below it, following cmark's links: no recursion, so that no
  /// depth of nesting can exhaust the stack.
  mutating func walk(_ node: MarkdownNode) {
    var current = node
    while true {
      if visit(current), let child = current.firstChild {
        current = child
        continue
      }
      guard let next = MarkdownNode.following(current, within: node) else { return }
      current = next
    }
  }
}

/// How deep a page's Markdown may nest (quotes, lists, emphasis and links inside each other):
/// far deeper than any page needs, and shallow enough that every walk that recurses over the
/// tree, and over the HTML written from it, stays within a thread's stack, and that a written
/// page stays within the 256 levels an XML reader such as libxml2 accepts by default.
enum MarkdownNesting {
  /// The most levels below the document a node may be at.
  static let limit = 200

  /// The first node, in document order, more than `limit` levels below the document, where
  /// `root` is `depth` levels below it; nil when the tree is no deeper. Follows cmark's links,
  /// without recursion.
  static func firstTooDeep(below root: MarkdownNode, depth rootDepth: Int = 0) -> MarkdownNode? {
    var current = root
    var depth = rootDepth
    while true {
      if let child = current.firstChild {
        depth += 1
        if depth > limit { return child }
        current = child
        continue
      }
      var node = current
      while true {
        if node.pointer == root.pointer { return nil }
        if let next = node.next {
          current = next
          break
        }
        guard let parent = node.parent else { return nil }
        depth -= 1
        node = parent
      }
    }
  }
}

/// A node's children, followed through cmark's sibling links without collecting them.
struct MarkdownChildren: Sequence, IteratorProtocol {
  var first: MarkdownNode?

  mutating func next() -> MarkdownNode? {
    guard let current = first else { return nil }
    first = current.next
    return current
  }
}

/// A cmark node, read through small accessors.
struct MarkdownNode {
  let pointer: OpaquePointer

  var type: cmark_node_type { cmark_node_get_type(pointer) }
  var firstChild: MarkdownNode? { cmark_node_first_child(pointer).map(MarkdownNode.init) }
  var next: MarkdownNode? { cmark_node_next(pointer).map(MarkdownNode.init) }
  var lastChild: MarkdownNode? { cmark_node_last_child(pointer).map(MarkdownNode.init) }
  var previous: MarkdownNode? { cmark_node_previous(pointer).map(MarkdownNode.init) }
  var parent: MarkdownNode? { cmark_node_parent(pointer).map(MarkdownNode.init) }
  var literal: String { cmark_node_get_literal(pointer).map { String(cString: $0) } ?? "" }
  /// Whether `source` holds the node's literal from `start`, blanks aside, for its first
  /// `count` bytes, or up to an escape or entity (which write the text otherwise).
  func literalStarts(in source: UnsafeBufferPointer<UInt8>, at start: Int, count: Int = 16) -> Bool {
    guard var byte = cmark_node_get_literal(pointer) else { return true }
    while byte.pointee == 0x20 || byte.pointee == 0x09 { byte += 1 }
    var at = source[start...].firstIndex { $0 != 0x20 && $0 != 0x09 } ?? source.count
    for _ in 0..<count {
      guard byte.pointee != 0 else { return true }
      guard at < source.count else { return false }
      if source[at] == 0x5C || source[at] == 0x26 { return true }
      guard source[at] == UInt8(bitPattern: byte.pointee) else { return false }
      at += 1
      byte += 1
    }
    return true
  }
  /// Calls `body` with the literal's UTF-8 where cmark keeps it, making no string. The bytes
  /// are UTF-8: cmark reads a Swift string's, cuts them only at ASCII bytes, and writes U+FFFD
  /// for NUL and for an entity that names no character.
  func withLiteral<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    guard let literal = cmark_node_get_literal(pointer) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
    return literal.withMemoryRebound(to: UInt8.self, capacity: 1) {
      body(UnsafeBufferPointer(start: $0, count: strlen(literal)))
    }
  }
  var url: String { cmark_node_get_url(pointer).map { String(cString: $0) } ?? "" }
  var title: String { cmark_node_get_title(pointer).map { String(cString: $0) } ?? "" }
  var fenceInfo: String { cmark_node_get_fence_info(pointer).map { String(cString: $0) } ?? "" }
  var headingLevel: Int { Int(cmark_node_get_heading_level(pointer)) }
  var isOrderedList: Bool { cmark_node_get_list_type(pointer) == CMARK_ORDERED_LIST }
  var listStart: Int { Int(cmark_node_get_list_start(pointer)) }
  var isTightList: Bool { cmark_node_get_list_tight(pointer) != 0 }
  var startLine: Int { Int(cmark_node_get_start_line(pointer)) }
  var startColumn: Int { Int(cmark_node_get_start_column(pointer)) }
  var endLine: Int { Int(cmark_node_get_end_line(pointer)) }
  var endColumn: Int { Int(cmark_node_get_end_column(pointer)) }
  /// A number a walker attached to the node (a heading's index among the page's headings).
  var mark: Int? {
    get { cmark_node_get_user_data(pointer).map { Int(bitPattern: $0) - 1 } }
    nonmutating set {
      _ = cmark_node_set_user_data(pointer, newValue.flatMap { UnsafeMutableRawPointer(bitPattern: $0 + 1) })
    }
  }

  /// The child nodes in order, read as they are walked.
  var childNodes: MarkdownChildren { MarkdownChildren(first: firstChild) }

  var children: [MarkdownNode] {
    var result: [MarkdownNode] = []
    var child = firstChild
    while let current = child {
      result.append(current)
      child = current.next
    }
    return result
  }

  /// The plain text of the node's inline content.
  var plainText: String {
    var text: [UInt8] = []
    appendPlainText(to: &text)
    return String(decoding: text, as: UTF8.self)
  }

  /// Appends the UTF-8 of `plainText` to `text`, from cmark's own strings, following cmark's
  /// links without recursion.
  func appendPlainText(to text: inout [UInt8]) {
    var current = self
    while true {
      switch current.type {
      case CMARK_NODE_TEXT, CMARK_NODE_CODE: current.appendLiteral(to: &text)
      case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: text.append(UInt8(ascii: " "))
      case CMARK_NODE_HTML_INLINE:
        // A `<br>` kept in the text parts words, as a line break does.
        if case .open("br", _, _) = InlineHTML.read(current.literal) { text.append(UInt8(ascii: " ")) }
      default:
        if let child = current.firstChild {
          current = child
          continue
        }
      }
      guard let next = MarkdownNode.following(current, within: self) else { return }
      current = next
    }
  }

  /// The node after `node` in document order once its children are done with: its next
  /// sibling, or the next sibling of its nearest ancestor that has one, staying below `root`;
  /// nil when `root`'s nodes are all done.
  static func following(_ node: MarkdownNode, within root: MarkdownNode) -> MarkdownNode? {
    var node = node
    while node.pointer != root.pointer {
      if let next = node.next { return next }
      guard let parent = node.parent else { return nil }
      node = parent
    }
    return nil
  }

  /// Appends the UTF-8 of `literal` to `text`.
  func appendLiteral(to text: inout [UInt8]) {
    withLiteral { text.append(contentsOf: $0) }
  }

  /// The nearest position cmark knows: the node's own, or its closest located ancestor's.
  var located: (line: Int, column: Int) {
    var node: MarkdownNode? = self
    while let current = node {
      if current.startLine > 0 { return (current.startLine, current.startColumn) }
      node = current.parent
    }
    return (1, 1)
  }
}

/// Turns heading text into a stable id: lowercase letters, digits and single hyphens.
func slug(_ text: String) -> String {
  var result: [UInt8] = []
  var pendingHyphen = false
  for byte in text.utf8 {
    let lower = ASCII.lowercased(byte)
    if ASCII.isAlphanumeric(lower) {
      if pendingHyphen, !result.isEmpty { result.append(UInt8(ascii: "-")) }
      pendingHyphen = false
      result.append(lower)
    } else if lower == UInt8(ascii: " ") || lower == UInt8(ascii: "-") || lower == UInt8(ascii: "_")
      || lower == UInt8(ascii: ".")
    {
      pendingHyphen = true
    }
  }
  return result.isEmpty ? "section" : String(decoding: result, as: UTF8.self)
}

/// Hands out ids unique within one page.
struct IDAllocator {
  private(set) var used: Set<String>
  /// For each base claimed more than once, the suffix to try first next time: every one below
  /// it is taken, so that a page of many equal headings numbers each once.
  private var nextSuffix: [String: Int] = [:]

  init(reserved: Set<String>) { used = reserved }

  mutating func claim(_ base: String) -> String {
    if used.insert(base).inserted { return base }
    var index = nextSuffix[base] ?? 2
    while !used.insert("\(base)-\(index)").inserted { index += 1 }
    nextSuffix[base] = index + 1
    return "\(base)-\(index)"
  }
}
