import Foundation
import LinkContract

#if canImport(Glibc)
  import Glibc
#endif

/// What the last successful build saw and wrote, kept beside the output folder
/// (`.<name>.linkcontract-cache`), so that a rebuild does only what its changes need:
/// - nothing at all when no input changed and the output is as the build left it;
/// - otherwise, each unchanged page's first-pass facts are recalled instead of parsed, and its
///   file is kept when everything its render read is the same: the template, the contract and
///   the navigation (`site`), and each answer it took from the site index (`lookups`).
/// Any doubt (a missing, unreadable or other-version record, a changed setting, an output file
/// whose size or modification time moved) means that part is made again: a full build is the
/// source of truth, and a rebuild's output is byte for byte what a full build would write.
struct BuildRecord {
  struct OutputFile: Equatable {
    let path: String
    let size: Int
    let modified: Int
  }

  /// A page as the recorded build knew it. A class: rebuilds pass every page of the record
  /// through several phases, and a copy is then one reference.
  final class Page: Sendable {
    let facts: PageFacts
    /// The page's render, when its file is among the outputs.
    let render: RenderedPage
    /// The page's part of the search index.
    let chunk: SearchChunk?
    /// The page as the record it was read from holds it, written again as it is.
    let encoded: [UInt8]?

    init(facts: PageFacts, render: RenderedPage, chunk: SearchChunk?, encoded: [UInt8]? = nil) {
      self.facts = facts
      self.render = render
      self.chunk = chunk
      self.encoded = encoded
    }
  }

  static let format = "linkcontract-build-record 10\n"
  static let pagesFormat = "linkcontract-build-record-pages 10\n"

  /// A digest of every input, for the no-op check.
  let inputs: UInt64
  /// A digest of what every page's render reads besides its own source and lookups.
  let site: UInt64
  /// A digest of the navigation (every page's name and title, in order).
  let navigation: UInt64
  /// A digest of what the generated page list shows (the navigation and every summary).
  let listing: UInt64
  /// The generated page list's render, when the build wrote one.
  let listingRender: RenderedPage?
  let outputs: [OutputFile]
  /// Every warning of the build, in the order it reported them.
  let warnings: [Diagnostic]
  /// The paths of the generated files, when they were made from an identity (not given as bytes):
  /// while the identity is the same and their files untouched, a rebuild reads them back.
  let generated: [String]
  var pages: [String: Page]
  /// What the record and its pages file share, so that a pages file written by another build
  /// is never read with this record.
  var stamp: UInt64 = 0
  /// The ids of the generated search page, when the build wrote one.
  var searchIDs: [String]?
  /// The Content files whose status and digest a rebuild may trust instead of reading them.
  var sources: [String: SiteSources.Known] = [:]

  /// Where the record for `output` lives: `.<name>.linkcontract-cache` beside it, with its
  /// pages in `pagesLocation`, so that a rebuild with nothing to do reads only the small part.
  static func location(for output: String) -> String {
    let url = URL(fileURLWithPath: output).standardizedFileURL
    return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).linkcontract-cache").path
  }

  static func pagesLocation(_ location: String) -> String { location + "-pages" }

  /// The output folder's regular files with their sizes and modification times.
  static func snapshot(_ output: String) -> [OutputFile] {
    SiteOutput.listFiles(output).sorted().compactMap { outputFile(output, $0) }
  }

  /// The output folder's files after `commit` changed it, from `before`, its snapshot taken
  /// before the build: only the files the commit wrote are looked at again. A file someone
  /// else changed meanwhile keeps its earlier size and time here, so the next build does not
  /// take it as the one this build left.
  static func snapshot(_ output: String, before: [OutputFile], after commit: SiteOutput.Commit) -> [OutputFile] {
    let written = Set(commit.written)
    let kept = before.filter { !written.contains($0.path) && !commit.removed.contains($0.path) }
    return (kept + commit.written.compactMap { outputFile(output, $0) }).sorted { $0.path < $1.path }
  }

  private static func outputFile(_ output: String, _ path: String) -> OutputFile? {
    var status = stat()
    guard stat(output + "/" + path, &status) == 0 else { return nil }
    let seen = SiteSources.Status(status)
    return OutputFile(path: path, size: seen.size, modified: seen.modified)
  }

  /// The recorded output files that are still on disk exactly as the recorded build left them.
  func untouchedOutputs(_ current: [OutputFile]) -> Set<String> {
    let recorded = Dictionary(outputs.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    return Set(current.filter { recorded[$0.path] == $0 }.map(\.path))
  }

  /// The record in `bytes`, without its pages, which is all a rebuild with nothing changed reads.
  static func decode(_ bytes: [UInt8]) -> BuildRecord? {
    var reader = RecordReader(bytes: bytes)
    return reader.record()
  }

  /// This record with its pages, read from the bytes of its pages file; nil when they are not
  /// the pages this record was written with.
  func withPages(_ bytes: [UInt8]) -> BuildRecord? {
    var reader = RecordReader(bytes: bytes)
    guard let pages = reader.pages(stamp: stamp) else { return nil }
    var record = self
    record.pages = pages
    return record
  }

  /// The pages file being written beside a build's output while the output is committed.
  struct PagesFile: Sendable {
    let temporary: String
    let stamp: UInt64
    let written: Bool
  }

  /// Writes `pages` to a temporary file beside `location`, stamped with a new stamp.
  static func savePages(_ pages: [String: Page], location: String) -> PagesFile {
    let stamp = UInt64.random(in: 1...UInt64.max)
    var writer = RecordWriter()
    writer.bytes += pagesFormat.utf8
    writer.uint(stamp)
    // The pages' blobs go to the file one by one, each after its length.
    let blobs = RecordWriter.pages(pages)
    writer.int(blobs.count)
    let parts =
      [writer.bytes]
      + blobs.lazy.flatMap { blob in
        var length = RecordWriter()
        length.int(blob.count)
        return [length.bytes, blob]
      }
    let temporary = pagesLocation(location) + ".new-\(getpid())"
    let written = (try? SiteOutput.write(parts, to: temporary)) != nil
    return PagesFile(temporary: temporary, stamp: stamp, written: written)
  }

  /// Puts the record in place with the pages file written for it, or removes both; the record
  /// as saved, stamped, or nil.
  @discardableResult
  func save(_ location: String, pages: PagesFile) -> BuildRecord? {
    var record = self
    record.stamp = pages.stamp
    var writer = RecordWriter()
    writer.write(record)
    let temporary = location + ".new-\(getpid())"
    guard pages.written, (try? SiteOutput.write(writer.bytes, to: temporary)) != nil else {
      Self.remove(location)
      unlink(pages.temporary)
      unlink(temporary)
      return nil
    }
    // A pages file put in place without its record is never read: the stamps differ.
    if !SiteOutput.replace(Self.pagesLocation(location), with: pages.temporary) || rename(temporary, location) != 0 {
      Self.remove(location)
      unlink(pages.temporary)
      unlink(temporary)
      return nil
    }
    return record
  }

  /// Removes the record at `location` and its pages file.
  static func remove(_ location: String) {
    unlink(location)
    unlink(pagesLocation(location))
  }
}

/// Appends a build record as bytes: integers as LEB128 varints, strings with their length.
struct RecordWriter {
  var bytes: [UInt8] = []

  mutating func int(_ value: Int) { uint(UInt64(bitPattern: Int64(value))) }

  mutating func uint(_ value: UInt64) {
    var rest = value
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  mutating func string(_ text: String) {
    int(text.utf8.count)
    bytes.append(contentsOf: text.utf8)
  }

  mutating func strings<S: Sequence<String>>(_ texts: S, count: Int) {
    int(count)
    for text in texts { string(text) }
  }

  mutating func diagnostics(_ list: [Diagnostic]) {
    int(list.count)
    for diagnostic in list {
      string(diagnostic.path)
      int(diagnostic.line)
      int(diagnostic.column)
      int(diagnostic.severity == .error ? 0 : 1)
      string(diagnostic.message)
      string(diagnostic.id.rawValue)
    }
  }

  /// A page's ids and links, read only when asked for (`RecordedTargets`).
  mutating func targets(_ targets: RenderedPage.Targets) {
    strings(targets.ids.sorted(), count: targets.ids.count)
    strings(targets.duplicateIDs, count: targets.duplicateIDs.count)
    int(targets.links.count)
    for link in targets.links {
      string(link.attribute)
      string(link.value)
      int(link.line)
    }
  }

  /// Everything of `record` but its pages (`pages`).
  mutating func write(_ record: BuildRecord) {
    bytes.append(contentsOf: BuildRecord.format.utf8)
    uint(record.inputs)
    uint(record.site)
    uint(record.navigation)
    uint(record.listing)
    optional(record.listingRender) { $0.render($1) }
    int(record.outputs.count)
    for file in record.outputs {
      string(file.path)
      int(file.size)
      int(file.modified)
    }
    diagnostics(record.warnings)
    strings(record.generated, count: record.generated.count)
    uint(record.stamp)
    optional(record.searchIDs) { $0.strings($1, count: $1.count) }
    int(record.sources.count)
    for (name, known) in record.sources.sorted(by: { $0.key < $1.key }) {
      string(name)
      int(known.status.size)
      int(known.status.modified)
      int(known.status.changed)
      uint(known.status.inode)
      uint(known.digest)
    }
  }

  /// The pages of a record in name order, each a blob of its own, encoded (or copied from the
  /// record read) in parallel; in the record, their count and then each after its length.
  static func pages(_ pages: [String: BuildRecord.Page]) -> [[UInt8]] {
    let sorted = pages.keys.sorted().map { pages[$0]! }
    return parallelMap(sorted) { page -> [UInt8] in
      if let encoded = page.encoded { return encoded }
      var writer = RecordWriter()
      writer.page(page)
      return writer.bytes
    }
  }

  mutating func page(_ page: BuildRecord.Page) {
    facts(page.facts)
    render(page.render)
    chunk(page.chunk)
  }

  private mutating func facts(_ facts: PageFacts) {
    string(facts.name)
    string(facts.path)
    uint(facts.digest)
    optional(facts.matter) { writer, matter in
      writer.string(matter.title)
      writer.string(matter.summary)
      writer.int(matter.weight)
    }
    int(facts.headings.count)
    for heading in facts.headings {
      int(heading.level)
      string(heading.text)
      string(heading.id)
    }
    strings(facts.ids.sorted(), count: facts.ids.count)
    strings(facts.anchors.sorted(), count: facts.anchors.count)
    int(facts.homes.count)
    for home in facts.homes {
      string(home.block)
      int(home.line)
      int(home.column)
      strings(home.anchors.sorted(), count: home.anchors.count)
      int(home.definesAnchors ? 1 : 0)
    }
    int(facts.searchWords.count)
    for (section, words) in facts.searchWords.sorted(by: { ($0.key ?? "") < ($1.key ?? "") }) {
      optional(section) { $0.string($1) }
      string(words)
    }
    diagnostics(facts.diagnostics)
  }

  mutating func data(_ data: [UInt8]) {
    int(data.count)
    bytes.append(contentsOf: data)
  }

  /// A value that may be missing: 0, or 1 and the value.
  private mutating func optional<Value>(_ value: Value?, _ write: (inout RecordWriter, Value) -> Void) {
    guard let value else { return int(0) }
    int(1)
    write(&self, value)
  }

  private mutating func chunk(_ chunk: SearchChunk?) {
    optional(chunk) { $0.chunk($1) }
  }

  private mutating func chunk(_ chunk: SearchChunk) {
    uint(chunk.key)
    data(chunk.json)
    data(chunk.pageItem)
    data(chunk.headingItems)
    int(chunk.headingCount)
    strings(chunk.links, count: chunk.links.count)
  }

  private mutating func render(_ page: RenderedPage) {
    string(page.path)
    if let encoded = page.encodedTargets {
      int(encoded.count)
      bytes += encoded
    } else {
      var targets = RecordWriter()
      targets.targets(page.targets)
      data(targets.bytes)
    }
    diagnostics(page.diagnostics)
    int(page.lookups.count)
    for lookup in page.lookups {
      int(Int(lookup.question.kind.rawValue))
      string(lookup.question.key)
      string(lookup.answer)
    }
  }
}

/// Reads what `RecordWriter` wrote; any malformed byte makes the whole record nil.
struct RecordReader {
  let bytes: [UInt8]
  private var offset = 0
  private var failed = false

  init(bytes: [UInt8]) { self.bytes = bytes }

  mutating func uint() -> UInt64 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while offset < bytes.count, shift < 64 {
      let byte = bytes[offset]
      offset += 1
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
    failed = true
    return 0
  }

  mutating func int() -> Int { Int(Int64(bitPattern: uint())) }

  /// A count of items that follow, each at least one byte long.
  mutating func count() -> Int {
    let value = int()
    guard value >= 0, value <= bytes.count - offset else {
      failed = true
      return 0
    }
    return value
  }

  mutating func string() -> String {
    let length = count()
    let text = String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
    offset += length
    return text
  }

  mutating func strings() -> [String] { (0..<count()).map { _ in string() } }

  mutating func diagnostics() -> [Diagnostic] {
    (0..<count()).map { _ in
      let path = string()
      let line = int()
      let column = int()
      let severity: Severity = int() == 0 ? .error : .warning
      let message = string()
      guard let id = DiagnosticID(rawValue: string()) else {
        failed = true
        return Diagnostic(id: .contentUnreadable, path: path, line: line, column: column, message: message)
      }
      return Diagnostic(id: id, path: path, line: line, column: column, severity: severity, message: message)
    }
  }

  /// The record without its pages, or nil.
  mutating func record() -> BuildRecord? {
    let header = Array(BuildRecord.format.utf8)
    guard bytes.starts(with: header) else { return nil }
    offset = header.count
    let inputs = uint()
    let site = uint()
    let navigation = uint()
    let listing = uint()
    let listingRender = int() == 1 ? render() : nil
    let outputs = (0..<count()).map { _ in
      BuildRecord.OutputFile(path: string(), size: int(), modified: int())
    }
    let warnings = diagnostics()
    let generated = strings()
    let stamp = uint()
    let searchIDs = int() == 1 ? strings() : nil
    var sources: [String: SiteSources.Known] = [:]
    for _ in 0..<count() {
      let name = string()
      let status = SiteSources.Status(size: int(), modified: int(), changed: int(), inode: uint())
      sources[name] = SiteSources.Known(status: status, digest: uint())
    }
    guard !failed, offset == bytes.count else { return nil }
    var record = BuildRecord(
      inputs: inputs, site: site, navigation: navigation, listing: listing, listingRender: listingRender,
      outputs: outputs, warnings: warnings, generated: generated, pages: [:])
    record.stamp = stamp
    record.searchIDs = searchIDs
    record.sources = sources
    return record
  }

  /// The pages of a pages file stamped `stamp`, or nil.
  mutating func pages(stamp: UInt64) -> [String: BuildRecord.Page]? {
    let header = Array(BuildRecord.pagesFormat.utf8)
    guard bytes.starts(with: header) else { return nil }
    offset = header.count
    guard uint() == stamp else { return nil }
    let blobs = (0..<count()).map { _ in data() }
    guard !failed, offset == bytes.count else { return nil }
    let decoded = parallelMap(blobs) { blob -> BuildRecord.Page? in
      var reader = RecordReader(bytes: blob)
      return reader.page()
    }
    var pages: [String: BuildRecord.Page] = [:]
    for page in decoded {
      guard let page else { return nil }
      pages[page.facts.name] = page
    }
    return pages
  }

  private mutating func facts() -> PageFacts {
    let name = string()
    let path = string()
    let digest = uint()
    var matter: FrontMatter?
    if int() == 1 { matter = FrontMatter(title: string(), summary: string(), weight: int()) }
    let headings = (0..<count()).map { _ in Heading(level: int(), text: string(), id: string()) }
    let ids = Set(strings())
    let anchors = Set(strings())
    let homes = (0..<count()).map { _ in
      DirectiveHome(
        block: string(), line: int(), column: int(), anchors: Set(strings()), definesAnchors: int() == 1)
    }
    // The words are read when asked for (`searchWords`); here they are only stepped over.
    let wordsStart = offset
    for _ in 0..<count() {
      if int() == 1 { skipString() }
      skipString()
    }
    let words = bytes[wordsStart..<offset]
    return PageFacts(
      name: name, path: path, digest: digest, matter: matter, headings: headings, ids: ids, anchors: anchors,
      homes: homes, searchWords: .recorded(words), diagnostics: diagnostics())
  }

  private mutating func skipString() {
    offset += count()
  }

  /// The section words `RecordWriter` wrote as `encoded`, or nil when they are malformed.
  static func searchWords(_ encoded: ArraySlice<UInt8>) -> [String?: String]? {
    var reader = RecordReader(bytes: Array(encoded))
    var searchWords: [String?: String] = [:]
    for _ in 0..<reader.count() {
      let section: String? = reader.int() == 1 ? reader.string() : nil
      searchWords[section] = reader.string()
    }
    guard !reader.failed, reader.offset == reader.bytes.count else { return nil }
    return searchWords
  }

  /// One page's blob, whole, or nil.
  mutating func page() -> BuildRecord.Page? {
    let facts = self.facts()
    let render = self.render()
    let chunk = self.chunk()
    guard !failed, offset == bytes.count else { return nil }
    return BuildRecord.Page(facts: facts, render: render, chunk: chunk, encoded: bytes)
  }

  private mutating func data() -> [UInt8] {
    let length = count()
    defer { offset += length }
    return Array(bytes[offset..<(offset + length)])
  }

  private mutating func chunk() -> SearchChunk? {
    guard int() == 1 else { return nil }
    return SearchChunk(
      key: uint(), json: data(), pageItem: data(), headingItems: data(), headingCount: int(), links: strings())
  }

  /// What `RecordWriter.targets` wrote, or nil.
  mutating func targets() -> RenderedPage.Targets? {
    let ids = Set(strings())
    let duplicates = strings()
    let links = (0..<count()).map { _ in PageLink(attribute: string(), value: string(), line: int()) }
    guard !failed, offset == bytes.count else { return nil }
    return RenderedPage.Targets(ids: ids, duplicateIDs: duplicates, links: links)
  }

  private mutating func render() -> RenderedPage {
    let path = string()
    let length = count()
    let targets = RecordedTargets(encoded: bytes[offset..<(offset + length)])
    offset += length
    let diagnostics = self.diagnostics()
    let lookups = (0..<count()).map { _ -> SiteLookup in
      let kind = SiteLookup.Question.Kind(rawValue: UInt8(truncatingIfNeeded: int()))
      if kind == nil { failed = true }
      return SiteLookup(question: .init(kind: kind ?? .page, key: string()), answer: string())
    }
    return RenderedPage(path: path, recorded: targets, diagnostics: diagnostics, lookups: lookups)
  }
}

/// A 64-bit digest of the build's inputs, eight bytes a step: FNV-1a's multiply over words,
/// with an xor-shift so that every byte reaches the low bits. Each step is a bijection of the
/// running value, so a change to one input always changes the digest. Not for security; for
/// noticing that an input changed.
struct InputDigest {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
  private static let prime: UInt64 = 0x0000_0100_0000_01B3

  private mutating func mix(_ word: UInt64) {
    value = (value ^ word) &* Self.prime
    value ^= value >> 29
  }

  mutating func add(bytes: UnsafeRawBufferPointer) {
    var offset = 0
    while offset + 8 <= bytes.count {
      mix(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      offset += 8
    }
    var tail: UInt64 = 0
    for (shift, byte) in bytes[offset...].enumerated() { tail |= UInt64(byte) << (8 * UInt64(shift)) }
    mix(tail)
    // The length ends each input, so that ("ab", "c") and ("a", "bc") differ.
    mix(UInt64(bytes.count) | 0xFF00_0000_0000_0000)
  }

  mutating func add(_ text: String) {
    var text = text
    text.withUTF8 { add(bytes: UnsafeRawBufferPointer($0)) }
  }

  mutating func add(_ number: UInt64) { mix(number) }

  static func of(_ bytes: [UInt8]) -> UInt64 {
    var digest = InputDigest()
    bytes.withUnsafeBytes { digest.add(bytes: $0) }
    return digest.value
  }
}
