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

    func build(_ output: String) -> (code: Int32, stderr: String) {
      let captured = CapturedConsole()
      let code = runTool(
        ["build", "--content", path + "/Content", "--templates", path + "/Templates", "--output", output],
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
