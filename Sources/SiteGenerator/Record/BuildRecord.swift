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
    /// Where the page is in the pages file the record names (`Stored`), when it is there: a
    /// later record names the same bytes instead of writing them again.
    let extent: Range<Int>?

    init(facts: PageFacts, render: RenderedPage, chunk: SearchChunk?, extent: Range<Int>? = nil) {
      self.facts = facts
      self.render = render
      self.chunk = chunk
      self.extent = extent
    }
  }

  /// The pages file as a build read it: the pages a record names stay where they are, and
  /// the pages a rebuild changed are appended after them.
  struct Stored: Sendable {
    let stamp: UInt64
    let size: Int
    let inode: UInt64
    /// The file as read, which the recorded pages' extents index; nil when it is not at hand.
    let bytes: ByteBuffer?
  }

  /// The format lines the record and its pages file start with. Each recorded type writes and
  /// reads its own bytes (`RecordCodable`, in `RecordedTypes.swift`): a change to any of them is
  /// a new version here.
  static let format = "linkcontract-build-record 18\n"
  static let pagesFormat = "linkcontract-build-record-pages 18\n"

  /// The build's tool and its contract (`BuildDigests.tool`): a record the same tool saved
  /// vouches that the contract compiled into it passed its checks.
  var tool: UInt64 = 0
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
  /// This record's own identity, new with each save: a build that keeps the record it saved
  /// knows it by this.
  var stamp: UInt64 = 0
  /// The identity of the pages file the record's pages are in, written at its start: a pages
  /// file written anew for another record is never read with this one.
  var pagesStamp: UInt64 = 0
  /// Where each page is in the pages file, in name order.
  var extents: [Range<Int>] = []
  /// The pages file the pages were read from, when they were.
  var stored: Stored?
  /// Whether the parts of the record read when asked for read as they were written.
  var health = RecordHealth()
  /// The ids of the generated search page, when the build wrote one.
  var searchIDs: [String]?
  /// The digest of each part of the search index's pages' entries (`SearchPart.digest`).
  var searchParts: [UInt64] = []
  /// The digest of what the generated search page showed, when the build wrote one.
  var searchPage: UInt64 = 0
  /// The Content files whose status and digest a rebuild may trust instead of reading them.
  var sources: [String: SiteSources.Known] = [:]
  /// The Content folder's names in order, which `sources` is written in (not itself written).
  var sourceOrder: [String] = []
  /// What a rebuild of a few pages' bodies needs of the whole site (`BodyEditRebuild`).
  var siteMap: SiteMap?

  /// The site as a whole, as the record of a build keeps it: enough for a rebuild that changes
  /// only some pages' bodies to find what it needs without reading every page.
  struct SiteMap: Sendable, Equatable {
    /// The pages' names in name order, the order of `extents`.
    var names: [String]
    /// The digest of each page's file, in the same order.
    var digests: [UInt64]
    /// Each page's index in `names`, in navigation order.
    var order: [Int]
    /// The pages whose headings may title a contract entry (`SearchIndex.titledFiles`).
    var titledFiles: [String]
    /// A digest of the Content folder's file names (`contentDigest`).
    var contentNames: UInt64

    /// The digest of a Content folder's names, in order.
    static func contentDigest(_ names: [String]?) -> UInt64 {
      var hash = InputDigest()
      hash.add(UInt64(names?.count ?? 0))
      for name in names ?? [] { hash.add(name) }
      return hash.value
    }

    /// The index in `names` of the page named `name`: `names` is sorted.
    func index(of name: String) -> Int? {
      var low = 0
      var high = names.count
      while low < high {
        let middle = (low + high) / 2
        if names[middle] < name { low = middle + 1 } else { high = middle }
      }
      return low < names.count && names[low] == name ? low : nil
    }
  }

  /// Where the record for `output` lives: `.<name>.linkcontract-cache` beside it, with its
  /// pages in `pagesLocation`, so that a rebuild with nothing to do reads only the small part.
  static func location(for output: String) -> String {
    let url = URL(fileURLWithPath: output).standardizedFileURL
    return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).linkcontract-cache").path
  }

  static func pagesLocation(_ location: String) -> String { location + "-pages" }

  /// How much more than twice what its record names a pages file may hold before it is
  /// written anew instead of appended to.
  static let pagesSlack = 1 << 20

  /// The output folder as a build finds it: its regular files with their sizes and modification
  /// times, in path order, and its listing (`FolderDescriptors.listing`), made without following links.
  struct OutputSnapshot: Sendable {
    let files: [OutputFile]
    let listing: FolderDescriptors.Listing
  }

  /// The output folder's snapshot; empty for an output that does not exist yet.
  static func snapshot(_ output: OutputFolder) -> OutputSnapshot {
    guard let descriptor = output.descriptor else { return OutputSnapshot(files: [], listing: .init()) }
    let listing = FolderDescriptors.listing(descriptor)
    let files = parallelMap(listing.files.sorted()) { outputFile(descriptor, $0) }.compactMap { $0 }
    return OutputSnapshot(files: files, listing: listing)
  }

  /// The output folder's files after `commit` changed it, from `before`, its snapshot taken
  /// before the build: only the files the commit wrote are looked at again. A file someone
  /// else changed meanwhile keeps its earlier size and time here, so the next build does not
  /// take it as the one this build left.
  static func snapshot(_ output: OutputFolder, before: [OutputFile], after commit: SiteOutput.Commit) -> [OutputFile] {
    let written = Set(commit.written + [OutputClaim.marker])
    let kept = before.filter { !written.contains($0.path) && !commit.removed.contains($0.path) }
    guard let descriptor = output.descriptor else { return kept }
    return (kept + written.compactMap { outputFile(descriptor, $0) }).sorted { $0.path < $1.path }
  }

  private static func outputFile(_ folder: Int32, _ path: String) -> OutputFile? {
    var status = stat()
    guard fstatat(folder, path, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFREG else {
      return nil
    }
    let seen = SiteSources.Status(status)
    return OutputFile(path: path, size: seen.size, modified: seen.modified)
  }

  /// The recorded output files that are still on disk exactly as the recorded build left them.
  func untouchedOutputs(_ current: [OutputFile]) -> Set<String> {
    // Both lists are in path order (`snapshot`), and are walked side by side; a list out of
    // order would only leave files out, to be made again.
    var untouched = Set<String>(minimumCapacity: current.count)
    var index = outputs.startIndex
    for file in current {
      while index < outputs.endIndex, outputs[index].path < file.path { index += 1 }
      if index < outputs.endIndex, outputs[index] == file { untouched.insert(file.path) }
    }
    return untouched
  }

  /// The tool digest of the record at `location`, read from its first bytes; nil when there
  /// is no record of this format.
  static func tool(at location: String) -> UInt64? {
    let descriptor = open(location, SiteOutput.readFlags)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    let wanted = format.utf8.count + 10
    let head = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, count in
      count = max(0, read(descriptor, buffer.baseAddress!, wanted))
    }
    var reader = RecordReader(bytes: head)
    guard reader.read(format) else { return nil }
    let tool = reader.uint()
    return reader.failed ? nil : tool
  }

  /// The record in `bytes`, without its pages, which is all a rebuild with nothing changed reads.
  static func decode(_ bytes: [UInt8]) -> BuildRecord? {
    let buffer = ByteBuffer(copying: bytes)
    guard let body = Sealed.body(Bytes(buffer)) else { return nil }
    return RecordReader.decoded(Bytes(buffer, body), health: RecordHealth())
  }

  /// The page sealed at `extent` of a pages file, decoded; nil when its digest or its bytes do
  /// not read as written.
  static func page(_ buffer: ByteBuffer, at extent: Range<Int>, health: RecordHealth) -> Page? {
    guard let body = Sealed.body(Bytes(buffer, extent)),
      let page = RecordReader.decoded(Bytes(buffer, body), as: Page.self, health: health)
    else { return nil }
    // Where the page is in the file is where its sealed bytes are, the digest with them.
    return Page(facts: page.facts, render: page.render, chunk: page.chunk, extent: extent)
  }

  /// This record with its pages, read from the bytes of its pages file; nil when they are not
  /// the pages this record was written with. `inode` is the file's, for appending to it.
  func withPages(_ bytes: [UInt8], inode: UInt64 = 0) -> BuildRecord? {
    withPages(ByteBuffer(copying: bytes), inode: inode)
  }

  /// `withPages` for the pages file as `ByteBuffer.mapping` maps it.
  func withPages(_ buffer: ByteBuffer, inode: UInt64) -> BuildRecord? {
    guard let pages = Self.pages(buffer, stamp: pagesStamp, extents: extents, health: health) else {
      return nil
    }
    var record = self
    record.pages = pages
    record.stored = Stored(stamp: pagesStamp, size: buffer.raw.count, inode: inode, bytes: buffer)
    return record
  }

  /// Whether `buffer` is a pages file stamped `stamp` that holds `extents`.
  static func isPagesFile(_ buffer: ByteBuffer, stamp: UInt64, extents: [Range<Int>]) -> Bool {
    var reader = RecordReader(bytes: Bytes(buffer))
    guard reader.read(pagesFormat), reader.uint() == stamp, !reader.failed else { return false }
    let start = reader.offset
    return extents.allSatisfy { $0.lowerBound >= start && $0.upperBound <= buffer.raw.count }
  }

  /// The pages at `extents` of a pages file stamped `stamp`, or nil. Each page's parts read
  /// when asked for report to `health`.
  static func pages(
    _ buffer: ByteBuffer, stamp: UInt64, extents: [Range<Int>], health: RecordHealth
  ) -> [String: Page]? {
    guard isPagesFile(buffer, stamp: stamp, extents: extents) else { return nil }
    let decoded = parallelMap(extents) { extent in
      page(buffer, at: extent, health: health)
    }
    var pages: [String: Page] = [:]
    pages.reserveCapacity(decoded.count)
    for page in decoded {
      guard let page else { return nil }
      pages[page.facts.name] = page
    }
    return pages
  }

  /// The pages file of a build being saved, while the output is committed: appended to, or
  /// written anew beside the one in place.
  struct PagesFile: Sendable {
    /// The new file, to be put in place with the record; nil when the pages were appended.
    let temporary: String?
    let stamp: UInt64
    /// Where each page is, in name order.
    let extents: [Range<Int>]
    let size: Int
    let inode: UInt64
    let written: Bool
  }

  /// Saves `pages` for a record at `location`. Pages the file `stored` already holds stay
  /// where they are, and the others are appended to it, unless the file would then hold more
  /// than twice what the record names and `slack` (or is no longer the one read): the pages
  /// are then written to a new file, with a new stamp.
  static func savePages(_ pages: [String: Page], location: String, stored: Stored?, slack: Int = pagesSlack)
    -> PagesFile
  {
    let sorted = pages.keys.sorted().map { pages[$0]! }
    let path = pagesLocation(location)
    if let stored {
      let fresh = sorted.filter { $0.extent == nil }
      let blobs = parallelMap(fresh) { Sealed.encoded($0) }
      if let file = appendPages(blobs, filling: sorted.map(\.extent), at: path, stored: stored, slack: slack) {
        return file
      }
    }
    let stamp = UInt64.random(in: 1...UInt64.max)
    var header = RecordWriter()
    header.text(pagesFormat)
    header.uint(stamp)
    let blobs = parallelMap(sorted) { page -> Bytes in
      if let extent = page.extent, let bytes = stored?.bytes, extent.upperBound <= bytes.raw.count {
        return Bytes(bytes, extent)
      }
      return Bytes(Sealed.encoded(page))
    }
    var offset = header.bytes.count
    let extents = blobs.map { blob -> Range<Int> in
      defer { offset += blob.count }
      return offset..<(offset + blob.count)
    }
    let temporary = try? SiteOutput.writeBeside(path, [Bytes(header.bytes)] + blobs)
    let written = temporary != nil
    var status = stat()
    let inode = temporary.map { lstat($0, &status) == 0 ? UInt64(status.st_ino) : 0 } ?? 0
    return PagesFile(temporary: temporary, stamp: stamp, extents: extents, size: offset, inode: inode, written: written)
  }

  /// The pages file at `path` with `blobs` appended for the pages without an extent in
  /// `extents` (in their order), when it is still the file `stored` was read from and would not
  /// hold more than twice what the pages take and `slack`; nil otherwise.
  static func appendPages(
    _ blobs: [[UInt8]], filling extents: [Range<Int>?], at path: String, stored: Stored, slack: Int = pagesSlack
  ) -> PagesFile? {
    let appended = blobs.reduce(0) { $0 + $1.count }
    let live = extents.reduce(appended) { $0 + ($1?.count ?? 0) }
    guard stored.size + appended <= 2 * live + slack, let start = append(blobs, to: path, expecting: stored) else {
      return nil
    }
    var offset = start
    var next = blobs.makeIterator()
    let filled = extents.map { extent -> Range<Int> in
      if let extent { return extent }
      let length = next.next()!.count
      defer { offset += length }
      return offset..<(offset + length)
    }
    return PagesFile(
      temporary: nil, stamp: stored.stamp, extents: filled, size: offset, inode: stored.inode, written: true)
  }

  /// Appends `blobs` to the pages file at `path` when it is still the file `stored` was read
  /// from, as it was; the offset they start at, or nil.
  private static func append(_ blobs: [[UInt8]], to path: String, expecting stored: Stored) -> Int? {
    let descriptor = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, UInt64(status.st_ino) == stored.inode, Int(status.st_size) == stored.size
    else { return nil }
    let bytes = Array(blobs.joined())
    guard !bytes.isEmpty else { return stored.size }
    // One write: appends by two builds at once do not interleave.
    let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress!, $0.count) }
    guard written == bytes.count else { return nil }
    let end = Int(lseek(descriptor, 0, SEEK_CUR))
    return end - bytes.count
  }

  /// Puts the record in place with the pages file saved for it, or removes both; the record
  /// as saved (its pages where the file now holds them), or nil.
  @discardableResult
  func save(_ location: String, pages file: PagesFile) -> BuildRecord? {
    var record = self
    record.stamp = UInt64.random(in: 1...UInt64.max)
    record.pagesStamp = file.stamp
    record.extents = file.extents
    let bytes = Sealed.encoded(record)
    let temporary = file.written ? try? SiteOutput.writeBeside(location, [Bytes(bytes)]) : nil
    func fail() -> BuildRecord? {
      Self.remove(location)
      if let pages = file.temporary { unlink(pages) }
      if let temporary { unlink(temporary) }
      return nil
    }
    guard let temporary else { return fail() }
    // A pages file put in place without its record is never read: the stamps differ.
    if let pages = file.temporary, !SiteOutput.replace(Self.pagesLocation(location), with: pages) { return fail() }
    guard rename(temporary, location) == 0 else { return fail() }
    record.stored = Stored(stamp: file.stamp, size: file.size, inode: file.inode, bytes: nil)
    return record
  }

  /// The saved record as a later run of the same build recalls it: each page with where it is
  /// in the pages file now (`extents`, in name order). Made only when asked for: a build that
  /// runs once never needs it.
  var asKept: BuildRecord {
    var record = self
    let names = pages.keys.sorted()
    record.pages = Dictionary(
      uniqueKeysWithValues: zip(names, extents).map { name, extent in
        let page = pages[name]!
        return (name, Page(facts: page.facts, render: page.render, chunk: page.chunk, extent: extent))
      })
    return record
  }

  /// Removes the record at `location` and its pages file.
  static func remove(_ location: String) {
    unlink(location)
    unlink(pagesLocation(location))
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
    // The last bytes as the low bytes of a word, little-endian, the rest zero.
    var tail: UInt64 = 0
    if offset < bytes.count {
      withUnsafeMutableBytes(of: &tail) { word in
        word.baseAddress!.copyMemory(from: bytes.baseAddress! + offset, byteCount: bytes.count - offset)
      }
      tail = UInt64(littleEndian: tail)
    }
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

/// A recorded value's bytes followed by their digest (`InputDigest`, eight bytes, little-endian):
/// a record or a page whose bytes changed after they were written does not read, and the build
/// is then made from the sources, never from the changed bytes.
enum Sealed {
  static func encoded<Value: RecordCodable>(_ value: Value) -> [UInt8] {
    var bytes = RecordWriter.encoded(value)
    withUnsafeBytes(of: InputDigest.of(bytes).littleEndian) { bytes += $0 }
    return bytes
  }

  /// The range of `bytes` that its last eight bytes are the digest of; nil when they are not.
  static func body(_ bytes: Bytes) -> Range<Int>? {
    guard bytes.count >= 8 else { return nil }
    return bytes.withUnsafeBytes { raw -> Range<Int>? in
      let body = UnsafeRawBufferPointer(rebasing: raw[..<(raw.count - 8)])
      var digest = InputDigest()
      digest.add(bytes: body)
      let sealed = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self))
      return digest.value == sealed ? bytes.range.lowerBound..<(bytes.range.upperBound - 8) : nil
    }
  }
}
