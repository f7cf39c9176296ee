import AssociationChecks
import ContractArtifacts
import Foundation
import LinkContract

/// `linkcontract validate`: checks association files from anywhere against the platform rules.
struct ValidateCommand {
  static func help(_ tool: ToolName) -> String {
    """
    Usage: \(tool.name) validate [--kind aasa|assetlinks] [--served-over https|http] [--format text|json] FILE...

    Validates each FILE as an association file: ours, or one fetched from a live host (`-` reads
    standard input). The kind comes from the file name (apple-app-site-association,
    assetlinks.json), else from --kind, else from the content (an object is an
    apple-app-site-association file, an array a statement list).
      assetlinks   every rule of Google's Digital Asset Links compatibility tests that needs no
                   fetch; an include is checked as a URL and reported as not followed; a
                   fingerprint that looks like a placeholder is a warning; an http include is
                   an error from a file served over https (the default), allowed with
                   --served-over http
      aasa         Apple's rules: at most \(appSiteAssociationByteLimit / 1024) KB (checked first), UTF-8 without a byte-order mark,
                   a JSON object, app ids TEAMID.bundle, component values of the right types;
                   substitution variables defined and well formed; an unknown key is ignored
                   by iOS and a warning; a component shadowed by an earlier one is a warning
                   (a dead rule; for an exclude, the app opens the URLs it means to keep)
    Text: `FILE:LINE:COLUMN: error|warning: ...` lines on standard error, one summary line per
    file on standard output. --format json prints one report (schemaVersion 2, Site/schema/
    validate-report.schema.json) on standard output instead.
    Exit 0 when no file has an error (warnings allowed), 1 when any is invalid or unreadable,
    2 for a usage error.

    """
  }

  let help: Bool
  let contract: Contract
  /// What the tool calls itself.
  let tool: ToolName
  let kind: AssociationKind?
  let servedOverHTTPS: Bool
  let json: Bool
  let files: [String]

  init(_ arguments: [String], contract: Contract, tool: ToolName = .linkcontract) throws {
    self.contract = contract
    self.tool = tool
    let options = try Options(arguments, flags: ["--help", "-h"], options: ["--kind", "--served-over", "--format"])
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
    switch options.value("--served-over") {
    case nil, "https": servedOverHTTPS = true
    case "http": servedOverHTTPS = false
    case let value?: throw UsageError(message: "--served-over must be https or http, not '\(Printed.excerpt(value))'")
    }
    json = try options.format()
    if help { return }
    if files.isEmpty { throw UsageError(message: "validate needs at least one FILE") }
  }

  func run(_ console: Console) throws -> Int32 {
    if help {
      console.out(Self.help(tool))
      return ExitCode.success
    }
    var results: [FileValidation] = []
    for file in files {
      let result: FileValidation
      switch Self.read(file) {
      case .success(let bytes):
        result = FileValidation(
          path: file, bytes: bytes, kind: kind, servedOverHTTPS: servedOverHTTPS, forbidden: contract.forbiddenKeys)
      case .failure(let failure): result = FileValidation(path: file, problem: failure.problem, detail: failure.detail)
      }
      if !json {
        console.err(result.diagnostics)
        console.out(result.summary)
      }
      results.append(result)
    }
    let report = ValidationReport(files: results)
    if json { console.out(report.json.pretty) }
    return report.failed ? ExitCode.failure : ExitCode.success
  }

  struct ReadFailure: Error {
    let problem: FileReadProblem
    var detail = ""
  }

  /// The bytes of a regular file (or standard input for `-`), or why there are none. A FIFO,
  /// a device or a socket is never opened, so that reading cannot block or never end.
  static func read(_ path: String) -> Result<[UInt8], ReadFailure> {
    if path == "-" { return .success(Array(FileHandle.standardInput.readDataToEndOfFile())) }
    var status = stat()
    guard stat(path, &status) == 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { return .failure(ReadFailure(problem: .notFound)) }
      return .failure(ReadFailure(problem: .unreadable, detail: String(cString: strerror(code))))
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: return .failure(ReadFailure(problem: .directory))
    case S_IFIFO: return .failure(ReadFailure(problem: .notRegularFile, detail: "a FIFO"))
    case S_IFCHR: return .failure(ReadFailure(problem: .notRegularFile, detail: "a character device"))
    case S_IFBLK: return .failure(ReadFailure(problem: .notRegularFile, detail: "a block device"))
    case S_IFSOCK: return .failure(ReadFailure(problem: .notRegularFile, detail: "a socket"))
    default: return .failure(ReadFailure(problem: .notRegularFile, detail: "an unknown file type"))
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      return .failure(ReadFailure(problem: .unreadable, detail: "permission denied"))
    }
    defer { try? handle.close() }
    do {
      return .success(Array(try handle.readToEnd() ?? Data()))
    } catch {
      return .failure(ReadFailure(problem: .unreadable, detail: "\(error.localizedDescription)"))
    }
  }
}
