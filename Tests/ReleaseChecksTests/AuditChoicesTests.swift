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
}
