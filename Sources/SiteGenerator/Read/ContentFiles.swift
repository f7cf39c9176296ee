import Foundation
import LinkContract

#if canImport(Glibc)
  import Glibc
#endif

/// How a build reads the Content folder: only what lies inside it. A symbolic link to a file is
/// followed when its target is inside the Content folder; one that resolves outside it, and
/// one to a folder, are refused (`content-link`): no loop, no folder listed twice. Every file is then opened one folder at a
/// time from the Content folder's descriptor with `O_NOFOLLOW`, at the path its listing
/// resolved, so that a folder or file swapped for a link after the listing is not followed. An
/// image over the size limit is never read (`image-too-large`: its size is taken by fstat
/// first), and folders nest at most `maximumDepth` deep (`content-too-deep`).
struct ContentListing: Sendable {
  /// Every path under Content, sorted: files and what is neither file nor listed folder.
  var names: [String] = []
  /// The path from the Content folder's own (resolved) path of each name reached through a
  /// symbolic link that stays inside Content (`images/logo.png` -> `images/logo-2.png`).
  var resolved: [String: String] = [:]
  /// What was refused, by its Content path: never listed, never read.
  var refusals: [Refusal] = []

  /// A path the listing refused, and why.
  struct Refusal: Sendable, Equatable {
    let path: String
    let id: DiagnosticID
    let message: String
  }

  /// How deep folders nest inside folders under Content.
  static let maximumDepth = 8

  /// The names under the folder `root` (held open as `folder`), whose own names are `top`.
  /// Each sub-folder is listed in place of its name, but one whose name starts with `.` or ends
  /// in `.md` (a page that is a folder is reported as such). A folder reached twice (a mount) is
  /// listed once.
  /// A name whose folder entry says it is a regular file is taken as one without asking its
  /// status: only links, folders and entries of no stated type are looked at.
  static func list(_ folder: SiteOutput.Folder, top: [(name: String, type: Int32)]) -> ContentListing {
    var listing = ContentListing()
    guard let real = realpath(folder.path, nil) else {
      listing.names = top.map(\.name)
      return listing
    }
    let root = String(cString: real)
    free(real)
    var seen: Set<[UInt64]> = []
    if let status = folder.status(".") { seen.insert([UInt64(status.st_dev), UInt64(status.st_ino)]) }
    // Each folder: its path as listed, its path from the resolved root, its names, its depth.
    var pending: [(prefix: String, real: String, entries: [(name: String, type: Int32)], depth: Int)] = [
      ("", "", top, 0)
    ]
    while let (prefix, realPrefix, listed, depth) = pending.popLast() {
      for (name, type) in listed {
        let path = prefix + name
        var real = realPrefix + name
        if type == DT_REG, real == path {
          listing.names.append(path)
          continue
        }
        guard var status = Self.status(folder, real) else {
          listing.names.append(path)
          continue
        }
        if status.st_mode & S_IFMT == S_IFLNK {
          switch Self.target(of: folder.path + "/" + real, root: root) {
          case .none:
            // A link to nothing is listed: reading it fails, and the build says why.
            listing.names.append(path)
            continue
          case .some(.outside(let target)):
            listing.refusals.append(
              Refusal(
                path: path, id: .contentLink,
                message:
                  "this symbolic link leads to `\(Printed.excerpt(target, limit: 120))`, outside the Content folder: a build reads only what lies inside Content; copy what it names into Content, or remove the link"
              ))
            continue
          case .some(.inside(let inside)):
            guard let target = Self.status(folder, inside.isEmpty ? "." : inside) else {
              listing.names.append(path)
              continue
            }
            guard target.st_mode & S_IFMT != S_IFDIR else {
              listing.refusals.append(
                Refusal(
                  path: path, id: .contentLink,
                  message:
                    "this symbolic link names a folder, `\(Printed.excerpt(inside.isEmpty ? "." : inside, limit: 120))`: a build follows a link to a file inside Content, never to a folder; move or copy the folder here, or link its files"
                ))
              continue
            }
            real = inside
            status = target
          }
        }
        guard !name.hasPrefix("."), !name.hasSuffix(".md"), status.st_mode & S_IFMT == S_IFDIR else {
          listing.names.append(path)
          if real != path { listing.resolved[path] = real }
          continue
        }
        guard seen.insert([UInt64(status.st_dev), UInt64(status.st_ino)]).inserted else { continue }
        guard depth < maximumDepth else {
          listing.refusals.append(
            Refusal(
              path: path, id: .contentTooDeep,
              message:
                "this folder is \(depth + 1) folders deep in Content, and folders nest at most \(maximumDepth) deep: move its pages and images into a folder nearer the top"
            ))
          continue
        }
        guard let inner = Self.entries(folder, real) else {
          listing.names.append(path)
          continue
        }
        pending.append((path + "/", real + "/", inner, depth + 1))
      }
    }
    listing.names.sort()
    return listing
  }

  /// Where a symbolic link leads, from the Content folder's resolved path `root`.
  enum Target: Equatable {
    /// Inside Content, at this path from its root (empty: the Content folder itself).
    case inside(String)
    case outside(String)
  }

  /// Where the link at `location` resolves; nil when it leads to nothing (or loops).
  static func target(of location: String, root: String) -> Target? {
    guard let resolved = realpath(location, nil) else { return nil }
    let target = String(cString: resolved)
    free(resolved)
    if target == root { return .inside("") }
    let inside = root == "/" ? "/" : root + "/"
    guard target.hasPrefix(inside) else { return .outside(target) }
    return .inside(String(target.dropFirst(inside.count)))
  }

  /// The status of `path` under `folder`, not following a link at its end; nil when there is none.
  static func status(_ folder: SiteOutput.Folder, _ path: String) -> stat? {
    var status = stat()
    let found =
      folder.descriptor >= 0
      ? fstatat(folder.descriptor, path, &status, AT_SYMLINK_NOFOLLOW) : lstat(folder.path + "/" + path, &status)
    return found == 0 ? status : nil
  }

  /// The entries of the folder at `path` under `folder`, opened without following links.
  static func entries(_ folder: SiteOutput.Folder, _ path: String) -> [(name: String, type: Int32)]? {
    let descriptor = FolderDescriptors.open(beneath: folder.descriptor, path, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    return FolderDescriptors.entries(descriptor)
  }

  /// What reading a Content file gave.
  enum Read {
    case bytes([UInt8], stat)
    /// An image over the limit, of this size: not read.
    case tooLarge(Int)
    case unreadable
  }

  /// Reads the file at `path` under `folder` (`FolderDescriptors.open(beneath:)`); with `limit`, a file larger
  /// than it is not read.
  static func read(_ folder: SiteOutput.Folder, _ path: String, limit: Int?) -> Read {
    let descriptor = FolderDescriptors.open(beneath: folder.descriptor, path, flags: SiteOutput.readFlags)
    guard descriptor >= 0 else { return .unreadable }
    if let limit {
      var status = stat()
      guard fstat(descriptor, &status) == 0 else {
        close(descriptor)
        return .unreadable
      }
      if Int(status.st_size) > limit {
        close(descriptor)
        return .tooLarge(Int(status.st_size))
      }
    }
    guard let (bytes, status) = SiteOutput.readOpened(descriptor) else { return .unreadable }
    // A file that grew past the limit since fstat is not taken either.
    if let limit, bytes.count > limit { return .tooLarge(bytes.count) }
    return .bytes(bytes, status)
  }
}

/// The largest image file a build reads, in bytes, and how its error says so.
public enum ImageSizeLimit {
  /// 10 MB: far above any picture a page of documentation shows.
  public static let standard = 10 * 1024 * 1024

  /// `10 MB (10,485,760 bytes)`, or the bytes alone for a limit that is not whole megabytes.
  static func described(_ bytes: Int) -> String {
    let exact = "\(grouped(bytes)) bytes"
    return bytes % (1024 * 1024) == 0 ? "\(bytes / (1024 * 1024)) MB (\(exact))" : exact
  }

  /// `10,485,760`.
  static func grouped(_ value: Int) -> String {
    var digits = Array(String(value))
    var index = digits.count - 3
    while index > 0 {
      digits.insert(",", at: index)
      index -= 3
    }
    return String(digits)
  }

  /// The message of an image of `size` bytes over `limit`.
  static func message(size: Int, limit: Int) -> String {
    "this image is \(grouped(size)) bytes, over the \(described(limit)) a build reads of an image: make it smaller, or raise the limit with `--max-image-size BYTES`"
  }
}
