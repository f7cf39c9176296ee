import AssociationChecks
import ContractArtifacts
import DesignFixture
import LinkContract
import Testing

/// The semantic diff on the design's pinned contract and edits of it, so that the expected
/// reports stay what they are written as whatever the Customer App's values become.
struct AssociationDiffTests {
  static let contract = Contract.design

  /// The association tree of a contract, keyed as `diff` reads a `Site/association` folder.
  static func tree(_ contract: Contract) -> [String: [UInt8]] {
    var tree: [String: [UInt8]] = [:]
    for file in associationArtifacts(contract) {
      tree[String(file.path.dropFirst("Site/association/".count))] = Array(file.contents.utf8)
    }
    return tree
  }

  static func withProduction(_ change: (Build) -> Build) -> Contract {
    contract.replacing(builds: contract.builds.map { $0.name == "production" ? change($0) : $0 })
  }

  static func build(_ build: Build, webHost: String? = nil, fingerprints: [String]? = nil) -> Build {
    Build(
      name: build.name, webHost: webHost ?? build.webHost, teamID: build.teamID, bundleID: build.bundleID,
      androidPackage: build.androidPackage, customScheme: build.customScheme,
      androidCertificateFingerprints: fingerprints ?? build.androidCertificateFingerprints)
  }

  static let rotated = "3C:1F:9A:77:E2:05:B8:6D:41:C9:0E:53:A6:28:DB:94:7F:12:C4:8B:E0:39:5A:F6:0D:71:AE:23:98:4C:B5:E7"

  struct Seed: Sendable, CustomTestStringConvertible {
    let name: String
    let old: [String: [UInt8]]
    let new: [String: [UInt8]]
    let report: String
    let triggers: [RevalidationID]
    var testDescription: String { name }
  }

  static func movedExclude() -> [String: [UInt8]] {
    var tree = tree(contract)
    let path = "production/.well-known/apple-app-site-association"
    var association = appSiteAssociation(contract, build: contract.builds[0])
    let exclude = association.details[0].components.remove(at: 1)
    association.details[0].components.insert(exclude, at: 2)
    tree[path] = Array(association.json.pretty.utf8)
    return tree
  }

  static func newRoute() -> Contract {
    contract.replacing(
      routeClasses: contract.routeClasses.map { route in
        guard route.id == .product else { return route }
        return RouteClass(
          id: route.id, title: route.title, httpsPath: route.httpsPath, customSchemeName: route.customSchemeName,
          query: route.query, destination: route.destination, authority: route.authority, gates: route.gates,
          boundary: route.boundary, sensitivity: route.sensitivity, publication: .published)
      })
  }

  static let product = "/business/bz_0000Business0001/category/ct_0000Category0001/product/pr_0000Product00001"

  static let seeds: [Seed] = [
    Seed(name: "unchanged", old: tree(contract), new: tree(contract), report: "no differences\n", triggers: []),
    Seed(
      name: "a moved exclude", old: tree(contract), new: movedExclude(),
      report: """
        production/.well-known/apple-app-site-association:
          component-moved: exclude "/": "/business/*/category/*/product/*" from position 2 to 3
          claim-changed: product \(product): excluded by component 2 (exclude "/": "/business/*/category/*/product/*") -> claimed by component 2 ("/": "/business/bz_*")
        revalidation triggers fired:
          association-claims: The association files claim a different set of links or apps.

        """, triggers: [.associationClaims]),
    Seed(
      name: "a rotated fingerprint", old: tree(contract),
      new: tree(withProduction { build($0, fingerprints: [rotated]) }),
      report: """
        production/.well-known/assetlinks.json:
          fingerprint-removed: com.example.customer: 95:63:7B:95:4E:7E:9A:8E:47:DF:2D:D1:67:A7:09:3A:96:FA:78:18:40:D5:48:5F:46:44:E8:B5:01:34:CB:F7
          fingerprint-added: com.example.customer: \(rotated)
          certificate-rotated: com.example.customer: 1 removed, 1 added
        production/native/appsettings.AppAssociation.json:
          fingerprint-removed: com.example.customer: 95:63:7B:95:4E:7E:9A:8E:47:DF:2D:D1:67:A7:09:3A:96:FA:78:18:40:D5:48:5F:46:44:E8:B5:01:34:CB:F7
          fingerprint-added: com.example.customer: \(rotated)
          certificate-rotated: com.example.customer: 1 removed, 1 added
        revalidation triggers fired:
          signing-certificate: An Android signing certificate is added, removed or rotated.

        """, triggers: [.signingCertificate]),
    Seed(
      name: "a new route", old: tree(contract), new: tree(newRoute()),
      report: "", triggers: [.associationClaims]),
    Seed(
      name: "a changed host", old: tree(contract),
      new: tree(withProduction { build($0, webHost: "links.example.net") }),
      report: "", triggers: [.associationClaims]),
  ]

  @Test(arguments: seeds)
  func reportsSeededChanges(_ seed: Seed) {
    let diff = diffAssociationTrees(old: seed.old, new: seed.new, contract: Self.contract)
    let text = diff.text(Self.contract)
    if !seed.report.isEmpty { #expect(text == seed.report) }
    #expect(diff.triggers(Self.contract).map(\.id) == seed.triggers, "\(text)")
    #expect(diff.isEmpty == seed.triggers.isEmpty)
  }

  @Test func newRouteNamesTheComponentsAndTheClaim() {
    let diff = diffAssociationTrees(
      old: Self.tree(Self.contract), new: Self.tree(Self.newRoute()), contract: Self.contract)
    let lines = diff.text(Self.contract).split(separator: "\n").map(String.init)
    let aasa = lines.drop { $0 != "production/.well-known/apple-app-site-association:" }.dropFirst().prefix(3)
    #expect(
      Array(aasa) == [
        #"  component-removed: exclude "/": "/business/*/category/*/product/*" (was position 2)"#,
        #"  component-added: "/": "/business/bz_*/category/ct_*/product/pr_*" at position 2"#,
        "  claim-changed: product \(Self.product): excluded by component 2 (exclude \"/\": \"/business/*/category/*/product/*\") -> claimed by component 2 (\"/\": \"/business/bz_*/category/ct_*/product/pr_*\")",
      ])
    #expect(lines.contains("staging/.well-known/apple-app-site-association:"))
    #expect(
      lines.contains(#"  line-added: <data android:pathPattern="/business/bz_.*/category/ct_.*/product/pr_.*" />"#))
  }

  @Test func changedHostNamesEveryNativeOccurrence() {
    let diff = diffAssociationTrees(
      old: Self.tree(Self.contract),
      new: Self.tree(Self.withProduction { Self.build($0, webHost: "links.example.net") }),
      contract: Self.contract)
    let files = Set(diff.changes.map(\.file))
    #expect(
      files == [
        "production/native/associated-domains.entitlements", "production/native/app-links-intent-filter.xml",
        "production/native/MainActivity.IntentFilter.cs", "production/native/verify-association.sh",
        "production/native/appsettings.PublicSite.json", "production/native/nginx-association.conf",
      ])
    #expect(
      diff.changes.contains {
        $0.kind == .lineAdded && $0.detail == "<string>applinks:links.example.net</string>"
      })
    #expect(diff.changes.filter { $0.file.hasSuffix("verify-association.sh") }.allSatisfy { $0.triggers.isEmpty })
  }

  @Test func schemeAllowlistChange() {
    let old = Array(identityAllowlist(Self.contract.builds[0]).pretty.utf8)
    let new = Array(#"{"OAuth":{"AllowedReturnUrlSchemes":["com.example.other"]}}"#.utf8)
    let diff = diffAssociationFile("appsettings.OAuth.json", old: old, new: new, contract: Self.contract)
    #expect(
      diff.text(Self.contract) == """
        appsettings.OAuth.json:
          allowed-scheme-removed: com.example.customer
          allowed-scheme-added: com.example.other
        revalidation triggers fired:
          native-scheme-registration: The native scheme registration changes.

        """)
  }

  @Test func appIDChangeAndJSON() {
    let old = Array(appSiteAssociation(Self.contract, build: Self.contract.builds[0]).json.pretty.utf8)
    let new = Array(appSiteAssociation(Self.contract, build: Self.contract.builds[1]).json.compact.utf8)
    let diff = diffAssociationFile("apple-app-site-association", old: old, new: new, contract: Self.contract)
    #expect(diff.changes.map(\.kind) == [.appIDRemoved, .appIDAdded])
    let json = diff.json(Self.contract).compact
    #expect(
      json.hasPrefix(#"{"schemaVersion":3,"changes":[{"kind":"app-id-removed","file":"apple-app-site-association""#))
    #expect(
      json.hasSuffix(
        #""triggers":[{"id":"association-claims","when":"The association files claim a different set of links or apps."}]}"#
      ))
  }

  @Test func formattingOnly() {
    let association = appSiteAssociation(Self.contract, build: Self.contract.builds[0]).json
    let diff = diffAssociationFile(
      "apple-app-site-association", old: Array(association.pretty.utf8), new: Array(association.compact.utf8),
      contract: Self.contract)
    #expect(diff.changes.map(\.kind) == [.formatting])
    #expect(diff.triggers(Self.contract).isEmpty)
  }

  /// A hostile file: 8 variables of 6 values each, used four times in each of 8 components,
  /// values and patterns with nested `*` and `?`; `seed` changes one value.
  static func hostile(seed: Int) -> [UInt8] {
    var variables: [String: [String]] = [:]
    for number in 0..<8 { variables["v\(number)"] = (0..<6).map { "a*v\(number)?\($0)*b\($0 == 0 ? seed : 0)" } }
    let components = (0..<8).map { index in
      let used = (0..<4).map { "$(v\((index + $0) % 8))" }
      return AASAComponent(
        path: "/" + used.joined(separator: "*/?*") + "/\(index)/*", fragment: used.joined(separator: "*"),
        exclude: index % 3 == 0)
    }
    var association = AppSiteAssociation(
      details: [AASADetail(appIDs: ["ABCDE12345.org.hostile.app"], components: components)])
    association.substitutionVariables = variables
    return Array(association.json.pretty.utf8)
  }

  @Test("Past the deadline, diff says which links' claims it did not compare")
  func claimsUncheckedPastTheDeadline() {
    let (old, new) = (Self.hostile(seed: 1), Self.hostile(seed: 2))
    let bounded = diffAssociationFile(
      "apple-app-site-association", old: old, new: new, contract: Self.contract, deadline: .now)
    let unchecked = bounded.changes.filter { $0.kind == .claimsUnchecked }
    #expect(unchecked.count == 1, "\(bounded.text(Self.contract))")
    #expect(unchecked.first?.detail.hasPrefix("the time allowed ran out after 0 of ") == true)
    #expect(!bounded.changes.contains { $0.kind == .claimChanged })
    // Given the standard bound alone, the same files are compared link by link.
    let whole = diffAssociationFile("apple-app-site-association", old: old, new: new, contract: Self.contract)
    #expect(!whole.changes.contains { $0.kind == .claimsUnchecked }, "\(whole.text(Self.contract))")
    #expect(whole.changes.contains { $0.kind == .claimChanged })
  }
}
