import CCmark
import ContractArtifacts
import Foundation
import LinkContract

/// One thing a reader can find: a page, a section, or a contract value (route class, field,
/// rejection reason, forbidden word, build, generated file, troubleshooting row), with where
/// it is and the words that find it.
struct SearchEntry: Sendable, Hashable {
  enum Kind: String, Sendable, CaseIterable {
    case routeClass = "route class"
    case reason = "rejection reason"
    case field
    case forbidden = "forbidden field"
    case build
    case file = "generated file"
    case symptom = "troubleshooting"
    case page
    case heading = "section"

    var groupTitle: String {
      switch self {
      case .routeClass: "Route classes"
      case .reason: "Rejection reasons"
      case .field: "Fields"
      case .forbidden: "Forbidden fields"
      case .build: "Builds"
      case .file: "Generated files"
      case .symptom: "Troubleshooting"
      case .page: "Pages"
      case .heading: "Sections"
      }
    }

    /// Shown as code in the static index: an identifier rather than a title.
    var isIdentifier: Bool { ![.page, .heading, .symptom].contains(self) }
  }

  let kind: Kind
  /// What the reader types: an identifier such as `extra-field`, or a title.
  let name: String
  /// A few words that say what it is.
  let detail: String
  let href: String
  /// Every other word that finds it, lowercase, once each, separated by spaces: the section's
  /// text, the contract values it shows.
  var terms: String
}

/// The words of the contract's search entries, made once for a build and kept for its next runs
/// (`watch`, the fuzz targets): they follow from the contract and the generated files alone.
typealias SearchTerms = SharedValues<String, String>

/// One page's own entries in the search index, serialized: as JSON array items, each after a
/// comma, and as items of the static index's page and section lists.
struct SearchChunk: Sendable {
  /// What it was made from (`SearchIndex.chunkKey`).
  let key: UInt64
  let json: Bytes
  /// The page's item of the static index, and its sections' items, as the search page writes
  /// them (`SearchIndex.appendItem`).
  let pageItem: Bytes
  let headingItems: Bytes
  let headingCount: Int
  /// The links of its items, the page's first, each at the newlines before it in its item's bytes.
  var links: [PageLink] { linkList.value }
  let linkList: Recallable<[PageLink]>

  init(
    key: UInt64, json: Bytes, pageItem: Bytes, headingItems: Bytes,
    headingCount: Int, links: Recallable<[PageLink]>
  ) {
    self.key = key
    self.json = json
    self.pageItem = pageItem
    self.headingItems = headingItems
    self.headingCount = headingCount
    linkList = links
  }

  /// The page's item, or else its sections' items, as the search page's document appends them.
  func items(ofPage: Bool) -> WrittenHTML {
    let bytes = ofPage ? pageItem : headingItems
    var out = WrittenHTML()
    out.bytes = bytes.array
    out.newlines = bytes.withUnsafeBytes(newlines)
    out.links = ofPage ? Array(links.prefix(1)) : Array(links.dropFirst())
    return out
  }
}

/// Up to `SearchIndex.pagesPerPart` pages' entries of the search index, in a file of their own
/// (`search/part-N.json`, and `search/part-N.js` for the search page).
struct SearchPart {
  let number: Int
  let chunks: ArraySlice<SearchChunk>

  var path: String { "search/part-\(number).json" }
  var scriptPath: String { "search/part-\(number).js" }

  /// What its bytes are made from: its chunks' keys, in order.
  var digest: UInt64 {
    var hash = InputDigest()
    hash.add(UInt64(number))
    for chunk in chunks { hash.add(chunk.key) }
    return hash.value
  }

  /// The part's files: its JSON document and, for a search page with its script, the script
  /// that hands the document to it, its header naming `tool`.
  func files(script: Bool, tool: ToolName) -> [(path: String, bytes: [UInt8])] {
    let json = json
    return [(path, json)] + (script ? [(scriptPath, SearchIndex.script(json, of: path, tool: tool))] : [])
  }

  /// The part's JSON document: its chunks' entries.
  var json: [UInt8] {
    var out: [UInt8] = Array("{\"schemaVersion\":\(SearchIndex.schemaVersion),\"entries\":[".utf8)
    out.reserveCapacity(out.count + chunks.reduce(0) { $0 + $1.json.count } + 3)
    for chunk in chunks {
      // Each chunk's items are after a comma; the part's first item has none before it.
      out += out.last == UInt8(ascii: "[") ? chunk.json.part(min(1, chunk.json.count)..<chunk.json.count) : chunk.json
    }
    out += Array("]}\n".utf8)
    return out
  }
}

/// Builds the search index, the link classifier's table and the search page from the first pass:
/// the contract's entries here, each page's own entries apart, in a `SearchChunk` that a rebuild
/// keeps while the page and the contract values its headings title stay the same.
struct SearchIndex {
  /// The contract's entries, with the words of the page sections that title them.
  private(set) var entries: [SearchEntry] = []
  /// Each page's own entries, in page order.
  private(set) var chunks: [SearchChunk] = []
  /// Where the search page sends a pasted link's answer (`LinkTable`).
  let links: [UInt8]
  /// Whether the search page loads the link checker (`contract.js`, `check.js`) to answer a
  /// pasted link.
  var checker = false
  /// The contract entry each `page.html` and heading slug titles.
  private var titled: [String: Int] = [:]
  /// The files of `titled`'s keys: no heading of another page titles an entry.
  private(set) var titledFiles: Set<String> = []

  /// `terms` keeps the words of the contract's entries from one build of the same contract and
  /// files to the next.
  init(index: SiteIndex, files: [String: String], contract: Contract, terms: SearchTerms = SearchTerms()) {
    links = LinkTable(contract: contract, index: index).json
    func anchor(_ id: String) -> String? { index.href(anchor: id, from: "search") }
    func add(_ kind: SearchEntry.Kind, _ name: String, _ detail: String, _ href: String?, _ words: [String]) {
      guard let href else { return }
      let key = ([kind.rawValue, name, detail] + words).joined(separator: "\u{0}")
      entries.append(
        SearchEntry(
          kind: kind, name: name, detail: detail, href: href, terms: terms.value(for: key) { Self.words(words) }))
    }
    for route in contract.routeClasses {
      let href = anchor(DirectiveAnchor.route(route.id))
      let fields = route.fields
      add(
        .routeClass, route.id.rawValue, route.title, href,
        [route.title, route.destination, route.boundary, route.httpsPattern ?? "", route.customSchemeName ?? ""]
          + fields.map(\.name))
      for field in fields {
        add(
          .field, field.name, "\(route.id.rawValue): \(field.format.summary)", href,
          [field.meaning, field.format.summary, route.id.rawValue])
      }
    }
    for rule in contract.rejectionRules {
      add(
        .reason, rule.reason.rawValue, rule.when, anchor(DirectiveAnchor.reason(rule.reason)),
        ["unsupported", rule.when])
    }
    let forbidden = anchor("forbidden-fields")
    for group in contract.forbiddenKeys.groups {
      for word in group.words {
        add(.forbidden, word, group.title, forbidden, ["forbidden", "secret", group.title])
      }
    }
    for build in contract.builds {
      add(
        .build, build.name, "\(build.webHost), \(build.appID)", anchor(DirectiveAnchor.build(build.name)),
        [
          build.webHost, build.appID, build.teamID, build.bundleID, build.androidPackage, build.customScheme,
          "sha256 fingerprint certificate",
        ] + build.androidCertificateFingerprints + [contract.oauthCallback(in: build)].compactMap { $0 })
    }
    for (file, text) in files.sorted(by: { $0.key < $1.key }) {
      // Association files and snippets are found under their build's association section,
      // by their names and the words of their opening lines (`.NET MAUI`, `sha256_cert_fingerprints`).
      let parts = file.pieces(UInt8(ascii: "/"))
      let isAssociation = parts.first == "association" && parts.count > 2
      let href = isAssociation ? anchor(DirectiveAnchor.association(String(parts[1]))) ?? file : file
      let opening = isAssociation ? [String(text.prefix(400))] : []
      add(.file, file, isAssociation ? "\(parts[1]) build" : "site file", href, parts.map(String.init) + opening)
    }
    for row in contract.troubleshooting {
      add(
        .symptom, row.observation, row.nextAction, anchor(DirectiveAnchor.symptom(row.id)),
        [row.id.rawValue, row.interpretation, row.nextAction])
    }
    // A heading that only titles a contract value on the same page (`## Checkout` over the
    // checkout card) is that value's result: its section's words go to it.
    for (offset, entry) in entries.enumerated() {
      let file = entry.href.pieces(UInt8(ascii: "#")).first.map(String.init) ?? entry.href
      titled[file + "\u{0}" + slug(entry.name)] = titled[file + "\u{0}" + slug(entry.name)] ?? offset
      titledFiles.insert(file)
    }
  }

  /// The contract entry a heading of `page` titles, if any.
  private func entry(titledBy heading: Heading, of page: PageFacts) -> Int? {
    guard titledFiles.contains(page.outputName) else { return nil }
    return titled[page.outputName + "\u{0}" + slug(heading.text)]
  }

  /// What `page`'s chunk is made from: the page, and which of its headings title a contract value.
  func chunkKey(_ page: PageFacts) -> UInt64 {
    guard titledFiles.contains(page.outputName) else { return Self.untitledKey(page) }
    var hash = InputDigest()
    hash.add(page.digest)
    hash.add(page.outputName)
    for heading in page.headings where entry(titledBy: heading, of: page) != nil {
      hash.add(heading.id)
    }
    return hash.value
  }

  /// `chunkKey` of a page none of whose headings titles a contract value.
  static func untitledKey(_ page: PageFacts) -> UInt64 {
    var hash = InputDigest()
    hash.add(page.digest)
    hash.add(page.outputName)
    return hash.value
  }

  /// `page`'s own entries (the page, and each heading that titles no contract value), made now.
  func chunk(_ page: PageFacts) -> SearchChunk {
    Self.chunk(page, key: chunkKey(page)) { entry(titledBy: $0, of: page) != nil }
  }

  /// `chunk` of a page that is not among `titledFiles`, made without the contract's entries.
  static func untitledChunk(_ page: PageFacts) -> SearchChunk {
    chunk(page, key: untitledKey(page)) { _ in false }
  }

  private static func chunk(_ page: PageFacts, key: UInt64, titles: (Heading) -> Bool) -> SearchChunk {
    // A section's words were made in the page's first pass, its heading's (the page's summary's)
    // first.
    let summary = page.matter?.summary ?? ""
    let sectionWords = page.searchWords
    let pageEntry = SearchEntry(
      kind: .page, name: page.title, detail: summary, href: page.outputName, terms: sectionWords[nil] ?? "")
    var headings: [SearchEntry] = []
    for heading in page.headings where !titles(heading) {
      headings.append(
        SearchEntry(
          kind: .heading, name: heading.text, detail: page.title, href: "\(page.outputName)#\(heading.id)",
          terms: sectionWords[heading.id] ?? ""))
    }
    var json: [UInt8] = []
    for entry in [pageEntry] + headings {
      json.append(UInt8(ascii: ","))
      append(entry, to: &json)
    }
    var pageItem = WrittenHTML()
    appendItem(pageEntry, to: &pageItem)
    var headingItems = WrittenHTML()
    for entry in headings { appendItem(entry, to: &headingItems) }
    return SearchChunk(
      key: key, json: Bytes(json), pageItem: Bytes(pageItem.bytes), headingItems: Bytes(headingItems.bytes),
      headingCount: headings.count, links: .made(pageItem.links + headingItems.links))
  }

  mutating func add(_ page: PageFacts, chunk: SearchChunk) {
    // A recalled page's section words are decoded when read: once, and only when it titles any.
    var sectionWords: [String?: String]?
    for heading in titledFiles.contains(page.outputName) ? page.headings : [] {
      if let owner = entry(titledBy: heading, of: page) {
        if sectionWords == nil { sectionWords = page.searchWords }
        entries[owner].terms = Self.words(
          [entries[owner].terms, heading.text], then: sectionWords?[heading.id] ?? "")
      }
    }
    chunks.append(chunk)
  }

  /// A digest of what the search page shows besides its frame (the template and navigation):
  /// every entry's kind, name, detail and href, and each page's items in the static index.
  func pageDigest(script: Bool) -> UInt64 {
    var hash = InputDigest()
    hash.add(script ? 1 : 0)
    hash.add(checker ? 1 : 0)
    hash.add(UInt64(entries.count))
    for entry in entries {
      hash.add(entry.kind.rawValue)
      hash.add(entry.name)
      hash.add(entry.detail)
      hash.add(entry.href)
    }
    hash.add(UInt64(chunks.count))
    for chunk in chunks {
      chunk.pageItem.withUnsafeBytes { hash.add(bytes: $0) }
      chunk.headingItems.withUnsafeBytes { hash.add(bytes: $0) }
      hash.add(UInt64(chunk.headingCount))
    }
    return hash.value
  }

  /// How many pages' entries a part of the index holds: an edit of one page writes its part
  /// again, not the whole index.
  static let pagesPerPart = 64

  /// The parts of the index for `chunks`, in navigation order: each up to `pagesPerPart`
  /// pages' chunks, with its file's path (`search/part-1.json`, …) and its script's.
  static func parts(_ chunks: [SearchChunk]) -> [SearchPart] {
    stride(from: 0, to: chunks.count, by: pagesPerPart).map { start in
      SearchPart(number: start / pagesPerPart + 1, chunks: chunks[start..<min(start + pagesPerPart, chunks.count)])
    }
  }

  /// `search.json`: the contract's entries as arrays of kind, name, detail, href and words,
  /// the link classifier's table, and the files of the pages' entries.
  func json(parts: [SearchPart]) -> [UInt8] {
    var out: [UInt8] = Array("{\"schemaVersion\":\(SearchIndex.schemaVersion),\"entries\":[".utf8)
    out.reserveCapacity(entries.count * 400 + links.count + parts.count * 24)
    for (index, entry) in entries.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      Self.append(entry, to: &out)
    }
    out += Array("],\"links\":".utf8) + links + Array(",\"parts\":[".utf8)
    for (index, part) in parts.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      JSON.quote(part.path, into: &out)
    }
    out += Array("]}\n".utf8)
    return out
  }

  /// The version of `search.json` and its parts: 2 since the pages' entries are in parts.
  static let schemaVersion = 3

  /// Where the search page's script finds `search.json`'s data: a script, so that search
  /// works from `file://` too, where a page cannot fetch a file.
  static let indexScriptPath = "search/index.js"

  /// A script that hands the search page the JSON document `json`, the bytes of `path`, its
  /// header naming `tool`.
  static func script(_ json: [UInt8], of path: String, tool: ToolName) -> [UInt8] {
    var out = Array(
      "/* \(tool.generatedBy): \(path) for the search page's script. Do not edit. */\n(self.searchParts = self.searchParts || []).push("
        .utf8)
    out.reserveCapacity(out.count + json.count + 3)
    // The document ends with a line feed, which goes after the call.
    out += json.last == UInt8(ascii: "\n") ? json.dropLast() : json[...]
    out += Array(");\n".utf8)
    return out
  }

  /// One entry as a JSON array of kind, name, detail, href and words.
  static func append(_ entry: SearchEntry, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "["))
    JSON.quote(entry.kind.rawValue, into: &out, scriptSafe: true)
    out.append(UInt8(ascii: ","))
    JSON.quote(entry.name, into: &out, scriptSafe: true)
    out.append(UInt8(ascii: ","))
    // Details are prose whose backquotes only mark code.
    if holds(UInt8(ascii: "`"), in: entry.detail) {
      JSON.quote(entry.detail.replacing("`", with: ""), into: &out, scriptSafe: true)
    } else {
      JSON.quote(entry.detail, into: &out, scriptSafe: true)
    }
    out.append(UInt8(ascii: ","))
    JSON.quote(entry.href, into: &out, scriptSafe: true)
    out.append(UInt8(ascii: ","))
    JSON.quote(entry.terms, into: &out, scriptSafe: true)
    out.append(UInt8(ascii: "]"))
  }

  /// One entry as an item of the static index, written as the search page's document writes it:
  /// the pages' items are made with their pages and kept by the build record.
  static func appendItem(_ entry: SearchEntry, to out: inout WrittenHTML) {
    out.appendMarkup("<li><a href=\"")
    if !entry.href.isEmpty { out.links.append(PageLink(attribute: .href, value: entry.href, line: out.newlines)) }
    out.appendEscaped(entry.href, HTMLDocument.attributeEscapes)
    out.appendMarkup("\">")
    if entry.kind.isIdentifier {
      out.appendMarkup("<code>")
      out.appendEscaped(entry.name, HTMLDocument.textEscapes)
      out.appendMarkup("</code>")
    } else {
      out.appendEscaped(entry.name, HTMLDocument.textEscapes)
    }
    out.appendMarkup("</a>")
    if !entry.detail.isEmpty {
      out.appendMarkup(": ")
      if holds(UInt8(ascii: "`"), in: entry.detail) {
        proseParts(entry.detail) { part, isCode in
          if isCode { out.appendMarkup("<code>") }
          out.appendEscaped(String(part), HTMLDocument.textEscapes)
          if isCode { out.appendMarkup("</code>") }
        }
      } else {
        out.appendEscaped(entry.detail, HTMLDocument.textEscapes)
      }
    }
    out.appendMarkup("</li>")
  }

  /// Fills the search page: a form the script enhances, the index's data for it, and without
  /// the script a complete static index of every entry, grouped by kind.
  func fill(_ content: Element, script: Bool) {
    let form = content.add("form", ["class": "search-form", "role": "search", "action": "search.html"])
    form.add("label", ["for": "search-input"], text: "Search the contract, or paste a link")
    form.add(
      "input",
      [
        "type": "search", "id": "search-input", "name": "q", "autocomplete": "off",
        "aria-describedby": "search-help", "aria-controls": "search-results",
      ])
    form.add(
      "p", ["id": "search-help", "class": "search-help"],
      text:
        "Type words such as extra-field, fingerprint or utm_source, or paste a link to see how the app reads it. Arrow keys move through the results; Enter opens one. Without JavaScript, use the index below."
    )
    content.add("div", ["id": "search-link", "class": "search-link", "aria-live": "polite", "hidden": "hidden"])
    content.add("ul", ["id": "search-results", "class": "search-results", "aria-live": "polite", "hidden": "hidden"])
    content.add("h2", ["id": "index-of-entries"], text: "Index")
    for kind in SearchEntry.Kind.allCases {
      let group = entries.filter { $0.kind == kind }
      let fromPages = kind == .page ? chunks.count : kind == .heading ? chunks.reduce(0) { $0 + $1.headingCount } : 0
      guard !group.isEmpty || fromPages > 0 else { continue }
      content.add("h3", ["id": "index-\(slug(kind.rawValue))"], text: kind.groupTitle)
      var items = WrittenHTML()
      for entry in group { Self.appendItem(entry, to: &items) }
      if fromPages > 0 {
        for chunk in chunks { items.append(chunk.items(ofPage: kind == .page)) }
      }
      content.add("ul", ["class": "search-index", "data-kind": kind.rawValue]).append(items)
    }
    if script {
      // The index's data, in scripts that run in order before the search script: an edit of a
      // page changes its part's script, not this page.
      content.add("script", ["src": Self.indexScriptPath, "defer": "defer"])
      for part in Self.parts(chunks) { content.add("script", ["src": part.scriptPath, "defer": "defer"]) }
      if checker {
        content.add("script", ["src": "contract.js", "defer": "defer"])
        content.add("script", ["src": "check.js", "defer": "defer"])
      }
      content.add("script", ["src": "search.js", "defer": "defer"])
    }
  }

}

/// Where the search page sends a pasted link's answer: the page documenting each route class
/// and each rejection reason. The answer itself comes from the docs' link checker (`check.js`
/// over `contract.js`), which reads the contract as data; this table holds no rule.
struct LinkTable {
  let json: [UInt8]

  init(contract: Contract, index: SiteIndex) {
    func href(_ id: String) -> String { index.href(anchor: id, from: "search") ?? "" }
    var out: [UInt8] = Array("{\"routes\":{".utf8)
    for (k, route) in contract.routeClasses.enumerated() {
      if k > 0 { out.append(0x2C) }
      JSON.quote(route.id.rawValue, into: &out, scriptSafe: true)
      out.append(0x3A)
      JSON.quote(href(DirectiveAnchor.route(route.id)), into: &out, scriptSafe: true)
    }
    out += Array("},\"reasons\":{".utf8)
    for (k, rule) in contract.rejectionRules.enumerated() {
      if k > 0 { out.append(0x2C) }
      JSON.quote(rule.reason.rawValue, into: &out, scriptSafe: true)
      out.append(0x3A)
      JSON.quote(href(DirectiveAnchor.reason(rule.reason)), into: &out, scriptSafe: true)
    }
    out += Array("},\"checker\":".utf8)
    JSON.quote(index.pages["check"] != nil ? "check.html" : "", into: &out, scriptSafe: true)
    out += Array("}".utf8)
    json = out
  }
}

extension SearchIndex {
  /// The JSON Schema of `search.json`, published as `schema/search.schema.json`.
  static let schema = """
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "search.schema.json",
      "title": "search index",
      "description": "The contract's entries and the link table; the pages' entries are in the files `parts` lists (search-part.schema.json), and a search reads them all, in that order, after these.",
      "type": "object",
      "required": ["schemaVersion", "entries", "links", "parts"],
      "additionalProperties": false,
      "properties": {
        "schemaVersion": { "const": \(schemaVersion) },
        "entries": { "$ref": "search-part.schema.json#/$defs/entries" },
        "parts": {
          "description": "Paths, relative to this file, of the files that hold the pages' entries, in navigation order.",
          "type": "array",
          "items": { "type": "string", "pattern": "^search/part-[1-9][0-9]*\\\\.json$" }
        },
        "links": {
          "description": "Where the search page sends a pasted link's answer, which the link checker (check.js over contract.js) gives: the href of each route class's and each rejection reason's documentation (empty when no page shows it), and of the checker page (empty without one).",
          "type": "object",
          "required": ["routes", "reasons", "checker"],
          "additionalProperties": false,
          "properties": {
            "routes": { "type": "object", "additionalProperties": { "type": "string" } },
            "reasons": { "type": "object", "additionalProperties": { "type": "string" } },
            "checker": { "type": "string" }
          }
        }
      }
    }

    """

  /// The JSON Schema of a part of the index (`search/part-N.json`), published as
  /// `schema/search-part.schema.json`.
  static let partSchema = """
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "search-part.schema.json",
      "title": "search index part",
      "description": "The search entries of up to \(pagesPerPart) pages: each page, then its sections.",
      "type": "object",
      "required": ["schemaVersion", "entries"],
      "additionalProperties": false,
      "properties": {
        "schemaVersion": { "const": \(schemaVersion) },
        "entries": { "$ref": "#/$defs/entries" }
      },
      "$defs": {
        "entries": {
          "description": "One thing a reader can find: kind, name, detail, href relative to the site's root, lowercase words that find it (space-separated).",
          "type": "array",
          "items": {
            "type": "array",
            "prefixItems": [
              { "enum": [\(SearchEntry.Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))] },
              { "type": "string" },
              { "type": "string" },
              { "type": "string" },
              { "type": "string" }
            ],
            "minItems": 5,
            "maxItems": 5
          }
        }
      }
    }

    """
}
