import Foundation
import LinkContract

#if canImport(Glibc)
  import Glibc
#endif

/// One build at a time into an output: a lock on a file beside it, held for the build (and let
/// go by the kernel when a build dies). Holding it, a build knows that whatever an
/// earlier build left beside the output (a staging folder, a record half written) belongs to a
/// build that died, and removes it.
final class OutputLock {
  private let descriptor: Int32
  private let path: String

  private init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
  }

  /// The file goes with the lock, so that a build leaves nothing beside its output but the site
  /// and its record.
  deinit {
    unlink(path)
    close(descriptor)
  }

  /// The lock file of `output`: beside it, hidden, as the build record is.
  static func location(for output: String) -> String {
    let (parent, name) = besideNames(output)
    return parent + "/." + name + ".linkcontract-lock"
  }

  /// Takes the lock of `output`, creating the folders above it when missing; fails when
  /// another build holds it.
  static func take(for output: String) -> Result<OutputLock, OutputRefusal> {
    let path = location(for: output)
    func failure(_ id: DiagnosticID, _ message: String) -> Result<OutputLock, OutputRefusal> {
      .failure(OutputRefusal(id: id, location: DiagnosticLocation(path: output, line: 1, column: 1), message: message))
    }
    var folders: Set<String> = []
    try? SiteOutput.makeFolder(besideNames(output).parent, known: &folders)
    // The holder removes the file when it is done: a lock taken on a file no longer at the
    // path is let go, and the path opened again.
    for _ in 0..<100 {
      let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
      guard descriptor >= 0 else {
        return failure(
          .siteUnwritable, "cannot write the site: cannot create \(path): \(String(cString: strerror(errno)))")
      }
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
        let error = errno
        close(descriptor)
        return error == EWOULDBLOCK
          ? failure(
            .outputLocked, "another build is writing this output now: wait for it to end, then build again"
          )
          : failure(.siteUnwritable, "cannot write the site: cannot lock \(path): \(String(cString: strerror(error)))")
      }
      var held = stat()
      var named = stat()
      if fstat(descriptor, &held) == 0, stat(path, &named) == 0, held.st_ino == named.st_ino,
        held.st_dev == named.st_dev
      {
        return .success(OutputLock(descriptor: descriptor, path: path))
      }
      close(descriptor)
    }
    return failure(.outputLocked, "other builds keep taking this output: try again")
  }

  /// Removes what builds that died left beside `output`: their staging folders
  /// (`.NAME.building-PID-RANDOM`, and `.old` after it) and their half-written records
  /// (`.NAME.linkcontract-cache.new-PID-RANDOM`, `-pages.new-PID-RANDOM`), never following a link.
  /// Call it holding the lock.
  func removeLeftovers(of output: String) {
    let (parent, name) = Self.besideNames(output)
    let own = String(getpid())
    let prefixes = [
      "." + name + ".building-", "." + name + ".linkcontract-cache.new-", "." + name + ".linkcontract-cache-pages.new-",
    ]
    let folder = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { return }
    defer { close(folder) }
    var leftovers: [String] = []
    for entryName in FolderDescriptors.names(folder) ?? [] {
      for prefix in prefixes where entryName.hasPrefix(prefix) {
        var rest = entryName.dropFirst(prefix.count)
        if prefix == prefixes[0], rest.hasSuffix(".old") { rest = rest.dropLast(4) }
        // The process's number, then a random part in hexadecimal (or none, as older builds wrote).
        let pid = rest.prefix { $0 != "-" }
        let random = rest.dropFirst(pid.count)
        if !pid.isEmpty, pid.utf8.allSatisfy(ASCII.isDigit), pid != own,
          random.isEmpty || random.count > 1 && random.dropFirst().utf8.allSatisfy({ ASCII.hexValue($0) != nil })
        {
          leftovers.append(entryName)
        }
      }
    }
    for leftover in leftovers { FolderDescriptors.removeTree(folder, leftover) }
  }

  /// The folder `output` is in and its own name, as the files beside it are named.
  static func besideNames(_ output: String) -> (parent: String, name: String) {
    let url = URL(fileURLWithPath: output).standardizedFileURL
    return (url.deletingLastPathComponent().path, url.lastPathComponent)
  }
}
