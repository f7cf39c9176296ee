import CLibXML2

#if canImport(Glibc)
  import Glibc
#endif

/// An element in a libxml2 document under construction. Text is always added as text nodes,
/// so it is escaped by the serializer, never spliced into markup.
struct Element {
  let node: xmlNodePtr

  var document: xmlDocPtr { node.pointee.doc }

  /// Appends a child element and returns it.
  @discardableResult
  func add(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) -> Element {
    let child = xmlNewDocNode(document, nil, name, nil)!
    for (key, value) in attributes { xmlNewProp(child, key, value) }
    xmlAddChild(node, child)
    return Element(node: child)
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
    let node = text.withCString { xmlNewDocTextLen(document, $0, Int32(strlen($0))) }!
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
  var children: [Element] {
    var result: [Element] = []
    var child = node.pointee.children
    while let current = child {
      if current.pointee.type == XML_ELEMENT_NODE { result.append(Element(node: current)) }
      child = current.pointee.next
    }
    return result
  }

  /// Every element below this one, depth first, in document order.
  func descendants(_ visit: (Element) -> Void) {
    var child = node.pointee.children
    while let current = child {
      if current.pointee.type == XML_ELEMENT_NODE {
        let element = Element(node: current)
        visit(element)
        element.descendants(visit)
      }
      child = current.pointee.next
    }
  }

  /// The concatenated text of this element and its descendants.
  var textContent: String {
    guard let content = xmlNodeGetContent(node) else { return "" }
    defer { free(content) }
    return String(cString: content)
  }

  func removeChildren() {
    while let child = node.pointee.children {
      xmlUnlinkNode(child)
      xmlFreeNode(child)
    }
  }
}

/// A parsed HTML document that frees itself.
final class HTMLDocument {
  let pointer: xmlDocPtr

  init(pointer: xmlDocPtr) { self.pointer = pointer }

  /// Parses `source` with libxml2's HTML parser; nil when nothing could be parsed.
  static func parse(_ source: String, url: String) -> HTMLDocument? {
    let pointer = source.withCString { bytes in
      htmlReadMemory(
        bytes, Int32(strlen(bytes)), url, "UTF-8",
        linkcontract_html_parse_options | Int32(HTML_PARSE_NOERROR.rawValue)
          | Int32(HTML_PARSE_NOWARNING.rawValue))
    }
    return pointer.map(HTMLDocument.init)
  }

  func copy() -> HTMLDocument { HTMLDocument(pointer: xmlCopyDoc(pointer, 1)) }

  var root: Element? { xmlDocGetRootElement(pointer).map(Element.init) }

  /// The document serialized by libxml2 as HTML.
  func serialized() -> [UInt8] {
    var buffer: UnsafeMutablePointer<xmlChar>?
    var size: Int32 = 0
    htmlDocDumpMemoryFormat(pointer, &buffer, &size, 0)
    guard let buffer else { return [] }
    defer { free(buffer) }
    return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
  }

  deinit { xmlFreeDoc(pointer) }
}

/// Called once before any thread uses libxml2.
let libxml2Ready: Void = {
  xmlInitParser()
}()
