import Foundation
import LinkContract

#if canImport(Glibc)
  import Glibc
#endif

/// Which folder a build may write its site into, and the files in it that are the build's to
/// replace. A build writes only where nothing is, into an empty folder, or into a site it wrote
/// before: one whose marker (`marker`, a regular file) lists the files it wrote, each with the
/// digest of their bytes (`OutputManifest`). It replaces or removes only those files, while
/// they hold those bytes; any other file in the folder stays as it is. It never writes into or
/// over its own sources. A symbolic link given as the output is followed once, when the claim is
/// made; from then on the build reaches the folder through descriptors, never by its path again.
public enum OutputClaim {
  /// The file every site holds at its top: the list of files the build wrote there.
  public static let marker = ".linkcontract-site"

  /// Where an output folder is: the real path of the folder it is in, and its name there.
  public struct Location: Sendable, Equatable {
    public let parent: String
    public let name: String

    /// The output's absolute path.
    public var path: String { (parent == "/" ? "" : parent) + "/" + name }
  }

  /// Where the build writes for `output`, or why no build may write there. `sources` are the
  /// folders the build reads (Content and Templates): the output may neither be, hold nor lie
  /// inside one of them.
  public static func resolve(_ output: String, sources: [String]) -> Result<Location, OutputRefusal> {
    func refuse(_ message: String) -> Result<Location, OutputRefusal> {
      .failure(
        OutputRefusal(
          id: .outputRefused, location: DiagnosticLocation(path: Printed.excerpt(output, limit: 200)),
          message: message))
    }
    guard !output.isEmpty else { return refuse("the output is an empty path") }
    var status = stat()
    let absolute: String
    if lstat(output, &status) == 0 {
      if status.st_mode & S_IFMT == S_IFLNK, stat(output, &status) != 0 {
        return refuse("the output is a symbolic link to nothing: give --output a folder")
      }
      let kind = status.st_mode & S_IFMT
      guard kind == S_IFDIR else {
        return refuse(
          "the output is \(describe(kind)), not a folder: a build writes only a new or empty folder or a site it"
            + " wrote before")
      }
      guard let real = realPath(output) else { return refuse("the output cannot be resolved") }
      absolute = real
    } else {
      if errno == ENOTDIR { return refuse("a path above the output is a file, not a folder") }
      guard errno == ENOENT else {
        return refuse("the output cannot be looked at: \(String(cString: strerror(errno)))")
      }
      // The nearest folder that exists, and the names the build will create below it.
      var missing: [String] = []
      var rest = Substring(output)
      var real: String?
      while real == nil {
        while rest.count > 1, rest.hasSuffix("/") { rest = rest.dropLast() }
        let slash = rest.lastIndex(of: "/")
        let name = slash.map { rest[rest.index(after: $0)...] } ?? rest
        guard !name.isEmpty, name != ".", name != ".." else {
          return refuse("the output cannot be resolved: give --output a plain folder path")
        }
        missing.insert(String(name), at: 0)
        rest = slash.map { rest[..<$0] } ?? ""
        real = realPath(rest.isEmpty ? (slash == nil ? "." : "/") : String(rest))
        if real == nil, rest.isEmpty { return refuse("the output cannot be resolved") }
      }
      absolute = (real == "/" ? "" : real!) + "/" + missing.joined(separator: "/")
    }
    guard absolute != "/", let slash = absolute.lastIndex(of: "/") else {
      return refuse("the output is the file system's root: give --output a folder of its own, such as Site")
    }
    let location = Location(
      parent: slash == absolute.startIndex ? "/" : String(absolute[..<slash]),
      name: String(absolute[absolute.index(after: slash)...]))
    for source in sources {
      guard let real = realPath(source) else { continue }
      if absolute == real {
        return refuse(
          "the output is the source folder \(Printed.excerpt(source, limit: 200)): building would delete it")
      }
      if real.hasPrefix(absolute + "/") {
        return refuse(
          "the output holds the source folder \(Printed.excerpt(source, limit: 200)): building would delete it;"
            + " give --output a folder of its own, such as Site")
      }
      if absolute.hasPrefix(real + "/") {
        return refuse(
          "the output lies inside the source folder \(Printed.excerpt(source, limit: 200)): its files would be read"
            + " as sources")
      }
    }
    return .success(location)
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  static func describe(_ kind: mode_t) -> String {
    switch kind {
    case S_IFREG: "a file"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "not a folder"
    }
  }
}

/// The output a build claimed, held open: the folder it is in and, once it exists, the folder
/// itself, with the list of files its marker says the tool wrote. Opened after the output's lock
/// is taken, so that what was checked is what the build writes.
final class OutputFolder: Sendable {
  let location: OutputClaim.Location
  /// The folder the output is in.
  let parent: Int32
  /// The output folder; nil while it does not exist.
  let descriptor: Int32?
  /// The files the output's marker lists as the tool's.
  let manifest: OutputManifest
  /// The output folder's device and inode, as opened.
  let identity: [UInt64]?

  var path: String { location.path }

  private init(location: OutputClaim.Location, parent: Int32, descriptor: Int32?, manifest: OutputManifest) {
    self.location = location
    self.parent = parent
    self.descriptor = descriptor
    self.manifest = manifest
    identity = descriptor.flatMap { descriptor in
      var status = stat()
      return fstat(descriptor, &status) == 0 ? [UInt64(status.st_dev), UInt64(status.st_ino)] : nil
    }
  }

  deinit {
    if let descriptor { close(descriptor) }
    close(parent)
  }

  /// Opens the output at `location` and reads its marker; refuses an output that is not new,
  /// empty or a site the tool wrote.
  static func claim(_ location: OutputClaim.Location) -> Result<OutputFolder, OutputRefusal> {
    func refuse(_ message: String) -> Result<OutputFolder, OutputRefusal> {
      .failure(
        OutputRefusal(
          id: .outputRefused, location: DiagnosticLocation(path: Printed.excerpt(location.path, limit: 200)),
          message: message))
    }
    let parent = open(location.parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard parent >= 0 else {
      return refuse("the folder the output is in cannot be opened: \(String(cString: strerror(errno)))")
    }
    let descriptor = openat(parent, location.name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      let error = errno
      if error == ENOENT {
        return .success(OutputFolder(location: location, parent: parent, descriptor: nil, manifest: OutputManifest()))
      }
      close(parent)
      if error == ELOOP || error == ENOTDIR {
        return refuse(
          "the output changed while the build claimed it: it is now \(error == ELOOP ? "a symbolic link" : "not a folder");"
            + " build again")
      }
      return refuse("the output cannot be opened: \(String(cString: strerror(error)))")
    }
    let folder = OutputFolder(
      location: location, parent: parent, descriptor: descriptor,
      manifest: manifest(of: descriptor))
    if folder.manifest.isEmpty, let names = FolderDescriptors.names(descriptor),
      let first = names.filter({ $0 != OutputClaim.marker }).min() ?? names.first
    {
      let marker = FolderDescriptors.status(descriptor, OutputClaim.marker)
      let why =
        marker == nil
        ? "and no \(OutputClaim.marker)"
        : "and its \(OutputClaim.marker) lists none of them (a marker is a list of the files a build wrote; an older"
          + " version's lists none)"
      return refuse(
        "the output holds files the tool did not write (\(Printed.excerpt(first, limit: 80))) \(why): a build"
          + " never replaces a file it did not write; give a new or empty folder, or move them away")
    }
    return .success(folder)
  }

  /// The files the marker in the folder `descriptor` lists; none when it is not a manifest.
  private static func manifest(of descriptor: Int32) -> OutputManifest {
    FolderDescriptors.read(descriptor, OutputClaim.marker).flatMap(OutputManifest.init) ?? OutputManifest()
  }

  /// The output as it is after the build swapped a new folder in; nil when it is not a folder.
  func reopened() -> OutputFolder? {
    let parent = dup(self.parent)
    guard parent >= 0 else { return nil }
    let descriptor = openat(parent, location.name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      close(parent)
      return nil
    }
    return OutputFolder(
      location: location, parent: parent, descriptor: descriptor,
      manifest: Self.manifest(of: descriptor))
  }

  /// Whether the name `name` in the parent is this output folder, as opened.
  func isOutput(_ name: String) -> Bool {
    guard let identity, let status = FolderDescriptors.status(parent, name) else { return false }
    return status.st_mode & S_IFMT == S_IFDIR && [UInt64(status.st_dev), UInt64(status.st_ino)] == identity
  }
}

/// Why a build does not write its output: the diagnostic it reports.
public struct OutputRefusal: Error {
  public let diagnostic: Diagnostic

  init(id: DiagnosticID, location: DiagnosticLocation, message: String) {
    diagnostic = Diagnostic(id: id, location: location, message: message)
  }
}
