import AssociationChecks
import ContractArtifacts
import DesignFixture
import Foundation
import LinkContract
import Testing

@testable import LinkContractTool

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

  /// Writes the file `name` (a path under the folder, its folders made as needed).
  func write(_ name: String, _ bytes: [UInt8]) -> String {
    let file = url.appendingPathComponent(name)
    try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let path = file.path
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

/// A file name holding control characters, shown escaped in the test's name.
struct EscapedName: Sendable, CustomTestStringConvertible {
  let text: String
  var testDescription: String { Printed.escaped(text) }
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

  /// A file name holding a newline or an escape character: printed raw, the newline starts a
  /// line that reads as a diagnostic of its own, the escape drives the terminal. Every line
  /// printed names the file with its controls escaped, on standard output and standard error.
  @Test(arguments: ["x\nforged.json:1:1: error: forged", "x\u{1B}]0;pwned\u{7}"].map(EscapedName.init))
  func aFileNameWithAControlIsPrintedEscaped(_ named: EscapedName) {
    let (name, stem) = (named.testDescription, named.text)
    let scratch = Scratch()
    let path = scratch.write(stem + "-assetlinks.json", "[{}]")
    let shown = scratch.url.path + "/" + Printed.escaped(stem) + "-assetlinks.json"
    #expect(shown != path && !Printed.escaped(stem).unicodeScalars.contains(where: Printed.isControl), "\(name)")
    let result = run(["validate", path])
    #expect(result.code == 1, "\(name): \(result.stderr)")
    #expect(result.stdout == "\(shown): invalid assetlinks.json (2 error(s), 0 warning(s))\n", "\(name)")
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix("\(shown):1:") }, "\(name): \(result.stderr)")
    #expect(!(result.stdout + result.stderr).unicodeScalars.contains { Printed.isControl($0) && $0 != "\n" }, "\(name)")
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

  /// Google's comptest5008: a statement list served over http may include an http file; one
  /// served over https (what `validate` assumes unless told) may not.
  @Test(arguments: [
    ([String](), Int32(1)), (["--served-over", "https"], Int32(1)), (["--served-over", "http"], Int32(0)),
  ])
  func anHTTPIncludeIsRefusedOnlyFromAFileServedOverHTTPS(_ option: [String], _ code: Int32) {
    let scratch = Scratch()
    let path = scratch.write(
      "assetlinks.json", #"[{"include": "http://include-comptest5008.digitalassetlinks.org/valid_include.json"}]"#)
    let result = run(["validate"] + option + [path])
    #expect(result.code == code, "\(result.stderr)")
    #expect(result.stderr.contains("Insecure URL in fetch stack of secure asset") == (code == 1), "\(result.stderr)")
    #expect(result.stderr.contains("is not followed") == (code == 0), "\(result.stderr)")
  }

  @Test func servedOverTakesHTTPSOrHTTP() {
    let scratch = Scratch()
    let result = run(["validate", "--served-over", "ftp", scratch.write("assetlinks.json", statements)])
    #expect(result.code == 2)
    #expect(result.stderr.contains("--served-over must be https or http, not 'ftp'"), "\(result.stderr)")
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
    #expect(shadowed?["severity"] == .string("warning"))
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

  @Test(
    "Two contract.json files under other names give the host change and its cutover plan",
    arguments: ["before.json", "apple-app-site-association"])
  func contractDocumentsByContent(_ name: String) throws {
    let scratch = Scratch()
    let contract = Contract.design
    let build = contract.builds[0]
    let moved = Build(
      name: build.name, webHost: "moved." + build.webHost, teamID: build.teamID, bundleID: build.bundleID,
      androidPackage: build.androidPackage, customScheme: build.customScheme,
      androidCertificateFingerprints: build.androidCertificateFingerprints)
    let changed = contract.replacing(builds: [moved] + contract.builds.dropFirst())
    let old = scratch.write("old/\(name)", contractDocument(contract).pretty)
    let new = scratch.write("new/after-\(name)", contractDocument(changed).pretty)
    let result = run(["diff", old, new])
    #expect(result.code == 1, "\(result.stderr)")
    #expect(result.stdout.contains("  host-changed: web host of build \(build.name): "), "\(result.stdout)")
    #expect(result.stdout.contains("cutover plan for \(build.name), host-changed: \(build.webHost) -> "))
    #expect(!result.stdout.contains("formatting"), "\(result.stdout)")
    let json = try JSONParser.parse(run(["diff", "--format", "json", old, new]).stdout)
    guard case .array(let cutovers)? = json["cutovers"] else {
      Issue.record("no cutovers in \(json.compact)")
      return
    }
    #expect(cutovers.map { $0["kind"] } == [.string("host-changed")])
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

/// `validate` and `diff` on files written to hurt: what they print must hold no control
/// character, no megabyte and no secret of the file, and their time must grow linearly.
struct HostileAssociationTests {
  /// A query key the contract forbids in a link, read from it.
  static let forbiddenKey = Contract.design.forbiddenKeys.groups[0].words[0]
  static let secret = "s3cret-9f1c"
  /// A URL carrying the secret twice: as its userinfo's password and as a forbidden key's value.
  static var secretURL: String { "https://user:\(secret)@example.com/?\(forbiddenKey)=\(secret)&x=1" }

  /// A hostile value as JSON text, and how much of it a message may print.
  struct Value: Sendable, CustomTestStringConvertible {
    let name: String
    let json: String
    var testDescription: String { name }
    static let escape = Value(name: "ESC sequences", json: #"\u001b]0;pwned\u0007\u001b[31m"#)
    static let c1 = Value(name: "a C1 control and DEL", json: #"a\u009b31m\u007f"#)
    /// Long, yet under the size past which Apple reads nothing of a file; no host, package,
    /// relation or app id holds a `~`.
    static let long = Value(name: "100 KB", json: String(repeating: "A~", count: 50_000))
    static let all = [escape, c1, long]
  }

  /// Where a file quotes a value: a document with `VALUE` where the value goes, and whether
  /// the file is then invalid.
  struct Place: Sendable, CustomTestStringConvertible {
    let name: String
    let kind: AssociationKind
    let template: String
    let invalid: Bool
    var testDescription: String { name }

    static let relation = #""relation":["delegate_permission/common.handle_all_urls"]"#
    static let fingerprint =
      "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static func app(package: String = "com.example.app", fingerprint: String = fingerprint) -> String {
      #"[{\#(relation),"target":{"namespace":"android_app","package_name":"\#(package)","#
        + #""sha256_cert_fingerprints":["\#(fingerprint)"]}}]"#
    }
    static func web(_ site: String) -> String { #"[{\#(relation),"target":{"namespace":"web","site":"\#(site)"}}]"# }
    static func details(_ detail: String) -> String { #"{"applinks":{"details":[\#(detail)]}}"# }
    static let detail = #"{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/a/*"}]}"#

    static let all: [Place] = [
      Place(name: "package name", kind: .assetLinks, template: app(package: "VALUE"), invalid: true),
      Place(name: "fingerprint", kind: .assetLinks, template: app(fingerprint: "VALUE"), invalid: true),
      Place(
        name: "relation", kind: .assetLinks,
        template: #"[{"relation":["VALUE"],"target":{"namespace":"web","site":"https://example.com"}}]"#, invalid: true),
      Place(
        name: "namespace", kind: .assetLinks, template: #"[{\#(relation),"target":{"namespace":"VALUE"}}]"#,
        invalid: true),
      Place(name: "site scheme", kind: .assetLinks, template: web("VALUE://example.com"), invalid: true),
      Place(name: "site host", kind: .assetLinks, template: web("https://VALUE"), invalid: true),
      Place(name: "site port", kind: .assetLinks, template: web("https://example.com:VALUE"), invalid: true),
      Place(
        name: "include", kind: .assetLinks, template: #"[{"include":"https://example.com/VALUE"}]"#, invalid: false),
      Place(
        name: "relation extension", kind: .assetLinks,
        template: #"[{\#(relation),"target":{"namespace":"web","site":"https://example.com"},"#
          + #""relation_extensions":{"VALUE":{}}}]"#, invalid: false),
      Place(name: "key given twice", kind: .assetLinks, template: #"[{"VALUE":1,"VALUE":2}]"#, invalid: true),
      Place(
        name: "top-level key", kind: .appleAppSiteAssociation,
        template: #"{"applinks":{"details":[\#(detail)]},"VALUE":1}"#, invalid: false),
      Place(
        name: "applinks key", kind: .appleAppSiteAssociation,
        template: #"{"applinks":{"details":[\#(detail)],"VALUE":1}}"#, invalid: false),
      Place(
        name: "app id", kind: .appleAppSiteAssociation,
        template: details(#"{"appIDs":["VALUE"],"components":[{"/":"/a/*"}]}"#), invalid: true),
      Place(
        name: "webcredentials app id", kind: .appleAppSiteAssociation,
        template: #"{"applinks":{"details":[\#(detail)]},"webcredentials":{"apps":["VALUE"]}}"#, invalid: true),
      Place(
        name: "component key", kind: .appleAppSiteAssociation,
        template: details(#"{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/a/*","VALUE":1}]}"#),
        invalid: false),
      Place(
        name: "query item name", kind: .appleAppSiteAssociation,
        template: details(#"{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/a/*","?":{"VALUE":1}}]}"#),
        invalid: true),
      Place(
        name: "substitution variable", kind: .appleAppSiteAssociation,
        template: #"{"applinks":{"details":[\#(detail)],"substitutionVariables":{"VALUE":1}}}"#, invalid: true),
    ]
  }

  /// Whether `text` holds a control character (C0 other than a line feed, DEL or C1).
  static func hasControl(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0 != "\n" && Printed.isControl($0) }
  }

  @Test(
    "validate quotes a hostile value of the file escaped and cut, in text and JSON",
    arguments: Place.all, Value.all)
  func validateQuotesHostileValues(_ place: Place, _ value: Value) {
    let scratch = Scratch()
    let path = scratch.write("file.json", place.template.replacingOccurrences(of: "VALUE", with: value.json))
    for format in ["text", "json"] {
      let result = run(["validate", "--kind", place.kind.rawValue, "--format", format, path])
      #expect(result.code == (place.invalid ? 1 : 0), "\(format): \(result.stderr)")
      let printed = result.stdout + result.stderr
      #expect(printed.contains("error") || printed.contains("warning"), "\(format): \(printed)")
      #expect(!Self.hasControl(printed), "\(format): \(printed)")
      #expect(printed.utf8.count < 4_000, "\(format): \(printed.utf8.count) bytes")
    }
  }

  @Test(
    "validate quotes a short prefix of a megabyte fingerprint and of a large string",
    arguments: [(Place.app(fingerprint: "VALUE"), 1 << 20), (Place.app(package: "VALUE"), 16 << 20)])
  func validateCutsLargeValues(_ template: String, _ size: Int) {
    let scratch = Scratch()
    let path = scratch.write(
      "assetlinks.json", template.replacingOccurrences(of: "VALUE", with: String(repeating: "A", count: size)))
    for format in ["text", "json"] {
      let result = run(["validate", "--format", format, path])
      #expect(result.code == 1)
      #expect(result.stdout.utf8.count + result.stderr.utf8.count < 4_000, "\(format)")
      #expect((result.stdout + result.stderr).contains("… (\(size) bytes)"), "\(format)")
    }
  }

  @Test(
    "validate prints a URL of the file without its userinfo or a forbidden key's value",
    arguments: [
      (Place.web(secretURL), true), (#"[{"include":"\#(secretURL)"}]"#, true),
      (#"[{"include":"https://example.com/x?\#(forbiddenKey)=\#(secret)"}]"#, false),
    ])
  func validateHidesSecrets(_ text: String, _ invalid: Bool) {
    let scratch = Scratch()
    let path = scratch.write("assetlinks.json", text)
    for format in ["text", "json"] {
      let result = run(["validate", "--format", format, path])
      #expect(result.code == (invalid ? 1 : 0), "\(format): \(result.stderr)")
      let printed = result.stdout + result.stderr
      #expect(printed.contains(Printed.redacted), "\(format): \(printed)")
      #expect(!printed.contains(Self.secret), "\(format): \(printed)")
      #expect(!printed.contains("user:"), "\(format): \(printed)")
    }
  }

  @Test(
    "diff quotes the hostile values of both files escaped, cut and without secrets, in text and JSON",
    arguments: Value.all)
  func diffQuotesHostileValues(_ value: Value) {
    let scratch = Scratch()
    let hostile = value.json
    let old = scratch.write("old/assetlinks.json", Place.app())
    let statements = [
      Place.app(package: "com.example.\(hostile)"), Place.app(fingerprint: hostile), Place.web(Self.secretURL),
      #"[{"include":"\#(Self.secretURL)"}]"#, Place.web("https://example.com"),
    ]
    let new = scratch.write(
      "new/assetlinks.json", "[" + statements.map { $0.dropFirst().dropLast() }.joined(separator: ",") + "]")
    let oldApple = scratch.write("old/apple-app-site-association", Place.details(Place.detail))
    let newApple = scratch.write(
      "new/apple-app-site-association",
      Place.details(
        #"{"appIDs":["ABCDE12345.com.example.app","\#(hostile)"],"components":[{"/":"/\#(hostile)/*"},"#
          + ##"{"/":"/a/*","?":{"\##(hostile)":"x"},"#":"\##(hostile)"}]}"##))
    let probe = "https://example.com/a/b?x=1;\(Self.forbiddenKey)=\(Self.secret)"
    let folders = (scratch.url.appendingPathComponent("old").path, scratch.url.appendingPathComponent("new").path)
    for (before, after) in [(old, new), (oldApple, newApple), folders] {
      for format in ["text", "json"] {
        let result = run(["diff", "--format", format, "--probe", probe, before, after])
        #expect(result.code == 1, "\(format): \(result.stderr)")
        let printed = result.stdout + result.stderr
        #expect(printed.contains("-added"), "\(format): \(printed)")
        #expect(!Self.hasControl(printed), "\(format): \(printed)")
        #expect(!printed.contains(Self.secret), "\(format): \(printed)")
        #expect(!printed.contains("user:"), "\(format): \(printed)")
        #expect(printed.utf8.count < 40_000, "\(format): \(printed.utf8.count) bytes")
      }
    }
  }

  @Test("validate of a statement list of many empty statements on one line locates each error")
  func manyEmptyStatements() {
    // Each statement is two errors, each located by counting the columns up to it. Counted
    // from the start of the line for each, 32,000 statements took 197 s in the debug build the
    // tests run (8,000: 12 s; 16,000: 46 s; 128,000: 27.5 s in the release build); counted once
    // for all, 0.48 s (128,000: 2.4 s; release build 0.55 s).
    let count = 32_000
    let scratch = Scratch()
    let path = scratch.write("assetlinks.json", "[" + Array(repeating: "{}", count: count).joined(separator: ",") + "]")
    let result = run(["validate", path])
    #expect(result.code == 1)
    #expect(result.stdout == "\(path): invalid assetlinks.json (\(2 * count) error(s), 0 warning(s))\n")
    let last = result.stderr.split(separator: "\n").last ?? ""
    #expect(last.hasPrefix("\(path):1:\(3 * count - 1): error: "), "\(last)")
  }
}
