import Foundation
import LinkContract

#if canImport(Glibc)
  import Glibc
#endif

/// A rebuild after edits that change what a few pages say but nothing the rest of the site
/// takes from them: the same pages, each with its title, summary, weight, ids and headings' search
/// items as recorded, no `contract` block, no problem, and content its first pass could write
/// (`AheadContent`). Such an edit changes those pages' files and their parts of the search index,
/// and nothing else; so only those pages are read from the record, with the first pages of the
/// navigation, the pages of those parts and the pages their links lead into, where a rebuild of
/// the whole site reads every page's part of it.
///
/// Whatever does not hold, or cannot be told from the record, leaves the rebuild to the whole
/// site (`run` returns nil before writing anything), whose output is the same by construction.
struct BodyEditRebuild {
  /// At most this many pages changed.
  static let pageLimit = 4

  let build: SiteBuild
  let recorded: BuildRecord
  let map: BuildRecord.SiteMap
  let sources: SiteSources
  let digests: BuildDigests
  /// The output as it is, which must be the recorded one.
  let current: [BuildRecord.OutputFile]
  let location: String

  /// Nil unless the recorded build was of the same site and its output is as it left it.
  init?(
    build: SiteBuild, recorded: BuildRecord, sources: SiteSources, digests: BuildDigests,
    current: [BuildRecord.OutputFile], location: String
  ) {
    guard build.rendersAhead, let map = recorded.siteMap, recorded.site == digests.site,
      map.names.count == recorded.extents.count, map.digests.count == map.names.count, current == recorded.outputs,
      map.contentNames == BuildRecord.SiteMap.contentDigest(sources.content.names),
      // Generated files made from an identity are known by the record's list, which a rebuild
      // reads back: without one it makes them all.
      build.published.identity == nil || !recorded.generated.isEmpty
    else { return nil }
    self.build = build
    self.recorded = recorded
    self.map = map
    self.sources = sources
    self.digests = digests
    self.current = current
    self.location = location
  }

  private struct Edit {
    let index: Int
    let known: BuildRecord.Page
    let facts: PageFacts
    let content: AheadContent.Written
  }

  func run(pipeline: inout SitePipeline) -> SiteBuildResult? {
    var changed: [(index: Int, file: String, digest: UInt64)] = []
    for (index, name) in map.names.enumerated() {
      let file = name + ".md"
      guard let digest = sources.content.digests[file] else { return nil }
      if map.digests[index] == digest { continue }
      changed.append((index, file, digest))
      guard changed.count <= Self.pageLimit else { return nil }
    }
    let pagesPath = BuildRecord.pagesLocation(location)
    guard !changed.isEmpty, let mapped = ByteBuffer.mapping(pagesPath),
      let pages = RecordedPages(mapped.buffer, record: recorded)
    else { return nil }

    var problems: [Diagnostic] = []
    guard let template = pipeline.template(sources, into: &problems), problems.isEmpty else { return nil }
    let context = pipeline.context(template, sources: sources)
    let isGenerated: (String) -> Bool =
      build.published.identity == nil
      ? { [files = build.generatedFiles] in files[$0] != nil }
      : { [generated = recorded.generated] in generated.contains($0) }
    /// What the site index of a build of the whole site would answer.
    func answer(_ question: SiteLookup.Question) -> String? {
      switch question.kind {
      case .page: return map.index(of: question.key) == nil ? "" : "1"
      case .id:
        let parts = question.key.split(separator: "#", maxSplits: 1)
        guard parts.count == 2 else { return "" }
        guard let index = map.index(of: String(parts[0])) else { return "" }
        // The ids of a changed page are its recorded ones, or the edit is not this rebuild's.
        guard let page = pages.page(index) else { return nil }
        return page.facts.ids.contains(String(parts[1])) ? "1" : ""
      case .anchor: return nil
      }
    }

    var edits: [Edit] = []
    for change in changed {
      guard let known = pages.page(change.index), known.facts.name == map.names[change.index],
        known.facts.digest == map.digests[change.index]
      else { return nil }
      let path = build.contentDirectory + "/" + change.file
      guard known.facts.path == path, known.facts.diagnostics.isEmpty, known.facts.homes.isEmpty,
        known.render.diagnostics.isEmpty, !map.titledFiles.contains(known.facts.outputName),
        let bytes = sources.content.bytes(of: change.file)
      else { return nil }
      let read = PageText(bytes)
      guard let text = read.text, read.diagnostics(path: path).isEmpty else { return nil }
      let (facts, ahead) = PageFacts.firstPass(
        name: known.facts.name, path: path, source: Substring(text), digest: change.digest, context: context,
        ahead: true)
      guard facts.diagnostics.isEmpty, facts.homes.isEmpty, facts.matter == known.facts.matter,
        facts.indexDigest == known.facts.indexDigest,
        let content = ahead?.take(answer: answer, isGenerated: isGenerated)
      else { return nil }
      edits.append(Edit(index: change.index, known: known, facts: facts, content: content))
    }
    guard !edits.isEmpty else { return nil }

    // The navigation every page shows, from the first pages in its order.
    var first: [(name: String, title: String)] = []
    for index in map.order.prefix(build.navigationLimit) {
      if let edit = edits.first(where: { $0.index == index }) {
        first.append((edit.facts.name, edit.facts.title))
      } else {
        guard let page = pages.page(index) else { return nil }
        first.append((page.facts.name, page.facts.title))
      }
    }
    let navigation = Navigation(
      first: first, count: map.names.count, limit: build.navigationLimit, hasIndexPage: map.index(of: "index") != nil)
    let worker = WorkerTemplate(template, navigation: navigation)
    guard worker.parsed.layout != nil else { return nil }

    // Each page, with what the output check of the whole site would find in it: nothing.
    let outputs = Set(recorded.outputs.map(\.path))
    var targets: [String: RenderedPage] = [:]
    var made: [String: [UInt8]] = [:]
    var rendered: [RenderedPage] = []
    for edit in edits {
      let parsed = worker.parsed(for: edit.facts.name)
      guard parsed.layout != nil else { return nil }
      let page = renderPage(edit.facts, content: edit.content, parsed: parsed, context: context)
      guard let bytes = page.bytes, page.diagnostics.isEmpty, page.duplicateIDs.isEmpty,
        page.ids == edit.known.render.ids
      else { return nil }
      made[page.path] = bytes
      targets[page.path] = page
      rendered.append(page)
    }
    for page in rendered {
      for link in page.links {
        let value = link.value
        guard let hash = value.utf8.firstIndex(of: UInt8(ascii: "#")), hash != value.utf8.startIndex,
          !value.hasPrefix("https://"), !value.hasPrefix("mailto:")
        else { continue }
        let file = String(Substring(value.utf8[..<hash]))
        guard file.hasSuffix(".html"), !file.utf8.contains(UInt8(ascii: "/")),
          let index = map.index(of: String(file.dropLast(5)))
        else { return nil }
        if targets[file] == nil {
          guard let target = pages.page(index) else { return nil }
          targets[file] = target.render
        }
      }
    }
    let check = OutputCheck(pages: targets, files: outputs)
    for page in rendered where !check.problems(page, build.outputDirectory).isEmpty { return nil }

    // The pages' parts of the search index; the search page shows the same items.
    let perPart = SearchIndex.pagesPerPart
    guard recorded.searchParts.count == (map.names.count + perPart - 1) / perPart else { return nil }
    var parts: [Int: [SearchChunk]] = [:]
    var chunks: [SearchChunk] = []
    for edit in edits {
      let chunk = SearchIndex.untitledChunk(edit.facts)
      guard let known = edit.known.chunk, chunk.pageItem == known.pageItem, chunk.headingItems == known.headingItems,
        chunk.headingCount == known.headingCount, let position = map.order.firstIndex(of: edit.index)
      else { return nil }
      chunks.append(chunk)
      let part = position / perPart
      if parts[part] == nil {
        var recordedChunks: [SearchChunk] = []
        for index in map.order[(part * perPart)..<min(map.order.count, (part + 1) * perPart)] {
          guard let chunk = pages.page(index)?.chunk else { return nil }
          recordedChunks.append(chunk)
        }
        parts[part] = recordedChunks
      }
      parts[part]![position - part * perPart] = chunk
    }
    var searchParts = recorded.searchParts
    for (part, chunks) in parts {
      let searchPart = SearchPart(number: part + 1, chunks: chunks[...])
      guard outputs.contains(searchPart.path) else { return nil }
      let json = searchPart.json
      made[searchPart.path] = json
      if outputs.contains(searchPart.scriptPath) {
        made[searchPart.scriptPath] = SearchIndex.script(json, of: searchPart.path)
      }
      searchParts[part] = searchPart.digest
    }
    guard !pages.health.hasFailed else { return nil }

    // The pages file first: pages appended to it are read only by the record that names them.
    let blobs = zip(zip(edits, rendered), chunks).map { pair, chunk in
      RecordWriter.encoded(BuildRecord.Page(facts: pair.0.facts, render: pair.1.kept, chunk: chunk))
    }
    var extents: [Range<Int>?] = recorded.extents
    for edit in edits { extents[edit.index] = nil }
    let stored = BuildRecord.Stored(
      stamp: recorded.pagesStamp, size: mapped.buffer.raw.count, inode: UInt64(mapped.status.st_ino), bytes: nil)
    guard let pagesFile = BuildRecord.appendPages(blobs, filling: extents, at: pagesPath, stored: stored) else {
      return nil
    }

    let output = build.outputDirectory
    let commit: SiteOutput.Commit
    do {
      let changedFiles = made.keys.sorted().filter { !SiteOutput.sameBytes(output + "/" + $0, made[$0]!) }
      try SiteOutput.replaceInPlace(changedFiles.map { ($0, made[$0]!) }, removing: [], in: output)
      commit = SiteOutput.Commit(written: changedFiles, removed: [])
    } catch {
      return SiteBuildResult(
        diagnostics: [
          Diagnostic(id: .siteUnwritable, path: output, line: 1, column: 1, message: "cannot write the site: \(error)")
        ], files: recorded.outputs.count, written: 0, removed: 0)
    }
    pipeline.clock.mark("write")

    var next = BuildRecord(
      inputs: digests.inputs, site: recorded.site, navigation: recorded.navigation, listing: recorded.listing,
      listingRender: recorded.listingRender,
      outputs: BuildRecord.snapshot(output, before: current, after: commit), warnings: recorded.warnings,
      generated: recorded.generated, pages: [:])
    next.tool = recorded.tool
    next.searchIDs = recorded.searchIDs
    next.searchParts = searchParts
    next.searchPage = recorded.searchPage
    next.sources = sources.content.settled
    next.sourceOrder = sources.content.names ?? []
    var nextMap = map
    for edit in edits { nextMap.digests[edit.index] = edit.facts.digest }
    next.siteMap = nextMap
    next.save(location, pages: pagesFile)
    // A later run of this build reads the record from its file: this one holds no pages.
    build.lastRecord.value.withLock { $0 = nil }
    pipeline.clock.mark("record")
    var result = SiteBuildResult(
      diagnostics: recorded.warnings, files: recorded.outputs.count, written: commit.written.count, removed: 0)
    result.rendered = edits.count
    result.editedAlone = true
    return result
  }
}

/// The pages of a record's pages file, each read when asked for.
struct RecordedPages {
  let buffer: ByteBuffer
  let extents: [Range<Int>]
  let health: RecordHealth

  /// Nil unless `buffer` is the pages file `record` was written with.
  init?(_ buffer: ByteBuffer, record: BuildRecord) {
    guard BuildRecord.isPagesFile(buffer, stamp: record.pagesStamp, extents: record.extents) else { return nil }
    self.buffer = buffer
    extents = record.extents
    health = record.health
  }

  /// The page at `index` of the record's pages (in name order); nil when it does not read.
  func page(_ index: Int) -> BuildRecord.Page? {
    RecordReader.decoded(Bytes(buffer, extents[index]), as: BuildRecord.Page.self, health: health)
  }
}
