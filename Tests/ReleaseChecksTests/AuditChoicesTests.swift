import ContractArtifacts
import DesignFixture
import Foundation
import LinkContract
import ReleaseChecks
import Testing

// `audit` looks for the roles of the snippets the app chose, in the kinds of file those snippets
// go into: a checkout's .NET files and settings files say nothing to an app that chose none.

@Suite("audit reads the roles of the app's own snippets")
struct AuditChoicesTests {
  /// The roles of the places `contract`'s snippets fill, and the application id of an app with
  /// an Android snippet.
  static func roles(_ contract: Contract) -> Set<AuditRole> { Set(auditRoles(contract)) }

  /// Whether the path is a file of a kind no chosen snippet of `contract` goes into.
  static func unchosenKind(_ path: String, _ contract: Contract) -> Bool {
    let name = (path as NSString).lastPathComponent.lowercased()
    let settings = contract.nativeSnippets.contains {
      [.publicSiteSettings, .webHostSettings, .identityAllowlist].contains($0)
    }
    let csharp = contract.nativeSnippets.contains { [.mauiIntentFilter, .mauiCallbackActivity].contains($0) }
    let android = contract.generatedSnippets.contains(where: androidSnippets.contains)
    let build = name.hasSuffix(".gradle") || name.hasSuffix(".gradle.kts") || name.hasSuffix(".csproj")
    return (name.hasPrefix("appsettings") && !settings) || (name.hasSuffix(".cs") && !csharp) || (build && !android)
  }

  @Test(
    "Only the roles of the chosen snippets are found, in the kinds of file they go into, unreadable ones too",
    arguments: AdopterCase.all)
  func onlyChosenRoles(_ adopter: AdopterCase) throws {
    let checkout = try Checkout()
    defer { checkout.remove() }
    try checkout.write("Source/Broken/appsettings.json", "{ \"PublicSite\": { \"BaseUrl\": ")
    let contract = adopter.contract
    let report = audit(contract, root: checkout.root.path)
    let roles = Self.roles(contract)
    #expect(!report.findings.isEmpty)
    for finding in report.findings {
      if let role = finding.role { #expect(roles.contains(role), "\(role.rawValue) at \(finding.path ?? "-")") }
      #expect(!Self.unchosenKind(finding.path ?? "", contract), "\(finding.path ?? "-"): \(finding.message)")
    }
    let settingsFindings = report.findings.filter { ($0.path ?? "").hasSuffix("appsettings.json") }
    #expect(settingsFindings.isEmpty == !roles.contains { [.publicBaseURL, .servedPackage].contains($0) })
  }

  /// A manifest whose one activity holds `filters`.
  static func manifest(_ package: String, _ filters: [String]) -> String {
    """
    <?xml version="1.0" encoding="utf-8"?>
    <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="\(package)">
      <application>
        <activity android:name=".MainActivity" android:exported="true">
    \(filters.joined(separator: "\n"))
        </activity>
      </application>
    </manifest>

    """
  }

  @Test(
    "A native app's custom-scheme filter is audited in its manifest: matched when pasted, missing when not",
    arguments: [AdopterCase.ferry, .manifestOnly])
  func schemeFilterAudited(_ adopter: AdopterCase) throws {
    let contract = adopter.contract
    let build = contract.builds[0]
    let snippets = nativeSnippets(contract, build: build)
    let appLinks = try #require(snippets.first { $0.name == snippetFile(.androidIntentFilter) })
    let scheme = try #require(snippets.first { $0.name == snippetFile(.androidSchemeFilter) })
    for pasted in [false, true] {
      let checkout = try Checkout(copying: nil)
      defer { checkout.remove() }
      let filters = [appLinks.contents] + (pasted ? [scheme.contents] : [])
      try checkout.write(contract.checkout.androidManifest, Self.manifest(build.androidPackage, filters))
      let findings = audit(contract, root: checkout.root.path, build: build).findings.filter {
        $0.role == .androidCallbackScheme
      }
      if pasted {
        #expect(!findings.isEmpty && findings.allSatisfy { $0.verdict == .matches }, "\(findings)")
        #expect(findings.allSatisfy { $0.path == contract.checkout.androidManifest && $0.value == build.customScheme })
      } else {
        #expect(findings.map(\.verdict) == [.missing], "\(findings)")
        #expect(findings.first?.path == contract.checkout.androidManifest)
        #expect(findings.first?.value == build.customScheme)
      }
    }
  }
}
