/// Well-formed UTF-8 one sequence at a time, for readers that say where bytes stop being UTF-8:
/// the one positional UTF-8 check of the package.
public enum UTF8Sequence {
  /// Why the bytes at an offset are not a well-formed UTF-8 sequence.
  public enum Fault: Error, Sendable, Hashable {
    /// A byte that cannot start a sequence, or a continuation byte out of place.
    case invalidByte
    /// The bytes end inside the sequence.
    case truncated
    /// An overlong encoding, a surrogate or a value past U+10FFFF.
    case overlongOrSurrogate
  }

  /// The length of the well-formed sequence at `index` of `bytes`, or why there is none.
  public static func length(in bytes: some RandomAccessCollection<UInt8>, at index: Int) -> Result<Int, Fault> {
    let start = bytes.index(bytes.startIndex, offsetBy: index)
    let lead = bytes[start]
    let length: Int
    switch lead {
    case 0x00...0x7F: return .success(1)
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return .failure(.invalidByte)
    }
    guard bytes.count - index >= length else { return .failure(.truncated) }
    let end = bytes.index(start, offsetBy: length)
    let tail = bytes[bytes.index(after: start)..<end]
    guard tail.allSatisfy({ $0 & 0xC0 == 0x80 }) else { return .failure(.invalidByte) }
    let second = bytes[bytes.index(after: start)]
    if (lead == 0xE0 && second < 0xA0) || (lead == 0xED && second > 0x9F)
      || (lead == 0xF0 && second < 0x90) || (lead == 0xF4 && second > 0x8F)
    {
      return .failure(.overlongOrSurrogate)
    }
    return .success(length)
  }

  /// The offset of the first byte that is not part of well-formed UTF-8, or nil.
  public static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
    // The standard library's validation is fast; the walk only finds where.
    if String(validating: bytes, as: UTF8.self) != nil { return nil }
    var offset = 0
    while offset < bytes.count {
      switch length(in: bytes, at: offset) {
      case .success(let length): offset += length
      case .failure: return offset
      }
    }
    return nil
  }
}
