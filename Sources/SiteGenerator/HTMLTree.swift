import CLibXML2

#if canImport(Glibc)
  import Glibc
#endif

/// An element in a libxml2 document under construction. Text is always added as text nodes,
/// so it is escaped by the serializer, never spliced into markup.
///
/// An element holds its document, so the document, and the libxml2 memory the element points
/// into, lives as long as any element of it. Elements come only from their document (`root`)
/// and from other elements (`add`, `children`, `descendants`), never from a raw pointer.
struct Element {
  /// The document the element belongs to, kept alive by the element.
  let owner: HTMLDocument
  let node: xmlNodePtr

  fileprivate init(owner: HTMLDocument, node: xmlNodePtr) {
    self.owner = owner
    self.node = node
  }

  var document: xmlDocPtr { owner.pointer }

  /// Appends a child element and returns it.
  @discardableResult
  func add(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) -> Element {
    let child = xmlNewDocNode(document, nil, name, nil)!
    for (key, value) in attributes { xmlNewProp(child, key, value) }
    xmlAddChild(node, child)
    return Element(owner: owner, node: child)
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
    var text = text
    let node = text.withUTF8 { bytes in
      bytes.withMemoryRebound(to: xmlChar.self) { xmlNewDocTextLen(document, $0.baseAddress, Int32($0.count)) }
    }!
    xmlAddChild(self.node, node)
  }

  /// Appends text in which `backquoted` spans become `<code>` elements.
  func prose(_ text: String) {
    var inCode = false
    for part in text.split(separator: "`", omittingEmptySubsequences: false) {
      if inCode { add("code", text: String(part)) } else { self.text(String(part)) }
      inCode.toggle()
    }
  }

  /// Calls `visit` with the name and value of each attribute, without copying the others.
  func attributes(named names: [StaticString], _ visit: (StaticString, String) -> Void) {
    var property = node.pointee.properties
    while let current = property {
      let name = current.pointee.name!
      for wanted in names
      where strcmp(name, UnsafeRawPointer(wanted.utf8Start).assumingMemoryBound(to: CChar.self)) == 0 {
        if let child = current.pointee.children, let content = child.pointee.content {
          visit(wanted, String(cString: content))
        }
      }
      property = current.pointee.next
    }
  }

  func set(_ attribute: String, _ value: String) { xmlSetProp(node, attribute, value) }

  func attribute(_ name: String) -> String? {
    guard let value = xmlGetProp(node, name) else { return nil }
    defer { free(value) }
    return String(cString: value)
  }

  func removeAttribute(_ name: String) {
    if let property = xmlHasProp(node, name) { xmlRemoveProp(property) }
  }

  var name: String { String(cString: node.pointee.name) }

  var line: Int { Int(xmlGetLineNo(node)) }

  /// The element children, in order.
  var children: [Element] { childrenWithOffsets.map(\.element) }

  /// The element children with their offsets among all the child nodes, text nodes counted.
  var childrenWithOffsets: [(offset: Int, element: Element)] {
    var result: [(offset: Int, element: Element)] = []
    var child = node.pointee.children
    var offset = 0
    while let current = child {
      if current.pointee.type == XML_ELEMENT_NODE { result.append((offset, Element(owner: owner, node: current))) }
      child = current.pointee.next
      offset += 1
    }
    return result
  }

  /// The child node at `offset`, text nodes counted, when that node is an element.
  func childElement(atNodeOffset offset: Int) -> Element? {
    var child = node.pointee.children
    var index = 0
    while let current = child, index < offset {
      child = current.pointee.next
      index += 1
    }
    guard let child, child.pointee.type == XML_ELEMENT_NODE else { return nil }
    return Element(owner: owner, node: child)
  }

  /// Every element below this one, depth first, in document order.
  func descendants(_ visit: (Element) -> Void) {
    var child = node.pointee.children
    while let current = child {
      if current.pointee.type == XML_ELEMENT_NODE {
        let element = Element(owner: owner, node: current)
        visit(element)
        element.descendants(visit)
      }
      child = current.pointee.next
    }
  }

}

/// A parsed HTML document that frees itself.
final class HTMLDocument {
  let pointer: xmlDocPtr

  init(pointer: xmlDocPtr) { self.pointer = pointer }

  /// Parses `source` with libxml2's HTML parser; nil when nothing could be parsed.
  static func parse(_ source: String, url: String) -> HTMLDocument? {
    _ = libxml2Ready
    let pointer = source.withCString { bytes in
      htmlReadMemory(
        bytes, Int32(strlen(bytes)), url, "UTF-8",
        linkcontract_html_parse_options | Int32(HTML_PARSE_NOERROR.rawValue)
          | Int32(HTML_PARSE_NOWARNING.rawValue))
    }
    return pointer.map(HTMLDocument.init)
  }

  /// Parses serialized XHTML-syntax bytes with libxml2's XML parser: a strict well-formedness
  /// check. On failure, the parser's message and line. The reference `SerializedPage`, which
  /// builds use, is tested against.
  static func parseWellFormed(bytes: [UInt8], url: String) -> Result<HTMLDocument, WellFormednessError> {
    xmlResetLastError()
    let pointer = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        xmlReadMemory(
          chars.baseAddress, Int32(chars.count), url, "UTF-8",
          Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue))
      }
    }
    if let pointer { return .success(HTMLDocument(pointer: pointer)) }
    let error = xmlGetLastError()
    let message = error.flatMap { $0.pointee.message }.map { String(cString: $0) } ?? "unknown error"
    return .failure(
      WellFormednessError(
        message: message.trimmingTrailingNewline, line: Int(error?.pointee.line ?? 1)))
  }

  func copy() -> HTMLDocument { HTMLDocument(pointer: xmlCopyDoc(pointer, 1)) }

  var root: Element? { xmlDocGetRootElement(pointer).map { Element(owner: self, node: $0) } }

  /// The document serialized by libxml2 in XHTML syntax: valid HTML5 that an XML parser can
  /// also read, so that reading it back (`SerializedPage`) is a strict well-formedness check.
  func serializedXHTML() -> [UInt8] {
    if let root { closeEmptyElements(root, inForeignContent: false) }
    guard let buffer = xmlBufferCreate() else { return [] }
    defer { xmlBufferFree(buffer) }
    // Grow by doubling: libxml2's default grows to the exact size, which is quadratic for big pages.
    xmlBufferSetAllocationScheme(buffer, XML_BUFFER_ALLOC_DOUBLEIT)
    let options = Int32(XML_SAVE_XHTML.rawValue | XML_SAVE_NO_DECL.rawValue)
    guard let context = xmlSaveToBuffer(buffer, "UTF-8", options) else { return [] }
    _ = xmlSaveDoc(context, pointer)
    _ = xmlSaveClose(context)
    guard let content = xmlBufferContent(buffer) else { return [] }
    return Array(UnsafeBufferPointer(start: content, count: Int(xmlBufferLength(buffer))))
  }

  /// Gives every empty element that is not void an empty text child, so that the serializer
  /// writes `<td></td>`, never `<td/>`, which HTML does not allow. SVG elements may self-close.
  func closeEmptyElements(_ element: Element, inForeignContent: Bool) {
    Self.closeEmpty(element.node, inForeignContent: inForeignContent, document: pointer)
  }

  private static func closeEmpty(_ node: xmlNodePtr, inForeignContent: Bool, document: xmlDocPtr) {
    let foreign = inForeignContent || xmlStrEqual(node.pointee.name, "svg") != 0
    guard let first = node.pointee.children else {
      if !foreign, !voidElements.contains(where: { xmlStrEqual(node.pointee.name, $0) != 0 }) {
        xmlAddChild(node, xmlNewDocTextLen(document, "", 0))
      }
      return
    }
    var child: xmlNodePtr? = first
    while let current = child {
      if current.pointee.type == XML_ELEMENT_NODE { closeEmpty(current, inForeignContent: foreign, document: document) }
      child = current.pointee.next
    }
  }

  deinit { xmlFreeDoc(pointer) }
}

/// HTML elements that never have content or an end tag.
let voidElements: [String] = [
  "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
]

/// libxml2's global setup, done once: every use of libxml2 starts from a parsed template.
let libxml2Ready: Void = {
  xmlInitParser()
}()

/// Why a rendered page is not well-formed.
struct WellFormednessError: Error {
  let message: String
  let line: Int
}

extension String {
  var trimmingTrailingNewline: String {
    var text = Substring(self)
    while text.last == "\n" { text = text.dropLast() }
    return String(text)
  }
}
