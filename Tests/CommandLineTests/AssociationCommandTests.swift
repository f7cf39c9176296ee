import ContractArtifacts
import Foundation
import Testing

@testable import LinkContractCLI

// `validate`, `diff` and `check` as a release engineer runs them: read errors, usage errors,
// exit codes, and JSON reports that match the schemas published under Site/schema/.

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// A run with the repository as the root.
private func run(_ arguments: [String]) -> Outcome {
  let captured = CapturedConsole()
  let code = runTool(arguments, console: captured.console, root: repository.path)
  return Outcome(code: code, stdout: captured.stdout, stderr: captured.stderr)
}

private struct Outcome {
  let code: Int32
  let stdout: String
  let stderr: String
}

/// A scratch folder with files written into it, removed at the end of the test.
private final class Scratch {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("linkcontract-tests-\(UUID().uuidString)")
  init() { try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
  deinit { try? FileManager.default.removeItem(at: url) }

  func write(_ name: String, _ bytes: [UInt8]) -> String {
    let path = url.appendingPathComponent(name).path
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    return path
  }

  func write(_ name: String, _ text: String) -> String { write(name, Array(text.utf8)) }
}

private let aasa = #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/a/*"}]}]}}"#
private let statements =
  #"[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"web","site":"https://example.com"}}]"#

/// The problems of `value` against the subset of JSON Schema the published schemas use:
/// `type`, `enum`, `const`, `minimum`, `properties`, `required`, `additionalProperties`, `items`.
func schemaProblems(_ value: JSON, _ schema: JSON, at path: String = "$") -> [String] {
  var problems: [String] = []
  func typeName(_ value: JSON) -> [String] {
    switch value {
    case .null: ["null"]
    case .bool: ["boolean"]
    case .int: ["integer", "number"]
    case .number: ["number"]
    case .string: ["string"]
    case .array: ["array"]
    case .object: ["object"]
    }
  }
  switch schema["type"] {
  case .string(let name)? where !typeName(value).contains(name): problems.append("\(path): not \(name)")
  case .array(let names)?:
    let allowed = names.compactMap { if case .string(let n) = $0 { n } else { nil } }
    if !typeName(value).contains(where: allowed.contains) { problems.append("\(path): not \(allowed)") }
  default: break
  }
  if case .array(let options)? = schema["enum"], !options.contains(value) {
    problems.append("\(path): \(value.compact) not in enum")
  }
  if let constant = schema["const"], constant != value { problems.append("\(path): not \(constant.compact)") }
  if case .int(let minimum)? = schema["minimum"], case .int(let number) = value, number < minimum {
    problems.append("\(path): below \(minimum)")
  }
  if case .object(let members) = value {
    if case .array(let required)? = schema["required"] {
      for case .string(let key) in required where !members.contains(where: { $0.0 == key }) {
        problems.append("\(path): no \(key)")
      }
    }
    for (key, member) in members {
      if let property = schema["properties"]?[key] {
        problems += schemaProblems(member, property, at: path + "." + key)
      } else if schema["additionalProperties"] == .bool(false) {
        problems.append("\(path): unexpected \(key)")
      }
    }
  }
  if case .array(let items) = value, let itemSchema = schema["items"] {
    for (index, item) in items.enumerated() { problems += schemaProblems(item, itemSchema, at: "\(path)[\(index)]") }
  }
  return problems
}

private func published(_ name: String) throws -> JSON {
  try JSONParser.parse(Array(try Data(contentsOf: repository.appendingPathComponent("Site/schema/" + name))))
}

struct ValidateCommandTests {
  @Test func readErrorsAreSpecificAndNeverStopTheOthers() throws {
    let scratch = Scratch()
    let good = scratch.write("apple-app-site-association", aasa)
    let fifo = scratch.url.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let notUTF8 = scratch.write("assetlinks.json", [0x5B, 0xFF, 0x5D])
    let missing = scratch.url.appendingPathComponent("nothing-here").path
    let result = run(["validate", missing, scratch.url.path, fifo, "/dev/null", notUTF8, good])
    #expect(result.code == 1)
    #expect(result.stderr.contains("\(missing):1:1: error: no such file"))
    #expect(result.stderr.contains("\(scratch.url.path):1:1: error: is a directory, not a file"))
    #expect(result.stderr.contains("\(fifo):1:1: error: is not a regular file (a FIFO)"))
    #expect(result.stderr.contains("/dev/null:1:1: error: is not a regular file (a character device)"))
    #expect(result.stderr.contains("\(notUTF8):1:2: error: is not UTF-8 text"))
    #expect(result.stdout.contains("\(good): valid apple-app-site-association (0 error(s), 0 warning(s))"))
    #expect(result.stdout.contains("\(missing): unreadable"))
  }

  @Test(arguments: [
    (aasa, "apple-app-site-association"), (statements, "assetlinks.json"),
  ])
  func kindFromContentWhenTheNameSaysNothing(_ text: String, _ kindName: String) {
    let scratch = Scratch()
    let path = scratch.write("fetched.txt", text)
    let result = run(["validate", path])
    #expect(result.code == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\(path): valid \(kindName)"), "\(result.stdout)")
  }

  @Test func unknownKindIsAnErrorOfThatFileOnly() {
    let scratch = Scratch()
    let odd = scratch.write("notes.txt", "hello")
    let good = scratch.write("assetlinks.json", statements)
    let result = run(["validate", odd, good])
    #expect(result.code == 1)
    #expect(result.stderr.contains("\(odd):1:1: error: cannot tell the kind"))
    #expect(result.stdout.contains("\(good): valid assetlinks.json"))
  }

  @Test func jsonMatchesThePublishedSchema() throws {
    let scratch = Scratch()
    let bad = scratch.write(
      "apple-app-site-association",
      #"{"applinks":{"details":[{"appIDs":["x"],"components":[{"/":"*"},{"/":"/p","exclude":true}]}]}}"#)
    let result = run(["validate", "--format", "json", bad, scratch.write("assetlinks.json", statements), "/dev/null"])
    #expect(result.code == 1)
    let report = try JSONParser.parse(result.stdout)
    #expect(report["schemaVersion"] == .int(2))
    #expect(schemaProblems(report, try published("validate-report.schema.json")).isEmpty)
    guard case .array(let files)? = report["files"], case .array(let messages)? = files.first?["messages"] else {
      Issue.record("no messages of the first file")
      return
    }
    #expect(messages.first?["id"] == .string("aasa-invalid"))
    #expect(messages.first?["at"] == .string("applinks.details[0]"))
    let shadowed = messages.first { $0["id"] == .string("component-shadowed") }
    #expect(shadowed?["severity"] == .string("error"))
    #expect(shadowed?["path"] == .string(bad))
    #expect(shadowed?["at"] == .string("applinks.details[0].components[1]"))
    #expect(report["summary"] == .object([("valid", .int(1)), ("invalid", .int(1)), ("unreadable", .int(1))]))
    #expect(result.stdout.contains(#""message": "applinks.details[0].components[1] is an exclude that never applies"#))
  }
}

struct DiffCommandTests {
  @Test func usageErrors() {
    let scratch = Scratch()
    let apple = scratch.write("apple-app-site-association", aasa)
    let links = scratch.write("assetlinks.json", statements)
    let cases: [([String], String)] = [
      (["diff", apple, scratch.url.appendingPathComponent("gone").path], "does not exist"),
      (["diff", apple, links], "two files of different kinds cannot be compared"),
      (["diff", "--against", "no-such-revision-anywhere"], "is not a revision"),
      (["diff", "--against", "HEAD", "Site/nosuch"], "exists neither in the working tree nor at HEAD"),
      (["diff", "--from", "HEAD", "--to", "no-such-revision-anywhere"], "is not a revision"),
      (["diff", "--from", "HEAD"], "needs --to"),
      (["diff", "--format", "yaml", apple, apple], "--format must be text or json"),
    ]
    for (arguments, message) in cases {
      let result = run(arguments)
      #expect(result.code == 2, "\(arguments): \(result.stdout) \(result.stderr)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
  }

  @Test func jsonMatchesThePublishedSchema() throws {
    let scratch = Scratch()
    let old = scratch.write("old.json", aasa)
    let new = scratch.write("new.json", aasa.replacingOccurrences(of: "/a/*", with: "/b/*"))
    let result = run(["diff", "--format", "json", "--probe", "https://example.com/a", old, new])
    #expect(result.code == 1)
    let report = try JSONParser.parse(result.stdout)
    #expect(schemaProblems(report, try published("diff-report.schema.json")).isEmpty, "\(result.stdout)")
    #expect(result.stdout.contains(#""kind": "component-removed""#))
    #expect(result.stdout.contains(#""detail": "/a: claimed by component 1 (\"/\": \"/a/*\") -> unclaimed""#))
  }

  @Test func theSameRevisionTwiceIsNoDifference() {
    let result = run(["diff", "--from", "HEAD", "--to", "HEAD"])
    #expect(result.code == 0, "\(result.stderr)")
    #expect(result.stdout == "no differences\n")
  }
}

struct CheckCommandTests {
  @Test func jsonMatchesThePublishedSchema() throws {
    let result = run(["check", "--format", "json"])
    #expect(result.code == 0 || result.code == 1, "\(result.stderr)")
    let report = try JSONParser.parse(result.stdout)
    #expect(schemaProblems(report, try published("check-report.schema.json")).isEmpty, "\(result.stdout)")
  }

  @Test func schemaCheckerFindsProblems() throws {
    let schema = try published("check-report.schema.json")
    let wrong = try JSONParser.parse(#"{"schemaVersion":2,"files":[{"path":"x","status":"gone","diff":null}]}"#)
    #expect(schemaProblems(wrong, schema).count == 3)
  }
}
