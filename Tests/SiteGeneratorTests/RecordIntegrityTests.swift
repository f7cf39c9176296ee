import Foundation
import Testing

@testable import SiteGenerator

/// A build record whose bytes changed after it was written (a flipped bit on disk, a hand edit)
/// is not used: the rebuild then makes the site from its sources, byte for byte what a build
/// without a record writes.
@Suite struct RecordIntegrityTests {
  enum RecordFile: String, CaseIterable, CustomTestStringConvertible {
    case record, pages
    var testDescription: String { rawValue }

    func path(in fixture: Fixture) -> String {
      let record = fixture.root.path + "/.Site.linkcontract-cache"
      return self == .record ? record : BuildRecord.pagesLocation(record)
    }
  }

  @Test("A record with one byte changed gives the site a build without it gives", arguments: RecordFile.allCases)
  func flippedByte(_ file: RecordFile) throws {
    let pages = Dictionary(
      uniqueKeysWithValues: (1...6).map { ("p\($0).md", page("Page \($0)", weight: $0, "Text of page \($0).\n")) })
    let fixture = try Fixture(pages: pages.merging(["index.md": page("Home", "Welcome.\n")]) { $1 })
    defer { fixture.remove() }
    #expect(fixture.build.run().diagnostics.isEmpty)
    var reference = fixture.build
    reference.outputDirectory = fixture.root.path + "/Reference"
    reference.usesBuildCache = false
    for round in 0..<24 {
      let path = file.path(in: fixture)
      var bytes = try #require(SiteOutput.readFile(path))
      // Spread over the file, past its format line.
      let position = 40 + (round * 7919) % max(1, bytes.count - 40)
      bytes[position] ^= 0x01
      try SiteOutput.write(bytes, to: path)
      try fixture.write("Content/p1.md", page("Page 1", weight: 1, "Edited \(round) times.\n"))
      #expect(fixture.build.run().diagnostics.isEmpty)
      #expect(reference.run().diagnostics.isEmpty)
      #expect(tree(fixture.root.path + "/Site") == tree(fixture.root.path + "/Reference"), "byte \(position)")
    }
  }

  @Test("A sealed value reads back; with any byte changed it does not")
  func sealed() throws {
    let bytes = Sealed.encoded(RecordSamples.page())
    #expect(Sealed.body(Bytes(bytes)) == 0..<(bytes.count - 8))
    for position in bytes.indices {
      var changed = bytes
      changed[position] ^= 0x20
      #expect(Sealed.body(Bytes(changed)) == nil, "byte \(position)")
    }
  }
}
