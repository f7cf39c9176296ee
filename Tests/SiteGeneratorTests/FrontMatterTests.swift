import DesignFixture
import Testing

@testable import SiteGenerator

/// Front matter values are trimmed as characters.
@Suite struct FrontMatterTests {
  @Test(
    "Values are trimmed as characters",
    arguments: [
      ("", ""), (" ", ""), ("\t", ""), ("title", "title"), ("  title  ", "title"), ("\ttitle\t", "title"),
      ("title \r", "title"), (" \r", ""), ("a b", "a b"), (" a\tb ", "a\tb"), ("\r title", "\r title"),
      (" \u{301}title", " \u{301}title"), ("title \u{301}", "title \u{301}"), ("  é  ", "é"),
      ("\u{600} x", "\u{600} x"), ("日本 ", "日本"), (" \r\u{301}", "\r\u{301}"),
    ])
  func trimmed(_ text: String, _ expected: String) {
    #expect(Substring(text).trimmingSpaces == Substring(expected), "\(text.debugDescription)")
  }

  @Test("Trimming by bytes gives what trimming by characters gives", arguments: 0..<8)
  func bytesMatchCharacters(_ seed: Int) {
    var random = SplitMix64(name: "trim \(seed)")
    // Spaces, tabs and carriage returns beside letters, combining and prepended marks.
    let alphabet: [Character] = [" ", " ", "\t", "\r", "a", "é", "\u{301}", "\u{600}", "日", "-"]
    for _ in 0..<500 {
      let text = Substring(random.string(alphabet, count: random.int(0...8)))
      #expect(text.trimmingSpaces == text.trimmingSpacesByCharacters, "\(text.debugDescription)")
    }
  }

  @Test(
    "A page's front matter gives its title, summary and weight",
    arguments: [
      ("---\ntitle: A\nsummary:  B  \nweight: 3\n---\nbody", "A|B|3|body|6"),
      ("---\r\ntitle: A \r\nsummary:\tB\r\nweight: 3\r\n---\r\nbody", "A|B|3|body|6"),
      ("---\ntitle: Été \nsummary: x\nweight: -1\n---\n", "Été|x|-1||6"),
      (
        "---\ntitle: \"@main: a \\\"type\\\" \\\\ \\/\"\nsummary: 'it''s'\nweight: \"2\"\n---\n",
        "@main: a \"type\" \\ /|it's|2||6"
      ),
      ("---\ntitle: a \"b\" 'c'\nsummary: 'x'\nweight: 1\n---\n", "a \"b\" 'c'|x|1||6"),
    ])
  func parsed(_ source: String, _ expected: String) {
    let (matter, body, line, diagnostics) = FrontMatter.parse(Substring(source), path: "a.md")
    #expect(diagnostics.isEmpty, "\(source.debugDescription)")
    let found = matter.map { "\($0.title)|\($0.summary)|\($0.weight)|\(body)|\(line)" }
    #expect(found == expected, "\(source.debugDescription)")
  }
}

extension FrontMatterTests {
  static let faulty: [(String, [String])] = [
    ("", ["1:1: missing front matter: start the file with a `---` line, then title, summary and weight"]),
    (
      "title: A\n---\n", ["1:1: missing front matter: start the file with a `---` line, then title, summary and weight"]
    ),
    ("---\ntitle: A\n", ["1:1: front matter is not closed: add a `---` line after the last key"]),
    ("---", ["1:1: front matter is not closed: add a `---` line after the last key"]),
    (
      "---\ntitle: A\ntitle: B\nsummary: S\nweight: 1\n---\n",
      ["3:1: front matter key `title` is given twice"]
    ),
    (
      "---\ntitle:   \nsummary: S\nweight: 1\n---\n",
      ["2:7: front matter key `title` has no value", "1:1: front matter has no `title`"]
    ),
    (
      "---\ntitle: A\nsummary: S\nweight: 1\nlayout: x\n---",
      ["5:1: unknown front matter key `layout` (known keys: `title`, `summary`, `weight`)"]
    ),
    (
      "---\r\ntitle: A\r\nsummary: S\r\nweight: one\r\n---\r\n",
      ["4:9: front matter `weight` must be a whole number, not `one`"]
    ),
    (
      "---\ntitle A\nsummary: S\nweight: 1\n---\n",
      ["2:1: malformed front matter line: expected `key: value`", "1:1: front matter has no `title`"]
    ),
    ("---\ntitle: A\nweight: 1\n---\n", ["1:1: front matter has no `summary`"]),
    (
      "---\ntitle:  \"A\nsummary: 'S' x\nweight: \"\\q\"\n---\n",
      [
        "2:9: front matter key `title`: the value's \" is not closed: end the value with \"",
        "3:10: front matter key `summary`: text after the closing ': quote the whole value",
        "4:9: front matter key `weight`: `\\q` is not an escape here: write `\\\"`, `\\\\`, `\\t` or `\\n`",
        "1:1: front matter has no `title`", "1:1: front matter has no `summary`", "1:1: front matter has no `weight`",
      ]
    ),
  ]

  @Test("Faulty front matter is reported where it is", arguments: faulty)
  func faulty(_ source: String, _ expected: [String]) {
    let (matter, _, _, diagnostics) = FrontMatter.parse(Substring(source), path: "a.md")
    #expect(matter == nil, "\(source.debugDescription)")
    #expect(diagnostics.map { "\($0.line):\($0.column): \($0.message)" } == expected, "\(source.debugDescription)")
  }

  @Test("A closing fence at the end of the file, with no line end, closes the front matter")
  func closedAtEnd() {
    let (matter, body, line, diagnostics) = FrontMatter.parse("---\ntitle: A\nsummary: S\nweight: 2\n---", path: "a.md")
    #expect(diagnostics.isEmpty)
    #expect(matter == FrontMatter(title: "A", summary: "S", weight: 2))
    #expect(body.isEmpty && line == 6)
  }
}
