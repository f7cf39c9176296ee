import LinkContract
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A rendered page: its bytes, the ids and links in them, and the answers its render took from
/// the site index. A class, as `PageFacts` is: passed through every phase, never changed.
final class RenderedPage: Sendable {
  let path: String
  /// Nil when the page's file from the previous build stands as it is.
  let bytes: [UInt8]?
  let diagnostics: [Diagnostic]
  private let recallableTargets: Recallable<Targets>
  private let recallableLookups: Recallable<[SiteLookup]>

  /// What the output check reads of a page.
  struct Targets: Sendable {
    let ids: Set<String>
    let duplicateIDs: [String]
    let links: [PageLink]
  }

  init(
    path: String, bytes: [UInt8]?, ids: Set<String>, duplicateIDs: [String], links: [PageLink],
    diagnostics: [Diagnostic], lookups: [SiteLookup] = []
  ) {
    self.path = path
    self.bytes = bytes
    recallableTargets = .made(Targets(ids: ids, duplicateIDs: duplicateIDs, links: links))
    recallableLookups = .made(lookups)
    self.diagnostics = diagnostics
  }

  /// A page of the build record, whose ids, links and lookups are read when first asked for.
  init(path: String, targets: Recorded<Targets>, lookups: Recorded<[SiteLookup]>, diagnostics: [Diagnostic]) {
    self.path = path
    self.bytes = nil
    recallableTargets = .recorded(targets)
    recallableLookups = .recorded(lookups)
    self.diagnostics = diagnostics
  }

  /// The page as a later build keeps it: its file stands, so its bytes are not kept.
  var kept: RenderedPage {
    guard bytes != nil else { return self }
    return RenderedPage(
      path: path, bytes: nil, ids: ids, duplicateIDs: duplicateIDs, links: links, diagnostics: diagnostics,
      lookups: lookups)
  }

  var targets: Targets { recallableTargets.value }
  var ids: Set<String> { targets.ids }
  var duplicateIDs: [String] { targets.duplicateIDs }
  var links: [PageLink] { targets.links }
  /// The questions its render asked of the site index, with their answers.
  var lookups: [SiteLookup] { recallableLookups.value }

  /// Whether its ids, links and lookups are recorded and not read yet.
  var isUnread: Bool { recallableTargets.isUnread && recallableLookups.isUnread }

  /// The recorded bytes of `targets` and `lookups`, for a record written again.
  var encoded: (targets: Bytes?, lookups: Bytes?) { (recallableTargets.encoded, recallableLookups.encoded) }
}

/// A value made by this build, or of the build record and read from it when first asked for.
enum Recallable<Value: Sendable>: Sendable {
  case made(Value)
  case recorded(Recorded<Value>)

  var value: Value {
    switch self {
    case .made(let value): value
    case .recorded(let recorded): recorded.value
    }
  }

  /// The record's bytes of the value, when it is of the record.
  var encoded: Bytes? {
    if case .recorded(let recorded) = self { recorded.encoded } else { nil }
  }

  /// Whether it is of the record and not read yet.
  var isUnread: Bool {
    if case .recorded(let recorded) = self { !recorded.isRead } else { false }
  }
}

/// A value of the build record, read from its bytes when first asked for: a rebuild reads few
/// of the recorded pages' ids, links, headings and lookups. Bytes that do not read as written
/// mark the record's `health` failed (the value read is then of no use), and the build that
/// asked for it is made again without the record.
final class Recorded<Value: Sendable>: Sendable {
  let encoded: Bytes
  private let read: @Sendable (inout RecordReader) -> Value
  private let health: RecordHealth?
  private let decoded = Mutex<Value?>(nil)

  init(_ encoded: Bytes, health: RecordHealth? = nil, read: @escaping @Sendable (inout RecordReader) -> Value) {
    self.encoded = encoded
    self.health = health
    self.read = read
  }

  /// Whether the value was read.
  var isRead: Bool { decoded.withLock { $0 != nil } }

  var value: Value {
    decoded.withLock { decoded in
      if let decoded { return decoded }
      var reader = RecordReader(bytes: encoded)
      let value = read(&reader)
      if !reader.isComplete { health?.fail() }
      decoded = value
      return value
    }
  }
}

/// Whether every part of a build record read so far read as it was written.
final class RecordHealth: Sendable {
  private let failed = Atomic<Bool>(false)

  func fail() { failed.store(true, ordering: .relaxed) }

  var hasFailed: Bool { failed.load(ordering: .relaxed) }
}

/// An `href` or `src` of a rendered page, with its line there.
struct PageLink: Sendable, Hashable {
  let attribute: String
  let value: String
  var line: Int
}

/// The site navigation: pages in weight order, cut at a limit for large sites. Pages in a
/// folder (`guides/setup`) are listed together, under the folder's name, where the first of
/// them comes.
struct Navigation: Sendable {
  /// Every page, or at least the first `limit` (`init(first:count:limit:hasIndexPage:)`).
  let pages: [(name: String, title: String)]
  /// How many pages the site has.
  let count: Int
  let limit: Int
  let hasIndexPage: Bool

  /// The listed pages as written: each entry a page at the root (`folder` empty) or a folder's
  /// pages, in order.
  private let entries: [(folder: String, pages: [(name: String, title: String)])]
  private let positions: [String: Int]

  init(pages: [(name: String, title: String)], limit: Int, hasIndexPage: Bool) {
    self.init(first: pages, count: pages.count, limit: limit, hasIndexPage: hasIndexPage)
  }

  /// The navigation of a site of `count` pages whose first `limit` or more are `pages`: all
  /// that a page shows of it.
  init(first pages: [(name: String, title: String)], count: Int, limit: Int, hasIndexPage: Bool) {
    self.pages = pages
    self.count = count
    self.limit = limit
    self.hasIndexPage = hasIndexPage
    var entries: [(folder: String, pages: [(name: String, title: String)])] = []
    var group: [String: Int] = [:]
    for page in pages.prefix(limit) {
      let folder = SitePath.folder(of: page.name)
      if folder.isEmpty {
        entries.append(("", [page]))
      } else if let at = group[folder] {
        entries[at].pages.append(page)
      } else {
        group[folder] = entries.count
        entries.append((folder, [page]))
      }
    }
    self.entries = entries
    // A page's position is the place of its link among the navigation's links, in order.
    var positions: [String: Int] = hasIndexPage ? [:] : ["index": 0]
    var offset = hasIndexPage ? 0 : 1
    for entry in entries {
      for page in entry.pages {
        if positions[page.name] == nil { positions[page.name] = offset }
        offset += 1
      }
    }
    self.positions = positions
  }

  /// A folder's name as the navigation shows it: `guides/ios-setup` is `Guides / Ios setup`.
  static func folderTitle(_ folder: String) -> String {
    folder.split(separator: "/").map { part in
      let words = part.replacing("-", with: " ").replacing("_", with: " ")
      return words.prefix(1).uppercased() + words.dropFirst()
    }.joined(separator: " / ")
  }

  /// Writes the list every page shares; `markCurrent` then flags one page's entry.
  func fill(_ slot: Element) {
    let list = slot.add("ul")
    if !hasIndexPage { list.add("li").add("a", ["href": "index.html"], text: "All pages") }
    for entry in entries {
      guard !entry.folder.isEmpty else {
        for page in entry.pages { list.add("li").add("a", ["href": page.name + ".html"], text: page.title) }
        continue
      }
      let item = list.add("li", ["class": "nav-folder"])
      item.add("span", ["class": "nav-folder-name"], text: Self.folderTitle(entry.folder))
      let inner = item.add("ul")
      for page in entry.pages { inner.add("li").add("a", ["href": page.name + ".html"], text: page.title) }
    }
    if count > limit, hasIndexPage {
      list.add("li").add("a", ["href": "index.html"], text: "All \(count) pages")
    }
  }

  /// The attribute, set to `page`, that marks the current page's link.
  static let currentMark = "aria-current"

  func markCurrent(_ slot: Element, current: String) {
    guard let position = positions[current] else { return }
    link(at: position, in: slot)?.set(Self.currentMark, "page")
  }

  /// The navigation position of page `name`, when the navigation lists it.
  func position(of name: String) -> Int? { positions[name] }

  /// Every position a page of the navigation can be at.
  var allPositions: Set<Int> { Set(positions.values) }

  /// The link at `position` of the list `fill` wrote into `slot`.
  func link(at position: Int, in slot: Element) -> Element? {
    guard let list = slot.children.first else { return nil }
    var remaining = position
    for item in list.children {
      guard let first = item.children.first else { continue }
      if first.name == "a" {
        if remaining == 0 { return first }
        remaining -= 1
        continue
      }
      // A folder: its name, then the list of its pages.
      guard let inner = item.children.last, inner.name == "ul" else { continue }
      let links = inner.children
      if remaining < links.count { return links[remaining].children.first }
      remaining -= links.count
    }
    return nil
  }
}

func renderPage(_ page: SourcePage, parsed: ParsedTemplate, context: SiteContext, index: SiteIndex) -> RenderedPage {
  let frame = parsed.instantiate()
  fillPageSlots(frame.slots, page.facts, context: context)
  var renderer = PageRenderer(page: page, context: context, index: index)
  // A page that nests too deep is reported by its first pass, and left empty.
  if let content = frame.slots[.content], !page.facts.isTooDeep {
    renderer.renderBlocks(page.markdown.rootNode, into: content)
    distinctRegionLabels(in: content)
  }
  return finish(
    frame.written(current: page.name), path: page.outputName, source: context.sourceName(of: page.facts),
    diagnostics: renderer.diagnostics,
    lookups: renderer.lookups.recorded)
}

/// A page whose content its first pass wrote, in a template that is laid out (`layout`).
func renderPage(
  _ facts: PageFacts, content: AheadContent.Written, parsed: ParsedTemplate, context: SiteContext
) -> RenderedPage {
  let frame = parsed.instantiate()
  fillPageSlots(frame.slots, facts, context: context)
  return finish(
    frame.written(current: facts.name, content: content.content), path: facts.outputName,
    source: context.sourceName(of: facts),
    diagnostics: [], lookups: content.lookups)
}

/// A Content page's slots but its content: title, summary and the table of contents.
private func fillPageSlots(_ slots: [Slot: Element], _ facts: PageFacts, context: SiteContext) {
  fillCommonSlots(slots, title: facts.title, summary: facts.matter?.summary ?? "", context: context)
  guard let toc = slots[.toc] else { return }
  let entries = facts.headings.filter { $0.level <= 3 }
  if entries.isEmpty {
    toc.remove()
    return
  }
  toc.add("h2", ["class": "toc-title"], text: "On this page")
  let list = toc.add("ul")
  for heading in entries {
    list.add("li", ["class": "toc-level-\(max(2, heading.level))"]).add(
      "a", ["href": "#" + heading.id], text: heading.text)
  }
}

/// A page's content written in its first pass, ahead of the site index (see `SiteLookups`),
/// so that the page's Markdown is parsed once: held until the page's render takes it.
final class AheadContent: Sendable {
  struct Written: Sendable {
    /// The content slot's children.
    let content: WrittenHTML
    /// The answers the render took for granted, which are the index's when it holds.
    let lookups: [SiteLookup]
    /// The links taken not to name generated files.
    let notGenerated: [String]
  }

  private let written: Mutex<Written?>

  /// The content of `page`, written now; nil when its render asked what only the index
  /// answers, or found a problem (the page is then rendered after the index, and reports it).
  /// The same writer as after the index: only the lookups differ.
  init?(_ page: SourcePage, context: SiteContext) {
    // A page's content takes a node for some 16 bytes of its Markdown, about as many bytes of
    // text, and half as many again once written.
    let size = page.markdown.lines.body.utf8.count
    var renderer = PageRenderer(aheadOf: page, context: context)
    let document = HTMLDocument()
    document.linkFolder = SitePath.folder(of: page.name)
    document.reserveCapacity(nodes: size / 16, textBytes: size)
    let content = Element(owner: document, index: document.append(.element, "main", to: 0))
    renderer.renderBlocks(page.markdown.rootNode, into: content)
    distinctRegionLabels(in: content)
    guard !renderer.lookups.spoiled, renderer.diagnostics.isEmpty else { return nil }
    written = Mutex(
      Written(
        content: document.writtenChildren(of: content, expectedBytes: size + size / 2),
        lookups: renderer.lookups.recorded,
        notGenerated: renderer.lookups.notGenerated))
  }

  /// The content, once: nil after that, or when what its render took for granted does not
  /// hold: each question's `answer` (nil when it cannot be told) and no link naming a file that
  /// `isGenerated`.
  func take(
    answer: (SiteLookup.Question) -> String?, isGenerated: (String) -> Bool
  ) -> Written? {
    let taken = written.withLock { written in
      defer { written = nil }
      return written
    }
    guard let taken, taken.lookups.allSatisfy({ answer($0.question) == $0.answer }),
      !taken.notGenerated.contains(where: isGenerated)
    else { return nil }
    return taken
  }
}

/// The generated index page, for sites without `index.md`: every page with its summary.
func renderIndex(
  _ pages: [PageFacts], parsed: ParsedTemplate, context: SiteContext
) -> RenderedPage {
  let frame = parsed.instantiate()
  let slots = frame.slots
  fillCommonSlots(slots, title: "All pages", summary: "Every page of this site.", context: context)
  if let toc = slots[.toc] { toc.remove() }
  if let content = slots[.content] {
    let list = content.add("ul", ["class": "page-index"])
    for page in pages {
      let item = list.add("li")
      item.add("a", ["href": page.outputName], text: page.title)
      if let summary = page.matter?.summary, !summary.isEmpty {
        item.text(": ")
        item.prose(summary)
      }
    }
  }
  return finish(frame.written(current: "index"), path: "index.html", source: "the page list", diagnostics: [])
}

/// The search page: a search form the script enhances, and a complete static index.
func renderSearch(
  _ search: SearchIndex, parsed: ParsedTemplate, context: SiteContext, script: Bool
) -> RenderedPage {
  let frame = parsed.instantiate()
  let slots = frame.slots
  fillCommonSlots(
    slots, title: "Search", summary: "Find a route class, a field, a rejection reason or a page by name.",
    context: context)
  if let toc = slots[.toc] { toc.remove() }
  if let content = slots[.content] { search.fill(content, script: script) }
  return finish(frame.written(current: "search"), path: "search.html", source: "the search index", diagnostics: [])
}

/// How many line feeds `bytes` holds, found with memchr.
func newlines(in raw: UnsafeRawBufferPointer) -> Int {
  guard var at = raw.baseAddress else { return 0 }
  let end = at + raw.count
  var count = 0
  while at < end, let found = memchr(at, 0x0A, end - at) {
    count += 1
    at = UnsafeRawPointer(found) + 1
  }
  return count
}

func fillCommonSlots(_ slots: [Slot: Element], title: String, summary: String, context: SiteContext) {
  slots[.title]?.text(title + " · " + context.siteTitle)
  slots[.site]?.text(context.siteTitle)
  slots[.heading]?.text(title)
  if let slot = slots[.summary] {
    if summary.isEmpty { slot.remove() } else { slot.prose(summary) }
  }
}

/// The page's bytes after the generated-file header, with its ids and links, and any character
/// that makes them not well-formed reported.
func finish(
  _ page: consuming WrittenHTML, path: String, source: String, diagnostics: [Diagnostic], lookups: [SiteLookup] = []
) -> RenderedPage {
  var header = WrittenHTML()
  // An XML comment cannot hold `--`, which a page's file name may.
  let shown = byteOffset(of: "--", in: Substring(source)) == nil ? source : source.replacing("--", with: "-%2D")
  header.appendCounting("<!-- Generated by `linkcontract build` (make site) from \(shown). Do not edit. -->\n")
  var bytes = header.bytes
  bytes.reserveCapacity(bytes.count + page.bytes.count)
  bytes += page.bytes
  var ids = Set<String>(minimumCapacity: page.ids.count)
  var duplicates: [String] = []
  for id in page.ids where !ids.insert(id).inserted { duplicates.append(id) }
  // Lines are 1-based, and the header's come first.
  let shift = header.newlines + 1
  var problems = diagnostics
  if let fault = page.fault {
    problems.append(
      Diagnostic(
        id: .pageNotWellFormed, path: path, line: fault.line + shift, column: 1,
        message: "rendered page is not well-formed: \(fault.message)"))
  }
  var links = page.links
  page.links = []
  for index in links.indices { links[index].line += shift }
  return RenderedPage(
    path: path, bytes: bytes, ids: ids, duplicateIDs: duplicates, links: links, diagnostics: problems,
    lookups: lookups)
}

/// Checks the rendered site as a reader's browser would: unique ids, and every href and src
/// resolving to a file of the site and, where it names one, an id in that file.
struct OutputCheck {
  let pages: [String: RenderedPage]
  let files: Set<String>
  /// A page that links lead into, when it is not among `pages`: read from the build record by a
  /// rebuild that checks only the pages it made.
  var target: @Sendable (String) -> RenderedPage? = { _ in nil }

  func problems(_ output: String) -> [Diagnostic] {
    let all = Array(pages.values)
    // Each worker remembers what it found for each link of a top-level page (the navigation's
    // links repeat on every page); a link's answer there depends on its value alone.
    return parallelJobs(all.count, state: { LinkAnswers() }) { job, answers in
      let page = all[job]
      return problems(page, output, answers: answers)
    }.flatMap { $0 }
  }

  /// What a rebuild can have broken, when the site has the same files as the recorded build,
  /// which passed this check: every id and link of the pages made now, and the links of kept pages into
  /// `changedTargets`, the pages whose ids are no longer what they were.
  func problems(_ output: String, changedTargets: Set<String>) -> [Diagnostic] {
    let all = Array(pages.values)
    return parallelJobs(all.count, state: { LinkAnswers() }) { job, answers in
      let page = all[job]
      let topLevel = !holds(UInt8(ascii: "/"), in: page.path)
      /// Whether a link followed before leads into a page whose ids changed.
      func intoChanged(_ value: String) -> Bool {
        guard !changedTargets.isEmpty else { return false }
        // Without a fragment, a link asks only for a file, and the files are the same; without
        // a file part, it leads into this page, which is kept.
        guard let hash = value.utf8.firstIndex(of: UInt8(ascii: "#")), hash != value.utf8.startIndex else {
          return false
        }
        let filePart = value.utf8[..<hash]
        if topLevel, changedTargets.count <= 8, !filePart.contains(UInt8(ascii: "/")) {
          return changedTargets.contains { $0.utf8.elementsEqual(filePart) }
        }
        return changedTargets.contains(file(Substring(filePart), from: page.path) ?? "")
      }
      if page.bytes != nil { return problems(page, output, answers: answers) }
      guard !changedTargets.isEmpty else { return [] }
      return problems(page, output, answers: answers, duplicates: false, only: intoChanged)
    }.flatMap { $0 }
  }

  /// What one worker found for the links of top-level pages, whose answers depend on a link's
  /// value alone: the links of the last such page it checked, in order, with their answers
  /// (the navigation's links come at the same places on every page, where comparing values
  /// that share their storage takes no hashing), and every other answer by value.
  final class LinkAnswers {
    var known: [String: String?] = [:]
    var lastLinks: [PageLink] = []
    /// For each of `lastLinks`, its answer, or nil where the link was not checked.
    var lastAnswers: [String??] = []
  }

  /// The page's duplicate ids, when asked for, and broken links (of `links`, else the page's);
  /// with `only`, just the links it selects by their value.
  func problems(
    _ page: RenderedPage, _ output: String, answers: LinkAnswers = LinkAnswers(), duplicates: Bool = true,
    links: [PageLink]? = nil, only: ((String) -> Bool)? = nil
  ) -> [Diagnostic] {
    let shown = output + "/" + page.path
    var problems =
      !duplicates
      ? []
      : page.duplicateIDs.map {
        Diagnostic(id: .duplicateAnchor, path: shown, line: 1, column: 1, message: "id `\($0)` is used twice")
      }
    let topLevel = !holds(UInt8(ascii: "/"), in: page.path)
    let links = links ?? page.links
    let (lastLinks, lastAnswers) = (answers.lastLinks, answers.lastAnswers)
    var found: [String??] = []
    if topLevel { found.reserveCapacity(links.count) }
    for (index, link) in links.enumerated() {
      guard only?(link.value) ?? true else {
        if topLevel { found.append(nil) }
        continue
      }
      // A link with no file part leads into the page itself.
      let shared = topLevel && link.value.utf8.first.map { $0 != UInt8(ascii: "#") } ?? false
      let answer: String?
      if shared, index < lastLinks.count, let known = lastAnswers[index], lastLinks[index].value == link.value {
        answer = known
      } else if shared, let known = answers.known[link.value] {
        answer = known
      } else {
        answer = check(link.value, from: page.path)
        if shared { answers.known[link.value] = answer }
      }
      if topLevel { found.append(shared ? .some(answer) : nil) }
      if let message = answer {
        problems.append(
          Diagnostic(
            id: .linkInvalid, path: shown, line: link.line, column: 1,
            message: "\(link.attribute) `\(link.value)`: \(message)"))
      }
    }
    if topLevel {
      answers.lastLinks = links
      answers.lastAnswers = found
    }
    return problems
  }

  func check(_ value: String, from page: String) -> String? {
    let bytes = value.utf8
    if bytes.starts(with: "https://".utf8) || bytes.starts(with: "mailto:".utf8) {
      return nil
    }
    if bytes.first == 0x2F || byteOffset(of: "://", in: Substring(value)) != nil { return "is not a relative link" }
    let hash = byteOffset(of: UInt8(ascii: "#"), in: value).map { bytes.index(bytes.startIndex, offsetBy: $0) }
    let file = self.file(hash.map { Substring(bytes[..<$0]) } ?? Substring(value), from: page)
    guard let file, files.contains(file) else { return "no such file in the site" }
    if let hash {
      let fragment = String(Substring(bytes[bytes.index(after: hash)...]))
      guard let target = pages[file] ?? self.target(file) else { return "fragment on a file that is not a page" }
      if !target.ids.contains(fragment) { return "no id `\(fragment)` in \(file)" }
    }
    return nil
  }

  /// The site file a link's file part names, seen from `page`; nil for an absolute link.
  func file(_ filePart: Substring, from page: String) -> String? {
    let bytes = filePart.utf8
    if bytes.starts(with: "https://".utf8) || bytes.starts(with: "mailto:".utf8) || bytes.first == 0x2F {
      return nil
    }
    if filePart.isEmpty { return page }
    if !holds(0x2F, in: filePart), !holds(0x2F, in: page) { return String(filePart) }
    return resolve(String(filePart), from: page)
  }

  func resolve(_ relative: String, from page: String) -> String {
    var segments = page.split(separator: "/").dropLast().map(String.init)
    for segment in relative.split(separator: "/") {
      if segment == ".." {
        _ = segments.popLast()
      } else if segment != "." {
        segments.append(String(segment))
      }
    }
    return segments.joined(separator: "/")
  }
}
