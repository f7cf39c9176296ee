import DesignFixture
import Testing

@testable import ContractArtifacts

/// JSON strings are quoted as byte by byte, however the bytes fall in the eight-byte steps.
@Suite struct JSONQuoteTests {
  /// What quoting writes, one byte at a time.
  static func quotedByteByByte(_ bytes: [UInt8], scriptSafe: Bool) -> [UInt8] {
    var out: [UInt8] = [0x22]
    let hex = Array("0123456789abcdef".utf8)
    for byte in bytes {
      switch byte {
      case 0x22: out += [0x5C, 0x22]
      case 0x5C: out += [0x5C, 0x5C]
      case 0x0A: out += [0x5C, 0x6E]
      case 0x0D: out += [0x5C, 0x72]
      case 0x09: out += [0x5C, 0x74]
      case _ where byte < 0x20 || byte == 0x7F || (scriptSafe && [0x3C, 0x3E, 0x26].contains(byte)):
        out += [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      default: out.append(byte)
      }
    }
    return out + [0x22]
  }

  @Test("Random bytes are quoted as byte by byte", arguments: 0..<100)
  func random(_ seed: Int) {
    var random = SplitMix64(name: "json quote \(seed)")
    // Mostly plain bytes, so that plain runs of eight are common, with every special one.
    let specials: [UInt8] = [
      0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x22, 0x26, 0x3C, 0x3E, 0x5C, 0x7E, 0x7F, 0x80, 0xC3, 0xFF,
    ]
    let length = random.int(0...70)
    let bytes = (0..<length).map { _ in
      random.int(0...3) == 0 ? specials[random.int(0...(specials.count - 1))] : UInt8(random.int(0x61...0x7A))
    }
    for scriptSafe in [false, true] {
      var out: [UInt8] = []
      bytes.withUnsafeBufferPointer { JSON.quote(bytes: $0, into: &out, scriptSafe: scriptSafe) }
      #expect(out == Self.quotedByteByByte(bytes, scriptSafe: scriptSafe), "\(bytes) scriptSafe \(scriptSafe)")
    }
  }

  @Test("Every byte at every place of a word", arguments: 0..<16)
  func everyByte(_ place: Int) {
    for byte in UInt8(0)...0xFF {
      var bytes = Array(repeating: UInt8(ascii: "a"), count: 16)
      bytes[place] = byte
      for scriptSafe in [false, true] {
        var out: [UInt8] = []
        bytes.withUnsafeBufferPointer { JSON.quote(bytes: $0, into: &out, scriptSafe: scriptSafe) }
        #expect(out == Self.quotedByteByByte(bytes, scriptSafe: scriptSafe), "byte \(byte) at \(place)")
      }
    }
  }
}
