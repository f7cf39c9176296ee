import CCmark
import Testing

@testable import SiteGenerator

/// Which list items read as GFM task items (`[ ]`, `[x]`, `[X]`, alone or before a space):
/// the first pass reports those, and only those, as unsupported.
@Suite struct TaskMarkerTests {
  @Test(
    "A list item is a task item exactly when its text starts with a task marker",
    arguments: [
      ("- [ ] open", true), ("- [x] done", true), ("- [X] done", true), ("- [ ]", true), ("- [x]", true),
      ("- [y] no", false), ("- [ ]x", false), ("- [", false), ("- []", false), ("- [ x]", false),
      ("- text [ ] later", false), ("- *[ ]* emphasis", false), ("- ", false),
    ])
  func marker(_ markdown: String, _ isTask: Bool) throws {
    let document = MarkdownDocument(body: Substring(markdown + "\n"), lineOffset: 0)
    let list = try #require(document.rootNode.firstChild)
    guard list.type == CMARK_NODE_LIST, let item = list.firstChild else {
      #expect(!isTask, "no list item in \(markdown.debugDescription)")
      return
    }
    #expect((GFMExtensions.taskMarker(item) != nil) == isTask, "\(markdown.debugDescription)")
  }
}
