import DesignFixture
import Foundation
import LinkContract
import Testing

@testable import LinkContractTool

// `verify-host` and `audit` on the command line: usage errors, exit codes, the JSON shape.

struct ReleaseCheckCommandTests {
  static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("ReleaseChecksTests/Fixtures/app-checkout").path

  struct Usage: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let production = Contract.design.builds[0]
  static let settings = checkout + "/Source/Hosts/UI/Customer.UI/appsettings.json"
  /// Fetching nothing, so that a CA file accepted by mistake fails fast and offline.
  static let offline = ["--base-url", "https://127.0.0.1:1", "--timeout", "1"]

  static let usages: [Usage] = [
    Usage(arguments: ["verify-host"], message: "verify-host needs --build NAME"),
    Usage(arguments: ["verify-host", "--build", "nightly"], message: "unknown build 'nightly'"),
    Usage(arguments: ["verify-host", "--build", "production", "--timeout", "0"], message: "--timeout must be"),
    Usage(arguments: ["verify-host", "--build", "production", "--timeout", "soon"], message: "--timeout must be"),
    Usage(arguments: ["verify-host", "--build", "production", "--ca-file", "/nonexistent.pem"], message: "--ca-file"),
    Usage(
      arguments: ["verify-host", "--build", "production", "--ca-file", checkout] + offline,
      message: "--ca-file '\(checkout)': it is a folder, not a PEM file"),
    Usage(
      arguments: ["verify-host", "--build", "production", "--ca-file", settings] + offline,
      message: "it holds no PEM certificate"),
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
    #expect(captured.stdout.contains("production: 11 matches, 0 stale, 0 placeholder, 0 foreign-build, 0 missing"))
  }

  @Test func auditAsAnotherBuildExitsOneWithJSON() throws {
    let captured = CapturedConsole()
    #expect(
      runTool(["audit", "--build", "staging", "--format", "json", Self.checkout], console: captured.console) == 1)
    let json = try JSONSerialization.jsonObject(with: Data(captured.stdout.utf8)) as? [String: Any]
    #expect(json?["schemaVersion"] as? Int == 4)
    let findings = json?["findings"] as? [[String: Any]] ?? []
    #expect(!findings.isEmpty)
    // Every production value is another build's, and staging's own are missing beside them.
    let verdicts = Set(findings.compactMap { $0["verdict"] as? String })
    #expect(verdicts == ["foreign-build", "missing"])
  }

  /// A checkout file that holds a secret or control characters, and what must never be printed.
  struct Hostile: Sendable, CustomTestStringConvertible {
    let name: String
    let path: String
    let contents: String
    /// The verdict of the one finding the file gives.
    let verdict: String
    let secrets: [String]
    var testDescription: String { name }
  }

  static let host = production.webHost
  static let hostile: [Hostile] = [
    Hostile(
      name: "a password and a token in the base URL's query", path: "App/appsettings.json",
      contents: #"{"PublicSite": {"BaseUrl": "https://\#(host)/?password=hunter2&token=tok3n"}}"#, verdict: "stale",
      secrets: ["hunter2", "tok3n"]),
    Hostile(
      name: "userinfo in the base URL", path: "App/appsettings.json",
      contents: #"{"PublicSite": {"BaseUrl": "https://admin:s3cret@\#(host)"}}"#, verdict: "stale",
      secrets: ["s3cret", "admin:"]),
    Hostile(
      name: "a token in the base URL's fragment", path: "App/appsettings.json",
      contents: #"{"PublicSite": {"BaseUrl": "https://\#(host)/#access_token=tok3n"}}"#, verdict: "stale",
      secrets: ["tok3n"]),
    Hostile(
      name: "escape sequences in a C# scheme", path: "App/MainActivity.cs",
      contents: "[IntentFilter(new[] { \"a\" }, DataScheme = \"x\u{1B}]0;pwned\u{7}\u{1B}[2J\")]\nclass A {}\n",
      verdict: "stale", secrets: ["\u{1B}", "\u{7}"]),
    Hostile(
      name: "escape sequences in a Gradle applicationId", path: "app/build.gradle",
      contents: "android { defaultConfig { applicationId \"x\u{1B}]0;pwned\u{7}\" } }\n", verdict: "stale",
      secrets: ["\u{1B}", "\u{7}"]),
    Hostile(
      name: "escape sequences in a Gradle flavor's name", path: "app/build.gradle.kts",
      contents:
        "android { productFlavors { create(\"p\u{1B}[2J\") { applicationId = \"\(production.androidPackage)\" } } }\n",
      verdict: "matches", secrets: ["\u{1B}"]),
    Hostile(
      name: "escape sequences in a computed ApplicationId", path: "App/App.csproj",
      contents:
        "<Project><PropertyGroup><TargetFramework>net8.0-android</TargetFramework>"
        + "<ApplicationId>$(Id)\u{1B}[2J</ApplicationId></PropertyGroup></Project>\n",
      verdict: "unreadable", secrets: ["\u{1B}"]),
    Hostile(
      name: "escape sequences in a folder name", path: "App\u{1B}[2J/appsettings.json",
      contents: #"{"PublicSite": {"BaseUrl": "https://\#(host)"}}"#, verdict: "matches", secrets: ["\u{1B}"]),
  ]

  /// `audit` prints neither a secret nor a control character of a checkout, in text or JSON;
  /// a base URL with a query, userinfo or fragment is not the contract's value.
  @Test(arguments: hostile)
  func auditPrintsNoSecretAndNoControlCharacter(_ hostile: Hostile) throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "linkcontract-hostile-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent(hostile.path)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(hostile.contents.utf8).write(to: file)
    for format in ["text", "json"] {
      let captured = CapturedConsole()
      #expect(runTool(["audit", "--format", format, root.path], console: captured.console) == 1)
      let printed = captured.stdout + captured.stderr
      #expect(!printed.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }, "\(format)")
      for secret in hostile.secrets { #expect(!printed.contains(secret), "\(format) prints a secret") }
      let verdict = format == "json" ? "\"verdict\": \"\(hostile.verdict)\"" : "\(hostile.verdict): [production]"
      #expect(printed.contains(verdict), "\(printed)")
      if hostile.secrets.allSatisfy({ $0.unicodeScalars.allSatisfy { $0.value >= 0x20 } }) {
        #expect(printed.contains("[redacted]"))
        #expect(printed.contains("a base URL is a scheme and a host alone"))
      }
    }
  }

  /// A file that cannot be read is an error (exit 1), `audit-unreadable`, never `missing`.
  @Test func anUnreadablePlistExitsOne() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("linkcontract-deep-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("App/Entitlements.plist")
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let nested = String(repeating: "<array>", count: 300) + String(repeating: "</array>", count: 300)
    try Data(
      "<plist><dict><key>com.apple.developer.associated-domains</key>\(nested)</dict></plist>".utf8
    ).write(to: file)
    let captured = CapturedConsole()
    #expect(runTool(["audit", root.path], console: captured.console) == 1)
    #expect(
      captured.stdout.contains(
        "App/Entitlements.plist:1: error: unreadable: [production] could not read this property list: "
          + "it nests elements deeper than 256 levels"), "\(captured.stdout)")
    #expect(!captured.stdout.contains("missing: [production] ios-associated-domain"))
    let json = CapturedConsole()
    #expect(runTool(["audit", "--format", "json", root.path], console: json.console) == 1)
    #expect(json.stdout.contains("\"id\": \"audit-unreadable\""), "\(json.stdout)")
    #expect(json.stdout.contains("\"role\": null"))
  }

  /// The base URL is printed with its userinfo and forbidden keys' values redacted.
  @Test func verifyHostPrintsNoSecretOfTheBaseURL() {
    for format in ["text", "json"] {
      let captured = CapturedConsole()
      let code = runTool(
        [
          "verify-host", "--build", "production", "--format", format, "--base-url",
          "http://user:hunter2@127.0.0.1:1/?token=tok3n&password=pa55", "--timeout", "1",
        ], console: captured.console)
      #expect(code == 1)
      for secret in ["hunter2", "tok3n", "pa55"] { #expect(!captured.stdout.contains(secret), "\(captured.stdout)") }
      #expect(captured.stdout.contains("[redacted]@127.0.0.1:1/?token=[redacted]&password=[redacted]"))
    }
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
