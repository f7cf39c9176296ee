import LinkContract
import Testing

@testable import SiteGenerator

/// The build record's bytes: each recorded type's encoding read back, and the bytes of format
/// version 15 (`BuildRecord.format`, `pagesFormat`), which a change to the encodings must not
/// alter without a new version.
@Suite struct RecordCodingTests {
  /// One recorded type, with samples of its values and what makes two of them the same.
  struct Codable: Sendable, CustomTestStringConvertible {
    let type: String
    /// Each sample's bytes.
    let encodings: @Sendable () -> [[UInt8]]
    /// Whether bytes read back, whole, as the sample they were written from and write the same
    /// bytes again; nil when they do not read.
    let readsBack: @Sendable (_ bytes: [UInt8], _ sample: Int) -> Bool?

    var testDescription: String { type }

    init<Value: RecordCodable & SendableMetatype>(
      _ samples: @escaping @Sendable () -> [Value], same: @escaping @Sendable (Value, Value) -> Bool
    ) {
      type = String(reflecting: Value.self).replacing("SiteGenerator.", with: "").replacing("Swift.", with: "")
      encodings = { samples().map { RecordWriter.encoded($0) } }
      readsBack = { bytes, sample in
        let health = RecordHealth()
        guard let value = RecordReader.decoded(Bytes(bytes), as: Value.self, health: health) else { return nil }
        return same(value, samples()[sample]) && RecordWriter.encoded(value) == bytes && !health.hasFailed
      }
    }

    init<Value: RecordCodable & Equatable & SendableMetatype>(_ samples: @escaping @Sendable () -> [Value]) {
      self.init(samples, same: ==)
    }
  }

  typealias Samples = RecordSamples

  static func same(_ left: [Heading], _ right: [Heading]) -> Bool {
    left.count == right.count
      && zip(left, right).allSatisfy { $0.level == $1.level && $0.text == $1.text && $0.id == $1.id }
  }

  static func same(_ left: RenderedPage.Targets, _ right: RenderedPage.Targets) -> Bool {
    left.ids == right.ids && left.duplicateIDs == right.duplicateIDs && left.links == right.links
  }

  static func same(_ left: RenderedPage, _ right: RenderedPage) -> Bool {
    left.path == right.path && left.diagnostics == right.diagnostics && same(left.targets, right.targets)
      && left.lookups == right.lookups
  }

  static func same(_ left: SearchChunk.Eager, _ right: SearchChunk.Eager) -> Bool {
    left.key == right.key && left.headingCount == right.headingCount && left.json == right.json
      && left.pageItem == right.pageItem && left.headingItems == right.headingItems
  }

  static func same(_ left: BuildRecord.Page, _ right: BuildRecord.Page) -> Bool {
    let (facts, other) = (left.facts, right.facts)
    return facts.name == other.name && facts.path == other.path && facts.digest == other.digest
      && facts.matter == other.matter && facts.homes == other.homes && facts.diagnostics == other.diagnostics
      && facts.indexDigest == other.indexDigest && same(facts.headings, other.headings) && facts.ids == other.ids
      && facts.anchors == other.anchors && facts.searchWords == other.searchWords && same(left.render, right.render)
      && (left.chunk == nil) == (right.chunk == nil)
      && zip([left.chunk].compactMap { $0 }, [right.chunk].compactMap { $0 }).allSatisfy {
        same($0.eager, $1.eager) && $0.links == $1.links
      }
  }

  static func same(_ left: BuildRecord, _ right: BuildRecord) -> Bool {
    left.tool == right.tool && left.inputs == right.inputs && left.site == right.site
      && left.navigation == right.navigation && left.listing == right.listing
      && (left.listingRender == nil) == (right.listingRender == nil)
      && zip([left.listingRender].compactMap { $0 }, [right.listingRender].compactMap { $0 }).allSatisfy(same)
      && left.outputs == right.outputs && left.warnings == right.warnings && left.generated == right.generated
      && left.pages.isEmpty && left.stamp == right.stamp && left.pagesStamp == right.pagesStamp
      && left.extents == right.extents && left.searchIDs == right.searchIDs && left.searchParts == right.searchParts
      && left.searchPage == right.searchPage && left.sources == right.sources && left.siteMap == right.siteMap
  }

  static let codables: [Codable] = [
    Codable { [0, 1, -1, 127, 128, .max, .min] as [Int] },
    Codable { [0, 1 << 63, .max] as [UInt64] },
    Codable { [false, true] },
    Codable { ["", "routes", "ünïcode ✓"] },
    Codable { [Bytes([]), Bytes([0, 0xFF, 0x80])] },
    Codable { [[], ["a", "", "b"]] as [[String]] },
    Codable { [[], ["b", "a", "é"]] as [Set<String>] },
    Codable { [nil, "", "x"] as [String?] },
    Codable { [0..<0, 36..<100, 0..<Int.max] as [Range<Int>] },
    Codable { Samples.diagnostics },
    Codable { [Samples.matter, FrontMatter(title: "", summary: "", weight: 0)] },
    Codable { Samples.homes },
    Codable({ Samples.headings }, same: { same([$0], [$1]) }),
    Codable { Samples.links },
    Codable { Samples.lookups },
    Codable { Samples.outputs },
    Codable { Samples.sources.values.sorted { $0.digest < $1.digest }.map(\.status) },
    Codable { Samples.sources.values.sorted { $0.digest < $1.digest } },
    Codable {
      [Samples.siteMap, BuildRecord.SiteMap(names: [], digests: [], order: [], titledFiles: [], contentNames: 0)]
    },
    Codable({ [Samples.chunk().eager] }, same: same),
    Codable({ [SearchChunk.Links(Samples.chunkLinks), SearchChunk.Links([])] }, same: { $0.links == $1.links }),
    Codable({ [PageFacts.SectionWords(Samples.words), PageFacts.SectionWords([:])] }, same: { $0.words == $1.words }),
    Codable(
      {
        [
          PageFacts.Details(headings: Samples.headings, ids: ["a", "b"], anchors: ["c"]),
          PageFacts.Details(headings: [], ids: [], anchors: []),
        ]
      },
      same: { same($0.headings, $1.headings) && $0.ids == $1.ids && $0.anchors == $1.anchors }),
    Codable({ [Samples.render().targets, Samples.render(full: false).targets] }, same: same),
    Codable({ [Samples.render(), Samples.render(full: false)] }, same: same),
    Codable({ [Samples.page(), Samples.page(full: false)] }, same: same),
    Codable({ [Samples.record(), Samples.record(full: false)] }, same: same),
  ]

  @Test("Each recorded type reads back as it was written, and no truncation of its bytes reads", arguments: codables)
  func roundTrip(_ codable: Codable) {
    for (sample, bytes) in codable.encodings().enumerated() {
      #expect(codable.readsBack(bytes, sample) == true, "sample \(sample)")
      for length in 0..<bytes.count {
        #expect(codable.readsBack(Array(bytes[..<length]), sample) == nil, "sample \(sample) cut to \(length) bytes")
      }
    }
  }

  @Test("A count larger than the bytes left does not read, and allocates nothing for it")
  func hostileCount() {
    var writer = RecordWriter()
    writer.int(1 << 60)
    writer.string("a")
    #expect(RecordReader.decoded(Bytes(writer.bytes), as: [String].self) == nil)
    #expect(RecordReader.decoded(Bytes(writer.bytes), as: Set<String>.self) == nil)
    #expect(RecordReader.decoded(Bytes([0x80]), as: String.self) == nil, "a varint cut short")
    #expect(RecordReader.decoded(Bytes([2]), as: Bool.self) == nil)
    #expect(RecordReader.decoded(Bytes([2]), as: String?.self) == nil)
  }

  /// The samples' bytes as format 18 writes them: format 15's, put side by side with each type's
  /// encoding and decoding, with the number in the header changed (16: a section's search words
  /// start with its heading's) and a link's attribute written as a number (17: 0 for `href`, 1
  /// for `src`).
  static let format18 = [
    "record": """
    6c696e6b636f6e74726163742d6275696c642d7265636f72642031380aeffdb6f50d010203ffffffffffffffffff0101
    0a696e6465782e68746d6c020f6775696465732f73657475702e6d640c03001b687265662060782e68746d6c603a206e
    6f20737563682066696c650c6c696e6b2d696e76616c696410536974652f726f757465732e68746d6c01010115696420
    60c3a9602069732075736564207477696365106475706c69636174652d616e63686f72430308627573696e6573730374
    6f7007756e69636f64650103746f70020014726f757465732e68746d6c23627573696e65737304010c696d616765732f
    612e706e67c8013e030006726f757465730b726f757465732e68746d6c010f726f7574657323627573696e6573730002
    0e726f7574652d627573696e65737306726f75746573020a696e6465782e68746d6c8020959a97ece39fe7cb17127365
    617263682f706172742d312e6a736f6e00ffffffffffffffffff01020f6775696465732f73657475702e6d640c03001b
    687265662060782e68746d6c603a206e6f20737563682066696c650c6c696e6b2d696e76616c696410536974652f726f
    757465732e68746d6c0101011569642060c3a9602069732075736564207477696365106475706c69636174652d616e63
    686f720110636f6e666f726d616e63652e6a736f6e098080808080808080800102244064bc1e01020673656172636801
    71030001ffffffffffffffffff012a0208696e6465782e6d64000000000509726f757465732e6d64ac068180a8b1e39f
    e7cb178280a8b1e39fe7cb174dffffffffffffffffff01010205696e64657806726f7574657301ffffffffffffffffff
    01020100010b726f757465732e68746d6cedfd03
    """,
    "bare record": """
    6c696e6b636f6e74726163742d6275696c642d7265636f72642031380aeffdb6f50d0102030000000000098080808080
    8080808001000000000000
    """,
    "page": """
    06726f7574657311436f6e74656e742f726f757465732e6d64ef9bafcdf8acd191010116526f7574657320e280942061
    6c6c206f66207468656d0c457665727920726f7574652efdffffffffffffffff01020e726f75746520627573696e6573
    7307010201610e726f7574652d627573696e6573730107726561736f6e73ac02050000020f6775696465732f73657475
    702e6d640c03001b687265662060782e68746d6c603a206e6f20737563682066696c650c6c696e6b2d696e76616c6964
    10536974652f726f757465732e68746d6c0101011569642060c3a9602069732075736564207477696365106475706c69
    636174652d616e63686f72bac6bfb0d7efbb8cb00101ffffffffffffffffff01020f2c7b2274223a22526f7574657322
    7d0f3c6c693e526f757465733c2f6c693e000b726f757465732e68746d6c020f6775696465732f73657475702e6d640c
    03001b687265662060782e68746d6c603a206e6f20737563682066696c650c6c696e6b2d696e76616c69641053697465
    2f726f757465732e68746d6c0101011569642060c3a9602069732075736564207477696365106475706c69636174652d
    616e63686f72430308627573696e65737303746f7007756e69636f64650103746f70020014726f757465732e68746d6c
    23627573696e65737304010c696d616765732f612e706e67c8013e030006726f757465730b726f757465732e68746d6c
    010f726f7574657323627573696e65737300020e726f7574652d627573696e65737306726f7574657351020208427573
    696e65737308627573696e657373030dc39c6ec3af636f646520e29c9307756e69636f64650308627573696e65737303
    746f7007756e69636f6465010e726f7574652d627573696e6573733a03000b696e74726f20776f726473010862757369
    6e6573730e627573696e65737320726f7574650107756e69636f646509c3bc6ec3af636f646524020b726f757465732e
    68746d6c0114726f757465732e68746d6c23627573696e65737303
    """,
    "bare page": """
    0b6775696465732f6261726516436f6e74656e742f6775696465732f626172652e6d640000000089f2c68f80f797ec22
    000b726f757465732e68746d6c000300000001000300000001000100
    """,
  ]

  @Test("The record and its pages are written byte for byte as format 18 writes them")
  func format18Bytes() throws {
    func hex(_ bytes: [UInt8]) -> String {
      bytes.map { String("0" + String($0, radix: 16)).suffix(2) }.joined()
    }
    func expected(_ name: String) -> String { Self.format18[name]!.split(separator: "\n").joined() }
    #expect(BuildRecord.format == "linkcontract-build-record 18\n")
    #expect(BuildRecord.pagesFormat == "linkcontract-build-record-pages 18\n")
    #expect(hex(RecordWriter.encoded(Samples.record())) == expected("record"))
    #expect(hex(RecordWriter.encoded(Samples.record(full: false))) == expected("bare record"))
    #expect(hex(RecordWriter.encoded(Samples.page())) == expected("page"))
    #expect(hex(RecordWriter.encoded(Samples.page(full: false))) == expected("bare page"))
    let bytes = RecordWriter.encoded(Samples.page())
    let page = try #require(RecordReader.decoded(Bytes(bytes), as: BuildRecord.Page.self))
    #expect(page.extent == 0..<bytes.count, "a page read back is where its bytes were")
  }
}
