import AssociationChecks
import CustomerApp
import Foundation
import LinkContract
import Testing

/// Google's Digital Asset Links compatibility tests for statement-list parsing, read from
/// `Tests/PublicSuites/digitalassetlinks/*.pb`, copied from google/digitalassetlinks.
struct DigitalAssetLinksTests {
  struct Group: Sendable, CustomTestStringConvertible {
    let file: String
    let name: String
    /// The statement list the source asset serves: a web file's body, or an APK's statements.
    let body: String
    /// Whether the source is served over https (an APK counts as secure).
    let secure: Bool
    let expectsSuccess: Bool
    let messagePatterns: [String]
    var testDescription: String { name }
  }

  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("PublicSuites/digitalassetlinks").standardizedFileURL

  /// Include groups whose expected outcome comes from the content of an included file, which
  /// `validate` does not fetch: the source file alone is valid, and its include is reported
  /// as not followed.
  static let needsFetch: [String: String] = [
    "comptest5002": "the included file is not JSON",
    "comptest5003": "an included file is not JSON",
    "comptest5005": "two included files include each other",
    "comptest5009": "an https include includes an http file",
  ]

  /// Every test group of every suite file, the source's statement list with its verdict.
  static let allGroups: [Group] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter { $0.hasSuffix(".pb") }
    return (files ?? []).sorted().flatMap { file -> [Group] in
      guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) else { return [] }
      var reader = TextFormat(Array(text.utf8))
      let document = reader.message()
      return document.all("test_group").compactMap { group -> Group? in
        let body: String
        let secure: Bool
        if let android = group.all("android_content").first, let statements = android.string("assets_statements") {
          (body, secure) = (statements, true)
        } else if let web = group.all("web_content").first, let text = web.string("body") {
          (body, secure) = (text, web.string("url")?.lowercased().hasPrefix("https:") ?? true)
        } else {
          return nil
        }
        let tests = group.all("check_statements_tests") + group.all("list_statements_tests")
        let failing = tests.filter { $0.identifier("outcome") != "SUCCESS" }
        return Group(
          file: file, name: group.string("name") ?? file, body: body, secure: secure, expectsSuccess: failing.isEmpty,
          messagePatterns: failing.compactMap { $0.string("error_message_regex") })
      }
    }
  }()

  /// The groups decided without fetching: all but `needsFetch`.
  static let groups = allGroups.filter { group in !needsFetch.keys.contains { group.name.hasPrefix($0 + ":") } }

  @Test func testdataIsPresent() {
    #expect(Self.allGroups.count == 149, "found \(Self.allGroups.count) groups in \(Self.folder.path)")
    #expect(Self.allGroups.count - Self.groups.count == Self.needsFetch.count)
  }

  /// The messages `validate --served-over http|https` gives the group's source, as the command
  /// reads it (the scheme of the source's URL; an APK counts as https).
  static func validated(_ group: Group) -> [Diagnostic] {
    FileValidation(
      path: "assetlinks.json", bytes: Array(group.body.utf8), kind: nil, servedOverHTTPS: group.secure,
      forbidden: Contract.customerApp.forbiddenKeys
    ).messages
  }

  @Test(arguments: allGroups.filter { group in Self.needsFetch.keys.contains { group.name.hasPrefix($0 + ":") } })
  func includeNeedingAFetchIsReportedAsNotFollowed(_ group: Group) {
    let messages = Self.validated(group)
    #expect(messages.filter { $0.severity == .error }.isEmpty, "\(messages)")
    #expect(messages.contains { $0.severity == .warning && $0.message.contains("not followed") }, "\(messages)")
  }

  @Test(arguments: groups)
  func validatorAgrees(_ group: Group) throws {
    let messages = Self.validated(group)
    let errors = messages.filter { $0.severity == .error }.map(\.message)
    if group.expectsSuccess {
      #expect(errors.isEmpty, "\(group.file): \(errors)")
    } else {
      #expect(!errors.isEmpty, "\(group.file): no error")
      for pattern in group.messagePatterns {
        let regex = try NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
        let matched = errors.contains { text in
          regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        #expect(matched, "\(group.file): no message matches /\(pattern)/: \(errors)")
      }
    }
  }
}

/// Just enough of the protobuf text format for these files: fields, nested messages with
/// optional `:`, quoted strings (adjacent ones join), identifiers, `[...]` lists, `#` comments.
struct TextFormat {
  indirect enum Value {
    case string(String)
    case identifier(String)
    case message(Message)
    case list([Value])
  }

  struct Message {
    var fields: [(String, Value)] = []
    func all(_ name: String) -> [Message] {
      fields.compactMap { field in
        if field.0 == name, case .message(let message) = field.1 { return message }
        return nil
      }
    }
    func string(_ name: String) -> String? {
      for field in fields where field.0 == name { if case .string(let text) = field.1 { return text } }
      return nil
    }
    func identifier(_ name: String) -> String? {
      for field in fields where field.0 == name { if case .identifier(let text) = field.1 { return text } }
      return nil
    }
  }

  private let bytes: [UInt8]
  private var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  private mutating func skip() {
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "#") {
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
      } else if [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ",")].contains(bytes[index]) {
        index += 1
      } else {
        return
      }
    }
  }

  private func isWord(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F
      || byte == 0x2E || byte == 0x2D
  }

  private mutating func word() -> String {
    let start = index
    while index < bytes.count, isWord(bytes[index]) { index += 1 }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  mutating func message() -> Message {
    var message = Message()
    while true {
      skip()
      guard index < bytes.count, bytes[index] != UInt8(ascii: "}") else {
        if index < bytes.count { index += 1 }
        return message
      }
      let name = word()
      if name.isEmpty {
        index += 1
        continue
      }
      skip()
      if index < bytes.count, bytes[index] == UInt8(ascii: ":") { index += 1 }
      message.fields.append((name, value()))
    }
  }

  private mutating func value() -> Value {
    skip()
    guard index < bytes.count else { return .identifier("") }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      index += 1
      return .message(message())
    case UInt8(ascii: "["):
      index += 1
      var items: [Value] = []
      while true {
        skip()
        if index >= bytes.count || bytes[index] == UInt8(ascii: "]") {
          index += 1
          return .list(items)
        }
        items.append(value())
      }
    case UInt8(ascii: "'"), UInt8(ascii: "\""):
      var text: [UInt8] = []
      while index < bytes.count, bytes[index] == UInt8(ascii: "'") || bytes[index] == UInt8(ascii: "\"") {
        let quote = bytes[index]
        index += 1
        while index < bytes.count, bytes[index] != quote {
          if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
            index += 1
          }
          text.append(bytes[index])
          index += 1
        }
        index += 1
        skipSpaceAndComments()
      }
      return .string(String(decoding: text, as: UTF8.self))
    default:
      return .identifier(word())
    }
  }

  /// Between adjacent string literals: whitespace and comments, but not commas.
  private mutating func skipSpaceAndComments() {
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "#") {
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
      } else if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
        index += 1
      } else {
        return
      }
    }
  }
}
