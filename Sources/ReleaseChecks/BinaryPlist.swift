/// A binary property list (`bplist00`), read as Apple's CFBinaryPList.c lays it out, as far as
/// the audit needs: strings, arrays and dictionaries; any other object reads as `.other`. Every
/// offset, count and reference is checked against the file before it is followed, so that a
/// hostile file is an error, never a crash or a read outside it.
struct BinaryPlist {
  enum Object {
    case string(String)
    case array([Int])
    case dictionary([(key: Int, value: Int)])
    case other
  }

  /// The deepest nesting of arrays and dictionaries read, as libxml2 bounds an XML plist.
  static let maximumDepth = 256

  private let bytes: [UInt8]
  private let offsetSize: Int
  private let referenceSize: Int
  private let tableOffset: Int
  let objectCount: Int
  /// The index of the root object.
  let top: Int

  init(_ bytes: [UInt8]) throws(Unreadable) {
    self.bytes = bytes
    guard bytes.starts(with: Array("bplist".utf8)), bytes.count >= 8 else {
      throw Unreadable("not a binary property list")
    }
    guard bytes[6] == UInt8(ascii: "0"), bytes[7] == UInt8(ascii: "0") else {
      let version = String(decoding: bytes[6..<8], as: UTF8.self)
      throw Unreadable("binary property list version \(version) is not supported, only 00")
    }
    // The trailer: 6 unused bytes, the offset and reference sizes, then three big-endian
    // 64-bit numbers: the object count, the root object and where the offset table starts.
    guard bytes.count >= 8 + 32 else { throw Unreadable("shorter than a binary property list's trailer") }
    let trailer = bytes.count - 32
    offsetSize = Int(bytes[trailer + 6])
    referenceSize = Int(bytes[trailer + 7])
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
      throw Unreadable("the trailer gives an offset or reference size outside 1 to 8 bytes")
    }
    let count = Self.number(bytes[trailer + 8..<trailer + 16])
    let top = Self.number(bytes[trailer + 16..<trailer + 24])
    let table = Self.number(bytes[trailer + 24..<trailer + 32])
    guard let count, let top, let table, count >= 1, top < count, table >= 8, table <= trailer,
      count <= (trailer - table) / offsetSize
    else {
      throw Unreadable("the trailer's object count, root object or offset table does not fit the file")
    }
    objectCount = count
    self.top = top
    tableOffset = table
  }

  /// A big-endian unsigned number, nil when it does not fit an `Int`.
  private static func number(_ slice: ArraySlice<UInt8>) -> Int? {
    var value: UInt64 = 0
    for byte in slice { value = value << 8 | UInt64(byte) }
    return value <= UInt64(Int.max) ? Int(value) : nil
  }

  /// The object at `index`.
  func object(_ index: Int) throws(Unreadable) -> Object {
    let start = try offset(of: index)
    let marker = bytes[start]
    switch marker >> 4 {
    case 0x5:
      let (length, first) = try count(marker, at: start)
      return .string(String(decoding: try span(first, length), as: UTF8.self))
    case 0x6:
      let (length, first) = try count(marker, at: start)
      guard length <= Int.max / 2 else { throw corrupt(index) }
      let units = try span(first, 2 * length)
      return .string(
        String(
          decoding: stride(from: units.startIndex, to: units.endIndex, by: 2).map {
            UInt16(units[$0]) << 8 | UInt16(units[$0 + 1])
          }, as: UTF16.self))
    case 0xA:
      let (length, first) = try count(marker, at: start)
      return .array(try references(first, length))
    case 0xD:
      let (length, first) = try count(marker, at: start)
      guard length <= Int.max / 2 else { throw corrupt(index) }
      let both = try references(first, 2 * length)
      return .dictionary((0..<length).map { (both[$0], both[length + $0]) })
    default:
      return .other
    }
  }

  /// Whether the object at `index` is an ASCII string equal to `text`, found without reading a
  /// long string whole.
  func isString(_ index: Int, equalTo text: String) throws(Unreadable) -> Bool {
    let start = try offset(of: index)
    guard bytes[start] >> 4 == 0x5 else { return false }
    let (length, first) = try count(bytes[start], at: start)
    guard length == text.utf8.count else { return false }
    return try span(first, length).elementsEqual(text.utf8)
  }

  private func offset(of index: Int) throws(Unreadable) -> Int {
    guard index >= 0, index < objectCount else { throw Unreadable("an object reference \(index) is out of range") }
    let entry = tableOffset + index * offsetSize
    guard let offset = Self.number(bytes[entry..<entry + offsetSize]), offset >= 8, offset < tableOffset else {
      throw corrupt(index)
    }
    return offset
  }

  /// An object's count (the marker's low four bits, or the integer object after it when they
  /// are all set) and the offset of its first byte of content.
  private func count(_ marker: UInt8, at start: Int) throws(Unreadable) -> (Int, Int) {
    guard marker & 0x0F == 0x0F else { return (Int(marker & 0x0F), start + 1) }
    guard start + 1 < tableOffset, bytes[start + 1] >> 4 == 0x1, bytes[start + 1] & 0x0F <= 3 else {
      throw Unreadable("an object at byte \(start) has a malformed length")
    }
    let width = 1 << Int(bytes[start + 1] & 0x0F)
    let first = start + 2
    guard first + width <= tableOffset, let length = Self.number(bytes[first..<first + width]) else {
      throw Unreadable("an object at byte \(start) has a length that does not fit the file")
    }
    return (length, first + width)
  }

  /// `length` bytes from `first`, all before the offset table.
  private func span(_ first: Int, _ length: Int) throws(Unreadable) -> ArraySlice<UInt8> {
    guard length <= tableOffset - first else {
      throw Unreadable("an object at byte \(first) runs past the end of the objects")
    }
    return bytes[first..<first + length]
  }

  private func references(_ first: Int, _ count: Int) throws(Unreadable) -> [Int] {
    guard count <= (tableOffset - first) / referenceSize else {
      throw Unreadable("an array or dictionary at byte \(first) runs past the end of the objects")
    }
    return try (0..<count).map { k throws(Unreadable) in
      let at = first + k * referenceSize
      guard let reference = Self.number(bytes[at..<at + referenceSize]), reference < objectCount else {
        throw Unreadable("an array or dictionary at byte \(first) refers to an object that does not exist")
      }
      return reference
    }
  }

  private func corrupt(_ index: Int) -> Unreadable {
    Unreadable("object \(index) lies outside the objects")
  }
}
