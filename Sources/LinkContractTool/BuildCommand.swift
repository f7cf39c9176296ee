import ContractArtifacts
import Foundation
import LinkContract
import SiteGenerator
import Synchronization

/// The site build for a repository root: its Content, Templates and the contract's files.
/// Without `files`, the contract is validated now and its files are made only if the build
/// renders: a rebuild that the build record shows to be unneeded never makes them.
/// The site's templates are linkcontract's built-in ones under the Templates folder's files,
/// so the default folder may be absent (a folder given with `--templates` must exist); when
/// `makesBuiltInTemplates` (linkcontract's own tool) and the folder is the project's
/// `Templates/`, the folder the built-in templates are generated from, it is read alone. Every
/// generated file's header names `tool`.
func siteBuild(
  root: String, contract: Contract, content: String? = nil, templates: String? = nil, output: String? = nil,
  files: [Artifact]? = nil, makesBuiltInTemplates: Bool = false, maximumImageSize: Int? = nil,
  tool: ToolName = .linkcontract
) throws -> SiteBuild {
  let base = root == "." ? "" : root + "/"
  let (contentGiven, templatesGiven) = (content != nil, templates != nil)
  let content = content ?? base + "Content"
  let projectTemplates = base + "Templates"
  let templates = templates ?? projectTemplates
  let output = output ?? base + "Site"
  if templatesGiven || makesBuiltInTemplates || FileManager.default.fileExists(atPath: templates) {
    try requireFolder(templates, flag: "--templates", given: templatesGiven, what: "page template", tool: tool)
  }
  try requireFolder(content, flag: "--content", given: contentGiven, what: "Markdown pages", tool: tool)
  var build: SiteBuild
  if let files {
    build = SiteBuild(
      contentDirectory: content, templatesDirectory: templates, outputDirectory: output, contract: contract,
      generatedFiles: publishedFiles(files))
  } else {
    // The files follow from the contract compiled into this tool, which the build record
    // already identifies by the tool's version and binary. A record this tool saved means
    // that it checked the contract before that build.
    let identity = "contract compiled into \(tool.name), linkcontract \(version)"
    // The record lies beside the folder a symbolic link names, as the build writes it.
    let written = (try? OutputClaim.resolve(output, sources: []).get().path) ?? output
    if !SiteBuild.recordVouches(output: written, toolVersion: version, identity: identity) {
      try validateContract(contract)
    }
    build = SiteBuild(
      contentDirectory: content, templatesDirectory: templates, outputDirectory: output, contract: contract,
      generatedFilesIdentity: identity
    ) { table in
      let start = (ContinuousClock.now, threadProcessorTime())
      defer { if phaseTimer != nil { printTask("contract artifacts", since: start) } }
      return publishedFiles(siteArtifacts(contract, table: table, tool: tool))
    }
  }
  if makesBuiltInTemplates, templates == projectTemplates { build.builtInTemplates = [:] }
  build.toolVersion = version
  build.tool = tool
  if let maximumImageSize { build.maximumImageSize = maximumImageSize }
  build.phaseObserver = phaseTimer
  return build
}

/// Prints each build phase's duration on standard error when `LINKCONTRACT_TIMING` is set.
let phaseTimer: (@Sendable (String, Duration) -> Void)? =
  ProcessInfo.processInfo.environment["LINKCONTRACT_TIMING"] == nil ? nil : printPhase

/// Prints the wall time of work done on a thread of its own beside the phases, with that
/// thread's processor time.
private func printTask(_ task: String, since start: (ContinuousClock.Instant, Duration)) {
  let (wall, processor) = (ContinuousClock.now - start.0, threadProcessorTime() - start.1)
  FileHandle.standardError.write(
    Data("timing: \(task) \(milliseconds(wall)) ms beside the phases, processor \(milliseconds(processor)) ms\n".utf8))
}

private func threadProcessorTime() -> Duration {
  var usage = rusage()
  getrusage(1, &usage)  // RUSAGE_THREAD, which Glibc does not import
  return processorTime(usage)
}

private func processorTime(_ usage: rusage) -> Duration {
  func time(_ value: timeval) -> Duration { .seconds(value.tv_sec) + .microseconds(value.tv_usec) }
  return time(usage.ru_utime) + time(usage.ru_stime)
}

private func milliseconds(_ duration: Duration) -> Int64 {
  duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
}

/// The process's processor time (user and system, every thread) when the last phase ended.
private let processorTimeBefore = Mutex(Duration.zero)

/// Prints the phase's wall time and the processor time every thread spent in it (their ratio
/// tells how many cores the phase kept busy), and the process's peak memory so far.
@Sendable private func printPhase(_ phase: String, _ duration: Duration) {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  let processor = processorTime(usage)
  let spent = processorTimeBefore.withLock { before in
    defer { before = processor }
    return processor - before
  }
  // ru_maxrss is in kilobytes on Linux.
  let peak = usage.ru_maxrss / 1024
  FileHandle.standardError.write(
    Data(
      "timing: \(phase) \(milliseconds(duration)) ms, processor \(milliseconds(spent)) ms, peak memory \(peak) MB\n"
        .utf8
    ))
}

/// A usage error, naming the flag to give, when `path` is not a folder: run outside the
/// repository root, the default `Content/` and `Templates/` are not there.
private func requireFolder(_ path: String, flag: String, given: Bool, what: String, tool: ToolName) throws {
  var isDirectory: ObjCBool = false
  if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return }
  let here = FileManager.default.currentDirectoryPath
  throw UsageError(
    message: given
      ? "\(flag) '\(path)' is not a folder"
      : "no folder '\(path)' with the \(what) in \(here): run \(tool.name) in the project's root, or give \(flag) DIR"
  )
}

/// `linkcontract build`: Content and Templates to Site.
struct BuildCommand {
  static func help(_ tool: ToolName) -> String {
    """
    Usage: \(tool.name) build [--content DIR] [--templates DIR] [--output DIR] [--max-image-size BYTES]

    Builds the docs site from the Markdown pages in DIR (default Content/), the page template,
    stylesheet and scripts, and the contract values, into Site/. The templates are the
    built-in ones, each replaced by the file of the same name in the Templates
    folder (--templates DIR, which must exist; default Templates/, which may be absent), whose
    other files are added. Any folder of Markdown pages with front matter builds, with or
    without `contract` blocks. Problems are printed sorted as `path:line:column: error:
    message`, then a count. Nothing is written when there is an error; otherwise the new site
    replaces the old one at once, and files whose bytes are unchanged are not rewritten. The
    output must be new, empty or a site the tool wrote (it holds .linkcontract-site), and
    neither be, hold nor lie inside Content or Templates; a symbolic link is followed and the
    folder it names is written. One build at a time writes an output: a second one fails at
    once.
    The build reads only what lies inside Content: a symbolic link out of it, or to a folder,
    is an error at its path. It publishes only the images a page shows, and reads no image
    over 10 MB (--max-image-size BYTES raises or lowers that: a number, or with KB, MB or GB).
    Exit 0 on success, 1 when there is any error (another build writing the output included),
    2 for a usage error (an output the build may not write included).

    """
  }

  let help: Bool
  let content: String?
  let templates: String?
  let output: String?
  let maximumImageSize: Int?
  let root: String
  /// The contract the command works on.
  let contract: Contract
  /// Where `generate` writes the built-in templates from the Templates folder; nil for an
  /// adopting app (`LinkContractTool.main`).
  let builtInTemplates: String?
  /// What the tool calls itself, in every generated file's header.
  let tool: ToolName

  init(
    _ arguments: [String], root: String, contract: Contract, builtInTemplates: String? = nil,
    tool: ToolName = .linkcontract
  ) throws {
    self.contract = contract
    self.tool = tool
    self.builtInTemplates = builtInTemplates
    let options = try Options(
      arguments, flags: ["--help", "-h"], options: ["--content", "--templates", "--output", "--max-image-size"])
    help = options.flag("--help") || options.flag("-h")
    content = options.value("--content")
    templates = options.value("--templates")
    output = options.value("--output")
    maximumImageSize = try options.maximumImageSize()
    self.root = root
    if !options.positional.isEmpty {
      throw UsageError(message: "build takes no arguments, got '\(options.positional[0])'")
    }
  }

  func run(_ console: Console) throws -> Int32 {
    if help {
      console.out(Self.help(tool))
      return ExitCode.success
    }
    var build = try siteBuild(
      root: root, contract: contract, content: content, templates: templates, output: output,
      makesBuiltInTemplates: builtInTemplates != nil, maximumImageSize: maximumImageSize, tool: tool)
    build.keepsLastRun = true
    let result = build.run()
    // The process exits after the report: what the build holds is left for the exit to free.
    keptUntilExit.withLock { $0 = build }
    return report(result, output: build.outputDirectory, console: console)
  }
}

/// The last build the command ran, kept until the process exits.
let keptUntilExit = Mutex<SiteBuild?>(nil)

/// Prints a build's diagnostics and summary; returns the exit code.
func report(_ result: SiteBuildResult, output: String, console: Console) -> Int32 {
  if !result.diagnostics.isEmpty { console.err(result.diagnostics.report) }
  if result.diagnostics.errorCount > 0 {
    console.err("build failed: \(Printed.excerpt(output, limit: 200)) was left as it was\n")
    // An output the build may not write is the command line's fault: nothing was built.
    return result.diagnostics.contains { $0.id == .outputRefused } ? ExitCode.usage : ExitCode.failure
  }
  console.out(
    "built \(output): \(result.files) files, \(result.written) written, \(result.removed) removed\n")
  return ExitCode.success
}
