import LinkContract
import LinkParser

/// What an accepted intent is waiting for.
public enum Waiting: Sendable, Hashable {
  case navigation
  case gate(Gate)
  case authorization(request: Int)
}

/// An accepted intent that is not consumed yet. There is at most one: a newer link supersedes it.
public struct PendingIntent: Sendable, Hashable {
  public let delivery: DeliveryID
  public let route: Route
  public fileprivate(set) var binding: Binding
  /// The clock reading, in seconds, when the link was accepted.
  public let acceptedAt: Int
  public fileprivate(set) var waiting: Waiting
}

/// A request to Ordering: this target, for this binding.
public struct AuthorizationRequest: Sendable, Hashable {
  public let number: Int
  public let route: Route
  public let binding: Binding
}

/// A target the coordinator has cleared for mounting. Only the coordinator makes one: after
/// Ordering authorized it for the current binding, or for a route that names no resource.
public struct AuthorizedTarget: Sendable, Hashable {
  public let route: Route
  public let binding: Binding
  /// The authorization request that granted it; nil for a route that needs none.
  public let request: Int?

  fileprivate init(route: Route, binding: Binding, request: Int?) {
    self.route = route
    self.binding = binding
    self.request = request
  }
}

/// The app's link intent coordinator as a pure state machine: deliveries, readiness, gates,
/// authorization answers, account and resource scope changes and the clock go in; what
/// navigation and Ordering are asked for comes out. It performs no reads and no effects of its own.
public struct IntentCoordinator: Sendable {
  private struct DeliveryRecord: Sendable, Hashable {
    var routeClass: RouteClassID
    var binding: Binding
    var isPending: Bool
  }

  public let contract: Contract
  public let build: Build
  private let parser: LinkParser
  public private(set) var context: AppContext
  public private(set) var isNavigationReady = false
  /// The injected clock, in seconds.
  public private(set) var now = 0
  public private(set) var pending: PendingIntent?
  /// The flows the app started whose completing link has not arrived yet.
  public private(set) var flowsInProgress: Set<AppFlow> = []
  /// The target most recently cleared for mounting.
  public private(set) var lastAuthorizedTarget: AuthorizedTarget?
  private var deliveries: [DeliveryID: DeliveryRecord] = [:]
  private var usedOneTimeLinks: Set<Route> = []
  private var lastRequest = 0

  public init(contract: Contract, build: Build, context: AppContext) {
    self.contract = contract
    self.build = build
    self.parser = LinkParser(contract: contract, build: build)
    self.context = context
  }

  public init(contract: Contract, build: Build, starting state: StartingState) {
    self.init(contract: contract, build: build, context: state.context)
  }

  /// The authorization request Ordering is expected to answer, if any.
  public var outstandingRequest: AuthorizationRequest? {
    guard let intent = pending, case .authorization(let number) = intent.waiting else { return nil }
    return AuthorizationRequest(number: number, route: intent.route, binding: intent.binding)
  }

  /// Reacts to one event and reports, in order, what happened and what was asked for.
  public mutating func handle(_ event: LifecycleEvent) -> [Observation] {
    var out: [Observation] = []
    switch event {
    case .deliver(let id, let link, let timing):
      deliver(id, link: link, timing: timing, &out)
    case .navigationReady:
      isNavigationReady = true
      if pending?.waiting == .navigation { advance(&out) }
    case .signedIn(let account):
      if case .account(let current) = context.identity {
        if current != account { switchAccount(to: account, &out) }
      } else {
        context.identity = .account(account)
        context.holdsGrant = false
        context.generation += 1
        rebind(&out)
      }
    case .loggedOut:
      context.identity = .signedOut
      context.holdsGrant = false
      context.generation += 1
      context.outstandingGates.removeAll(where: Self.isAccountGate)
      flowsInProgress.removeAll()
      drop(.loggedOut, &out)
    case .accountSwitched(let account):
      switchAccount(to: account, &out)
    case .scopeSwitched(let scope, let value):
      context.scopes[scope.id] = value
      context.generation += 1
      drop(.scopeSwitched(scope), &out)
    case .sessionRenewed:
      context.generation += 1
      if let intent = pending, sensitivity(of: intent)?.boundToSessionGeneration == true {
        drop(.staleGeneration, &out)
      } else {
        rebind(&out)
      }
    case .gateCompleted(let gate):
      guard gate.kind != .signIn else { break }
      context.outstandingGates.removeAll { $0 == gate }
      if pending?.waiting == .gate(gate) { advance(&out) }
    case .clockAdvanced(let seconds):
      now += max(0, seconds)
      if let intent = pending, isExpired(intent) { drop(.expired, &out) }
    case .authorizationAnswered(let number, let answer):
      answerAuthorization(number, answer, &out)
    case .flowStarted(let flow):
      flowsInProgress.insert(flow)
    }
    return out
  }

  private mutating func deliver(
    _ id: DeliveryID, link: String, timing: DeliveryTiming, _ out: inout [Observation]
  ) {
    if let record = deliveries[id] {
      let reason: DropReason =
        record.isPending
        ? .duplicateDelivery
        : record.binding.sameContext(as: context.binding) ? .alreadyHandled : .changedContext
      out.append(.dropped(record.routeClass, reason))
      return
    }
    if timing.resetsReadiness { isNavigationReady = false }
    let route: Route
    switch parser.parse(link) {
    case .unsupported(let rejection):
      out.append(.rejected(rejection.reason, field: rejection.field))
      drop(.superseded, &out)
      record(id, contract.fallback?.id ?? "unsupported", pending: false)
      out.append(.show(.trustedNavigation))
      return
    case .recognized(let recognized):
      route = recognized
    }
    let routeClass = route.routeClass
    out.append(.accepted(routeClass))
    if contract.routeClass(routeClass)?.publication.isDisabled == true {
      // The seed's safe branch: a newer link still supersedes, and the fallback applies.
      drop(.superseded, &out)
      record(id, routeClass, pending: false)
      out += [.dropped(routeClass, .routeDisabled), .show(.trustedNavigation)]
      return
    }
    if let flow = contract.flow(completedBy: routeClass) {
      record(id, routeClass, pending: false)
      if flowsInProgress.remove(flow) != nil {
        out += [.show(.flowCompletion(flow)), .consumed(routeClass)]
      } else {
        out += [.dropped(routeClass, .noFlow(flow)), .show(.trustedNavigation)]
      }
      return
    }
    guard contract.routeClass(routeClass)?.isNavigationIntent == true else {
      record(id, routeClass, pending: false)
      out.append(.show(.trustedNavigation))
      return
    }
    drop(.superseded, &out)
    if usedOneTimeLinks.contains(route) {
      record(id, routeClass, pending: false)
      out += [.dropped(routeClass, .oneTimeLinkUsed), .show(.trustedNavigation)]
      return
    }
    pending = PendingIntent(
      delivery: id, route: route, binding: context.binding, acceptedAt: now, waiting: .navigation)
    record(id, routeClass, pending: true)
    advance(&out)
  }

  /// Moves the pending intent as far as the current state allows: readiness, then each gate,
  /// then authorization, then presentation.
  private mutating func advance(_ out: inout [Observation]) {
    guard var intent = pending, let routeClass = contract.routeClass(intent.route.routeClass) else {
      return
    }
    if isExpired(intent) {
      drop(.expired, &out)
      return
    }
    if !isNavigationReady {
      intent.waiting = .navigation
      pending = intent
      out.append(.queued(routeClass.id))
    } else if let gate = routeClass.outstandingGate(in: context) {
      intent.waiting = .gate(gate)
      pending = intent
      out.append(.show(.gate(gate)))
    } else if routeClass.needsAuthorization {
      lastRequest += 1
      intent.waiting = .authorization(request: lastRequest)
      pending = intent
      out.append(.requestAuthorization(routeClass.id, request: lastRequest))
    } else {
      present(intent, request: nil, &out)
    }
  }

  private mutating func answerAuthorization(
    _ number: Int, _ answer: AuthorizationAnswer, _ out: inout [Observation]
  ) {
    guard let intent = pending, intent.waiting == .authorization(request: number),
      intent.binding == context.binding
    else {
      out.append(.ignoredAnswer(request: number))
      return
    }
    switch answer {
    case .authorized:
      present(intent, request: number, &out)
    case .unauthorized, .unavailable:
      out.append(.show(.unavailable(intent.route.routeClass)))
      drop(.targetUnavailable, &out)
    }
  }

  private mutating func present(_ intent: PendingIntent, request: Int?, _ out: inout [Observation]) {
    let routeClass = intent.route.routeClass
    lastAuthorizedTarget = AuthorizedTarget(route: intent.route, binding: intent.binding, request: request)
    if sensitivity(of: intent)?.consumedOnce == true { usedOneTimeLinks.insert(intent.route) }
    deliveries[intent.delivery]?.isPending = false
    pending = nil
    out += [.show(.destination(routeClass)), .consumed(routeClass)]
  }

  private mutating func switchAccount(to account: String, _ out: inout [Observation]) {
    context.identity = .account(account)
    context.holdsGrant = false
    context.generation += 1
    context.outstandingGates.removeAll(where: Self.isAccountGate)
    drop(.accountSwitched, &out)
  }

  /// Binds the pending intent to the current context and walks it again from readiness, so
  /// that any earlier authorization is never reused.
  private mutating func rebind(_ out: inout [Observation]) {
    guard var intent = pending else { return }
    intent.binding = context.binding
    intent.waiting = .navigation
    pending = intent
    deliveries[intent.delivery]?.binding = context.binding
    if isNavigationReady { advance(&out) }
  }

  private mutating func drop(_ reason: DropReason, _ out: inout [Observation]) {
    guard let intent = pending else { return }
    out.append(.dropped(intent.route.routeClass, reason))
    deliveries[intent.delivery]?.isPending = false
    pending = nil
  }

  private mutating func record(_ id: DeliveryID, _ routeClass: RouteClassID, pending: Bool) {
    deliveries[id] = DeliveryRecord(routeClass: routeClass, binding: context.binding, isPending: pending)
  }

  private func sensitivity(of intent: PendingIntent) -> Sensitivity? {
    contract.routeClass(intent.route.routeClass)?.sensitivity
  }

  private func isExpired(_ intent: PendingIntent) -> Bool {
    guard let window = sensitivity(of: intent)?.freshnessSeconds else { return false }
    return now - intent.acceptedAt > window
  }

  private static func isAccountGate(_ gate: Gate) -> Bool { gate.kind == .account }
}
