import Synchronization

/// Values a build makes once and its pages share, in parallel: each made by the first page that
/// asks for it (two pages asking at once may both make it; the values are the same).
final class SharedValues<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private let values = Mutex<[Key: Value]>([:])

  /// The value for `key`, made with `make` unless a page made it before.
  func value(for key: Key, _ make: () -> Value) -> Value {
    if let made = values.withLock({ $0[key] }) { return made }
    let new = make()
    values.withLock { $0[key] = new }
    return new
  }
}
