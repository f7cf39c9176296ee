import Dispatch
import Foundation
import LinkContract

/// One build of the docs site: Content and Templates in, Site out.
public struct SiteBuild: Sendable {
  public var contentDirectory: String
  public var templatesDirectory: String
  public var outputDirectory: String
  public var contract: Contract
  /// Generated files to publish beside the pages, by path relative to the site root; made
  /// on first use when the build was given a way to make them.
  public var generatedFiles: [String: String] { published.files }
  let published: PublishedFiles
  /// How many pages the navigation lists before it links to the full index instead.
  public var navigationLimit = 40
  /// The generator's version, part of what decides whether a rebuild can be skipped.
  public var toolVersion = "development"
  /// Whether to keep a record beside the output so that a rebuild with nothing changed stops early.
  public var usesBuildCache = true

  public init(
    contentDirectory: String, templatesDirectory: String, outputDirectory: String,
    contract: Contract, generatedFiles: [String: String]
  ) {
    self.contentDirectory = contentDirectory
    self.templatesDirectory = templatesDirectory
    self.outputDirectory = outputDirectory
    self.contract = contract
    published = PublishedFiles(identity: nil) { generatedFiles }
  }

  /// A build whose generated files are made by `makeGeneratedFiles` only when it renders.
  /// The build record identifies them by `identity` alone, so it must change whenever they
  /// could: the tool's own version and binary do, for files derived from its compiled contract.
  public init(
    contentDirectory: String, templatesDirectory: String, outputDirectory: String,
    contract: Contract, generatedFilesIdentity identity: String,
    makeGeneratedFiles: @escaping @Sendable () -> [String: String]
  ) {
    self.contentDirectory = contentDirectory
    self.templatesDirectory = templatesDirectory
    self.outputDirectory = outputDirectory
    self.contract = contract
    published = PublishedFiles(identity: identity, make: makeGeneratedFiles)
  }

  /// Renders the whole site in memory; nothing is written. Diagnostics are sorted.
  public func render() -> RenderedSite {
    render(SiteSources(content: contentDirectory, templates: templatesDirectory))
  }

  /// Renders the site from the files of one reading of its folders.
  func render(_ sources: SiteSources) -> RenderedSite {
    _ = libxml2Ready
    let timing = PhaseTiming()
    var diagnostics: [Diagnostic] = []

    let templatePath = templatesDirectory + "/page.html"
    guard let templateSource = text(sources.templates.bytes["page.html"], path: templatePath, into: &diagnostics)
    else {
      return RenderedSite(files: [:], diagnostics: diagnostics.sorted(), pageCount: 0)
    }
    let (loaded, templateDiagnostics) = PageTemplate.load(source: templateSource, path: templatePath)
    diagnostics += templateDiagnostics
    guard let template = loaded else {
      return RenderedSite(files: [:], diagnostics: diagnostics.sorted(), pageCount: 0)
    }

    var files: [String: [UInt8]] = [:]
    for (path, text) in generatedFiles { files[path] = Array(text.utf8) }
    files["schema/search.schema.json"] = Array(SearchIndex.schema.utf8)
    for asset in sources.templates.names ?? [] where !asset.hasSuffix(".html") && !asset.hasPrefix(".") {
      if let data = sources.templates.bytes[asset] {
        // Stylesheets and scripts can say where they come from; other assets stay as they are.
        let header =
          asset.hasSuffix(".css") || asset.hasSuffix(".js")
          ? "/* Copied by `linkcontract build` (make site) from Templates/\(asset). Do not edit. */\n" : ""
        files[asset] = Array(header.utf8) + data
      }
    }

    guard let names = sources.content.names else {
      diagnostics.append(
        Diagnostic(
          id: .contentUnreadable, path: contentDirectory, line: 1, column: 1, message: "cannot read the Content folder")
      )
      return RenderedSite(files: [:], diagnostics: diagnostics.sorted(), pageCount: 0)
    }
    var candidates: [(name: String, file: String, path: String)] = []
    var seen: [String: String] = [:]
    for file in names where file.hasSuffix(".md") {
      let name = String(file.dropLast(3))
      let path = contentDirectory + "/" + file
      guard isPageName(name) else {
        diagnostics.append(
          Diagnostic(
            id: .pageNameInvalid, path: path, line: 1, column: 1,
            message: "page name `\(name)` must use only letters, digits, `-`, `_` and `.`"))
        continue
      }
      if let other = seen[name.lowercased()] {
        diagnostics.append(
          Diagnostic(
            id: .pageNameClash, path: path, line: 1, column: 1,
            message: "page `\(name)` has the same name as `\(other)` (names are compared ignoring case)"))
        continue
      }
      seen[name.lowercased()] = file
      candidates.append((name, file, path))
    }
    let read = parallelMap(candidates) { candidate -> (String?, [Diagnostic]) in
      var problems: [Diagnostic] = []
      let text = text(sources.content.bytes[candidate.file], path: candidate.path, into: &problems)
      return (text, problems)
    }
    var texts: [(name: String, path: String, text: String)] = []
    for (candidate, (text, problems)) in zip(candidates, read) {
      diagnostics += problems
      if let text { texts.append((candidate.name, candidate.path, text)) }
    }

    timing.mark("read")
    let context = SiteContext(
      contract: contract, template: template, siteTitle: contract.appName + " link contract",
      files: generatedFiles)
    let pages = parallelMap(texts) { source in
      SourcePage(name: source.name, path: source.path, source: Substring(source.text), context: context)
    }
    timing.mark("parse")
    for page in pages { diagnostics += page.diagnostics }

    let ordered = pages.sorted { ($0.matter?.weight ?? 0, $0.name) < ($1.matter?.weight ?? 0, $1.name) }
    // Each block that defines anchors has one home: the first page, in navigation order, that
    // shows it. Showing it again elsewhere is an error there, so links never move silently.
    var anchorPage: [String: String] = [:]
    for page in ordered {
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
    diagnostics += undocumentedRoutes(anchorPage: anchorPage, pages: pages)
    let index = SiteIndex(
      pages: Dictionary(uniqueKeysWithValues: pages.map { ($0.name, $0) }), anchorPage: anchorPage)
    let navigation = Navigation(
      pages: ordered.map { ($0.name, $0.title) }, limit: navigationLimit,
      hasIndexPage: index.pages["index"] != nil)

    // The search page and the page list go into the same queue as the pages, first, as the
    // largest jobs: whichever worker is free takes the next job.
    let hasScript = files["search.js"] != nil
    let listings: [Listing] =
      (index.pages["search"] == nil ? [.search] : []) + (index.pages["index"] == nil ? [.index] : [])
    let jobs = listings.count + ordered.count
    let rendered = parallelJobs(jobs, template: template, navigation: navigation) {
      job, parsed -> (RenderedPage, [UInt8]?) in
      guard job < listings.count else {
        let page = ordered[job - listings.count]
        return (renderPage(page, parsed: parsed, context: context, index: index, navigation: navigation), nil)
      }
      switch listings[job] {
      case .index:
        return (renderIndex(ordered, parsed: parsed, context: context, navigation: navigation), nil)
      case .search:
        let search = SearchIndex(
          pages: ordered, index: index, files: context.files, contract: contract)
        let page = renderSearch(search, parsed: parsed, context: context, navigation: navigation, script: hasScript)
        return (page, search.json)
      }
    }
    timing.mark("render")
    var outputs: [String: RenderedPage] = [:]
    for (page, json) in rendered {
      diagnostics += page.diagnostics
      outputs[page.path] = page
      files[page.path] = page.bytes
      if let json { files["search.json"] = json }
    }
    // The output check looks for the generator's own faults; with Content errors nothing is
    // written, and their consequences would only repeat them.
    if diagnostics.errorCount == 0 {
      diagnostics += OutputCheck(pages: outputs, files: Set(files.keys)).problems(outputDirectory)
    }
    timing.mark("check")
    if !diagnostics.isEmpty {
      var bytes: [String: [UInt8]] = [:]
      for candidate in candidates { bytes[candidate.path] = sources.content.bytes[candidate.file] }
      let columns = ScalarColumns(files: bytes)
      diagnostics = diagnostics.map(columns.converting)
      diagnostics = ForbiddenValues(in: texts.map(\.text), contract: contract).redacting(diagnostics)
    }
    return RenderedSite(files: files, diagnostics: diagnostics.sorted(), pageCount: outputs.count)
  }

  /// Renders the site and, when there is no error, writes it: atomically, rewriting only the
  /// files whose bytes changed. A failed build leaves the output folder exactly as it was.
  public func run() -> SiteBuildResult {
    let cacheLocation = BuildCache.location(for: outputDirectory)
    // One reading of the folders serves both the record and the render, so that the record
    // never names inputs other than the ones the site was made from.
    let sources = SiteSources(content: contentDirectory, templates: templatesDirectory)
    let inputs = usesBuildCache ? BuildCache.inputs(of: self, sources: sources, version: toolVersion) : nil
    if let inputs, let cache = BuildCache.load(cacheLocation), cache.inputs == inputs,
      cache.outputIsUntouched(outputDirectory)
    {
      return SiteBuildResult(diagnostics: cache.warnings, files: cache.outputs.count, written: 0, removed: 0)
    }
    let site = render(sources)
    guard site.diagnostics.errorCount == 0 else {
      return SiteBuildResult(diagnostics: site.diagnostics, files: site.files.count, written: 0, removed: 0)
    }
    do {
      let timing = PhaseTiming()
      defer { timing.mark("write") }
      let (written, removed) = try SiteOutput.commit(site.files, to: outputDirectory)
      if let inputs {
        BuildCache(
          inputs: inputs, outputs: BuildCache.snapshot(outputDirectory),
          warnings: site.diagnostics.filter { $0.severity == .warning }
        ).save(cacheLocation)
      }
      return SiteBuildResult(
        diagnostics: site.diagnostics, files: site.files.count, written: written, removed: removed)
    } catch {
      var diagnostics = site.diagnostics
      diagnostics.append(
        Diagnostic(
          id: .siteUnwritable, path: outputDirectory, line: 1, column: 1, message: "cannot write the site: \(error)"))
      return SiteBuildResult(diagnostics: diagnostics, files: site.files.count, written: 0, removed: 0)
    }
  }

  /// The text of the file at `path` that was read as `bytes` (nil: it could not be read).
  /// A warning for each route class no page documents, when the site documents route classes
  /// at all: a new route class in the contract is then shown somewhere, or said not to be.
  func undocumentedRoutes(anchorPage: [String: String], pages: [SourcePage]) -> [Diagnostic] {
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

  func text(_ bytes: [UInt8]?, path: String, into diagnostics: inout [Diagnostic]) -> String? {
    guard let bytes else {
      diagnostics.append(
        Diagnostic(id: .contentUnreadable, path: path, line: 1, column: 1, message: "cannot read the file"))
      return nil
    }
    let read = PageText(bytes)
    diagnostics += read.diagnostics(path: path)
    return read.text
  }

  func isPageName(_ name: String) -> Bool {
    !name.isEmpty && !name.hasPrefix(".")
      && name.utf8.allSatisfy { ASCII.isAlphanumeric($0) || $0 == 0x2D || $0 == 0x5F || $0 == 0x2E }
  }
}

/// The Content and Templates folders as one build reads them: each folder's file names, sorted,
/// and the bytes of every file in it that could be read.
struct SiteSources: Sendable {
  struct Folder: Sendable {
    /// Nil when the folder itself cannot be read.
    let names: [String]?
    /// By name; a sub-folder or an unreadable file has no entry.
    let bytes: [String: [UInt8]]

    init(_ path: String) {
      guard let listed = try? FileManager.default.contentsOfDirectory(atPath: path) else {
        names = nil
        bytes = [:]
        return
      }
      let sorted = listed.sorted()
      names = sorted
      let read = parallelMap(sorted) { name in FileManager.default.contents(atPath: path + "/" + name).map([UInt8].init)
      }
      var bytes: [String: [UInt8]] = [:]
      for (name, data) in zip(sorted, read) { bytes[name] = data }
      self.bytes = bytes
    }
  }

  let content: Folder
  let templates: Folder

  init(content: String, templates: String) {
    self.content = Folder(content)
    self.templates = Folder(templates)
  }
}

/// The site in memory: every file by path, and what was found on the way.
public struct RenderedSite: Sendable {
  public let files: [String: [UInt8]]
  public let diagnostics: [Diagnostic]
  public let pageCount: Int
}

/// The generated files of a build, made once, when first asked for.
final class PublishedFiles: @unchecked Sendable {
  /// What stands for the files in the build record; nil when their bytes do.
  let identity: String?
  private let make: @Sendable () -> [String: String]
  private var made: [String: String]?
  private let lock = NSLock()

  init(identity: String?, make: @escaping @Sendable () -> [String: String]) {
    self.identity = identity
    self.make = make
  }

  var files: [String: String] {
    lock.lock()
    defer { lock.unlock() }
    if let made { return made }
    let files = make()
    made = files
    return files
  }
}

/// What a build did.
public struct SiteBuildResult: Sendable {
  public let diagnostics: [Diagnostic]
  public let files: Int
  public let written: Int
  public let removed: Int
}

/// A file's bytes read as a page's text, with what is wrong with them by line and byte column.
/// Invalid UTF-8 leaves no text: the first bad sequence is reported and nothing after it is
/// read. A character that XML, and so a page, cannot hold (a C0 control other than tab, line
/// feed and carriage return; U+FFFE, U+FFFF) is reported and read as spaces of the same
/// length, so that the rest of the file is still checked at its true columns.
struct PageText {
  private(set) var text: String?
  private(set) var problems: [(line: Int, column: Int, message: String)] = []

  init(_ source: [UInt8]) {
    var bytes = source
    var line = 1
    var lineStart = 0
    var index = 0
    func unshowable(_ scalar: String, length: Int) {
      problems.append((line, index - lineStart + 1, "the character \(scalar) cannot appear in a page; remove it"))
      for k in index..<(index + length) { bytes[k] = 0x20 }
    }
    func notUTF8() {
      problems.append((line, index - lineStart + 1, "the file is not valid UTF-8"))
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 {
        if byte == 0x0A {
          line += 1
          lineStart = index + 1
        } else if byte < 0x20, byte != 0x09, byte != 0x0D {
          unshowable((byte < 0x10 ? "U+000" : "U+00") + String(byte, radix: 16, uppercase: true), length: 1)
        }
        index += 1
        continue
      }
      let length: Int
      switch byte {
      case 0xC2...0xDF: length = 2
      case 0xE0...0xEF: length = 3
      case 0xF0...0xF4: length = 4
      default:
        notUTF8()
        return
      }
      guard index + length <= bytes.count,
        bytes[(index + 1)..<(index + length)].allSatisfy({ $0 & 0xC0 == 0x80 })
      else {
        notUTF8()
        return
      }
      let scalar = String(decoding: bytes[index..<(index + length)], as: UTF8.self)
      if scalar == "\u{FFFD}", bytes[index..<(index + length)] != [0xEF, 0xBF, 0xBD] {
        notUTF8()
        return
      }
      if scalar == "\u{FFFE}" || scalar == "\u{FFFF}" {
        unshowable(scalar == "\u{FFFE}" ? "U+FFFE" : "U+FFFF", length: length)
      }
      index += length
    }
    text = String(decoding: bytes, as: UTF8.self)
  }

  /// The problems as diagnostics of the file at `path`.
  func diagnostics(path: String) -> [Diagnostic] {
    problems.map { Diagnostic(id: .textInvalid, path: path, line: $0.line, column: $0.column, message: $0.message) }
  }
}

/// Maps in parallel across the machine's cores, keeping order.
func parallelMap<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
  let results = ResultSlots<R>(count: items.count)
  DispatchQueue.concurrentPerform(iterations: items.count) { index in
    results.set(index, transform(items[index]))
  }
  return results.values
}

/// The pages the build writes beside Content's own.
enum Listing {
  case index
  case search
}

/// Runs jobs `0..<count` across the machine's cores, each worker with its own parsed copy of
/// the template; a worker that finishes a job takes the next one not yet taken.
func parallelJobs<R: Sendable>(
  _ count: Int, template: PageTemplate, navigation: Navigation,
  _ transform: @Sendable (Int, ParsedTemplate) -> R
) -> [R] {
  let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, count))
  let results = ResultSlots<R>(count: count)
  let queue = JobQueue()
  DispatchQueue.concurrentPerform(iterations: workers) { _ in
    let parsed = ParsedTemplate(template, navigation: navigation)
    while let job = queue.take(below: count) {
      results.set(job, transform(job, parsed))
    }
  }
  return results.values
}

/// Hands out job numbers in order, each once.
final class JobQueue: @unchecked Sendable {
  private var next = 0
  private let lock = NSLock()

  func take(below count: Int) -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard next < count else { return nil }
    next += 1
    return next - 1
  }
}

/// Slots that concurrent workers fill, each slot by exactly one worker.
final class ResultSlots<R>: @unchecked Sendable {
  private var slots: [R?]
  private let lock = NSLock()

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ value: R) {
    lock.lock()
    slots[index] = value
    lock.unlock()
  }

  var values: [R] { slots.map { $0! } }
}

/// Phase durations on standard error when `LINKCONTRACT_TIMING` is set, for profiling builds.
public final class PhaseTiming {
  private let enabled = ProcessInfo.processInfo.environment["LINKCONTRACT_TIMING"] != nil
  private var last = ContinuousClock.now

  public init() {}

  /// Prints the time since the previous mark (or since creation) under the name `phase`.
  public func mark(_ phase: String) {
    guard enabled else { return }
    let now = ContinuousClock.now
    let milliseconds =
      (now - last).components.attoseconds / 1_000_000_000_000_000 + (now - last).components.seconds * 1000
    FileHandle.standardError.write(Data("timing: \(phase) \(milliseconds) ms\n".utf8))
    last = now
  }
}
