import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Watches folders, recursively, and reports the paths that changed in them.
///
/// It uses inotify when the system has it and polls modification times otherwise (or when asked
/// to). Folders that do not exist yet, or that disappear and come back, are picked up again on
/// the next wait.
final class ChangeWatcher {
  /// How changes are noticed.
  enum Mode: Equatable, CustomStringConvertible {
    /// inotify events, read with `poll` so that a wait can time out.
    case inotify
    /// Comparing modification times and sizes every `interval` seconds.
    case polling(interval: Double)

    var description: String {
      switch self {
      case .inotify: "inotify"
      case .polling(let interval): "polling every \(interval) s"
      }
    }
  }

  /// The folders watched, as given.
  let directories: [String]
  /// How changes are noticed; `.polling` when inotify was asked for but is unavailable.
  private(set) var mode: Mode
  /// How long a burst of events must be quiet before a wait returns it, in seconds.
  let debounce: Double

  // inotify state.
  private var descriptor: Int32 = -1
  private var watched: [Int32: String] = [:]
  // Polling state.
  private var snapshot: [String: FileStamp] = [:]

  private static let eventMask: UInt32 =
    UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE) | UInt32(IN_DELETE)
    | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)

  /// Starts watching `directories`. `pollInterval` forces polling at that interval; without it
  /// inotify is used, falling back to polling every second when it cannot be set up.
  init(directories: [String], pollInterval: Double? = nil, debounce: Double = 0.1) {
    self.directories = directories
    self.debounce = debounce
    if let pollInterval {
      mode = .polling(interval: pollInterval)
    } else {
      let fd = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
      if fd >= 0 {
        descriptor = fd
        mode = .inotify
      } else {
        mode = .polling(interval: 1)
      }
    }
    if mode == .inotify, !addMissingWatches() {
      // Out of watches (fs.inotify.max_user_watches) or a file system without inotify.
      close(descriptor)
      descriptor = -1
      watched = [:]
      mode = .polling(interval: 1)
    }
    if case .polling = mode { snapshot = Self.scan(directories) }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Waits up to `timeout` seconds for changes and returns the changed paths, sorted and
  /// without duplicates; empty when nothing changed in time or the wait was interrupted by a
  /// signal. Once something changed, it keeps collecting until `debounce` seconds pass quietly
  /// (at most one second more), so that an editor's burst of writes comes back as one list.
  func waitForChanges(timeout: Double) -> [String] {
    switch mode {
    case .inotify: return waitForEvents(timeout: timeout)
    case .polling(let interval): return pollForChanges(timeout: timeout, interval: interval)
    }
  }

  // MARK: inotify

  private func waitForEvents(timeout: Double) -> [String] {
    addMissingWatches()
    var changed = Set<String>()
    guard waitReadable(timeout), !Task.isCancelled else { return [] }
    changed.formUnion(readEvents())
    let settleBy = Date().addingTimeInterval(1)
    while Date() < settleBy, waitReadable(debounce) {
      changed.formUnion(readEvents())
    }
    return changed.sorted()
  }

  /// Whether the descriptor became readable within `seconds`.
  private func waitReadable(_ seconds: Double) -> Bool {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let milliseconds = Int32(max(0, min(seconds, 86_400)) * 1000)
    return poll(&request, 1, milliseconds) > 0 && request.revents & Int16(POLLIN) != 0
  }

  /// Reads every pending event and returns the paths they name.
  private func readEvents() -> [String] {
    var paths: [String] = []
    let capacity = 64 * 1024
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
    defer { buffer.deallocate() }
    while true {
      let count = read(descriptor, buffer, capacity)
      guard count > 0 else { break }
      var offset = 0
      while offset + 16 <= count {
        let wd = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
        let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
        let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
        let nameBytes = UnsafeRawBufferPointer(start: buffer + offset + 16, count: length)
        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
        offset += 16 + length
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
          paths += directories
          continue
        }
        guard let folder = watched[wd] else { continue }
        if mask & UInt32(IN_IGNORED) != 0 {
          watched[wd] = nil
          continue
        }
        if mask & (UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)) != 0 {
          paths.append(folder)
          continue
        }
        let path = name.isEmpty ? folder : folder + "/" + name
        paths.append(path)
        if mask & UInt32(IN_ISDIR) != 0, mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0 {
          addWatches(under: path)
        }
      }
    }
    return paths
  }

  /// Watches every listed folder (and its subfolders) that exists and is not watched yet;
  /// false when the kernel refused a watch.
  @discardableResult
  private func addMissingWatches() -> Bool {
    let current = Set(watched.values)
    var complete = true
    for directory in directories where !current.contains(directory) {
      complete = addWatches(under: directory) && complete
    }
    return complete
  }

  /// Watches `directory` and its subfolders; true when it is not a folder or all were watched.
  @discardableResult
  private func addWatches(under directory: String) -> Bool {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
    else { return true }
    let wd = inotify_add_watch(descriptor, directory, Self.eventMask)
    guard wd >= 0 else { return errno == ENOENT }
    watched[wd] = directory
    var complete = true
    let children = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    for child in children.sorted() {
      complete = addWatches(under: directory + "/" + child) && complete
    }
    return complete
  }

  // MARK: polling

  private func pollForChanges(timeout: Double, interval: Double) -> [String] {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      let remaining = deadline.timeIntervalSinceNow
      if remaining <= 0 || Task.isCancelled { return [] }
      // A signal cuts the sleep short; return so the caller can look at its stop flag.
      if !Self.sleep(min(interval, remaining)) { return [] }
      let fresh = Self.scan(directories)
      var changed = Self.difference(snapshot, fresh)
      snapshot = fresh
      guard !changed.isEmpty else { continue }
      // Let the burst settle: scan again until two scans agree (at most one second more).
      let settleBy = Date().addingTimeInterval(1)
      while Date() < settleBy {
        _ = Self.sleep(debounce)
        let next = Self.scan(directories)
        let more = Self.difference(snapshot, next)
        snapshot = next
        if more.isEmpty { break }
        changed.formUnion(more)
      }
      return changed.sorted()
    }
  }

  /// Sleeps; false when a signal interrupted the sleep.
  private static func sleep(_ seconds: Double) -> Bool {
    var request = timespec(
      tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1_000_000_000))
    return nanosleep(&request, nil) == 0
  }

  /// What identifies one version of a file for polling.
  struct FileStamp: Equatable {
    var seconds: Int
    var nanoseconds: Int
    var size: Int64
    var isDirectory: Bool
  }

  /// Every file and folder under `directories`, with its modification time and size.
  static func scan(_ directories: [String]) -> [String: FileStamp] {
    var result: [String: FileStamp] = [:]
    func visit(_ path: String) {
      var info = stat()
      guard stat(path, &info) == 0 else { return }
      let isDirectory = info.st_mode & S_IFMT == S_IFDIR
      result[path] = FileStamp(
        seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec, size: Int64(info.st_size),
        isDirectory: isDirectory)
      guard isDirectory else { return }
      for child in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
        visit(path + "/" + child)
      }
    }
    for directory in directories { visit(directory) }
    return result
  }

  /// The paths that were added, removed or modified between two scans. A folder whose only
  /// change is its own time (because an entry in it changed) is left out; the entry is named.
  static func difference(_ old: [String: FileStamp], _ new: [String: FileStamp]) -> Set<String> {
    var changed = Set<String>()
    for (path, stamp) in new where old[path] != stamp {
      if stamp.isDirectory, old[path]?.isDirectory == true { continue }
      changed.insert(path)
    }
    for path in old.keys where new[path] == nil { changed.insert(path) }
    return changed
  }
}
