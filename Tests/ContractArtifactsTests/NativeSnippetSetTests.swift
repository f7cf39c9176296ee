import ContractArtifacts
import DesignFixture
import LinkContract
import Testing

// The native snippets a build gets are the contract's choice: only those are written, and only
// their places are expected in an app checkout.

@Suite struct NativeSnippetSetTests {
  static func contract(_ kinds: [NativeSnippetKind], user: String = "the user") -> Contract {
    let base = Contract.design
    return Contract(
      appName: base.appName, builds: base.builds, reservedBodyPrefix: base.reservedBodyPrefix,
      maximumLinkBytes: base.maximumLinkBytes, routeClasses: base.routeClasses, forbiddenKeys: base.forbiddenKeys,
      rejectionRules: base.rejectionRules, layers: base.layers, stages: base.stages,
      troubleshooting: base.troubleshooting, verification: base.verification, revalidation: base.revalidation,
      nativeSnippets: kinds, user: user)
  }

  @Test(
    "Only the kinds the contract lists are written, and only their places are expected",
    arguments: [
      [NativeSnippetKind.iosAssociatedDomains, .androidIntentFilter], [.runbook], NativeSnippetKind.allCases,
    ])
  func onlyListed(_ kinds: [NativeSnippetKind]) {
    let contract = Self.contract(kinds)
    let build = contract.builds[0]
    #expect(Set(nativeSnippets(contract, build: build).map(\.name)) == Set(kinds.map(snippetFile)))
    let written = Set(
      siteArtifacts(contract).map(\.path).filter { $0.hasPrefix("Site/association/\(build.name)/native/") }
        .map { String($0.split(separator: "/").last!) })
    #expect(written == Set(kinds.map(snippetFile)))
    #expect(Set(contractSpots(contract).map(\.snippet)).isSubset(of: Set(kinds.map(snippetFile))))
  }

  @Test(
    "The nginx snippet names the web host's settings only where the app has them",
    arguments: [[NativeSnippetKind.nginx], [.nginx, .webHostSettings]])
  func nginxAlternative(_ kinds: [NativeSnippetKind]) throws {
    let contract = Self.contract(kinds)
    let nginx = try #require(
      nativeSnippets(contract, build: contract.builds[0]).first { $0.name == snippetFile(.nginx) })
    #expect(nginx.contents.contains("AppAssociation") == kinds.contains(.webHostSettings))
    #expect(!nginx.contents.contains("ASP.NET"))
  }

  @Test("The lifecycle's narration calls the app's user as its contract does", arguments: ["the user", "the shopper"])
  func userInNarration(_ user: String) throws {
    let contract = Self.contract(NativeSnippetKind.allCases, user: user)
    let lifecycle = try #require(lifecycleArtifacts(contract).first { $0.path == "Site/lifecycle.json" })
    #expect(lifecycle.contents.contains(contract.userAtSentenceStart + " logs out."))
    #expect(!lifecycle.contents.lowercased().contains("the customer"))
  }
}
