import ContractArtifacts
import Foundation
import LinkContract
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// One build of the docs site: Content and Templates in, Site out. `render` makes the whole
/// site in memory; `run` writes it, doing only what changed since the recorded previous build.
/// The phases themselves are `SitePipeline`'s.
public struct SiteBuild: Sendable {
  public var contentDirectory: String
  public var templatesDirectory: String
  public var outputDirectory: String
  public let contract: Contract
  /// The contract's conformance table, made on first use and shared by every run of this build.
  let conformance: SharedConformance
  /// The words of the contract's search entries, made on first use and kept across runs.
  let searchTerms = SearchTerms()
  /// Generated files to publish beside the pages, by path relative to the site root; made
  /// on first use when the build was given a way to make them.
  public var generatedFiles: [String: String] { published.files }
  let published: PublishedFiles
  /// The templates under the Templates folder's: linkcontract's built-in ones, which the
  /// folder's files replace by name and add to, so that a site's folder holds only the files
  /// it changes, or none. Empty for a build whose Templates folder is the one the built-in
  /// templates are generated from (this repository's own), which takes its templates from
  /// the folder alone rather than from the copy compiled into the running tool.
  public var builtInTemplates = BuiltInTemplates.files
  /// How many pages the navigation lists before it links to the full index instead.
  public var navigationLimit = 40
  /// The generator's version, part of what decides whether a rebuild can be skipped.
  public var toolVersion = "development"
  /// The tool that runs the build, which every generated file's header names.
  public var tool = ToolName.linkcontract
  /// Whether to keep a record beside the output, so that a rebuild does only what changed.
  public var usesBuildCache = true
  /// Whether a page's first pass writes its content when it can (`AheadContent`), so that the
  /// page is parsed once; off, every page is parsed again for its render. The output is the same.
  var rendersAhead = true
  /// Whether a rebuild that changes only some pages' bodies reads only those pages of the
  /// record (`BodyEditRebuild`); off, it reads every page, as other rebuilds do. The output is
  /// the same.
  var rebuildsEditsAlone = true
  /// Called with the name and duration of each phase of a build, for profiling.
  public var phaseObserver: (@Sendable (String, Duration) -> Void)?
  /// The record this build last saved, kept for its next run (`watch` runs one build many
  /// times): while the record file beside the output is the one saved, the pages are taken
  /// from here instead of being read from disk and decoded again.
  let lastRecord = LastRecord()
  /// Whether a run hands what it read and made to this build instead of freeing it as it
  /// returns: a process that exits right after a build (`linkcontract build`) keeps the build
  /// until then, and freeing thousands of recorded pages would cost more than a small rebuild.
  public var keepsLastRun = false
  let lastRun = LastRun()
  /// How long before a build a Content file's last change must be for the next build to take
  /// its digest from the record, when its status is the same, instead of reading it: a change
  /// within a timestamp's granularity of the reading could leave the status as it was.
  public var sourceSettling: Duration = .seconds(2)
  /// The largest image file, in bytes, that the build reads under Content (`image-too-large`).
  public var maximumImageSize = ImageSizeLimit.standard

  public init(
    contentDirectory: String, templatesDirectory: String, outputDirectory: String,
    contract: Contract, generatedFiles: [String: String]
  ) {
    self.contentDirectory = contentDirectory
    self.templatesDirectory = templatesDirectory
    self.outputDirectory = outputDirectory
    self.contract = contract
    conformance = SharedConformance(contract)
    published = PublishedFiles(identity: nil) { generatedFiles }
  }

  /// A build whose generated files are made by `makeGeneratedFiles`, from the contract's
  /// conformance table, only when it renders. The build record identifies them by `identity`
  /// alone, so it must change whenever they could: the tool's own version and binary do, for
  /// files derived from its compiled contract.
  public init(
    contentDirectory: String, templatesDirectory: String, outputDirectory: String,
    contract: Contract, generatedFilesIdentity identity: String,
    makeGeneratedFiles: @escaping @Sendable (ConformanceTable) -> [String: String]
  ) {
    self.contentDirectory = contentDirectory
    self.templatesDirectory = templatesDirectory
    self.outputDirectory = outputDirectory
    self.contract = contract
    let conformance = SharedConformance(contract)
    self.conformance = conformance
    published = PublishedFiles(identity: identity) { makeGeneratedFiles(conformance.value) }
  }

  /// Whether the build record beside `output` was saved by this running tool, of `toolVersion`,
  /// for generated files of `identity`: a tool that checks its contract before every build
  /// whose record does not vouch for it need not check it again.
  public static func recordVouches(output: String, toolVersion: String, identity: String) -> Bool {
    BuildRecord.tool(at: BuildRecord.location(for: output))
      == BuildDigests.tool(version: toolVersion, identity: identity)
  }

  /// The output file of each Markdown file among the Content folder's `names`.
  static func pageOutputs(_ names: [String]) -> [String] {
    names.compactMap { name in
      name.utf8.count > 3 && name.hasSuffix(".md") ? PageFacts.outputName(of: String(name.dropLast(3))) : nil
    }
  }

  /// Renders the whole site in memory; nothing is written. Diagnostics are sorted.
  public func render() -> RenderedSite {
    var pipeline = SitePipeline(build: self)
    let site = pipeline.run(
      SiteSources(
        content: contentDirectory, templates: templatesDirectory, builtInTemplates: builtInTemplates,
        imageLimit: maximumImageSize))
    // With the marker a build writes beside the files, listing them.
    var files = site.files
    files[OutputClaim.marker] = OutputManifest(files: files).bytes(tool: tool)
    var rendered = RenderedSite(files: files, diagnostics: site.diagnostics, pageCount: site.pageCount)
    rendered.renderedAhead = site.renderedAhead
    return rendered
  }

  /// Renders the site and, when there is no error, writes it: atomically, rewriting only the
  /// files whose bytes changed. A failed build leaves the output folder exactly as it was.
  /// With the record of the previous build, only what the changes touch is made again.
  /// An output that is not new, empty or a site this tool wrote is refused (`output-refused`),
  /// as is one another build is writing (`output-locked`); a symbolic link is followed once.
  public func run() -> SiteBuildResult {
    func refused(_ refusal: OutputRefusal) -> SiteBuildResult {
      SiteBuildResult(diagnostics: [refusal.diagnostic], files: 0, written: 0, removed: 0)
    }
    var build = self
    let location: OutputClaim.Location
    switch OutputClaim.resolve(outputDirectory, sources: [contentDirectory, templatesDirectory]) {
    case .failure(let refusal): return refused(refusal)
    case .success(let resolved): location = resolved
    }
    build.outputDirectory = location.path
    let lock: OutputLock
    switch OutputLock.take(for: build.outputDirectory) {
    case .failure(let refusal): return refused(refusal)
    case .success(let taken): lock = taken
    }
    lock.removeLeftovers(of: build.outputDirectory)
    // Claimed holding the lock: what the claim checked is the folder the build writes.
    let output: OutputFolder
    switch OutputFolder.claim(location) {
    case .failure(let refusal): return refused(refusal)
    case .success(let claimed): output = claimed
    }
    return withExtendedLifetime(lock) { build.write(into: output) }
  }

  /// `run` for an output claimed and locked.
  private func write(into claimed: OutputFolder) -> SiteBuildResult {
    let location = BuildRecord.location(for: outputDirectory)
    // One reading of the folders serves both the record and the render, so that the record
    // never names inputs other than the ones the site was made from.
    var pipeline = SitePipeline(build: self)
    let recordBytes = usesBuildCache ? SiteOutput.readFileWithStatus(location, following: false)?.bytes : nil
    // The output as it is now, looked at while the record and the sources are read.
    let snapshot = recordBytes == nil ? nil : Later { BuildRecord.snapshot(claimed) }
    let recorded = recordBytes.flatMap { BuildRecord.decode($0) }
    let sources = SiteSources(
      content: contentDirectory, templates: templatesDirectory, builtInTemplates: builtInTemplates,
      known: recorded?.sources ?? [:], settling: sourceSettling, imageLimit: maximumImageSize)
    var leftovers: [Any] = [sources, recorded as Any]
    defer {
      let kept = LastRun.Values(all: keepsLastRun ? leftovers : [])
      lastRun.values.withLock { $0 = kept }
    }
    let digests = usesBuildCache ? BuildDigests(self, sources) : nil
    pipeline.clock.mark("sources")
    if let recorded, recorded.inputs == digests?.inputs, recorded.outputs == snapshot?.value.files {
      return SiteBuildResult(diagnostics: recorded.warnings, files: recorded.outputs.count, written: 0, removed: 0)
    }
    // The snapshot is still being taken while a rebuild of a few pages makes them.
    if rebuildsEditsAlone, let recorded, let digests, let snapshot,
      let rebuild = BodyEditRebuild(
        build: self, output: claimed, recorded: recorded, sources: sources, digests: digests, current: snapshot,
        location: location),
      let result = rebuild.run(pipeline: &pipeline)
    {
      return result
    }
    let current = recorded == nil ? nil : snapshot?.value
    let untouched = recorded?.untouchedOutputs(current?.files ?? []) ?? []
    // Into a new or empty output every page is a new file: they are made while the site renders.
    let prepared =
      SiteOutput.holdsNothing(claimed)
      ? SiteOutput.PreparedStaging(output: claimed, paths: Self.pageOutputs(sources.content.names ?? []))
      : nil
    // A build that renders needs the generated files: read back from the output when the last
    // build made them from the same identity and they are as it left them, else made while the
    // record is read and the pages are parsed.
    let published = self.published
    if let recorded, recorded.site == digests?.site, !recorded.generated.isEmpty,
      recorded.generated.allSatisfy(untouched.contains)
    {
      published.recall(from: claimed, paths: recorded.generated)
    }
    // Read back or made while the record is read and the pages are parsed.
    DispatchQueue.global().async { _ = published.files }
    // Pages are recalled only from a build with the same tool, settings and templates.
    let previous: BuildRecord?
    if let recorded, recorded.site == digests?.site {
      if let kept = lastRecord.value.withLock({ $0 }), kept.stamp == recorded.stamp {
        previous = kept.asKept
      } else {
        previous = ByteBuffer.mapping(BuildRecord.pagesLocation(location)).flatMap {
          recorded.withPages($0.buffer, inode: UInt64($0.status.st_ino))
        }
      }
    } else {
      previous = nil
    }
    pipeline.clock.mark("previous build")
    // The record's pages are written while the site is checked and written: what the snapshot
    // of the output adds to the record is small. Into a new pages file (no previous record to
    // append to) they are written as soon as the pages are rendered; the file is a temporary
    // one, removed when the build fails.
    let pagesFile = Mutex<BuildRecord.PagesFile?>(nil)
    let pagesWritten = DispatchGroup()
    @Sendable func savePages(_ pages: [String: BuildRecord.Page], stored: BuildRecord.Stored?) {
      DispatchQueue.global().async(group: pagesWritten) {
        let file = BuildRecord.savePages(pages, location: location, stored: stored)
        pagesFile.withLock { $0 = file }
      }
    }
    func discardPages() {
      pagesWritten.wait()
      if let temporary = pagesFile.withLock({ $0 })?.temporary { unlink(temporary) }
    }
    let savesEarly = usesBuildCache && previous == nil
    if savesEarly { pipeline.pagesReady = { savePages($0, stored: nil) } }
    var site = pipeline.run(sources, digests: digests, previous: previous, untouched: untouched)
    pipeline.pagesReady = nil
    // A part of the record that did not read as it was written leaves the build made from it
    // in doubt: it is made again from the sources alone, and the record is written anew.
    let recordFailed = previous?.health.hasFailed == true
    if recordFailed { site = pipeline.run(sources, digests: digests, previous: nil, untouched: []) }
    leftovers += [previous as Any, site, current as Any, untouched]
    // The pages, the files beside them and the marker that lists them.
    let files = site.files.count + site.kept.count + 1
    guard site.diagnostics.errorCount == 0 else {
      prepared?.discard()
      discardPages()
      return SiteBuildResult(diagnostics: site.diagnostics, files: files, written: 0, removed: 0)
    }
    if usesBuildCache, !savesEarly { savePages(site.pages, stored: recordFailed ? nil : previous?.stored) }
    do {
      let commit: SiteOutput.Commit
      do {
        commit = try SiteOutput.commit(
          site.files, keeping: site.kept, to: claimed, existing: current?.listing, untouched: untouched,
          prepared: prepared, tool: tool)
      } catch let refusal as SiteOutput.Refusal {
        discardPages()
        var diagnostics = site.diagnostics
        diagnostics.append(
          Diagnostic(
            id: .outputRefused, path: Printed.excerpt(outputDirectory, limit: 200), line: 1, column: 1,
            message: refusal.description))
        return SiteBuildResult(diagnostics: diagnostics, files: files, written: 0, removed: 0)
      } catch {
        discardPages()
        throw error
      }
      pipeline.clock.mark("write")
      pagesWritten.wait()
      let written = commit.output ?? claimed
      let outputs =
        current.map { BuildRecord.snapshot(written, before: $0.files, after: commit) }
        ?? BuildRecord.snapshot(written).files
      if let file = pagesFile.withLock({ $0 }), var record = site.record(outputs: outputs) {
        record.sources = sources.content.settled
        record.sourceOrder = sources.content.names ?? []
        let saved = record.save(location, pages: file)
        lastRecord.value.withLock { $0 = saved }
      } else {
        BuildRecord.remove(location)
        lastRecord.value.withLock { $0 = nil }
      }
      pipeline.clock.mark("record")
      var result = SiteBuildResult(
        diagnostics: site.diagnostics, files: files, written: commit.written.count, removed: commit.removed.count)
      result.rendered = site.renderedCount
      return result
    } catch {
      var diagnostics = site.diagnostics
      diagnostics.append(
        Diagnostic(
          id: .siteUnwritable, path: outputDirectory, line: 1, column: 1, message: "cannot write the site: \(error)"))
      return SiteBuildResult(diagnostics: diagnostics, files: files, written: 0, removed: 0)
    }
  }
}

/// The Content and Templates folders as one build reads them: each folder's file names, sorted,
/// and the bytes of every file in it that could be read. A file whose status (size, times,
/// inode) is the one a previous build recorded, settled, beside its digest is not read: its
/// digest is taken from the record, and its bytes are read only if the build needs them.
struct SiteSources: Sendable {
  /// A file's size, modification and change times (nanoseconds) and inode, as stat gives them.
  struct Status: Sendable, Equatable {
    let size: Int
    let modified: Int
    let changed: Int
    let inode: UInt64

    init(size: Int, modified: Int, changed: Int, inode: UInt64) {
      self.size = size
      self.modified = modified
      self.changed = changed
      self.inode = inode
    }

    init(_ status: stat) {
      size = Int(status.st_size)
      modified = Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec)
      changed = Int(status.st_ctim.tv_sec) * 1_000_000_000 + Int(status.st_ctim.tv_nsec)
      inode = UInt64(status.st_ino)
    }
  }

  /// A file's status and the digest of its bytes, as a build record keeps them.
  struct Known: Sendable, Equatable {
    let status: Status
    let digest: UInt64
  }

  struct Folder: Sendable {
    /// Nil when the folder itself cannot be read. For Content, the paths of the files in its
    /// sub-folders too (`guides/setup.md`; `listing`).
    let names: [String]?
    /// By name: the files this build read. A folder left unlisted (named `*.md`, or hidden),
    /// an unreadable file or a file known from the record has no entry.
    let bytes: [String: [UInt8]]
    /// The digest of each file's bytes, by name.
    let digests: [String: UInt64]
    /// The folder, for reading the files known from the record; nil for one held in memory.
    let path: String?
    /// Each regular file's status and digest, for the next build's record, when its last
    /// change was long enough before this reading that a change after it cannot share its
    /// times: a file changed within a timestamp's granularity of a build is read again by the
    /// next one.
    let settled: [String: Known]
    /// The names whose files are linkcontract's built-in templates, not the folder's
    /// (`layered(over:)`).
    let builtIn: Set<String>
    /// For Content: the folder held open, whose files are read through `ContentListing` only;
    /// the paths of names reached through a symbolic link inside it; what its listing refused
    /// (a link out of it, a folder too deep, an image over `imageLimit`: such an image is
    /// listed, but not read).
    private(set) var opened: SiteOutput.Folder?
    private(set) var resolved: [String: String] = [:]
    private(set) var refusals: [ContentListing.Refusal] = []
    private(set) var imageLimit: Int?

    init(names: [String]?, bytes: [String: [UInt8]]) {
      self.names = names
      self.bytes = bytes
      digests = bytes.mapValues(InputDigest.of)
      path = nil
      settled = [:]
      builtIn = []
    }

    /// The Templates folder as a build reads it: the built-in templates `builtIn`, with the
    /// folder's files in their place by name, and the folder's other files added. A folder
    /// that does not exist holds no files of its own. One that exists but cannot be listed is
    /// left unreadable, with no built-in file, and a file the folder lists but that cannot be
    /// read still takes the built-in one's place: the build reports either (`cannot read the
    /// file`) instead of using a file the site did not mean.
    func layered(over builtIn: [String: [UInt8]]) -> Folder {
      guard !builtIn.isEmpty else { return self }
      let names: [String]
      if let listed = self.names {
        names = listed
      } else {
        var status = stat()
        guard let path, lstat(path, &status) != 0, errno == ENOENT else { return self }
        names = []
      }
      let own = Set(names)
      let added = builtIn.filter { !own.contains($0.key) }
      return Folder(
        names: (names + added.keys).sorted(), bytes: bytes.merging(added) { own, _ in own },
        digests: digests.merging(added.mapValues(InputDigest.of)) { own, _ in own }, path: path, settled: settled,
        builtIn: Set(added.keys))
    }

    private init(
      names: [String], bytes: [String: [UInt8]], digests: [String: UInt64], path: String?,
      settled: [String: Known], builtIn: Set<String>
    ) {
      self.names = names
      self.bytes = bytes
      self.digests = digests
      self.path = path
      self.settled = settled
      self.builtIn = builtIn
    }

    /// Where the file `name` came from, as a diagnostic names it: its path under `directory`,
    /// or the built-in templates.
    func source(of name: String, in directory: String) -> String {
      builtIn.contains(name) ? BuiltInTemplates.origin(of: name) : directory + "/" + name
    }

    /// Reads the folder at `path`; a file whose status is as `known` records it is not read.
    /// A file's status is `settled` when its last change was `settling` or more before.
    /// Content is read `recursive`ly, inside the folder only (`ContentListing`), and no image
    /// larger than `imageLimit` bytes is read.
    init(
      _ path: String, known: [String: Known] = [:], settling: Duration = .seconds(2), recursive: Bool = false,
      imageLimit: Int? = nil
    ) {
      let (seconds, attoseconds) = settling.components
      let settlingNanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
      self.path = path
      var now = timespec()
      clock_gettime(CLOCK_REALTIME, &now)
      let readAt = Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec)
      let folder = SiteOutput.Folder(path)
      let entries = folder.descriptor >= 0 ? FolderDescriptors.entries(folder.descriptor) : nil
      guard let entries else {
        names = nil
        bytes = [:]
        digests = [:]
        settled = [:]
        builtIn = []
        return
      }
      let listing =
        recursive ? ContentListing.list(folder, top: entries) : ContentListing(names: entries.map(\.name).sorted())
      let sorted = listing.names
      names = sorted
      if recursive {
        opened = folder
        resolved = listing.resolved
        self.imageLimit = imageLimit
      }
      let read = parallelMap(sorted) { name -> (bytes: [UInt8]?, known: Known?, tooLarge: Int?) in
        let real = listing.resolved[name] ?? name
        let status = recursive ? ContentListing.status(folder, real) : folder.status(name)
        if let recorded = known[name], let status, status.st_mode & S_IFMT == S_IFREG,
          Status(status) == recorded.status
        {
          return (nil, recorded, nil)
        }
        guard recursive else {
          guard let (data, status) = folder.readWithStatus(name) else { return (nil, nil, nil) }
          return (data, Known(status: Status(status), digest: InputDigest.of(data)), nil)
        }
        switch ContentListing.read(folder, real, limit: ImageSize.Kind(fileName: name) == nil ? nil : imageLimit) {
        case .bytes(let data, let status):
          return (data, Known(status: Status(status), digest: InputDigest.of(data)), nil)
        case .tooLarge(let size): return (nil, nil, size)
        case .unreadable: return (nil, nil, nil)
        }
      }
      refusals = listing.refusals
      var bytes: [String: [UInt8]] = [:]
      var digests: [String: UInt64] = [:]
      var settled: [String: Known] = [:]
      digests.reserveCapacity(sorted.count)
      settled.reserveCapacity(sorted.count)
      for (name, (data, known, tooLarge)) in zip(sorted, read) {
        if let tooLarge, let imageLimit {
          refusals.append(
            ContentListing.Refusal(
              path: name, id: .imageTooLarge, message: ImageSizeLimit.message(size: tooLarge, limit: imageLimit)))
        }
        guard let known else { continue }
        if let data { bytes[name] = data }
        digests[name] = known.digest
        if known.status.changed < readAt - settlingNanoseconds { settled[name] = known }
      }
      self.bytes = bytes
      self.digests = digests
      self.settled = settled
      builtIn = []
    }

    /// The bytes of the file `name`: as this build read them, or read now when its digest was
    /// taken from the record; nil when it cannot be read, or holds other bytes than that digest
    /// says (it changed during the build).
    func bytes(of name: String) -> [UInt8]? {
      if let read = bytes[name] { return read }
      guard let path, let digest = digests[name] else { return nil }
      guard opened != nil else { return Self.read(path + "/" + name, digest: digest) }
      guard let data = read(name), InputDigest.of(data) == digest else { return nil }
      return data
    }

    /// The bytes of the Content file `name` read now, inside the folder only; nil when it
    /// cannot be read.
    func read(_ name: String) -> [UInt8]? {
      guard let opened else { return path.flatMap { SiteOutput.readFile($0 + "/" + name) } }
      let limit = ImageSize.Kind(fileName: name) == nil ? nil : imageLimit
      guard case .bytes(let data, _) = ContentListing.read(opened, resolved[name] ?? name, limit: limit) else {
        return nil
      }
      return data
    }

    /// The bytes of the file at `path` when they are the ones `digest` was made of.
    static func read(_ path: String, digest: UInt64) -> [UInt8]? {
      guard let data = SiteOutput.readFile(path), InputDigest.of(data) == digest else { return nil }
      return data
    }
  }

  let content: Folder
  let templates: Folder

  /// Reads the Content folder and the Templates folder, the latter over `builtInTemplates`.
  init(
    content: String, templates: String, builtInTemplates: [String: [UInt8]], known: [String: Known] = [:],
    settling: Duration = .seconds(2), imageLimit: Int = ImageSizeLimit.standard
  ) {
    self.content = Folder(content, known: known, settling: settling, recursive: true, imageLimit: imageLimit)
    self.templates = Folder(templates).layered(over: builtInTemplates)
  }

  init(content: Folder, templates: Folder) {
    self.content = content
    self.templates = templates
  }
}

/// The site in memory: every file by path, and what was found on the way.
public struct RenderedSite: Sendable {
  public let files: [String: [UInt8]]
  public let diagnostics: [Diagnostic]
  public let pageCount: Int
  /// How many pages were rendered from the content their first pass wrote (`AheadContent`).
  var renderedAhead = 0
}

/// The generated files of a build, made once, when first asked for.
final class PublishedFiles: Sendable {
  /// What stands for the files in the build record; nil when their bytes do.
  let identity: String?
  private let make: @Sendable () -> [String: String]
  private let made = Mutex<[String: String]?>(nil)

  init(identity: String?, make: @escaping @Sendable () -> [String: String]) {
    self.identity = identity
    self.make = make
  }

  private let recalled = Mutex<(folder: OutputFolder, paths: [String])?>(nil)

  /// Has the files taken from `paths` under `folder`, where a build wrote them, when they are
  /// first asked for, unless they are made already; made after all if one cannot be read.
  func recall(from folder: OutputFolder, paths: [String]) {
    guard identity != nil else { return }
    recalled.withLock { $0 = (folder, paths) }
  }

  var files: [String: String] {
    made.withLock { made in
      if let made { return made }
      let files = recalledFiles() ?? make()
      made = files
      return files
    }
  }

  private func recalledFiles() -> [String: String]? {
    guard let (folder, paths) = recalled.withLock({ $0 }) else { return nil }
    var files: [String: String] = [:]
    var folders = FolderDescriptors(root: folder.descriptor ?? -1, path: folder.path)
    defer { folders.close() }
    for path in paths {
      let (inner, name) = FolderDescriptors.split(path)
      guard let descriptor = try? folders.folder(inner, create: false),
        let bytes = FolderDescriptors.read(descriptor, name)
      else { return nil }
      files[path] = String(decoding: bytes, as: UTF8.self)
    }
    return files
  }
}

/// The record a build last saved, shared by the copies of that build.
final class LastRecord: Sendable {
  let value = Mutex<BuildRecord?>(nil)
}

/// What the last run read and made, kept when the build asks for it (`keepsLastRun`).
final class LastRun: Sendable {
  /// Only ever replaced whole, never read.
  struct Values: @unchecked Sendable {
    let all: [Any]
  }

  let values = Mutex(Values(all: []))
}

/// What a build did.
public struct SiteBuildResult: Sendable {
  public let diagnostics: [Diagnostic]
  public let files: Int
  public let written: Int
  public let removed: Int
  /// How many pages were rendered, not kept from the previous build (the listings included).
  public var rendered = 0
  /// Whether the build read from its record only the pages it changed (`BodyEditRebuild`).
  public var editedAlone = false
}
