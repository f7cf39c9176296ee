import ContractArtifacts
import CustomerApp
import Foundation
import LinkContract
import Testing

@testable import SiteGenerator

/// A page whose first pass writes its content (`AheadContent`) is parsed once; the site must be
/// byte for byte the one that parsing every page again for its render makes, with the same
/// diagnostics, whatever the render took for granted.
@Suite("Content written in the first pass")
struct AheadRenderTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let pages: [String: String]
    /// Generated files beside the fixture's own `data.json`.
    var generated: [String: String] = [:]
    /// How many pages are expected to be rendered from their first pass.
    let ahead: Int
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "links to pages, to headings there and here",
      pages: [
        "a.md": page("A", weight: 1, "## Start\n\nSee [b](b.md), [its part](b.md#part-two) and [here](#start).\n"),
        "b.md": page("B", weight: 2, "## Part one\n\nBack to [a](a.md).\n\n## Part two\n\n- *one*\n- `two`\n"),
      ], ahead: 2),
    Case(
      name: "a table, a quote, a code block and an external link",
      pages: [
        "t.md": page(
          "T",
          """
          | Name | Where |
          | --- | :---: |
          | [b](b.md) | `x \\| y` |

          > Quoted, with [a link](https://example.com/a?b=1&c=2).

          ```swift
          let x = "<&>"
          ```
          """),
        "b.md": page("B", weight: 2, "Plain text.\n"),
      ], ahead: 2),
    Case(
      name: "a link to a generated file",
      pages: ["g.md": page("G", "The [data](data.json) file.\n")], ahead: 0),
    Case(
      name: "a link a generated file answers before a page of its name",
      pages: [
        "n.md": page("N", "The [notes](notes.md).\n"),
        "notes.md": page("Notes", weight: 2, "Notes.\n"),
      ], generated: ["notes.md": "generated notes\n"], ahead: 1),
    Case(
      name: "a link to a missing page",
      pages: ["m.md": page("M", "Gone: [x](missing.md).\n")], ahead: 0),
    Case(
      name: "a link to a missing heading on another page",
      pages: [
        "h.md": page("H", "See [b](b.md#nowhere).\n"),
        "b.md": page("B", weight: 2, "## Somewhere\n\nText.\n"),
      ], ahead: 1),
    Case(
      name: "a link to a missing heading on the page itself",
      pages: ["s.md": page("S", "## Here\n\nSee [there](#there).\n")], ahead: 0),
    Case(
      name: "a route link and a contract block",
      pages: [
        "r.md": page("R", "Opens [the route](route:business).\n"),
        "routes.md": page("Routes", weight: 2, "```contract route business\n```\n"),
      ], ahead: 1),
    Case(
      name: "contract blocks between tables of one name, and in a list",
      pages: [
        "c.md": page(
          "C",
          """
          | A | B |
          | --- | --- |
          | 1 | [r](routes.md) |

          ```contract route-classes
          ```

          | A | B |
          | --- | --- |
          | 3 | 4 |

          - First.

            ```contract rejection-reasons
            ```

          - Last.

          After.
          """),
        "routes.md": page("Routes", weight: 2, "```contract routes\n```\n"),
      ], ahead: 2),
    Case(
      name: "one block shown on two pages, one of which holds an anchor it links to",
      pages: [
        "own.md": page("Own", "```contract route business\n```\n\n```contract route-classes\n```\n"),
        "other.md": page("Other", weight: 2, "```contract route-classes\n```\n"),
      ], ahead: 2),
    Case(
      name: "one block on a page at the root and on one in a folder",
      pages: [
        "top.md": page("Top", "```contract route-classes\n```\n\n```contract route business\n```\n"),
        "guides/inner.md": page("Inner", weight: 2, "See [top](../top.md).\n\n```contract route-classes\n```\n"),
      ], ahead: 2),
  ]

  @Test("The site is the one every page parsed twice makes", arguments: cases)
  func sameSite(_ item: Case) throws {
    let fixture = try Fixture(pages: item.pages)
    defer { fixture.remove() }
    func site(ahead: Bool) -> RenderedSite {
      var build = SiteBuild(
        contentDirectory: fixture.root.appendingPathComponent("Content").path,
        templatesDirectory: fixture.root.appendingPathComponent("Templates").path,
        outputDirectory: fixture.root.appendingPathComponent("Site").path, contract: .design,
        generatedFiles: item.generated.merging(["data.json": "{}\n"]) { mine, _ in mine })
      build.rendersAhead = ahead
      return build.render()
    }
    let twice = site(ahead: false)
    let once = site(ahead: true)
    #expect(twice.renderedAhead == 0)
    #expect(once.renderedAhead == item.ahead)
    #expect(fixture.messages(once.diagnostics) == fixture.messages(twice.diagnostics))
    #expect(once.files.keys.sorted() == twice.files.keys.sorted())
    for (path, bytes) in twice.files where once.files[path] != bytes {
      Issue.record("\(path) differs:\n\(String(decoding: once.files[path] ?? [], as: UTF8.self))")
    }
  }

  /// A block rendered once goes into a page as written only where nothing of it can change.
  @Test(
    "A block goes in as written at the root, when no region name repeats",
    arguments: [
      ("page", [["Route classes"], ["Gates"]], ["Table: a, b", "Table: a, b"], true),
      ("guides/page", [["Route classes"]], [], false),
      ("page", [["Route classes"]], ["Route classes"], false),
      ("page", [["Gates", "Route classes"], ["Route classes"]], [], false),
      ("page", [[], []], [], true),
    ])
  func goInWritten(_ page: String, _ blocks: [[String]], _ pageRegions: [String], _ written: Bool) {
    #expect(RenderedBlock.goInWritten(blocks, on: page, besideRegions: pageRegions) == written)
  }

  @Test("The repository's own Content gives the same site either way")
  func repositoryContent() {
    let files = publishedFiles(siteArtifacts(.customerApp))
    func site(ahead: Bool) -> RenderedSite {
      var build = SiteBuild(
        contentDirectory: Fixture.repository.appendingPathComponent("Content").path,
        templatesDirectory: Fixture.repository.appendingPathComponent("Templates").path,
        outputDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("unused-site").path,
        contract: .customerApp, generatedFiles: files)
      build.rendersAhead = ahead
      return build.render()
    }
    let twice = site(ahead: false)
    let once = site(ahead: true)
    #expect(once.diagnostics.map(\.description) == twice.diagnostics.map(\.description))
    #expect(once.files.keys.sorted() == twice.files.keys.sorted())
    for (path, bytes) in twice.files where once.files[path] != bytes { Issue.record("\(path) differs") }
  }
}
