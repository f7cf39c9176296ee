import LinkContract
import Synchronization

/// A value made by this build, or of the build record and read from it when first asked for.
enum Recallable<Value: Sendable>: Sendable {
  case made(Value)
  case recorded(Recorded<Value>)

  var value: Value {
    switch self {
    case .made(let value): value
    case .recorded(let recorded): recorded.value
    }
  }

  /// The record's bytes of the value, when it is of the record.
  var encoded: Bytes? {
    if case .recorded(let recorded) = self { recorded.encoded } else { nil }
  }

  /// Whether it is of the record and not read yet.
  var isUnread: Bool {
    if case .recorded(let recorded) = self { !recorded.isRead } else { false }
  }
}

/// A value of the build record, read from its bytes when first asked for: a rebuild reads few
/// of the recorded pages' ids, links, headings and lookups. Bytes that do not read as written
/// mark the record's `health` failed (the value read is then of no use), and the build that
/// asked for it is made again without the record.
final class Recorded<Value: Sendable>: Sendable {
  let encoded: Bytes
  private let read: @Sendable (inout RecordReader) -> Value
  private let health: RecordHealth?
  private let decoded = Mutex<Value?>(nil)

  init(_ encoded: Bytes, health: RecordHealth? = nil, read: @escaping @Sendable (inout RecordReader) -> Value) {
    self.encoded = encoded
    self.health = health
    self.read = read
  }

  /// Whether the value was read.
  var isRead: Bool { decoded.withLock { $0 != nil } }

  var value: Value {
    decoded.withLock { decoded in
      if let decoded { return decoded }
      var reader = RecordReader(bytes: encoded)
      let value = read(&reader)
      if !reader.isComplete { health?.fail() }
      decoded = value
      return value
    }
  }
}

/// Whether every part of a build record read so far read as it was written.
final class RecordHealth: Sendable {
  private let failed = Atomic<Bool>(false)

  func fail() { failed.store(true, ordering: .relaxed) }

  var hasFailed: Bool { failed.load(ordering: .relaxed) }
}
