import AssociationChecks
import ContractArtifacts
import DesignFixture
import LinkContract
import LinkParser
import Testing

// A path field with no prefix (`/invite/{code}`) is claimed as tightly as the pattern language
// allows: the path that stops before the field, a missing-field link, stays unclaimed.

@Suite struct UnprefixedFieldTests {
  static func contract(adding route: RouteClass) -> Contract {
    let base = Contract.design
    return Contract(
      appName: base.appName, builds: base.builds, reservedBodyPrefix: base.reservedBodyPrefix,
      maximumLinkBytes: base.maximumLinkBytes, routeClasses: [route] + base.routeClasses,
      forbiddenKeys: base.forbiddenKeys, rejectionRules: base.rejectionRules, layers: base.layers, stages: base.stages,
      troubleshooting: base.troubleshooting, verification: base.verification, revalidation: base.revalidation)
  }

  static let invite = RouteClass(
    id: "invite", title: "Invite",
    httpsPath: [
      .literal("invite"), .field(Field(name: "code", format: .base64url(length: 8...16), meaning: "A code.")),
    ],
    customSchemeName: nil, query: .none, destination: "An invitation.",
    authority: Authority(requirement: .anyone, needs: "Nothing."), gates: [], boundary: "None.", sensitivity: nil,
    publication: .published)

  @Test("The association files claim the route's links and not the path before its field")
  func claimsExactly() throws {
    let contract = Self.contract(adding: Self.invite)
    #expect(contract.problems().isEmpty)
    #expect(associationSelfCheck(contract).isEmpty, "\(associationSelfCheck(contract))")
    let build = contract.builds[0]
    let association = appSiteAssociation(contract, build: build)
    for (path, claimed) in [("/invite/abcdefgh", true), ("/invite", false), ("/invite/", false)] {
      #expect((association.claims(path: path).decision == .claimed) == claimed, "\(path)")
    }
  }

  @Test("An association problem is located at the values file's line")
  func located() {
    let base = Contract.design
    let build = base.builds[0]
    let bare = Build(
      name: build.name, webHost: build.webHost, teamID: build.teamID, bundleID: build.bundleID,
      androidPackage: build.androidPackage, customScheme: build.customScheme, androidCertificateFingerprints: [])
    let contract = Contract(
      appName: base.appName, builds: [bare] + base.builds.dropFirst(), reservedBodyPrefix: base.reservedBodyPrefix,
      maximumLinkBytes: base.maximumLinkBytes, routeClasses: base.routeClasses, forbiddenKeys: base.forbiddenKeys,
      rejectionRules: base.rejectionRules, layers: base.layers, stages: base.stages,
      troubleshooting: base.troubleshooting, verification: base.verification, revalidation: base.revalidation)
    let problems = associationSelfCheck(contract)
    #expect(!problems.isEmpty)
    #expect(problems.allSatisfy { $0.location?.line == bare.source.line }, "\(problems)")
  }
}
