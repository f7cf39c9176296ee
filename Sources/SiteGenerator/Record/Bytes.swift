#if canImport(Glibc)
  import Glibc
#endif

/// Bytes that stay where they are for as long as anything refers to them: a file mapped into
/// memory read-only, so that the parts of the build record a rebuild never reads are never
/// copied, or a copy of an array.
final class ByteBuffer: @unchecked Sendable {
  let raw: UnsafeRawBufferPointer
  private let mapped: Bool

  init(copying bytes: [UInt8]) {
    let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 8)
    bytes.withUnsafeBytes { memory.copyMemory(from: $0) }
    raw = UnsafeRawBufferPointer(rebasing: memory[..<bytes.count])
    mapped = false
  }

  private init(mapping base: UnsafeRawPointer, count: Int) {
    raw = UnsafeRawBufferPointer(start: base, count: count)
    mapped = true
  }

  /// The regular file at `path` mapped into memory, with its status; nil when it cannot be
  /// (opened without waiting, should it be a FIFO). The file must not shrink while it is
  /// mapped: the build record's files are only ever appended to or replaced whole.
  static func mapping(_ path: String) -> (buffer: ByteBuffer, status: stat)? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    let size = Int(status.st_size)
    guard size > 0 else { return (ByteBuffer(copying: []), status) }
    guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else { return nil }
    return (ByteBuffer(mapping: UnsafeRawPointer(base), count: size), status)
  }

  deinit {
    if mapped {
      munmap(UnsafeMutableRawPointer(mutating: raw.baseAddress), raw.count)
    } else {
      UnsafeMutableRawBufferPointer(mutating: raw).deallocate()
    }
  }
}

/// A run of bytes that stays where it is: of an array made now, or a part of a `ByteBuffer`.
/// Parts share the storage; nothing is copied until the bytes are written out.
struct Bytes: Sendable, Equatable {
  enum Storage: Sendable {
    case array([UInt8])
    case buffer(ByteBuffer)
  }

  let storage: Storage
  /// Where the bytes are in the storage.
  let range: Range<Int>

  init(_ array: [UInt8]) {
    storage = .array(array)
    range = 0..<array.count
  }

  init(_ buffer: ByteBuffer, _ range: Range<Int>) {
    storage = .buffer(buffer)
    self.range = range
  }

  init(_ buffer: ByteBuffer) { self.init(buffer, 0..<buffer.raw.count) }

  var count: Int { range.count }
  var isEmpty: Bool { range.isEmpty }

  func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    switch storage {
    case .array(let array): try array.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    case .buffer(let buffer): try body(UnsafeRawBufferPointer(rebasing: buffer.raw[range]))
    }
  }

  /// The bytes from `start` to `end`, counted from the first.
  func part(_ offsets: Range<Int>) -> Bytes {
    precondition(offsets.lowerBound >= 0 && offsets.upperBound <= count)
    let moved = (range.lowerBound + offsets.lowerBound)..<(range.lowerBound + offsets.upperBound)
    switch storage {
    case .array(let array): return Bytes(storage: .array(array), range: moved)
    case .buffer(let buffer): return Bytes(buffer, moved)
    }
  }

  private init(storage: Storage, range: Range<Int>) {
    self.storage = storage
    self.range = range
  }

  /// The bytes as an array of their own.
  var array: [UInt8] { withUnsafeBytes { Array($0) } }

  /// These bytes in a buffer that stays where it is, for reading in place.
  var buffered: (buffer: ByteBuffer, range: Range<Int>) {
    switch storage {
    case .array: (ByteBuffer(copying: array), 0..<count)
    case .buffer(let buffer): (buffer, range)
    }
  }

  static func == (left: Bytes, right: Bytes) -> Bool {
    left.count == right.count
      && left.withUnsafeBytes { left in
        right.withUnsafeBytes { right in left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
        }
      }
  }
}

extension Array where Element == UInt8 {
  static func += (bytes: inout [UInt8], more: Bytes) {
    more.withUnsafeBytes { bytes.append(contentsOf: $0) }
  }

  /// Appends `text`'s UTF-8 bytes, in one copy where the string's bytes are contiguous.
  mutating func append(utf8 text: some StringProtocol) {
    if text.utf8.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) == nil {
      append(contentsOf: text.utf8)
    }
  }
}
