import LinkContract

/// A screen navigation is asked to present.
public enum Screen: Sendable, Hashable {
  /// A prerequisite screen; the destination stays gated.
  case gate(Gate)
  /// The destination's own screen, mounted only after authorization (start needs none).
  case destination(RouteClassID)
  /// The destination's own unavailable state: the same whether the target is missing or the
  /// caller is not authorized.
  case unavailable(RouteClassID)
  /// Stop processing the link: the fallback route class applies, and its destination is all
  /// that is promised.
  case trustedNavigation
  /// The flow the app started receives the link that completes it (a sign-in its OAuth callback,
  /// whose code it exchanges out of band).
  case flowCompletion(AppFlow)
}

/// Why an intent, or a repeated delivery, was dropped.
public enum DropReason: Sendable, Hashable {
  case duplicateDelivery
  case alreadyHandled
  case changedContext
  case superseded
  case loggedOut
  case accountSwitched
  /// One of the app's resource scopes changed.
  case scopeSwitched(ResourceScope)
  case staleGeneration
  case expired
  case oneTimeLinkUsed
  case targetUnavailable
  /// A link completes a flow the app started, and the app started none that waits for it.
  case noFlow(AppFlow)
  /// The route class is disabled: its destination is never presented from a link.
  case routeDisabled

  /// Every reason `contract`'s coordinator can give, in a fixed order: a scope's after the
  /// account's, one per scope the app declares; one per flow the app can start; `route-disabled`
  /// only where a route class is disabled.
  public static func all(_ contract: Contract) -> [DropReason] {
    [.duplicateDelivery, .alreadyHandled, .changedContext, .superseded, .loggedOut, .accountSwitched]
      + contract.scopes.map(DropReason.scopeSwitched)
      + [.staleGeneration, .expired, .oneTimeLinkUsed, .targetUnavailable] + contract.flows.map(DropReason.noFlow)
      + (contract.hasDisabledRoute ? [.routeDisabled] : [])
  }

  /// The stable kebab-case id; a scope's is `<scope id>-switched`.
  public var id: String {
    switch self {
    case .duplicateDelivery: "duplicate-delivery"
    case .alreadyHandled: "already-handled"
    case .changedContext: "changed-context"
    case .superseded: "superseded"
    case .loggedOut: "logged-out"
    case .accountSwitched: "account-switched"
    case .scopeSwitched(let scope): "\(scope.id)-switched"
    case .staleGeneration: "stale-generation"
    case .expired: "expired"
    case .oneTimeLinkUsed: "one-time-link-used"
    case .targetUnavailable: "target-unavailable"
    case .noFlow(let flow): "no-\(flow.id)-flow"
    case .routeDisabled: "route-disabled"
    }
  }

  /// The stage whose rule dropped it.
  public var stage: StageID {
    switch self {
    case .duplicateDelivery, .alreadyHandled, .changedContext: .delivery
    case .superseded, .loggedOut, .accountSwitched, .scopeSwitched, .staleGeneration, .expired,
      .oneTimeLinkUsed, .noFlow, .routeDisabled:
      .readiness
    case .targetUnavailable: .authorization
    }
  }

  /// The reason in readers' words, the app's user and scopes called as `contract` calls them.
  public func meaning(_ contract: Contract) -> String {
    switch self {
    case .duplicateDelivery:
      "The same delivery arrived again while its intent is pending; the repeat is ignored and the first stands."
    case .alreadyHandled: "The delivery was already consumed or dropped; a replay does nothing."
    case .changedContext:
      "The delivery was accepted for another \(contract.switchables); it is never replayed into this one."
    case .superseded: "A newer link arrived; only the latest link is followed."
    case .loggedOut: "\(contract.userAtSentenceStart) logged out; pending intents are cleared."
    case .accountSwitched: "The account changed; pending intents are cleared."
    case .scopeSwitched(let scope): "The \(scope.title) changed; pending intents are cleared."
    case .staleGeneration:
      "The session generation changed and the intent is sensitive, so it is bound to the old one."
    case .expired: "The sensitive intent outlived its freshness window."
    case .oneTimeLinkUsed: "This sensitive link was already used once; it is one-time."
    case .targetUnavailable:
      "The server did not authorize the target, or it is unavailable: the two look the same."
    case .noFlow(let flow):
      flow.isSignIn
        ? "No sign-in flow the app started is waiting for this callback."
        : "No flow the app started is waiting for this \(flow.link)."
    case .routeDisabled:
      "The route class is disabled: the app recognizes its links but never presents their destination from one."
    }
  }
}

extension Contract {
  /// What an intent's context can switch between, for a sentence: `account`, or `account or
  /// project` with the app's resource scopes.
  package var switchables: String { Self.listed(["account"] + scopes.map(\.title), "or") }
}

/// What the coordinator does or asks for, in the order it happens.
public enum Observation: Sendable, Hashable {
  /// The parser rejected the link, for exactly one reason.
  case rejected(RejectionReason, field: String?)
  /// The parser recognized the link; its intent is bound to the current context.
  case accepted(RouteClassID)
  /// The intent waits until navigation is ready.
  case queued(RouteClassID)
  /// Navigation is asked to present a screen.
  case show(Screen)
  /// Ordering is asked to authorize the target; requests are numbered from 1.
  case requestAuthorization(RouteClassID, request: Int)
  /// An authorization answer for a request that is no longer current is ignored.
  case ignoredAnswer(request: Int)
  /// The intent reached its destination and is done: it is never handled again.
  case consumed(RouteClassID)
  case dropped(RouteClassID, DropReason)

  /// The handling stage this observation belongs to.
  public var stage: StageID {
    switch self {
    case .rejected, .accepted, .show(.trustedNavigation): .parse
    case .queued, .show(.gate): .readiness
    case .requestAuthorization, .ignoredAnswer: .authorization
    case .show(.destination), .show(.unavailable), .show(.flowCompletion), .consumed: .presentation
    case .dropped(_, let reason): reason.stage
    }
  }

  /// The observation in readers' words, with route classes named by their titles in `contract`.
  public func summary(_ contract: Contract) -> String {
    func title(_ id: RouteClassID) -> String { contract.routeClass(id)?.title ?? id.rawValue }
    switch self {
    case .rejected(let reason, let field):
      return "The parser rejects the link: \(reason.rawValue)" + (field.map { " (\($0))" } ?? "") + "."
    case .accepted(let id):
      guard contract.routeClass(id)?.publication.isDisabled != true else {
        return "The parser recognizes \(title(id)), a disabled route class: no intent is bound."
      }
      return "The parser recognizes \(title(id)); the intent is bound to the current context."
    case .queued(let id): return "The \(title(id)) intent is queued until navigation is ready."
    case .show(.gate(let gate)): return "Navigation shows \(gate.title.lowercased()) first."
    case .show(.destination(let id)): return "Navigation shows \(title(id))."
    case .show(.unavailable(let id)): return "\(title(id)) shows its own unavailable state."
    case .show(.trustedNavigation):
      guard let fallback = contract.fallback else { return "The link goes no further." }
      return "The \(fallback.title) fallback applies: \(fallback.destination)"
    case .show(.flowCompletion(let flow)):
      return flow.isSignIn
        ? "The sign-in flow receives its callback." : "The flow the app started receives the \(flow.link)."
    case .requestAuthorization(let id, let request):
      return "The server is asked to authorize the \(title(id)) target (request \(request))."
    case .ignoredAnswer(let request): return "The answer to request \(request) is no longer current and is ignored."
    case .consumed(let id): return "The \(title(id)) intent is consumed."
    case .dropped(let id, let reason): return "The \(title(id)) intent is dropped: \(reason.meaning(contract))"
    }
  }
}
