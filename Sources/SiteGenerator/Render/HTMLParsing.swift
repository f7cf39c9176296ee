import CLibXML2

#if canImport(Glibc)
  import Glibc
#endif

/// Reading HTML and XHTML with libxml2 into an `HTMLDocument`: templates are parsed with its
/// HTML parser; tests read written pages back with its XML parser.
extension HTMLDocument {
  /// Parses `source` with libxml2's HTML parser; nil when nothing could be parsed.
  static func parse(_ source: String, url: String) -> HTMLDocument? {
    _ = libxml2Ready
    let pointer = source.withCString { bytes in
      htmlReadMemory(
        bytes, Int32(strlen(bytes)), url, "UTF-8",
        linkcontract_html_parse_options | Int32(HTML_PARSE_NOERROR.rawValue)
          | Int32(HTML_PARSE_NOWARNING.rawValue))
    }
    guard let pointer else { return nil }
    defer { xmlFreeDoc(pointer) }
    return HTMLDocument(converting: pointer)
  }

  /// Parses serialized XHTML-syntax bytes with libxml2's XML parser: a strict well-formedness
  /// check. On failure, the parser's message and line. The reference `SerializedPage`, which
  /// builds use, is tested against.
  static func parseWellFormed(bytes: [UInt8], url: String) -> Result<HTMLDocument, WellFormednessError> {
    _ = libxml2Ready
    xmlResetLastError()
    let pointer = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        xmlReadMemory(
          chars.baseAddress, Int32(chars.count), url, "UTF-8",
          Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue))
      }
    }
    if let pointer {
      defer { xmlFreeDoc(pointer) }
      return .success(HTMLDocument(converting: pointer))
    }
    let error = xmlGetLastError()
    let message = error.flatMap { $0.pointee.message }.map { String(cString: $0) } ?? "unknown error"
    return .failure(
      WellFormednessError(
        message: message.trimmingTrailingNewline, line: Int(error?.pointee.line ?? 1)))
  }

  /// A document holding what libxml2 parsed, with each node's line.
  private convenience init(converting document: xmlDocPtr) {
    self.init()
    var child = document.pointee.children
    while let current = child {
      convert(current, into: 0)
      child = current.pointee.next
    }
  }

  private func convert(_ node: xmlNodePtr, into parent: Int32) {
    let line = Int32(clamping: xmlGetLineNo(node))
    switch node.pointee.type {
    case XML_ELEMENT_NODE:
      let element = append(.element, Self.qualifiedName(node.pointee.name, node.pointee.ns), to: parent, line: line)
      var namespace = node.pointee.nsDef
      while let current = namespace {
        let name = current.pointee.prefix.map { "xmlns:" + String(cString: $0) } ?? "xmlns"
        appendAttribute(name, current.pointee.href.map { String(cString: $0) } ?? "", to: element)
        namespace = current.pointee.next
      }
      var property = node.pointee.properties
      while let current = property {
        var value = ""
        var part = current.pointee.children
        while let text = part {
          if let content = text.pointee.content { value += String(cString: content) }
          part = text.pointee.next
        }
        appendAttribute(Self.qualifiedName(current.pointee.name, current.pointee.ns), value, to: element)
        property = current.pointee.next
      }
      var child = node.pointee.children
      while let current = child {
        convert(current, into: element)
        child = current.pointee.next
      }
    case XML_TEXT_NODE:
      append(.text, node.pointee.content.map { String(cString: $0) } ?? "", to: parent, line: line)
    case XML_CDATA_SECTION_NODE:
      append(.cdata, node.pointee.content.map { String(cString: $0) } ?? "", to: parent, line: line)
    case XML_COMMENT_NODE:
      append(.comment, node.pointee.content.map { String(cString: $0) } ?? "", to: parent, line: line)
    case XML_PI_NODE:
      let target = String(cString: node.pointee.name)
      let content = node.pointee.content.map { " " + String(cString: $0) } ?? ""
      append(.processingInstruction, "<?" + target + content + "?>", to: parent, line: line)
    case XML_DTD_NODE:
      let dtd = UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlDtd.self).pointee
      var declaration = "<!DOCTYPE " + (dtd.name.map { String(cString: $0) } ?? "html")
      if let external = dtd.ExternalID {
        declaration += " PUBLIC \"" + String(cString: external) + "\""
        if let system = dtd.SystemID { declaration += " \"" + String(cString: system) + "\"" }
      } else if let system = dtd.SystemID {
        declaration += " SYSTEM \"" + String(cString: system) + "\""
      }
      append(.doctype, declaration + ">", to: parent, line: line)
    default:
      break
    }
  }

  private static func qualifiedName(_ name: UnsafePointer<xmlChar>?, _ namespace: xmlNsPtr?) -> String {
    let local = name.map { String(cString: $0) } ?? ""
    guard let prefix = namespace?.pointee.prefix else { return local }
    return String(cString: prefix) + ":" + local
  }

  /// The document written by libxml2's XML serializer, as builds wrote pages before
  /// `serializedXHTML`: the reference tests hold `serializedXHTML` to.
  func libxml2Serialized() -> [UInt8] {
    _ = libxml2Ready
    guard let document = htmlNewDocNoDtD(nil, nil) else { return [] }
    defer { xmlFreeDoc(document) }
    document.pointee.encoding = UnsafePointer(xmlStrdup("UTF-8"))
    func build(_ index: Int32, into parent: xmlNodePtr?) {
      let node = nodes[Int(index)]
      let value = value(of: index)
      let made: xmlNodePtr?
      switch node.kind {
      case .element:
        made = xmlNewDocNode(document, nil, value, nil)
        var attribute = node.firstAttribute
        while attribute >= 0 {
          xmlNewProp(made, attributes[Int(attribute)].name, attributes[Int(attribute)].value)
          attribute = attributes[Int(attribute)].next
        }
      case .text:
        var value = value
        made = value.withUTF8 { bytes in
          bytes.withMemoryRebound(to: xmlChar.self) { xmlNewDocTextLen(document, $0.baseAddress, Int32($0.count)) }
        }
      case .comment: made = xmlNewDocComment(document, value)
      case .cdata: made = xmlNewCDataBlock(document, value, Int32(value.utf8.count))
      case .doctype:
        precondition(value == "<!DOCTYPE html>", "the reference writes only `<!DOCTYPE html>`")
        // libxml2 puts a new doctype first; moved, it stays after the comments before it.
        guard let dtd = xmlCreateIntSubset(document, "html", nil, nil) else { return }
        let node = UnsafeMutableRawPointer(dtd).assumingMemoryBound(to: xmlNode.self)
        xmlUnlinkNode(node)
        xmlAddChild(UnsafeMutableRawPointer(document).assumingMemoryBound(to: xmlNode.self), node)
        return
      case .written:
        // Markup written before goes in as libxml2 parses it, to be written again by libxml2.
        var list: xmlNodePtr?
        var bytes = (writtenParts[index]?.bytes ?? []) + [0]
        let status = bytes.withUnsafeMutableBufferPointer {
          xmlParseBalancedChunkMemory(document, nil, nil, 0, $0.baseAddress, &list)
        }
        precondition(status == 0, "written markup is well-formed")
        if let list, let parent { xmlAddChildList(parent, list) }
        return
      case .processingInstruction, .document:
        return
      }
      guard let made else { return }
      if let parent {
        xmlAddChild(parent, made)
      } else {
        xmlAddChild(UnsafeMutableRawPointer(document).assumingMemoryBound(to: xmlNode.self), made)
      }
      var child = node.firstChild
      while child >= 0 {
        build(child, into: made)
        child = nodes[Int(child)].next
      }
    }
    var child = nodes[0].firstChild
    while child >= 0 {
      build(child, into: nil)
      child = nodes[Int(child)].next
    }
    if let root = xmlDocGetRootElement(document) { Self.closeEmpty(root, inForeignContent: false, document: document) }
    guard let buffer = xmlBufferCreate() else { return [] }
    defer { xmlBufferFree(buffer) }
    let options = Int32(XML_SAVE_XHTML.rawValue | XML_SAVE_NO_DECL.rawValue)
    guard let context = xmlSaveToBuffer(buffer, "UTF-8", options) else { return [] }
    _ = xmlSaveDoc(context, document)
    _ = xmlSaveClose(context)
    guard let content = xmlBufferContent(buffer) else { return [] }
    return Array(UnsafeBufferPointer(start: content, count: Int(xmlBufferLength(buffer))))
  }

  /// Gives every empty element that is not void an empty text child, so that libxml2 writes
  /// `<td></td>`, never `<td/>`. SVG elements may self-close.
  private static func closeEmpty(_ node: xmlNodePtr, inForeignContent: Bool, document: xmlDocPtr) {
    let foreign = inForeignContent || xmlStrEqual(node.pointee.name, "svg") != 0
    guard let first = node.pointee.children else {
      if !foreign, !isVoidElement(String(cString: node.pointee.name)) {
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
}

/// libxml2's global setup, done once before its first use.
let libxml2Ready: Void = {
  xmlInitParser()
}()

/// Why a rendered page is not well-formed.
struct WellFormednessError: Error {
  let message: String
  let line: Int
}
