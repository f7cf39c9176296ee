import DesignFixture
import Foundation
import LinkContract
import Synchronization
import Testing

@testable import LinkContractTool

// `linkcontract watch` and its ChangeWatcher, on temporary folders. Every wait ends on the
// event it waits for (a change reported, a line printed, the command's end); only a safety
// deadline of minutes, which fails the test with what was seen, bounds a run that hangs.
// Nothing asserts on how long a step took.

/// A fresh temporary folder, removed when the value goes away.
private final class TemporaryFolder {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("linkcontract-watch-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  func write(_ text: String, to relative: String) throws {
    let url = URL(fileURLWithPath: path + "/" + relative)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }
}

/// How long a wait may last before the test gives up and fails: a safety net for a run that
/// hangs, far beyond what a busy machine needs; no test asserts on how long a step took.
private let safetyDeadline: Duration = .seconds(600)

/// Waits for changes until `accept` takes them (each wait returns as soon as events come);
/// returns every path seen, and records an issue naming `what` if the safety deadline passes.
private func changes(
  from watcher: ChangeWatcher, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation,
  until accept: ([String]) -> Bool
) -> [String] {
  let clock = ContinuousClock()
  let deadline = clock.now + safetyDeadline
  var seen: [String] = []
  while !accept(seen) {
    guard clock.now < deadline else {
      Issue.record(
        "no change to \(what) was reported in \(safetyDeadline) (mode \(watcher.mode), saw \(seen))",
        sourceLocation: sourceLocation)
      break
    }
    seen += watcher.waitForChanges(timeout: 5)
  }
  return seen
}

/// What a background `watch` printed so far and how it ended, with the tests waiting on it:
/// each waiter is woken by the output or the end it waits for, not by a clock.
private final class WatchOutput: Sendable {
  /// What a waiter looks at.
  struct Snapshot {
    var stdout = ""
    var stderr = ""
    var exit: Result<Int32, any Error>?
    var finished: Bool { exit != nil }
  }

  private struct Waiter {
    let condition: @Sendable (Snapshot) -> Bool
    let continuation: CheckedContinuation<Bool, Never>
  }

  private struct State {
    var snapshot = Snapshot()
    var waiters: [Int: Waiter] = [:]
    var expired: Set<Int> = []
    var nextWaiter = 0
  }

  private let state = Mutex(State())

  var console: Console {
    Console(
      readLine: { _ in nil }, out: { text in self.update { $0.stdout += text } },
      err: { text in self.update { $0.stderr += text } })
  }

  var snapshot: Snapshot { state.withLock { $0.snapshot } }

  func finish(_ exit: Result<Int32, any Error>) { update { $0.exit = exit } }

  /// Changes the snapshot, then wakes the waiters it now satisfies.
  private func update(_ change: (inout Snapshot) -> Void) {
    let ready = state.withLock { state in
      change(&state.snapshot)
      let satisfied = state.waiters.filter { $0.value.condition(state.snapshot) }
      for id in satisfied.keys { state.waiters[id] = nil }
      return satisfied.values.map(\.continuation)
    }
    for continuation in ready { continuation.resume(returning: true) }
  }

  /// Waits until `condition` holds of what was printed; false, with an issue naming `what`,
  /// if the safety deadline passes first.
  @discardableResult
  func wait(
    for what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation,
    _ condition: @escaping @Sendable (Snapshot) -> Bool
  ) async -> Bool {
    let id = state.withLock { state in
      defer { state.nextWaiter += 1 }
      return state.nextWaiter
    }
    let safety = Task {
      try? await Task.sleep(for: safetyDeadline)
      self.expire(id)
    }
    defer { safety.cancel() }
    let met = await withCheckedContinuation { continuation in
      let now = state.withLock { state -> Bool? in
        if condition(state.snapshot) { return true }
        if state.expired.remove(id) != nil { return false }
        state.waiters[id] = Waiter(condition: condition, continuation: continuation)
        return nil
      }
      if let now { continuation.resume(returning: now) }
    }
    if !met {
      let seen = snapshot
      let message =
        "watch did not get to \(what) in \(safetyDeadline): stdout \(seen.stdout.debugDescription), "
        + "stderr \(seen.stderr.debugDescription)"
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
    return met
  }

  /// Gives up on a waiter whose safety deadline passed.
  private func expire(_ id: Int) {
    let waiter = state.withLock { state in
      let waiter = state.waiters.removeValue(forKey: id)
      if waiter == nil { state.expired.insert(id) }
      return waiter
    }
    waiter?.continuation.resume(returning: false)
  }
}

/// Runs `watch` on its own thread (the loop blocks), printing to an output the test waits on.
private final class BackgroundWatch: Sendable {
  let output = WatchOutput()
  private let stopped = Atomic<Bool>(false)

  init(_ arguments: [String], root: String) throws {
    let command = try WatchCommand(arguments, root: root, contract: .design)
    let output = output
    Thread.detachNewThread { [self] in
      let outcome = Result { try command.run(output.console, stop: { self.stopped.load(ordering: .relaxed) }) }
      output.finish(outcome)
    }
  }

  var stdout: String { output.snapshot.stdout }
  var stderr: String { output.snapshot.stderr }
  var exitCode: Int32? { try? output.snapshot.exit?.get() }

  /// Waits until the first build is done and the folders are watched.
  @discardableResult
  func watching(sourceLocation: Testing.SourceLocation = #_sourceLocation) async -> Bool {
    await output.wait(for: "watching the folders", sourceLocation: sourceLocation) {
      $0.stdout.contains("watching ") || $0.finished
    }
  }

  /// Waits until the command returned.
  @discardableResult
  func finished(sourceLocation: Testing.SourceLocation = #_sourceLocation) async -> Bool {
    await output.wait(for: "its end", sourceLocation: sourceLocation) { $0.finished }
  }

  /// Asks the loop to stop (it looks after each wait of a quarter second).
  func stop() { stopped.store(true, ordering: .relaxed) }
}

/// The repository's Templates folder, found from this file's path.
private let repositoryTemplates = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Templates").path

/// A one-page site: Content/a.md and the repository's template and stylesheet.
private func makeSite(body: String) throws -> TemporaryFolder {
  let site = try TemporaryFolder()
  try site.write("---\ntitle: A\nsummary: B\nweight: 1\n---\n\n\(body)\n", to: "Content/a.md")
  for name in ["page.html", "style.css", "favicon.svg"] {
    let text = try String(contentsOfFile: repositoryTemplates + "/" + name, encoding: .utf8)
    try site.write(text, to: "Templates/" + name)
  }
  return site
}

@Suite struct WatchTests {
  @Test func inotifyWatcherReportsAWrittenFile() throws {
    let folder = try TemporaryFolder()
    let watcher = ChangeWatcher(directories: [folder.path])
    let path = folder.path + "/page.md"
    try folder.write("hello\n", to: "page.md")
    let seen = changes(from: watcher, "page.md") { $0.contains(path) }
    #expect(seen.contains(path), "mode \(watcher.mode), saw \(seen)")
  }

  @Test func inotifyWatcherSeesFilesInANewSubfolder() throws {
    let folder = try TemporaryFolder()
    let watcher = ChangeWatcher(directories: [folder.path])
    try FileManager.default.createDirectory(atPath: folder.path + "/sub", withIntermediateDirectories: false)
    _ = changes(from: watcher, "sub") { $0.contains(folder.path + "/sub") }
    let path = folder.path + "/sub/page.md"
    try folder.write("hello\n", to: "sub/page.md")
    let seen = changes(from: watcher, "sub/page.md") { $0.contains(path) }
    #expect(seen.contains(path), "mode \(watcher.mode), saw \(seen)")
  }

  @Test func pollingWatcherReportsCreatedEditedAndRemovedFiles() throws {
    let folder = try TemporaryFolder()
    try folder.write("one\n", to: "kept.md")
    let watcher = ChangeWatcher(directories: [folder.path], pollInterval: 0.1)
    #expect(watcher.mode == .polling(interval: 0.1))

    let created = folder.path + "/new.md"
    try folder.write("hello\n", to: "new.md")
    #expect(changes(from: watcher, "new.md, created") { $0.contains(created) }.contains(created))

    let edited = folder.path + "/kept.md"
    try folder.write("one, and a longer second version\n", to: "kept.md")
    #expect(changes(from: watcher, "kept.md, edited") { $0.contains(edited) }.contains(edited))

    try FileManager.default.removeItem(atPath: created)
    #expect(changes(from: watcher, "new.md, removed") { $0.contains(created) }.contains(created))
  }

  @Test func watcherWaitReturnsNothingWhenNothingChanged() throws {
    let folder = try TemporaryFolder()
    for watcher in [
      ChangeWatcher(directories: [folder.path]), ChangeWatcher(directories: [folder.path], pollInterval: 0.05),
    ] {
      #expect(watcher.waitForChanges(timeout: 0.2).isEmpty)
    }
  }

  @Test(arguments: [[String](), ["--poll", "0.1"]])
  func watchRebuildsAfterAPageIsEdited(extra: [String]) async throws {
    let site = try makeSite(body: "The first version of the page.")
    let stamp = site.path + "/state/stamp"
    let watch = try BackgroundWatch(["--once-after-change", "--stamp", stamp] + extra, root: site.path)
    defer { watch.stop() }
    guard await watch.watching() else { return }
    let page = site.path + "/Site/a.html"
    let before = try String(contentsOfFile: page, encoding: .utf8)
    #expect(before.contains("The first version of the page."))
    let firstStamp = try String(contentsOfFile: stamp, encoding: .utf8)

    try site.write(
      "---\ntitle: A\nsummary: B\nweight: 1\n---\n\nThe second version of the page.\n", to: "Content/a.md")

    // The rebuild's line, then the end (`--once-after-change`).
    await watch.output.wait(for: "the rebuild") { $0.stdout.contains("rebuilt ") || $0.finished }
    guard await watch.finished() else { return }
    #expect(watch.exitCode == 0, "stderr: \(watch.stderr)")
    let after = try String(contentsOfFile: page, encoding: .utf8)
    #expect(after.contains("The second version of the page."))
    #expect(!after.contains("The first version"))
    #expect(watch.stdout.contains("rebuilt \(site.path)/Site: "), "stdout: \(watch.stdout)")
    #expect(try String(contentsOfFile: stamp, encoding: .utf8) != firstStamp)
    #expect(!FileManager.default.fileExists(atPath: site.path + "/Site/stamp"))
  }

  @Test func watchReportsProblemsAndKeepsTheSite() async throws {
    let site = try makeSite(body: "Fine.")
    let problems = site.path + "/problems.txt"
    let watch = try BackgroundWatch(["--once-after-change", "--problems", problems], root: site.path)
    defer { watch.stop() }
    guard await watch.watching() else { return }
    #expect(try String(contentsOfFile: problems, encoding: .utf8) == "", "a good build empties the problems file")

    try site.write("---\ntitle: A\nweight: one\n---\n\nBroken.\n", to: "Content/a.md")

    await watch.output.wait(for: "the failed rebuild") { $0.stderr.contains("rebuild failed") || $0.finished }
    guard await watch.finished() else { return }
    #expect(watch.exitCode == 1)
    #expect(watch.stderr.contains("Content/a.md:"), "stderr: \(watch.stderr)")
    #expect(watch.stderr.contains("rebuild failed"), "stderr: \(watch.stderr)")
    #expect(try String(contentsOfFile: site.path + "/Site/a.html", encoding: .utf8).contains("Fine."))
    let written = try String(contentsOfFile: problems, encoding: .utf8)
    #expect(written.contains("Content/a.md:3:"), "the failed build's errors are in the problems file: \(written)")
  }

  @Test func contractSourceChangeSaysTheToolMustBeRebuilt() async throws {
    let site = try makeSite(body: "Fine.")
    // The values file, where the contract under test says it is written, in the scratch project.
    let values = DiagnosticLocation(Contract.design.builds[0].source).path
    try FileManager.default.createDirectory(
      atPath: site.path + "/" + (values as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try site.write("// values\n", to: values)
    let watch = try BackgroundWatch([], root: site.path)
    defer { watch.stop() }
    guard await watch.watching() else { return }

    try site.write("// new values\n", to: values)

    guard await watch.output.wait(for: "the values file's report", { $0.stderr.contains("`linkcontract generate`") })
    else { return }
    #expect(watch.stderr.contains(values))
    #expect(!watch.stdout.contains("rebuilt"))
    watch.stop()
    guard await watch.finished() else { return }
    #expect(watch.exitCode == 0)
  }

  @Test func editorScratchFilesAreIgnored() {
    #expect(WatchCommand.isEditorScratch("Content/.a.md.swp"))
    #expect(WatchCommand.isEditorScratch("Content/4913"))
    #expect(WatchCommand.isEditorScratch("Content/a.md~"))
    #expect(!WatchCommand.isEditorScratch("Content/a.md"))
  }

  @Test func badPollIntervalIsAUsageError() {
    #expect(throws: UsageError.self) { try WatchCommand(["--poll", "soon"], root: ".", contract: .design) }
    #expect(throws: UsageError.self) { try WatchCommand(["extra"], root: ".", contract: .design) }
    #expect(throws: UsageError.self) { try WatchCommand(["--stamp"], root: ".", contract: .design) }
  }
}
