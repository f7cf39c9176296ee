import Foundation
import LinkContract

#if canImport(Glibc)
  import Glibc
#endif

/// The phases of a site build, each a function of what the phases before it made:
///
///     template, pages   read the template and the page files
///     parse             each page's first pass (or its facts recalled from the record)
///     resolve           order, anchor homes, the site index and the navigation
///     render            every page into the template (or its file kept from last time)
///     assemble          the site's files: generated, assets, pages, search index
///     check             every id and link of the output, as a browser would follow them
///     finish            columns in characters, forbidden values redacted, sorted
///
/// `SiteBuild` runs them over the Content and Templates folders; the fuzz entry point runs the
/// same phases over a one-page site held in memory.
struct SitePipeline {
  let build: SiteBuild
  var clock: PhaseClock
  /// Given the build record's pages as soon as the pages are rendered, before the site is
  /// assembled and checked: saving them can start while the check runs.
  var pagesReady: (@Sendable ([String: BuildRecord.Page]) -> Void)?

  init(build: SiteBuild) {
    self.build = build
    clock = PhaseClock(build.phaseObserver)
  }

  var contract: Contract { build.contract }

  /// Renders the site from one reading of its folders. With the record of the previous build
  /// (`untouched`: the recorded output files still as it left them) and the digests of these
  /// sources, unchanged pages are recalled and their files kept instead of made again.
  mutating func run(
    _ sources: SiteSources, digests: BuildDigests? = nil, previous: BuildRecord? = nil, untouched: Set<String> = []
  ) -> SiteRender {
    var diagnostics: [Diagnostic] = []
    guard let template = template(sources, into: &diagnostics),
      let files = pageFiles(sources, known: previous, into: &diagnostics)
    else { return SiteRender(failed: diagnostics) }
    diagnostics += imagesInTakenPlaces(sources) + refusals(sources)
    clock.mark("read")
    let context = context(template, sources: sources)
    let previous = digests != nil && previous?.site == digests?.site ? previous : nil
    var pages = parse(files, context: context, recalling: previous)
    let buildPages = BuildPages.missing(contract, beside: pages)
    if !buildPages.isEmpty { pages += parse(buildPages, context: context, recalling: previous) }
    clock.mark("parse")
    let resolved = resolve(pages, into: &diagnostics)
    clock.mark("resolve")
    let hasScript = context.files["search.js"] != nil || sources.templates.bytes["search.js"] != nil
    // The search page reads a pasted link with the link checker when the site has both its
    // script and the contract as data.
    let hasChecker =
      hasScript && context.files["contract.js"] != nil
      && (context.files["check.js"] != nil || sources.templates.bytes["check.js"] != nil)
    let rendered = render(
      resolved, context: context, script: hasScript, checker: hasChecker, previous: previous, untouched: untouched)
    let recordPages = Dictionary(
      uniqueKeysWithValues: zip(resolved.pages, zip(rendered.pages.suffix(resolved.pages.count), rendered.chunks)).map {
        ($0.facts.name, $0.record(render: $1.0, chunk: $1.1, previous: previous))
      })
    pagesReady?(recordPages)
    clock.mark("render")
    var output = assemble(rendered, sources: sources)
    diagnostics += rendered.pages.flatMap(\.diagnostics) + pages.flatMap(\.facts.diagnostics)
    diagnostics += unsafeImages(output, sources: sources) + pathClashes(output, files: files)
    clock.mark("assemble")
    // The output check looks for the generator's own faults; with Content errors nothing is
    // written, and their consequences would only repeat them.
    if diagnostics.errorCount == 0 {
      // The kept files are most of a rebuild's: their set is copied whole, the made ones added.
      var all = output.kept
      all.formUnion(output.files.keys)
      let check = OutputCheck(pages: rendered.byPath, files: all)
      if let previous, previous.outputs.count == all.count, previous.outputs.allSatisfy({ all.contains($0.path) }) {
        diagnostics += check.problems(build.outputDirectory, changedTargets: changedTargets(rendered, since: previous))
      } else {
        diagnostics += check.problems(build.outputDirectory)
      }
    }
    clock.mark("check")
    output.diagnostics = finish(diagnostics, sources: sources, files: files)
    output.pageCount = rendered.pages.count
    output.renderedCount = rendered.pages.count { $0.bytes != nil }
    output.renderedAhead = rendered.renderedAhead
    output.tool = digests?.tool ?? 0
    output.inputs = digests?.inputs ?? 0
    output.site = digests?.site ?? 0
    output.navigation = resolved.navigationDigest
    output.listing = resolved.listingDigest
    if build.published.identity != nil {
      // Only files the site holds as they were made (an asset or a page of the same path wins).
      output.generated = build.generatedFiles.filter { path, text in
        output.files[path].map { Self.same($0, text) } ?? false
      }.keys.sorted()
    }
    output.listingRender =
      rendered.pages.first { $0.path == "index.html" && resolved.hasGeneratedListing }?
      .kept
    output.searchParts = rendered.search.digests
    output.searchPage = rendered.searchPage
    output.searchIDs = rendered.pages.first { $0.path == "search.html" && resolved.index.pages["search"] == nil }?
      .ids.sorted()
    output.pages = recordPages
    let names = output.pages.keys.sorted()
    let position = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
    output.siteMap = BuildRecord.SiteMap(
      names: names, digests: names.map { output.pages[$0]!.facts.digest },
      order: resolved.pages.map { position[$0.facts.name]! }, titledFiles: rendered.titledFiles,
      contentNames: BuildRecord.SiteMap.contentDigest(sources.content.names))
    output.workings = [files, pages, resolved, rendered]
    return output
  }

  /// What every page's render may read, with `template` and the images among `sources`.
  func context(_ template: PageTemplate, sources: SiteSources) -> SiteContext {
    let content = sources.content
    return SiteContext(
      contract: contract, template: template, siteTitle: contract.appName + " link contract",
      tool: build.tool, files: build.published, conformance: build.conformance,
      contentFolder: SiteContext.folderName(build.contentDirectory),
      images: ContentImages(
        paths: ContentImages.paths(among: content.names ?? []),
        refused: Set(content.refusals.lazy.filter { $0.id == .imageTooLarge }.map(\.path))
      ) { content.bytes(of: $0) })
  }

  /// Whether `bytes` are the UTF-8 of `text`.
  static func same(_ bytes: [UInt8], _ text: String) -> Bool {
    var text = text
    return text.withUTF8 { utf8 in
      bytes.withUnsafeBufferPointer { bytes in
        bytes.count == utf8.count && (bytes.isEmpty || memcmp(bytes.baseAddress!, utf8.baseAddress!, bytes.count) == 0)
      }
    }
  }

  // MARK: - Read

  /// The page template, checked; nil after reporting why it cannot be used.
  func template(_ sources: SiteSources, into diagnostics: inout [Diagnostic]) -> PageTemplate? {
    let path = sources.templates.source(of: "page.html", in: build.templatesDirectory)
    guard
      let source = text(
        sources.templates.bytes["page.html"], path: path, location: sources.templates.path.map { $0 + "/page.html" },
        into: &diagnostics)
    else { return nil }
    let (template, problems) = PageTemplate.load(source: source, path: path)
    diagnostics += problems
    return template
  }

  /// The Content folder's pages, each with a valid name and readable text; nil when the folder
  /// itself cannot be read. A file whose bytes the record of a successful build knows was read
  /// then without a problem, and is not checked again.
  func pageFiles(_ sources: SiteSources, known: BuildRecord?, into diagnostics: inout [Diagnostic]) -> [PageFile]? {
    guard let names = sources.content.names else {
      diagnostics.append(
        Diagnostic(
          id: .contentUnreadable, path: build.contentDirectory, line: 1, column: 1,
          message: "cannot read the Content folder"))
      return nil
    }
    var candidates: [(name: String, file: String, path: String)] = []
    var seen: [String: String] = [:]
    let folder = build.contentDirectory + "/"
    for file in names where file.utf8.suffix(3).elementsEqual(".md".utf8) {
      let name = String(Substring(file.utf8.dropLast(3)))
      let path = folder + file
      guard Self.isPageName(name) else {
        diagnostics.append(
          Diagnostic(
            id: .pageNameInvalid, path: path, line: 1, column: 1,
            message:
              "page name `\(Printed.excerpt(name))` must use only letters, digits, `-`, `_` and `.` (and `/` between folders)"
          ))
        continue
      }
      // A page name is ASCII (`isPageName`), so its lowercase is a byte's; most are lowercase.
      let folded =
        name.utf8.contains { $0 >= 0x41 && $0 <= 0x5A }
        ? String(decoding: name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self) : name
      if let other = seen[folded] {
        diagnostics.append(
          Diagnostic(
            id: .pageNameClash, path: path, line: 1, column: 1,
            message: "page `\(name)` has the same name as `\(other)` (names are compared ignoring case)"))
        continue
      }
      seen[folded] = file
      candidates.append((name, file, path))
    }
    // The Content folder's own path names its files as `path` does.
    let readsContentFolder = sources.content.path == build.contentDirectory
    let read = parallelMap(candidates) { candidate -> (PageFile?, [Diagnostic]) in
      let recorded = sources.content.digests[candidate.file]
      // Only the files this build read have bytes: after an edit, few or none.
      var bytes = sources.content.bytes.isEmpty ? nil : sources.content.bytes[candidate.file]
      var digest = recorded ?? 0
      func page(_ source: PageFile.Source) -> PageFile {
        PageFile(name: candidate.name, file: candidate.file, path: candidate.path, source: source, digest: digest)
      }
      if let known = known?.pages[candidate.name], known.facts.digest == digest, known.facts.path == candidate.path {
        if let bytes { return (page(.bytes(bytes)), []) }
        // Known from the record and not read: read when a render needs it.
        if recorded != nil, readsContentFolder { return (page(.unread(sources.content, candidate.file)), []) }
      }
      if bytes == nil, recorded != nil {
        // Its digest came from the record, whose facts of it are not usable: read it now.
        bytes = sources.content.read(candidate.file)
        digest = bytes.map(InputDigest.of) ?? 0
      }
      var problems: [Diagnostic] = []
      let text = text(
        bytes, path: candidate.path, location: sources.content.path.map { $0 + "/" + candidate.file },
        into: &problems)
      return (text.map { page(.text($0)) }, problems)
    }
    diagnostics += read.flatMap(\.1)
    return read.compactMap(\.0)
  }

  /// Whether the template's file `name` is copied into the site as it is: any but a page
  /// template and a hidden file.
  static func isAsset(_ name: String) -> Bool { !name.hasSuffix(".html") && !name.hasPrefix(".") }

  /// An error for each Content image at a path the site gives another file (a template's
  /// asset, a generated file): the site holds one file for each path, and the image would be
  /// left out of it.
  func imagesInTakenPlaces(_ sources: SiteSources) -> [Diagnostic] {
    ContentImages.paths(among: sources.content.names ?? []).compactMap { path in
      let taker: String
      if Self.isAsset(path), sources.templates.bytes[path] != nil {
        taker = sources.templates.source(of: path, in: "Templates")
      } else if build.generatedFiles[path] != nil {
        taker = "the generated `\(path)`"
      } else {
        return nil
      }
      return Diagnostic(
        id: .image, path: build.contentDirectory + "/" + path, line: 1, column: 1,
        message:
          "this image's path in the site is the one \(taker) takes, and the site holds one file for each path: rename or move the image"
      )
    }
  }

  /// An error at each Content path the listing refused (`ContentListing`).
  func refusals(_ sources: SiteSources) -> [Diagnostic] {
    sources.content.refusals.map {
      Diagnostic(id: $0.id, path: build.contentDirectory + "/" + $0.path, line: 1, column: 1, message: $0.message)
    }
  }

  /// The text of the file at `path` that was read as `bytes` (nil: it could not be read, and
  /// `location`, where it is, says why).
  func text(_ bytes: [UInt8]?, path: String, location: String? = nil, into diagnostics: inout [Diagnostic]) -> String? {
    guard let bytes else {
      diagnostics.append(
        Diagnostic(
          id: .contentUnreadable, path: path, line: 1, column: 1,
          message: "cannot read the file" + (location.flatMap(Self.notAFile).map { ": " + $0 } ?? "")))
      return nil
    }
    let read = PageText(bytes)
    diagnostics += read.diagnostics(path: path)
    return read.text
  }

  /// What the thing at `location` is when it is not a regular file, the only kind a build
  /// reads (through a symbolic link too): a FIFO would wait for a writer, a device could give
  /// anything. The words are `validate`'s.
  static func notAFile(_ location: String) -> String? {
    var status = stat()
    guard stat(location, &status) == 0 else {
      var link = stat()
      let dangling = lstat(location, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK
      return dangling ? "it is a symbolic link to nothing" : nil
    }
    switch status.st_mode & S_IFMT {
    case S_IFIFO: return "it is not a regular file (a FIFO)"
    case S_IFCHR: return "it is not a regular file (a character device)"
    case S_IFBLK: return "it is not a regular file (a block device)"
    case S_IFSOCK: return "it is not a regular file (a socket)"
    case S_IFDIR: return "it is a directory, not a file"
    default: return nil
    }
  }

  /// Whether `name`, a page's path under Content without `.md`, is a page name: folders and
  /// file each of letters, digits, `-`, `_` and `.`, not starting with `.`.
  static func isPageName(_ name: String) -> Bool {
    name.pieces(UInt8(ascii: "/"), omittingEmpty: false).allSatisfy { part in
      !part.isEmpty && !part.hasPrefix(".")
        && part.utf8.allSatisfy {
          ASCII.isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")
        }
    }
  }

  // MARK: - Parse

  /// Each page's first pass, in parallel; a page whose bytes the record knew is recalled.
  func parse(_ files: [PageFile], context: SiteContext, recalling previous: BuildRecord?) -> [SitePage] {
    parallelMap(files) { file in
      if let known = previous?.pages[file.name]?.facts, known.digest == file.digest, known.path == file.path {
        return SitePage(file: file, facts: known, isNew: false)
      }
      let (facts, ahead) = PageFacts.firstPass(
        name: file.name, path: file.path, source: Substring(file.text), digest: file.digest, context: context,
        ahead: build.rendersAhead)
      return SitePage(file: file, facts: facts, isNew: true, ahead: ahead)
    }
  }

  // MARK: - Resolve

  /// The pages in navigation order, where each anchor lives, and the navigation.
  func resolve(_ pages: [SitePage], into diagnostics: inout [Diagnostic]) -> ResolvedSite {
    let ordered = pages.sorted {
      ($0.facts.matter?.weight ?? 0, $0.facts.name) < ($1.facts.matter?.weight ?? 0, $1.facts.name)
    }
    // Each block that defines anchors has one home: the first page, in navigation order, that
    // shows it. Showing it again elsewhere is an error there, so links never move silently.
    var anchorPage: [String: String] = [:]
    for page in ordered.map(\.facts) {
      for block in page.homes {
        guard block.definesAnchors else {
          // A block that only lists may repeat; its ids lead to the first page that shows it.
          for anchor in block.anchors where anchorPage[anchor] == nil { anchorPage[anchor] = page.name }
          continue
        }
        if let owner = block.anchors.sorted().lazy.compactMap({ anchorPage[$0] }).first {
          // Twice on its own page is reported by the page itself.
          guard owner != page.name else { continue }
          diagnostics.append(
            Diagnostic(
              id: .blockShownTwice, path: page.path, line: block.line, column: block.column,
              message:
                "`contract \(block.block)` already has its home on `\(owner).md`: show it on one page only and link there"
            ))
          continue
        }
        for anchor in block.anchors { anchorPage[anchor] = page.name }
      }
    }
    diagnostics += undocumentedRoutes(anchorPage: anchorPage, pages: pages.map(\.facts))
    diagnostics += undocumentedBuilds(anchorPage: anchorPage, pages: pages.map(\.facts))
    let index = SiteIndex(
      pages: Dictionary(uniqueKeysWithValues: pages.map { ($0.facts.name, $0.facts) }), anchorPage: anchorPage)
    let navigation = Navigation(
      pages: ordered.map { ($0.facts.name, $0.facts.title) }, limit: build.navigationLimit,
      hasIndexPage: index.pages["index"] != nil)
    return ResolvedSite(pages: ordered, index: index, navigation: navigation)
  }

  /// A warning for each route class no page documents, when the site documents route classes
  /// at all: a new route class in the contract is then shown somewhere, or said not to be.
  func undocumentedRoutes(anchorPage: [String: String], pages: [PageFacts]) -> [Diagnostic] {
    let routeAnchors = contract.routeClasses.map { DirectiveAnchor.route($0.id) }
    let holder = anchorPage["route-classes-table"] ?? routeAnchors.lazy.compactMap { anchorPage[$0] }.first
    guard let holder, let page = pages.first(where: { $0.name == holder }) else { return [] }
    return contract.routeClasses.filter { anchorPage[DirectiveAnchor.route($0.id)] == nil }.map { route in
      Diagnostic(
        id: .routeUndocumented, path: page.path, line: 1, column: 1, severity: .warning,
        message:
          "route class `\(route.id.rawValue)` is documented on no page: add a `contract route \(route.id.rawValue)` block, or a `contract routes` block"
      )
    }
  }

  /// A warning for each build whose association files no page shows, when the site shows any
  /// build's: a build added to the contract is then given a page, or said not to be.
  func undocumentedBuilds(anchorPage: [String: String], pages: [PageFacts]) -> [Diagnostic] {
    let holder = contract.builds.lazy.compactMap { anchorPage[DirectiveAnchor.association($0.name)] }.first
    guard let holder, let page = pages.first(where: { $0.name == holder }) else { return [] }
    return contract.builds.filter { anchorPage[DirectiveAnchor.association($0.name)] == nil }.map { build in
      Diagnostic(
        id: .buildUndocumented, path: page.path, line: 1, column: 1, severity: .warning,
        message:
          "the association files of build `\(build.name)` are shown on no page: add a page with a `contract association \(build.name)` block, as this one has for its build"
      )
    }
  }

  // MARK: - Render

  /// Every page in the template, across the cores, then the listings: the page list (when
  /// Content has no index) beside the pages, the search page once they are rendered, beside
  /// the search index's files. A page is kept as the previous build wrote it when its bytes,
  /// the site and the navigation are the same, its file is untouched, and the site index
  /// answers every question its render asked as it did then.
  func render(
    _ site: ResolvedSite, context: SiteContext, script hasScript: Bool, checker: Bool = false,
    previous: BuildRecord?, untouched: Set<String>
  ) -> RenderedPages {
    let sameNavigation = previous?.navigation == site.navigationDigest
    // While the site holds the same pages, in the same order, and none changed what the index
    // takes from it, the index answers every recorded question as it did.
    let sameIndex =
      sameNavigation && site.pages.count == previous?.pages.count
      && site.pages.allSatisfy { page in
        guard let known = previous?.pages[page.facts.name] else { return false }
        return !page.isNew || page.facts.indexDigest == known.facts.indexDigest
      }
    let template = context.template
    let navigation = site.navigation
    let searchBase = {
      var search = SearchIndex(index: site.index, files: context.files, contract: contract, terms: build.searchTerms)
      search.checker = checker
      return search
    }()
    // The page list, when Content has no index, needs only the pages' facts: it is made on a
    // thread of its own while the pages render.
    let index: Later<RenderedPage>? =
      !site.hasGeneratedListing
      ? nil
      : Later {
        if let known = previous?.listingRender, previous?.listing == site.listingDigest,
          untouched.contains(known.path)
        {
          return known
        }
        let worker = WorkerTemplate(template, navigation: navigation)
        return renderIndex(site.pages.map(\.facts), parsed: worker.parsed, context: context)
      }
    let pages = parallelJobs(site.pages.count) {
      WorkerTemplate(template, navigation: navigation)
    } _: { job, worker -> (RenderedPage, SearchChunk, ahead: Bool) in
      let page = site.pages[job]
      let known = previous?.pages[page.facts.name]
      let recalled = known?.chunk.flatMap { $0.key == searchBase.chunkKey(page.facts) ? $0 : nil }
      let chunk = recalled ?? searchBase.chunk(page.facts)
      if sameNavigation, let known, known.facts.digest == page.facts.digest,
        untouched.contains(page.facts.outputName),
        sameIndex || known.render.lookups.allSatisfy({ site.index.answer($0.question) == $0.answer })
      {
        return (known.render, chunk, false)
      }
      let parsed = worker.parsed(for: page.facts.name)
      if let ahead = page.ahead, parsed.layout != nil,
        let content = ahead.take(
          answer: site.index.answer, isGenerated: { context.files[$0] != nil }, index: site.index)
      {
        return (renderPage(page.facts, content: content, parsed: parsed, context: context), chunk, true)
      }
      guard let text = page.file.readText() else {
        let failure = Diagnostic(
          id: .contentUnreadable, path: page.file.path, line: 1, column: 1,
          message: "cannot read the file, or it changed while the site was built: build again")
        return (
          RenderedPage(
            path: page.facts.outputName, bytes: nil, ids: [], duplicateIDs: [], links: [], diagnostics: [failure]),
          chunk, false
        )
      }
      let source = SourcePage(facts: page.facts, source: Substring(text), placeholders: context.placeholders)
      return (renderPage(source, parsed: parsed, context: context, index: site.index), chunk, false)
    }
    var search = searchBase
    for (page, (_, chunk, _)) in zip(site.pages, pages) { search.add(page.facts, chunk: chunk) }
    let hasSearchPage = site.index.pages["search"] == nil
    var shown = InputDigest()
    shown.add(site.navigationDigest)
    shown.add(search.pageDigest(script: hasScript))
    let searchPage = shown.value
    // The search index's files are made while the search page renders.
    let madeFiles = Later { [self, search] in
      self.searchFiles(search, script: hasScript, previous: previous, untouched: untouched)
    }
    var made: [RenderedPage] = []
    if hasSearchPage {
      // The page as the recorded build wrote it, while it would show the same: its links lead
      // where they did, to targets made from the same facts.
      if let ids = previous?.searchIDs, previous?.searchPage == searchPage, untouched.contains("search.html") {
        made.append(
          RenderedPage(path: "search.html", bytes: nil, ids: Set(ids), duplicateIDs: [], links: [], diagnostics: []))
      } else {
        let worker = WorkerTemplate(template, navigation: navigation)
        made.append(renderSearch(search, parsed: worker.parsed, context: context, script: hasScript))
      }
    }
    if let index { made.append(index.value) }
    let files = madeFiles.value
    return RenderedPages(
      pages: made + pages.map(\.0), chunks: pages.map(\.1), renderedAhead: pages.count(where: \.ahead),
      titledFiles: searchBase.titledFiles.sorted(), search: files,
      searchPage: hasSearchPage ? searchPage : 0)
  }

  /// The search index's files: `search.json`, and each part of the pages' entries, made only
  /// when its chunks are not those of the recorded build's part (whose files are untouched);
  /// with the search script, each also as a script for the search page.
  func searchFiles(
    _ search: SearchIndex, script: Bool, previous: BuildRecord?, untouched: Set<String>
  ) -> SearchFiles {
    let parts = SearchIndex.parts(search.chunks)
    var files = SearchFiles(digests: parts.map(\.digest))
    let json = search.json(parts: parts)
    files.made["search.json"] = json
    if script {
      files.made[SearchIndex.indexScriptPath] = SearchIndex.script(json, of: "search.json", tool: build.tool)
    }
    let recorded = previous?.searchParts ?? []
    let made = parallelMap(Array(parts.enumerated())) { offset, part -> [(path: String, bytes: [UInt8])]? in
      let kept =
        offset < recorded.count && recorded[offset] == part.digest && untouched.contains(part.path)
        && (!script || untouched.contains(part.scriptPath))
      return kept ? nil : part.files(script: script, tool: build.tool)
    }
    for (part, made) in zip(parts, made) {
      guard let made else {
        files.kept.insert(part.path)
        if script { files.kept.insert(part.scriptPath) }
        continue
      }
      for (path, bytes) in made { files.made[path] = bytes }
    }
    return files
  }

  /// The pages made now whose ids differ from the recorded build's, or are not recorded.
  func changedTargets(_ rendered: RenderedPages, since previous: BuildRecord) -> Set<String> {
    // Only the pages made now ask for their recorded ids, which are read when asked for: the
    // generated page list's, else those of the page the file is named after (`name.html`).
    func recorded(_ path: String) -> RenderedPage? {
      if let listing = previous.listingRender, listing.path == path { return listing }
      guard path.hasSuffix(".html") else { return nil }
      return previous.pages[String(path.dropLast(5))]?.render
    }
    let search = previous.searchIDs.map(Set.init)
    return Set(
      rendered.pages.filter { page in
        guard page.bytes != nil else { return false }
        guard let known = recorded(page.path) else { return page.path != "search.html" || search != page.ids }
        return known.ids != page.ids
      }.map(\.path))
  }

  // MARK: - Assemble

  /// The site's files: generated, the search schema, the template's assets, and the pages
  /// (those kept from the previous build by path only).
  func assemble(_ rendered: RenderedPages, sources: SiteSources) -> SiteRender {
    var files: [String: [UInt8]] = [:]
    var kept: Set<String> = []
    for (path, text) in build.generatedFiles { files[path] = Array(text.utf8) }
    files["schema/search.schema.json"] = Array(SearchIndex.schema.utf8)
    files["schema/search-part.schema.json"] = Array(SearchIndex.partSchema.utf8)
    for asset in sources.templates.names ?? [] where Self.isAsset(asset) {
      if let data = sources.templates.bytes[asset] {
        // Stylesheets and scripts can say where they come from; other assets stay as they are.
        let origin = sources.templates.source(of: asset, in: "Templates")
        let header =
          asset.hasSuffix(".css") || asset.hasSuffix(".js")
          ? "/* Copied by `\(build.tool.name) generate` from \(origin). Do not edit. */\n" : ""
        files[asset] = Array(header.utf8) + data
      }
    }
    // The images beside the pages that a page shows, at the same paths.
    for path in shownImages(rendered, among: ContentImages.paths(among: sources.content.names ?? [])) {
      if files[path] == nil, let bytes = sources.content.bytes(of: path) { files[path] = bytes }
    }
    for page in rendered.pages {
      if let bytes = page.bytes { files[page.path] = bytes } else { kept.insert(page.path) }
    }
    files.merge(rendered.search.made) { _, search in search }
    kept.formUnion(rendered.search.kept)
    return SiteRender(files: files, kept: kept)
  }

  /// The images among `images` that a page's `src` names (its Markdown or its template):
  /// only those are published. The pages made now are asked first, then, while an image is
  /// left, the pages kept from the previous build, whose recorded links are read only then.
  func shownImages(_ rendered: RenderedPages, among images: [String]) -> Set<String> {
    var left = Set(images)
    var shown: Set<String> = []
    func note(_ page: RenderedPage) {
      let folder = SitePath.folder(of: page.path)
      for link in page.links where link.attribute == .src {
        if let path = SitePath.join(folder, link.value), left.remove(path) != nil { shown.insert(path) }
      }
    }
    for page in rendered.pages where page.bytes != nil {
      guard !left.isEmpty else { break }
      note(page)
    }
    for page in rendered.pages where page.bytes == nil {
      guard !left.isEmpty else { break }
      note(page)
    }
    return shown
  }

  /// An error at each SVG image the site publishes that could run a script or load something
  /// from elsewhere when opened by its own address (`SVGSafety`).
  func unsafeImages(_ output: SiteRender, sources: SiteSources) -> [Diagnostic] {
    ContentImages.paths(among: sources.content.names ?? []).flatMap { path -> [Diagnostic] in
      guard ImageSize.Kind(fileName: path) == .svg, let bytes = output.files[path] else { return [] }
      let shown = build.contentDirectory + "/" + path
      // Columns in characters, as every diagnostic gives them.
      return ScalarColumns(files: [shown: bytes]).converting(
        SVGSafety.problems(bytes).map {
          Diagnostic(id: .svgUnsafe, path: shown, line: $0.line, column: $0.column, message: $0.message)
        })
    }
  }

  /// An error at each page or image whose path in the site lies inside a path the site holds as
  /// a file (a Content folder named `index.html`, `contract.json` or after a page's file): a
  /// folder and a file cannot share a path, and nothing is written.
  func pathClashes(_ output: SiteRender, files: [PageFile]) -> [Diagnostic] {
    var sources: [(output: String, content: String)] = files.map {
      (PageFacts.outputName(of: $0.name), $0.path)
    }
    for path in output.files.keys where ImageSize.Kind(fileName: path) != nil {
      sources.append((path, build.contentDirectory + "/" + path))
    }
    let holds = { (path: String) in output.files[path] != nil || output.kept.contains(path) }
    return sources.compactMap { output, content in
      var folder = SitePath.folder(of: output)
      while !folder.isEmpty {
        if holds(folder) {
          return Diagnostic(
            id: .outputPathClash, path: content, line: 1, column: 1,
            message:
              "this file's path in the site, `\(Printed.excerpt(output))`, lies inside `\(Printed.excerpt(folder))`, which the site holds as a file: a folder and a file cannot share a path; rename the folder `\(Printed.excerpt(folder))` in Content"
          )
        }
        folder = SitePath.folder(of: folder)
      }
      return nil
    }
  }

  // MARK: - Finish

  /// The diagnostics as a reader gets them: columns counted in characters, no forbidden value
  /// quoted, sorted.
  func finish(_ diagnostics: [Diagnostic], sources: SiteSources, files: [PageFile]) -> [Diagnostic] {
    guard !diagnostics.isEmpty else { return [] }
    var bytes: [String: [UInt8]] = [:]
    for file in files { bytes[file.path] = sources.content.bytes(of: file.file) }
    let columns = ScalarColumns(files: bytes)
    let longest = diagnostics.lazy.map(\.message.utf8.count).max() ?? 0
    return ForbiddenValues(in: files.map(\.text), contract: contract, longest: longest)
      .redacting(columns.converting(diagnostics)).sorted()
  }
}

/// A Content page file with a valid name and readable text.
struct PageFile: Sendable {
  enum Source: Sendable {
    /// The text as read, with any character a page cannot hold read as spaces.
    case text(String)
    /// Bytes known to be such text already, decoded when needed.
    case bytes([UInt8])
    /// A file of the Content folder known to hold such text, from its status in the build
    /// record, read when needed.
    case unread(SiteSources.Folder, String)
  }

  let name: String
  /// The file's name in the Content folder.
  let file: String
  /// The path diagnostics name.
  let path: String
  let source: Source
  let digest: UInt64

  /// The page's text; empty when an unread file cannot be read now (`readText`).
  var text: String { readText() ?? "" }

  /// The page's text, or nil when the file was not read and now cannot be, or no longer holds
  /// the bytes its digest says.
  func readText() -> String? {
    switch source {
    case .text(let text): return text
    case .bytes(let bytes): return String(decoding: bytes, as: UTF8.self)
    case .unread(let folder, let file):
      return folder.bytes(of: file).map { String(decoding: $0, as: UTF8.self) }
    }
  }
}

/// A page after the parse phase: its facts, and its Markdown when it was parsed now.
struct SitePage: Sendable {
  let file: PageFile
  let facts: PageFacts
  /// Whether the facts were made now, not recalled from the build record.
  let isNew: Bool
  /// The content the first pass wrote, when it could.
  var ahead: AheadContent? = nil

  /// The page for the build record; the recorded page itself when nothing of it was made anew.
  func record(render: RenderedPage, chunk: SearchChunk, previous: BuildRecord?) -> BuildRecord.Page {
    if !isNew, render.bytes == nil, let known = previous?.pages[facts.name], known.chunk?.key == chunk.key {
      return known
    }
    return BuildRecord.Page(facts: facts, render: render.kept, chunk: chunk)
  }
}

/// The pages in navigation order, with the index and navigation every render reads.
struct ResolvedSite: Sendable {
  let pages: [SitePage]
  let index: SiteIndex
  let navigation: Navigation
  /// A digest of the navigation every page shows.
  let navigationDigest: UInt64

  init(pages: [SitePage], index: SiteIndex, navigation: Navigation) {
    self.pages = pages
    self.index = index
    self.navigation = navigation
    var hash = InputDigest()
    hash.add(UInt64(navigation.limit))
    hash.add(navigation.hasIndexPage ? 1 : 0)
    for page in navigation.pages {
      hash.add(page.name)
      hash.add(page.title)
    }
    navigationDigest = hash.value
  }

  /// Whether the site lists its pages itself: without an `index` page, the build makes one.
  var hasGeneratedListing: Bool { index.pages["index"] == nil }

  /// A digest of what the generated page list shows: the navigation and every page's summary;
  /// 0 when the site has its own index page.
  var listingDigest: UInt64 {
    guard hasGeneratedListing else { return 0 }
    var hash = InputDigest()
    hash.add(navigationDigest)
    for page in pages { hash.add(page.facts.matter?.summary ?? "") }
    return hash.value
  }
}

/// The pages the render phase made or kept, listings first, and the search index.
struct RenderedPages: Sendable {
  let pages: [RenderedPage]
  /// Each Content page's part of the search index, in navigation order.
  let chunks: [SearchChunk]
  /// How many pages were rendered from the content their first pass wrote.
  let renderedAhead: Int
  /// The pages whose headings may title a contract entry, sorted (`SearchIndex.titledFiles`).
  let titledFiles: [String]
  let search: SearchFiles
  /// The digest of what the generated search page shows (its navigation too); 0 without one.
  let searchPage: UInt64

  var byPath: [String: RenderedPage] {
    Dictionary(pages.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
  }
}

/// The search index's files a build made, those it keeps as the recorded build wrote them, and
/// the digest of each part of the pages' entries, for the record.
struct SearchFiles: Sendable {
  var made: [String: [UInt8]] = [:]
  var kept: Set<String> = []
  let digests: [UInt64]
}

/// A render worker's copy of the template, parsed when the worker first renders a page: a
/// rebuild that keeps every page it is given never needs it.
final class WorkerTemplate {
  private let template: PageTemplate
  private let navigation: Navigation
  private(set) lazy var parsed = ParsedTemplate(template, navigation: navigation)
  /// The template for pages in each sub-folder, whose links are written relative to it.
  private var inFolders: [String: ParsedTemplate] = [:]

  /// The template for the page (or file) at `path`: the root's, or its folder's.
  func parsed(for path: String) -> ParsedTemplate {
    let folder = SitePath.folder(of: path)
    guard !folder.isEmpty else { return parsed }
    if let made = inFolders[folder] { return made }
    let made = ParsedTemplate(template, navigation: navigation, folder: folder)
    inFolders[folder] = made
    return made
  }

  init(_ template: PageTemplate, navigation: Navigation) {
    self.template = template
    self.navigation = navigation
  }
}

/// A site made by the pipeline: the files whose bytes it made, the files it keeps from the
/// previous build, what it found, and what the build record needs.
struct SiteRender {
  var files: [String: [UInt8]] = [:]
  var kept: Set<String> = []
  var diagnostics: [Diagnostic] = []
  var pageCount = 0
  var renderedCount = 0
  var renderedAhead = 0
  var tool: UInt64 = 0
  var inputs: UInt64 = 0
  var site: UInt64 = 0
  var navigation: UInt64 = 0
  var listing: UInt64 = 0
  var listingRender: RenderedPage?
  var searchIDs: [String]?
  var searchParts: [UInt64] = []
  var searchPage: UInt64 = 0
  var generated: [String] = []
  var pages: [String: BuildRecord.Page] = [:]
  var siteMap: BuildRecord.SiteMap?
  /// What the phases made on the way, for a build that keeps what it made until its process
  /// exits (`SiteBuild.keepsLastRun`) instead of freeing it.
  var workings: [Any] = []

  init(files: [String: [UInt8]], kept: Set<String>) {
    self.files = files
    self.kept = kept
  }

  init(failed diagnostics: [Diagnostic]) { self.diagnostics = diagnostics.sorted() }

  /// The record of this build, once its files are written and `outputs` is what they are.
  func record(outputs: [BuildRecord.OutputFile]) -> BuildRecord? {
    guard diagnostics.errorCount == 0 else { return nil }
    var record = BuildRecord(
      inputs: inputs, site: site, navigation: navigation, listing: listing, listingRender: listingRender,
      outputs: outputs, warnings: diagnostics.filter { $0.severity == .warning }, generated: generated, pages: pages)
    record.tool = tool
    record.searchIDs = searchIDs
    record.searchParts = searchParts
    record.searchPage = searchPage
    record.siteMap = siteMap
    return record
  }
}

/// The digests a build record is kept by, made once per build from one reading of the sources.
struct BuildDigests {
  /// What every page's render reads besides its own source, its lookups and the navigation:
  /// the tool, the settings, the Templates folder and the generated files.
  let site: UInt64
  /// Everything the build reads: the site's digest and every Content file.
  let inputs: UInt64

  /// The running tool, its version and the identity of the generated files it makes.
  let tool: UInt64

  /// `tool` for a build of a tool of `version` whose generated files are `identity`'s.
  static func tool(version: String, identity: String?) -> UInt64 {
    var hash = InputDigest()
    hash.add(version)
    // The running tool itself: a rebuilt generator may render the same inputs differently.
    // Its executable, as Foundation finds it wherever Swift runs.
    var tool = stat()
    if let executable = Bundle.main.executablePath, stat(executable, &tool) == 0 {
      hash.add("\(tool.st_size) \(tool.st_mtim.tv_sec) \(tool.st_mtim.tv_nsec) \(tool.st_ino)")
    }
    hash.add(identity.map { "identity " + $0 } ?? "generated files given")
    return hash.value
  }

  init(_ build: SiteBuild, _ sources: SiteSources) {
    tool = Self.tool(version: build.toolVersion, identity: build.published.identity)
    var hash = InputDigest()
    hash.add(tool)
    // Every generated file's header names the tool.
    hash.add(build.tool.name)
    hash.add(String(build.navigationLimit))
    hash.add(build.outputDirectory)
    hash.add(build.contentDirectory)
    hash.add(build.templatesDirectory)
    for name in sources.templates.names ?? [] {
      hash.add(name)
      hash.add(sources.templates.digests[name] ?? 0)
      // A built-in file's copy says so: the site's own file of the same bytes is another input.
      if sources.templates.builtIn.contains(name) { hash.add("built-in") }
    }
    // Every page's render reads the images (whether one exists, its size): a changed image
    // makes every page again.
    for name in ContentImages.paths(among: sources.content.names ?? []) {
      hash.add(name)
      hash.add(sources.content.digests[name] ?? 0)
    }
    if let identity = build.published.identity {
      hash.add(identity)
    } else {
      for (path, text) in build.generatedFiles.sorted(by: { $0.key < $1.key }) {
        hash.add(path)
        hash.add(text)
      }
    }
    site = hash.value
    var all = InputDigest()
    all.add(site)
    all.add(sources.content.names == nil ? 0 : 1)
    // What the listing refused is no name, but must make the build again to be reported.
    for refusal in sources.content.refusals {
      all.add(refusal.path)
      all.add(refusal.message)
    }
    for name in sources.content.names ?? [] {
      all.add(name)
      // Every file under Content, in sub-folders too (`guides/setup.md`), with its digest.
      all.add(sources.content.digests[name] ?? 0)
    }
    inputs = all.value
  }
}
