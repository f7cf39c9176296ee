import CFileExchange
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a rendered site so that readers never see half of it: the new tree is built beside
/// the old one (unchanged files hard-linked, so their bytes and times stay as they were), then
/// the two folders are swapped in one rename.
enum SiteOutput {
  struct WriteError: Error, CustomStringConvertible {
    let description: String
  }

  /// Writes `files` under `output`; returns how many files were written and removed. When no
  /// byte would change, nothing at all is touched.
  static func commit(_ files: [String: [UInt8]], to output: String) throws -> (Int, Int) {
    let fileManager = FileManager.default
    let existing = listFiles(output)
    var changed: [String] = []
    for (path, bytes) in files {
      let target = output + "/" + path
      if !existing.contains(path) || !sameBytes(target, bytes) { changed.append(path) }
    }
    let removed = existing.subtracting(files.keys)
    if changed.isEmpty, removed.isEmpty { return (0, 0) }

    let parent = (output as NSString).deletingLastPathComponent
    let staging =
      (parent.isEmpty ? "." : parent) + "/." + (output as NSString).lastPathComponent
      + ".building-\(ProcessInfo.processInfo.processIdentifier)"
    try? fileManager.removeItem(atPath: staging)
    do {
      try fileManager.createDirectory(atPath: staging, withIntermediateDirectories: true)
      let changedSet = Set(changed)
      for (path, bytes) in files {
        let target = staging + "/" + path
        let folder = (target as NSString).deletingLastPathComponent
        try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if !changedSet.contains(path), link(output + "/" + path, target) == 0 { continue }
        guard fileManager.createFile(atPath: target, contents: Data(bytes)) else {
          throw WriteError(description: "cannot write \(target)")
        }
      }
      if fileManager.fileExists(atPath: output) {
        try swap(staging, output)
      } else {
        try fileManager.moveItem(atPath: staging, toPath: output)
      }
    } catch {
      try? fileManager.removeItem(atPath: staging)
      throw error
    }
    try? fileManager.removeItem(atPath: staging)
    return (changed.count, removed.count)
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

  static func sameBytes(_ path: String, _ bytes: [UInt8]) -> Bool {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let size = attributes[.size] as? Int, size == bytes.count,
      let data = FileManager.default.contents(atPath: path)
    else { return false }
    return data.elementsEqual(bytes)
  }

  /// Every regular file under `root`, as paths relative to it.
  static func listFiles(_ root: String) -> Set<String> {
    guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
    var files = Set<String>()
    while let relative = enumerator.nextObject() as? String {
      if let type = enumerator.fileAttributes?[.type] as? FileAttributeType, type == .typeRegular {
        files.insert(relative)
      }
    }
    return files
  }
}
