import ContractArtifacts
import Foundation
import LinkContract

/// `linkcontract diff`: the semantic diff of two releases' association files.
struct DiffCommand {
  static let help = """
    Usage: linkcontract diff [--format text|json] OLD NEW
           linkcontract diff [--format text|json] --against GIT_REV [PATH]

    Compares two association files, or two association trees (Site/association folders holding
    <build>/.well-known/ and <build>/native/), by meaning: app ids and packages added or removed,
    components added, removed or moved (order matters: the first match wins), each route's
    canonical link claimed, excluded or unclaimed as Apple's matcher answers, fingerprints added
    or removed (a rotation), scheme allowlist changes. Ends with the revalidation triggers fired.
    With --against, compares PATH (default Site/association) as committed at GIT_REV with the
    working tree.
    Exit 0 when nothing differs, 1 when something does, 2 for a usage error.

    """

  let help: Bool
  let json: Bool
  let against: String?
  let paths: [String]
  let root: String

  init(_ arguments: [String], root: String) throws {
    let options = try Options(arguments, flags: ["--help", "-h"], options: ["--format", "--against"])
    help = options.flag("--help") || options.flag("-h")
    self.root = root
    switch options.value("--format") ?? "text" {
    case "text": json = false
    case "json": json = true
    case let other: throw UsageError(message: "--format must be text or json, not '\(other)'")
    }
    against = options.value("--against")
    paths = options.positional
    if help { return }
    if against != nil {
      if paths.count > 1 { throw UsageError(message: "diff --against takes at most one PATH") }
    } else if paths.count != 2 {
      throw UsageError(message: "diff needs OLD and NEW, or --against GIT_REV [PATH]")
    }
  }

  func run(_ console: Console) throws -> Int32 {
    if help {
      console.out(Self.help)
      return ExitCode.success
    }
    let contract = Contract.customerApp
    let diff: AssociationDiff
    if let against {
      let path = paths.first ?? "Site/association"
      let new = try Self.readTree(root + "/" + path)
      let old = try Self.committedTree(revision: against, path: path, root: root)
      diff = diffAssociationTrees(old: old, new: new, contract: contract)
    } else {
      let (oldPath, newPath) = (paths[0], paths[1])
      let oldIsFolder = Self.isFolder(oldPath)
      guard oldIsFolder == Self.isFolder(newPath) else {
        throw UsageError(message: "OLD and NEW must both be files or both be folders")
      }
      if oldIsFolder {
        diff = diffAssociationTrees(
          old: try Self.readTree(oldPath), new: try Self.readTree(newPath), contract: contract)
      } else {
        guard let old = FileManager.default.contents(atPath: oldPath) else {
          throw UsageError(message: "cannot read '\(oldPath)'")
        }
        guard let new = FileManager.default.contents(atPath: newPath) else {
          throw UsageError(message: "cannot read '\(newPath)'")
        }
        let name = URL(fileURLWithPath: newPath).lastPathComponent
        diff = diffAssociationFile(name, old: Array(old), new: Array(new), contract: contract)
      }
    }
    console.out(json ? diff.json(contract).pretty : diff.text(contract))
    return diff.isEmpty ? ExitCode.success : ExitCode.failure
  }

  static func isFolder(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  /// Every file under `folder`, keyed by its path relative to it. A missing folder is empty.
  static func readTree(_ folder: String) throws -> [String: [UInt8]] {
    guard isFolder(folder) else {
      if FileManager.default.fileExists(atPath: folder) {
        throw UsageError(message: "'\(folder)' is not a folder")
      }
      return [:]
    }
    var tree: [String: [UInt8]] = [:]
    guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return tree }
    while let relative = enumerator.nextObject() as? String {
      let full = folder + "/" + relative
      if !isFolder(full), let data = FileManager.default.contents(atPath: full) { tree[relative] = Array(data) }
    }
    return tree
  }

  /// The files under `path` as committed at `revision`, read with `git ls-tree` and `git show`.
  static func committedTree(revision: String, path: String, root: String) throws -> [String: [UInt8]] {
    let prefix = path.hasSuffix("/") ? String(path.dropLast()) : path
    let listing = try git(["ls-tree", "-r", "-z", "--name-only", revision, "--", prefix], root: root)
    var tree: [String: [UInt8]] = [:]
    for name in listing.split(separator: 0).map({ String(decoding: $0, as: UTF8.self) }) where !name.isEmpty {
      let relative = name.hasPrefix(prefix + "/") ? String(name.dropFirst(prefix.count + 1)) : name
      tree[relative] = try git(["show", "\(revision):./\(name)"], root: root)
    }
    return tree
  }

  static func git(_ arguments: [String], root: String) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", root] + arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      // The revision or path given on the command line is what git refuses: a usage error.
      throw UsageError(
        message: "git \(arguments.joined(separator: " ")) failed: "
          + String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
    return Array(data)
  }
}
