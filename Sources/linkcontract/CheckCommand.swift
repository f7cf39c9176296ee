import ContractArtifacts
import Foundation
import LinkContract
import SiteGenerator

/// `linkcontract check`: regenerates into a temporary folder and lists stale files.
struct CheckCommand {
  static let help = """
    Usage: linkcontract check [--root DIR] [--format text|json]

    Regenerates every generated file into a temporary folder and compares it byte for byte
    with the committed one under DIR. Lists each stale or missing file with the head of a
    unified diff, and each file under Site/ that nothing generates. --format json prints one
    report on standard output instead (schemaVersion 1, Site/schema/check-report.schema.json):
    {"schemaVersion":1,"files":[{"path":...,"status":"stale|missing|unexpected","diff":...}],
    "summary":{"current":N,"stale":N,"missing":N,"unexpected":N}}.
    Exit 0 when all are current, 1 when any differs.

    """

  let help: Bool
  let json: Bool
  let root: String

  init(_ arguments: [String], root: String) throws {
    let options = try Options(arguments, flags: ["--help", "-h"], options: ["--root", "--format"])
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
      console.out(Self.help)
      return ExitCode.success
    }
    let files: [Artifact]
    do { files = try generatedFiles() } catch let error as ContractInvalid {
      console.err(error.description + "\n")
      return ExitCode.failure
    }
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("linkcontract-check-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let site = try siteBuild(root: root, files: files).render()
    if site.diagnostics.errorCount > 0 {
      console.err(site.diagnostics.report)
      console.err("check failed: the site does not build\n")
      return ExitCode.failure
    }
    var expected: [Artifact] = files.filter { !$0.path.hasPrefix("Site/") }
    for (path, bytes) in site.files.sorted(by: { $0.key < $1.key }) {
      expected.append(Artifact(path: "Site/" + path, contents: String(decoding: bytes, as: UTF8.self)))
    }
    var findings: [Finding] = []
    for file in expected {
      let fresh = scratch.path + "/" + file.path
      _ = try FileOutput.writeIfChanged(file.contents, to: fresh)
      let committedPath = root + "/" + file.path
      guard let committed = FileManager.default.contents(atPath: committedPath) else {
        findings.append(Finding(path: file.path, status: .missing, diff: nil))
        continue
      }
      if committed != Data(file.contents.utf8) {
        let diff = UnifiedDiff.head(
          old: String(decoding: committed, as: UTF8.self), new: file.contents,
          oldName: "committed/\(file.path)", newName: "generated/\(file.path)")
        findings.append(Finding(path: file.path, status: .stale, diff: diff))
      }
    }
    let expectedPaths = Set(expected.map(\.path))
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
        console.err("\(findings.count) generated file(s) out of date: run `make generate` and commit.\n")
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
