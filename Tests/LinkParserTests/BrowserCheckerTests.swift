import CustomerApp
import DesignFixture
import Foundation
import LinkContract
import LinkParser
import Testing

// The docs' link checker (Templates/check.js) reads only Site/contract.json and must answer
// every link exactly as the Swift parser does: every conformance case and a seeded stream of
// generated links, each build, in Node (scripts/check-agreement.js). A contract.json changed
// on purpose must make it differ, so that the run shows the checker reads the data.

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().path
private let app = Contract.customerApp

/// One link on one build with the line the Swift parser prints for it.
struct AgreementCase: Encodable {
  let build: String
  let input: String
  let expected: String

  init(build: Build, bytes: [UInt8]) {
    self.build = build.name
    input = Data(bytes).base64EncodedString()
    let outcome = bytes.withUnsafeBufferPointer { LinkParser(contract: app, build: build).parse(bytes: $0) }
    expected = outcome.line
  }
}

/// Links made from every route class's canonical links and the conformance inputs by a few
/// random edits: bytes the steps look at, bytes they refuse, keys and segments moved.
private func generatedLinks(seed: UInt64, count: Int) -> [[UInt8]] {
  var random = SplitMix64(seed: seed)
  let bases: [[UInt8]] =
    LinkConformance.cases.map(\.bytes)
    + app.builds.flatMap { build in app.routeClasses.compactMap { app.canonicalLink($0, in: build) } }
    .map { Array($0.utf8) }
  let pieces: [[UInt8]] =
    [
      "/", "?", "&", "=", "#", "%", "@", ":", ".", "..", "//", "[", "]", "[::1]", ":443", "_", "-", "0000", "A", "z",
      "9", "HTTPS", "?code=", "&error=access_denied", "?utm_source=x", "?CCNumber=1", "?userToken=a", "?pin1234=2",
      "&Code=x", " ", "\\", "é", "\u{7F}",
    ]
    .map { Array($0.utf8) } + [[0xFF], [0xC3], [0x00], [0x0D]]
    + app.builds.flatMap { [Array($0.webHost.utf8), Array($0.customScheme.utf8)] }
    + app.routeClasses.flatMap { route in route.fields.map { Array($0.name.utf8) } }
  func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
  return (0..<count).map { _ in
    var link = pick(bases)
    for _ in 0...(random.next() % 3) {
      let at = link.isEmpty ? 0 : Int(random.next() % UInt64(link.count + 1))
      switch random.next() % 5 {
      case 0: link.insert(contentsOf: pick(pieces), at: at)
      case 1: if at < link.count { link.remove(at: at) }
      case 2: if at < link.count { link[at] = pick(pick(pieces)) }
      case 3: link += pick(pieces)
      default:
        if at < link.count, let byte = Optional(link[at]), ASCII.isLetter(byte) { link[at] = byte ^ 0x20 }
      }
    }
    return link.filter { $0 != 0x0A }
  }
}

/// Runs the checker over `cases` in Node; its exit status and output.
private func runChecker(_ cases: [AgreementCase], breaking: String? = nil) throws -> (Int32, String) {
  let file = FileManager.default.temporaryDirectory.appendingPathComponent("agreement-\(UUID().uuidString).json")
  try JSONEncoder().encode(cases).write(to: file)
  defer { try? FileManager.default.removeItem(at: file) }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments =
    [
      "node", "scripts/check-agreement.js", "--contract", "Site/contract.json", "--checker", "Templates/check.js",
      "--cases", file.path,
    ] + (breaking.map { ["--break", $0] } ?? [])
  process.currentDirectoryURL = URL(fileURLWithPath: repository)
  let output = Pipe()
  process.standardOutput = output
  process.standardError = output
  try process.run()
  let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  return (process.terminationStatus, text)
}

@Suite("The docs' link checker answers as the parser does")
struct BrowserCheckerTests {
  static let cases: [AgreementCase] = {
    var all: [AgreementCase] = []
    for item in LinkConformance.cases {
      guard let build = app.build(named: item.build) else { continue }
      all.append(AgreementCase(build: build, bytes: item.bytes))
    }
    for (index, build) in app.builds.enumerated() {
      for link in generatedLinks(seed: UInt64(index + 1), count: 4_000) {
        all.append(AgreementCase(build: build, bytes: link))
      }
    }
    return all
  }()

  @Test("Every conformance case and 4,000 generated links a build agree")
  func agreement() throws {
    // The generated links reach every outcome, not only the easy ones.
    let answers = Set(Self.cases.map { $0.expected.split(separator: " ").prefix(2).joined(separator: " ") })
    for reason in RejectionReason.allCases { #expect(answers.contains("unsupported \(reason.rawValue)"), "\(reason)") }
    for route in app.routeClasses where route.publication != .neverClaimed {
      #expect(answers.contains("recognized \(route.id.rawValue)"), "\(route.id)")
    }
    let (status, output) = try runChecker(Self.cases)
    #expect(status == 0, "\(output)")
  }

  @Test(
    "A contract.json changed on purpose makes the checker differ",
    arguments: ["step-order", "field-length", "forbidden-word", "host"])
  func brokenData(_ kind: String) throws {
    let (status, output) = try runChecker(Self.cases, breaking: kind)
    #expect(status == 1, "\(output)")
    #expect(output.contains("differs: "), "\(output)")
  }
}

/// Text typed into the search box or the checker, and the link the checker reads it as
/// (`linkOf`): nil when it is not a link, else the link and the line the parser prints for it
/// on production. Hosts come from the contract, so the cases stay true when its values change.
struct PastedLink: Sendable, CustomTestStringConvertible {
  let typed: String
  let link: String?
  var testDescription: String { typed }

  static let production = app.builds[0]
  static let host = production.webHost

  static let cases: [PastedLink] = [
    PastedLink(typed: "\(host)/start", link: "https://\(host)/start"),
    PastedLink(typed: "  \(host)/start ", link: "https://\(host)/start"),
    PastedLink(typed: host, link: "https://\(host)"),
    PastedLink(typed: "\(host):443/start", link: "https://\(host):443/start"),
    PastedLink(typed: "www.example.org/a?b=1", link: "https://www.example.org/a?b=1"),
    PastedLink(typed: "https://\(host)/start", link: "https://\(host)/start"),
    PastedLink(typed: "\(production.customScheme)://start", link: "\(production.customScheme)://start"),
    // Words and file names are searched for, not checked.
    PastedLink(typed: "checkout", link: nil),
    PastedLink(typed: "conformance.json", link: nil),
    PastedLink(typed: "schema/contract.schema.json", link: nil),
    PastedLink(typed: "example.org", link: nil),
    PastedLink(typed: "missing field", link: nil),
  ]
}

@Suite("A link pasted without its scheme")
struct PastedLinkTests {
  @Test(
    "The checker reads host/path as a link with https:// and answers as the parser does", arguments: PastedLink.cases)
  func pasted(_ item: PastedLink) throws {
    let script = """
      const checker = require(process.argv[1]);
      const contract = JSON.parse(require("fs").readFileSync("Site/contract.json", "utf8"));
      const found = checker.linkOf(contract, process.argv[2]);
      process.stdout.write(found ? found.link + "\\n" + checker.line(checker.classify(contract, "production", found.link)) : "null");
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["node", "-e", script, repository + "/Templates/check.js", item.typed]
    process.currentDirectoryURL = URL(fileURLWithPath: repository)
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    guard let link = item.link else {
      #expect(text == "null")
      return
    }
    let parsed = LinkParser(contract: app, build: PastedLink.production).parse(link).line
    #expect(text == link + "\n" + parsed)
  }
}
