import Foundation
import Testing

@testable import LinkContractCLI

// `verify-host` and `audit` on the command line: usage errors, exit codes, the JSON shape.

struct ReleaseCheckCommandTests {
  static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("ReleaseChecksTests/Fixtures/app-checkout").path

  struct Usage: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let usages: [Usage] = [
    Usage(arguments: ["verify-host"], message: "verify-host needs --build NAME"),
    Usage(arguments: ["verify-host", "--build", "nightly"], message: "unknown build 'nightly'"),
    Usage(arguments: ["verify-host", "--build", "production", "--timeout", "0"], message: "--timeout must be"),
    Usage(arguments: ["verify-host", "--build", "production", "--timeout", "soon"], message: "--timeout must be"),
    Usage(arguments: ["verify-host", "--build", "production", "--ca-file", "/nonexistent.pem"], message: "--ca-file"),
    Usage(
      arguments: ["verify-host", "--build", "production", "--base-url", "links.example.com"], message: "--base-url"),
    Usage(arguments: ["verify-host", "--build", "production", "--format", "xml"], message: "--format must be"),
    Usage(arguments: ["audit"], message: "audit needs one APP_DIR"),
    Usage(arguments: ["audit", "/nonexistent-checkout"], message: "is not a folder"),
    Usage(arguments: ["audit", "--build", "nightly", "."], message: "unknown build 'nightly'"),
  ]

  @Test(arguments: usages)
  func usageErrorsExitTwo(_ usage: Usage) {
    let captured = CapturedConsole()
    #expect(runTool(usage.arguments, console: captured.console) == 2)
    #expect(captured.stderr.contains(usage.message), "\(captured.stderr)")
  }

  @Test func auditOfTheCleanCheckoutExitsZero() {
    let captured = CapturedConsole()
    #expect(runTool(["audit", Self.checkout], console: captured.console) == 0)
    #expect(captured.stdout.contains("production: 10 matches, 0 stale, 0 placeholder, 0 foreign-build, 0 missing"))
  }

  @Test func auditAsAnotherBuildExitsOneWithJSON() throws {
    let captured = CapturedConsole()
    #expect(
      runTool(["audit", "--build", "staging", "--format", "json", Self.checkout], console: captured.console) == 1)
    let json = try JSONSerialization.jsonObject(with: Data(captured.stdout.utf8)) as? [String: Any]
    #expect(json?["schemaVersion"] as? Int == 3)
    let findings = json?["findings"] as? [[String: Any]] ?? []
    #expect(!findings.isEmpty)
    #expect(findings.allSatisfy { ($0["verdict"] as? String) == "foreign-build" })
  }

  @Test func verifyHostOverHTTPExitsOneWithoutFetching() {
    let captured = CapturedConsole()
    let code = runTool(
      ["verify-host", "--build", "staging", "--base-url", "http://127.0.0.1:1", "--timeout", "1"],
      console: captured.console)
    #expect(code == 1)
    #expect(captured.stdout.contains("error: not-https:"))
  }
}
