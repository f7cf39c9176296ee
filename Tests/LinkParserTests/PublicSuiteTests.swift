import CustomerApp
import Foundation
import LinkContract
import LinkParser
import Testing

// The WHATWG URL test suite (web-platform-tests' urltestdata.json) through the strict parser:
// none of its inputs is a link of the contract, so every one must come back unsupported, on
// both builds, without a trap. The file is a copy in Tests/PublicSuites/wpt (see its README).
//
// The inputs are read with a small JSON reader that keeps each string as UTF-16 code units, so a
// lone surrogate survives; the code units are then written as generalized UTF-8 (WTF-8) and the
// parser reads those bytes. A Swift String would have replaced the surrogate.

/// One WPT case: the raw input as UTF-16 code units, as the file gives it.
struct WPTCase: Sendable, CustomTestStringConvertible {
  let index: Int
  let input: [UInt16]
  let failure: Bool
  /// The other URL strings of the case (base and href), for extra inputs.
  let others: [[UInt16]]

  var testDescription: String {
    "#\(index) " + LinkSamples.printable(String(decoding: input, as: UTF16.self))
  }

  /// The input as generalized UTF-8: lone surrogates become three-byte sequences.
  var bytes: [UInt8] { WTF8.encode(input) }
}

enum WTF8 {
  static func encode(_ units: [UInt16]) -> [UInt8] {
    var out: [UInt8] = []
    var index = 0
    func append(_ scalar: UInt32) {
      switch scalar {
      case 0..<0x80: out.append(UInt8(scalar))
      case 0x80..<0x800:
        out += [UInt8(0xC0 | scalar >> 6), UInt8(0x80 | scalar & 0x3F)]
      case 0x800..<0x10000:
        out += [UInt8(0xE0 | scalar >> 12), UInt8(0x80 | scalar >> 6 & 0x3F), UInt8(0x80 | scalar & 0x3F)]
      default:
        out += [
          UInt8(0xF0 | scalar >> 18), UInt8(0x80 | scalar >> 12 & 0x3F), UInt8(0x80 | scalar >> 6 & 0x3F),
          UInt8(0x80 | scalar & 0x3F),
        ]
      }
    }
    while index < units.count {
      let unit = UInt32(units[index])
      if (0xD800..<0xDC00).contains(unit), index + 1 < units.count,
        (0xDC00..<0xE000).contains(UInt32(units[index + 1]))
      {
        append(0x10000 + ((unit - 0xD800) << 10) + (UInt32(units[index + 1]) - 0xDC00))
        index += 2
      } else {
        append(unit)
        index += 1
      }
    }
    return out
  }
}

/// A small JSON reader that keeps strings as UTF-16 code units (lone surrogates included).
struct CodeUnitJSON {
  indirect enum Value {
    case string([UInt16])
    case number
    case bool(Bool)
    case null
    case array([Value])
    case object([(key: String, value: Value)])

    subscript(key: String) -> Value? {
      if case .object(let members) = self { return members.first { $0.key == key }?.value }
      return nil
    }
    var units: [UInt16]? {
      if case .string(let units) = self { return units }
      return nil
    }
  }

  struct Failure: Error, CustomStringConvertible {
    let offset: Int
    var description: String { "JSON error at byte \(offset)" }
  }

  private let bytes: [UInt8]
  private var index = 0

  static func parse(_ bytes: [UInt8]) throws -> Value {
    var reader = CodeUnitJSON(bytes: bytes)
    let value = try reader.value()
    reader.skipSpace()
    guard reader.index == bytes.count else { throw Failure(offset: reader.index) }
    return value
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private mutating func skipSpace() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
  }

  private mutating func expect(_ byte: UInt8) throws {
    skipSpace()
    guard index < bytes.count, bytes[index] == byte else { throw Failure(offset: index) }
    index += 1
  }

  private mutating func literal(_ text: String) throws {
    for byte in text.utf8 {
      guard index < bytes.count, bytes[index] == byte else { throw Failure(offset: index) }
      index += 1
    }
  }

  private mutating func value() throws -> Value {
    skipSpace()
    guard index < bytes.count else { throw Failure(offset: index) }
    switch bytes[index] {
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "["):
      index += 1
      var items: [Value] = []
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(items)
      }
      while true {
        items.append(try value())
        skipSpace()
        guard index < bytes.count else { throw Failure(offset: index) }
        if bytes[index] == UInt8(ascii: "]") {
          index += 1
          return .array(items)
        }
        try expect(UInt8(ascii: ","))
      }
    case UInt8(ascii: "{"):
      index += 1
      var members: [(key: String, value: Value)] = []
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      while true {
        skipSpace()
        let key = String(decoding: try string(), as: UTF16.self)
        try expect(UInt8(ascii: ":"))
        members.append((key, try value()))
        skipSpace()
        guard index < bytes.count else { throw Failure(offset: index) }
        if bytes[index] == UInt8(ascii: "}") {
          index += 1
          return .object(members)
        }
        try expect(UInt8(ascii: ","))
      }
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    default:
      let start = index
      while index < bytes.count, Array("+-0123456789.eE".utf8).contains(bytes[index]) { index += 1 }
      guard index > start else { throw Failure(offset: index) }
      return .number
    }
  }

  /// A JSON string as UTF-16 code units; raw UTF-8 is decoded, `\u` escapes are kept as given.
  private mutating func string() throws -> [UInt16] {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Failure(offset: index) }
    index += 1
    var units: [UInt16] = []
    var raw: [UInt8] = []
    func flush() {
      units += String(decoding: raw, as: UTF8.self).utf16
      raw.removeAll()
    }
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        flush()
        return units
      case UInt8(ascii: "\\"):
        flush()
        guard index < bytes.count else { throw Failure(offset: index) }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): units.append(UInt16(escape))
        case UInt8(ascii: "b"): units.append(0x08)
        case UInt8(ascii: "f"): units.append(0x0C)
        case UInt8(ascii: "n"): units.append(0x0A)
        case UInt8(ascii: "r"): units.append(0x0D)
        case UInt8(ascii: "t"): units.append(0x09)
        case UInt8(ascii: "u"):
          guard index + 4 <= bytes.count,
            let unit = UInt16(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
          else { throw Failure(offset: index) }
          units.append(unit)
          index += 4
        default: throw Failure(offset: index - 1)
        }
      default:
        raw.append(byte)
      }
    }
    throw Failure(offset: index)
  }
}

enum WPTSuite {
  /// `Tests/PublicSuites/wpt/urltestdata.json`, copied from web-platform-tests.
  static let path: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // LinkParserTests
    .deletingLastPathComponent()  // Tests
    .appendingPathComponent("PublicSuites/wpt/urltestdata.json")
    .standardizedFileURL.path

  static func load() throws -> [WPTCase] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    guard case .array(let items) = try CodeUnitJSON.parse(Array(data)) else {
      throw CodeUnitJSON.Failure(offset: 0)
    }
    var cases: [WPTCase] = []
    for item in items {
      guard case .object = item, let input = item["input"]?.units else { continue }
      var failure = false
      if case .bool(let value) = item["failure"] { failure = value }
      let others = ["base", "href"].compactMap { item[$0]?.units }
      cases.append(WPTCase(index: cases.count, input: input, failure: failure, others: others))
    }
    return cases
  }

  /// The cases, or none when the file is missing (the `file` test then fails and says so).
  static let cases: [WPTCase] = (try? load()) ?? []

  static let parsers: [LinkParser] = Contract.customerApp.builds.map { LinkParser(contract: .customerApp, build: $0) }
}

@Suite struct PublicSuite {
  @Test("urltestdata.json is there, and the reader sees every input JSONSerialization sees")
  func file() throws {
    #expect(FileManager.default.fileExists(atPath: WPTSuite.path), "missing \(WPTSuite.path)")
    let data = try Data(contentsOf: URL(fileURLWithPath: WPTSuite.path))
    let items = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
    let objects = items.compactMap { $0 as? [String: Any] }
    let inputs = objects.compactMap { $0["input"] as? String }
    #expect(!inputs.isEmpty)
    #expect(WPTSuite.cases.count == inputs.count)
    #expect(WPTSuite.cases.filter(\.failure).count == objects.filter { $0["failure"] as? Bool == true }.count)
    for (item, input) in zip(WPTSuite.cases, inputs) {
      #expect(String(decoding: item.input, as: UTF16.self) == input, "\(item)")
    }
  }

  @Test("Every WPT input is unsupported on both builds", arguments: WPTSuite.cases)
  func input(_ item: WPTCase) {
    let text = String(decoding: item.input, as: UTF16.self)
    for parser in WPTSuite.parsers {
      let fromBytes = item.bytes.withUnsafeBufferPointer { parser.parse(bytes: $0) }
      #expect(fromBytes.route == nil, "\(parser.build.name): \(fromBytes)")
      #expect(fromBytes.rejection != nil)
      let fromString = parser.parse(text)
      #expect(fromString.route == nil, "\(parser.build.name): \(fromString)")
      if item.failure {
        // A URL the WHATWG parser refuses is never a link of the contract.
        #expect(fromBytes.rejection != nil, "\(parser.build.name): a WPT failure case was recognized")
        #expect(fromString.rejection != nil, "\(parser.build.name): a WPT failure case was recognized")
      }
    }
  }

  @Test("Every WPT base and href is unsupported on both builds too", arguments: WPTSuite.cases)
  func resolved(_ item: WPTCase) {
    for other in item.others {
      for parser in WPTSuite.parsers {
        let outcome = WTF8.encode(other).withUnsafeBufferPointer { parser.parse(bytes: $0) }
        #expect(outcome.route == nil, "\(parser.build.name): \(outcome)")
      }
    }
  }

  @Test("Lone surrogates and stray bytes are read without a trap")
  func surrogates() {
    let samples: [[UInt16]] = [
      [0xD800], [0x68, 0x74, 0x74, 0x70, 0x73, 0x3A, 0x2F, 0x2F, 0xDC00], [0xDBFF, 0xDBFF], [0xFFFF],
    ]
    for parser in WPTSuite.parsers {
      for units in samples {
        let outcome = WTF8.encode(units).withUnsafeBufferPointer { parser.parse(bytes: $0) }
        #expect(outcome.rejection?.reason == .malformedURL)
      }
    }
    for parser in WPTSuite.parsers {
      for bytes: [UInt8] in [[0xFF], [0x80], [0xC3], [0x68, 0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]] {
        let outcome = bytes.withUnsafeBufferPointer { parser.parse(bytes: $0) }
        #expect(outcome.rejection?.reason == .malformedURL)
      }
    }
  }
}
