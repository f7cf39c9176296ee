import ContractArtifacts
import Foundation
import LinkContract
import Testing

@testable import SiteGenerator

// A build replaces or removes only the files it wrote: the ones its marker lists with the digest
// of what they hold. Links inside the output are never followed, names beside it are never
// predictable, and the folder is reached through the descriptor the claim opened.

/// How much of the site a rebuild changes: a few files are replaced one by one, many by a swap.
enum ChangeSize: String, CaseIterable, CustomTestStringConvertible {
  case none, small, large
  var testDescription: String { rawValue }

  /// Edits the fixture's Content so that a rebuild changes this much.
  func apply(to fixture: Fixture) throws {
    switch self {
    case .none: break
    case .small: try fixture.write("Content/index.md", page("Home", "Changed.\n"))
    case .large:
      try fixture.write("Content/index.md", page("Home", "Changed.\n"))
      for index in 1...12 { try fixture.write("Content/p\(index).md", page("P\(index)", weight: index, "Text.\n")) }
    }
  }
}

/// A folder outside the fixture's site, with a file in it, whose tree tests compare.
func victim(in fixture: Fixture) throws -> String {
  let folder = fixture.root.path + "/victim"
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  try fixture.write("victim/precious.txt", "mine\n")
  return folder
}

@Suite("Output ownership: a build touches only the files it wrote")
struct OutputOwnershipTests {
  static let pages = ["index.md": page("Home", "Welcome.\n"), "guide.md": page("Guide", weight: 2, "Read me.\n")]

  @Test(
    "A link inside the output to a folder elsewhere is neither followed nor removed", arguments: ChangeSize.allCases)
  func linkedFolderInside(_ size: ChangeSize) throws {
    let fixture = try Fixture(pages: Self.pages)
    defer { fixture.remove() }
    #expect(fixture.build.run().diagnostics.isEmpty)
    let folder = try victim(in: fixture)
    let before = tree(folder)
    #expect(symlink(folder, fixture.root.path + "/Site/downloads") == 0)
    try size.apply(to: fixture)
    let result = fixture.build.run()
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    #expect(result.removed == 0)
    #expect(tree(folder) == before)
    #expect(
      (try? FileManager.default.destinationOfSymbolicLink(atPath: fixture.root.path + "/Site/downloads")) == folder)
  }

  @Test("A link where the site has a folder is an error, and nothing is written through it", arguments: [true, false])
  func linkWhereTheSiteWrites(_ large: Bool) throws {
    let fixture = try Fixture(pages: Self.pages)
    defer { fixture.remove() }
    #expect(fixture.build.run().diagnostics.isEmpty)
    let folder = try victim(in: fixture)
    let before = tree(folder)
    try FileManager.default.removeItem(atPath: fixture.root.path + "/Site/schema")
    #expect(symlink(folder, fixture.root.path + "/Site/schema") == 0)
    try (large ? ChangeSize.large : .small).apply(to: fixture)
    let result = fixture.build.run()
    #expect(result.diagnostics.map(\.id) == [.outputRefused], "\(result.diagnostics)")
    #expect(tree(folder) == before)
  }

  @Test("Files the build did not write stay, whatever the rebuild changes", arguments: ChangeSize.allCases)
  func strangersStay(_ size: ChangeSize) throws {
    let fixture = try Fixture(pages: Self.pages)
    defer { fixture.remove() }
    #expect(fixture.build.run().diagnostics.isEmpty)
    let added = [
      "Site/robots.txt": "User-agent: *\n", "Site/blog/post.html": "<p>post</p>\n", "Site/downloads/app.apk": "APK",
    ]
    for (path, text) in added {
      try FileManager.default.createDirectory(
        atPath: (fixture.root.path + "/" + path as NSString).deletingLastPathComponent,
        withIntermediateDirectories: true)
      try fixture.write(path, text)
    }
    try size.apply(to: fixture)
    // A page that goes takes its file with it: that file is the build's.
    try FileManager.default.removeItem(atPath: fixture.root.path + "/Content/guide.md")
    let result = fixture.build.run()
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    for (path, text) in added { #expect(fixture.read(path) == text, "\(path)") }
    #expect(fixture.read("Site/guide.html") == nil)
  }

  @Test("A site copied elsewhere with its marker: a build there replaces only the copied files")
  func copiedSite() throws {
    let fixture = try Fixture(pages: Self.pages)
    defer { fixture.remove() }
    #expect(fixture.build.run().diagnostics.isEmpty)
    let www = fixture.root.path + "/www"
    try FileManager.default.copyItem(atPath: fixture.root.path + "/Site", toPath: www)
    try FileManager.default.createDirectory(atPath: www + "/blog", withIntermediateDirectories: true)
    try fixture.write("www/blog/index.html", "<p>blog</p>\n")
    try fixture.write("www/robots.txt", "User-agent: *\n")
    try ChangeSize.large.apply(to: fixture)
    try FileManager.default.removeItem(atPath: fixture.root.path + "/Content/guide.md")
    var build = fixture.build
    build.outputDirectory = www
    let result = build.run()
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    #expect(fixture.read("www/blog/index.html") == "<p>blog</p>\n")
    #expect(fixture.read("www/robots.txt") == "User-agent: *\n")
    #expect(fixture.read("www/index.html")?.contains("Changed.") == true)
    #expect(fixture.read("www/guide.html") == nil)
  }

  enum ForgedMarker: String, CaseIterable, CustomTestStringConvertible {
    case emptyFile, otherText, folder, danglingLink, fifo, linkToManifest
    var testDescription: String { rawValue }

    func make(at path: String, manifestElsewhere: String) throws {
      switch self {
      case .emptyFile: #expect(FileManager.default.createFile(atPath: path, contents: Data()))
      case .otherText: #expect(FileManager.default.createFile(atPath: path, contents: Data("a site\n".utf8)))
      case .folder: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      case .danglingLink: #expect(symlink("nowhere", path) == 0)
      case .fifo: #expect(mkfifo(path, 0o644) == 0)
      case .linkToManifest: #expect(symlink(manifestElsewhere, path) == 0)
      }
    }
  }

  @Test("A marker that is not a list of the build's files claims nothing", arguments: ForgedMarker.allCases)
  func forgedMarker(_ marker: ForgedMarker) throws {
    let fixture = try Fixture(pages: Self.pages)
    defer { fixture.remove() }
    // A real manifest elsewhere, naming the files below, for the link to point at.
    #expect(fixture.build.run().diagnostics.isEmpty)
    let elsewhere = fixture.root.path + "/manifest"
    try FileManager.default.copyItem(atPath: fixture.root.path + "/Site/" + OutputClaim.marker, toPath: elsewhere)
    let output = fixture.root.path + "/public"
    try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: false)
    try fixture.write("public/index.html", "<p>my own page</p>\n")
    try fixture.write("public/notes.txt", "notes\n")
    try marker.make(at: output + "/" + OutputClaim.marker, manifestElsewhere: elsewhere)
    let before = tree(output)
    var build = fixture.build
    build.outputDirectory = output
    let result = build.run()
    #expect(result.diagnostics.map(\.id) == [.outputRefused], "\(result.diagnostics)")
    #expect(tree(output) == before)
  }

  @Test("A file the build wrote and someone then changed is not replaced", arguments: [true, false])
  func editedByHand(_ large: Bool) throws {
    let fixture = try Fixture(pages: Self.pages)
    defer { fixture.remove() }
    #expect(fixture.build.run().diagnostics.isEmpty)
    try fixture.write("Site/index.html", "<p>edited by hand</p>\n")
    try (large ? ChangeSize.large : .small).apply(to: fixture)
    let result = fixture.build.run()
    #expect(result.diagnostics.map(\.id) == [.outputRefused], "\(result.diagnostics)")
    #expect(result.diagnostics.first?.message.contains("index.html") == true)
    #expect(fixture.read("Site/index.html") == "<p>edited by hand</p>\n")
  }

  @Test(
    "Names planted where builds once wrote their temporary files are not written through", arguments: [true, false])
  func plantedNames(_ large: Bool) throws {
    let fixture = try Fixture(pages: Self.pages)
    defer { fixture.remove() }
    #expect(fixture.build.run().diagnostics.isEmpty)
    let folder = try victim(in: fixture)
    let target = folder + "/precious.txt"
    let pid = getpid()
    let planted = [
      "Site/index.html.linkcontract-new-\(pid)", ".Site.linkcontract-cache.new-\(pid)",
      ".Site.linkcontract-cache-pages.new-\(pid)", "Site/\(OutputClaim.marker).new-\(pid)",
    ]
    for name in planted { #expect(symlink(target, fixture.root.path + "/" + name) == 0) }
    try (large ? ChangeSize.large : .small).apply(to: fixture)
    #expect(fixture.build.run().diagnostics.isEmpty)
    #expect(fixture.read("victim/precious.txt") == "mine\n")
  }

  @Test(
    "The output swapped for a link after the claim: the build writes the folder it claimed, or nothing",
    arguments: [true, false])
  func swappedAfterClaim(_ large: Bool) throws {
    let fixture = try Fixture(pages: Self.pages)
    defer { fixture.remove() }
    #expect(fixture.build.run().diagnostics.isEmpty)
    let folder = try victim(in: fixture)
    let before = tree(folder)
    let location = try OutputClaim.resolve(fixture.root.path + "/Site", sources: []).get()
    let claimed = try OutputFolder.claim(location).get()
    #expect(rename(fixture.root.path + "/Site", fixture.root.path + "/Moved") == 0)
    #expect(symlink(folder, fixture.root.path + "/Site") == 0)
    let existing = SiteOutput.listFiles(fixture.root.path + "/Moved").subtracting([OutputClaim.marker])
    let files = large ? existing : ["index.html"]
    let site = Dictionary(uniqueKeysWithValues: files.map { ($0, Array("new \($0)\n".utf8)) })
    do {
      _ = try SiteOutput.commit(site, keeping: existing.subtracting(files), to: claimed)
      // Written in place: into the folder claimed, through its descriptor.
      #expect(!large)
      #expect(fixture.read("Moved/index.html") == "new index.html\n")
    } catch {
      // A swap finds the name no longer the folder claimed, and does not happen.
      #expect(large, "\(error)")
    }
    #expect(tree(folder) == before)
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: fixture.root.path + "/Site")) == folder)
  }

  @Test("A build killed while replacing files one by one leaves every file the tool's", arguments: [true, false])
  func killedHalfWay(_ replaced: Bool) throws {
    let fixture = try Fixture(pages: Self.pages)
    defer { fixture.remove() }
    #expect(fixture.build.run().diagnostics.isEmpty)
    // What a build leaves when killed after adding the new bytes' digest to the marker, before
    // or after putting the new bytes in place.
    let new = Array("<p>the next build's index</p>\n".utf8)
    let marker = fixture.root.path + "/Site/" + OutputClaim.marker
    let listed = try #require(SiteOutput.readFile(marker))
    try SiteOutput.write(listed + OutputManifest.lines([("index.html", InputDigest.of(new))]), to: marker)
    if replaced { try fixture.writeBytes("Site/index.html", new) }
    try ChangeSize.small.apply(to: fixture)
    let result = fixture.build.run()
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    #expect(fixture.read("Site/index.html")?.contains("Changed.") == true)
  }

  @Test(
    "An output named by one-character or non-ASCII components resolves beside the working folder",
    arguments: [".", "O", "x/O", "é", "./O", "O/", "x//O"])
  func shortNames(_ output: String) throws {
    let location = try OutputClaim.resolve(output, sources: []).get()
    let cwd = FileManager.default.currentDirectoryPath
    let expected =
      output == "."
      ? cwd : cwd + "/" + output.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    #expect(location.path == expected)
  }

  @Test("The marker lists every file with its digest, and reads back as written")
  func manifestRoundTrip() throws {
    var manifest = OutputManifest()
    manifest.set("index.html", 1)
    manifest.set("a b/100%.html", 0xFFFF_FFFF_FFFF_FFFF)
    manifest.add("line\nbreak.html", 7)
    manifest.add("line\nbreak.html", 8)
    #expect(OutputManifest(manifest.bytes(tool: .linkcontract)) == manifest)
    // Lines appended while files are replaced one by one add digests; a last line cut short
    // (a build killed while appending it) is left out, the lines before it hold.
    let appended = OutputManifest.lines([("index.html", 2), ("new.html", 3)])
    var added = manifest
    added.add("index.html", 2)
    added.add("new.html", 3)
    #expect(OutputManifest(manifest.bytes(tool: .linkcontract) + appended) == added)
    #expect(
      OutputManifest(manifest.bytes(tool: .linkcontract) + appended.dropLast(4))
        == {
          var first = manifest
          first.add("index.html", 2)
          return first
        }())
    #expect(OutputManifest(Array("Generated by something else\n".utf8)) == nil)
    #expect(OutputManifest(Array((OutputManifest.header(tool: .linkcontract) + "xyz index.html\n").utf8)) == nil)
  }
}
