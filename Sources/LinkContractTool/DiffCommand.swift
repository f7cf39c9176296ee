import AssociationChecks
import ContractArtifacts
import Foundation
import LinkContract

/// `linkcontract diff`: the semantic diff of two releases' association files.
struct DiffCommand {
  static func help(_ tool: ToolName) -> String {
    """
    Usage: \(tool.name) diff [--format text|json] [--probe URL]... OLD NEW
           \(tool.name) diff [--format text|json] [--probe URL]... --against REV [PATH]
           \(tool.name) diff [--format text|json] [--probe URL]... --from REV --to REV [PATH]

    Compares two releases by meaning: two Site/ folders, two contract.json files, two
    association files, or two association trees (Site/association folders holding
    <build>/.well-known/ and <build>/native/). Of two Site/ folders or contract.json files, a
    changed build value (host-changed, scheme-changed, app-id-changed, package-changed,
    fingerprint-changed) is reported with its old and new value, what it calls for, and a
    cutover plan: every place the contract knows, old -> new, in the order to ship (serve both
    and verify-host, ship binaries, update the runbook, retire the old value); snippet lines that
    only carry the new value are not repeated. A file is told by its content: a contract.json
    document under any name, else the association file its name says, else the one its
    content implies (an object or an array). apple-app-site-association: app ids,
    applinks components per app (added, removed, moved: the first match wins; "/*" and "*" are
    the same), defaults, webcredentials, appclips and activitycontinuation apps, and which
    concrete links changed between claimed, excluded and unclaimed (links derived from both
    files' patterns, the contract's routes when the file names our apps, and each --probe URL).
    assetlinks.json: packages, fingerprints (a rotation, or the same certificate written
    differently, which Google rejects), relations, web sites, includes and
    dynamic_app_link_components. NEW is validated too: invalid or over \(appSiteAssociationByteLimit / 1024) KB is a change.
    Ends with the revalidation triggers the changes fire.
    With --against, compares PATH (default Site; a folder or one file) as committed
    at REV with the working tree; with --from and --to, as committed at two revisions.
    --format json prints one report (schemaVersion 3, Site/schema/diff-report.schema.json), the
    plans under "cutovers".
    Exit 0 when nothing differs, 1 when something does, 2 for a usage error (a missing path,
    OLD and NEW of different kinds, a revision that does not exist).

    """
  }

  let help: Bool
  let json: Bool
  let against: String?
  let from: String?
  let to: String?
  let probes: [String]
  let paths: [String]
  let root: String
  /// The contract the command works on.
  let contract: Contract
  /// What the tool calls itself, in the cutover plans' commands.
  let tool: ToolName

  init(_ arguments: [String], root: String, contract: Contract, tool: ToolName = .linkcontract) throws {
    self.contract = contract
    self.tool = tool
    let options = try Options(
      arguments, flags: ["--help", "-h"], options: ["--format", "--against", "--from", "--to", "--probe"])
    help = options.flag("--help") || options.flag("-h")
    self.root = root
    json = try options.format()
    against = options.value("--against")
    from = options.value("--from")
    to = options.value("--to")
    probes = options.values("--probe")
    paths = options.positional
    if help { return }
    if against != nil, from != nil || to != nil {
      throw UsageError(message: "diff takes --against REV, or --from REV --to REV, not both")
    }
    if (from == nil) != (to == nil) {
      throw UsageError(message: "diff --from REV needs --to REV, and --to needs --from")
    }
    if against != nil || from != nil {
      if paths.count > 1 { throw UsageError(message: "diff with revisions takes at most one PATH") }
    } else if paths.count != 2 {
      throw UsageError(message: "diff needs OLD and NEW, --against REV [PATH], or --from REV --to REV [PATH]")
    }
  }

  func run(_ console: Console) throws -> Int32 {
    if help {
      console.out(Self.help(tool))
      return ExitCode.success
    }
    let diff: AssociationDiff
    if against != nil || from != nil {
      let path = paths.first ?? "Site"
      let old: [String: [UInt8]]
      let new: [String: [UInt8]]
      if let against {
        old = try Self.committedTree(revision: against, path: path, root: root)
        new = try Self.readTree(root + "/" + path)
        if old.isEmpty && new.isEmpty {
          throw UsageError(message: "'\(path)' exists neither in the working tree nor at \(against)")
        }
      } else {
        old = try Self.committedTree(revision: from!, path: path, root: root)
        new = try Self.committedTree(revision: to!, path: path, root: root)
        if old.isEmpty && new.isEmpty {
          throw UsageError(message: "'\(path)' exists neither at \(from!) nor at \(to!)")
        }
      }
      diff = diffAssociationTrees(old: old, new: new, contract: contract, probes: probes, tool: tool)
    } else {
      let (oldPath, newPath) = (paths[0], paths[1])
      for path in [oldPath, newPath] where !FileManager.default.fileExists(atPath: path) {
        throw UsageError(message: "'\(path)' does not exist")
      }
      let oldIsFolder = Self.isFolder(oldPath)
      guard oldIsFolder == Self.isFolder(newPath) else {
        throw UsageError(message: "OLD and NEW must both be files or both be folders")
      }
      if oldIsFolder {
        diff = diffAssociationTrees(
          old: try Self.readTree(oldPath), new: try Self.readTree(newPath), contract: contract, probes: probes,
          tool: tool)
      } else {
        guard let old = FileManager.default.contents(atPath: oldPath).map(Array.init) else {
          throw UsageError(message: "cannot read '\(oldPath)'")
        }
        guard let new = FileManager.default.contents(atPath: newPath).map(Array.init) else {
          throw UsageError(message: "cannot read '\(newPath)'")
        }
        // What each file holds is told by its content first: a contract document whatever its
        // name, then the association file its name or its content says.
        let oldKind = ComparedFile(name: oldPath, bytes: old)
        let newKind = ComparedFile(name: newPath, bytes: new)
        if let oldKind, let newKind, oldKind != newKind {
          throw UsageError(
            message: "'\(oldPath)' is \(oldKind.title) and '\(newPath)' is \(newKind.title): "
              + "two files of different kinds cannot be compared")
        }
        let name = URL(fileURLWithPath: newPath).lastPathComponent
        switch newKind ?? oldKind {
        case .contractDocument?: diff = diffContractFiles(name, old: old, new: new, contract: contract, tool: tool)
        case .association(let kind)?:
          diff = diffAssociationFile(
            name, old: old, new: new, contract: contract, probes: probes, kind: kind, tool: tool)
        case nil:
          diff = diffAssociationFile(name, old: old, new: new, contract: contract, probes: probes, tool: tool)
        }
      }
    }
    console.out(json ? diff.json(contract).pretty : diff.text(contract))
    return diff.isEmpty ? ExitCode.success : ExitCode.failure
  }

  static func isFolder(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  /// Every file under `folder`, keyed by its path relative to it; a single file keyed by its
  /// name. A missing path is empty.
  static func readTree(_ folder: String) throws -> [String: [UInt8]] {
    guard isFolder(folder) else {
      guard FileManager.default.fileExists(atPath: folder) else { return [:] }
      guard let data = FileManager.default.contents(atPath: folder) else {
        throw UsageError(message: "cannot read '\(folder)'")
      }
      return [URL(fileURLWithPath: folder).lastPathComponent: Array(data)]
    }
    var tree: [String: [UInt8]] = [:]
    guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return tree }
    while let relative = enumerator.nextObject() as? String {
      let full = folder + "/" + relative
      if !isFolder(full), let data = FileManager.default.contents(atPath: full) { tree[relative] = Array(data) }
    }
    return tree
  }

  /// The files under `path` as committed at `revision`, read with `git ls-tree` and `git show`;
  /// a committed file keyed by its name. A revision that names no commit is a usage error.
  static func committedTree(revision: String, path: String, root: String) throws -> [String: [UInt8]] {
    guard (try? git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], root: root)) != nil else {
      throw UsageError(message: "'\(revision)' is not a revision of the repository at \(root)")
    }
    let prefix = path.hasSuffix("/") ? String(path.dropLast()) : path
    let listing = try git(["ls-tree", "-r", "-z", "--name-only", revision, "--", prefix], root: root)
    var tree: [String: [UInt8]] = [:]
    for name in listing.split(separator: 0).map({ String(decoding: $0, as: UTF8.self) }) where !name.isEmpty {
      let relative =
        name.hasPrefix(prefix + "/")
        ? String(name.dropFirst(prefix.count + 1)) : String(name.split(separator: "/").last ?? Substring(name))
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
