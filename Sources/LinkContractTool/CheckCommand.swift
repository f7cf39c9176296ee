import ContractArtifacts
import Foundation
import LinkContract
import SiteGenerator

/// `linkcontract check`: regenerates into a temporary folder and lists stale files.
struct CheckCommand {
  static func help(_ tool: ToolName) -> String {
    """
    Usage: \(tool.name) check [--root DIR] [--format text|json] [--max-image-size BYTES]

    Regenerates every generated file into a temporary folder and compares it byte for byte
    with the committed one under DIR. Lists each stale or missing file with the head of a
    unified diff, and each file under Site/ that nothing generates. --format json prints one
    report on standard output instead (schemaVersion 1, Site/schema/check-report.schema.json):
    {"schemaVersion":1,"files":[{"path":...,"status":"stale|missing|unexpected","diff":...}],
    "summary":{"current":N,"stale":N,"missing":N,"unexpected":N}}.
    Exit 0 when all are current, 1 when any differs.

    """
  }

  let help: Bool
  let json: Bool
  let root: String
  let maximumImageSize: Int?
  /// The contract the command works on.
  let contract: Contract
  /// Where the conformance table goes as a Swift source, from the root; nil for none.
  let conformanceTests: String?
  /// Where the built-in templates go as a Swift source, from the root; nil for none.
  let builtInTemplates: String?
  /// What the tool calls itself, in every generated file's header and the command it names.
  let tool: ToolName

  init(
    _ arguments: [String], root: String, contract: Contract, conformanceTests: String? = nil,
    builtInTemplates: String? = nil, tool: ToolName = .linkcontract
  ) throws {
    self.contract = contract
    self.tool = tool
    self.conformanceTests = conformanceTests
    self.builtInTemplates = builtInTemplates
    let options = try Options(arguments, flags: ["--help", "-h"], options: ["--root", "--format", "--max-image-size"])
    maximumImageSize = try options.maximumImageSize()
    help = options.flag("--help") || options.flag("-h")
    self.root = options.value("--root") ?? root
    json = try options.format()
    if !options.positional.isEmpty { throw UsageError(message: "check takes no arguments") }
  }

  /// One file that is not as generated.
  struct Finding {
    enum Status: String {
      case stale, missing, unexpected
    }
    let path: String
    let status: Status
    let diff: String?
  }

  func run(_ console: Console) throws -> Int32 {
    if help {
      console.out(Self.help(tool))
      return ExitCode.success
    }
    let files: [Artifact]
    do {
      files = try generatedFiles(
        contract, conformanceTests: conformanceTests, builtInTemplates: builtInTemplates, root: root, tool: tool)
    } catch let error as ContractInvalid {
      console.err(error.description + "\n")
      return ExitCode.failure
    }
    // Everything is made into a scratch tree by the same code `generate` runs, then read back
    // and compared with what is committed.
    // A folder of its own, made new (mkdtemp): nothing planted ahead of time is written through.
    var template = Array((FileManager.default.temporaryDirectory.path + "/linkcontract-check-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      console.err("check failed: cannot make a temporary folder: \(String(cString: strerror(errno)))\n")
      return ExitCode.failure
    }
    let scratch = String(cString: made)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    var build = try siteBuild(
      root: root, contract: contract, output: scratch + "/Site", files: files,
      makesBuiltInTemplates: builtInTemplates != nil, maximumImageSize: maximumImageSize, tool: tool)
    build.usesBuildCache = false
    let site = build.run()
    if site.diagnostics.errorCount > 0 {
      console.err(site.diagnostics.report)
      console.err("check failed: the site does not build\n")
      return ExitCode.failure
    }
    for file in files where !file.path.hasPrefix("Site/") {
      _ = try FileOutput.writeIfChanged(file.contents, to: scratch + "/" + file.path)
    }
    let expected =
      files.map(\.path).filter { !$0.hasPrefix("Site/") }
      + SiteOutput.listFiles(scratch + "/Site").map { "Site/" + $0 }.sorted()
    var findings: [Finding] = []
    for path in expected {
      let fresh = Data(SiteOutput.readRegularFile(scratch + "/" + path) ?? [])
      // A committed link is not followed: it is not the generated file.
      guard let committed = SiteOutput.readRegularFile(root + "/" + path).map({ Data($0) })
      else {
        findings.append(Finding(path: path, status: .missing, diff: nil))
        continue
      }
      if committed != fresh {
        let diff = UnifiedDiff.head(
          old: String(decoding: committed, as: UTF8.self), new: String(decoding: fresh, as: UTF8.self),
          oldName: "committed/\(path)", newName: "generated/\(path)")
        findings.append(Finding(path: path, status: .stale, diff: diff))
      }
    }
    let expectedPaths = Set(expected)
    for path in SiteOutput.listFiles(root + "/Site").map({ "Site/" + $0 }).filter({ !expectedPaths.contains($0) })
      .sorted()
    {
      findings.append(Finding(path: path, status: .unexpected, diff: nil))
    }
    if json {
      console.out(Self.report(findings, current: expected.count - findings.filter { $0.status != .unexpected }.count))
    } else {
      for finding in findings {
        switch finding.status {
        case .missing: console.err("missing: \(finding.path)\n")
        case .stale: console.err("stale: \(finding.path)\n" + (finding.diff ?? ""))
        case .unexpected: console.err("not generated: \(finding.path) (remove it or regenerate)\n")
        }
      }
      if findings.isEmpty {
        console.out("all \(expected.count) generated files are current\n")
      } else {
        console.err(
          "\(findings.count) generated file(s) out of date: run `\(tool.command("generate"))` and commit.\n")
      }
    }
    return findings.isEmpty ? ExitCode.success : ExitCode.failure
  }

  /// The `--format json` report.
  static func report(_ findings: [Finding], current: Int) -> String {
    let counts: [(String, JSON)] =
      [("current", .int(current))]
      + [Finding.Status.stale, .missing, .unexpected].map { status in
        (status.rawValue, .int(findings.count { $0.status == status }))
      }
    return JSON.object([
      ("schemaVersion", .int(1)),
      (
        "files",
        .array(
          findings.map {
            .object([
              ("path", .string($0.path)), ("status", .string($0.status.rawValue)),
              ("diff", $0.diff.map(JSON.string) ?? .null),
            ])
          })
      ),
      ("summary", .object(counts)),
    ]).pretty
  }
}
