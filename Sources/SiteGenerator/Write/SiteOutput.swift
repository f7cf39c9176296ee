import CFileExchange
import Foundation

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
  }

  /// Writes `files` under `output`, keeps the files named in `kept` as they are there, and
  /// removes any other; returns the files it wrote and removed. When no byte would change,
  /// nothing at all is touched. `existing`, when given, is the output's files as just listed.
  static func commit(
    _ files: [String: [UInt8]], keeping kept: Set<String> = [], to output: String, existing: Set<String>? = nil,
    prepared: PreparedStaging? = nil
  ) throws -> Commit {
    let existing = existing ?? listFiles(output)
    let paths = files.keys.sorted()
    let same = parallelMap(paths) { path in existing.contains(path) && sameBytes(output + "/" + path, files[path]!) }
    let changed = zip(paths, same).filter { !$0.1 }.map(\.0)
    let removed = existing.subtracting(files.keys).subtracting(kept)
    if changed.isEmpty, removed.isEmpty {
      prepared?.discard()
      return Commit()
    }
    // A change to a few files replaces each one by a rename of its own: building and swapping
    // a tree of thousands of links would cost more than the change.
    if (changed.count + removed.count) * 8 <= existing.count {
      prepared?.discard()
      try replaceInPlace(changed.map { ($0, files[$0]!) }, removing: removed, in: output)
      return Commit(written: changed, removed: removed)
    }

    let staging = stagingFolder(for: output)
    // The files made ahead are written over; any the site does not hold goes before the swap.
    let made = prepared?.files() ?? []
    if prepared == nil || made.isEmpty { try? FileManager.default.removeItem(atPath: staging) }
    do {
      // Folders first, in order; then links for the unchanged files and the changed files'
      // bytes, across the cores, since creating thousands of files is the kernel's slow part.
      var folders: Set<String> = []
      try makeFolder(staging, known: &folders)
      let all = (paths + kept.filter { files[$0] == nil }).sorted()
      for path in made.subtracting(all) { unlink(staging + "/" + path) }
      for path in all {
        let target = staging + "/" + path
        if let slash = target.utf8.lastIndex(of: UInt8(ascii: "/")) {
          try makeFolder(String(Substring(target.utf8[..<slash])), known: &folders)
        }
      }
      let changedSet = Set(changed)
      let failures = parallelMap(all) { path -> String? in
        let target = staging + "/" + path
        if !changedSet.contains(path), link(output + "/" + path, target) == 0 { return nil }
        guard let bytes = files[path] else { return "cannot keep \(output)/\(path): errno \(errno)" }
        // A file made ahead is empty: truncating it would have ext4 start writing it back at
        // its close (`auto_da_alloc`), as for a file replaced by truncation.
        do { try write([Bytes(bytes)], to: target, truncating: !made.contains(path)) } catch { return "\(error)" }
        return nil
      }
      if let failure = failures.lazy.compactMap({ $0 }).first { throw WriteError(description: failure) }
      if FileManager.default.fileExists(atPath: output) {
        try swap(staging, output)
      } else {
        guard rename(staging, output) == 0 else {
          throw WriteError(description: "cannot move the new site into \(output): errno \(errno)")
        }
      }
    } catch {
      try? FileManager.default.removeItem(atPath: staging)
      throw error
    }
    try? FileManager.default.removeItem(atPath: staging)
    return Commit(written: changed, removed: removed)
  }

  /// Whether `folder` is missing or holds no entry.
  static func holdsNothing(_ folder: String) -> Bool {
    guard let directory = opendir(folder) else { return errno == ENOENT }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      if name(of: entry) != nil { return false }
    }
    return true
  }

  /// The folder a new site is built in before it is swapped in: beside the output, hidden.
  static func stagingFolder(for output: String) -> String {
    let parent = (output as NSString).deletingLastPathComponent
    return (parent.isEmpty ? "." : parent) + "/." + (output as NSString).lastPathComponent
      + ".building-\(ProcessInfo.processInfo.processIdentifier)"
  }

  /// The staging folder of a build into a new output, with an empty file made for each of
  /// `paths` (top-level names) on another thread while the site is rendered, when making files
  /// is slow there. Creating thousands of files can be the slowest part of writing a site to
  /// disk (the folder is locked for each, and ext4 without a journal searches past every inode
  /// freed in the last minutes), and the commit then only opens and fills them. Whatever the
  /// commit does not write is removed with the folder or before the swap.
  final class PreparedStaging: Sendable {
    let path: String
    private let made: Later<Set<String>>

    init(output: String, paths: [String]) {
      let staging = stagingFolder(for: output)
      path = staging
      made = Later {
        try? FileManager.default.removeItem(atPath: staging)
        guard mkdir(staging, 0o755) == 0 else { return [] }
        var made = Set<String>(minimumCapacity: paths.count)
        let start = Self.threadTime()
        for (index, name) in paths.enumerated() {
          // Where files are made fast (a settled disk, memory), making them twice over costs
          // more than it hides: the first ones, timed on this thread (which may wait for a
          // core while the pages are parsed), say whether to go on.
          if index == Self.sample, Self.threadTime() - start < Self.slowFile * Self.sample { break }
          let descriptor = open(staging + "/" + name, O_WRONLY | O_CREAT | O_EXCL, 0o644)
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
      try? FileManager.default.removeItem(atPath: path)
    }
  }

  /// Writes each file beside its old self and renames it over, then removes `removed`: a reader
  /// sees every file either whole as it was or whole as it is now.
  static func replaceInPlace(_ files: [(String, [UInt8])], removing removed: Set<String>, in output: String) throws {
    var folders: Set<String> = [output]
    let suffix = ".linkcontract-new-\(ProcessInfo.processInfo.processIdentifier)"
    for (path, bytes) in files {
      let target = output + "/" + path
      if let slash = target.utf8.lastIndex(of: UInt8(ascii: "/")) {
        try makeFolder(String(Substring(target.utf8[..<slash])), known: &folders)
      }
      try write(bytes, to: target + suffix)
      guard replace(target, with: target + suffix) else {
        let failure = errno
        unlink(target + suffix)
        throw WriteError(description: "cannot replace \(target): errno \(failure)")
      }
    }
    for path in removed.sorted() {
      unlink(output + "/" + path)
      // A folder the removal empties goes too, as it would from a full build.
      var folder = (path as NSString).deletingLastPathComponent
      while !folder.isEmpty, rmdir(output + "/" + folder) == 0 {
        folder = (folder as NSString).deletingLastPathComponent
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

  /// Exchanges two folders atomically where the kernel can; else moves the old one aside first.
  static func swap(_ staging: String, _ output: String) throws {
    if linkcontract_exchange_paths(staging, output) == 0 { return }
    let aside = staging + ".old"
    guard rename(output, aside) == 0 else {
      throw WriteError(description: "cannot move \(output) aside: errno \(errno)")
    }
    guard rename(staging, output) == 0 else {
      _ = rename(aside, output)
      throw WriteError(description: "cannot move the new site into \(output): errno \(errno)")
    }
    _ = rename(aside, staging)
  }

  /// Writes a new file with plain POSIX calls: no temporary file and no sync per file, since the
  /// whole folder becomes visible at once.
  static func write(_ bytes: [UInt8], to path: String) throws {
    try write([Bytes(bytes)], to: path)
  }

  /// Writes `parts` one after another into a new file: one part (a page) where it is, several
  /// (the build record's) gathered in a buffer up to a megabyte at a time, so that they take few
  /// calls without being joined in memory first. Without `truncating`, the file is known to be
  /// empty already.
  static func write(_ parts: [Bytes], to path: String, truncating: Bool = true) throws {
    let descriptor = open(path, truncating ? O_WRONLY | O_CREAT | O_TRUNC : O_WRONLY | O_CREAT, 0o644)
    guard descriptor >= 0 else { throw WriteError(description: "cannot create \(path): errno \(errno)") }
    defer { close(descriptor) }
    func writeAll(_ bytes: Bytes) throws {
      var offset = 0
      try bytes.withUnsafeBytes { buffer in
        while offset < buffer.count {
          let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
          guard written > 0 else { throw WriteError(description: "cannot write \(path): errno \(errno)") }
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
    let descriptor = open(path, readFlags)
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
      guard descriptor >= 0 else { return nil }
      // fdopendir takes the descriptor it is given; a copy leaves this one open.
      let copy = dup(descriptor)
      guard copy >= 0, let directory = fdopendir(copy) else { return nil }
      defer { closedir(directory) }
      rewinddir(directory)
      var names: [String] = []
      while let entry = readdir(directory) {
        if let name = SiteOutput.name(of: entry) { names.append(name) }
      }
      return names
    }
  }

  /// The name of a folder entry readdir gave, or nil for `.` and `..`.
  private static func name(of entry: UnsafeMutablePointer<dirent>) -> String? {
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

  /// `readFile`, with the file's status as fstat gave it before the reading.
  static func readFileWithStatus(_ path: String) -> (bytes: [UInt8], status: stat)? {
    readOpened(open(path, readFlags))
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

  /// Every regular file under `root`, as paths relative to it, read with readdir.
  public static func listFiles(_ root: String) -> Set<String> {
    var files = Set<String>()
    func walk(_ folder: String, _ prefix: String) {
      guard let directory = opendir(folder) else { return }
      defer { closedir(directory) }
      while let entry = readdir(directory) {
        guard let name = name(of: entry) else { continue }
        let relative = prefix.isEmpty ? name : prefix + "/" + name
        switch Int32(entry.pointee.d_type) {
        case Int32(DT_DIR): walk(folder + "/" + name, relative)
        case Int32(DT_REG): files.insert(relative)
        default:
          var status = stat()
          if stat(folder + "/" + name, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR {
              walk(folder + "/" + name, relative)
            } else if status.st_mode & S_IFMT == S_IFREG {
              files.insert(relative)
            }
          }
        }
      }
    }
    walk(root, "")
    return files
  }
}
