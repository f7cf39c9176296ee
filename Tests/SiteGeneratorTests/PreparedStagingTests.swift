import ContractArtifacts
import Foundation
import Testing

@testable import SiteGenerator

/// A build into a new output makes its pages' files on another thread while it renders
/// (`SiteOutput.PreparedStaging`). Whatever the commit then does, the output holds exactly the
/// site's files, and no staging folder is left beside it.
@Suite struct PreparedStagingTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    /// Files made ahead.
    let prepared: [String]
    /// The site the commit writes.
    let files: [String: String]
    /// Files already in the output before the commit.
    var existing: [String: String] = [:]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "every page made ahead", prepared: ["a.html", "b.html"], files: ["a.html": "A", "b.html": "B"]),
    Case(
      name: "some files not made ahead, in folders too", prepared: ["a.html"],
      files: ["a.html": "A", "search.json": "{}", "schema/x.json": "{}"]),
    Case(
      name: "a file made ahead that the site does not hold", prepared: ["a.html", "gone.html"],
      files: ["a.html": "A"]),
    Case(name: "nothing made ahead", prepared: [], files: ["a.html": "A"]),
    Case(
      name: "an output that holds the site already", prepared: ["a.html"], files: ["a.html": "A"],
      existing: ["a.html": "A"]),
    Case(
      name: "an output where one file of many changes", prepared: ["a.html"],
      files: Dictionary(uniqueKeysWithValues: (0..<20).map { ("p\($0).html", "P\($0)") }).merging(["a.html": "new"]) {
        $1
      },
      existing: Dictionary(uniqueKeysWithValues: (0..<20).map { ("p\($0).html", "P\($0)") }).merging(["a.html": "old"])
      {
        $1
      }),
  ]

  @Test("The output holds the site's files and nothing else", arguments: cases)
  func commit(_ item: Case) throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("prepared-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let output = root + "/Site"
    if !item.existing.isEmpty {
      // Written by an earlier build: its marker lists them.
      var manifest = OutputManifest()
      for (path, text) in item.existing {
        try FileManager.default.createDirectory(
          atPath: (output + "/" + path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try SiteOutput.write(Array(text.utf8), to: output + "/" + path)
        manifest.set(path, InputDigest.of(Array(text.utf8)))
      }
      try SiteOutput.write(manifest.bytes(tool: .linkcontract), to: output + "/" + OutputClaim.marker)
    }
    let location = try OutputClaim.resolve(output, sources: []).get()
    let claimed = try OutputFolder.claim(location).get()
    let prepared = SiteOutput.PreparedStaging(output: claimed, paths: item.prepared)
    _ = try SiteOutput.commit(item.files.mapValues { Array($0.utf8) }, to: claimed, prepared: prepared)
    #expect(SiteOutput.listFiles(output) == Set(item.files.keys).union([OutputClaim.marker]))
    for (path, text) in item.files {
      #expect(SiteOutput.readFile(output + "/" + path) == Array(text.utf8), "\(path)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["Site"])
  }

  @Test("A failed build leaves no staging folder and no output")
  func failedBuild() throws {
    let fixture = try Fixture(pages: ["a.md": page("A", "See [x](missing.md).\n"), "b.md": page("B", "Text.\n")])
    defer { fixture.remove() }
    let output = fixture.root.appendingPathComponent("Site").path
    let result = SiteBuild(
      contentDirectory: fixture.root.appendingPathComponent("Content").path,
      templatesDirectory: fixture.root.appendingPathComponent("Templates").path, outputDirectory: output,
      contract: .design, generatedFiles: [:]
    ).run()
    #expect(result.diagnostics.errorCount == 1)
    #expect(!FileManager.default.fileExists(atPath: output))
    let left = try FileManager.default.contentsOfDirectory(atPath: fixture.root.path).sorted()
    #expect(left == ["Content", "Templates"])
  }

  @Test(
    "A page's output file is named for its Markdown file",
    arguments: [
      (["a.md", "b.md", "notes.txt", ".md", "index.md"], ["a.html", "b.html", "index.html"])
    ])
  func pageOutputs(_ names: [String], _ outputs: [String]) {
    #expect(SiteBuild.pageOutputs(names) == outputs)
  }
}
