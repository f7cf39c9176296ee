import ContractArtifacts
import CustomerApp
import DesignFixture
import Foundation
import LinkContract
import ReleaseChecks
import Testing

/// A throwaway copy of a fixture checkout, or an empty folder, removed by `remove()`.
struct Checkout {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
  let root: URL

  init(copying fixture: String? = "app-checkout") throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("linkcontract-audit-\(UUID().uuidString)")
    if let fixture {
      try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(fixture), to: root)
    } else {
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }
  }

  func write(_ path: String, _ text: String) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  func write(_ path: String, bytes: [UInt8]) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
  }

  func read(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
  }

  /// Replaces the one occurrence of `old` in `path` and returns the 1-based line it was on.
  @discardableResult
  func replace(_ path: String, _ old: String, _ new: String) throws -> Int {
    let text = try read(path)
    let pieces = text.components(separatedBy: old)
    #expect(pieces.count == 2, "\(path) must hold '\(old)' once")
    try write(path, pieces.joined(separator: new))
    return pieces[0].filter { $0 == "\n" }.count + 1
  }

  func remove() { try? FileManager.default.removeItem(at: root) }
}

struct AuditTests {
  static let contract = Contract.design
  static let ui = "Source/Hosts/UI/Customer.UI/"
  static let web = "Source/Hosts/UI/Customer.UI.Web/appsettings.json"
  static let identity = "Source/Services/Customer.Identity.Service/appsettings.json"
  static let runbook = "Docs/MobileReleaseRunbook.md"
  static let fingerprint =
    "95:63:7B:95:4E:7E:9A:8E:47:DF:2D:D1:67:A7:09:3A:96:FA:78:18:40:D5:48:5F:46:44:E8:B5:01:34:CB:F7"

  @Test func cleanCheckoutOnlyMatches() throws {
    let checkout = try Checkout()
    defer { checkout.remove() }
    let report = audit(Self.contract, root: checkout.root.path)
    #expect(report.findings.filter { $0.verdict != .matches }.map(\.message) == [])
    #expect(Set(report.findings.map(\.role)) == Set(AuditRole.allCases))
    #expect(report.builds.map(\.name) == ["production"])
    let host = try #require(report.counts(Self.contract.builds[0]).first { $0.value == .webHost })
    #expect(
      host.sentence(Self.contract.builds[0], Self.contract).hasSuffix(
        "5 places: 3 ship in the binary, 2 in the runbook"))
    // The commented-out filter and the gateway's base URL are no finding.
    #expect(!report.findings.contains { $0.value.contains("old.example.com") || $0.value.contains("api.example.com") })
  }

  /// One drift, the edit that makes it, and the one finding it must give.
  struct Drift: Sendable, CustomTestStringConvertible {
    let name: String
    let file: String
    let old: String
    let new: String
    let role: AuditRole
    let verdict: AuditVerdict
    /// The value the finding reports.
    let value: String
    var testDescription: String { name }
  }

  static let drifts: [Drift] = [
    Drift(
      name: "the placeholder fingerprint ADR-043 served", file: web, old: fingerprint,
      new: "REPLACE_WITH_PLAY_APP_SIGNING_SHA256_FINGERPRINT", role: .servedFingerprint, verdict: .placeholder,
      value: "REPLACE_WITH_PLAY_APP_SIGNING_SHA256_FINGERPRINT"),
    Drift(
      name: "an all-zero fingerprint", file: web, old: fingerprint,
      new: Array(repeating: "00", count: 32).joined(separator: ":"), role: .servedFingerprint, verdict: .placeholder,
      value: Array(repeating: "00", count: 32).joined(separator: ":")),
    Drift(
      name: "a counting fingerprint", file: web, old: fingerprint,
      new: (0..<32).map { String(format: "%02X", $0) }.joined(separator: ":"), role: .servedFingerprint,
      verdict: .placeholder, value: (0..<32).map { String(format: "%02X", $0) }.joined(separator: ":")),
    Drift(
      name: "the old host in the entitlement", file: ui + "Platforms/iOS/Entitlements.plist",
      old: "applinks:links.example.com", new: "applinks:customer-ui.azurecontainerapps.io",
      role: .iosAssociatedDomain, verdict: .stale, value: "applinks:customer-ui.azurecontainerapps.io"),
    Drift(
      name: "staging's host in the PublicWebHost constant", file: ui + "Platforms/Android/MainActivity.cs",
      old: "const string PublicWebHost = \"links.example.com\"",
      new: "const string PublicWebHost = \"links.staging.example.com\"",
      role: .androidAppLinkHost, verdict: .foreignBuild, value: "links.staging.example.com"),
    Drift(
      name: "an http public base URL", file: ui + "appsettings.json", old: "\"https://links.example.com\"",
      new: "\"http://links.example.com\"", role: .publicBaseURL, verdict: .stale, value: "http://links.example.com"),
    Drift(
      name: "a runbook that checks the old host", file: runbook, old: "source.web.site=https://links.example.com",
      new: "source.web.site=https://customer-ui.azurecontainerapps.io", role: .runbookURL, verdict: .stale,
      value:
        "https://digitalassetlinks.googleapis.com/v1/statements:list?source.web.site=https://customer-ui.azurecontainerapps.io"
    ),
    Drift(
      name: "the scheme absent from the Identity allowlist", file: identity,
      old: "[\n      \"com.example.customer\"\n    ]",
      new: "[]", role: .oauthReturnScheme, verdict: .missing, value: "com.example.customer"),
    Drift(
      name: "only staging's scheme in the production allowlist", file: identity, old: "\"com.example.customer\"",
      new: "\"com.example.customer.staging\"", role: .oauthReturnScheme, verdict: .foreignBuild,
      value: "com.example.customer.staging"),
    Drift(
      name: "another app's scheme in the allowlist", file: identity, old: "\"com.example.customer\"",
      new: "\"atldevcon\"",
      role: .oauthReturnScheme, verdict: .stale, value: "atldevcon"),
    Drift(
      name: "no URL type in Info.plist", file: ui + "Platforms/iOS/Info.plist",
      old: "<string>com.example.customer</string>\n\t\t\t</array>", new: "</array>", role: .iosURLScheme,
      verdict: .missing, value: "com.example.customer"),
    Drift(
      name: "staging's scheme in the callback activity",
      file: ui + "Platforms/Android/WebAuthenticatorCallbackActivity.cs",
      old: "\"com.example.customer\"", new: "\"com.example.customer.staging\"", role: .androidCallbackScheme,
      verdict: .foreignBuild, value: "com.example.customer.staging"),
    Drift(
      name: "the Release ApplicationId overridden to staging's package", file: ui + "Customer.UI.csproj",
      old: "<ApplicationId>\(contract.builds[0].androidPackage)</ApplicationId>",
      new: "<ApplicationId>\(contract.builds[1].androidPackage)</ApplicationId>", role: .androidApplicationID,
      verdict: .foreignBuild, value: contract.builds[1].androidPackage),
    Drift(
      name: "a TODO package", file: web, old: "\"AndroidPackageName\": \"com.example.customer\"",
      new: "\"AndroidPackageName\": \"TODO: the release ApplicationId\"", role: .servedPackage, verdict: .placeholder,
      value: "TODO: the release ApplicationId"),
  ]

  /// Each drift is found at its file and line, with its role and verdict, and nothing else is.
  @Test(arguments: drifts)
  func findsOneDrift(_ drift: Drift) throws {
    let checkout = try Checkout()
    defer { checkout.remove() }
    let line = try checkout.replace(drift.file, drift.old, drift.new)
    let report = audit(Self.contract, root: checkout.root.path)
    // Another build's value leaves the build's own missing beside it, in the same role.
    let absent = report.findings.filter { $0.verdict == .missing && drift.verdict == .foreignBuild }
    #expect(absent.map(\.role) == (drift.verdict == .foreignBuild ? [drift.role] : []))
    let wrong = report.findings.filter { $0.verdict != .matches && !absent.contains($0) }
    #expect(
      wrong.count == 1,
      "\(wrong.map { "\($0.path ?? ""):\($0.line) \($0.role?.rawValue ?? "-") \($0.verdict.rawValue)" })")
    let finding = try #require(wrong.first)
    #expect(finding.role == drift.role)
    #expect(finding.verdict == drift.verdict)
    #expect(finding.value == drift.value)
    #expect(finding.path == drift.file)
    #expect(finding.line == (drift.verdict == .missing ? 0 : line))
    #expect(!report.isClean)
  }

  @Test func columnsPointAtTheValue() throws {
    let checkout = try Checkout()
    defer { checkout.remove() }
    let report = audit(Self.contract, root: checkout.root.path)
    for finding in report.findings {
      let path = try #require(finding.path)
      let lines = try checkout.read(path).split(separator: "\n", omittingEmptySubsequences: false)
      let text = String(lines[finding.line - 1].dropFirst(finding.column - 1))
      let bare = finding.role == .runbookURL ? "https://" : finding.value
      #expect(text.hasPrefix(bare), "\(path):\(finding.line):\(finding.column) \(text)")
    }
  }

  /// A checkout holding only the generated snippets, both builds side by side: every finding
  /// matches, each file is told to its build by its values, and the per-build count is the one
  /// the association page prints from the same table.
  @Test(arguments: [false, true])
  func checkoutFromTheSnippetsOnlyMatches(_ withAlternative: Bool) throws {
    let checkout = try Checkout(copying: nil)
    defer { checkout.remove() }
    for build in Self.contract.builds {
      let snippets = nativeSnippets(Self.contract, build: build)
      for spot in contractSpots(Self.contract) where withAlternative || spot.alternativeTo == nil {
        let text = try #require(snippets.first { $0.name == spot.snippet }?.contents)
        let project = spot.project.replacingOccurrences(of: " ", with: "-")
        let file = spot.reach == .documentation ? "Docs/\(spot.snippet)" : spot.file
        try checkout.write("\(build.name)/\(project)/\(file)", text)
      }
      // The application id is the app's own build file's, which no snippet fills.
      try checkout.write(
        "\(build.name)/app/build.gradle.kts",
        "android {\n  defaultConfig {\n    applicationId = \"\(build.androidPackage)\"\n  }\n}\n")
    }
    let report = audit(Self.contract, root: checkout.root.path)
    #expect(report.findings.filter { $0.verdict != .matches }.map(\.message) == [])
    #expect(report.builds.map(\.name) == Self.contract.builds.map(\.name))
    for finding in report.findings {
      #expect(finding.path?.hasPrefix(finding.build ?? "-") == true, "\(finding.path ?? "")")
    }
    for build in Self.contract.builds {
      let fromAudit = report.counts(build).filter { $0.value == .webHost || $0.value == .customScheme }
      let fromTable = spotCounts(contractSpots(Self.contract)).filter {
        $0.value == .webHost || $0.value == .customScheme
      }
      #expect(withAlternative || fromAudit == fromTable, "\(build.name)")
    }
  }

  /// A checkout written from the snippets before a host cutover, audited against the contract
  /// after it: every place that holds the old host is stale, the runbook's three checks too.
  @Test func checkoutBeforeAHostCutoverIsStaleEverywhereTheHostIs() throws {
    let production = try #require(Self.contract.builds.first)
    let moved = Build(
      name: production.name, webHost: "cutover." + production.webHost, teamID: production.teamID,
      bundleID: production.bundleID, androidPackage: production.androidPackage,
      customScheme: production.customScheme, androidCertificateFingerprints: production.androidCertificateFingerprints)
    let after = Self.contract.replacing(builds: [moved])
    let checkout = try Checkout(copying: nil)
    defer { checkout.remove() }
    let snippets = nativeSnippets(Self.contract.replacing(builds: [production]), build: production)
    let spots = contractSpots(Self.contract).filter { $0.alternativeTo == nil }
    for spot in spots {
      let text = try #require(snippets.first { $0.name == spot.snippet }?.contents)
      let project = spot.project.replacingOccurrences(of: " ", with: "-")
      try checkout.write("\(project)/\(spot.reach == .documentation ? "Docs/\(spot.snippet)" : spot.file)", text)
    }
    let report = audit(after, root: checkout.root.path, build: moved)
    let stale = report.findings.filter { $0.verdict == .stale }
    let hostSpots = spots.filter { $0.value == .webHost && $0.role != nil }
    #expect(stale.count == hostSpots.count, "\(stale.map { "\($0.role?.rawValue ?? "-") \($0.value)" })")
    #expect(stale.contains { $0.value == appleCDNCheckURL(production.webHost) })
    #expect(report.findings.filter { $0.verdict == .matches }.allSatisfy { !$0.value.contains(production.webHost) })
  }

  @Test func buildFlagJudgesEveryFileAsThatBuild() throws {
    let checkout = try Checkout()
    defer { checkout.remove() }
    let staging = try #require(Self.contract.build(named: "staging"))
    let report = audit(Self.contract, root: checkout.root.path, build: staging)
    #expect(report.builds.map(\.name) == ["staging"])
    #expect(report.findings.filter { $0.verdict == .matches }.isEmpty)
    #expect(report.findings.contains { $0.verdict == .foreignBuild && $0.role == .iosAssociatedDomain })
  }

  /// Shapes seen in public MAUI checkouts: collection expressions, a constant of another class,
  /// a scheme list mixing a custom scheme with https, an AutoVerify filter on a custom scheme.
  @Test func readsRealAttributeShapes() throws {
    let checkout = try Checkout(copying: nil)
    defer { checkout.remove() }
    try checkout.write(
      "App/Platforms/Android/MainActivity.cs",
      """
      [IntentFilter(
          [Android.Content.Intent.ActionView],
          AutoVerify = true,
          Categories = [Android.Content.Intent.CategoryDefault, Android.Content.Intent.CategoryBrowsable],
          DataSchemes = new[] { "com.example.customer", "https" },
          DataHost = AppLinkConstants.Host)]
      [IntentFilter([Intent.ActionView], AutoVerify = true, DataScheme = @"com.example.customer", DataHost = "start")]
      public class MainActivity : MauiAppCompatActivity { }

      """)
    try checkout.write(
      "App/AppLinkConstants.cs",
      """
      public static class AppLinkConstants
      {
          public const string Host = "links.example.com";
      }

      """)
    let report = audit(Self.contract, root: checkout.root.path)
    let found = report.findings.filter { $0.verdict != .missing }.map {
      "\($0.path ?? ""):\($0.line):\($0.column) \($0.role?.rawValue ?? "-")"
    }
    #expect(
      found == [
        "App/AppLinkConstants.cs:3:33 android-app-link-host",
        "App/Platforms/Android/MainActivity.cs:5:28 android-callback-scheme",
        "App/Platforms/Android/MainActivity.cs:7:70 android-callback-scheme",
      ])
    #expect(report.findings.filter { $0.verdict != .missing }.allSatisfy { $0.verdict == .matches })
  }

  /// `?mode=developer` and `?mode=managed` are Apple's suffixes on an associated domain; the
  /// host before them is the value, and `webcredentials:` entries are another service.
  @Test(arguments: ["applinks:links.example.com?mode=developer", "applinks:LINKS.example.com"])
  func associatedDomainSuffixesAndCase(_ entry: String) throws {
    let checkout = try Checkout()
    defer { checkout.remove() }
    try checkout.replace(Self.ui + "Platforms/iOS/Entitlements.plist", "applinks:links.example.com", entry)
    let report = audit(Self.contract, root: checkout.root.path)
    #expect(report.findings.filter { $0.verdict != .matches }.map(\.message) == [])
    #expect(report.findings.contains { $0.role == .iosAssociatedDomain && $0.value == entry })
  }

  @Test func manifestIntentFiltersAreRead() throws {
    let checkout = try Checkout(copying: nil)
    defer { checkout.remove() }
    let xml = try #require(
      nativeSnippets(Self.contract, build: Self.contract.builds[0]).first { $0.name == "app-links-intent-filter.xml" })
    try checkout.write(
      "App/Platforms/Android/AndroidManifest.xml",
      """
      <?xml version="1.0" encoding="utf-8"?>
      <manifest xmlns:android="http://schemas.android.com/apk/res/android">
        <application>
          <activity android:name=".MainActivity">
            <intent-filter android:autoVerify="true">
              <action android:name="android.intent.action.VIEW" />
              <data android:scheme="https"
                    android:host="links.staging.example.com" />
            </intent-filter>
            <intent-filter>
              <data android:scheme="https" android:host="not-verified.example.com" />
            </intent-filter>
          </activity>
        </application>
      </manifest>

      """)
    try checkout.write("App/snippet/AndroidManifest.xml", xml.contents)
    let report = audit(Self.contract, root: checkout.root.path, build: Self.contract.builds[0])
    let hosts = report.findings.filter { $0.role == .androidAppLinkHost }
    #expect(
      hosts.map { "\($0.path ?? ""):\($0.line):\($0.column) \($0.verdict.rawValue)" } == [
        "App/Platforms/Android/AndroidManifest.xml:8:29 foreign-build",
        "App/snippet/AndroidManifest.xml:9:23 matches",
      ])
  }

  /// The JSON report has the published shape.
  @Test func jsonFollowsTheSchema() throws {
    let checkout = try Checkout()
    defer { checkout.remove() }
    try checkout.replace(Self.identity, "[\n      \"com.example.customer\"\n    ]", "[]")
    let json = audit(Self.contract, root: checkout.root.path).json
    #expect(SchemaCheck.problems(json, auditSchema(Self.contract)) == [])
    #expect(json["schemaVersion"] == .int(4))
    guard case .array(let findings)? = json["findings"] else {
      Issue.record("no findings array")
      return
    }
    #expect(
      findings.contains {
        $0["verdict"] == .string("missing") && $0["id"] == .string("audit-missing") && $0["line"] == .null
      })
  }
}
