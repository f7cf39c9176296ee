import LinkContract

// How each value of the build record is written and read back (`RecordCodable`): first the
// values pages are made of, then a page's blob in the pages file, then the record itself.
// A change to any of these bytes is a new `BuildRecord.format` or `pagesFormat`.

/// A located diagnostic; its notes and fix-its are not kept, and a note is read back as a
/// warning (a build reports none).
extension Diagnostic: RecordCodable {
  func encode(to writer: inout RecordWriter) {
    writer.string(path)
    writer.int(line)
    writer.int(column)
    writer.int(severity == .error ? 0 : 1)
    writer.string(message)
    writer.string(id.rawValue)
  }

  init(from reader: inout RecordReader) {
    let path = reader.string()
    let line = reader.int()
    let column = reader.int()
    let severity = reader.int()
    let message = reader.string()
    let id = DiagnosticID(rawValue: reader.string())
    if id == nil || (severity != 0 && severity != 1) { reader.fail() }
    self.init(
      id: id ?? .contentUnreadable, path: path, line: line, column: column, severity: severity == 0 ? .error : .warning,
      message: message)
  }
}

extension FrontMatter: RecordCodable {
  func encode(to writer: inout RecordWriter) {
    writer.string(title)
    writer.string(summary)
    writer.int(weight)
  }

  init(from reader: inout RecordReader) {
    let title = reader.string()
    let summary = reader.string()
    self.init(title: title, summary: summary, weight: reader.int())
  }
}

extension DirectiveHome: RecordCodable {
  func encode(to writer: inout RecordWriter) {
    writer.string(block)
    writer.int(line)
    writer.int(column)
    writer.encode(anchors)
    writer.encode(definesAnchors)
  }

  init(from reader: inout RecordReader) {
    let block = reader.string()
    let line = reader.int()
    let column = reader.int()
    let anchors = Set<String>(from: &reader)
    self.init(block: block, line: line, column: column, anchors: anchors, definesAnchors: Bool(from: &reader))
  }
}

extension Heading: RecordCodable {
  func encode(to writer: inout RecordWriter) {
    writer.int(level)
    writer.string(text)
    writer.string(id)
  }

  init(from reader: inout RecordReader) {
    let level = reader.int()
    let text = reader.string()
    self.init(level: level, text: text, id: reader.string())
  }
}

/// A rendered page's link, of any attribute (a search item's are `SearchChunk.Links`).
extension PageLink: RecordCodable {
  func encode(to writer: inout RecordWriter) {
    writer.int(Int(attribute.rawValue))
    writer.string(value)
    writer.int(line)
  }

  init(from reader: inout RecordReader) {
    let attribute = UInt8(exactly: reader.int()).flatMap(Attribute.init(rawValue:))
    if attribute == nil { reader.fail() }
    let value = reader.string()
    self.init(attribute: attribute ?? .href, value: value, line: reader.int())
  }
}

extension SiteLookup: RecordCodable {
  func encode(to writer: inout RecordWriter) {
    writer.int(Int(question.kind.rawValue))
    writer.string(question.key)
    writer.string(answer)
  }

  init(from reader: inout RecordReader) {
    let kind = UInt8(exactly: reader.int()).flatMap(Question.Kind.init(rawValue:))
    if kind == nil { reader.fail() }
    let key = reader.string()
    self.init(question: Question(kind: kind ?? .page, key: key), answer: reader.string())
  }
}

extension PageFacts.Details: RecordCodable {
  func encode(to writer: inout RecordWriter) {
    writer.encode(headings)
    writer.encode(ids)
    writer.encode(anchors)
  }

  init(from reader: inout RecordReader) {
    let headings = [Heading](from: &reader)
    let ids = Set<String>(from: &reader)
    self.init(headings: headings, ids: ids, anchors: Set(from: &reader))
  }
}

extension PageFacts {
  /// A page's search words by section (`searchWords`), as its record keeps them: the sections
  /// in order of their heading ids, the words before the first heading first.
  struct SectionWords: RecordCodable {
    let words: [String?: String]

    init(_ words: [String?: String]) { self.words = words }

    func encode(to writer: inout RecordWriter) {
      writer.int(words.count)
      for (section, words) in words.sorted(by: { ($0.key ?? "") < ($1.key ?? "") }) {
        writer.encode(section)
        writer.string(words)
      }
    }

    init(from reader: inout RecordReader) {
      var words: [String?: String] = [:]
      for _ in 0..<reader.count() {
        let section = String?(from: &reader)
        words[section] = reader.string()
      }
      self.init(words)
    }
  }
}

extension SearchChunk {
  /// What a page's blob holds of its search chunk ahead of the page's render: all but its
  /// links, which are a part read only when asked for (`Links`), at the blob's end.
  struct Eager: RecordCodable {
    let key: UInt64
    let headingCount: Int
    let json: Bytes
    let pageItem: Bytes
    let headingItems: Bytes

    init(key: UInt64, headingCount: Int, json: Bytes, pageItem: Bytes, headingItems: Bytes) {
      self.key = key
      self.headingCount = headingCount
      self.json = json
      self.pageItem = pageItem
      self.headingItems = headingItems
    }

    func encode(to writer: inout RecordWriter) {
      writer.uint(key)
      writer.int(headingCount)
      writer.data(json)
      writer.data(pageItem)
      writer.data(headingItems)
    }

    init(from reader: inout RecordReader) {
      let key = reader.uint()
      let headingCount = reader.int()
      let json = reader.data()
      let pageItem = reader.data()
      self.init(key: key, headingCount: headingCount, json: json, pageItem: pageItem, headingItems: reader.data())
    }
  }

  var eager: Eager {
    Eager(key: key, headingCount: headingCount, json: json, pageItem: pageItem, headingItems: headingItems)
  }

  init(_ eager: Eager, links: Recallable<[PageLink]>) {
    self.init(
      key: eager.key, json: eager.json, pageItem: eager.pageItem, headingItems: eager.headingItems,
      headingCount: eager.headingCount, links: links)
  }

  /// The links of a chunk's items, all of them `href`s: each link's value and line.
  struct Links: RecordCodable {
    let links: [PageLink]

    init(_ links: [PageLink]) { self.links = links }

    func encode(to writer: inout RecordWriter) {
      writer.int(links.count)
      for link in links {
        writer.string(link.value)
        writer.int(link.line)
      }
    }

    init(from reader: inout RecordReader) {
      let count = reader.count()
      var links: [PageLink] = []
      links.reserveCapacity(count)
      for _ in 0..<count {
        let value = reader.string()
        links.append(PageLink(attribute: .href, value: value, line: reader.int()))
      }
      self.init(links)
    }
  }
}

extension RenderedPage.Targets: RecordCodable {
  func encode(to writer: inout RecordWriter) {
    writer.encode(ids)
    writer.encode(duplicateIDs)
    writer.encode(links)
  }

  init(from reader: inout RecordReader) {
    let ids = Set<String>(from: &reader)
    let duplicateIDs = [String](from: &reader)
    self.init(ids: ids, duplicateIDs: duplicateIDs, links: [PageLink](from: &reader))
  }
}

/// A rendered page as its record keeps it: its path and diagnostics, then its ids and links,
/// and its lookups, each a part read only when asked for. Not its bytes: its file holds them.
extension RenderedPage: RecordCodable {
  func encode(to writer: inout RecordWriter) {
    writer.string(path)
    writer.encode(diagnostics)
    let encoded = encoded
    writer.section(encoded.targets, targets)
    writer.section(encoded.lookups, lookups)
  }

  convenience init(from reader: inout RecordReader) {
    let path = reader.string()
    let diagnostics = [Diagnostic](from: &reader)
    let targets = reader.section(Targets.self)
    let lookups = reader.section([SiteLookup].self)
    self.init(path: path, targets: targets, lookups: lookups, diagnostics: diagnostics)
  }
}

/// One page's blob in the pages file: first what every rebuild reads of every page (its name,
/// digest, front matter, `contract` blocks, diagnostics, index digest, search chunk and render),
/// then, each after its length, the parts read only when asked for: its headings and ids, its
/// search words and its search chunk's links. Read back, its `extent` is where its bytes are in
/// the reader's buffer: the pages file, as `BuildRecord.pages` reads it.
extension BuildRecord.Page: RecordCodable {
  func encode(to writer: inout RecordWriter) {
    writer.string(facts.name)
    writer.string(facts.path)
    writer.uint(facts.digest)
    writer.encode(facts.matter)
    writer.encode(facts.homes)
    writer.encode(facts.diagnostics)
    writer.uint(facts.indexDigest)
    writer.encode(chunk?.eager)
    writer.encode(render)
    let encoded = facts.encoded
    writer.section(
      encoded.details, PageFacts.Details(headings: facts.headings, ids: facts.ids, anchors: facts.anchors))
    writer.section(encoded.words, PageFacts.SectionWords(facts.searchWords))
    writer.section(chunk?.linkList.encoded, SearchChunk.Links(chunk?.links ?? []))
  }

  convenience init(from reader: inout RecordReader) {
    let start = reader.offset
    let name = reader.string()
    let path = reader.string()
    let digest = reader.uint()
    let matter = FrontMatter?(from: &reader)
    let homes = [DirectiveHome](from: &reader)
    let diagnostics = [Diagnostic](from: &reader)
    let indexDigest = reader.uint()
    let chunk = SearchChunk.Eager?(from: &reader)
    let render = RenderedPage(from: &reader)
    let details = reader.section(PageFacts.Details.self)
    let words = reader.section { PageFacts.SectionWords(from: &$0).words }
    let links = reader.section { SearchChunk.Links(from: &$0).links }
    let facts = PageFacts(
      name: name, path: path, digest: digest, matter: matter, details: details, indexDigest: indexDigest,
      homes: homes, searchWords: words, diagnostics: diagnostics)
    self.init(
      facts: facts, render: render, chunk: chunk.map { SearchChunk($0, links: .recorded(links)) },
      extent: start..<reader.offset)
  }
}

// MARK: - The record

extension BuildRecord.OutputFile: RecordCodable {
  func encode(to writer: inout RecordWriter) {
    writer.string(path)
    writer.int(size)
    writer.int(modified)
  }

  init(from reader: inout RecordReader) {
    let path = reader.string()
    let size = reader.int()
    self.init(path: path, size: size, modified: reader.int())
  }
}

extension SiteSources.Status: RecordCodable {
  func encode(to writer: inout RecordWriter) {
    writer.int(size)
    writer.int(modified)
    writer.int(changed)
    writer.uint(inode)
  }

  init(from reader: inout RecordReader) {
    let size = reader.int()
    let modified = reader.int()
    let changed = reader.int()
    self.init(size: size, modified: modified, changed: changed, inode: reader.uint())
  }
}

extension SiteSources.Known: RecordCodable {
  func encode(to writer: inout RecordWriter) {
    writer.encode(status)
    writer.uint(digest)
  }

  init(from reader: inout RecordReader) {
    let status = SiteSources.Status(from: &reader)
    self.init(status: status, digest: reader.uint())
  }
}

/// The names, then a digest for each name (without a count of its own), then the rest.
extension BuildRecord.SiteMap: RecordCodable {
  func encode(to writer: inout RecordWriter) {
    writer.encode(names)
    for digest in digests { writer.uint(digest) }
    writer.encode(order)
    writer.encode(titledFiles)
    writer.uint(contentNames)
  }

  init(from reader: inout RecordReader) {
    let names = [String](from: &reader)
    let digests = names.map { _ in reader.uint() }
    let order = [Int](from: &reader)
    let titledFiles = [String](from: &reader)
    let contentNames = reader.uint()
    if order.contains(where: { $0 < 0 || $0 >= names.count }) { reader.fail() }
    self.init(names: names, digests: digests, order: order, titledFiles: titledFiles, contentNames: contentNames)
  }
}

/// The record without its pages, after its format line: the digests of the build, the page
/// list's render, the output files, warnings and generated files, where the pages are in the
/// pages file, the search index's parts, the Content files' status and the site map. Read back,
/// the parts read when asked for report to the reader's `health`, which the record keeps.
extension BuildRecord: RecordCodable {
  func encode(to writer: inout RecordWriter) {
    writer.text(Self.format)
    writer.uint(tool)
    writer.uint(inputs)
    writer.uint(site)
    writer.uint(navigation)
    writer.uint(listing)
    writer.encode(listingRender)
    writer.encode(outputs)
    writer.encode(warnings)
    writer.encode(generated)
    writer.uint(stamp)
    writer.uint(pagesStamp)
    writer.encode(extents)
    writer.encode(searchIDs)
    writer.encode(searchParts)
    writer.uint(searchPage)
    writer.int(sources.count)
    // In name order: the folder's, when it names every source (the same order, without a sort).
    let ordered = sourceOrder.filter { sources[$0] != nil }
    for name in ordered.count == sources.count ? ordered : sources.keys.sorted() {
      writer.string(name)
      writer.encode(sources[name]!)
    }
    writer.encode(siteMap)
  }

  init(from reader: inout RecordReader) {
    let health = reader.health ?? RecordHealth()
    reader.health = health
    guard reader.read(Self.format) else {
      reader.fail()
      self.init(
        inputs: 0, site: 0, navigation: 0, listing: 0, listingRender: nil, outputs: [], warnings: [], generated: [],
        pages: [:])
      return
    }
    let tool = reader.uint()
    let inputs = reader.uint()
    let site = reader.uint()
    let navigation = reader.uint()
    let listing = reader.uint()
    let listingRender = RenderedPage?(from: &reader)
    let outputs = [OutputFile](from: &reader)
    let warnings = [Diagnostic](from: &reader)
    let generated = [String](from: &reader)
    self.init(
      inputs: inputs, site: site, navigation: navigation, listing: listing, listingRender: listingRender,
      outputs: outputs, warnings: warnings, generated: generated, pages: [:])
    self.tool = tool
    self.health = health
    stamp = reader.uint()
    pagesStamp = reader.uint()
    extents = [Range<Int>](from: &reader)
    searchIDs = [String]?(from: &reader)
    searchParts = [UInt64](from: &reader)
    searchPage = reader.uint()
    for _ in 0..<reader.count() {
      let name = reader.string()
      sources[name] = SiteSources.Known(from: &reader)
    }
    siteMap = SiteMap?(from: &reader)
  }
}
