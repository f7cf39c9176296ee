import Foundation
import LinkContract
import Testing

@testable import SiteGenerator

/// A rebuild after edits of a few pages' bodies reads only those pages of the record
/// (`BodyEditRebuild`); every other edit is the whole site's rebuild. Either way the output is
/// a full build's, byte for byte.
@Suite("Rebuilding edited pages alone")
struct EditedAloneTests {
  /// Seventy pages, so that the search index has two parts; each links to the next.
  static var pages: [String: String] {
    var pages: [String: String] = [:]
    for number in 1...70 {
      let next = number % 70 + 1
      pages["p\(number).md"] = page(
        "Page \(number)", weight: number,
        "## Start \(number)\n\nWords of page \(number), then [the next](p\(next).md).\n\n## More \(number)\n\nMore words.\n"
      )
    }
    return pages
  }

  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    /// Whether the rebuild reads the edited pages alone.
    let alone: Bool
    let edit: @Sendable (Fixture) throws -> Void
    var testDescription: String { name }
  }

  static func append(_ text: String, to name: String) -> @Sendable (Fixture) throws -> Void {
    { fixture in try fixture.write("Content/\(name)", fixture.read("Content/\(name)")! + text) }
  }

  static let cases: [Case] = [
    Case(name: "a sentence added to a page", alone: true, edit: append("\nOne more sentence.\n", to: "p3.md")),
    Case(
      name: "a page of the second part of the search index", alone: true,
      edit: append("\nQuite novel vocabulary.\n", to: "p69.md")),
    Case(
      name: "a link to another page and to a heading there", alone: true,
      edit: append("\nSee [p9](p9.md) and [its start](p9.md#start-9).\n", to: "p4.md")),
    Case(
      name: "two pages", alone: true,
      edit: { fixture in
        try append("\nOne.\n", to: "p1.md")(fixture)
        try append("\nTwo.\n", to: "p40.md")(fixture)
      }),
    Case(
      name: "five pages", alone: false,
      edit: { fixture in for number in 1...5 { try append("\nOne.\n", to: "p\(number).md")(fixture) } }),
    Case(name: "a new heading", alone: false, edit: append("\n## Later\n\nText.\n", to: "p5.md")),
    Case(
      name: "a renamed heading", alone: false,
      edit: { fixture in
        let text = fixture.read("Content/p6.md")!.replacingOccurrences(of: "## More 6", with: "## Further 6")
        try fixture.write("Content/p6.md", text)
      }),
    Case(
      name: "a new title", alone: false,
      edit: { fixture in
        try fixture.write(
          "Content/p7.md", fixture.read("Content/p7.md")!.replacingOccurrences(of: "Page 7", with: "Seventh"))
      }),
    Case(
      name: "a new summary", alone: false,
      edit: { fixture in
        try fixture.write(
          "Content/p8.md", fixture.read("Content/p8.md")!.replacingOccurrences(of: "About page 8.", with: "Eighth."))
      }),
    Case(name: "a link to a missing page", alone: false, edit: append("\n[Gone](gone.md).\n", to: "p10.md")),
    Case(name: "a link to a missing heading", alone: false, edit: append("\n[Gone](p11.md#gone).\n", to: "p12.md")),
    Case(name: "a route link", alone: false, edit: append("\n[The route](route:business).\n", to: "p13.md")),
    Case(name: "a contract block", alone: false, edit: append("\n```contract route business\n```\n", to: "p14.md")),
    Case(
      name: "a page added", alone: false,
      edit: { try $0.write("Content/p71.md", page("Page 71", weight: 71, "Text.\n")) }),
    Case(
      name: "a page removed", alone: false,
      edit: { try FileManager.default.removeItem(at: $0.root.appendingPathComponent("Content/p70.md")) }),
    Case(
      name: "an output file removed by hand as well", alone: false,
      edit: { fixture in
        try FileManager.default.removeItem(atPath: fixture.root.path + "/Site/p20.html")
        try append("\nOne more sentence.\n", to: "p21.md")(fixture)
      }),
  ]

  /// The fixture's pages built once, by a build that takes every file's status as settled
  /// (`settled`) or, as builds do, not a file changed in the last two seconds.
  static func built(settled: Bool = true, rebuildsEditsAlone: Bool = true) throws -> (Fixture, SiteBuild) {
    let fixture = try Fixture(pages: pages)
    var build = fixture.build
    if settled { build.sourceSettling = .seconds(-3600) }
    build.rebuildsEditsAlone = rebuildsEditsAlone
    #expect(build.run().diagnostics.errorCount == 0)
    return (fixture, build)
  }

  @Test("Which edits are rebuilt alone, each equal to a full build", arguments: cases)
  func editedAlone(_ item: Case) throws {
    let (fixture, build) = try Self.built()
    defer { fixture.remove() }
    try item.edit(fixture)
    let rebuilt = build.run()
    #expect(rebuilt.editedAlone == item.alone, "\(item.name)")
    fixture.expectFullBuild(rebuilt, item.name)
    // Each page, and its part of the search index (a file and a script) when its words changed.
    if item.alone { #expect((1...6).contains(rebuilt.written), "\(item.name): \(rebuilt.written) written") }
  }

  @Test(
    "Edits rebuilt alone and whole in turn keep the record true: each rebuild equals a full build",
    arguments: [true, false])
  func sequence(settled: Bool) throws {
    // Unsettled, every file was written just before the first build, which records no status.
    let (fixture, build) = try Self.built(settled: settled)
    defer { fixture.remove() }
    let steps: [(String, Bool, (Fixture) throws -> Void)] = [
      ("sentence", true, Self.append("\nOne.\n", to: "p2.md")),
      ("same page again", true, Self.append("\nTwo.\n", to: "p2.md")),
      ("heading", false, Self.append("\n## Later\n\nText.\n", to: "p2.md")),
      ("after the heading", true, Self.append("\nThree.\n", to: "p2.md")),
      ("link to the new heading", true, Self.append("\n[Later](p2.md#later).\n", to: "p50.md")),
      ("nothing", false, { _ in }),
    ]
    for (name, alone, edit) in steps {
      try edit(fixture)
      let rebuilt = build.run()
      #expect(rebuilt.editedAlone == alone, "\(name), settled: \(settled)")
      fixture.expectFullBuild(rebuilt, "\(name), settled: \(settled)")
    }
  }

  @Test("With rebuilding alone off, the same edit reads every page and gives the same site")
  func switchedOff() throws {
    let (fixture, build) = try Self.built(rebuildsEditsAlone: false)
    defer { fixture.remove() }
    try Self.append("\nOne more sentence.\n", to: "p3.md")(fixture)
    let rebuilt = build.run()
    #expect(!rebuilt.editedAlone)
    fixture.expectFullBuild(rebuilt, "switched off")
  }
}
