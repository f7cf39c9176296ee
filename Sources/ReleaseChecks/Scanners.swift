import CLibXML2
import ContractArtifacts
import Foundation

/// One place in a file where a role's value is written, before it is judged.
public struct Occurrence: Sendable, Hashable {
  /// Relative to the checkout.
  public let path: String
  public let line: Int
  public let column: Int
  public let role: AuditRole
  /// The value as the role reads it: a host, a scheme, a fingerprint, a package or a URL.
  public let value: String
  /// The text compared with the contract: the host of a URL, a lowercased scheme.
  let key: String
  /// A problem the scanner saw in the form itself (an `http://` base URL), or nil.
  let formProblem: String?
}

/// The lines of a file, for turning a line number and a value into a column.
struct SourceText {
  let lines: [Substring]

  init(_ bytes: [UInt8]) {
    lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
  }

  /// The 1-based column of `needle` on `line`, looking a few lines around it when libxml2's
  /// line is the end of a multi-line start tag; the line moves to where it was found.
  func locate(_ needle: String, near line: Int) -> (line: Int, column: Int) {
    for distance in 0...4 {
      for candidate in Set([line - distance, line + distance]).sorted() where candidate >= 1 && candidate <= lines.count
      {
        let text = lines[candidate - 1]
        if let range = text.range(of: needle) {
          return (candidate, text.distance(from: text.startIndex, to: range.lowerBound) + 1)
        }
      }
    }
    return (line, 1)
  }
}

// MARK: XML: plists and Android manifests

/// An element of a libxml2 document, enough to walk it.
struct XMLNode {
  let node: xmlNodePtr

  var name: String { String(cString: node.pointee.name) }
  var line: Int { Int(xmlGetLineNo(node)) }

  var children: [XMLNode] {
    var result: [XMLNode] = []
    var child = node.pointee.children
    while let current = child {
      if current.pointee.type == XML_ELEMENT_NODE { result.append(XMLNode(node: current)) }
      child = current.pointee.next
    }
    return result
  }

  var text: String {
    guard let content = xmlNodeGetContent(node) else { return "" }
    defer { free(content) }
    return String(cString: content)
  }

  /// An attribute by its local name, in any namespace (`android:host` is `host`).
  func attribute(_ local: String) -> String? {
    var property = node.pointee.properties
    while let current = property {
      if String(cString: current.pointee.name) == local,
        let value = xmlNodeGetContent(UnsafeMutablePointer(OpaquePointer(current)))
      {
        defer { free(value) }
        return String(cString: value)
      }
      property = current.pointee.next
    }
    return nil
  }

  /// This element and every element below it, in document order.
  var descendants: [XMLNode] { [self] + children.flatMap(\.descendants) }
}

/// Parses XML bytes with libxml2 (no network, no DTD loading) and hands the root to `body`.
func withXMLRoot<T>(_ bytes: [UInt8], _ body: (XMLNode) -> T) -> T? {
  let document = bytes.withUnsafeBufferPointer { buffer in
    buffer.withMemoryRebound(to: CChar.self) { chars in
      xmlReadMemory(
        chars.baseAddress, Int32(chars.count), nil, nil,
        Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue))
    }
  }
  guard let document else { return nil }
  defer { xmlFreeDoc(document) }
  guard let root = xmlDocGetRootElement(document) else { return nil }
  return body(XMLNode(node: root))
}

/// The associated domains and URL schemes of a property list (entitlements or `Info.plist`).
func scanPlist(_ path: String, _ bytes: [UInt8]) -> [Occurrence] {
  let source = SourceText(bytes)
  return withXMLRoot(bytes) { root in
    var found: [Occurrence] = []
    for dict in root.descendants where dict.name == "dict" {
      let items = dict.children
      for (index, key) in items.enumerated() where key.name == "key" && index + 1 < items.count {
        let value = items[index + 1]
        guard value.name == "array" else { continue }
        let role: AuditRole
        switch key.text {
        case "com.apple.developer.associated-domains": role = .iosAssociatedDomain
        case "CFBundleURLSchemes": role = .iosURLScheme
        default: continue
        }
        for entry in value.children where entry.name == "string" {
          let text = entry.text.trimmingCharacters(in: .whitespaces)
          let key: String
          if role == .iosAssociatedDomain {
            guard text.hasPrefix("applinks:") else { continue }
            key = String(text.dropFirst("applinks:".count).prefix { $0 != "?" }).lowercased()
          } else {
            key = text.lowercased()
          }
          let (line, column) = source.locate(text, near: entry.line)
          found.append(
            Occurrence(path: path, line: line, column: column, role: role, value: text, key: key, formProblem: nil))
        }
      }
    }
    return found
  } ?? []
}

/// The App Links hosts and custom schemes of the intent filters in an Android manifest.
func scanManifest(_ path: String, _ bytes: [UInt8]) -> [Occurrence] {
  let source = SourceText(bytes)
  return withXMLRoot(bytes) { root in
    var found: [Occurrence] = []
    for filter in root.descendants where filter.name == "intent-filter" {
      let data = filter.children.filter { $0.name == "data" }
      let schemes = data.compactMap { $0.attribute("scheme") }
      let verified = filter.attribute("autoVerify") == "true"
      for element in data {
        if verified, let host = element.attribute("host"), schemes.contains(where: isWebScheme) {
          let (line, column) = source.locate("\"\(host)\"", near: element.line)
          found.append(
            Occurrence(
              path: path, line: line, column: column + 1, role: .androidAppLinkHost, value: host,
              key: host.lowercased(),
              formProblem: nil))
        }
        if let scheme = element.attribute("scheme"), !isWebScheme(scheme) {
          let (line, column) = source.locate("\"\(scheme)\"", near: element.line)
          found.append(
            Occurrence(
              path: path, line: line, column: column + 1, role: .androidCallbackScheme, value: scheme,
              key: scheme.lowercased(), formProblem: nil))
        }
      }
    }
    return found
  } ?? []
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

/// `const string NAME = "value";` declarations: each constant's value and where the value is.
func csharpConstants(_ path: String, _ code: String) -> [String: (value: String, path: String, offset: String.Index)] {
  var constants: [String: (String, String, String.Index)] = [:]
  var rest = code[...]
  while let range = rest.range(of: "const string ") {
    let after = rest[range.upperBound...]
    let name = after.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    var tail = after.dropFirst(name.count).drop { $0 == " " }
    if tail.first == "=" {
      tail = tail.dropFirst().drop { $0 == " " }
      if tail.first == "\"" {
        let start = tail.index(after: tail.startIndex)
        if let end = tail[start...].firstIndex(of: "\"") {
          constants[String(name)] = (String(tail[start..<end]), path, start)
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
  while let range = rest.range(of: "IntentFilter(") {
    // The argument list runs to the matching parenthesis.
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
    let arguments = rest[range.upperBound..<rest.index(before: index)]
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
/// `MainActivity.PublicWebHost`), each with the file and index where its text is written.
func csharpValues(
  _ value: Substring, file: String, constants: [String: (value: String, path: String, offset: String.Index)]
) -> [(text: String, path: String, offset: String.Index, via: String?)] {
  var results: [(String, String, String.Index, String?)] = []
  var index = value.startIndex
  while index < value.endIndex {
    let character = value[index]
    if character == "\"" {
      let start = value.index(after: index)
      let end = value[start...].firstIndex(of: "\"") ?? value.endIndex
      results.append((String(value[start..<end]), file, start, nil))
      index = end < value.endIndex ? value.index(after: end) : end
    } else if character.isLetter || character == "_" {
      let word = value[index...].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
      let name = word.split(separator: ".").last.map(String.init) ?? String(word)
      if let constant = constants[name] {
        results.append((constant.value, constant.path, constant.offset, String(word)))
      }
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
  var shared: [String: (value: String, path: String, offset: String.Index)] = [:]
  for file in codes { shared.merge(csharpConstants(file.path, file.code)) { first, _ in first } }
  var texts: [String: String] = [:]
  for file in codes { texts[file.path] = file.code }
  var found: [Occurrence] = []
  for file in codes where file.code.contains("IntentFilter(") {
    let constants = csharpConstants(file.path, file.code).merging(shared) { own, _ in own }
    for attribute in intentFilterAttributes(file.code) {
      func values(_ names: [String]) -> [(text: String, path: String, offset: String.Index, via: String?)] {
        attribute.filter { names.contains($0.name) }.flatMap {
          csharpValues($0.value, file: file.path, constants: constants)
        }
      }
      let verified = attribute.contains { $0.name == "AutoVerify" && $0.value == "true" }
      let schemes = values(["DataScheme", "DataSchemes"])
      func add(_ value: (text: String, path: String, offset: String.Index, via: String?), _ role: AuditRole) {
        let code = texts[value.path] ?? ""
        let before = code[..<value.offset]
        let line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: "\n").map { code.index(after: $0) } ?? code.startIndex
        let column = code.distance(from: lineStart, to: value.offset) + 1
        found.append(
          Occurrence(
            path: value.path, line: line, column: column, role: role, value: value.text, key: value.text.lowercased(),
            formProblem: nil))
      }
      if verified, schemes.contains(where: { isWebScheme($0.text) }) {
        for host in values(["DataHost", "DataHosts"]) { add(host, .androidAppLinkHost) }
      }
      for scheme in schemes where !isWebScheme(scheme.text) { add(scheme, .androidCallbackScheme) }
    }
  }
  return found
}

// MARK: appsettings*.json

/// The settings that roles read, with the key each role reads taken from `contractSpots()`.
func scanAppSettings(_ path: String, _ bytes: [UInt8]) -> [Occurrence] {
  guard let entries = try? AppSettings.entries(bytes) else { return [] }
  let keyed = contractSpots().compactMap { spot -> (key: String, role: AuditRole)? in
    guard spot.file.hasSuffix(".json"), let role = spot.role else { return nil }
    return (spot.key.lowercased(), role)
  }
  var found: [Occurrence] = []
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
      if url?.scheme != "https" { problem = "the public base URL must be https" }
    } else if role == .servedFingerprint {
      compared = entry.value.uppercased()
    } else if role == .oauthReturnScheme {
      compared = entry.value.lowercased()
    }
    found.append(
      Occurrence(
        path: path, line: entry.line, column: entry.column + 1, role: role, value: entry.value,
        key: role == .servedFingerprint || role == .servedPackage ? compared : compared.lowercased(),
        formProblem: problem))
  }
  return found
}

/// The scheme and host of an absolute URL, enough for the roles.
struct URLParts {
  let scheme: String
  let host: String
  let rest: Substring

  init?(_ text: some StringProtocol) {
    guard let separator = text.range(of: "://") else { return nil }
    scheme = text[..<separator.lowerBound].lowercased()
    let after = text[separator.upperBound...]
    let authority = after.prefix { !"/?#".contains($0) }
    host =
      String(authority.split(separator: "@").last ?? "").split(separator: ":").first.map(String.init)?.lowercased()
      ?? ""
    rest = Substring(after.dropFirst(authority.count))
  }
}

// MARK: runbooks

/// The association-file and Digital Asset Links check URLs in a Markdown or shell file, each
/// read down to the host it checks. The value printed is rebuilt from the host, so that no
/// other query parameter (an API key) is ever echoed.
func scanRunbook(_ path: String, _ bytes: [UInt8]) -> [Occurrence] {
  var found: [Occurrence] = []
  let stops: Set<Character> = [" ", "\t", "\"", "'", "<", ">", "(", ")", "`", "\\", "[", "]"]
  for (number, line) in SourceText(bytes).lines.enumerated() {
    var rest = line[...]
    while let range = rest.range(of: "://") {
      var start = range.lowerBound
      while start > rest.startIndex, rest[rest.index(before: start)].isLetter { start = rest.index(before: start) }
      var end = range.upperBound
      while end < rest.endIndex, !stops.contains(rest[end]) { end = rest.index(after: end) }
      let url = rest[start..<end]
      defer { rest = rest[end...] }
      guard let parts = URLParts(url) else { continue }
      let column = line.distance(from: line.startIndex, to: start) + 1
      var host: String?
      var shown = ""
      if let path = wellKnownPaths.first(where: { parts.rest.hasPrefix($0) }) {
        host = parts.host
        shown = "\(parts.scheme)://\(parts.host)\(path)"
      } else if parts.host == "digitalassetlinks.googleapis.com", let site = queryValue(parts.rest, "source.web.site") {
        let decoded = site.replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2F", with: "/")
        host = URLParts(decoded)?.host
        shown = "https://digitalassetlinks.googleapis.com/v1/statements:list?source.web.site=" + decoded
      }
      guard let host else { continue }
      found.append(
        Occurrence(
          path: path, line: number + 1, column: column, role: .runbookURL, value: shown, key: host,
          formProblem: parts.scheme == "https" ? nil : "the verifiers fetch only https"))
    }
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
