import DesignFixture
import LinkContract
import LinkLifecycle
import Testing

// docs/design.md, Route classes: a flow-initiator route's link completes a flow the app started.
// Only the route that declares the OAuth callback completes a sign-in; another is named by its
// own title, and an app with no flow-initiator route has no flow at all.

@Suite("A flow the app started, in its route's words")
struct FlowTests {
  /// The design (whose OAuth callback completes a sign-in) with the ferry's wallet return beside it.
  static let twoFlows: Contract = {
    let walletReturn = Contract.ferry.routeClasses.first { $0.authority.requirement.admits == .flowInitiator }!
    return Contract.design.replacing(routeClasses: Contract.design.routeClasses + [walletReturn])
  }()

  static let adopters =
    AdopterCase.three + [
      .ferryWithoutFlow, AdopterCase(name: "the design with a wallet return", contract: twoFlows),
    ]

  @Test("Each flow-initiator route is a flow, a sign-in only where it declares the OAuth callback", arguments: adopters)
  func flows(_ adopter: AdopterCase) throws {
    let contract = adopter.contract
    let initiators = contract.routeClasses.filter { $0.authority.requirement.admits == .flowInitiator }
    #expect(contract.flows.map(\.route) == initiators.map(\.id))
    #expect(contract.flows.filter(\.isSignIn).map(\.route) == [contract.oauthCallbackRoute?.id].compactMap { $0 })
    let reasons = DropReason.all(contract).compactMap { reason -> AppFlow? in
      if case .noFlow(let flow) = reason { flow } else { nil }
    }
    #expect(reasons == contract.flows)
    #expect(Set(reasons.map { DropReason.noFlow($0).id }).count == reasons.count)
    let text = AdopterWordsTests.sentences(contract).joined(separator: "\n")
    let signIn = contract.oauthCallbackRoute != nil
    for words in ["sign-in callback", "sign-in flow", "system browser"] {
      #expect(text.contains(words) == signIn, "\(words) in \(adopter)")
    }
    for flow in contract.flows where !flow.isSignIn {
      let title = try #require(contract.routeClass(flow.route)).title.lowercased()
      #expect(text.contains("No flow the app started is waiting for this \(title) link."))
      #expect(text.contains("The flow the app started receives the \(title) link."))
      #expect(text.contains("The app starts a flow that a \(title) link completes."))
      #expect(Scenarios.all(contract).contains { $0.id == "\(flow.route)-completes-flow" })
    }
    if contract.flows.isEmpty { #expect(!text.contains("flow"), "\(adopter)") }
  }

  @Test("A link completes only the flow started for its own route")
  func eachFlowItsOwnLink() throws {
    let contract = Self.twoFlows
    let build = contract.builds[0]
    let signIn = try #require(contract.flows.first { $0.isSignIn })
    let other = try #require(contract.flows.first { !$0.isSignIn })
    func link(_ flow: AppFlow) throws -> String {
      try #require(contract.canonicalLink(contract.routeClass(flow.route)!, carrier: .customScheme, in: build))
    }
    var app = IntentCoordinator(contract: contract, build: build, starting: .signedIn)
    _ = app.handle(.navigationReady)
    #expect(app.handle(.flowStarted(other)) == [])
    #expect(
      app.handle(.deliver("d1", link: try link(signIn), timing: .foregroundOpen))
        == [.accepted(signIn.route), .dropped(signIn.route, .noFlow(signIn)), .show(.trustedNavigation)])
    #expect(
      app.handle(.deliver("d2", link: try link(other), timing: .foregroundOpen))
        == [.accepted(other.route), .show(.flowCompletion(other)), .consumed(other.route)])
    #expect(app.flowsInProgress.isEmpty)
  }

  @Test("Logging out ends every flow the app started")
  func logoutEndsFlows() {
    let contract = Self.twoFlows
    var app = IntentCoordinator(contract: contract, build: contract.builds[0], starting: .signedIn)
    for flow in contract.flows { _ = app.handle(.flowStarted(flow)) }
    #expect(app.flowsInProgress == Set(contract.flows))
    _ = app.handle(.loggedOut)
    #expect(app.flowsInProgress.isEmpty)
  }
}
