import AssociationChecks
import ContractArtifacts
import Testing

struct JSONParserTests {
  struct Accepted: Sendable, CustomTestStringConvertible {
    let text: String
    let compact: String
    var testDescription: String { text }
  }

  static let accepted: [Accepted] = [
    .init(text: #"{"b":1,"a":[true,false,null]}"#, compact: #"{"b":1,"a":[true,false,null]}"#),
    .init(text: " [ ] \n", compact: "[]"),
    .init(text: #""\u00e9\ud83d\ude00\n""#, compact: "\"é😀\\n\""),
    .init(text: "-12", compact: "-12"),
    .init(text: #"{"k":"\/"}"#, compact: #"{"k":"/"}"#),
    .init(text: #"{"version":1.5}"#, compact: #"{"version":1.5}"#),
    .init(text: "[-0.0e+10,2E-3,1e5]", compact: "[-0.0e+10,2E-3,1e5]"),
    .init(text: "123456789012345678901234567890", compact: "123456789012345678901234567890"),
  ]

  @Test(arguments: accepted)
  func accepts(_ item: Accepted) throws {
    #expect(try JSONParser.parse(item.text).compact == item.compact)
  }

  @Test func keepsKeyOrder() throws {
    let json = try JSONParser.parse(#"{"z":1,"a":2,"m":3}"#)
    guard case .object(let members) = json else {
      Issue.record("not an object")
      return
    }
    #expect(members.map(\.0) == ["z", "a", "m"])
  }

  struct Refused: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let message: String
    var testDescription: String { name }
  }

  static let refused: [Refused] = [
    .init(name: "byte-order mark", bytes: [0xEF, 0xBB, 0xBF] + Array("{}".utf8), message: "byte-order mark"),
    .init(name: "duplicate key", bytes: Array(#"{"a":1,"a":2}"#.utf8), message: "\"a\" twice"),
    .init(name: "trailing data", bytes: Array("{} x".utf8), message: "after the end"),
    .init(name: "trailing comma in array", bytes: Array("[1,]".utf8), message: "trailing comma"),
    .init(name: "trailing comma in object", bytes: Array(#"{"a":1,}"#.utf8), message: "trailing comma"),
    .init(name: "unterminated", bytes: Array("[{".utf8), message: "expected a string key"),
    .init(name: "comment", bytes: Array("// x\n{}".utf8), message: "comment"),
    .init(name: "empty", bytes: [], message: "is empty"),
    .init(name: "leading zero", bytes: Array("01".utf8), message: "leading zero"),
    .init(name: "fraction without digits", bytes: Array("1.".utf8), message: "no digit after its decimal point"),
    .init(name: "exponent without digits", bytes: Array("[1e+]".utf8), message: "no digit in its exponent"),
    .init(name: "leading plus", bytes: Array("+1".utf8), message: "unexpected character"),
    .init(name: "control character", bytes: Array("\"a\u{01}\"".utf8), message: "control character"),
    .init(name: "invalid UTF-8", bytes: [0x22, 0xC3, 0x28, 0x22], message: "not UTF-8"),
    .init(name: "lone surrogate", bytes: Array(#""\ud800""#.utf8), message: "surrogate"),
    .init(name: "single quotes", bytes: Array("['a']".utf8), message: "unexpected character"),
  ]

  @Test(arguments: refused)
  func refuses(_ item: Refused) {
    #expect(throws: JSONParseError.self) { try JSONParser.parse(item.bytes) }
    do {
      _ = try JSONParser.parse(item.bytes)
    } catch {
      #expect(error.description.contains(item.message), "\(error.description)")
    }
  }

  @Test(arguments: [
    ("", 1, 1), ("applinks", 2, 3), ("applinks.details[0]", 3, 5), (#"applinks.details[0]["/"]"#, 3, 6),
    ("applinks.details[9]", 2, 16),
  ])
  func locatesValues(_ path: String, _ line: Int, _ column: Int) throws {
    let (_, locations) = try JSONParser.parseLocated(
      Array("{\n  \"applinks\": {\"details\": [\n    {\"/\": \"é\"}]}}".utf8))
    let position = locations.position(of: path)
    #expect(position.line == line && position.column == column, "\(path): \(position)")
  }

  @Test func reportsLineAndColumn() {
    do {
      _ = try JSONParser.parse("{\n  \"a\": 1,\n  \"a\": 2\n}")
      Issue.record("accepted a duplicate key")
    } catch {
      #expect(error.line == 3)
      #expect(error.column == 3)
    }
  }
}
