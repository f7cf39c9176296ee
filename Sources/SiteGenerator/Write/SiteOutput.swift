import CFileExchange
import ContractArtifacts
import Foundation
import LinkContract

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a rendered site so that readers never see half of it: the new tree is built beside
/// the old one (unchanged files hard-linked, so their bytes and times stay as they were), then
/// the two folders are swapped in one rename.
public enum SiteOutput {
  struct WriteError: Error, CustomStringConvertible {
    let description: String
  }

  /// What a commit changed in the output folder.
  struct Commit {
    /// The files written, by path relative to the output.
    var written: [String] = []
    var removed: Set<String> = []
    /// The output as it is after the commit, when it replaced the folder.
    var output: OutputFolder?
  }

  /// Writes `files` into `output`, keeps the files named in `kept` as they are there, and
  /// removes the files the output's marker says the tool wrote that the site no longer holds;
  /// returns the files it wrote and removed. A file the marker does not list with the digest of
  /// its bytes is not the tool's: it is never replaced or removed, and a site that would write
  /// one is refused (`Refusal`). When no byte would change, nothing at all is touched.
  /// `existing`, when given, is the output's listing as just made; `untouched` names the files
  /// the build record knows to be as the last build left them. The marker's header names `tool`.
  static func commit(
    _ files: [String: [UInt8]], keeping kept: Set<String> = [], to output: OutputFolder,
    existing: FolderDescriptors.Listing? = nil, untouched: Set<String> = [], prepared: PreparedStaging? = nil,
    tool: ToolName = .linkcontract
  ) throws -> Commit {
    let listing = existing ?? output.descriptor.map(FolderDescriptors.listing) ?? FolderDescriptors.Listing()
    let paths = files.keys.sorted()
    var manifest = OutputManifest(files: files)
    var old = FolderDescriptors(root: output.descriptor ?? -1, path: output.path)
    defer { old.close() }
    if output.descriptor != nil {
      for folder in listing.folders { _ = try? old.folder(folder, create: false) }
    }
    let frozen = old
    @Sendable func oldDigest(_ path: String) -> UInt64? {
      let (folder, name) = FolderDescriptors.split(path)
      return frozen.opened(folder).flatMap { FolderDescriptors.read($0, name) }.map(InputDigest.of)
    }
    /// Whether the file at `path` in the output is the tool's: as the record knows the last
    /// build left it, or holding bytes the marker lists.
    @Sendable func owned(_ path: String) -> Bool {
      guard output.manifest.names(path) else { return false }
      if untouched.contains(path) { return true }
      return oldDigest(path).map { output.manifest.lists(path, digest: $0) } ?? false
    }
    let same = parallelMap(paths) { path -> Bool in
      guard listing.files.contains(path) else { return false }
      let (folder, name) = FolderDescriptors.split(path)
      return frozen.opened(folder).map { sameBytes($0, name, files[path]!) } ?? false
    }
    let changed = zip(paths, same).filter { !$0.1 }.map(\.0)
    // A changed file where a file the tool did not write, a link, or a folder stands.
    var refused = parallelMap(changed) { path -> String? in
      if listing.others.contains(path) || listing.folders.contains(path) { return path }
      var folder = FolderDescriptors.split(path).folder
      while !folder.isEmpty {
        if listing.others.contains(folder) { return folder }
        folder = FolderDescriptors.split(folder).folder
      }
      return listing.files.contains(path) && !owned(path) ? path : nil
    }.compactMap { $0 }
    manifest.reserveCapacity(files.count + kept.count)
    for path in kept where files[path] == nil {
      if untouched.contains(path), let digest = output.manifest.only(path) {
        manifest.set(path, digest)
      } else if let digest = oldDigest(path), output.manifest.lists(path, digest: digest) {
        manifest.set(path, digest)
      } else {
        refused.append(path)
      }
    }
    if !refused.isEmpty { throw Refusal(paths: Set(refused).sorted(), output: output.path) }
    let candidates = listing.files.subtracting(files.keys).subtracting(kept).subtracting([OutputClaim.marker]).sorted()
    let ours = parallelMap(candidates, owned)
    let removed = Set(zip(candidates, ours).filter(\.1).map(\.0))
    let strangers = candidates.count - removed.count + listing.others.count
    let markerBytes = manifest.bytes(tool: tool)
    let markerSame = output.descriptor.map { sameBytes($0, OutputClaim.marker, markerBytes) } ?? false
    if changed.isEmpty, removed.isEmpty, markerSame {
      prepared?.discard()
      return Commit()
    }
    // A change to a few files replaces each one by a rename of its own: building and swapping
    // a tree of thousands of links would cost more than the change. An output that holds files
    // that are not the tool's is never swapped, so that they stay where they are.
    if let descriptor = output.descriptor,
      strangers > 0 || (changed.count + removed.count) * 8 <= listing.files.count
    {
      prepared?.discard()
      var folders = FolderDescriptors(root: descriptor, path: output.path)
      defer { folders.close() }
      // The new digests are added to the marker first: a build killed half way leaves one under
      // which both the old and the new bytes are the tool's.
      try appendToMarker(
        OutputManifest.lines(changed.map { ($0, manifest.only($0)!) }), in: descriptor, path: output.path)
      try replaceInPlace(changed.map { ($0, files[$0]!) }, removing: removed, in: &folders)
      try writeMarker(markerBytes, in: descriptor, path: output.path)
      return Commit(written: changed, removed: removed, output: output)
    }
    let stagingName = prepared?.name ?? FolderDescriptors.uniqueName("." + output.location.name + ".building-")
    let made = prepared?.files() ?? []
    do {
      if prepared == nil || made.isEmpty, mkdirat(output.parent, stagingName, 0o755) != 0, errno != EEXIST {
        throw WriteError(description: "cannot create the new site beside \(output.path): errno \(errno)")
      }
      let staging = openat(output.parent, stagingName, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      guard staging >= 0 else {
        throw WriteError(description: "cannot open the new site beside \(output.path): errno \(errno)")
      }
      defer { close(staging) }
      // Folders first, in order; then links for the unchanged files and the changed files'
      // bytes, across the cores, since creating thousands of files is the kernel's slow part.
      var fresh = FolderDescriptors(root: staging, path: output.path)
      defer { fresh.close() }
      let all = (paths + kept.filter { files[$0] == nil }).sorted()
      for path in made.subtracting(all) { unlinkat(staging, path, 0) }
      for path in all { _ = try fresh.folder(FolderDescriptors.split(path).folder, create: true) }
      let changedSet = Set(changed)
      let target = fresh
      let failures = parallelMap(all) { path -> String? in
        let (folder, name) = FolderDescriptors.split(path)
        let into = target.opened(folder)!
        if !changedSet.contains(path), let from = frozen.opened(folder), linkat(from, name, into, name, 0) == 0 {
          return nil
        }
        guard let bytes = files[path] else { return "cannot keep \(output.path)/\(path): errno \(errno)" }
        do {
          if made.contains(path) {
            // A file made ahead is empty: truncating it would have ext4 start writing it back at
            // its close (`auto_da_alloc`), as for a file replaced by truncation.
            let descriptor = openat(into, name, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { return "cannot open \(output.path)/\(path): errno \(errno)" }
            defer { close(descriptor) }
            try write([Bytes(bytes)], to: descriptor, path: output.path + "/" + path)
          } else {
            try FolderDescriptors.create(into, name, [Bytes(bytes)], path: output.path + "/" + path)
          }
        } catch { return "\(error)" }
        return nil
      }
      if let failure = failures.lazy.compactMap({ $0 }).first { throw WriteError(description: failure) }
      try FolderDescriptors.create(staging, OutputClaim.marker, [Bytes(markerBytes)], path: output.path)
      try swapIn(stagingName, over: output)
    } catch {
      FolderDescriptors.removeTree(output.parent, stagingName)
      throw error
    }
    FolderDescriptors.removeTree(output.parent, stagingName)
    return Commit(written: changed, removed: removed, output: output.reopened())
  }

  /// A site that would replace files the tool did not write.
  struct Refusal: Error, CustomStringConvertible {
    let paths: [String]
    let output: String

    var description: String {
      let shown = paths.prefix(5).map { Printed.excerpt($0, limit: 120) }.joined(separator: ", ")
      let more = paths.count > 5 ? " and \(paths.count - 5) more" : ""
      return
        "the output holds \(shown)\(more) where the site writes, and the tool did not write \(paths.count == 1 ? "it" : "them")"
        + " (a link, a folder, or a file whose bytes the output's \(OutputClaim.marker) does not list): a build never"
        + " replaces what it did not write; move \(paths.count == 1 ? "it" : "them") away, or restore what the build wrote"
    }
  }

  /// Puts the folder `stagingName` beside the output in its place: exchanged with the folder the
  /// build claimed, in one step, then checked to be that folder (else exchanged back); or, for an
  /// output that did not exist, renamed to its name, which must still not exist.
  private static func swapIn(_ stagingName: String, over output: OutputFolder) throws {
    let name = output.location.name
    guard output.descriptor != nil else {
      if linkcontract_rename_new_at(output.parent, stagingName, output.parent, name) == 0 { return }
      if errno == ENOSYS || errno == EINVAL, FolderDescriptors.status(output.parent, name) == nil,
        renameat(output.parent, stagingName, output.parent, name) == 0
      {
        return
      }
      throw WriteError(description: "cannot move the new site into \(output.path): errno \(errno)")
    }
    guard output.isOutput(name) else {
      throw WriteError(description: "\(output.path) changed during the build: it is no longer the folder claimed")
    }
    if linkcontract_exchange_at(output.parent, stagingName, output.parent, name) == 0 {
      guard output.isOutput(stagingName) else {
        _ = linkcontract_exchange_at(output.parent, stagingName, output.parent, name)
        throw WriteError(description: "\(output.path) changed during the build: it is no longer the folder claimed")
      }
      return
    }
    // Where the kernel cannot exchange: the old folder aside, then the new one in.
    let aside = stagingName + ".old"
    guard renameat(output.parent, name, output.parent, aside) == 0 else {
      throw WriteError(description: "cannot move \(output.path) aside: errno \(errno)")
    }
    guard output.isOutput(aside) else {
      _ = renameat(output.parent, aside, output.parent, name)
      throw WriteError(description: "\(output.path) changed during the build: it is no longer the folder claimed")
    }
    guard
      linkcontract_rename_new_at(output.parent, stagingName, output.parent, name) == 0
        || renameat(output.parent, stagingName, output.parent, name) == 0
    else {
      _ = renameat(output.parent, aside, output.parent, name)
      throw WriteError(description: "cannot move the new site into \(output.path): errno \(errno)")
    }
    _ = renameat(output.parent, aside, output.parent, stagingName)
  }

  /// Appends `lines` (`OutputManifest.lines`) to the output's marker in one write.
  private static func appendToMarker(_ lines: [UInt8], in folder: Int32, path: String) throws {
    guard !lines.isEmpty else { return }
    let marker = openat(folder, OutputClaim.marker, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
    guard marker >= 0 else {
      throw WriteError(description: "cannot write \(path)/\(OutputClaim.marker): errno \(errno)")
    }
    defer { close(marker) }
    let written = lines.withUnsafeBytes { Glibc.write(marker, $0.baseAddress!, $0.count) }
    guard written == lines.count else {
      throw WriteError(description: "cannot write \(path)/\(OutputClaim.marker): errno \(errno)")
    }
  }

  /// Writes the output's marker beside its files, under a new name then put in place.
  private static func writeMarker(_ bytes: [UInt8], in folder: Int32, path: String) throws {
    let temporary = try FolderDescriptors.createUnique(
      folder, prefix: OutputClaim.marker + ".new-", [Bytes(bytes)], path: path)
    guard FolderDescriptors.replace(folder, OutputClaim.marker, with: temporary) else {
      unlinkat(folder, temporary, 0)
      throw WriteError(description: "cannot write \(path)/\(OutputClaim.marker): errno \(errno)")
    }
  }

  /// Whether `folder` is missing or holds no entry.
  static func holdsNothing(_ output: OutputFolder) -> Bool {
    guard let descriptor = output.descriptor else { return true }
    return FolderDescriptors.names(descriptor)?.isEmpty ?? false
  }

  /// The staging folder of a build into a new output, with an empty file made for each of
  /// `paths` (top-level names) on another thread while the site is rendered, when making files
  /// is slow there. Creating thousands of files can be the slowest part of writing a site to
  /// disk (the folder is locked for each, and ext4 without a journal searches past every inode
  /// freed in the last minutes), and the commit then only opens and fills them. Whatever the
  /// commit does not write is removed with the folder or before the swap.
  final class PreparedStaging: Sendable {
    /// The folder's name beside the output.
    let name: String
    private let output: OutputFolder
    private let made: Later<Set<String>>

    init(output: OutputFolder, paths: [String]) {
      let staging = FolderDescriptors.uniqueName("." + output.location.name + ".building-")
      name = staging
      self.output = output
      made = Later {
        guard mkdirat(output.parent, staging, 0o755) == 0 else { return [] }
        let folder = openat(output.parent, staging, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return [] }
        defer { close(folder) }
        var made = Set<String>(minimumCapacity: paths.count)
        let start = Self.threadTime()
        for (index, name) in paths.enumerated() {
          // Where files are made fast (a settled disk, memory), making them twice over costs
          // more than it hides: the first ones, timed on this thread (which may wait for a
          // core while the pages are parsed), say whether to go on.
          if index == Self.sample, Self.threadTime() - start < Self.slowFile * Self.sample { break }
          let descriptor = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
          guard descriptor >= 0 else { continue }
          close(descriptor)
          made.insert(name)
        }
        return made
      }
    }

    /// How many files are made before deciding whether making the rest ahead is worth it.
    static let sample = 64
    /// Making a file takes about 20 µs on a settled ext4 disk, and ten to fifty times as long
    /// in a block group full of recently freed inodes (ext4 without a journal skips them).
    static let slowFile = Duration.microseconds(80)

    /// The processor time this thread has had.
    static func threadTime() -> Duration {
      var time = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
      return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// The files made, once they all are.
    func files() -> Set<String> { made.value }

    /// Removes the folder and what was made in it: the build writes elsewhere, or not at all.
    func discard() {
      _ = made.value
      FolderDescriptors.removeTree(output.parent, name)
    }
  }

  /// Writes each file beside its old self and renames it over, then removes `removed`: a reader
  /// sees every file either whole as it was or whole as it is now. Every name is reached from
  /// the output's descriptor, folder by folder, never through a link.
  static func replaceInPlace(
    _ files: [(String, [UInt8])], removing removed: Set<String>, in folders: inout FolderDescriptors
  ) throws {
    for (path, bytes) in files {
      let (folder, name) = FolderDescriptors.split(path)
      let descriptor = try folders.folder(folder, create: true)!
      let temporary = try FolderDescriptors.createUnique(
        descriptor, prefix: "." + name + ".linkcontract-new-", [Bytes(bytes)], path: folders.path + "/" + folder)
      guard FolderDescriptors.replace(descriptor, name, with: temporary) else {
        let failure = errno
        unlinkat(descriptor, temporary, 0)
        throw WriteError(description: "cannot replace \(folders.path)/\(path): errno \(failure)")
      }
    }
    for path in removed.sorted() {
      let (folder, name) = FolderDescriptors.split(path)
      guard let descriptor = try? folders.folder(folder, create: false) else { continue }
      unlinkat(descriptor, name, 0)
      // A folder the removal empties goes too, as it would from a full build.
      var emptied = folder
      while !emptied.isEmpty {
        let (above, last) = FolderDescriptors.split(emptied)
        guard let parent = folders.opened(above), unlinkat(parent, last, AT_REMOVEDIR) == 0 else { break }
        emptied = above
      }
    }
  }

  /// Puts the new file at `temporary` in place of `target` in one step: over an existing file,
  /// the two are exchanged and the old one is then removed. A rename over an existing file
  /// makes ext4 allocate and start writing the new file's blocks first (`auto_da_alloc`),
  /// several milliseconds for the megabytes of the search index; a build that lost power may
  /// leave a short file either way, and the next build, seeing its size, writes it again.
  static func replace(_ target: String, with temporary: String) -> Bool {
    if linkcontract_exchange_paths(temporary, target) == 0 {
      unlink(temporary)
      return true
    }
    return rename(temporary, target) == 0
  }

  /// Creates `path` and its parents once per build.
  static func makeFolder(_ path: String, known: inout Set<String>) throws {
    guard !known.contains(path) else { return }
    if let slash = path.utf8.lastIndex(of: 0x2F), slash != path.utf8.startIndex {
      try makeFolder(String(Substring(path.utf8[..<slash])), known: &known)
    }
    if mkdir(path, 0o755) != 0, errno != EEXIST {
      throw WriteError(description: "cannot create folder \(path): errno \(errno)")
    }
    known.insert(path)
  }

  /// Writes a new file beside `path`, under a name of its own made with
  /// `FolderDescriptors.uniqueName` and created only where nothing is, holding `parts`; its path.
  static func writeBeside(_ path: String, _ parts: [Bytes]) throws -> String {
    let (folder, name) = FolderDescriptors.split(path)
    let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw WriteError(description: "cannot open \(folder): errno \(errno)") }
    defer { close(descriptor) }
    let created = try FolderDescriptors.createUnique(descriptor, prefix: name + ".new-", parts, path: folder)
    return (folder.isEmpty ? "" : folder + "/") + created
  }

  /// Writes a new file with plain POSIX calls: no temporary file and no sync per file, since the
  /// whole folder becomes visible at once.
  static func write(_ bytes: [UInt8], to path: String) throws {
    try write([Bytes(bytes)], to: path)
  }

  /// Writes `parts` one after another into a new file: one part (a page) where it is, several
  /// (the build record's) gathered in a buffer up to a megabyte at a time, so that they take few
  /// calls without being joined in memory first. Without `truncating`, the file is known to be
  /// empty already. A link at `path` is not followed.
  static func write(_ parts: [Bytes], to path: String, truncating: Bool = true) throws {
    let flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | (truncating ? O_TRUNC : 0)
    let descriptor = open(path, flags, 0o644)
    guard descriptor >= 0 else { throw WriteError(description: "cannot create \(path): errno \(errno)") }
    defer { close(descriptor) }
    try write(parts, to: descriptor, path: path)
  }

  /// `write(_:to:truncating:)` into the file open as `descriptor`.
  static func write(_ parts: [Bytes], to descriptor: Int32, path: @autoclosure () -> String) throws {
    func writeAll(_ bytes: Bytes) throws {
      var offset = 0
      try bytes.withUnsafeBytes { buffer in
        while offset < buffer.count {
          let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
          if written < 0, errno == EINTR { continue }
          guard written > 0 else { throw WriteError(description: "cannot write \(path()): errno \(errno)") }
          offset += written
        }
      }
    }
    if parts.count == 1 { return try writeAll(parts[0]) }
    let limit = 1 << 20
    var buffer: [UInt8] = []
    for part in parts {
      if buffer.count + part.count > limit {
        try writeAll(Bytes(buffer))
        buffer.removeAll(keepingCapacity: true)
      }
      if part.count > limit { try writeAll(part) } else { buffer += part }
    }
    try writeAll(Bytes(buffer))
  }

  /// Whether the file at `path` holds exactly `bytes`: sizes first, then contents, read a block
  /// at a time into one reused buffer and compared with memcmp, stopping at the first block
  /// that differs.
  static func sameBytes(_ path: String, _ bytes: [UInt8]) -> Bool {
    sameBytes(opened: open(path, readFlags | O_NOFOLLOW), bytes)
  }

  /// `sameBytes` for the file `name` in the folder `folder`, not followed when a link.
  static func sameBytes(_ folder: Int32, _ name: String, _ bytes: [UInt8]) -> Bool {
    sameBytes(opened: openat(folder, name, readFlags | O_NOFOLLOW), bytes)
  }

  /// `sameBytes` for a file opened as `descriptor`, which it closes.
  private static func sameBytes(opened descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, Int(status.st_size) == bytes.count else { return false }
    let blockSize = min(bytes.count, 1 << 16)
    let block = UnsafeMutableRawBufferPointer.allocate(byteCount: max(blockSize, 1), alignment: 16)
    defer { block.deallocate() }
    return bytes.withUnsafeBytes { expected -> Bool in
      var offset = 0
      while offset < expected.count {
        var failed = false
        let wanted = min(blockSize, expected.count - offset)
        let got = readAll(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: block[..<wanted]), failed: &failed)
        guard !failed, got == wanted, memcmp(block.baseAddress!, expected.baseAddress! + offset, got) == 0 else {
          return false
        }
        offset += got
      }
      // Nothing may follow: a file that grew since fstat is not the same.
      var extra: UInt8 = 0
      return read(descriptor, &extra, 1) == 0
    }
  }

  /// A folder held open, whose files are found from it rather than from the whole path each
  /// time; a folder that cannot be opened is read by path.
  final class Folder: Sendable {
    let path: String
    let descriptor: Int32

    init(_ path: String) {
      self.path = path
      descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The status of `name` (a path relative to the folder), following links; nil when
    /// there is none.
    func status(_ name: String) -> stat? {
      var status = stat()
      let found = descriptor >= 0 ? fstatat(descriptor, name, &status, 0) : stat(path + "/" + name, &status)
      return found == 0 ? status : nil
    }

    /// `readFileWithStatus` for `name` in the folder.
    func readWithStatus(_ name: String) -> (bytes: [UInt8], status: stat)? {
      let file =
        descriptor >= 0
        ? openat(descriptor, name, SiteOutput.readFlags) : open(path + "/" + name, SiteOutput.readFlags)
      return SiteOutput.readOpened(file)
    }

    /// The names in the folder but `.` and `..`, in the order readdir gives them; nil when it
    /// cannot be read.
    func names() -> [String]? {
      descriptor >= 0 ? FolderDescriptors.names(descriptor) : nil
    }
  }

  /// The name of a folder entry readdir gave, or nil for `.` and `..`.
  static func name(of entry: UnsafeMutablePointer<dirent>) -> String? {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
      String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
    }
    return name == "." || name == ".." ? nil : name
  }

  /// The bytes of the regular file at `path`, read with plain POSIX calls into one buffer; nil
  /// for anything else, or when it cannot be read.
  static func readFile(_ path: String) -> [UInt8]? {
    readFileWithStatus(path)?.bytes
  }

  /// The bytes of the regular file at `path`; nil for anything else, and for a symbolic link.
  public static func readRegularFile(_ path: String) -> [UInt8]? {
    readFileWithStatus(path, following: false)?.bytes
  }

  /// `readFile`, with the file's status as fstat gave it before the reading.
  static func readFileWithStatus(_ path: String, following: Bool = true) -> (bytes: [UInt8], status: stat)? {
    readOpened(open(path, following ? readFlags : readFlags | O_NOFOLLOW))
  }

  /// How files are opened for reading: never waiting, as opening a FIFO would for a writer.
  /// What is not a regular file is then not read.
  static let readFlags = O_RDONLY | O_CLOEXEC | O_NONBLOCK

  /// `readFileWithStatus` for a file opened as `descriptor`, which it closes.
  static func readOpened(_ descriptor: Int32) -> (bytes: [UInt8], status: stat)? {
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    // One byte more than the size, so that a file that grew is read to its end; not zeroed first.
    var failed = false
    func next(_ capacity: Int, size: Int? = nil) -> [UInt8] {
      [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
        initialized = readAll(descriptor, into: UnsafeMutableRawBufferPointer(buffer), size: size, failed: &failed)
      }
    }
    var capacity = Int(status.st_size) + 1
    var bytes = next(capacity, size: Int(status.st_size))
    var full = bytes.count == capacity
    while !failed, full {
      capacity = max(4096, capacity)
      let more = next(capacity)
      bytes += more
      full = more.count == capacity
    }
    return failed ? nil : (bytes, status)
  }

  /// Reads from `descriptor` until `buffer` is full or the file ends; how many bytes it read.
  /// With `size`, the file's size as fstat gave it, a read that comes back short once that many
  /// bytes are in is the file's end, without another read to see it return nothing; a short
  /// read before then (a file system that reads in pieces) is read on from.
  private static func readAll(
    _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, size: Int? = nil, failed: inout Bool
  ) -> Int {
    var count = 0
    while count < buffer.count {
      let wanted = buffer.count - count
      let got = Glibc.read(descriptor, buffer.baseAddress! + count, wanted)
      if got < 0, errno == EINTR { continue }
      guard got > 0 else {
        failed = got < 0
        break
      }
      count += got
      if got < wanted, let size, count >= size { break }
    }
    return count
  }

  /// Every regular file under `root`, as paths relative to it, read with readdir; a symbolic
  /// link under it is neither listed nor followed.
  public static func listFiles(_ root: String) -> Set<String> {
    let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return [] }
    defer { close(descriptor) }
    return FolderDescriptors.listing(descriptor).files
  }
}
