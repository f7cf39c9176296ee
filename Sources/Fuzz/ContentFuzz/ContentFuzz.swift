// Fuzz target ContentFuzz: properties of the Content pipeline on any page source. Imports the
// contract, SiteGenerator and FuzzDriver.

import CustomerApp
import Foundation
import FuzzDriver
import LinkContract
import SiteGenerator

/// Properties the Content pipeline must hold for any page source: it answers with a page or
/// with diagnostics, the page's markup is the generator's own, never the input's, and writing
/// the content straight from cmark's tree gives the bytes and diagnostics the document gives.
enum ContentProperties {
  static let renderer: SinglePageRenderer = {
    let path =
      ProcessInfo.processInfo.environment["LINKCONTRACT_TEMPLATE"]
      ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../../Templates/page.html"
      ).standardized.path
    guard let data = FileManager.default.contents(atPath: path) else {
      FileHandle.standardError.write(Data("ContentFuzz: cannot read the template \(path)\n".utf8))
      exit(2)
    }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    let assets = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let (renderer, diagnostics) = SinglePageRenderer.make(
      templateSource: String(decoding: data, as: UTF8.self), assets: assets, contract: .customerApp)
    guard let renderer else {
      FileHandle.standardError.write(Data("ContentFuzz: template does not load: \(diagnostics)\n".utf8))
      exit(2)
    }
    return renderer
  }()

  /// The page written after the site index, which the page written ahead of it must match.
  static let reference = renderer.afterIndex

  /// Element names the template and the renderer write; any other tag came from the input.
  static let elements: Set<String> = [
    "html", "head", "meta", "title", "link", "body", "header", "footer", "nav", "main", "div", "p",
    "a", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd", "blockquote",
    "pre", "code", "em", "strong", "br", "hr", "table", "caption", "thead", "tbody", "tr", "th",
    "td", "section", "figure", "figcaption", "span", "svg", "defs", "marker", "path", "g", "rect",
    "line", "text",
    // The page template's search box, in every header, and its navigation menu on a phone.
    "form", "label", "input", "button", "details", "summary",
    // A Content image beside the pages.
    "img",
    // The inline HTML a page may hold (`InlineHTML`).
    "kbd", "sup", "sub", "abbr", "mark", "del", "ins", "s", "small", "wbr",
    // The link checker's form (`contract link-checker`), and its scripts (`scriptSources`).
    "select", "option", "output", "noscript", "script",
  ]
  /// The only scripts a Content page may load: the link checker's.
  static let scriptSources: Set<String> = ["contract.js", "check.js"]

  /// Known findings to step over, so that a long run can look further: a comma-separated list
  /// in `CONTENT_FUZZ_TOLERATE` of `duplicate-ids` and `forbidden-echo`. Empty by default.
  static let tolerated = Set(
    (ProcessInfo.processInfo.environment["CONTENT_FUZZ_TOLERATE"] ?? "").split(separator: ",").map(String.init))

  /// Messages that only a generator fault can cause, whatever the input.
  static let generatorFaults = ["does not parse back", "is not well-formed", "is used twice", "is not a relative link"]

  static func check(_ data: [UInt8]) {
    let (html, diagnostics) = renderer.render(bytes: data)
    let source = String(decoding: data, as: UTF8.self)
    if html.isEmpty, diagnostics.errorCount == 0 { fail(data, "neither a page nor an error") }
    let bytes = Array(source.utf8)
    let newline = UInt8(ascii: "\n")
    let lineCount =
      bytes.indices.count { bytes[$0] == newline || (bytes[$0] == UInt8(ascii: "\r") && bytes.get($0 + 1) != newline) }
      + 1
    for diagnostic in diagnostics {
      // Content diagnostics may quote the input; only the output's own checks report faults.
      if diagnostic.path != "Content/page.md",
        let fault = generatorFaults.first(where: { diagnostic.message.contains($0) }),
        !(fault == "is used twice" && (directiveCount(source) > 1 || tolerated.contains("duplicate-ids")))
      {
        fail(data, "generator fault `\(fault)`: \(diagnostic)")
      }
      if diagnostic.path == "Content/page.md", diagnostic.line > lineCount {
        fail(data, "diagnostic past the last line \(lineCount): \(diagnostic)")
      }
      if diagnostic.path.hasPrefix("Site/"), directiveCount(source) < 2,
        diagnostics.count(where: { $0.path == "Content/page.md" }) == 0
      {
        fail(data, "the output check finds what the page's own checks passed: \(diagnostic)")
      }
    }
    checkMarkup(html, data)
    checkForbiddenValues(source, diagnostics, data)
    let (expected, expectedDiagnostics) = reference.render(bytes: data)
    if html != expected { fail(data, "the page written ahead of the site index differs from the one written after it") }
    if diagnostics.map(\.description) != expectedDiagnostics.map(\.description) {
      fail(data, "the diagnostics differ between writing the page ahead of the index and after it")
    }
  }

  /// No `<script`, no tag the generator does not write, no event handler, no script URL.
  static func checkMarkup(_ html: [UInt8], _ data: [UInt8]) {
    let lowered = html.map(ASCII.lowercased)
    var i = 0
    while i < lowered.count {
      guard lowered[i] == UInt8(ascii: "<") else {
        i += 1
        continue
      }
      var j = i + 1
      if j < lowered.count, lowered[j] == UInt8(ascii: "!") {  // doctype, comment
        i += 1
        continue
      }
      if j < lowered.count, lowered[j] == UInt8(ascii: "/") { j += 1 }
      var name: [UInt8] = []
      while j < lowered.count, isNameByte(lowered[j]) {
        name.append(lowered[j])
        j += 1
      }
      let tag = String(decoding: name, as: UTF8.self)
      if !elements.contains(tag) { fail(data, "raw `<\(tag)` in the page (at byte \(i))") }
      var end = j
      while end < lowered.count, lowered[end] != UInt8(ascii: ">") {
        if lowered[end] == UInt8(ascii: "\"") || lowered[end] == UInt8(ascii: "'"),
          let close = lowered[(end + 1)...].firstIndex(of: lowered[end])
        {
          end = close
        }
        end += 1
      }
      let tagAttributes = attributes(lowered[j..<end])
      if tag == "script", lowered[i + 1] != UInt8(ascii: "/"),
        !tagAttributes.contains(where: { $0.0 == "src" && scriptSources.contains($0.1) })
      {
        fail(data, "a script other than the link checker's in the page (at byte \(i))")
      }
      for (attribute, value) in tagAttributes {
        if attribute.hasPrefix("on") { fail(data, "event handler `\(attribute)` on `<\(tag)>`") }
        if attribute == "href" || attribute == "src",
          value.hasPrefix("javascript:") || value.hasPrefix("data:") || value.hasPrefix("vbscript:")
        {
          fail(data, "script URL in `\(attribute)` of `<\(tag)>`: \(value)")
        }
      }
      i = end
    }
  }

  /// The attributes of one start tag's inside, names and values lowered; libxml2 quotes a
  /// value with `'` when it holds `"`.
  static func attributes(_ bytes: ArraySlice<UInt8>) -> [(String, String)] {
    var result: [(String, String)] = []
    let (space, newline, equals) = (UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "="))
    var k = bytes.startIndex
    while k < bytes.endIndex {
      while k < bytes.endIndex, bytes[k] == space || bytes[k] == newline || bytes[k] == UInt8(ascii: "/") { k += 1 }
      let nameStart = k
      while k < bytes.endIndex, bytes[k] != equals, bytes[k] != space, bytes[k] != newline { k += 1 }
      let name = String(decoding: bytes[nameStart..<k], as: UTF8.self)
      var value = ""
      if k < bytes.endIndex, bytes[k] == equals {
        k += 1
        if k < bytes.endIndex, bytes[k] == UInt8(ascii: "\"") || bytes[k] == UInt8(ascii: "'") {
          let close = bytes[(k + 1)...].firstIndex(of: bytes[k]) ?? bytes.endIndex
          value = String(decoding: bytes[(k + 1)..<close], as: UTF8.self)
          k = min(bytes.endIndex, close + 1)
        } else {
          let valueStart = k
          while k < bytes.endIndex, bytes[k] != space { k += 1 }
          value = String(decoding: bytes[valueStart..<k], as: UTF8.self)
        }
      }
      if !name.isEmpty { result.append((name, value)) }
    }
    return result
  }

  /// The value of a forbidden query key in a `LINK -> ...` line never appears in a diagnostic.
  static func checkForbiddenValues(_ source: String, _ diagnostics: [Diagnostic], _ data: [UInt8]) {
    guard !diagnostics.isEmpty, !tolerated.contains("forbidden-echo") else { return }
    let contract = Contract.customerApp
    for line in source.split(separator: "\n") {
      guard let arrow = line.range(of: " -> ") else { continue }
      let link = line[..<arrow.lowerBound]
      guard let question = link.firstIndex(of: "?") else { continue }
      let query = link[link.index(after: question)...].prefix { $0 != "#" }
      for item in query.split(separator: "&") {
        let parts = item.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, parts[1].count >= 6, contract.forbiddenKeys.matches(parts[0]) else {
          continue
        }
        let value = String(parts[1])
        // What diagnostics print in place of a secret cannot count as echoing one.
        if "[redacted]".contains(value) { continue }
        if let leak = diagnostics.first(where: { $0.message.contains(value) }) {
          fail(data, "the value of forbidden key `\(parts[0])` appears in a diagnostic: \(leak)")
        }
      }
    }
  }

  /// How many fenced blocks open with `contract`: a page that repeats a directive repeats its
  /// anchors, which the output check reports (see the fuzzing report).
  static func directiveCount(_ source: String) -> Int {
    source.split(separator: "\n").count { line in
      let text = line.drop { $0 == " " || $0 == ">" || $0 == "-" || $0 == "*" || $0.isNumber || $0 == "." }
      guard text.hasPrefix("```") || text.hasPrefix("~~~") else { return false }
      return text.drop { $0 == "`" || $0 == "~" || $0 == " " }.hasPrefix("contract")
    }
  }

  static func isNameByte(_ c: UInt8) -> Bool {
    ASCII.isLowercase(c) || ASCII.isDigit(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: ":")
  }

  static func fail(_ data: [UInt8], _ message: String) -> Never {
    let shown = String(decoding: data.prefix(400), as: UTF8.self).debugDescription
    FileHandle.standardError.write(Data("ContentFuzz property failed: \(message)\ninput: \(shown)\n".utf8))
    abort()
  }
}

/// libFuzzer's entry point: one input is one page's source file.
@_cdecl("LLVMFuzzerTestOneInput")
public func contentFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let data = bytes.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  ContentProperties.check(data)
  return 0
}

#if !FUZZING
  /// Replays the files given as arguments through the properties, without libFuzzer.
  @main
  struct ContentFuzzReplay {
    static func main() { replay(CommandLine.arguments.dropFirst(), through: contentFuzzTestOneInput) }
  }
#else
  /// The entry point SwiftPM links as `main` for this target: hands over to libFuzzer.
  @_cdecl("ContentFuzz_main")
  public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, contentFuzzTestOneInput)
  }
#endif

extension [UInt8] {
  /// The byte at `index`, or nil past the end.
  func get(_ index: Int) -> UInt8? { index < count ? self[index] : nil }
}
