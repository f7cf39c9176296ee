import AssociationChecks
import ContractArtifacts
import Foundation
import LinkContract
import ReleaseChecks

/// Reads `--format text|json`, the one option both release checks share with the others.
func jsonFormat(_ options: Options) throws -> Bool {
  switch options.value("--format") ?? "text" {
  case "text": return false
  case "json": return true
  case let other: throw UsageError(message: "--format must be text or json, not '\(other)'")
  }
}

/// The build `--build` names, or a usage error.
func namedBuild(_ name: String, in contract: Contract) throws -> Build {
  guard let build = contract.build(named: name) else {
    throw UsageError(message: "unknown build '\(name)' (\(contract.buildNames))")
  }
  return build
}

/// `linkcontract verify-host`: what the web host serves, against the contract.
struct VerifyHostCommand {
  static func help(_ tool: ToolName) -> String {
    """
    Usage: \(tool.name) verify-host --build NAME [--base-url URL] [--ca-file PEM] [--timeout SECONDS]
             [--format text|json]

    Fetches /.well-known/apple-app-site-association and /.well-known/assetlinks.json from the
    web host of build NAME (or from --base-url, such as a staging server) with libcurl, following
    no redirect, and checks what Apple's and Google's verifiers check: https only, status 200,
    no redirect, content type application/json, no byte-order mark, at most \(appSiteAssociationByteLimit / 1024) KB, valid as
    `validate` reads it; then compares each with the generated file by meaning, as `diff` does
    (formatting alone is a note). Problem ids: not-https, unreachable, timeout, truncated, status,
    redirect, content-type, byte-order-mark, too-large, invalid, differs. URLs are printed with
    their userinfo and secret query values as [redacted], and served text with control
    characters escaped.
    --ca-file trusts only the CA certificates in the PEM file given (a private test CA); a file
    with no PEM certificate is a usage error. --timeout bounds the whole run (default 5
    seconds): both files are fetched at the same time, then checked at the same time, all by
    one deadline; what is not fetched or checked by then is a timeout problem (exit 1), and the
    last line says the run reached its --timeout. --format json prints one object
    (Site/schema/verify-host.schema.json).
    Exit 0 when both files are served correctly and mean what the contract says, 1 when not,
    2 for a usage error.

    """
  }

  let help: Bool
  let contract: Contract
  /// What the tool calls itself.
  let tool: ToolName
  let json: Bool
  let build: Build?
  let baseURL: String?
  let caFile: String?
  let timeout: Double

  init(_ arguments: [String], contract: Contract, tool: ToolName = .linkcontract) throws {
    self.contract = contract
    self.tool = tool
    let options = try Options(
      arguments, flags: ["--help", "-h"], options: ["--build", "--base-url", "--ca-file", "--timeout", "--format"])
    help = options.flag("--help") || options.flag("-h")
    json = try jsonFormat(options)
    baseURL = options.value("--base-url")
    caFile = options.value("--ca-file")
    let timeoutText = options.value("--timeout") ?? "5"
    guard let timeout = Double(timeoutText), timeout > 0, timeout <= 600 else {
      throw UsageError(message: "--timeout must be a number of seconds between 0 and 600, not '\(timeoutText)'")
    }
    self.timeout = timeout
    if help {
      build = nil
      return
    }
    guard options.positional.isEmpty else { throw UsageError(message: "verify-host takes no positional argument") }
    guard let name = options.value("--build") else {
      throw UsageError(message: "verify-host needs --build NAME (\(contract.buildNames))")
    }
    build = try namedBuild(name, in: contract)
    if let caFile, let problem = caFileProblem(caFile) {
      throw UsageError(message: "cannot use --ca-file '\(Printed.excerpt(caFile, limit: 1000))': \(problem)")
    }
    if let baseURL, !baseURL.contains("://") {
      throw UsageError(message: "--base-url must be an absolute URL such as https://\(build?.webHost ?? "host")")
    }
  }

  func run(_ console: Console) throws -> Int32 {
    guard let build, !help else {
      console.out(Self.help(tool))
      return ExitCode.success
    }
    let report = verifyHost(contract, build: build, baseURL: baseURL, caFile: caFile, timeout: timeout)
    console.out(json ? report.json.pretty : report.text(contract))
    return report.isClean ? ExitCode.success : ExitCode.failure
  }
}

/// `linkcontract audit`: where an app checkout registers or repeats the contract's values.
struct AuditCommand {
  static func help(_ tool: ToolName) -> String {
    """
    Usage: \(tool.name) audit [--build NAME] [--format text|json] APP_DIR

    Reads the app checkout APP_DIR and finds every place a contract value is registered or
    repeated: the places the native snippets the contract lists go into (each build's
    association page names them, with the role that checks each one), and no other kind of file;
    for an app with an Android snippet, also the application id its release build ships, which
    Digital Asset Links must name (Gradle applicationId and suffixes, a .NET project's Release
    ApplicationId, else the manifest's package).
    Each finding is path:line:column, the build, the role, the value and a verdict: matches,
    stale (a value of no build, or in a wrong form), placeholder, foreign-build (another build's
    value), missing (a registration the contract needs and the checkout lacks), unreadable (a
    file that may hold values and cannot be read, such as malformed XML, an entity bomb or
    nesting too deep; no entity is ever expanded, nothing fetched) or computed (an application
    id built from a variable or an undecided condition, which audit cannot compare: a note).
    Binary plists are read.
    Values are printed with secrets redacted and control characters escaped. A file's build is
    --build, else the build whose values it holds. Ends with, per build, how many places hold
    each value.
    --format json prints one object (Site/schema/audit.schema.json).
    Exit 0 when every finding matches or is computed, 1 when any other is found, 2 for a usage
    error.

    """
  }

  let help: Bool
  let contract: Contract
  /// What the tool calls itself.
  let tool: ToolName
  let json: Bool
  let build: Build?
  let folder: String?

  init(_ arguments: [String], contract: Contract, tool: ToolName = .linkcontract) throws {
    self.contract = contract
    self.tool = tool
    let options = try Options(arguments, flags: ["--help", "-h"], options: ["--build", "--format"])
    help = options.flag("--help") || options.flag("-h")
    json = try jsonFormat(options)
    build = try options.value("--build").map { try namedBuild($0, in: contract) }
    folder = options.positional.first
    if help { return }
    guard options.positional.count == 1, let folder else { throw UsageError(message: "audit needs one APP_DIR") }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
      throw UsageError(message: "APP_DIR '\(folder)' is not a folder")
    }
  }

  func run(_ console: Console) throws -> Int32 {
    guard let folder, !help else {
      console.out(Self.help(tool))
      return ExitCode.success
    }
    let report = audit(contract, root: folder, build: build)
    console.out(json ? report.json.pretty : report.text())
    return report.isClean ? ExitCode.success : ExitCode.failure
  }
}
