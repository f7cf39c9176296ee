import Foundation
import LinkContract
import SiteGenerator
import Testing

/// Which ids the errors of a Content fault carry, in report order.
struct FaultIDs: Sendable, CustomTestStringConvertible {
  let fault: String
  let ids: [DiagnosticID]
  var testDescription: String { fault }
}

let faultIDs: [FaultIDs] = [
  FaultIDs(fault: "unknown front matter key", ids: [.frontMatterInvalid]),
  FaultIDs(fault: "malformed front matter line", ids: [.frontMatterInvalid, .frontMatterInvalid]),
  FaultIDs(fault: "unknown directive", ids: [.blockInvalid]),
  FaultIDs(fault: "raw HTML block", ids: [.rawHTML]),
  FaultIDs(fault: "link to a missing page", ids: [.linkInvalid]),
  FaultIDs(fault: "mistyped front matter key", ids: [.frontMatterInvalid, .frontMatterInvalid]),
  FaultIDs(fault: "link to a mistyped page", ids: [.linkInvalid]),
  FaultIDs(fault: "link that leaves the Content folder", ids: [.linkInvalid]),
  FaultIDs(fault: "a folder whose name is not a page name", ids: [.pageNameInvalid]),
  FaultIDs(fault: "link example whose claim is wrong", ids: [.linkExampleMismatch]),
  FaultIDs(fault: "link example with a reference that is not reserved", ids: [.linkExampleInvalid]),
  FaultIDs(fault: "link example for an unknown build", ids: [.linkExampleInvalid]),
  FaultIDs(
    fault: "control characters, which no page can hold, and the page's other errors",
    ids: [.textInvalid, .textInvalid, .textInvalid, .linkInvalid]),
  FaultIDs(fault: "a directive shown twice on one page", ids: [.blockShownTwice]),
  FaultIDs(fault: "a table whose header and delimiter rows differ", ids: [.tableInvalid]),
  FaultIDs(
    fault: "a bare URL in a paragraph right after a link reference definition, at its own line",
    ids: [.markdownExtension]),
  FaultIDs(
    fault: "strikethrough, a task list and bare URLs",
    ids: [.markdownExtension, .markdownExtension, .markdownExtension, .taskList, .taskList]),
  FaultIDs(fault: "two pages with the same name", ids: [.pageNameClash]),
  FaultIDs(fault: "template without a content slot", ids: [.templateInvalid]),
]

@Suite struct ContentDiagnosticIDTests {
  func errors(of name: String) throws -> [Diagnostic] {
    let fault = try #require(contentFaults.first { $0.name == name }, "no Content fault named \(name)")
    let fixture = try Fixture(pages: [:], template: fault.template)
    defer { fixture.remove() }
    for (page, text) in fault.pages { try fixture.write("Content/\(page)", text) }
    return fixture.build.run().diagnostics.filter { $0.severity == .error }.sorted()
  }

  @Test("Each Content error carries the id of its kind", arguments: faultIDs)
  func ids(_ item: FaultIDs) throws {
    #expect(try errors(of: item.fault).map(\.id) == item.ids)
  }

  @Test("A mistyped id gets the nearest known one as a fix-it")
  func fixIts() throws {
    let errors = try errors(of: "mistyped ids get the nearest known one and the list")
    #expect(
      errors.map(\.id) == [
        .linkInvalid, .linkInvalid, .blockInvalid, .blockInvalid, .linkExampleInvalid, .linkExampleInvalid,
        .linkExampleInvalid,
      ])
    #expect(
      errors.map { $0.fixIts.map(\.replacement) } == [
        [], [], ["rejection-reasons"], ["production"], ["staging"], ["extra-field"], ["start"],
      ])
  }

  @Test("A mistyped front matter key gets the key it means as a fix-it")
  func frontMatterFixIt() throws {
    let errors = try errors(of: "mistyped front matter key")
    #expect(errors.map { $0.fixIts.map(\.replacement) } == [[], ["summary"]])
  }

  @Test("The undocumented-route warning survives a rebuild from the build record with its id")
  func cachedWarning() throws {
    let fixture = try Fixture(pages: [
      "index.md": goodPage, "routes.md": page("Routes", weight: 2, "```contract route checkout\n```\n"),
    ])
    defer { fixture.remove() }
    let first = fixture.build.run().diagnostics.filter { $0.severity == .warning }
    // The build record keeps each warning with its id, so that a rebuild it stops early gives it back.
    let record = try #require(fixture.read(".Site.linkcontract-cache"))
    #expect(record.ranges(of: "route-undocumented").count >= first.count)
    let second = fixture.build.run().diagnostics.filter { $0.severity == .warning }
    #expect(!first.isEmpty)
    #expect(first.allSatisfy { $0.id == .routeUndocumented })
    #expect(second == first)
    #expect(fixture.messages(second) == undocumented(except: ["checkout"], on: "routes.md"))
  }
}
