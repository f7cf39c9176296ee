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
  /// The output the build claimed.
  let output: OutputFolder
  let recorded: BuildRecord
  let map: BuildRecord.SiteMap
  let sources: SiteSources
  let digests: BuildDigests
  /// The output as it is, which must be the recorded one before anything is written.
  let current: Later<BuildRecord.OutputSnapshot>
  let location: String

  /// Nil unless the recorded build was of the same site.
  init?(
    build: SiteBuild, output: OutputFolder, recorded: BuildRecord, sources: SiteSources, digests: BuildDigests,
    current: Later<BuildRecord.OutputSnapshot>, location: String
  ) {
    guard build.rendersAhead, let map = recorded.siteMap, recorded.site == digests.site,
      map.names.count == recorded.extents.count, map.digests.count == map.names.count,
      map.contentNames == BuildRecord.SiteMap.contentDigest(sources.content.names),
      // What the listing refused is reported by the pipeline.
      sources.content.refusals.isEmpty,
      // Generated files made from an identity are known by the record's list, which a rebuild
      // reads back: without one it makes them all.
      build.published.identity == nil || !recorded.generated.isEmpty
    else { return nil }
    self.build = build
    self.output = output
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

  /// The pipeline's phases for a few pages, each answering what it needs of the rest of the site
  /// from the record (`RecordedPages`) instead of from every page; nil as soon as the edits are
  /// not of this kind.
  func run(pipeline: inout SitePipeline) -> SiteBuildResult? {
    guard let changed = changedPages(), !changed.isEmpty,
      let mapped = ByteBuffer.mapping(BuildRecord.pagesLocation(location)),
      let pages = RecordedPages(mapped.buffer, record: recorded)
    else { return nil }
    var problems: [Diagnostic] = []
    guard let template = pipeline.template(sources, into: &problems), problems.isEmpty else { return nil }
    let context = pipeline.context(template, sources: sources)
    guard let edits = parse(changed, pages: pages, context: context),
      let navigation = navigation(edits, pages: pages),
      let rendered = render(edits, template: template, navigation: navigation, context: context),
      check(rendered, pages: pages),
      // The images the site publishes are those its pages show (`shownImages`).
      zip(edits, rendered).allSatisfy({ Self.sources(of: $1) == Self.sources(of: $0.known.render) }),
      let search = searchParts(edits, pages: pages),
      !pages.health.hasFailed,
      current.value.files == recorded.outputs
    else { return nil }
    var made = search.files
    for page in rendered { made[page.path] = page.bytes }
    // The pages file first: pages appended to it are read only by the record that names them.
    let blobs = zip(zip(edits, rendered), search.chunks).map { pair, chunk in
      Sealed.encoded(BuildRecord.Page(facts: pair.0.facts, render: pair.1.kept, chunk: chunk))
    }
    var extents: [Range<Int>?] = recorded.extents
    for edit in edits { extents[edit.index] = nil }
    let stored = BuildRecord.Stored(
      stamp: recorded.pagesStamp, size: mapped.buffer.raw.count, inode: UInt64(mapped.status.st_ino), bytes: nil)
    guard
      let pagesFile = BuildRecord.appendPages(
        blobs, filling: extents, at: BuildRecord.pagesLocation(location), stored: stored)
    else { return nil }
    return write(made, edits: edits, searchParts: search.digests, pagesFile: pagesFile, pipeline: &pipeline)
  }

  // MARK: - Read

  /// The pages whose files changed, with their digests; nil when a file is gone or too many changed.
  private func changedPages() -> [(index: Int, file: String, digest: UInt64)]? {
    var changed: [(index: Int, file: String, digest: UInt64)] = []
    for (index, name) in map.names.enumerated() {
      let file = name + ".md"
      guard let digest = sources.content.digests[file] else { return nil }
      if map.digests[index] == digest { continue }
      changed.append((index, file, digest))
      guard changed.count <= Self.pageLimit else { return nil }
    }
    return changed
  }

  // MARK: - Parse

  /// Each changed page's first pass, which must find what the record knew of it but its body,
  /// and write its content ahead of the index; the index's answers come from the record.
  private func parse(
    _ changed: [(index: Int, file: String, digest: UInt64)], pages: RecordedPages, context: SiteContext
  ) -> [Edit]? {
    let isGenerated: (String) -> Bool =
      build.published.identity == nil
      ? { [files = build.generatedFiles] in files[$0] != nil }
      : { [generated = recorded.generated] in generated.contains($0) }
    var unknown = false
    func answer(_ question: SiteLookup.Question) -> String? {
      let answer = question.answer(
        exists: { map.index(of: $0) != nil },
        ids: { name in
          // The ids of a changed page are its recorded ones, or the edit is not this rebuild's.
          guard let index = map.index(of: name), let page = pages.page(index) else {
            unknown = true
            return []
          }
          return page.facts.ids
        },
        holder: { _ in
          unknown = true
          return nil
        })
      return unknown ? nil : answer
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
    return edits.isEmpty ? nil : edits
  }

  // MARK: - Resolve

  /// The navigation every page shows, from the first pages in the recorded order.
  private func navigation(_ edits: [Edit], pages: RecordedPages) -> Navigation? {
    var first: [(name: String, title: String)] = []
    for index in map.order.prefix(build.navigationLimit) {
      if let edit = edits.first(where: { $0.index == index }) {
        first.append((edit.facts.name, edit.facts.title))
      } else {
        guard let page = pages.page(index) else { return nil }
        first.append((page.facts.name, page.facts.title))
      }
    }
    return Navigation(
      first: first, count: map.names.count, limit: build.navigationLimit, hasIndexPage: map.index(of: "index") != nil)
  }

  // MARK: - Render

  /// Each page into the laid-out template, with the ids it had.
  private func render(
    _ edits: [Edit], template: PageTemplate, navigation: Navigation, context: SiteContext
  ) -> [RenderedPage]? {
    let worker = WorkerTemplate(template, navigation: navigation)
    var rendered: [RenderedPage] = []
    for edit in edits {
      let parsed = worker.parsed(for: edit.facts.name)
      guard parsed.layout != nil else { return nil }
      let page = renderPage(edit.facts, content: edit.content, parsed: parsed, context: context)
      guard page.bytes != nil, page.diagnostics.isEmpty, page.ids == edit.known.render.ids else { return nil }
      rendered.append(page)
    }
    return rendered
  }

  // MARK: - Check

  /// Whether the output check of the whole site would find nothing in the pages made, its
  /// links' target pages read from the record.
  private func check(_ rendered: [RenderedPage], pages: RecordedPages) -> Bool {
    let check = OutputCheck(
      pages: Dictionary(uniqueKeysWithValues: rendered.map { ($0.path, $0) }),
      files: Set(recorded.outputs.map(\.path)),
      target: { [map] path in
        guard path.hasSuffix(".html"), let index = map.index(of: String(path.dropLast(5))) else { return nil }
        return pages.page(index)?.render
      })
    return check.problems(build.outputDirectory).isEmpty
  }

  /// A page's `src` values.
  private static func sources(of page: RenderedPage) -> [String] {
    page.links.filter { $0.attribute == .src }.map(\.value)
  }

  // MARK: - Assemble

  /// The search index's parts that hold the pages, whose items are as recorded: the parts'
  /// files, the pages' chunks and every part's digest.
  private func searchParts(
    _ edits: [Edit], pages: RecordedPages
  ) -> (files: [String: [UInt8]], chunks: [SearchChunk], digests: [UInt64])? {
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
    let outputs = Set(recorded.outputs.map(\.path))
    var files: [String: [UInt8]] = [:]
    var digests = recorded.searchParts
    for (part, chunks) in parts {
      let searchPart = SearchPart(number: part + 1, chunks: chunks[...])
      guard outputs.contains(searchPart.path) else { return nil }
      for (path, bytes) in searchPart.files(script: outputs.contains(searchPart.scriptPath), tool: build.tool) {
        files[path] = bytes
      }
      digests[part] = searchPart.digest
    }
    return (files, chunks, digests)
  }

  // MARK: - Write

  /// Writes the files whose bytes changed, in place, and the record after them.
  private func write(
    _ made: [String: [UInt8]], edits: [Edit], searchParts: [UInt64], pagesFile: BuildRecord.PagesFile,
    pipeline: inout SitePipeline
  ) -> SiteBuildResult {
    let commit: SiteOutput.Commit
    do {
      let outputs = Set(recorded.outputs.map(\.path))
      commit = try SiteOutput.commit(
        made, keeping: outputs.subtracting(made.keys).subtracting([OutputClaim.marker]), to: output,
        existing: current.value.listing, untouched: outputs, tool: build.tool)
    } catch {
      let id: DiagnosticID = error is SiteOutput.Refusal ? .outputRefused : .siteUnwritable
      let message = error is SiteOutput.Refusal ? "\(error)" : "cannot write the site: \(error)"
      return SiteBuildResult(
        diagnostics: [
          Diagnostic(
            id: id, path: Printed.excerpt(output.path, limit: 200), line: 1, column: 1, message: message)
        ], files: recorded.outputs.count, written: 0, removed: 0)
    }
    pipeline.clock.mark("write")
    var next = BuildRecord(
      inputs: digests.inputs, site: recorded.site, navigation: recorded.navigation, listing: recorded.listing,
      listingRender: recorded.listingRender,
      outputs: BuildRecord.snapshot(commit.output ?? output, before: current.value.files, after: commit),
      warnings: recorded.warnings,
      generated: recorded.generated, pages: [:])
    next.tool = recorded.tool
    next.searchIDs = recorded.searchIDs
    next.searchParts = searchParts
    next.searchPage = recorded.searchPage
    next.sources = sources.content.settled
    next.sourceOrder = sources.content.names ?? []
    next.siteMap = map
    for edit in edits { next.siteMap?.digests[edit.index] = edit.facts.digest }
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
    BuildRecord.page(buffer, at: extents[index], health: health)
  }
}
