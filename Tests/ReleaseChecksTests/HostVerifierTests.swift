import ContractArtifacts
import CustomerApp
import Foundation
import LinkContract
import ReleaseChecks
import Testing

/// Runs a command to completion; throws when it exits non-zero.
@discardableResult
func run(_ arguments: [String], in folder: URL) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = arguments
  process.currentDirectoryURL = folder
  let output = Pipe()
  process.standardOutput = output
  process.standardError = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let text = String(decoding: data, as: UTF8.self)
  if process.terminationStatus != 0 {
    throw CommandFailure(message: "\(arguments.joined(separator: " ")): \(text)")
  }
  return text
}

struct CommandFailure: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}

/// A private CA and a certificate for 127.0.0.1 signed by it, made with openssl at test time.
struct TestCertificates: Sendable {
  let folder: URL
  var ca: String { folder.appendingPathComponent("ca.pem").path }
  var certificate: String { folder.appendingPathComponent("server.pem").path }
  var key: String { folder.appendingPathComponent("server.key").path }

  static let shared: Result<TestCertificates, CommandFailure> = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkcontract-ca-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
      try run(
        ["openssl", "req", "-x509"] + curve + [
          "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=linkcontract test CA",
          "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
        ], in: folder)
      try run(
        ["openssl", "req"] + curve + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"],
        in: folder)
      try Data(
        "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n".utf8
      ).write(to: folder.appendingPathComponent("server.ext"))
      try run(
        [
          "openssl", "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
          "-out", "server.pem", "-days", "2", "-extfile", "server.ext",
        ], in: folder)
      return .success(TestCertificates(folder: folder))
    } catch let error as CommandFailure {
      return .failure(error)
    } catch {
      return .failure(CommandFailure(message: "\(error)"))
    }
  }()
}

/// `Fixtures/https_server.py` on 127.0.0.1 and a free port, serving `root`; `stop()` ends it.
final class TestServer {
  let process = Process()
  let port: Int

  /// Starts the server and waits for the line where it prints its port (or for its end, when
  /// it fails to start): no clock decides that it is late.
  init(root: URL, certificates: TestCertificates) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", Checkout.fixtures.appendingPathComponent("https_server.py").path, root.path,
      certificates.certificate, certificates.key,
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    var line: [UInt8] = []
    while !line.contains(0x0A) {
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { break }
      line += data
    }
    guard let port = Int(String(decoding: line.prefix { $0 != 0x0A }, as: UTF8.self)) else {
      process.terminate()
      throw CommandFailure(message: "the test server did not start: \(Printed.excerpt(bytes: line))")
    }
    self.port = port
  }

  func stop() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }

  deinit { stop() }
}

/// verify-host's timeout in these tests: the run ends as soon as the host answers, so this only
/// bounds a run that hangs, far beyond what a busy machine needs to answer on 127.0.0.1.
let safetyTimeout: Double = 300

struct HostVerifierTests {
  static let contract = Contract.customerApp
  static let production = contract.builds[0]
  static let aasa = associationFile(.appleAppSiteAssociation, contract, build: production)
  static let assetLinks = associationFile(.assetLinks, contract, build: production)

  /// One way a host can serve the two files, and what verify-host must say about each.
  struct Variant: Sendable, CustomTestStringConvertible {
    let name: String
    var aasa: [UInt8] = Array(HostVerifierTests.aasa.utf8)
    var assetLinks: [UInt8] = Array(HostVerifierTests.assetLinks.utf8)
    var meta: String?
    /// The problem ids expected for the AASA file, then for assetlinks.json.
    let expected: [[DiagnosticID]]
    var notes = false
    /// The run's timeout: a safety net only, but for the slow server (which never answers
    /// while the test runs), so that a busy machine cannot turn an answer into a timeout.
    var timeout: Double = safetyTimeout
    var testDescription: String { name }
  }

  static let placeholder = Array(repeating: "00", count: 32).joined(separator: ":")

  static let variants: [Variant] = [
    Variant(name: "the generated files", expected: [[], []]),
    Variant(
      name: "the same meaning, other formatting",
      aasa: Array(appSiteAssociation(contract, build: production).json.compact.utf8),
      assetLinks: Array(ContractArtifacts.assetLinks(production).compact.utf8), expected: [[], []], notes: true),
    Variant(
      name: "a placeholder fingerprint",
      assetLinks: Array(
        HostVerifierTests.assetLinks.replacingOccurrences(
          of: production.androidCertificateFingerprints[0], with: placeholder
        ).utf8), expected: [[], [.differs, .differs, .differs]], notes: true),
    Variant(
      name: "a redirect", meta: #"{"status": 301, "location": "https://www.example.com/.well-known/x"}"#,
      expected: [[.redirect], [.redirect]]),
    Variant(
      name: "a wrong content type", meta: #"{"contentType": "text/plain"}"#, expected: [[.contentType], [.contentType]]),
    Variant(
      name: "a stale claim: the product exclusion gone",
      aasa: Array(
        AppSiteAssociation(
          defaults: AASAMatchSettings(caseSensitive: true, percentEncoded: true),
          details: [
            AASADetail(
              appIDs: [production.appID],
              components: appSiteAssociation(contract, build: production).details[0].components.filter { !$0.exclude })
          ]
        ).json.pretty.utf8),
      // The exclude removed, then the product's canonical link and the links derived from
      // the exclude's pattern, each now claimed.
      expected: [[.differs, .differs, .differs, .differs, .differs], []]),
    Variant(
      name: "an HTML error page", aasa: Array("<html><body>Server Error</body></html>".utf8),
      assetLinks: Array("<html><body>Server Error</body></html>".utf8), meta: #"{"contentType": "text/html"}"#,
      expected: [[.contentType, .invalid], [.contentType, .invalid]]),
    Variant(
      name: "an error status", meta: #"{"status": 503, "contentType": "text/html"}"#, expected: [[.status], [.status]]),
    Variant(
      name: "a byte-order mark", aasa: [0xEF, 0xBB, 0xBF] + Array(HostVerifierTests.aasa.utf8),
      expected: [[.byteOrderMark], []]),
    Variant(
      name: "a file over 128 KB", aasa: Array(HostVerifierTests.aasa.utf8) + Array(repeating: 0x20, count: 132_000),
      expected: [[.tooLarge], []]),
    // The server holds both answers for ten minutes, past the end of the test (which stops it):
    // only verify-host's own timeout can end the run with a timeout.
    Variant(name: "a slow server", meta: #"{"delay": 600}"#, expected: [[.timeout], [.timeout]], timeout: 0.5),
    Variant(
      name: "a body cut short of its Content-Length", meta: #"{"contentLength": 99999}"#,
      expected: [[.truncated], [.truncated]]),
    // The server answers only once both requests are in: a run that fetched one file after the
    // other would spend its timeout on the first (`--timeout` bounds the whole run).
    Variant(name: "both files fetched at once", meta: #"{"together": 2}"#, expected: [[], []]),
  ]

  static func serve(_ variant: Variant) throws -> (root: URL, server: TestServer) {
    let certificates = try TestCertificates.shared.get()
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("linkcontract-host-\(UUID().uuidString)")
    let folder = root.appendingPathComponent("host/.well-known")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(variant.aasa).write(to: folder.appendingPathComponent("apple-app-site-association"))
    try Data(variant.assetLinks).write(to: folder.appendingPathComponent("assetlinks.json"))
    if let meta = variant.meta { try Data(meta.utf8).write(to: root.appendingPathComponent("host/meta.json")) }
    return (root, try TestServer(root: root, certificates: certificates))
  }

  @Test(arguments: variants)
  func reportsWhatTheHostServes(_ variant: Variant) throws {
    let (root, server) = try Self.serve(variant)
    defer {
      server.stop()
      try? FileManager.default.removeItem(at: root)
    }
    let report = verifyHost(
      Self.contract, build: Self.production, baseURL: "https://127.0.0.1:\(server.port)/host",
      caFile: try TestCertificates.shared.get().ca, timeout: variant.timeout)
    #expect(report.files.map(\.path) == wellKnownPaths)
    // Which problems, not how many: a difference is reported once per claim it changes, and
    // how many claims change depends on the contract's routes.
    #expect(
      report.files.map { Set($0.problems.map(\.id)) } == variant.expected.map { Set($0) },
      "\(report.text(Self.contract))")
    #expect(report.isClean == variant.expected.allSatisfy(\.isEmpty))
    #expect(report.files.contains { !$0.notes.isEmpty } == variant.notes, "\(report.files.map(\.notes))")
    #expect(SchemaCheck.problems(report.json, verifyHostSchema()) == [])
  }

  /// What a hostile host or command line sends, and the bytes that must never be printed.
  struct Hostile: Sendable, CustomTestStringConvertible {
    let name: String
    var aasa: [UInt8] = Array(HostVerifierTests.aasa.utf8)
    var meta: String?
    /// The base URL, `PORT` standing for the server's port.
    var base = "https://127.0.0.1:PORT/host"
    let expected: [[DiagnosticID]]
    /// Text that appears in what the host or the command line sends and never in the output.
    let secrets: [String]
    var testDescription: String { name }
  }

  static let hostile: [Hostile] = [
    Hostile(
      name: "userinfo in the base URL", base: "https://user:hunter2@127.0.0.1:PORT/host", expected: [[], []],
      secrets: ["hunter2", "user:"]),
    Hostile(
      name: "a forbidden key in the base URL", base: "https://127.0.0.1:PORT/host?token=tok3n&password=hunter2",
      expected: [[.status], [.status]], secrets: ["tok3n", "hunter2"]),
    Hostile(
      name: "a redirect to a URL with secrets",
      meta: #"{"status": 302, "location": "https://admin:s3cret@elsewhere.test/x?token=tok3n&password=hunter2"}"#,
      expected: [[.redirect], [.redirect]], secrets: ["s3cret", "tok3n", "hunter2"]),
    Hostile(
      name: "escape sequences and a long tail in the Content-Type",
      meta: #"{"contentType": "text/html\u001b]0;pwned\u0007\u001b[2J"# + String(repeating: "x", count: 300) + #""}"#,
      expected: [[.contentType], [.contentType]], secrets: ["\u{1B}", "\u{7}", String(repeating: "x", count: 100)]),
    Hostile(
      name: "escape sequences and a long key in the served JSON",
      aasa: Array(
        HostVerifierTests.aasa.replacingOccurrences(
          of: #""applinks": {"#,
          with: #""\u001b[2J\u001b]0;pwned\u0007": 1, ""# + String(repeating: "k", count: 60_000)
            + #"": 2, "applinks": {"#
        ).utf8), expected: [[], []], secrets: ["\u{1B}", "\u{7}", String(repeating: "k", count: 1_000)]),
  ]

  /// Secrets of the base URL and of a Location header read `[redacted]`; control characters
  /// the host sends are escaped and long values cut, in text and in JSON.
  @Test(arguments: hostile)
  func printsNothingAHostileHostSends(_ hostile: Hostile) throws {
    let variant = Variant(name: hostile.name, aasa: hostile.aasa, meta: hostile.meta, expected: hostile.expected)
    let (root, server) = try Self.serve(variant)
    defer {
      server.stop()
      try? FileManager.default.removeItem(at: root)
    }
    let report = verifyHost(
      Self.contract, build: Self.production,
      baseURL: hostile.base.replacingOccurrences(of: "PORT", with: "\(server.port)"),
      caFile: try TestCertificates.shared.get().ca, timeout: safetyTimeout)
    #expect(
      report.files.map { Set($0.problems.map(\.id)) } == hostile.expected.map { Set($0) },
      "\(report.text(Self.contract))")
    let text = report.text(Self.contract)
    let json = report.json.pretty
    for printed in [text, json] {
      #expect(!printed.unicodeScalars.contains { Printed.isControl($0) && $0 != "\n" }, "a control character")
      for secret in hostile.secrets { #expect(!printed.contains(secret), "\(Printed.excerpt(secret)) printed") }
    }
    #expect(text.split(separator: "\n").allSatisfy { $0.utf8.count < 2_000 })
  }

  @Test func aStaleClaimFiresItsTrigger() throws {
    let variant = try #require(Self.variants.first { $0.name.hasPrefix("a stale claim") })
    let (root, server) = try Self.serve(variant)
    defer {
      server.stop()
      try? FileManager.default.removeItem(at: root)
    }
    let report = verifyHost(
      Self.contract, build: Self.production, baseURL: "https://127.0.0.1:\(server.port)/host",
      caFile: try TestCertificates.shared.get().ca, timeout: safetyTimeout)
    // A publication change calls for the association review only (issue 14).
    #expect(report.triggers(Self.contract).map(\.id) == [.associationClaims])
    #expect(report.text(Self.contract).contains("error: differs: claim-changed: product"))
    // Each difference names its change kind as the enumeration `diff` uses, in the JSON too.
    let differs = report.files.flatMap(\.problems).filter { $0.id == .differs }
    #expect(differs.contains { $0.change == .claimChanged })
    #expect(differs.allSatisfy { $0.change.map { $0.rawValue + ": " } == $0.message.prefix { $0 != " " } + " " })
    #expect(
      differs.allSatisfy {
        $0.diagnostic.location?.path.hasSuffix("/host/.well-known/apple-app-site-association") == true
      })
    guard case .array(let files)? = report.json["files"], case .array(let problems)? = files.first?["problems"] else {
      Issue.record("no problems in the JSON")
      return
    }
    #expect(problems.contains { $0["id"] == .string("differs") && $0["change"] == .string("claim-changed") })
  }

  @Test func aStoppedServerIsUnreachable() throws {
    let (root, server) = try Self.serve(Self.variants[0])
    server.stop()
    defer { try? FileManager.default.removeItem(at: root) }
    let report = verifyHost(
      Self.contract, build: Self.production, baseURL: "https://127.0.0.1:\(server.port)",
      caFile: try TestCertificates.shared.get().ca, timeout: safetyTimeout)
    #expect(report.files.map { $0.problems.map(\.id) } == [[.unreachable], [.unreachable]])
    #expect(report.files.allSatisfy { $0.status == nil })
  }

  @Test func anUntrustedCertificateIsUnreachable() throws {
    let (root, server) = try Self.serve(Self.variants[0])
    defer {
      server.stop()
      try? FileManager.default.removeItem(at: root)
    }
    // The system roots do not know the test CA.
    let report = verifyHost(
      Self.contract, build: Self.production, baseURL: "https://127.0.0.1:\(server.port)/host", timeout: safetyTimeout)
    #expect(report.files.map { $0.problems.map(\.id) } == [[.unreachable], [.unreachable]])
  }

  @Test func httpIsNeverFetched() {
    let report = verifyHost(Self.contract, build: Self.production, baseURL: "http://127.0.0.1:1", timeout: 1)
    #expect(report.files.map { $0.problems.map(\.id) } == [[.notHTTPS], [.notHTTPS]])
  }

  @Test("Checks that reach the deadline end as a timeout problem, not a comparison")
  func checksStopAtTheDeadline() {
    var association = appSiteAssociation(Self.contract, build: Self.production)
    association.substitutionVariables = ["v": (0..<200).map { "a*v?\($0)*b" }]
    association.details[0].components += (0..<50).map { AASAComponent(path: "/$(v)*/$(v)?*$(v)/\($0)/*") }
    let response = HTTPResponse(
      status: 200, contentType: "application/json", location: nil, body: Array(association.json.pretty.utf8),
      overLimit: false)
    let generated = Array(Self.aasa.utf8)
    let late = checkServed(
      response, kind: .appleAppSiteAssociation, generated: generated, contract: Self.contract, deadline: .now)
    #expect(late.problems.map(\.id).contains(.timeout), "\(late.problems.map(\.message))")
    #expect(!late.problems.contains { $0.change == .claimChanged })
    let timely = checkServed(response, kind: .appleAppSiteAssociation, generated: generated, contract: Self.contract)
    #expect(!timely.problems.map(\.id).contains(.timeout))
    #expect(timely.problems.contains { $0.change == .componentAdded })
  }
}
