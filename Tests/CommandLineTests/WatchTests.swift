import DesignFixture
import Foundation
import LinkContract
import Synchronization
import Testing

@testable import LinkContractTool

// `linkcontract watch` and its ChangeWatcher, on temporary folders. Every wait is bounded and
// nothing asserts on how long a step took.

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

/// Waits for changes until `accept` takes them or ten seconds pass; returns every path seen.
private func changes(from watcher: ChangeWatcher, until accept: ([String]) -> Bool) -> [String] {
  let deadline = Date().addingTimeInterval(10)
  var seen: [String] = []
  while Date() < deadline {
    seen += watcher.waitForChanges(timeout: 0.5)
    if accept(seen) { break }
  }
  return seen
}

/// Polls `condition` every 50 ms for up to `seconds`; returns whether it became true.
private func eventually(within seconds: Double = 60, _ condition: () -> Bool) async throws -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if condition() { return true }
    try await Task.sleep(for: .milliseconds(50))
  }
  return condition()
}

/// Runs `watch` on its own thread (the loop blocks), with a console the test can read.
private final class BackgroundWatch: Sendable {
  let captured = CapturedConsole()
  private let result = Mutex<Result<Int32, any Error>?>(nil)
  private let stopped = Atomic<Bool>(false)

  init(_ arguments: [String], root: String) throws {
    let command = try WatchCommand(arguments, root: root, contract: .design)
    let console = captured.console
    // Gives up on its own after two minutes so that a failing test cannot hang the run; a
    // cold first build beside the whole suite on two cores can take half a minute itself.
    let giveUp = Date().addingTimeInterval(120)
    Thread.detachNewThread { [self] in
      let outcome = Result {
        try command.run(console, stop: { self.stopped.load(ordering: .relaxed) || Date() > giveUp })
      }
      result.withLock { $0 = outcome }
    }
  }

  var exitCode: Int32? { result.withLock { try? $0?.get() } }
  var finished: Bool { result.withLock { $0 != nil } }
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
    let seen = changes(from: watcher) { $0.contains(path) }
    #expect(seen.contains(path), "mode \(watcher.mode), saw \(seen)")
  }

  @Test func inotifyWatcherSeesFilesInANewSubfolder() throws {
    let folder = try TemporaryFolder()
    let watcher = ChangeWatcher(directories: [folder.path])
    try FileManager.default.createDirectory(atPath: folder.path + "/sub", withIntermediateDirectories: false)
    _ = changes(from: watcher) { $0.contains(folder.path + "/sub") }
    let path = folder.path + "/sub/page.md"
    try folder.write("hello\n", to: "sub/page.md")
    let seen = changes(from: watcher) { $0.contains(path) }
    #expect(seen.contains(path), "mode \(watcher.mode), saw \(seen)")
  }

  @Test func pollingWatcherReportsCreatedEditedAndRemovedFiles() throws {
    let folder = try TemporaryFolder()
    try folder.write("one\n", to: "kept.md")
    let watcher = ChangeWatcher(directories: [folder.path], pollInterval: 0.1)
    #expect(watcher.mode == .polling(interval: 0.1))

    let created = folder.path + "/new.md"
    try folder.write("hello\n", to: "new.md")
    #expect(changes(from: watcher) { $0.contains(created) }.contains(created))

    let edited = folder.path + "/kept.md"
    try folder.write("one, and a longer second version\n", to: "kept.md")
    #expect(changes(from: watcher) { $0.contains(edited) }.contains(edited))

    try FileManager.default.removeItem(atPath: created)
    #expect(changes(from: watcher) { $0.contains(created) }.contains(created))
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
    #expect(try await eventually { watch.captured.stdout.contains("watching ") })
    let page = site.path + "/Site/a.html"
    let before = try String(contentsOfFile: page, encoding: .utf8)
    #expect(before.contains("The first version of the page."))
    let firstStamp = try String(contentsOfFile: stamp, encoding: .utf8)

    try site.write(
      "---\ntitle: A\nsummary: B\nweight: 1\n---\n\nThe second version of the page.\n", to: "Content/a.md")

    #expect(try await eventually(within: 60) { watch.finished }, "stdout: \(watch.captured.stdout)")
    #expect(watch.exitCode == 0, "stderr: \(watch.captured.stderr)")
    let after = try String(contentsOfFile: page, encoding: .utf8)
    #expect(after.contains("The second version of the page."))
    #expect(!after.contains("The first version"))
    #expect(watch.captured.stdout.contains("rebuilt \(site.path)/Site: "))
    #expect(try String(contentsOfFile: stamp, encoding: .utf8) != firstStamp)
    #expect(!FileManager.default.fileExists(atPath: site.path + "/Site/stamp"))
  }

  @Test func watchReportsProblemsAndKeepsTheSite() async throws {
    let site = try makeSite(body: "Fine.")
    let problems = site.path + "/problems.txt"
    let watch = try BackgroundWatch(["--once-after-change", "--problems", problems], root: site.path)
    defer { watch.stop() }
    #expect(try await eventually { watch.captured.stdout.contains("watching ") })
    #expect(try String(contentsOfFile: problems, encoding: .utf8) == "", "a good build empties the problems file")

    try site.write("---\ntitle: A\nweight: one\n---\n\nBroken.\n", to: "Content/a.md")

    #expect(try await eventually(within: 60) { watch.finished })
    #expect(watch.exitCode == 1)
    #expect(watch.captured.stderr.contains("Content/a.md:"))
    #expect(watch.captured.stderr.contains("rebuild failed"))
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
    #expect(try await eventually { watch.captured.stdout.contains("watching ") })

    try site.write("// new values\n", to: values)

    #expect(try await eventually(within: 60) { watch.captured.stderr.contains("make site") })
    #expect(watch.captured.stderr.contains(values))
    #expect(!watch.captured.stdout.contains("rebuilt"))
    watch.stop()
    #expect(try await eventually { watch.finished })
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
