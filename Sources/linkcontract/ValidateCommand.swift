import ContractArtifacts
import Foundation

/// `linkcontract validate`: checks association files from anywhere against the platform rules.
struct ValidateCommand {
  static let help = """
    Usage: linkcontract validate [--kind aasa|assetlinks] FILE...

    Validates each FILE as an association file: ours, or one fetched from a live host. The kind
    comes from the file name (apple-app-site-association, assetlinks.json) unless --kind says.
      assetlinks   the statement-list rules of Google's Digital Asset Links compatibility tests;
                   a fingerprint that looks like a placeholder is a warning
      aasa         Apple's rules: a JSON object, applinks.details an array, app ids TEAMID.bundle,
                   known component keys of the right types, no byte-order mark, at most 128 KB,
                   and no component that an earlier one makes unreachable
    Prints `FILE: error: ...` and `FILE: warning: ...` lines on standard error.
    Exit 0 when no file has an error (warnings allowed), 1 when any has, 2 for a usage error.

    """

  let help: Bool
  let kind: AssociationKind?
  let files: [String]

  init(_ arguments: [String]) throws {
    let options = try Options(arguments, flags: ["--help", "-h"], options: ["--kind"])
    help = options.flag("--help") || options.flag("-h")
    files = options.positional
    if let value = options.value("--kind") {
      guard let kind = AssociationKind(rawValue: value) else {
        throw UsageError(message: "--kind must be aasa or assetlinks, not '\(value)'")
      }
      self.kind = kind
    } else {
      kind = nil
    }
    if help { return }
    if files.isEmpty { throw UsageError(message: "validate needs at least one FILE") }
    if kind == nil {
      for file in files where AssociationKind(fileName: file) == nil {
        throw UsageError(
          message: "cannot tell the kind of '\(file)' from its name: pass --kind aasa or --kind assetlinks")
      }
    }
  }

  func run(_ console: Console) throws -> Int32 {
    if help {
      console.out(Self.help)
      return ExitCode.success
    }
    var failed = false
    for file in files {
      guard let kind = kind ?? AssociationKind(fileName: file) else { continue }
      guard let data = FileManager.default.contents(atPath: file) else {
        console.err("\(file): error: cannot read the file\n")
        failed = true
        continue
      }
      let messages = validateAssociation(Array(data), kind: kind)
      for message in messages { console.err("\(file): \(message.severity.rawValue): \(message.text)\n") }
      let errors = messages.filter { $0.severity == .error }.count
      let warnings = messages.count - errors
      if errors > 0 { failed = true }
      console.out(
        "\(file): \(errors == 0 ? "valid" : "invalid") \(kind.fileName) (\(errors) error(s), \(warnings) warning(s))\n")
    }
    return failed ? ExitCode.failure : ExitCode.success
  }
}
