import CustomerApp
import DesignFixture
import LinkContract
import LinkLifecycle
import LinkParser
import Testing

// Hand-written tests of the coordinator's rules, on the design's pinned contract.

let design = Contract.design
let production = design.builds[0]
/// The design's documentation link of a route class, on its first carrier.
func designLink(_ id: RouteClassID, carrier: Carrier? = nil) -> String {
  let route = design.routeClass(id)!
  return Route(route, carrier: carrier, values: design.sampleValues(of: route)).link(in: production, contract: design)!
}
let checkoutLink = designLink(.checkout)
let orderLink = designLink(.order)
let businessLink = designLink(.business)
let cartSample = design.sample(DesignFields.cart)
/// The design's sign-in flow, which its OAuth callback completes.
let signInFlow = design.flow(completedBy: .oauthComplete)!

func coordinator(_ state: StartingState, contract: Contract = .design) -> IntentCoordinator {
  IntentCoordinator(contract: contract, build: contract.builds[0], starting: state)
}

/// An Ordering service that answers from a script and remembers every request.
struct ScriptedOrdering: OrderingService {
  var answer: AuthorizationAnswer = .authorized
  private(set) var requests: [AuthorizationRequest] = []

  mutating func authorize(_ request: AuthorizationRequest) -> AuthorizationAnswer {
    requests.append(request)
    return answer
  }
}

func session(
  _ state: StartingState, answer: AuthorizationAnswer = .authorized
) -> LinkHandlingSession<ScriptedOrdering, InertDestinationRecorder> {
  LinkHandlingSession(
    coordinator: coordinator(state), ordering: ScriptedOrdering(answer: answer),
    destination: InertDestinationRecorder(contract: design))
}

@Suite struct IntentCoordinatorTests {
  @Test("A replay after an account switch never reaches the new account")
  func replayAfterAccountSwitch() {
    var app = coordinator(.signedIn)
    _ = app.handle(.navigationReady)
    #expect(
      app.handle(.deliver("d1", link: checkoutLink, timing: .foregroundOpen))
        == [.accepted(.checkout), .requestAuthorization(.checkout, request: 1)])
    #expect(app.handle(.accountSwitched(to: "account-b")) == [.dropped(.checkout, .accountSwitched)])
    #expect(app.handle(.authorizationAnswered(request: 1, .authorized)) == [.ignoredAnswer(request: 1)])
    #expect(app.handle(.deliver("d1", link: checkoutLink, timing: .replay)) == [.dropped(.checkout, .changedContext)])
    #expect(app.pending == nil)
    #expect(app.lastAuthorizedTarget == nil)
  }

  @Test("A fresh delivery after an account switch is authorized again for the new account")
  func freshDeliveryAfterSwitchIsReauthorized() {
    var app = coordinator(.signedIn)
    _ = app.handle(.navigationReady)
    _ = app.handle(.deliver("d1", link: businessLink, timing: .foregroundOpen))
    _ = app.handle(.accountSwitched(to: "account-b"))
    #expect(
      app.handle(.deliver("d2", link: businessLink, timing: .foregroundOpen))
        == [.accepted(.business), .requestAuthorization(.business, request: 2)])
    #expect(app.outstandingRequest?.binding.identity == .account("account-b"))
  }

  @Test("The same delivery on cold launch and again warm is handled once")
  func duplicateColdAndWarm() {
    var app = coordinator(.signedIn)
    #expect(
      app.handle(.deliver("d1", link: orderLink, timing: .coldLaunch)) == [.accepted(.order), .queued(.order)])
    #expect(
      app.handle(.deliver("d1", link: orderLink, timing: .foregroundOpen)) == [.dropped(.order, .duplicateDelivery)])
    #expect(app.pending?.delivery == "d1")
    #expect(app.handle(.navigationReady) == [.requestAuthorization(.order, request: 1)])
    #expect(
      app.handle(.authorizationAnswered(request: 1, .authorized)) == [.show(.destination(.order)), .consumed(.order)])
    #expect(app.handle(.deliver("d1", link: orderLink, timing: .foregroundOpen)) == [.dropped(.order, .alreadyHandled)])
  }

  @Test("A sensitive link queued past its freshness window expires", arguments: [RouteClassID.checkout, .order])
  func sensitiveLinkExpires(_ id: RouteClassID) throws {
    let window = try #require(design.routeClass(id)?.sensitivity?.freshnessSeconds)
    let link = id == .checkout ? checkoutLink : orderLink
    var app = coordinator(.signedIn)
    #expect(app.handle(.deliver("d1", link: link, timing: .coldLaunch)) == [.accepted(id), .queued(id)])
    #expect(app.handle(.clockAdvanced(seconds: window)) == [])
    #expect(app.handle(.clockAdvanced(seconds: 1)) == [.dropped(id, .expired)])
    #expect(app.handle(.navigationReady) == [])
    #expect(app.outstandingRequest == nil)
  }

  @Test("A non-sensitive link has no freshness window")
  func businessDoesNotExpire() {
    var app = coordinator(.signedIn)
    _ = app.handle(.deliver("d1", link: businessLink, timing: .coldLaunch))
    #expect(app.handle(.clockAdvanced(seconds: 86_400)) == [])
    #expect(app.handle(.navigationReady) == [.requestAuthorization(.business, request: 1)])
  }

  @Test("Logout clears a pending intent, whatever it waits for")
  func logoutClearsPending() {
    var queued = coordinator(.signedIn)
    _ = queued.handle(.deliver("d1", link: businessLink, timing: .coldLaunch))
    #expect(queued.handle(.loggedOut) == [.dropped(.business, .loggedOut)])
    #expect(queued.handle(.navigationReady) == [])

    var gated = coordinator(.needing(.accountVerification))
    _ = gated.handle(.navigationReady)
    #expect(
      gated.handle(.deliver("d1", link: orderLink, timing: .foregroundOpen))
        == [.accepted(.order), .show(.gate(.accountVerification))])
    #expect(gated.handle(.loggedOut) == [.dropped(.order, .loggedOut)])
    #expect(gated.context.outstandingGates.isEmpty)
    #expect(gated.handle(.signedIn(account: "account-a")) == [])

    var authorizing = coordinator(.signedIn)
    _ = authorizing.handle(.navigationReady)
    _ = authorizing.handle(.deliver("d1", link: orderLink, timing: .foregroundOpen))
    #expect(authorizing.handle(.loggedOut) == [.dropped(.order, .loggedOut)])
    #expect(authorizing.handle(.authorizationAnswered(request: 1, .authorized)) == [.ignoredAnswer(request: 1)])
  }

  @Test("Completing a gate leads to a new authorization request, never to the destination")
  func gateCompletionReauthorizes() {
    var app = coordinator(.signedOut)
    _ = app.handle(.navigationReady)
    #expect(
      app.handle(.deliver("d1", link: orderLink, timing: .foregroundOpen)) == [
        .accepted(.order), .show(.gate(.signIn)),
      ])
    #expect(app.handle(.gateCompleted(.signIn)) == [])
    #expect(app.handle(.signedIn(account: "account-a")) == [.requestAuthorization(.order, request: 1)])
    #expect(app.outstandingRequest?.binding == app.context.binding)
    #expect(app.lastAuthorizedTarget == nil)
  }

  @Test("A guest who signs in mid-authorization is asked about again; the guest's answer is ignored")
  func signInDuringAuthorization() {
    var app = coordinator(.guest)
    _ = app.handle(.navigationReady)
    _ = app.handle(.deliver("d1", link: checkoutLink, timing: .foregroundOpen))
    #expect(app.outstandingRequest?.binding.identity == .guest)
    #expect(app.handle(.signedIn(account: "account-a")) == [.requestAuthorization(.checkout, request: 2)])
    #expect(app.handle(.authorizationAnswered(request: 1, .authorized)) == [.ignoredAnswer(request: 1)])
    #expect(
      app.handle(.authorizationAnswered(request: 2, .authorized))
        == [.show(.destination(.checkout)), .consumed(.checkout)])
    #expect(app.lastAuthorizedTarget?.binding.identity == .account("account-a"))
    #expect(app.lastAuthorizedTarget?.request == 2)
  }

  @Test("Unavailable and unauthorized targets look the same", arguments: [StartingState.signedIn, .guest])
  func unavailableLooksLikeUnauthorized(_ state: StartingState) {
    func outcome(_ answer: AuthorizationAnswer) -> ([Observation], [DestinationAccess]) {
      var app = session(state, answer: answer)
      var observations = app.handle(.navigationReady)
      observations += app.handle(.deliver("d1", link: checkoutLink, timing: .foregroundOpen))
      return (observations, app.destination.accesses)
    }
    let unauthorized = outcome(.unauthorized)
    let unavailable = outcome(.unavailable)
    #expect(unauthorized.0 == unavailable.0)
    #expect(unauthorized.0.contains(.show(.unavailable(.checkout))))
    #expect(unauthorized.1.isEmpty && unavailable.1.isEmpty)
  }

  @Test("Nothing is read or changed before authorization; the destination reads after it")
  func noReadOrMutationBeforeAuthorization() {
    var app = session(.signedOut)
    let beforeGrant: [LifecycleEvent] = [
      .deliver("d1", link: checkoutLink, timing: .coldLaunch), .clockAdvanced(seconds: 30), .navigationReady,
      .deliver("d1", link: checkoutLink, timing: .duplicate), .flowStarted(signInFlow),
    ]
    for event in beforeGrant {
      _ = app.handle(event)
      #expect(app.destination.accesses.isEmpty, "read before authorization at: \(event.summary(.design))")
      #expect(app.ordering.requests.isEmpty, "Ordering asked while a gate is outstanding: \(event.summary(.design))")
    }
    let observed = app.handle(.signedIn(account: "account-a"))
    #expect(
      observed == [
        .requestAuthorization(.checkout, request: 1), .show(.destination(.checkout)), .consumed(.checkout),
      ])
    let request = app.ordering.requests.first
    #expect(
      app.records == [
        .asked(request!), .answered(request: 1, .authorized), .mounted(app.coordinator.lastAuthorizedTarget!),
      ]
    )
    #expect(
      app.destination.accesses.map(\.resource) == ["cart \(cartSample)", "checkout provider session"])
    for access in app.destination.accesses {
      #expect(access.kind == .read)
      #expect(access.target.request == request?.number)
      #expect(access.target.binding == request?.binding)
    }
  }

  @Test("No read happens for any route that is not authorized")
  func deniedRoutesStayUnread() {
    for link in [businessLink, checkoutLink, orderLink] {
      var app = session(.signedIn, answer: .unauthorized)
      _ = app.handle(.navigationReady)
      _ = app.handle(.deliver("d1", link: link, timing: .foregroundOpen))
      #expect(app.destination.accesses.isEmpty, "\(link) was read")
      #expect(app.ordering.requests.count == 1)
    }
  }

  @Test("Unsupported links fall back through trusted navigation and clear a pending intent")
  func unsupportedFallsBack() {
    var app = coordinator(.signedIn)
    _ = app.handle(.deliver("d1", link: orderLink, timing: .coldLaunch))
    #expect(
      app.handle(.deliver("d2", link: "http://links.example.com/start", timing: .foregroundOpen))
        == [.rejected(.schemeNotAllowed, field: nil), .dropped(.order, .superseded), .show(.trustedNavigation)])
    #expect(
      app.handle(.deliver("d2", link: "http://links.example.com/start", timing: .replay)) == [
        .dropped(.unsupported, .alreadyHandled)
      ])
    #expect(app.handle(.navigationReady) == [])
  }

  @Test("An OAuth callback completes only a sign-in the app started, and does not clear the gated intent")
  func oauthCallback() {
    let callback = designLink(.oauthComplete, carrier: .customScheme)
    var app = coordinator(.signedOut)
    _ = app.handle(.navigationReady)
    _ = app.handle(.deliver("d1", link: orderLink, timing: .foregroundOpen))
    _ = app.handle(.flowStarted(signInFlow))
    #expect(
      app.handle(.deliver("d2", link: callback, timing: .foregroundOpen))
        == [.accepted(.oauthComplete), .show(.flowCompletion(signInFlow)), .consumed(.oauthComplete)])
    #expect(
      app.pending?.route
        == Route(design.routeClass(.order)!, values: design.sampleValues(of: design.routeClass(.order)!)))
    #expect(
      app.handle(.deliver("d3", link: callback, timing: .foregroundOpen))
        == [.accepted(.oauthComplete), .dropped(.oauthComplete, .noFlow(signInFlow)), .show(.trustedNavigation)])
  }
}

@Suite struct ContractDrivenRules {
  /// The design contract with one route class changed.
  func contract(changing id: RouteClassID, gates: [Gate]? = nil, sensitivity: Sensitivity? = nil) -> Contract {
    let base = Contract.design
    let routes = base.routeClasses.map { route in
      guard route.id == id else { return route }
      return RouteClass(
        id: route.id, title: route.title, httpsPath: route.httpsPath, customSchemeName: route.customSchemeName,
        query: route.query, destination: route.destination, authority: route.authority, gates: gates ?? route.gates,
        boundary: route.boundary, sensitivity: sensitivity ?? route.sensitivity, publication: route.publication,
        automaticReads: route.automaticReads)
    }
    return Contract(
      appName: base.appName, builds: base.builds, reservedBodyPrefix: base.reservedBodyPrefix,
      maximumLinkBytes: base.maximumLinkBytes, routeClasses: routes, forbiddenKeys: base.forbiddenKeys,
      rejectionRules: base.rejectionRules, layers: base.layers, stages: base.stages,
      troubleshooting: base.troubleshooting, verification: base.verification, revalidation: base.revalidation)
  }

  @Test("A route's gates come from its contract values")
  func gatesFromContract() {
    var app = coordinator(.signedOut, contract: contract(changing: .business, gates: [.signIn]))
    _ = app.handle(.navigationReady)
    #expect(
      app.handle(.deliver("d1", link: businessLink, timing: .foregroundOpen))
        == [.accepted(.business), .show(.gate(.signIn))])
  }

  @Test("Freshness and one-time use come from the route's sensitivity")
  func sensitivityFromContract() {
    let sensitive = Sensitivity(
      boundToAccount: true, boundToSessionGeneration: true, consumedOnce: true, freshnessSeconds: 60)
    var app = coordinator(.signedIn, contract: contract(changing: .business, sensitivity: sensitive))
    _ = app.handle(.deliver("d1", link: businessLink, timing: .coldLaunch))
    #expect(app.handle(.clockAdvanced(seconds: 61)) == [.dropped(.business, .expired)])
  }

  @Test("Gate rules follow each route's authority requirement")
  func requirementRules() throws {
    let contract = Contract.design
    let checkout = try #require(contract.routeClass(.checkout))
    let order = try #require(contract.routeClass(.order))
    let start = try #require(contract.routeClass(.start))
    #expect(checkout.outstandingGate(in: StartingState.guest.context) == nil)
    #expect(order.outstandingGate(in: StartingState.guest.context) == .signIn)
    #expect(order.outstandingGate(in: StartingState.guest(holding: "a grant").context) == nil)
    #expect(start.outstandingGate(in: StartingState.signedOut.context) == .signIn)
    #expect(checkout.outstandingGate(in: StartingState.needing(.profileCompletion).context) == .profileCompletion)
    #expect(order.outstandingGate(in: StartingState.needing(.profileCompletion).context) == nil)
    #expect(!start.needsAuthorization)
    #expect(checkout.needsAuthorization && order.needsAuthorization)
    #expect(contract.routeClass(.oauthComplete)?.isNavigationIntent == false)
  }

  /// The starting states the sign-in gate rule is checked from, in this order.
  static let identities: [StartingState] = [.signedOut, .guest, .guest(holding: "a grant"), .signedIn]

  @Test(
    "The sign-in gate follows what the route's requirement admits: signed out, guest, guest with a grant, signed in",
    arguments: [
      (AccountRequirement.Admission.anyone, [true, false, false, false]),
      (.account, [true, true, true, false]),
      (.accountOrAuthorizedGuest, [true, false, false, false]),
      (.accountOrGrant("a grant"), [true, true, false, false]),
    ])
  func signInFollowsAdmission(_ admission: AccountRequirement.Admission, _ asked: [Bool]) throws {
    let checkout = try #require(design.routeClass(.checkout))
    let requirement = AccountRequirement(id: "under-test", title: "Whoever the test admits", admits: admission)
    let route = RouteClass(
      id: checkout.id, title: checkout.title, httpsPath: checkout.httpsPath, customSchemeName: nil,
      query: checkout.query,
      destination: checkout.destination,
      authority: Authority(requirement: requirement, needs: checkout.authority.needs),
      gates: [.signIn], boundary: checkout.boundary, sensitivity: checkout.sensitivity, publication: .published)
    for (state, asks) in zip(Self.identities, asked) {
      #expect((route.outstandingGate(in: state.context) == .signIn) == asks, "\(state.rawValue)")
    }
    #expect(route.gateSummary.hasPrefix(requirement.title))
  }

  @Test("A scope switch clears a pending intent and makes its replay a changed context; no scope, no switch")
  func scopeSwitchClearsPending() throws {
    let scope = try #require(design.scopes.first)
    var app = coordinator(.signedIn)
    _ = app.handle(.navigationReady)
    _ = app.handle(.deliver("d1", link: businessLink, timing: .foregroundOpen))
    #expect(app.handle(.scopeSwitched(scope, to: "\(scope.id)-2")) == [.dropped(.business, .scopeSwitched(scope))])
    #expect(app.context.scopes == [scope.id: "\(scope.id)-2"])
    #expect(app.handle(.authorizationAnswered(request: 1, .authorized)) == [.ignoredAnswer(request: 1)])
    #expect(app.handle(.deliver("d1", link: businessLink, timing: .replay)) == [.dropped(.business, .changedContext)])
    #expect(!DropReason.all(.ferry).contains { if case .scopeSwitched = $0 { true } else { false } })
  }

  @Test("The handling sequence is the contract's stages in order, each with a failure owner")
  func handlingSequence() {
    let sequence = Contract.customerApp.handlingSequence
    #expect(sequence.map(\.id) == StageID.allCases)
    #expect(sequence.allSatisfy { !$0.failureOwner.isEmpty })
  }

  @Test("Every lifecycle transition joins two states, and every state but received is reached")
  func transitions() {
    let reached = Set(IntentState.transitions(.customerApp).map(\.to))
    #expect(reached == Set(IntentState.allCases).subtracting([.received]))
  }
}
