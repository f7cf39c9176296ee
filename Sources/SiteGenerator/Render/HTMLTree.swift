import LinkContract

/// An element of an `HTMLDocument` under construction. Text is always added as text nodes,
/// so it is escaped when the page is written, never spliced into markup.
///
/// An element holds its document, which owns every node; elements come only from their
/// document (`root`) and from other elements (`add`, `children`, `descendants`).
struct Element {
  /// The document the element belongs to.
  let owner: HTMLDocument
  let index: Int32

  /// Appends a child element and returns it.
  @discardableResult
  func add(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) -> Element {
    let child = owner.append(.element, name, to: index)
    for (key, value) in attributes { owner.appendAttribute(key, value, to: child) }
    return Element(owner: owner, index: child)
  }

  /// Appends a child element, fills it with `body`, and returns it.
  @discardableResult
  func add(
    _ name: String, _ attributes: KeyValuePairs<String, String> = [:], _ body: (Element) -> Void
  ) -> Element {
    let child = add(name, attributes)
    body(child)
    return child
  }

  /// Appends a child element holding `text`.
  @discardableResult
  func add(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], text: String) -> Element {
    let child = add(name, attributes)
    child.text(text)
    return child
  }

  /// Appends a text node.
  func text(_ text: String) {
    guard !text.isEmpty else { return }
    owner.append(.text, text, to: index)
  }

  /// Appends a text node of UTF-8 `bytes`, kept as bytes: no string is made for it.
  func text(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    guard !bytes.isEmpty else { return }
    owner.appendText(utf8: bytes, to: index)
  }

  /// Appends a copy of the children of `fragment`'s body (`HTMLDocument.fragment()`): their
  /// attributes, text and written markup, and the scroll regions among them.
  func appendCopies(ofBodyOf fragment: HTMLDocument) {
    owner.copyChildren(ofFragmentBody: fragment.body.index, in: fragment, to: index)
  }

  /// Appends markup written before, as this document writes it (`WrittenHTML`), with the ids
  /// and links in it: the search page's items, made once per page and kept by the build record.
  func append(_ written: WrittenHTML) {
    owner.appendWritten(written, to: index)
  }

  /// Appends text in which `backquoted` spans become `<code>` elements.
  func prose(_ text: String) {
    guard holds(UInt8(ascii: "`"), in: text) else { return self.text(text) }
    proseParts(text) { part, isCode in
      if isCode { add("code", text: String(part)) } else { self.text(String(part)) }
    }
  }

  /// Calls `visit` with the name and value of each attribute among `names`, in document order.
  func attributes(named names: [StaticString], _ visit: (StaticString, String) -> Void) {
    var attribute = owner.nodes[Int(index)].firstAttribute
    while attribute >= 0 {
      let current = owner.attributes[Int(attribute)]
      for wanted in names
      where current.name.utf8.elementsEqual(
        UnsafeBufferPointer(start: wanted.utf8Start, count: wanted.utf8CodeUnitCount))
      {
        visit(wanted, current.value)
      }
      attribute = current.next
    }
  }

  /// Sets `attribute`, in place when the element has it, otherwise after its other attributes.
  func set(_ attribute: String, _ value: String) {
    if let found = owner.attributeIndex(attribute, of: index) {
      owner.attributes[Int(found)].value = value
    } else {
      owner.appendAttribute(attribute, value, to: index)
    }
  }

  func attribute(_ name: String) -> String? {
    owner.attributeIndex(name, of: index).map { owner.attributes[Int($0)].value }
  }

  func removeAttribute(_ name: String) {
    owner.removeAttribute(name, of: index)
  }

  var name: String { owner.values[Int(index)] }

  /// The line the element started on in the source it was parsed from; 0 for built elements.
  var line: Int { owner.lines.isEmpty ? 0 : Int(owner.lines[Int(index)]) }

  /// The element children, in order.
  var children: [Element] { childrenWithOffsets.map(\.element) }

  /// The element children with their offsets among all the child nodes, text nodes counted.
  var childrenWithOffsets: [(offset: Int, element: Element)] {
    var result: [(offset: Int, element: Element)] = []
    var child = owner.nodes[Int(index)].firstChild
    var offset = 0
    while child >= 0 {
      if owner.nodes[Int(child)].kind == .element { result.append((offset, Element(owner: owner, index: child))) }
      child = owner.nodes[Int(child)].next
      offset += 1
    }
    return result
  }

  /// The child node at `offset`, text nodes counted, when that node is an element.
  func childElement(atNodeOffset offset: Int) -> Element? {
    var child = owner.nodes[Int(index)].firstChild
    var position = 0
    while child >= 0, position < offset {
      child = owner.nodes[Int(child)].next
      position += 1
    }
    guard child >= 0, owner.nodes[Int(child)].kind == .element else { return nil }
    return Element(owner: owner, index: child)
  }

  /// Every element below this one, depth first, in document order; `visit` may change their
  /// attributes, not the tree. Walked without recursion.
  func descendants(_ visit: (Element) -> Void) {
    var node = owner.nodes[Int(index)].firstChild
    while node >= 0 {
      if owner.nodes[Int(node)].kind == .element {
        visit(Element(owner: owner, index: node))
        if owner.nodes[Int(node)].firstChild >= 0 {
          node = owner.nodes[Int(node)].firstChild
          continue
        }
      }
      // Up until a node with a next sibling, not past this element.
      while owner.nodes[Int(node)].next < 0 {
        node = owner.nodes[Int(node)].parent
        if node == index || node < 0 { return }
      }
      node = owner.nodes[Int(node)].next
    }
  }

  /// Takes the element, and everything in it, out of the document.
  func remove() { owner.unlink(index) }

  /// Puts the element's children in its place, and takes the element out of the document.
  func unwrap() { owner.unwrap(index) }

  /// Whether the element is still in its document: not removed.
  var isInDocument: Bool { owner.nodes[Int(index)].parent >= 0 }

  /// Whether the element is SVG or inside SVG.
  var isForeign: Bool {
    var node = index
    while node > 0 {
      if owner.nodes[Int(node)].kind == .element, owner.values[Int(node)] == "svg" { return true }
      node = owner.nodes[Int(node)].parent
    }
    return false
  }

  /// Whether one of `others`, not this element itself, is inside this element.
  func holdsAny(of others: some Sequence<Element>) -> Bool {
    others.contains { other in
      var node = owner.nodes[Int(other.index)].parent
      while node >= 0, node != index { node = owner.nodes[Int(node)].parent }
      return node == index && other.index != index
    }
  }
}

/// An HTML document held as one array of nodes linked by index, written out as bytes by
/// `serializedXHTML` in the syntax of libxml2's XML serializer, which builds used before:
/// valid HTML5 that an XML parser can also read, so that reading it back (`SerializedPage`)
/// is a strict well-formedness check.
final class HTMLDocument {
  /// The folder of the page this document is written into (`SitePath`): its `href`, `src` and
  /// `action` values, paths from the site's root, are written relative to it. Empty at the root.
  var linkFolder = ""
  enum Kind: UInt8 {
    case document, element, text, comment, doctype, cdata, processingInstruction
    /// Markup written before (`Element.append(_:)`), kept in `writtenParts`.
    case written
  }

  /// A node's place in the tree; its value is in `values`, so that reading a node copies no
  /// string.
  struct Node {
    var kind: Kind
    /// Where a text node appended as bytes has its value in `textBytes`.
    var textBytes: Range<Int32>?
    var parent: Int32 = -1
    var firstChild: Int32 = -1
    var lastChild: Int32 = -1
    var next: Int32 = -1
    var firstAttribute: Int32 = -1
    var lastAttribute: Int32 = -1
  }

  struct Attribute {
    var name: String
    var value: String
    var next: Int32 = -1
  }

  /// Node 0 is the document; its element child is the root. One thread builds and writes a
  /// document, and no access to the arrays overlaps another, so their accesses, tens of millions
  /// in a build, are not checked at run time.
  @exclusivity(unchecked) fileprivate(set) var nodes: [Node]
  /// Each node's value: an element's name, a text's or comment's content, or a doctype's whole
  /// declaration.
  @exclusivity(unchecked) fileprivate(set) var values: [String]
  /// The values of text nodes appended as bytes (`Node.textBytes`), one after another.
  @exclusivity(unchecked) fileprivate(set) var textBytes: [UInt8] = []
  @exclusivity(unchecked) fileprivate(set) var attributes: [Attribute]
  /// Each node's line in the source it was parsed from; empty for built documents.
  @exclusivity(unchecked) fileprivate(set) var lines: [Int32]
  /// The markup of each `written` node, by the node's index.
  fileprivate(set) var writtenParts: [Int32: WrittenHTML] = [:]
  /// The scroll regions made in the document (`scrollRegion`), in the order they were made.
  fileprivate(set) var regions: [Int32] = []

  init() {
    nodes = [Node(kind: .document)]
    values = [""]
    attributes = []
    lines = []
  }

  /// A copy that can be changed without changing this document.
  func copy() -> HTMLDocument {
    let copy = HTMLDocument()
    copy.linkFolder = linkFolder
    copy.nodes = nodes
    copy.values = values
    copy.textBytes = textBytes
    copy.attributes = attributes
    copy.lines = lines
    copy.writtenParts = writtenParts
    copy.regions = regions
    return copy
  }

  /// An empty document holding `<html><body></body></html>`, for serializing parts of a page.
  static func fragment() -> HTMLDocument {
    let document = HTMLDocument()
    let html = document.append(.element, "html", to: 0)
    document.append(.element, "body", to: html)
    return document
  }

  var root: Element? {
    var child = nodes[0].firstChild
    while child >= 0 {
      if nodes[Int(child)].kind == .element { return Element(owner: self, index: child) }
      child = nodes[Int(child)].next
    }
    return nil
  }

  /// The `body` element of a document made by `fragment()`.
  var body: Element {
    guard let html = root, let body = html.children.first(where: { $0.name == "body" }) else {
      preconditionFailure("a fragment document has a body")
    }
    return body
  }

  @discardableResult
  func append(_ kind: Kind, _ value: String, to parent: Int32, line: Int32 = 0) -> Int32 {
    let index = Int32(nodes.count)
    nodes.append(Node(kind: kind, parent: parent))
    values.append(value)
    if !lines.isEmpty || line != 0 {
      if lines.isEmpty { lines = Array(repeating: 0, count: Int(index)) }
      lines.append(line)
    }
    let last = nodes[Int(parent)].lastChild
    if last >= 0 { nodes[Int(last)].next = index } else { nodes[Int(parent)].firstChild = index }
    nodes[Int(parent)].lastChild = index
    return index
  }

  /// Makes room for about `nodes` more nodes and `textBytes` more bytes of text, so that a
  /// document whose size is known ahead grows once.
  func reserveCapacity(nodes: Int, textBytes: Int) {
    self.nodes.reserveCapacity(self.nodes.count + nodes)
    values.reserveCapacity(values.count + nodes)
    self.textBytes.reserveCapacity(self.textBytes.count + textBytes)
  }

  /// Appends a text node whose value is UTF-8 `bytes`, copied into `textBytes`.
  @discardableResult
  func appendText(utf8 bytes: UnsafeBufferPointer<UInt8>, to parent: Int32) -> Int32 {
    let index = append(.text, "", to: parent)
    let start = Int32(textBytes.count)
    textBytes.append(contentsOf: bytes)
    nodes[Int(index)].textBytes = start..<Int32(textBytes.count)
    return index
  }

  /// Appends a copy of the children of `body`, a fragment's body (`fragment()`), to `target`.
  /// Every node after the body is below it: the nodes are copied as one run, each index moved
  /// by where the run starts here.
  fileprivate func copyChildren(ofFragmentBody body: Int32, in source: HTMLDocument, to target: Int32) {
    let first = source.nodes[Int(body)].firstChild
    guard first >= 0 else { return }
    precondition(Int(body) == 2 && source.nodes[2].parent == 1, "a fragment's body")
    let run = (Int(body) + 1)..<source.nodes.count
    let shift = Int32(nodes.count - run.lowerBound)
    let attributeShift = Int32(attributes.count)
    let textShift = Int32(textBytes.count)
    nodes.reserveCapacity(nodes.count + run.count)
    for var node in source.nodes[run] {
      node.parent = node.parent == body ? target : node.parent < 0 ? -1 : node.parent + shift
      if node.firstChild >= 0 {
        node.firstChild += shift
        node.lastChild += shift
      }
      if node.next >= 0 { node.next += shift }
      if node.firstAttribute >= 0 {
        node.firstAttribute += attributeShift
        node.lastAttribute += attributeShift
      }
      if let range = node.textBytes { node.textBytes = (range.lowerBound + textShift)..<(range.upperBound + textShift) }
      nodes.append(node)
    }
    values.append(contentsOf: source.values[run])
    if !lines.isEmpty { lines.append(contentsOf: repeatElement(0, count: run.count)) }
    attributes.reserveCapacity(attributes.count + source.attributes.count)
    for var attribute in source.attributes {
      if attribute.next >= 0 { attribute.next += attributeShift }
      attributes.append(attribute)
    }
    textBytes.append(contentsOf: source.textBytes)
    for (index, written) in source.writtenParts where index > body { writtenParts[index + shift] = written }
    for region in source.regions where region > body { regions.append(region + shift) }
    // The copied children follow the target's own.
    let last = nodes[Int(target)].lastChild
    if last >= 0 { nodes[Int(last)].next = first + shift } else { nodes[Int(target)].firstChild = first + shift }
    nodes[Int(target)].lastChild = source.nodes[Int(body)].lastChild + shift
  }

  /// The names of the scroll regions made in the document, in the order they were made.
  var regionNames: [String] {
    regions.map { Element(owner: self, index: $0).attribute("aria-label") ?? "" }
  }

  /// Notes `element` as a scroll region, whose name `distinctRegionLabels` may number.
  func noteRegion(_ element: Int32) { regions.append(element) }

  func appendWritten(_ written: WrittenHTML, to parent: Int32) {
    writtenParts[append(.written, "", to: parent)] = written
  }

  /// The text of every text node below `element`, in document order, each followed by a
  /// space: what a reader sees of it, for the search index. Walked without recursion.
  func plainText(of element: Element) -> [UInt8] {
    var out: [UInt8] = []
    var node = nodes[Int(element.index)].firstChild
    while node >= 0 {
      if nodes[Int(node)].kind == .text {
        if let range = nodes[Int(node)].textBytes {
          out += textBytes[Int(range.lowerBound)..<Int(range.upperBound)]
        } else {
          out.append(utf8: values[Int(node)])
        }
        out.append(UInt8(ascii: " "))
      }
      if nodes[Int(node)].kind == .element, nodes[Int(node)].firstChild >= 0 {
        node = nodes[Int(node)].firstChild
        continue
      }
      // Up until a node with a next sibling, not past `element`.
      while node >= 0, nodes[Int(node)].next < 0 {
        node = nodes[Int(node)].parent
        if node == element.index { return out }
      }
      if node >= 0 { node = nodes[Int(node)].next }
    }
    return out
  }

  /// A node's value, wherever it is kept.
  func value(of index: Int32) -> String {
    guard let range = nodes[Int(index)].textBytes else { return values[Int(index)] }
    return String(decoding: textBytes[Int(range.lowerBound)..<Int(range.upperBound)], as: UTF8.self)
  }

  func appendAttribute(_ name: String, _ value: String, to node: Int32) {
    let index = Int32(attributes.count)
    attributes.append(Attribute(name: name, value: value))
    let last = nodes[Int(node)].lastAttribute
    if last >= 0 { attributes[Int(last)].next = index } else { nodes[Int(node)].firstAttribute = index }
    nodes[Int(node)].lastAttribute = index
  }

  fileprivate func attributeIndex(_ name: String, of node: Int32) -> Int32? {
    var attribute = nodes[Int(node)].firstAttribute
    while attribute >= 0 {
      if attributes[Int(attribute)].name == name { return attribute }
      attribute = attributes[Int(attribute)].next
    }
    return nil
  }

  fileprivate func removeAttribute(_ name: String, of node: Int32) {
    var previous: Int32 = -1
    var attribute = nodes[Int(node)].firstAttribute
    while attribute >= 0 {
      let next = attributes[Int(attribute)].next
      if attributes[Int(attribute)].name == name {
        if previous >= 0 { attributes[Int(previous)].next = next } else { nodes[Int(node)].firstAttribute = next }
        if nodes[Int(node)].lastAttribute == attribute { nodes[Int(node)].lastAttribute = previous }
      } else {
        previous = attribute
      }
      attribute = next
    }
  }

  /// Moves the children of `node` to follow it among its siblings, then unlinks it.
  fileprivate func unwrap(_ node: Int32) {
    let (parent, first, last) = (nodes[Int(node)].parent, nodes[Int(node)].firstChild, nodes[Int(node)].lastChild)
    if parent >= 0, first >= 0 {
      var child = first
      while child >= 0 {
        nodes[Int(child)].parent = parent
        child = nodes[Int(child)].next
      }
      nodes[Int(last)].next = nodes[Int(node)].next
      nodes[Int(node)].next = first
      if nodes[Int(parent)].lastChild == node { nodes[Int(parent)].lastChild = last }
      nodes[Int(node)].firstChild = -1
      nodes[Int(node)].lastChild = -1
    }
    unlink(node)
  }

  fileprivate func unlink(_ node: Int32) {
    let parent = nodes[Int(node)].parent
    guard parent >= 0 else { return }
    var previous: Int32 = -1
    var child = nodes[Int(parent)].firstChild
    while child >= 0, child != node {
      previous = child
      child = nodes[Int(child)].next
    }
    guard child == node else { return }
    let next = nodes[Int(node)].next
    if previous >= 0 { nodes[Int(previous)].next = next } else { nodes[Int(parent)].firstChild = next }
    if nodes[Int(parent)].lastChild == node { nodes[Int(parent)].lastChild = previous }
    nodes[Int(node)].parent = -1
    nodes[Int(node)].next = -1
  }

  // MARK: Writing

  /// The document's bytes: each top-level node followed by a newline, as libxml2 writes them.
  func serializedXHTML() -> [UInt8] { written().bytes }

  /// The children of `element` serialized as `serializedXHTML` writes them inside the page.
  func serializedChildren(of element: Element) -> [UInt8] { writtenChildren(of: element).bytes }

  /// The document written, with what reading its bytes back finds.
  func written() -> WrittenHTML {
    var out = WrittenHTML()
    out.bytes.reserveCapacity(nodes.count * 24 + 256)
    var child = nodes[0].firstChild
    while child >= 0 {
      write(child, foreign: false, into: &out)
      out.appendNewline()
      child = nodes[Int(child)].next
    }
    return out
  }

  /// The children of `element` written as `written` writes them inside the page.
  func writtenChildren(of element: Element, expectedBytes: Int = 0) -> WrittenHTML {
    var out = WrittenHTML()
    out.bytes.reserveCapacity(expectedBytes)
    let foreign = element.isForeign
    var child = nodes[Int(element.index)].firstChild
    while child >= 0 {
      write(child, foreign: foreign, into: &out)
      child = nodes[Int(child)].next
    }
    return out
  }

  /// The document as `written` writes it, cut around `holes`, elements none of which holds
  /// another: the parts between them (one more than there are holes) and, for each hole in
  /// document order, its start tag, its children and its end tag.
  func writtenAround(_ holes: Set<Int32>) -> (between: [WrittenHTML], holes: [HoleParts]) {
    guard !holes.isEmpty else { return ([written()], []) }
    var holding = Set<Int32>()
    for hole in holes {
      var parent = nodes[Int(hole)].parent
      while parent >= 0, holding.insert(parent).inserted { parent = nodes[Int(parent)].parent }
    }
    var between: [WrittenHTML] = []
    var found: [HoleParts] = []
    var out = WrittenHTML()
    func walk(_ index: Int32, foreign: Bool) {
      let node = nodes[Int(index)]
      let inner = foreign || (node.kind == .element && values[Int(index)] == "svg")
      if holes.contains(index) {
        between.append(out)
        var start = WrittenHTML()
        let closed = writeStartTag(index, foreign: inner, into: &start)
        var end = WrittenHTML()
        if !closed { writeEndTag(index, into: &end) }
        let children = writtenChildren(of: Element(owner: self, index: index))
        found.append(HoleParts(index: index, start: start, children: children, end: end))
        out = WrittenHTML()
      } else if index == 0 {
        var child = node.firstChild
        while child >= 0 {
          walk(child, foreign: false)
          out.appendNewline()
          child = nodes[Int(child)].next
        }
      } else if holding.contains(index) {
        let closed = writeStartTag(index, foreign: inner, into: &out)
        var child = node.firstChild
        while child >= 0 {
          walk(child, foreign: inner)
          child = nodes[Int(child)].next
        }
        if !closed { writeEndTag(index, into: &out) }
      } else {
        write(index, foreign: foreign, into: &out)
      }
    }
    walk(0, foreign: false)
    between.append(out)
    return (between, found)
  }

  /// A hole of `writtenAround`: an element's tags and children, written apart. Shared, not
  /// copied, by every page written around it.
  final class HoleParts: Sendable {
    let index: Int32
    let start: WrittenHTML
    let children: WrittenHTML
    let end: WrittenHTML

    init(index: Int32, start: WrittenHTML, children: WrittenHTML, end: WrittenHTML) {
      self.index = index
      self.start = start
      self.children = children
      self.end = end
    }
  }

  /// Writes one node. An element without children closes itself (`<br/>`) only when it is a
  /// void element or inside SVG; any other is written `<td></td>`, as HTML requires.
  private func write(_ index: Int32, foreign: Bool, into out: inout WrittenHTML) {
    let at = Int(index)
    switch nodes[at].kind {
    case .element:
      let foreign = foreign || values[at] == "svg"
      if writeStartTag(index, foreign: foreign, into: &out) { return }
      var child = nodes[at].firstChild
      while child >= 0 {
        write(child, foreign: foreign, into: &out)
        child = nodes[Int(child)].next
      }
      writeEndTag(index, into: &out)
    case .text:
      if let range = nodes[at].textBytes {
        textBytes.withUnsafeBufferPointer { bytes in
          out.appendEscaped(
            utf8: UnsafeBufferPointer(rebasing: bytes[Int(range.lowerBound)..<Int(range.upperBound)]), Self.textEscapes)
        }
      } else {
        out.appendEscaped(values[at], Self.textEscapes)
      }
    case .comment:
      let value = values[at]
      if value.contains("--") || value.hasSuffix("-") { out.fail("a comment holds `--` or ends with `-`") }
      out.appendMarkup("<!--")
      out.appendCounting(value)
      out.appendMarkup("-->")
    case .doctype:
      let value = values[at]
      if value != "<!DOCTYPE html>" { out.fail("a document type other than `<!DOCTYPE html>`") }
      out.appendCounting(value)
    case .cdata:
      let value = values[at]
      if value.contains("]]>") { out.fail("a CDATA section holds `]]>`") }
      out.appendMarkup("<![CDATA[")
      out.appendCounting(value)
      out.appendMarkup("]]>")
    case .processingInstruction:
      out.fail("a processing instruction")
      out.appendCounting(values[at])
    case .written:
      if let written = writtenParts[index] { out.append(written) }
    case .document:
      break
    }
  }

  /// Writes an element's start tag, noting its ids and links; true when the element has no
  /// children and closed itself. `foreign` is whether the element is SVG or inside it.
  private func writeStartTag(_ index: Int32, foreign: Bool, into out: inout WrittenHTML) -> Bool {
    let at = Int(index)
    out.bytes.append(UInt8(ascii: "<"))
    out.bytes.append(utf8: values[at])
    var attribute = nodes[at].firstAttribute
    while attribute >= 0 {
      let current = Int(attribute)
      out.bytes.append(UInt8(ascii: " "))
      out.bytes.append(utf8: attributes[current].name)
      out.bytes.append(UInt8(ascii: "="))
      out.bytes.append(UInt8(ascii: "\""))
      var value = attributes[current].value
      let name = attributes[current].name
      if !linkFolder.isEmpty, name == "href" || name == "src" || name == "action" {
        value = SitePath.relative(value, from: linkFolder)
      }
      out.appendEscaped(value, Self.attributeEscapes)
      out.bytes.append(UInt8(ascii: "\""))
      // An empty value names nothing, as reading the page back finds.
      if !value.isEmpty {
        if name == "id" {
          out.ids.append(value)
        } else if let link = PageLink.Attribute(name: name) {
          out.links.append(PageLink(attribute: link, value: value, line: out.newlines))
        }
      }
      attribute = attributes[current].next
    }
    if nodes[at].firstChild < 0, foreign || isVoidElement(values[at]) {
      out.bytes.append(UInt8(ascii: "/"))
      out.bytes.append(UInt8(ascii: ">"))
      return true
    }
    out.bytes.append(UInt8(ascii: ">"))
    return false
  }

  private func writeEndTag(_ index: Int32, into out: inout WrittenHTML) {
    out.bytes.append(UInt8(ascii: "<"))
    out.bytes.append(UInt8(ascii: "/"))
    out.bytes.append(utf8: values[Int(index)])
    out.bytes.append(UInt8(ascii: ">"))
  }

  /// For each byte, how text writes it: 0 as it is, else an index into `replacements` + 1,
  /// or one of the marks below.
  static let textEscapes: [UInt8] = escapes(["<": 1, ">": 2, "&": 3, "\r": 4])
  /// As `textEscapes`, for attribute values, whose whitespace would be normalized otherwise.
  static let attributeEscapes: [UInt8] = escapes(["<": 1, ">": 2, "&": 3, "\r": 4, "\"": 5, "\n": 6, "\t": 7])
  static let replacements: [StaticString] = ["&lt;", "&gt;", "&amp;", "&#13;", "&quot;", "&#10;", "&#9;"]
  /// A newline written as it is.
  static let newline: UInt8 = 100
  /// A control character XML does not allow.
  static let forbidden: UInt8 = 101
  /// The first byte of U+FFFE or U+FFFF, which XML does not allow.
  static let lead: UInt8 = 102

  private static func escapes(_ replaced: [Character: UInt8]) -> [UInt8] {
    (0..<256).map { byte in
      if let index = replaced[Character(Unicode.Scalar(UInt8(byte)))] { return index }
      if byte == 0x0A { return newline }
      if byte < 0x20, byte != 0x09 { return forbidden }
      return byte == 0xEF ? lead : 0
    }
  }
}

/// Bytes written from an `HTMLDocument`, with what reading them back as XML finds: the ids and
/// links in them, each link at the number of newlines before it, the newlines, and the first
/// thing an XML parser would not read. Writing collects these as it goes, so that a build need
/// not read its pages back (`SerializedPage` does, in the tests that hold the two together).
struct WrittenHTML {
  /// Where and why written bytes are not well-formed.
  struct Fault: Error {
    let line: Int
    let message: String
  }

  var bytes: [UInt8] = []
  var newlines = 0
  var ids: [String] = []
  /// Each with the newlines before it as its line.
  var links: [PageLink] = []
  /// With the newlines before it as its line.
  var fault: Fault?

  mutating func append(_ other: WrittenHTML) {
    bytes += other.bytes
    // Most parts of a page hold no id or link: appending nothing costs as much as a few.
    if !other.ids.isEmpty { ids += other.ids }
    let shift = newlines
    if !other.links.isEmpty {
      let start = links.count
      links += other.links
      if shift != 0 {
        for index in start..<links.count { links[index].line += shift }
      }
    }
    if fault == nil, let later = other.fault {
      fault = Fault(line: later.line + shift, message: later.message)
    }
    newlines += other.newlines
  }

  mutating func appendNewline() {
    bytes.append(UInt8(ascii: "\n"))
    newlines += 1
  }

  /// Markup without newlines.
  mutating func appendMarkup(_ markup: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: markup.utf8Start, count: markup.utf8CodeUnitCount))
  }

  /// Text written as it is, its newlines counted.
  mutating func appendCounting(_ text: String) {
    bytes.append(utf8: text)
    newlines += text.utf8.count { $0 == UInt8(ascii: "\n") }
  }

  mutating func fail(_ message: String) {
    if fault == nil { fault = Fault(line: newlines, message: message) }
  }

  /// `text` escaped by `table` (`HTMLDocument.textEscapes` or `attributeEscapes`), with its
  /// newlines counted and the characters XML does not allow noted.
  mutating func appendEscaped(_ text: String, _ table: [UInt8]) {
    var text = text
    text.withUTF8 { appendEscaped(utf8: $0, table) }
  }

  /// `appendEscaped` for UTF-8 bytes.
  mutating func appendEscaped(utf8 text: UnsafeBufferPointer<UInt8>, _ table: [UInt8]) {
    // Eight bytes at a time are passed over while none is one the table may change: below
    // U+0020, `<`, `>`, `&`, 0xEF, and `"` where the table quotes.
    let quotes = table[Int(UInt8(ascii: "\""))] != 0
    table.withUnsafeBufferPointer { table in
      guard let base = text.baseAddress else { return }
      let raw = UnsafeRawPointer(base)
      let count = text.count
      var start = 0
      var offset = 0
      while offset < count {
        if offset + 8 <= count, !Self.mayBeEscaped(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self), quotes) {
          offset += 8
          continue
        }
        let stop = min(offset + 8, count)
        while offset < stop {
          let kind = table[Int(text[offset])]
          if kind == 0 {
            offset += 1
            continue
          }
          switch kind {
          case HTMLDocument.newline:
            newlines += 1
          case HTMLDocument.forbidden:
            fail("a control character XML does not allow")
          case HTMLDocument.lead:
            if offset + 2 < count, text[offset + 1] == 0xBF, text[offset + 2] & 0xFE == 0xBE {
              fail("a character XML does not allow (U+FFFE or U+FFFF)")
            }
          default:
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<offset]))
            let replacement = HTMLDocument.replacements[Int(kind) - 1]
            bytes.append(
              contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            start = offset + 1
          }
          offset += 1
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
    }
  }

  /// Whether any of a word's eight bytes is one an escape table may change.
  @inline(__always)
  private static func mayBeEscaped(_ word: UInt64, _ quotes: Bool) -> Bool {
    typealias Word = ASCII.Word
    var found = Word.marking(below: 0x20, in: word)
    found |= Word.marking(UInt8(ascii: "<"), in: word) | Word.marking(UInt8(ascii: ">"), in: word)
    found |= Word.marking(UInt8(ascii: "&"), in: word) | Word.marking(0xEF, in: word)
    if quotes { found |= Word.marking(UInt8(ascii: "\""), in: word) }
    return found != 0
  }
}

/// Calls `visit` with each part of `text` between backquotes, and whether it was quoted: the
/// parts `prose` writes as text and as `<code>`.
func proseParts(_ text: String, _ visit: (Substring, _ isCode: Bool) -> Void) {
  var inCode = false
  for part in text.pieces(UInt8(ascii: "`"), omittingEmpty: false) {
    visit(part, inCode)
    inCode.toggle()
  }
}

/// Whether `name` is an HTML element that never has content or an end tag. Told by length
/// first, with no hashing: the writer asks for every element without children.
func isVoidElement(_ name: String) -> Bool {
  switch name.utf8.count {
  case 2: name == "br" || name == "hr"
  case 3: name == "col" || name == "img" || name == "wbr"
  case 4: name == "area" || name == "base" || name == "link" || name == "meta"
  case 5: name == "embed" || name == "input" || name == "track"
  case 6: name == "source"
  default: false
  }
}

extension String {
  var trimmingTrailingNewline: String {
    var text = Substring(self)
    while text.last == "\n" { text = text.dropLast() }
    return String(text)
  }
}
