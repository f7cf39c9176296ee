import Dispatch
import Foundation
import Synchronization

/// Maps in parallel across the machine's cores, keeping order.
func parallelMap<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
  let results = ResultSlots<R>(count: items.count)
  DispatchQueue.concurrentPerform(iterations: items.count) { index in
    results.set(index, transform(items[index]))
  }
  return results.values
}

/// Runs jobs `0..<count` across the machine's cores, each worker with its own `state`, made
/// once per worker; a worker that finishes a job takes the next one not yet taken, so that
/// large jobs placed first do not leave a core idle at the end.
func parallelJobs<State, R: Sendable>(
  _ count: Int, state makeState: @Sendable () -> State, _ transform: @Sendable (Int, State) -> R
) -> [R] {
  let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, count))
  let results = ResultSlots<R>(count: count)
  let next = Atomic<Int>(0)
  DispatchQueue.concurrentPerform(iterations: workers) { _ in
    let state = makeState()
    while true {
      let job = next.wrappingAdd(1, ordering: .relaxed).oldValue
      guard job < count else { break }
      results.set(job, transform(job, state))
    }
  }
  return results.values
}

/// Slots that concurrent workers fill, each slot by exactly one worker.
final class ResultSlots<R: Sendable>: Sendable {
  private let slots: Mutex<[R?]>

  init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

  func set(_ index: Int, _ value: R) {
    slots.withLock { $0[index] = value }
  }

  /// Every slot's value; each slot must have been set.
  var values: [R] { slots.withLock { $0.compactMap { $0 } } }
}

/// Reports how long each phase of a build took to whoever asked for it.
struct PhaseClock {
  let observer: (@Sendable (String, Duration) -> Void)?
  private var last = ContinuousClock.now

  init(_ observer: (@Sendable (String, Duration) -> Void)?) { self.observer = observer }

  /// Reports the time since the previous mark (or since the clock was made) as `phase`.
  mutating func mark(_ phase: String) {
    guard let observer else { return }
    let now = ContinuousClock.now
    observer(phase, now - last)
    last = now
  }
}

/// A value made on another thread from the moment it is asked for, waited for when it is read.
final class Later<Value: Sendable>: Sendable {
  private let done = DispatchSemaphore(value: 0)
  private let result = Mutex<Value?>(nil)

  init(_ make: @escaping @Sendable () -> Value) {
    DispatchQueue.global().async { [self] in
      let value = make()
      result.withLock { $0 = value }
      done.signal()
    }
  }

  /// The value, once made; every read after the first returns at once.
  var value: Value {
    if let made = result.withLock({ $0 }) { return made }
    done.wait()
    done.signal()
    return result.withLock { $0! }
  }
}
