/// The 1-based line and column of any byte offset of a file, each found without reading the
/// line up to it, so that a file with thousands of values on one line costs no more than one
/// with a value per line. A column counts characters as `AppSettings` does: the bytes that
/// start a UTF-8 sequence.
struct SourcePositions {
  private let bytes: [UInt8]
  /// The offset of each line's first byte.
  private let lineStarts: [Int]
  /// The characters before each multiple of `stride` bytes.
  private let charactersBefore: [Int]
  private static let stride = 64

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var lineStarts = [0]
    var charactersBefore: [Int] = []
    charactersBefore.reserveCapacity(bytes.count / Self.stride + 1)
    var characters = 0
    bytes.withUnsafeBufferPointer { buffer in
      var offset = 0
      while offset < buffer.count {
        charactersBefore.append(characters)
        for index in offset..<min(offset + Self.stride, buffer.count) {
          if buffer[index] & 0xC0 != 0x80 { characters += 1 }
          if buffer[index] == UInt8(ascii: "\n") { lineStarts.append(index + 1) }
        }
        offset += Self.stride
      }
    }
    if bytes.count % Self.stride == 0 { charactersBefore.append(characters) }
    self.lineStarts = lineStarts
    self.charactersBefore = charactersBefore
  }

  /// The line and column of the byte at `offset` (clamped to the file).
  func position(ofByte offset: Int) -> (line: Int, column: Int) {
    let offset = min(max(0, offset), bytes.count)
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return (low + 1, characters(before: offset) - characters(before: lineStarts[low]) + 1)
  }

  private func characters(before offset: Int) -> Int {
    let block = offset / Self.stride
    var count = charactersBefore[block]
    for byte in bytes[block * Self.stride..<offset] where byte & 0xC0 != 0x80 { count += 1 }
    return count
  }
}
