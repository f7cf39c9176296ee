import Synchronization

/// Values made once and shared by the pages that ask for them, in parallel: each made by the
/// first that asks (two asking at once may both make it; the values are the same).
final class SharedValues<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private let values = Mutex<[Key: Value]>([:])

  /// The value for `key`, made with `make` unless it was made before.
  func value(for key: Key, _ make: () -> Value) -> Value {
    if let made = values.withLock({ $0[key] }) { return made }
    let new = make()
    values.withLock { $0[key] = new }
    return new
  }
}
