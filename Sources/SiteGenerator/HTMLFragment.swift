import CLibXML2

extension HTMLDocument {
  /// An empty HTML document with a `body`, for serializing parts of a page on their own.
  static func fragment() -> HTMLDocument {
    _ = libxml2Ready
    guard let pointer = htmlNewDocNoDtD(nil, nil), let html = xmlNewDocNode(pointer, nil, "html", nil),
      let body = xmlNewDocNode(pointer, nil, "body", nil)
    else { preconditionFailure("libxml2 cannot make an empty page") }
    xmlDocSetRootElement(pointer, html)
    xmlAddChild(html, body)
    return HTMLDocument(pointer: pointer)
  }

  /// The `body` element of a document made by `fragment()`.
  var body: Element {
    guard let html = root, let body = html.children.first(where: { $0.name == "body" }) else {
      preconditionFailure("a fragment document has a body")
    }
    return body
  }

  /// The children of `element` serialized as `serializedXHTML` writes them inside the page.
  func serializedChildren(of element: Element) -> [UInt8] {
    closeEmptyElements(element, inForeignContent: false)
    guard let buffer = xmlBufferCreate() else { return [] }
    defer { xmlBufferFree(buffer) }
    xmlBufferSetAllocationScheme(buffer, XML_BUFFER_ALLOC_DOUBLEIT)
    let options = Int32(XML_SAVE_XHTML.rawValue | XML_SAVE_NO_DECL.rawValue)
    guard let context = xmlSaveToBuffer(buffer, "UTF-8", options) else { return [] }
    var child = element.node.pointee.children
    while let current = child {
      _ = xmlSaveTree(context, current)
      child = current.pointee.next
    }
    _ = xmlSaveClose(context)
    guard let content = xmlBufferContent(buffer) else { return [] }
    return Array(UnsafeBufferPointer(start: content, count: Int(xmlBufferLength(buffer))))
  }
}
