import CFileExchange
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The folders under one root folder, each opened from the one above it by name, never through a
/// symbolic link: a path that a link or a file stands in is an error, not followed. Every file
/// of an output is written, replaced, linked and removed through these descriptors.
struct FolderDescriptors: Sendable {
  struct Problem: Error, CustomStringConvertible {
    let description: String
    /// The errno of the call that failed, when one did.
    var code: Int32 = 0
  }

  /// The root's descriptor, which these do not own.
  let root: Int32
  /// The root's path, for messages.
  let path: String
  private var opened: [String: Int32] = [:]

  init(root: Int32, path: String) {
    self.root = root
    self.path = path
  }

  /// The folder and name of a path relative to a root (`a/b/c.html`: `a/b` and `c.html`).
  static func split(_ relative: String) -> (folder: String, name: String) {
    guard let slash = relative.utf8.lastIndex(of: UInt8(ascii: "/")) else { return ("", relative) }
    return (
      String(Substring(relative.utf8[..<slash])), String(Substring(relative.utf8[relative.utf8.index(after: slash)...]))
    )
  }

  /// The descriptor of the folder at `relative` (`""` for the root), opened when first asked for;
  /// with `create`, made when missing. Nil when it does not exist and is not to be made.
  mutating func folder(_ relative: String, create: Bool) throws -> Int32? {
    if relative.isEmpty { return root }
    if let descriptor = opened[relative] { return descriptor }
    let (above, name) = Self.split(relative)
    guard let parent = try folder(above, create: create) else { return nil }
    var descriptor = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    if descriptor < 0, errno == ENOENT, create {
      if mkdirat(parent, name, 0o755) != 0, errno != EEXIST {
        throw Problem(description: "cannot create folder \(path)/\(relative): \(String(cString: strerror(errno)))")
      }
      descriptor = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    }
    guard descriptor >= 0 else {
      let error = errno
      if error == ENOENT, !create { return nil }
      if error == ELOOP || error == ENOTDIR {
        throw Problem(
          description:
            "\(path)/\(relative) is \(error == ELOOP ? "a symbolic link" : "not a folder") where the site has a folder;"
            + " a build writes only into folders it made: move it away")
      }
      throw Problem(description: "cannot open folder \(path)/\(relative): \(String(cString: strerror(error)))")
    }
    opened[relative] = descriptor
    return descriptor
  }

  /// Opens `path` under the folder `root` one name at a time, following no symbolic link on the
  /// way nor at its end; -1 when it cannot be.
  static func open(beneath root: Int32, _ path: String, flags: Int32) -> Int32 {
    guard root >= 0 else { return -1 }
    var parts = path.split(separator: "/", omittingEmptySubsequences: true)
    guard let last = parts.popLast(), last != ".." else { return -1 }
    var current = root
    defer { if current != root { Glibc.close(current) } }
    for part in parts {
      guard part != ".." else { return -1 }
      let next = openat(current, String(part), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      guard next >= 0 else { return -1 }
      if current != root { Glibc.close(current) }
      current = next
    }
    return openat(current, String(last), flags | O_NOFOLLOW)
  }

  /// The descriptor of a folder opened before: call `folder(_:create:)` for it first.
  func opened(_ relative: String) -> Int32? { relative.isEmpty ? root : opened[relative] }

  /// Closes every folder this opened (not the root).
  mutating func close() {
    for descriptor in opened.values { Glibc.close(descriptor) }
    opened = [:]
  }

  /// The status of `name` in the folder `folder`, not following a link.
  static func status(_ folder: Int32, _ name: String) -> stat? {
    var status = stat()
    return fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? status : nil
  }

  /// The bytes of the regular file `name` in `folder`; nil for a link or anything else.
  static func read(_ folder: Int32, _ name: String) -> [UInt8]? {
    SiteOutput.readOpened(openat(folder, name, SiteOutput.readFlags | O_NOFOLLOW))?.bytes
  }

  /// Creates the file `name` in `folder`, which must not exist, and writes `parts` into it.
  static func create(_ folder: Int32, _ name: String, _ parts: [Bytes], path: @autoclosure () -> String) throws {
    let descriptor = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      let code = errno
      throw Problem(description: "cannot create \(path()): \(String(cString: strerror(code)))", code: code)
    }
    defer { Glibc.close(descriptor) }
    try SiteOutput.write(parts, to: descriptor, path: path())
  }

  /// A name for a new file or folder beside others in a folder, made of `prefix`, this process
  /// and a random part, so that nobody can plant anything at it ahead of time.
  static func uniqueName(_ prefix: String) -> String {
    prefix + "\(getpid())-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
  }

  /// Creates a new file under a unique name beginning with `prefix` in `folder`, holding `parts`;
  /// its name.
  static func createUnique(_ folder: Int32, prefix: String, _ parts: [Bytes], path: String) throws -> String {
    while true {
      let name = uniqueName(prefix)
      do {
        try create(folder, name, parts, path: path + "/" + name)
        return name
      } catch let problem as Problem where problem.code == EEXIST {
        continue
      }
    }
  }

  /// Puts the file `temporary` of `folder` in place of `name` in one step: over an existing
  /// file, the two are exchanged and the old one, now at `temporary`, removed.
  static func replace(_ folder: Int32, _ name: String, with temporary: String) -> Bool {
    if linkcontract_exchange_at(folder, temporary, folder, name) == 0 {
      unlinkat(folder, temporary, 0)
      return true
    }
    return linkcontract_rename_new_at(folder, temporary, folder, name) == 0
      || (errno == ENOSYS || errno == EINVAL) && renameat(folder, temporary, folder, name) == 0
  }

  /// Removes `name` from `folder` and, when it is a folder, everything in it, without following
  /// any link: a link is removed, never what it names.
  static func removeTree(_ folder: Int32, _ name: String) {
    guard let status = status(folder, name) else { return }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      unlinkat(folder, name, 0)
      return
    }
    let inner = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard inner >= 0 else { return }
    for entry in names(inner) ?? [] { removeTree(inner, entry) }
    Glibc.close(inner)
    unlinkat(folder, name, AT_REMOVEDIR)
  }

  /// The names in the folder `descriptor` but `.` and `..`; nil when it cannot be read.
  static func names(_ descriptor: Int32) -> [String]? { entries(descriptor)?.map(\.name) }

  /// What a folder holds, listed without following links: its regular files as paths relative to
  /// it, and the paths of everything else that is not a folder (links, FIFOs, devices).
  struct Listing: Sendable {
    var files: Set<String> = []
    var others: Set<String> = []
    /// The folders, as paths relative to it.
    var folders: Set<String> = []
  }

  /// The listing of the folder `descriptor`, whose folders are opened by name, never through links.
  static func listing(_ descriptor: Int32) -> Listing {
    var listing = Listing()
    func walk(_ folder: Int32, _ prefix: String) {
      for (name, type) in entries(folder) ?? [] {
        let relative = prefix.isEmpty ? name : prefix + "/" + name
        var kind = type == DT_REG ? S_IFREG : type == DT_DIR ? S_IFDIR : type == DT_LNK ? S_IFLNK : 0
        if kind == 0 { kind = status(folder, name).map { $0.st_mode & S_IFMT } ?? S_IFLNK }
        switch kind {
        case S_IFREG: listing.files.insert(relative)
        case S_IFDIR:
          let inner = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
          guard inner >= 0 else {
            listing.others.insert(relative)
            continue
          }
          listing.folders.insert(relative)
          walk(inner, relative)
          Glibc.close(inner)
        default: listing.others.insert(relative)
        }
      }
    }
    walk(descriptor, "")
    return listing
  }

  /// The entries of the folder `descriptor` but `.` and `..`, with the type readdir gives
  /// (`DT_UNKNOWN` where the file system does not say); nil when it cannot be read.
  static func entries(_ descriptor: Int32) -> [(name: String, type: Int32)]? {
    let copy = dup(descriptor)
    guard copy >= 0, let directory = fdopendir(copy) else {
      if copy >= 0 { Glibc.close(copy) }
      return nil
    }
    defer { closedir(directory) }
    rewinddir(directory)
    var entries: [(name: String, type: Int32)] = []
    while let entry = readdir(directory) {
      if let name = SiteOutput.name(of: entry) { entries.append((name, Int32(entry.pointee.d_type))) }
    }
    return entries
  }
}
