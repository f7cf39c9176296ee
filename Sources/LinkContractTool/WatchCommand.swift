import ContractArtifacts
import Foundation
import LinkContract
import SiteGenerator
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Set by SIGINT and SIGTERM while `watch` runs; the loop looks at it after each wait.
private let stopRequested = Atomic<Bool>(false)

/// `linkcontract watch`: builds the site, then rebuilds it whenever Content or Templates change.
struct WatchCommand {
  static func help(_ tool: ToolName) -> String {
    """
    Usage: \(tool.name) watch [--content DIR] [--templates DIR] [--output DIR] [--poll SECONDS]
             [--stamp FILE] [--problems FILE] [--once-after-change] [--max-image-size BYTES]

    Builds the site as `\(tool.name) build` does, then watches Content/, Templates/ and the
    folder of the contract's values file. When a page, the template or the stylesheet
    changes, it rebuilds (a burst of saves gives one rebuild), prints the problems found as
    `path:line:column: error: message`, then `rebuilt Site: N written (0.12 s)`. A failed
    rebuild leaves Site/ as it was; fix the file and save again. The contract's values are
    compiled into the tool, so a change to the values file is only reported: rebuild the
    tool (`swift build`), run `\(tool.name) generate`, then start watch again.

    Changes are noticed with inotify, or by polling modification times every SECONDS with
    --poll (also the fallback, every second, when inotify is unavailable).
      --stamp FILE          after each build that succeeds, write a new value to FILE (the
                            preview server's live reload reads it)
      --problems FILE       after each build, write its errors to FILE, or empty FILE when it
                            succeeds (the preview server shows them over the page)
      --once-after-change   exit after the first rebuild, with that build's exit code
    Runs until interrupted (Ctrl-C, SIGTERM), then exits 0. Exit 2 for a usage error.

    """
  }

  let help: Bool
  let content: String?
  let templates: String?
  let output: String?
  let maximumImageSize: Int?
  let pollInterval: Double?
  let stamp: String?
  let problems: String?
  let onceAfterChange: Bool
  let root: String
  /// The contract the command works on.
  let contract: Contract
  /// Where `generate` writes the built-in templates from the Templates folder; nil for an
  /// adopting app (`LinkContractTool.main`).
  let builtInTemplates: String?
  /// What the tool calls itself, in every generated file's header and the commands it names.
  let tool: ToolName

  init(
    _ arguments: [String], root: String, contract: Contract, builtInTemplates: String? = nil,
    tool: ToolName = .linkcontract
  ) throws {
    self.contract = contract
    self.tool = tool
    self.builtInTemplates = builtInTemplates
    let options = try Options(
      arguments, flags: ["--help", "-h", "--once-after-change"],
      options: ["--content", "--templates", "--output", "--poll", "--stamp", "--problems", "--max-image-size"])
    help = options.flag("--help") || options.flag("-h")
    content = options.value("--content")
    templates = options.value("--templates")
    output = options.value("--output")
    maximumImageSize = try options.maximumImageSize()
    stamp = options.value("--stamp")
    problems = options.value("--problems")
    onceAfterChange = options.flag("--once-after-change")
    self.root = root
    if let poll = options.value("--poll") {
      guard let seconds = Double(poll), seconds.isFinite, seconds >= 0.05, seconds <= 3600 else {
        throw UsageError(message: "--poll needs a number of seconds from 0.05 to 3600, got '\(poll)'")
      }
      pollInterval = seconds
    } else {
      pollInterval = nil
    }
    if !options.positional.isEmpty {
      throw UsageError(message: "watch takes no arguments, got '\(options.positional[0])'")
    }
  }

  /// Runs until SIGINT or SIGTERM (or the first rebuild, with `--once-after-change`).
  func run(_ console: Console) throws -> Int32 {
    if help {
      console.out(Self.help(tool))
      return ExitCode.success
    }
    stopRequested.store(false, ordering: .relaxed)
    // No SA_RESTART: the signal interrupts the wait, and the loop sees the flag at once.
    for signalNumber in [SIGINT, SIGTERM] {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { _ in stopRequested.store(true, ordering: .relaxed) }
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(signalNumber, &action, nil)
    }
    return try run(console, stop: { stopRequested.load(ordering: .relaxed) })
  }

  /// The watch loop; `stop` is asked after every wait (tests pass their own).
  func run(_ console: Console, stop: () -> Bool) throws -> Int32 {
    let build = try siteBuild(
      root: root, contract: contract, content: content, templates: templates, output: output,
      makesBuiltInTemplates: builtInTemplates != nil, maximumImageSize: maximumImageSize, tool: tool)
    // The folder of the contract's values file, from the project's root (`Sources/CustomerApp`).
    let base = root == "." ? "" : root + "/"
    let valuesFile = contract.builds.first.map { DiagnosticLocation($0.source).path } ?? "Sources/"
    let sources = base + (valuesFile as NSString).deletingLastPathComponent
    let first = build.run()
    var code = report(first, output: build.outputDirectory, console: console)
    writeProblems(first)
    if code == ExitCode.success { writeStamp() }

    let watcher = ChangeWatcher(
      directories: [build.contentDirectory, build.templatesDirectory, sources], pollInterval: pollInterval)
    let names = [build.contentDirectory, build.templatesDirectory, sources]
      .filter { FileManager.default.fileExists(atPath: $0) }
    console.out("watching \(names.joined(separator: ", ")) (\(watcher.mode)); Ctrl-C stops\n")

    while !stop() {
      var changed = watcher.waitForChanges(timeout: 0.25)
        .filter { !Self.isEditorScratch($0) && !Self.isInside($0, build.outputDirectory) }
      if changed.isEmpty { continue }
      // A save can be several writes (truncate, then the bytes): rebuild once the burst is quiet.
      while case let more = watcher.waitForChanges(timeout: 0.05), !more.isEmpty {
        changed += more.filter { !Self.isEditorScratch($0) && !Self.isInside($0, build.outputDirectory) }
      }
      changed = Array(Set(changed)).sorted()
      let contract = changed.filter { Self.isInside($0, sources) }
      let site = changed.filter { !Self.isInside($0, sources) }
      let swiftFiles = contract.filter { $0.hasSuffix(".swift") }
      if !swiftFiles.isEmpty {
        console.err(
          "changed \(swiftFiles.joined(separator: ", ")): the contract's values are compiled into "
            + "the tool, so this watch cannot apply them. Rebuild the tool (`swift build`), run "
            + "`\(tool.command("generate"))`, then start watch again.\n")
      }
      guard !site.isEmpty else { continue }
      console.out("changed \(Self.summary(site))\n")
      let began = Date()
      let result = build.run()
      let seconds = Date().timeIntervalSince(began)
      code = rebuildReport(result, output: build.outputDirectory, seconds: seconds, console: console)
      writeProblems(result)
      if code == ExitCode.success, result.written + result.removed > 0 { writeStamp() }
      if onceAfterChange { return code }
    }
    return ExitCode.success
  }

  /// Prints a rebuild's problems and a one-line summary with its time; returns the exit code.
  private func rebuildReport(_ result: SiteBuildResult, output: String, seconds: Double, console: Console)
    -> Int32
  {
    let time = String(format: "%.2f s", seconds)
    if !result.diagnostics.isEmpty { console.err(result.diagnostics.report) }
    if result.diagnostics.errorCount > 0 {
      console.err("rebuild failed: \(output) was left as it was (\(time))\n")
      return ExitCode.failure
    }
    var line = "rebuilt \(output): \(result.written) written"
    if result.removed > 0 { line += ", \(result.removed) removed" }
    console.out(line + " (\(time))\n")
    return ExitCode.success
  }

  /// Writes a new value to the stamp file, replacing it at once so a reader never sees half.
  private func writeStamp() {
    guard let stamp else { return }
    let value = "\(Date().timeIntervalSince1970)\n"
    let url = URL(fileURLWithPath: stamp)
    try? FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? Data(value.utf8).write(to: url, options: .atomic)
  }

  /// Writes the build's errors to the problems file, or empties it when there are none.
  private func writeProblems(_ result: SiteBuildResult) {
    guard let problems else { return }
    let text = result.diagnostics.errorCount > 0 ? result.diagnostics.report : ""
    let url = URL(fileURLWithPath: problems)
    try? FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? Data(text.utf8).write(to: url, options: .atomic)
  }

  /// Files that editors write beside the real one while saving (vim's 4913 and swap files,
  /// backups, hidden temporary files); they never change the site by themselves.
  static func isEditorScratch(_ path: String) -> Bool {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return name.hasPrefix(".") || name.hasPrefix("#") || name.hasSuffix("~") || name == "4913"
      || name.hasSuffix(".swp") || name.hasSuffix(".swx") || name.hasSuffix(".tmp")
  }

  static func isInside(_ path: String, _ folder: String) -> Bool {
    path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
  }

  /// The changed paths for one line: all of them when few, else the first three and a count.
  static func summary(_ paths: [String]) -> String {
    if paths.count <= 3 { return paths.joined(separator: ", ") }
    return paths.prefix(3).joined(separator: ", ") + " and \(paths.count - 3) more"
  }
}
