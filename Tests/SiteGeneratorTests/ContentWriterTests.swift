import DesignFixture
import Foundation
import LinkContract
import Testing

@testable import SiteGenerator

/// `ContentWriter` writes a page's content straight from cmark's tree; rendering the page into
/// an HTML document and writing that is the reference. For every page the writer writes, both
/// give the same bytes, newlines, ids, links (with their lines), fault and lookups; where it
/// stops, it says so for the reason the document would give.
@Suite("Content written straight from cmark's tree")
struct ContentWriterTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let body: String
    let outcome: ContentWriter.Outcome
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "paragraphs and soft breaks", body: "One\ntwo.\n\nThree.\n", outcome: .written),
    Case(
      name: "headings of every level, repeated and empty",
      body: "# Top\n\n## Part\n\n### Part\n\n#### Four\n\n##### Five\n\n###### Six\n\n##\n\nSetext\n---\n",
      outcome: .written),
    Case(
      name: "emphasis, strong, code and breaks",
      body: "A *b* **c** `d <e> & \"f\"` g  \nh\\\ni ***j*** `` k`l ``\n", outcome: .written),
    Case(
      name: "escaped and entity text",
      body: "1 < 2 & 3 > 2, \"quoted\" 'single' &amp; &lt; &copy; &#0; &#xFFFE; &#x1F600; é\n",
      outcome: .written),
    Case(
      name: "links to this page, another page and out",
      body: """
        ## Here

        [self](#here) [page](other.md) [part](other.md#part-two) [this](p.md#here)
        [out](https://example.com/a?b=1&c="2" "A \\"title\\" & more") [mail](mailto:a@example.com)
        <https://example.com/auto> [*styled* `code`](other.md)

        """, outcome: .written),
    Case(
      name: "lists: tight, loose, ordered from 3, nested",
      body: """
        - one
        - *two*
          - nested `x`
          - nested 2

        1. a

        2. b

        3. c
        4. d

        10) ten
        11) eleven

        * item

          second paragraph

          > quoted in item

        """, outcome: .written),
    Case(
      name: "quotes, nested, with lists and code",
      body: "> One\n> > Two\n>\n> - three\n>\n> ```\n> code\n> ```\n", outcome: .written),
    Case(
      name: "code blocks: fenced with languages, indented, empty",
      body: """
        ```swift
        let x = "<&>"\t// tab
        ```

        ```  js   extra words
        a && b
        ```

            indented <code>

        ```
        ```

        ~~~
        tilde
        ~~~

        """, outcome: .written),
    Case(name: "a thematic break", body: "Before.\n\n***\n\n- - -\n\nAfter.\n", outcome: .written),
    Case(name: "an empty page", body: "", outcome: .written),
    Case(
      name: "a pipe table is left to the document",
      body: "Intro.\n\n| a | b |\n| --- | --- |\n| 1 | [x](other.md) |\n", outcome: .needsDocument),
    Case(
      name: "a link example is left to the document",
      body: "```link-example\nhttps://example.com/x -> unsupported unknown-route\n```\n", outcome: .needsDocument),
    Case(name: "a link to a missing heading here", body: "[x](#nowhere)\n", outcome: .notAhead),
    Case(name: "a link with a scheme Content may not use", body: "[x](ftp://example.com)\n", outcome: .notAhead),
    Case(name: "a route link needs the index", body: "[x](route:business)\n", outcome: .notAhead),
    Case(name: "a link to a file that is no page", body: "[x](notes.txt)\n", outcome: .notAhead),
  ]

  @Test("Each construct is written as the document writes it", arguments: cases)
  func construct(_ item: Case) throws {
    let outcome = try compare(item.body, name: item.name)
    #expect(outcome == item.outcome)
  }

  /// Random pages of the constructs above, mixed and nested, in groups of 20: a page its first
  /// pass reports on is never written ahead and is skipped, but most pages of a group must be
  /// written directly and compared.
  @Test("Random pages are written as the document writes them", arguments: 0..<12)
  func randomPages(_ group: Int) throws {
    var random = SplitMix64(seed: UInt64(group) &* 0x9E37_79B9 &+ 17)
    var written = 0
    for index in 0..<20 {
      let body = Self.randomBody(&random)
      if try compare(body, name: "group \(group), page \(index):\n\(body)", reportingFirstPass: false) == .written {
        written += 1
      }
    }
    #expect(written >= 12, "only \(written) of 20 pages written directly")
  }

  /// Writes `body` both ways and records every difference; returns what the writer did.
  func compare(_ body: String, name: String, reportingFirstPass: Bool = true) throws -> ContentWriter.Outcome {
    let context = try Self.context()
    let source = Substring(page("P", body))
    let path = "Content/p.md"
    let (facts, _) = PageFacts.firstPass(
      name: "p", path: path, source: source, digest: 1, context: context, ahead: false)
    guard facts.diagnostics.isEmpty else {
      guard reportingFirstPass else { return .notAhead }
      Issue.record(
        "\(name): the first pass reported \(facts.diagnostics.map { "\($0.line):\($0.column) \($0.message)" })")
      return .notAhead
    }
    let written = SourcePage(facts: facts, source: source, placeholders: context.placeholders)
    var writer = ContentWriter(PageRenderer(aheadOf: written, context: context), expectedBytes: 0)
    let outcome = withExtendedLifetime(written) { writer.write(written.markdown.rootNode) }
    let document = AheadContent(
      SourcePage(facts: facts, source: source, placeholders: context.placeholders), context: context, direct: false)?
      .take(answer: { $0.kind == .anchor ? "" : "1" }, isGenerated: { _ in false })
    switch outcome {
    case .written:
      guard let document else {
        Issue.record("\(name): written directly, but the document renders it only after the index")
        return outcome
      }
      let direct = writer.out
      let expected = document.content
      if direct.bytes != expected.bytes {
        Issue.record(
          "\(name): bytes differ\n  direct:   \(String(decoding: direct.bytes, as: UTF8.self).debugDescription)\n  document: \(String(decoding: expected.bytes, as: UTF8.self).debugDescription)"
        )
      }
      #expect(direct.newlines == expected.newlines, "\(name)")
      #expect(direct.ids == expected.ids, "\(name)")
      #expect(direct.links == expected.links, "\(name)")
      #expect(direct.fault?.line == expected.fault?.line, "\(name)")
      #expect(direct.fault?.message == expected.fault?.message, "\(name)")
      #expect(writer.renderer.lookups.recorded == document.lookups, "\(name)")
      #expect(writer.renderer.lookups.notGenerated == document.notGenerated, "\(name)")
    case .notAhead:
      #expect(document == nil, "\(name): the document renders ahead what the writer says cannot be")
    case .needsDocument:
      break
    }
    return outcome
  }

  static func context() throws -> SiteContext {
    let path = Fixture.repository.appendingPathComponent("Templates/page.html").path
    let (template, problems) = PageTemplate.load(source: try String(contentsOfFile: path, encoding: .utf8), path: path)
    #expect(problems.isEmpty)
    return SiteContext(
      contract: .design, template: try #require(template), siteTitle: "Test",
      files: PublishedFiles(identity: nil) { [:] }, conformance: SharedConformance(.design))
  }

  static func randomBody(_ random: inout SplitMix64) -> String {
    var blocks: [String] = []
    for _ in 0..<random.int(1...9) { blocks.append(block(&random, depth: 0)) }
    return blocks.joined(separator: random.int(0...3) == 0 ? "\n" : "\n\n") + "\n"
  }

  static func block(_ random: inout SplitMix64, depth: Int) -> String {
    switch random.int(0...(depth < 2 ? 9 : 5)) {
    case 0: return String(repeating: "#", count: random.int(1...6)) + " " + inline(&random)
    case 1:
      return "```" + random.pick(["", "swift", " js  x", "text\t2"]) + "\n" + random.pick(["a < b & c", "", "x\n\ty"])
        + "\n```"
    case 2: return random.pick(["---", "***", "    indented & <code>"])
    case 3, 4, 5: return inline(&random) + (random.bool() ? "\n" + inline(&random) : "")
    case 6: return "> " + block(&random, depth: depth + 1).replacingOccurrences(of: "\n", with: "\n> ")
    default:
      let ordered = random.bool()
      let start = random.int(0...12)
      let loose = random.int(0...3) == 0
      return (0..<random.int(1...4)).map { index in
        let marker = ordered ? "\(start + index)." : random.pick(["-", "*", "+"])
        let indent = String(repeating: " ", count: marker.count + 1)
        let body = block(&random, depth: depth + 1).replacingOccurrences(of: "\n", with: "\n" + indent)
        return marker + " " + body
      }.joined(separator: loose ? "\n\n" : "\n")
    }
  }

  static func inline(_ random: inout SplitMix64) -> String {
    (0..<random.int(1...7)).map { _ in
      switch random.int(0...13) {
      case 0: return "*" + random.pick(["em", "a & b", "`c`"]) + "*"
      case 1: return "**" + random.pick(["strong", "x < y"]) + "**"
      case 2: return "`" + random.pick(["code", "<&>", "a | b", " "]) + "`"
      case 3:
        return "[" + random.pick(["link", "*em* text", ""]) + "]("
          + random.pick(["other.md", "other.md#part-two", "p.md", "https://example.com/?a=1&b=\"2\""]) + ")"
      case 4: return "[t](https://example.com \"" + random.pick(["title", "a & b < c", "tab\there"]) + "\")"
      case 5: return random.pick(["&amp;", "&lt;", "&#0;", "&#xFFFF;", "&copy;", "&nbsp;"])
      case 6: return random.pick(["<", ">", "&", "\"", "'", "é", "😀"])
      case 7: return random.pick(["hard  \nbreak", "back\\\nslash"])
      case 8: return "<https://example.com/auto>"
      default: return random.pick(["word", "customer", "link contract", "route", "session."])
      }
    }.joined(separator: " ")
  }
}
