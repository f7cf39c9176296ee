import ContractArtifacts
import Foundation
import LinkContract
import SiteGenerator

/// Every generated file of the repository, derived from the contract values.
func generatedFiles() throws -> [Artifact] {
  try validateContract()
  return contractArtifacts(.customerApp)
}

/// Throws when the compiled contract has a bad value, or its association files would not
/// claim what it publishes.
func validateContract() throws {
  let problems = Contract.customerApp.problems()
  guard problems.isEmpty else {
    throw ContractInvalid(problems: problems)
  }
  let association = associationSelfCheck(.customerApp)
  guard association.isEmpty else {
    throw ContractInvalid(
      problems: association.map { ContractProblem(subject: "generated association files", value: "", why: $0) })
  }
}

/// The contract's problems, printed as a compiler prints errors: at the line of the value when
/// it is known (`Sources/LinkContract/CustomerApp.swift:54: error: ...`).
struct ContractInvalid: Error, CustomStringConvertible {
  let problems: [ContractProblem]
  var description: String {
    problems.map { problem in
      "\(problem.location.map(String.init(describing:)) ?? "contract"): error: \(problem.message)"
    }.joined(separator: "\n")
  }
}

/// `linkcontract generate`: writes every generated file, leaving unchanged ones untouched.
struct GenerateCommand {
  static let help = """
    Usage: linkcontract generate [--root DIR]

    Writes every generated file under DIR (default: the current folder): the generated test
    sources (the parser's conformance table, the lifecycle scenarios) and the whole site, as
    `linkcontract build` does, with conformance.json, lifecycle.json and, per build, the
    association files and native snippets under Site/association/. Files
    whose bytes are unchanged are not rewritten. Exit 0, or 1 when the contract's values or
    the Content are invalid.

    """

  let help: Bool
  let root: String

  init(_ arguments: [String], root: String) throws {
    let options = try Options(arguments, flags: ["--help", "-h"], options: ["--root"])
    help = options.flag("--help") || options.flag("-h")
    self.root = options.value("--root") ?? root
    if !options.positional.isEmpty {
      throw UsageError(message: "generate takes no arguments")
    }
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
    var written = 0
    for file in files where !file.path.hasPrefix("Site/") {
      if try FileOutput.writeIfChanged(file.contents, to: root + "/" + file.path) { written += 1 }
    }
    console.out("generated sources: \(written) rewritten\n")
    let build = try siteBuild(root: root, files: files)
    return report(build.run(), output: build.outputDirectory, console: console)
  }
}

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

enum FileOutput {
  /// Writes `contents` to `path` through a temporary file and a rename, unless the file already
  /// holds exactly these bytes. Returns whether it wrote.
  static func writeIfChanged(_ contents: String, to path: String) throws -> Bool {
    let data = Data(contents.utf8)
    if let existing = FileManager.default.contents(atPath: path), existing == data { return false }
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url, options: .atomic)
    return true
  }
}

/// The head of a unified diff: one hunk around the changed lines, at most a screenful.
enum UnifiedDiff {
  static func head(old: String, new: String, oldName: String, newName: String, limit: Int = 12)
    -> String
  {
    let a = old.split(separator: "\n", omittingEmptySubsequences: false)
    let b = new.split(separator: "\n", omittingEmptySubsequences: false)
    var prefix = 0
    while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix, suffix < b.count - prefix,
      a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
    {
      suffix += 1
    }
    let context = 3
    let start = max(0, prefix - context)
    let removed = a[prefix..<(a.count - suffix)]
    let added = b[prefix..<(b.count - suffix)]
    let oldEnd = min(a.count, a.count - suffix + context)
    let newEnd = min(b.count, b.count - suffix + context)
    var lines = ["--- \(oldName)", "+++ \(newName)"]
    lines.append("@@ -\(start + 1),\(oldEnd - start) +\(start + 1),\(newEnd - start) @@")
    // Pages are serialized on few, long lines: show each changed line around where it first
    // differs from its counterpart, not from its start.
    let column = firstDifference(removed.first ?? "", added.first ?? "")
    var body: [String] = a[start..<prefix].map { " " + clip($0, around: 0) }
    body += removed.map { "-" + clip($0, around: column) }
    body += added.map { "+" + clip($0, around: column) }
    body += a[(a.count - suffix)..<oldEnd].map { " " + clip($0, around: 0) }
    if body.count > limit {
      body = Array(body.prefix(limit)) + ["... (\(body.count - limit) more lines)"]
    }
    return (lines + body).joined(separator: "\n") + "\n"
  }

  /// How many characters `x` and `y` share at their start.
  static func firstDifference(_ x: Substring, _ y: Substring) -> Int {
    zip(x, y).prefix { $0 == $1 }.count
  }

  /// `line` as it fits on a screen: when longer than `width` characters, at most `width` of
  /// them from a little before `column`, with `…` where characters were left out.
  static func clip(_ line: Substring, around column: Int, width: Int = 160) -> String {
    guard line.count > width else { return String(line) }
    let start = max(0, min(column - width / 4, line.count - 1))
    let from = line.index(line.startIndex, offsetBy: start)
    let to = line.index(from, offsetBy: width, limitedBy: line.endIndex) ?? line.endIndex
    return (start > 0 ? "…" : "") + line[from..<to] + (to < line.endIndex ? "…" : "")
  }
}
