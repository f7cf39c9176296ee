import AssociationChecks
import ContractArtifacts
import Foundation
import LinkContract
import SiteGenerator

/// Every generated file of the repository, derived from the contract values, and, at
/// `builtInTemplates` (a path from `root`), the Swift source of linkcontract's built-in
/// templates made from the Templates folder under `root`. Their headers name `tool`.
func generatedFiles(
  _ contract: Contract, conformanceTests: String?, builtInTemplates: String? = nil, root: String = ".",
  tool: ToolName = .linkcontract
) throws -> [Artifact] {
  try validateContract(contract)
  var files = contractArtifacts(contract, conformanceTests: conformanceTests, tool: tool)
  if let builtInTemplates {
    let templates = try BuiltInTemplates.read(folder: root + "/Templates")
    files.insert(Artifact(path: builtInTemplates, contents: BuiltInTemplates.swiftSource(templates)), at: 0)
  }
  return files
}

/// Throws when the compiled contract has a bad value, or its association files would not
/// claim what it publishes.
func validateContract(_ contract: Contract) throws {
  let problems = contract.problems()
  guard problems.isEmpty else {
    throw ContractInvalid(problems: problems)
  }
  let association = associationSelfCheck(contract)
  guard association.isEmpty else {
    throw ContractInvalid(
      problems: association.map { $0.with(message: "generated association files: \($0.message)") })
  }
}

/// The contract's problems, printed as a compiler prints errors: at the line of the value when
/// it is known (`Sources/CustomerApp/CustomerApp.swift:54: error: ...`), else `error: ...`.
struct ContractInvalid: Error, CustomStringConvertible {
  let problems: [Diagnostic]
  var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// `linkcontract generate`: writes every generated file, leaving unchanged ones untouched.
struct GenerateCommand {
  static func help(_ tool: ToolName) -> String {
    """
    Usage: \(tool.name) generate [--root DIR] [--max-image-size BYTES]

    Writes every generated file under DIR (default: the current folder): the generated
    sources (the parser's conformance table; for linkcontract itself, its built-in templates
    from Templates/) and the whole site, as `\(tool.name) build` does,
    with conformance.json, lifecycle.json and, per build, the association files and native
    snippets under Site/association/. Files whose bytes are unchanged are not rewritten. Exit 0, or 1 when the contract's values or
    the Content are invalid.

    """
  }

  let help: Bool
  let root: String
  let maximumImageSize: Int?
  /// The contract the command works on.
  let contract: Contract
  /// Where the conformance table goes as a Swift source, from the root; nil for none.
  let conformanceTests: String?
  /// Where the built-in templates go as a Swift source, from the root; nil for none (an
  /// adopting app: only linkcontract's own tool writes them).
  let builtInTemplates: String?
  /// What the tool calls itself, in every generated file's header.
  let tool: ToolName

  init(
    _ arguments: [String], root: String, contract: Contract, conformanceTests: String? = nil,
    builtInTemplates: String? = nil, tool: ToolName = .linkcontract
  ) throws {
    self.contract = contract
    self.tool = tool
    self.conformanceTests = conformanceTests
    self.builtInTemplates = builtInTemplates
    let options = try Options(arguments, flags: ["--help", "-h"], options: ["--root", "--max-image-size"])
    maximumImageSize = try options.maximumImageSize()
    help = options.flag("--help") || options.flag("-h")
    self.root = options.value("--root") ?? root
    if !options.positional.isEmpty {
      throw UsageError(message: "generate takes no arguments")
    }
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
    var written = 0
    for file in files where !file.path.hasPrefix("Site/") {
      if try FileOutput.writeIfChanged(file.contents, to: root + "/" + file.path) { written += 1 }
    }
    console.out("generated sources: \(written) rewritten\n")
    let build = try siteBuild(
      root: root, contract: contract, files: files, makesBuiltInTemplates: builtInTemplates != nil,
      maximumImageSize: maximumImageSize, tool: tool)
    return report(build.run(), output: build.outputDirectory, console: console)
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
