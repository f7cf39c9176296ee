import DesignFixture
import Foundation
import LinkContract
import Testing

@testable import SiteGenerator

// A build replaces its output whole, so it writes only where nothing of anyone else's is:
// whatever else it is given as output is refused, and left byte for byte as it was.

/// What is at the output before the build, made in the fixture's folder.
enum OutputShape: String, CaseIterable, CustomTestStringConvertible {
  case file, fifo, folderOfOtherFiles, contentFolder, folderHoldingContent, insideContent, templatesFolder
  case linkToFile, danglingLink, fixtureRoot

  var testDescription: String { rawValue }

  /// Makes the shape; returns the output path to give the build.
  func make(in fixture: Fixture) throws -> String {
    let root = fixture.root.path
    switch self {
    case .file:
      try fixture.write("notes.txt", "my notes\n")
      return root + "/notes.txt"
    case .fifo:
      #expect(mkfifo(root + "/pipe", 0o644) == 0)
      return root + "/pipe"
    case .folderOfOtherFiles:
      try FileManager.default.createDirectory(atPath: root + "/mine", withIntermediateDirectories: true)
      try fixture.write("mine/thesis.tex", "chapter one\n")
      return root + "/mine"
    case .contentFolder: return root + "/Content"
    case .folderHoldingContent: return root
    case .insideContent: return root + "/Content/site"
    case .templatesFolder: return root + "/Templates"
    case .linkToFile:
      try fixture.write("notes.txt", "my notes\n")
      #expect(symlink("notes.txt", root + "/link") == 0)
      return root + "/link"
    case .danglingLink:
      #expect(symlink("nowhere", root + "/link") == 0)
      return root + "/link"
    case .fixtureRoot:
      return root + "/Content/../."
    }
  }
}

/// Every file and link under `folder` with its bytes (a link: its target), and its kind.
func tree(_ folder: String) -> [String: String] {
  var result: [String: String] = [:]
  guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [:] }
  while let path = enumerator.nextObject() as? String {
    let full = folder + "/" + path
    var status = stat()
    lstat(full, &status)
    switch status.st_mode & S_IFMT {
    case S_IFLNK: result[path] = "link " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "")
    case S_IFREG: result[path] = "file " + (SiteOutput.readFile(full).map { String(decoding: $0, as: UTF8.self) } ?? "")
    case S_IFDIR: result[path] = "folder"
    default: result[path] = "special"
    }
  }
  return result
}

@Suite("Output safety: a build writes only an output it may replace")
struct OutputSafetyTests {
  static let pages = ["index.md": page("Home", "Welcome.\n")]

  @Test(
    "An output that is not new, empty or a site this tool wrote is refused, and nothing changes",
    arguments: OutputShape.allCases)
  func refused(_ shape: OutputShape) throws {
    let fixture = try Fixture(pages: Self.pages)
    defer { fixture.remove() }
    var build = fixture.build
    build.outputDirectory = try shape.make(in: fixture)
    let before = tree(fixture.root.path)
    let result = build.run()
    #expect(result.diagnostics.map(\.id) == [.outputRefused], "\(result.diagnostics)")
    #expect(result.written == 0)
    #expect(tree(fixture.root.path) == before)
  }

  @Test("A new folder, an empty one, and a site written before are written")
  func accepted() throws {
    let fixture = try Fixture(pages: Self.pages)
    defer { fixture.remove() }
    var build = fixture.build
    build.outputDirectory = fixture.root.path + "/deep/new/Site"
    #expect(build.run().diagnostics.isEmpty)
    let marker = fixture.read("deep/new/Site/\(OutputClaim.marker)").flatMap { OutputManifest(Array($0.utf8)) }
    let index = try #require(SiteOutput.readFile(fixture.root.path + "/deep/new/Site/index.html"))
    #expect(marker?.lists("index.html", digest: InputDigest.of(index)) == true)
    try FileManager.default.createDirectory(atPath: fixture.root.path + "/empty", withIntermediateDirectories: false)
    build.outputDirectory = fixture.root.path + "/empty"
    #expect(build.run().diagnostics.isEmpty)
    // Without its marker, nothing in the folder is known to be the tool's: it is left as it is.
    #expect(unlink(fixture.root.path + "/empty/\(OutputClaim.marker)") == 0)
    #expect(build.run().diagnostics.map(\.id) == [.outputRefused])
    #expect(fixture.read("empty/index.html") != nil)
  }

  @Test("A symbolic link to a folder: the folder is written, the link stays a link", arguments: [false, true])
  func linkedFolder(_ manyChanges: Bool) throws {
    let fixture = try Fixture(pages: Self.pages)
    defer { fixture.remove() }
    let root = fixture.root.path
    try FileManager.default.createDirectory(atPath: root + "/real", withIntermediateDirectories: false)
    #expect(symlink("real", root + "/Site") == 0)
    #expect(fixture.build.run().diagnostics.isEmpty)
    // A small change is written file by file; a large one swaps the whole folder.
    let body = manyChanges ? (1...20).map { "Page \($0).\n" }.joined() : "Changed.\n"
    try fixture.write("Content/index.md", page("Home", body))
    if manyChanges {
      for index in 1...20 { try fixture.write("Content/p\(index).md", page("P\(index)", weight: index, "Text.\n")) }
    }
    #expect(fixture.build.run().diagnostics.isEmpty)
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: root + "/Site")) == "real")
    #expect(fixture.read("real/index.html")?.contains(manyChanges ? "Page 20." : "Changed.") == true)
    #expect(!FileManager.default.fileExists(atPath: root + "/.Site.linkcontract-cache"))
  }

  @Test("A second build into an output another build holds fails at once, and writes nothing")
  func locked() throws {
    let fixture = try Fixture(pages: Self.pages)
    defer { fixture.remove() }
    let output = fixture.root.path + "/Site"
    var held: OutputLock? = try OutputLock.take(for: output).get()
    withExtendedLifetime(held) {
      let result = fixture.build.run()
      #expect(result.diagnostics.map(\.id) == [.outputLocked])
      #expect(!FileManager.default.fileExists(atPath: output))
    }
    held = nil
    #expect(held == nil && fixture.build.run().diagnostics.isEmpty)
  }

  @Test("What a dead build left beside its output goes; anything else stays")
  func leftovers() throws {
    let fixture = try Fixture(pages: Self.pages)
    defer { fixture.remove() }
    let root = fixture.root.path
    let dead = [
      ".Site.building-999999/index.html", ".Site.building-999998.old/index.html",
      ".Site.linkcontract-cache.new-999999", ".Site.linkcontract-cache-pages.new-999999",
    ]
    let others = [".Site.building-notes", ".Other.building-999999", ".Site.linkcontract-cache.new-", "Site.building-1"]
    for path in dead + others {
      try FileManager.default.createDirectory(
        atPath: (root + "/" + path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try fixture.write(path, "left\n")
    }
    #expect(fixture.build.run().diagnostics.isEmpty)
    for path in dead {
      let top = String(path.prefix { $0 != "/" })
      #expect(!FileManager.default.fileExists(atPath: root + "/" + top), "\(top)")
    }
    for path in others { #expect(fixture.read(path) == "left\n", "\(path)") }
  }
}
