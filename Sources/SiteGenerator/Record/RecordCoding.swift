#if canImport(Glibc)
  import Glibc
#endif

/// A value the build record holds: `encode(to:)` writes it and `init(from:)` reads it back,
/// side by side in one extension of the type (`RecordedTypes.swift`), so that the order of
/// their fields is seen to agree.
///
/// Reading goes on through bytes that do not read as written: the reader's `failed` is set, the
/// value made is of no use, and the whole record (or the part read when asked for, `Recorded`)
/// is thrown away. Every encoding is at least one byte long, so that a count of values is
/// bounded by the bytes left (`RecordReader.count`): a hostile record cannot make its reader
/// allocate more than the record's own size.
protocol RecordCodable {
  func encode(to writer: inout RecordWriter)
  init(from reader: inout RecordReader)
}

/// Appends a build record as bytes: integers as LEB128 varints, strings and runs of bytes after
/// their length.
struct RecordWriter {
  var bytes: [UInt8] = []

  /// The bytes of `value` alone.
  static func encoded<Value: RecordCodable>(_ value: Value) -> [UInt8] {
    var writer = RecordWriter()
    value.encode(to: &writer)
    return writer.bytes
  }

  mutating func encode<Value: RecordCodable>(_ value: Value) { value.encode(to: &self) }

  mutating func int(_ value: Int) { uint(UInt64(bitPattern: Int64(value))) }

  mutating func uint(_ value: UInt64) {
    var rest = value
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  mutating func string(_ text: String) {
    int(text.utf8.count)
    bytes.append(utf8: text)
  }

  /// `text` as it is, without its length, as a format line starts a file: read back by
  /// `RecordReader.read(_:)`.
  mutating func text(_ text: String) { bytes.append(utf8: text) }

  mutating func data(_ data: Bytes) {
    int(data.count)
    bytes += data
  }

  /// A part read only when asked for (`RecordReader.section`): its length, then `value`'s
  /// encoding, or `encoded`, the bytes it was read from when it is of the record. `value` is
  /// not asked for then: asking would read it.
  mutating func section<Value: RecordCodable>(_ encoded: Bytes?, _ value: @autoclosure () -> Value) {
    if let encoded { return data(encoded) }
    data(Bytes(RecordWriter.encoded(value())))
  }
}

/// Reads what `RecordWriter` wrote; any malformed byte makes the whole record nil. The parts of
/// a page read only when asked for (`section`) are checked to be there when the page is read,
/// and read into values when first asked for (`Recorded`).
struct RecordReader {
  private let buffer: ByteBuffer
  private let raw: UnsafeRawBufferPointer
  /// Where the bytes read end in the buffer.
  private let end: Int
  /// Where the next byte to read is in the buffer.
  private(set) var offset: Int
  private(set) var failed = false
  /// What the parts read when asked for report to when they do not read as written.
  var health: RecordHealth?

  init(bytes: Bytes, health: RecordHealth? = nil) {
    let (buffer, range) = bytes.buffered
    self.buffer = buffer
    raw = buffer.raw
    offset = range.lowerBound
    end = range.upperBound
    self.health = health
  }

  init(bytes: [UInt8]) { self.init(bytes: Bytes(ByteBuffer(copying: bytes))) }

  /// The value `bytes` hold, every byte of them; nil when any does not read as written.
  static func decoded<Value: RecordCodable>(
    _ bytes: Bytes, as type: Value.Type = Value.self, health: RecordHealth? = nil
  ) -> Value? {
    var reader = RecordReader(bytes: bytes, health: health)
    let value = Value(from: &reader)
    return reader.isComplete ? value : nil
  }

  /// Whether every byte was read, and read well.
  var isComplete: Bool { !failed && offset == end }

  /// Notes that the bytes do not read as written: what is read from them is of no use.
  mutating func fail() { failed = true }

  /// Whether the bytes start with `prefix`; if so, they are read.
  mutating func read(_ prefix: String) -> Bool {
    let prefix = Array(prefix.utf8)
    guard !failed, end - offset >= prefix.count,
      prefix.withUnsafeBytes({ memcmp($0.baseAddress!, raw.baseAddress! + offset, prefix.count) == 0 })
    else { return false }
    offset += prefix.count
    return true
  }

  /// A varint; 0, and `failed`, past the end or after a failure.
  mutating func uint() -> UInt64 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while !failed, offset < end, shift < 64 {
      let byte = raw[offset]
      offset += 1
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
    failed = true
    return 0
  }

  mutating func int() -> Int { Int(Int64(bitPattern: uint())) }

  /// A count of items that follow, each at least one byte long: never more than the bytes left.
  mutating func count() -> Int {
    let value = int()
    guard value >= 0, value <= end - offset else {
      failed = true
      return 0
    }
    return value
  }

  mutating func string() -> String {
    let length = count()
    let text = String(decoding: UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + length)]), as: UTF8.self)
    offset += length
    return text
  }

  /// The bytes of a length-prefixed part, where they are.
  mutating func data() -> Bytes {
    let length = count()
    defer { offset += length }
    return Bytes(buffer, offset..<(offset + length))
  }

  /// A part read only when asked for: its bytes, where they are, read by `read` when first
  /// asked for; when they then do not read as written, `health` is told.
  mutating func section<Value: Sendable>(_ read: @escaping @Sendable (inout RecordReader) -> Value) -> Recorded<Value> {
    Recorded(data(), health: health, read: read)
  }

  /// A part read only when asked for, holding a `Value`.
  mutating func section<Value: RecordCodable & Sendable>(_ type: Value.Type = Value.self) -> Recorded<Value> {
    section { Value(from: &$0) }
  }
}

// MARK: - The values records are made of

extension Int: RecordCodable {
  func encode(to writer: inout RecordWriter) { writer.int(self) }
  init(from reader: inout RecordReader) { self = reader.int() }
}

extension UInt64: RecordCodable {
  func encode(to writer: inout RecordWriter) { writer.uint(self) }
  init(from reader: inout RecordReader) { self = reader.uint() }
}

/// 0 or 1.
extension Bool: RecordCodable {
  func encode(to writer: inout RecordWriter) { writer.int(self ? 1 : 0) }

  init(from reader: inout RecordReader) {
    let value = reader.int()
    if value != 0 && value != 1 { reader.fail() }
    self = value == 1
  }
}

/// Its UTF-8 bytes after their count.
extension String: RecordCodable {
  func encode(to writer: inout RecordWriter) { writer.string(self) }
  init(from reader: inout RecordReader) { self = reader.string() }
}

/// Its bytes after their count, read in place.
extension Bytes: RecordCodable {
  func encode(to writer: inout RecordWriter) { writer.data(self) }
  init(from reader: inout RecordReader) { self = reader.data() }
}

/// Its count, then its elements.
extension Array: RecordCodable where Element: RecordCodable {
  func encode(to writer: inout RecordWriter) {
    writer.int(count)
    for element in self { element.encode(to: &writer) }
  }

  init(from reader: inout RecordReader) {
    let count = reader.count()
    self.init()
    reserveCapacity(count)
    for _ in 0..<count { append(Element(from: &reader)) }
  }
}

/// Its count, then its elements in order: the same set is always the same bytes.
extension Set: RecordCodable where Element: RecordCodable & Comparable {
  func encode(to writer: inout RecordWriter) {
    writer.int(count)
    for element in sorted() { element.encode(to: &writer) }
  }

  init(from reader: inout RecordReader) { self.init([Element](from: &reader)) }
}

/// 0, or 1 and the value.
extension Optional: RecordCodable where Wrapped: RecordCodable {
  func encode(to writer: inout RecordWriter) {
    guard let self else { return writer.int(0) }
    writer.int(1)
    self.encode(to: &writer)
  }

  init(from reader: inout RecordReader) {
    switch reader.int() {
    case 0: self = nil
    case 1: self = Wrapped(from: &reader)
    default:
      reader.fail()
      self = nil
    }
  }
}

/// Where a run of bytes is in a file: its start and its length.
extension Range: RecordCodable where Bound == Int {
  func encode(to writer: inout RecordWriter) {
    writer.int(lowerBound)
    writer.int(count)
  }

  init(from reader: inout RecordReader) {
    let start = reader.int()
    let length = reader.int()
    guard start >= 0, length >= 0, start <= Int.max - length else {
      reader.fail()
      self = 0..<0
      return
    }
    self = start..<(start + length)
  }
}
