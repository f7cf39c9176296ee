import Foundation
import Testing

@testable import LinkContractTool

// `build` refuses an output it may not replace with exit 2, and leaves it as it was.

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

@Suite("build: outputs it may not write")
struct BuildCommandTests {
  /// A scratch project: a copy of the repository's Content and Templates.
  final class Project {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("linkcontract-build-\(UUID().uuidString)")
      .path
    init() throws {
      for folder in ["Content", "Templates"] {
        try FileManager.default.copyItem(atPath: repository.path + "/" + folder, toPath: path + "/" + folder)
      }
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    func build(_ output: String, _ more: [String] = []) -> (code: Int32, stderr: String) {
      let captured = CapturedConsole()
      let code = runTool(
        ["build", "--content", path + "/Content", "--templates", path + "/Templates", "--output", output] + more,
        console: captured.console, root: path)
      return (code, captured.stderr)
    }
  }

  @Test(
    "Exit 2 and nothing touched for a file, the project, Content and a folder of other files",
    arguments: ["notes.txt", ".", "Content", "Templates", "other"])
  func refused(_ name: String) throws {
    let project = try Project()
    try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: project.path + "/notes.txt"))
    try FileManager.default.createDirectory(atPath: project.path + "/other", withIntermediateDirectories: false)
    try Data("mine\n".utf8).write(to: URL(fileURLWithPath: project.path + "/other/a.txt"))
    let before = tree(project.path)
    let (code, stderr) = project.build(project.path + "/" + name)
    #expect(code == 2)
    #expect(stderr.contains("error: the output"), "\(stderr)")
    #expect(tree(project.path) == before)
  }

  @Test(
    "--max-image-size sets the largest image a build reads, in bytes or KB, MB, GB; anything else is a usage error",
    arguments: [
      ("1000", Int32(1)), ("1KB", 1), ("2mb", 0), ("2GB", 0), ("0", 2), ("-5", 2), ("1.5MB", 2), ("MB", 2), ("3GB", 2),
    ])
  func maximumImageSize(_ value: String, _ expected: Int32) throws {
    let project = try Project()
    // The repository's image is over 1,024 bytes: a limit below it refuses it, 2 MB takes it.
    let image = try #require(
      try FileManager.default.subpathsOfDirectory(atPath: project.path + "/Content").first { $0.hasSuffix(".png") })
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: project.path + "/Content/" + image)[.size] as? Int)
    #expect(size > 1024 && size < 2 << 20)
    let (code, stderr) = project.build(project.path + "/Site", ["--max-image-size", value])
    #expect(code == expected, "\(stderr)")
    if expected == 1 { #expect(stderr.contains("Content/\(image):1:1: error: this image is"), "\(stderr)") }
    if expected == 2 { #expect(stderr.contains("--max-image-size must be a number of bytes"), "\(stderr)") }
  }

  @Test("A new output builds, and builds again with nothing written")
  func built() throws {
    let project = try Project()
    #expect(project.build(project.path + "/Site").code == 0)
    let before = tree(project.path)
    #expect(project.build(project.path + "/Site").code == 0)
    #expect(tree(project.path) == before)
  }
}

/// Every entry under `folder` with its bytes.
private func tree(_ folder: String) -> [String: Data] {
  var result: [String: Data] = [:]
  guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [:] }
  while let path = enumerator.nextObject() as? String {
    result[path] = FileManager.default.contents(atPath: folder + "/" + path) ?? Data()
  }
  return result
}

/// The Templates folder over linkcontract's built-in templates, as the commands read it.
@Suite("build and generate: the Templates folder and the built-in templates")
struct BuiltInTemplatesCommandTests {
  static let generatedSource = "Sources/SiteGenerator/Theme/BuiltInTemplates.generated.swift"

  /// `build` in `project` with `arguments`, as an adopting app's tool runs it, or as
  /// linkcontract's own when `builtInTemplates`.
  func build(_ project: BuildCommandTests.Project, _ arguments: [String] = [], builtInTemplates: Bool = false)
    -> (code: Int32, stderr: String)
  {
    let captured = CapturedConsole()
    let code = runTool(
      bytes: (["build"] + arguments).map { Array($0.utf8) }, console: captured.console, root: project.path,
      contract: .design, builtInTemplates: builtInTemplates ? Self.generatedSource : nil)
    return (code, captured.stderr)
  }

  func read(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  @Test("With no Templates folder, the default, the site builds from the built-in templates")
  func noTemplatesFolder() throws {
    let project = try BuildCommandTests.Project()
    try FileManager.default.removeItem(atPath: project.path + "/Templates")
    let (code, stderr) = build(project)
    #expect(code == 0, "\(stderr)")
    #expect(
      read(project.path + "/Site/style.css")?.hasPrefix(
        "/* Copied by `linkcontract generate` from the built-in templates (style.css). Do not edit. */\n"
      ) == true)
    #expect(read(project.path + "/Site/check.js") != nil)
  }

  @Test("A Templates folder given with --templates must exist")
  func givenFolderMissing() throws {
    let project = try BuildCommandTests.Project()
    let (code, stderr) = build(project, ["--templates", project.path + "/Theme"])
    #expect(code == 2)
    #expect(stderr.contains("--templates '\(project.path)/Theme' is not a folder"), "\(stderr)")
    #expect(read(project.path + "/Site/index.html") == nil)
  }

  @Test("linkcontract's own tool needs its Templates folder, and builds from it alone")
  func ownTool() throws {
    let project = try BuildCommandTests.Project()
    let icon = read(project.path + "/Templates/favicon.svg")
    try FileManager.default.removeItem(atPath: project.path + "/Templates/favicon.svg")
    // The pages link the icon, which the folder no longer has.
    let own = build(project, builtInTemplates: true)
    #expect(own.code == 1)
    #expect(own.stderr.contains("href `favicon.svg`: no such file in the site"), "\(own.stderr)")
    // An adopting app's tool takes the built-in icon in its place.
    let adopter = build(project)
    #expect(adopter.code == 0, "\(adopter.stderr)")
    #expect(icon != nil && read(project.path + "/Site/favicon.svg") == icon)
    try FileManager.default.removeItem(atPath: project.path + "/Templates")
    let (code, stderr) = build(project, builtInTemplates: true)
    #expect(code == 2)
    #expect(stderr.contains("no folder '\(project.path)/Templates' with the page template"), "\(stderr)")
  }

  @Test("Only linkcontract's own generate makes the built-in templates' source, from its Templates folder")
  func generatedSourceIsLinkcontracts() throws {
    let project = try BuildCommandTests.Project()
    let adopter = try generatedFiles(.design, conformanceTests: nil, root: project.path)
    #expect(!adopter.contains { $0.path.contains("BuiltInTemplates") })
    let own = try generatedFiles(
      .design, conformanceTests: nil, builtInTemplates: Self.generatedSource, root: project.path)
    let source = try #require(own.first { $0.path == Self.generatedSource })
    // The project's Templates folder is a copy of the repository's: the same source as committed.
    #expect(source.contents == read(repository.path + "/" + Self.generatedSource))
    try FileManager.default.removeItem(atPath: project.path + "/Templates")
    #expect(throws: (any Error).self) {
      try generatedFiles(.design, conformanceTests: nil, builtInTemplates: Self.generatedSource, root: project.path)
    }
  }
}
