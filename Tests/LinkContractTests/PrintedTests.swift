import LinkContract
import Testing

@Suite("Printed: foreign text as any command prints it")
struct PrintedTests {
  static let forbidden: ForbiddenWords = [.init(id: "credentials", title: "Credentials", words: ["password", "token"])]

  @Test(
    "Control characters are escaped",
    arguments: [
      ("plain", "plain"),
      ("a\u{1B}[31mred", "a\\u{1B}[31mred"),
      ("line\nbreak\r", "line\\u{A}break\\u{D}"),
      ("del\u{7F} c1\u{85}", "del\\u{7F} c1\\u{85}"),
      ("tab\there", "tab\\u{9}here"),
      ("é “quoted” —", "é “quoted” —"),
    ])
  func controls(_ input: String, _ expected: String) {
    #expect(Printed.excerpt(input) == expected)
  }

  @Test("Long text is cut at the limit with its length in bytes", arguments: [0, 1, 79, 80, 81, 1_000_000])
  func cut(_ length: Int) {
    let text = String(repeating: "x", count: length)
    let printed = Printed.excerpt(text)
    if length <= Printed.excerptLimit {
      #expect(printed == text)
    } else {
      #expect(printed == String(repeating: "x", count: Printed.excerptLimit) + "… (\(length) bytes)")
    }
    #expect(Printed.excerpt(bytes: Array(text.utf8)) == printed)
  }

  @Test("Invalid bytes read as replacement characters, cut like text")
  func bytes() {
    #expect(Printed.excerpt(bytes: [0x61, 0xFF, 0x1B, 0x62]) == "a\u{FFFD}\\u{1B}b")
    let long = [UInt8](repeating: 0xFF, count: 10_000)
    #expect(Printed.excerpt(bytes: long, limit: 3) == "\u{FFFD}\u{FFFD}\u{FFFD}… (10000 bytes)")
  }

  @Test(
    "URLs lose their userinfo and the values of forbidden keys",
    arguments: [
      ("https://links.example.test/a?b=1", "https://links.example.test/a?b=1"),
      ("https://user:secret@links.example.test/", "https://[redacted]@links.example.test/"),
      ("https://h.test/?password=hunter2&token=abc&x=1", "https://h.test/?password=[redacted]&token=[redacted]&x=1"),
      ("https://h.test/p#access_token=abc;ok=2", "https://h.test/p#access_token=[redacted];ok=2"),
      ("https://h.test/p?x=1#userToken=abc", "https://h.test/p?x=1#userToken=[redacted]"),
      ("not a url", "not a url"),
      ("https://h.test/?password=a\u{1B}b", "https://h.test/?password=[redacted]"),
      ("https://h.test/\u{1B}?q=1", "https://h.test/\\u{1B}?q=1"),
    ])
  func urls(_ input: String, _ expected: String) {
    #expect(Printed.url(input, forbidden: Self.forbidden) == expected)
  }
}
