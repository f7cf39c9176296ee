import AssociationChecks
import CLibXML2
import ContractArtifacts
import Foundation
import LinkContract

/// One place in a file where a role's value is written, before it is judged.
public struct Occurrence: Sendable, Hashable {
  /// Relative to the checkout.
  public let path: String
  /// 0 where the file has no lines (a binary property list).
  public let line: Int
  public let column: Int
  public let role: AuditRole
  /// The value as the role reads it: a host, a scheme, a fingerprint, a package or a URL.
  public let value: String
  /// The text compared with the contract: the host of a URL, a lowercased scheme.
  let key: String
  /// A problem the scanner saw in the form itself (an `http://` base URL), or nil.
  let formProblem: String?
  /// The flavor, build type or configuration that ships the value, as the file names them,
  /// where it is not the release build itself (a `staging` flavor's release build: `["staging"]`).
  var variant: [String] = []
  /// Whether the value is computed (a variable, a template, an undecided condition): `value` is
  /// then the expression as written.
  var computed = false
  /// How the value was read, for the finding's message (`defaultConfig's applicationId (line 8)`).
  var detail: String?
}

/// A checkout file that may hold contract values, or one value in it, that could not be read.
public struct UnreadableFile: Sendable, Hashable {
  /// Relative to the checkout.
  public let path: String
  /// Where reading stopped; 0 when no line applies.
  public let line: Int
  public let column: Int
  /// `could not read this property list: it nests elements deeper than 256 levels`.
  public let message: String
  /// The roles it could hold (the file names their keys), none of which is then also reported
  /// missing.
  public let roles: [AuditRole]
  /// Whether the whole file could not be read (not one value of it): then no role expected in
  /// that file is reported missing either.
  let wholeFile: Bool
}

/// What the scanners read in a checkout.
public struct CheckoutScan: Sendable {
  public var occurrences: [Occurrence] = []
  public var unreadable: [UnreadableFile] = []
  /// The Android app's build files read (an application module's Gradle files, a project file
  /// that targets Android): where a missing application id belongs.
  var buildFiles: [String] = []

  static func += (scan: inout CheckoutScan, other: CheckoutScan) {
    scan.occurrences += other.occurrences
    scan.unreadable += other.unreadable
    scan.buildFiles += other.buildFiles
  }
}

/// Why a file, or a value in it, could not be read, and where when known.
struct Unreadable: Error, Sendable, Hashable {
  /// Safe to print: any foreign text in it went through `Printed`.
  let reason: String
  var line = 0
  var column = 0

  init(_ reason: String, line: Int = 0, column: Int = 0) {
    self.reason = reason
    self.line = line
    self.column = column
  }
}

/// The file `path` unreadable: `could not read this WHAT: REASON`, the reason printed safely.
func unreadableFile(_ path: String, _ what: String, _ failure: Unreadable, roles: [AuditRole]) -> UnreadableFile {
  UnreadableFile(
    path: path, line: failure.line, column: failure.column,
    message: "could not read this \(what): \(failure.reason)", roles: roles, wholeFile: true)
}

/// The roles of a file kind whose key `bytes` mention: an unreadable file that names a key may
/// hold its values. The settings keys are those of `spots`.
func mentionedRoles(_ kind: FileKind, _ bytes: [UInt8], spots: [Spot] = []) -> [AuditRole] {
  let keys: [(String, [AuditRole])]
  switch kind {
  case .plist: keys = plistKeys.map { ($0.key, [$0.role]) }
  case .manifest:
    keys = [("intent-filter", [.androidAppLinkHost, .androidCallbackScheme]), ("package", [.androidApplicationID])]
  case .project: keys = [("ApplicationId", [.androidApplicationID])]
  case .appSettings:
    keys = spots.compactMap { spot in
      guard spot.file.hasSuffix(".json"), let role = spot.role else { return nil }
      return (String(spot.key.split(separator: ":").last ?? ""), [role])
    }
  case .csharp, .runbook, .gradle: keys = []
  }
  let named = Set(keys.filter { bytes.contains(Array($0.0.utf8)) }.flatMap(\.1))
  return AuditRole.allCases.filter(named.contains)
}

// MARK: XML: plists and Android manifests

/// The text of an element or attribute: its text and CDATA children, or the name of the first
/// entity it refers to, which the audit never expands.
enum XMLText: Equatable {
  case text(String)
  case entity(String)

  init(children first: xmlNodePtr?) {
    var result = ""
    var child = first
    while let current = child {
      switch current.pointee.type {
      case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
        if let content = current.pointee.content { result += String(cString: content) }
      case XML_ENTITY_REF_NODE:
        self = .entity(String(cString: current.pointee.name))
        return
      default: break
      }
      child = current.pointee.next
    }
    self = .text(result)
  }

  var text: String? {
    if case .text(let text) = self { text } else { nil }
  }
}

/// An element of a libxml2 document, enough to walk it.
struct XMLNode {
  let node: xmlNodePtr

  var name: String { String(cString: node.pointee.name) }
  /// libxml2's line of the start tag, where no offset was noted.
  var line: Int { Int(xmlGetLineNo(node)) }
  /// The byte offset of the start tag's closing `>` (or `/>`), as the parser noted it.
  var tagEnd: Int? { offset(node.pointee._private) }

  var children: [XMLNode] {
    var result: [XMLNode] = []
    var child = node.pointee.children
    while let current = child {
      if current.pointee.type == XML_ELEMENT_NODE { result.append(XMLNode(node: current)) }
      child = current.pointee.next
    }
    return result
  }

  var text: XMLText { XMLText(children: node.pointee.children) }

  /// An attribute by its local name, in any namespace (`android:host` is `host`), with the byte
  /// offset of its value where the parser noted one.
  func attribute(_ local: String) -> (text: XMLText, offset: Int?)? {
    var property = node.pointee.properties
    while let current = property {
      if String(cString: current.pointee.name) == local {
        return (XMLText(children: current.pointee.children), offset(current.pointee._private))
      }
      property = current.pointee.next
    }
    return nil
  }

  /// This element and every element below it, in document order; read without recursion.
  var descendants: [XMLNode] {
    var result: [XMLNode] = []
    var current: xmlNodePtr? = node
    while let visiting = current {
      result.append(XMLNode(node: visiting))
      var next = firstElement(from: visiting.pointee.children)
      var ancestor = visiting
      while next == nil, ancestor != node, let parent = ancestor.pointee.parent {
        next = firstElement(from: ancestor.pointee.next)
        ancestor = parent
      }
      current = next
    }
    return result
  }

  private func firstElement(from first: xmlNodePtr?) -> xmlNodePtr? {
    var candidate = first
    while let current = candidate, current.pointee.type != XML_ELEMENT_NODE { candidate = current.pointee.next }
    return candidate
  }

  private func offset(_ noted: UnsafeMutableRawPointer?) -> Int? { noted.map { Int(bitPattern: $0) - 1 } }
}

/// libxml2's SAX2 start-element handler, noting in each element's `_private` the byte offset
/// (plus one) of its start tag's `>`, and in each attribute's the offset of its value when the
/// value is the file's own bytes (not rewritten by an escape).
private let notingStartElement: startElementNsSAX2Func = {
  context, name, prefix, uri, namespaceCount, namespaces, attributeCount, defaultedCount, attributes in
  xmlSAX2StartElementNs(
    context, name, prefix, uri, namespaceCount, namespaces, attributeCount, defaultedCount, attributes)
  guard let parser = context?.assumingMemoryBound(to: xmlParserCtxt.self), let input = parser.pointee.input,
    let element = parser.pointee.node, let cursor = input.pointee.cur
  else { return }
  let end = Int(xmlByteConsumed(parser))
  element.pointee._private = UnsafeMutableRawPointer(bitPattern: end + 1)
  guard let attributes, let base = input.pointee.base, let limit = input.pointee.end else { return }
  var property = element.pointee.properties
  for index in 0..<Int(attributeCount - defaultedCount) {
    guard let current = property else { break }
    // Each attribute is five pointers: local name, prefix, URI, value start, value end.
    if let value = attributes[5 * index + 3], value >= base, value < limit,
      xmlStrEqual(current.pointee.name, attributes[5 * index]) != 0
    {
      current.pointee._private = UnsafeMutableRawPointer(bitPattern: end - value.distance(to: cursor) + 1)
    }
    property = current.pointee.next
  }
}

/// Parses XML bytes with libxml2 and hands the root to `body`: no network, no DTD loaded, no
/// entity substituted (a reference stays a node, which `XMLText` reports), elements nested at
/// most 256 deep (libxml2's bound). Each element and attribute notes its byte offset
/// (`XMLNode.tagEnd`, `XMLNode.attribute`). Throws why the bytes are not a document.
func withXMLRoot<T>(_ bytes: [UInt8], _ body: (XMLNode) -> T) throws(Unreadable) -> T {
  guard bytes.count < Int(Int32.max) else { throw Unreadable("larger than 2 GB") }
  guard let parser = xmlNewParserCtxt() else { throw Unreadable("libxml2 could not start") }
  defer { xmlFreeParserCtxt(parser) }
  parser.pointee.sax.pointee.startElementNs = notingStartElement
  let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
  let document = bytes.withUnsafeBufferPointer { buffer in
    buffer.withMemoryRebound(to: CChar.self) { chars in
      xmlCtxtReadMemory(parser, chars.baseAddress, Int32(chars.count), nil, nil, options)
    }
  }
  guard let document else {
    guard let error = xmlCtxtGetLastError(parser) else { throw Unreadable("not XML") }
    let message = error.pointee.message.map { String(cString: $0) } ?? "not XML"
    let reason =
      if error.pointee.code == XML_ERR_ENTITY_LOOP.rawValue {
        "it declares entities that expand without bound (an entity bomb); audit never expands an entity"
      } else if message.hasPrefix("Excessive depth") {
        "it nests elements deeper than 256 levels"
      } else {
        Printed.excerpt(message.trimmingCharacters(in: .whitespacesAndNewlines))
      }
    throw Unreadable(reason, line: Int(error.pointee.line))
  }
  defer { xmlFreeDoc(document) }
  guard let root = xmlDocGetRootElement(document) else { throw Unreadable("it has no root element") }
  return body(XMLNode(node: root))
}

/// Where an element's text starts: past its start tag and any white space.
func textStart(_ element: XMLNode, _ bytes: [UInt8]) -> Int? {
  guard var offset = element.tagEnd, offset < bytes.count, bytes[offset] == UInt8(ascii: ">") else { return nil }
  offset += 1
  while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
  return offset
}

/// The keys of a property list whose arrays of strings the audit reads.
let plistKeys: [(key: String, role: AuditRole)] = [
  ("com.apple.developer.associated-domains", .iosAssociatedDomain), ("CFBundleURLSchemes", .iosURLScheme),
]

/// What one string of a role's array registers: the value and the text compared, or nil for
/// another service (`webcredentials:`).
func plistEntry(_ role: AuditRole, _ raw: String) -> (value: String, key: String)? {
  let text = raw.trimmingCharacters(in: .whitespaces)
  guard role == .iosAssociatedDomain else { return (text, text.lowercased()) }
  guard text.hasPrefix("applinks:") else { return nil }
  // `?mode=developer` and `?mode=managed` are Apple's suffixes; the host is before them.
  return (text, String(text.dropFirst("applinks:".count).prefix { $0 != "?" }).lowercased())
}

/// The associated domains and URL schemes of a property list (entitlements or `Info.plist`),
/// XML or binary.
func scanPlist(_ path: String, _ bytes: [UInt8]) -> CheckoutScan {
  if bytes.starts(with: Array("bplist".utf8)) { return scanBinaryPlist(path, bytes) }
  let positions = SourcePositions(bytes)
  var scan = CheckoutScan()
  func at(_ node: XMLNode, _ offset: Int?) -> (line: Int, column: Int) {
    offset.map { positions.position(ofByte: $0) } ?? (node.line, 1)
  }
  func entity(_ node: XMLNode, _ name: String, _ roles: [AuditRole]) {
    let (line, column) = at(node, textStart(node, bytes))
    scan.unreadable.append(
      UnreadableFile(
        path: path, line: line, column: column,
        message: "could not read this value: it refers to the entity '&\(Printed.excerpt(name));', "
          + "and audit never expands an entity", roles: roles, wholeFile: false))
  }
  do {
    try withXMLRoot(bytes) { root in
      for dict in root.descendants where dict.name == "dict" {
        let items = dict.children
        for (index, key) in items.enumerated() where key.name == "key" && index + 1 < items.count {
          let value = items[index + 1]
          guard value.name == "array" else { continue }
          let name: String
          switch key.text {
          case .text(let text): name = text
          case .entity(let reference):
            entity(key, reference, plistKeys.map(\.role))
            continue
          }
          guard let role = plistKeys.first(where: { $0.key == name })?.role else { continue }
          for entry in value.children where entry.name == "string" {
            switch entry.text {
            case .entity(let reference): entity(entry, reference, [role])
            case .text(let raw):
              guard let (text, key) = plistEntry(role, raw) else { continue }
              let (line, column) = at(entry, textStart(entry, bytes))
              scan.occurrences.append(
                Occurrence(
                  path: path, line: line, column: column, role: role, value: text, key: key, formProblem: nil))
            }
          }
        }
      }
    }
  } catch {
    return CheckoutScan(
      unreadable: [unreadableFile(path, "property list", error, roles: mentionedRoles(.plist, bytes))])
  }
  return scan
}

/// A binary property list's associated domains and URL schemes; they have no line (0).
func scanBinaryPlist(_ path: String, _ bytes: [UInt8]) -> CheckoutScan {
  var scan = CheckoutScan()
  do {
    let plist = try BinaryPlist(bytes)
    // Each container is walked once, however many others refer to it, and each role's array
    // read once per role: a shared object costs nothing more.
    var walked = [Bool](repeating: false, count: plist.objectCount)
    var open = [Bool](repeating: false, count: plist.objectCount)
    var read: Set<Int> = []
    func walk(_ index: Int, depth: Int) throws(Unreadable) {
      guard depth <= BinaryPlist.maximumDepth else {
        throw Unreadable("it nests arrays and dictionaries deeper than \(BinaryPlist.maximumDepth) levels")
      }
      guard !open[index] else { throw Unreadable("object \(index) contains itself") }
      guard !walked[index] else { return }
      walked[index] = true
      open[index] = true
      defer { open[index] = false }
      switch try plist.object(index) {
      case .array(let items):
        for item in items { try walk(item, depth: depth + 1) }
      case .dictionary(let pairs):
        for pair in pairs {
          for (number, (name, role)) in plistKeys.enumerated() {
            guard try plist.isString(pair.key, equalTo: name),
              read.insert(pair.value * plistKeys.count + number).inserted,
              case .array(let entries) = try plist.object(pair.value)
            else { continue }
            for entry in entries {
              guard case .string(let raw) = try plist.object(entry), let (text, key) = plistEntry(role, raw) else {
                continue
              }
              scan.occurrences.append(
                Occurrence(path: path, line: 0, column: 0, role: role, value: text, key: key, formProblem: nil))
            }
          }
          try walk(pair.value, depth: depth + 1)
        }
      case .string, .other: break
      }
    }
    try walk(plist.top, depth: 0)
  } catch {
    return CheckoutScan(
      unreadable: [unreadableFile(path, "binary property list", error, roles: mentionedRoles(.plist, bytes))])
  }
  return scan
}

/// The App Links hosts and custom schemes of the intent filters in an Android manifest (where
/// `intentFilters`), and its `package`, which `scanFiles` keeps where no build file sets the
/// application id instead.
func scanManifest(_ path: String, _ bytes: [UInt8], intentFilters: Bool = true) -> CheckoutScan {
  let positions = SourcePositions(bytes)
  var scan = CheckoutScan()
  /// An attribute's text, or nil (noted as unreadable when it refers to an entity).
  func read(_ element: XMLNode, _ name: String, _ role: AuditRole) -> (text: String, offset: Int?)? {
    guard let attribute = element.attribute(name) else { return nil }
    switch attribute.text {
    case .text(let text): return (text, attribute.offset)
    case .entity(let reference):
      let (line, column) = element.tagEnd.map { positions.position(ofByte: $0) } ?? (element.line, 1)
      scan.unreadable.append(
        UnreadableFile(
          path: path, line: line, column: column,
          message: "could not read \(name == "package" ? name : "android:" + name): it refers to the entity "
            + "'&\(Printed.excerpt(reference));', "
            + "and audit never expands an entity", roles: [role], wholeFile: false))
      return nil
    }
  }
  func add(_ element: XMLNode, _ value: (text: String, offset: Int?), _ role: AuditRole) {
    let (line, column) =
      (value.offset ?? element.tagEnd).map { positions.position(ofByte: $0) } ?? (element.line, 1)
    scan.occurrences.append(
      Occurrence(
        path: path, line: line, column: column, role: role, value: value.text, key: value.text.lowercased(),
        formProblem: nil))
  }
  do {
    try withXMLRoot(bytes) { root in
      if root.name == "manifest", let package = read(root, "package", .androidApplicationID) {
        let (line, column) =
          (package.offset ?? root.tagEnd).map { positions.position(ofByte: $0) } ?? (root.line, 1)
        scan.occurrences.append(
          Occurrence(
            path: path, line: line, column: column, role: .androidApplicationID, value: package.text,
            key: package.text, formProblem: nil, computed: package.text.contains("${"),
            detail: "the manifest's package attribute, which no build file overrides"))
      }
      for filter in intentFilters ? root.descendants : [] where filter.name == "intent-filter" {
        let data = filter.children.filter { $0.name == "data" }.map { ($0, read($0, "scheme", .androidCallbackScheme)) }
        let verified = filter.attribute("autoVerify")?.text == .text("true")
        let web = data.contains { $0.1.map { isWebScheme($0.text) } == true }
        for (element, scheme) in data {
          if verified, web, let host = read(element, "host", .androidAppLinkHost) {
            add(element, host, .androidAppLinkHost)
          }
          if let scheme, !isWebScheme(scheme.text) { add(element, scheme, .androidCallbackScheme) }
        }
      }
    }
  } catch {
    return CheckoutScan(
      unreadable: [unreadableFile(path, "manifest", error, roles: mentionedRoles(.manifest, bytes))])
  }
  return scan
}

func isWebScheme(_ scheme: String) -> Bool { ["http", "https"].contains(scheme.lowercased()) }

// MARK: C#: [IntentFilter] attributes and the constants they name

/// The text of a C# file with every comment blanked (strings kept), so that a commented-out
/// attribute is never read.
func blankingCSharpComments(_ bytes: [UInt8]) -> [UInt8] {
  let (quote, newline, backslash, slash, star, space) = (
    UInt8(ascii: "\""), UInt8(ascii: "\n"), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "*"), UInt8(ascii: " ")
  )
  var out = bytes
  var index = 0
  while index < out.count {
    switch out[index] {
    case quote:
      // A string literal; a verbatim @"..." doubles its quotes, which this reads as two strings.
      index += 1
      while index < out.count, out[index] != quote, out[index] != newline {
        index += out[index] == backslash ? 2 : 1
      }
      index += 1
    case slash where index + 1 < out.count && out[index + 1] == slash:
      while index < out.count, out[index] != newline {
        out[index] = space
        index += 1
      }
    case slash where index + 1 < out.count && out[index + 1] == star:
      while index < out.count, !(out[index] == star && index + 1 < out.count && out[index + 1] == slash) {
        if out[index] != newline { out[index] = space }
        index += 1
      }
      for k in index..<min(index + 2, out.count) { out[k] = space }
      index += 2
    default:
      index += 1
    }
  }
  return out
}

/// A `const string NAME = "value";` declaration: the value, and the file and index where it is.
struct CSharpConstant {
  let value: String
  let path: String
  let offset: String.Index
}

/// The string constants of a C# file, by name.
func csharpConstants(_ path: String, _ code: String) -> [String: CSharpConstant] {
  var constants: [String: CSharpConstant] = [:]
  var rest = code[...]
  while let range = rest.firstRange(of: "const string ") {
    let after = rest[range.upperBound...]
    let name = after.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    var tail = after.dropFirst(name.count).drop { $0 == " " }
    if tail.first == "=" {
      tail = tail.dropFirst().drop { $0 == " " }
      if tail.first == "\"" {
        let start = tail.index(after: tail.startIndex)
        if let end = tail[start...].firstIndex(of: "\"") {
          constants[String(name)] = CSharpConstant(value: String(tail[start..<end]), path: path, offset: start)
        }
      }
    }
    rest = after
  }
  return constants
}

/// One `[IntentFilter(...)]` attribute: its named arguments, each with the index of its value.
func intentFilterAttributes(_ code: String) -> [[(name: String, value: Substring)]] {
  var attributes: [[(String, Substring)]] = []
  var rest = code[...]
  while let range = rest.firstRange(of: "IntentFilter(") {
    // The argument list runs to the matching parenthesis, or to the end of an unclosed one.
    var depth = 1
    var index = range.upperBound
    var inString = false
    while index < rest.endIndex, depth > 0 {
      let character = rest[index]
      if inString {
        if character == "\"" { inString = false }
      } else if character == "\"" {
        inString = true
      } else if character == "(" {
        depth += 1
      } else if character == ")" {
        depth -= 1
      }
      index = rest.index(after: index)
    }
    let arguments = rest[range.upperBound..<(depth == 0 ? rest.index(before: index) : index)]
    attributes.append(namedArguments(arguments))
    rest = rest[index...]
  }
  return attributes
}

/// `Name = value` pairs at the top level of an argument list (values keep their text).
func namedArguments(_ text: Substring) -> [(name: String, value: Substring)] {
  var pairs: [(String, Substring)] = []
  var depth = 0
  var inString = false
  var start = text.startIndex
  func take(_ piece: Substring) {
    guard let equals = piece.firstIndex(of: "=") else { return }
    let name = piece[..<equals].trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return }
    var value = piece[piece.index(after: equals)...]
    while value.first?.isWhitespace == true { value = value.dropFirst() }
    while value.last?.isWhitespace == true { value = value.dropLast() }
    pairs.append((name, value))
  }
  var index = text.startIndex
  while index < text.endIndex {
    let character = text[index]
    if inString {
      if character == "\"" { inString = false }
    } else if character == "\"" {
      inString = true
    } else if "({[".contains(character) {
      depth += 1
    } else if ")}]".contains(character) {
      depth -= 1
    } else if character == ",", depth == 0 {
      take(text[start..<index])
      start = text.index(after: index)
    }
    index = text.index(after: index)
  }
  take(text[start...])
  return pairs
}

/// The string values an attribute argument names: literals, or constants (`PublicWebHost`,
/// `MainActivity.PublicWebHost`) that `constant` finds, each with the file and index where its
/// text is written.
func csharpValues(_ value: Substring, file: String, constant: (String) -> CSharpConstant?) -> [CSharpConstant] {
  var results: [CSharpConstant] = []
  var index = value.startIndex
  while index < value.endIndex {
    let character = value[index]
    if character == "\"" {
      let start = value.index(after: index)
      let end = value[start...].firstIndex(of: "\"") ?? value.endIndex
      results.append(CSharpConstant(value: String(value[start..<end]), path: file, offset: start))
      index = end < value.endIndex ? value.index(after: end) : end
    } else if character.isLetter || character == "_" {
      let word = value[index...].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
      let name = word.split(separator: ".").last.map(String.init) ?? String(word)
      if let found = constant(name) { results.append(found) }
      index = word.endIndex
    } else {
      index = value.index(after: index)
    }
  }
  return results
}

/// The App Links hosts and callback schemes of the `[IntentFilter]` attributes in C# files,
/// reading the string constants they name. `files` maps relative paths to their bytes; the
/// constants of every file are visible, those of the attribute's own file first.
func scanCSharp(_ files: [(path: String, bytes: [UInt8])]) -> [Occurrence] {
  let codes = files.map { (path: $0.path, code: String(decoding: blankingCSharpComments($0.bytes), as: UTF8.self)) }
  var own: [String: [String: CSharpConstant]] = [:]
  var shared: [String: CSharpConstant] = [:]
  var texts: [String: String] = [:]
  for file in codes {
    let constants = csharpConstants(file.path, file.code)
    own[file.path] = constants
    shared.merge(constants) { first, _ in first }
    texts[file.path] = file.code
  }
  var positions: [String: SourcePositions] = [:]
  var found: [Occurrence] = []
  func add(_ value: CSharpConstant, _ role: AuditRole) {
    let code = texts[value.path] ?? ""
    if positions[value.path] == nil { positions[value.path] = SourcePositions(Array(code.utf8)) }
    let offset = code.utf8.distance(from: code.startIndex, to: value.offset)
    let (line, column) = positions[value.path]?.position(ofByte: offset) ?? (1, 1)
    found.append(
      Occurrence(
        path: value.path, line: line, column: column, role: role, value: value.value, key: value.value.lowercased(),
        formProblem: nil))
  }
  for file in codes where file.code.contains("IntentFilter(") {
    let constants = own[file.path] ?? [:]
    for attribute in intentFilterAttributes(file.code) {
      func values(_ names: [String]) -> [CSharpConstant] {
        attribute.filter { names.contains($0.name) }.flatMap {
          csharpValues($0.value, file: file.path) { constants[$0] ?? shared[$0] }
        }
      }
      let verified = attribute.contains { $0.name == "AutoVerify" && $0.value == "true" }
      let schemes = values(["DataScheme", "DataSchemes"])
      if verified, schemes.contains(where: { isWebScheme($0.value) }) {
        for host in values(["DataHost", "DataHosts"]) { add(host, .androidAppLinkHost) }
      }
      for scheme in schemes where !isWebScheme(scheme.value) { add(scheme, .androidCallbackScheme) }
    }
  }
  return found
}

// MARK: appsettings*.json

/// The settings that roles read, with the key each role reads taken from `spots`.
func scanAppSettings(_ path: String, _ bytes: [UInt8], spots: [Spot]) -> CheckoutScan {
  let entries: [AppSettings.Entry]
  do {
    entries = try AppSettings.entries(bytes)
  } catch {
    let failure = Unreadable(Printed.excerpt(error.message), line: error.line, column: error.column)
    return CheckoutScan(
      unreadable: [
        unreadableFile(path, "settings file", failure, roles: mentionedRoles(.appSettings, bytes, spots: spots))
      ])
  }
  let keyed = spots.compactMap { spot -> (key: String, role: AuditRole)? in
    guard spot.file.hasSuffix(".json"), let role = spot.role else { return nil }
    return (spot.key.lowercased(), role)
  }
  var scan = CheckoutScan()
  for entry in entries {
    let key = entry.key.lowercased()
    // A list's items are `Key:0`, `Key:1`; configuration keys ignore case.
    guard
      let role = keyed.first(where: {
        key == $0.key || (key.hasPrefix($0.key + ":") && key.dropFirst($0.key.count + 1).allSatisfy(\.isNumber))
      })?.role
    else { continue }
    var compared = entry.value
    var problem: String?
    if role == .publicBaseURL {
      let url = URLParts(entry.value)
      compared = url?.host ?? entry.value
      if url?.scheme != "https" {
        problem = "the public base URL must be https"
      } else if let extra = url?.beyondOrigin {
        problem = "a base URL is a scheme and a host alone, and this one has \(extra)"
      }
    } else if role == .servedFingerprint {
      compared = entry.value.uppercased()
    } else if role == .oauthReturnScheme {
      compared = entry.value.lowercased()
    }
    scan.occurrences.append(
      Occurrence(
        path: path, line: entry.line, column: entry.column + 1, role: role, value: entry.value,
        key: role == .servedFingerprint || role == .servedPackage ? compared : compared.lowercased(),
        formProblem: problem))
  }
  return scan
}

/// The scheme and host of an absolute URL, enough for the roles.
struct URLParts {
  let scheme: String
  let host: String
  /// Everything after the authority: the path, query and fragment.
  let rest: Substring
  let hasUserinfo: Bool
  let hasPort: Bool

  init?(_ text: some StringProtocol) {
    let text = Substring(text)
    guard let separator = text.firstRange(of: "://") else { return nil }
    scheme = text[..<separator.lowerBound].lowercased()
    let after = text[separator.upperBound...]
    let authority = after.prefix { !"/?#".contains($0) }
    let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
    host = String(hostAndPort.split(separator: ":").first ?? "").lowercased()
    hasUserinfo = authority.contains("@")
    hasPort = hostAndPort.contains(":")
    rest = after.dropFirst(authority.count)
  }

  /// What the URL has besides a scheme and a host (userinfo, a port, a path, a query, a
  /// fragment), in words; nil when nothing (a final `/` is nothing).
  var beyondOrigin: String? {
    var parts: [String] = []
    if hasUserinfo { parts.append("userinfo") }
    if hasPort { parts.append("a port") }
    let path = rest.prefix { $0 != "?" && $0 != "#" }
    if path.count > 1 { parts.append("a path") }
    let after = rest.dropFirst(path.count)
    if after.first == "?" { parts.append("a query") }
    if after.contains("#") { parts.append("a fragment") }
    guard let last = parts.popLast() else { return nil }
    return parts.isEmpty ? last : parts.joined(separator: ", ") + " and " + last
  }
}

// MARK: runbooks

/// The association-file, Apple CDN and Digital Asset Links check URLs in a Markdown or shell file, each
/// read down to the host it checks. The value printed is rebuilt from the host, so that no
/// other query parameter (an API key) is ever echoed.
func scanRunbook(_ path: String, _ bytes: [UInt8]) -> [Occurrence] {
  var found: [Occurrence] = []
  let stops: Set<Character> = [" ", "\t", "\"", "'", "<", ">", "(", ")", "`", "\\", "[", "]"]
  let text = String(decoding: bytes, as: UTF8.self)
  let positions = SourcePositions(Array(text.utf8))
  var rest = text[...]
  while let range = rest.firstRange(of: "://") {
    var start = range.lowerBound
    while start > rest.startIndex, rest[rest.index(before: start)].isLetter { start = rest.index(before: start) }
    var end = range.upperBound
    while end < rest.endIndex, !stops.contains(rest[end]), !rest[end].isNewline { end = rest.index(after: end) }
    let url = rest[start..<end]
    rest = rest[end...]
    guard let parts = URLParts(url) else { continue }
    var host: String?
    var shown = ""
    if let path = wellKnownPaths.first(where: { parts.rest.hasPrefix($0) }) {
      host = parts.host
      shown = "\(parts.scheme)://\(parts.host)\(path)"
    } else if parts.host == "app-site-association.cdn-apple.com", parts.rest.hasPrefix("/a/v1/") {
      let checked = parts.rest.dropFirst("/a/v1/".count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
      if !checked.isEmpty {
        host = checked.lowercased()
        shown = appleCDNCheckURL(checked.lowercased())
      }
    } else if parts.host == "digitalassetlinks.googleapis.com", let site = queryValue(parts.rest, "source.web.site") {
      let decoded = site.replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2F", with: "/")
      if let checked = URLParts(decoded) {
        host = checked.host
        shown =
          "https://digitalassetlinks.googleapis.com/v1/statements:list?source.web.site="
          + "\(checked.scheme)://\(checked.host)"
      }
    }
    guard let host else { continue }
    let (line, column) = positions.position(ofByte: text.utf8.distance(from: text.startIndex, to: start))
    found.append(
      Occurrence(
        path: path, line: line, column: column, role: .runbookURL, value: shown, key: host,
        formProblem: parts.scheme == "https" ? nil : "the verifiers fetch only https"))
  }
  return found
}

func queryValue(_ rest: Substring, _ name: String) -> String? {
  guard let question = rest.firstIndex(of: "?") else { return nil }
  for pair in rest[rest.index(after: question)...].split(separator: "&") {
    let parts = pair.split(separator: "=", maxSplits: 1)
    if parts.count == 2, parts[0] == name { return String(parts[1]) }
  }
  return nil
}
