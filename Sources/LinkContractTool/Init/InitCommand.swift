import ContractArtifacts
import Foundation
import LinkContract

/// `linkcontract init`: writes a new app's link contract package, which builds, tests and
/// checks clean as written.
struct InitCommand {
  static func help(_ tool: ToolName) -> String {
    """
    Usage: \(tool.name) init DIR --name "APP NAME" [--linkcontract PATH-OR-URL]

    Writes a new app's link contract package into DIR, which must be new or empty:
    Package.swift, the values (Sources/<App>Contract/<App>.swift: two builds and one route
    class of each kind, every value an example made from the name, with comments that say what
    to change), the app's tool (`<app>-links`, linkcontract's commands on its values), tests
    that run the parser on the conformance table the tool generates, Content/ pages written
    with placeholders, a Makefile (its targets site, test and check), a .gitignore and a
    README. APP NAME is letters A to Z, digits, spaces and `-`, starting with a letter:
    "Ferry App" makes the module FerryAppContract, the tool ferry-app-links, the hosts
    links.ferry-app.example and links.staging.ferry-app.example, and the app ids
    com.example.ferryapp and com.example.ferryapp.staging.
    --linkcontract gives where the package finds linkcontract: a local folder (a path
    dependency) or a git URL (`branch: "main"`). Default: the folder of the linkcontract
    package this tool was built from, when it is a checkout on this machine; otherwise
    \(LinkcontractSource.placeholderURL), to be replaced in Package.swift.
    Exit 0 when the package is written, 2 for a usage error (DIR not empty, a bad name).

    """
  }

  let help: Bool
  /// The new package's folder, as given.
  let folder: String
  /// The working folder the command runs in.
  let root: String
  let app: NewApp?
  let source: LinkcontractSource
  /// What the tool calls itself.
  let tool: ToolName

  init(_ arguments: [String], root: String = ".", tool: ToolName = .linkcontract) throws {
    self.tool = tool
    self.root = root
    let options = try Options(arguments, flags: ["--help", "-h"], options: ["--name", "--linkcontract"])
    help = options.flag("--help") || options.flag("-h")
    folder = options.positional.first ?? ""
    if help {
      app = nil
      source = .url(LinkcontractSource.placeholderURL)
      return
    }
    guard options.positional.count == 1 else {
      throw UsageError(message: "init needs one DIR, the new package's folder")
    }
    guard let name = options.value("--name") else {
      throw UsageError(message: "init needs --name \"APP NAME\", such as --name \"Ferry App\"")
    }
    if let problem = NewApp.problem(name) {
      throw UsageError(message: "--name '\(Printed.excerpt(name))' \(problem)")
    }
    app = NewApp(name)
    source = try Self.source(options.value("--linkcontract"), root: root)
    let path = Self.path(folder, root: root)
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
      guard isFolder.boolValue else { throw UsageError(message: "'\(folder)' exists and is not a folder") }
      guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else {
        throw UsageError(message: "cannot read the folder '\(folder)'")
      }
      guard entries.isEmpty else {
        throw UsageError(message: "'\(folder)' exists and is not empty: give a new or empty folder")
      }
    }
  }

  /// `path` from the working folder `root`.
  static func path(_ path: String, root: String) -> String {
    path.hasPrefix("/") || root == "." ? path : root + "/" + path
  }

  /// Where the package finds linkcontract: `given` as a URL when it has a scheme (or is
  /// `user@host:path`), else as a folder that must hold linkcontract's package; without it, the
  /// running tool's package or the placeholder URL.
  static func source(_ given: String?, root: String) throws -> LinkcontractSource {
    guard let given else {
      return LinkcontractSource.runningPackage.map { .path($0) } ?? .url(LinkcontractSource.placeholderURL)
    }
    if given.contains("://") || given.hasPrefix("git@") { return .url(given) }
    let folder = URL(fileURLWithPath: path(given, root: root)).standardizedFileURL.path
    guard LinkcontractSource.isLinkcontract(folder) else {
      throw UsageError(
        message:
          "--linkcontract '\(Printed.excerpt(given))' is not a folder with linkcontract's Package.swift, nor a URL")
    }
    return .path(folder)
  }

  func run(_ console: Console) throws -> Int32 {
    guard let app, !help else {
      console.out(Self.help(tool))
      return ExitCode.success
    }
    let files = NewPackage.files(app, source: source)
    let base = Self.path(folder, root: root)
    for (path, contents) in files {
      let url = URL(fileURLWithPath: base + "/" + path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url, options: .withoutOverwriting)
    }
    var out = "Wrote the \(app.possessive) link contract package in \(folder):\n"
    for (path, _) in files { out += "  \(path)\n" }
    switch source {
    case .path(let path): out += "It depends on linkcontract at \(path).\n"
    case .url(let url) where url == LinkcontractSource.placeholderURL:
      out += "It depends on linkcontract at \(url): put linkcontract's git URL or folder in Package.swift.\n"
    case .url(let url): out += "It depends on linkcontract at \(url) (branch main).\n"
    }
    out += """

      Next:
        cd \(Self.shellQuoted(folder))
        make site     # build \(app.executable), write the conformance table and Site/
        make test     # the values' rules, the conformance table and the lifecycle scenarios
        make check    # every generated file is current
      Then replace the example values in \(app.valuesFile) with the app's own.

      """
    console.out(out)
    return ExitCode.success
  }

  /// `text` as one word of a POSIX shell command.
  static func shellQuoted(_ text: String) -> String {
    let plain = text.unicodeScalars.allSatisfy {
      $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "/._-+:@%".unicodeScalars.contains($0))
    }
    return plain && !text.isEmpty ? text : "'" + text.replacing("'", with: "'\\''") + "'"
  }
}
