import AssociationChecks
import Testing

struct AppSettingsTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    let entries: [String]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "plain", text: #"{"A": {"B": "x"}}"#, entries: ["A:B=x@1:13"]),
    Case(
      name: "line comment first", text: "// where it goes\n{\n  \"PublicSite\": { \"BaseUrl\": \"https://h\" }\n}\n",
      entries: ["PublicSite:BaseUrl=https://h@3:30"]),
    Case(
      name: "block comment and trailing commas", text: "{ /* a, } */ \"L\": [\"a\", \"b\",], \"N\": 3, }",
      entries: ["L:0=a@1:20", "L:1=b@1:25", "N=3@1:37"]),
    Case(name: "slashes inside a string", text: #"{"U": "https://x//y"}"#, entries: ["U=https://x//y@1:7"]),
    Case(
      name: "escaped quote", text: #"{"Q": "a\"b", "R": true, "S": null}"#, entries: [#"Q=a"b@1:7"#, "R=true@1:20"]),
  ]

  @Test(arguments: cases)
  func readsSettingsWithPositions(_ test: Case) throws {
    let entries = try AppSettings.entries(Array(test.text.utf8))
    #expect(entries.map { "\($0.key)=\($0.value)@\($0.line):\($0.column)" } == test.entries)
  }

  @Test(arguments: ["{\"A\": }", "// only a comment", "{\"A\": \"x\"} trailing"])
  func refusesWhatIsNotJSON(_ text: String) {
    #expect(throws: JSONParseError.self) { try AppSettings.entries(Array(text.utf8)) }
  }

  @Test func keepsPositions() {
    let text = "{ // c\n \"a\": 1, }"
    #expect(AppSettings.strict(Array(text.utf8)).count == text.utf8.count)
    #expect(String(decoding: AppSettings.strict(Array(text.utf8)), as: UTF8.self) == "{     \n \"a\": 1  }")
  }
}
