import LinkContract

/// Identifies one delivery of a link by the platform. A repeat of the same delivery (a
/// duplicate callback, a restored activity) carries the same id.
public struct DeliveryID: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { rawValue = value }
}

/// How a link reached the app.
public enum DeliveryTiming: String, Sendable, Hashable, CaseIterable {
  /// The link launched the app: navigation is not ready until startup finishes.
  case coldLaunch = "cold-launch"
  /// The app was running in the foreground.
  case foregroundOpen = "foreground-open"
  /// The app returned from the background: navigation resumes and reports ready again.
  case backgroundReturn = "background-return"
  /// The platform handed over the same delivery a second time.
  case duplicate
  /// The platform replayed an earlier delivery, such as a restored activity.
  case replay

  /// Whether this delivery means navigation must report ready again before anything shows.
  public var resetsReadiness: Bool { self == .coldLaunch || self == .backgroundReturn }

  public var title: String {
    switch self {
    case .coldLaunch: "A cold launch"
    case .foregroundOpen: "A foreground open"
    case .backgroundReturn: "A return from the background"
    case .duplicate: "A duplicate delivery"
    case .replay: "A replayed delivery"
    }
  }
}

/// What Ordering answers for an authorization request.
public enum AuthorizationAnswer: String, Sendable, Hashable, CaseIterable {
  case authorized
  /// The caller may not access the target.
  case unauthorized
  /// The target does not exist or is not available now.
  case unavailable
}

/// Something that happens to the app and that the coordinator reacts to.
public enum LifecycleEvent: Sendable, Hashable {
  case deliver(DeliveryID, link: String, timing: DeliveryTiming)
  /// Startup or resume finished: navigation can present screens.
  case navigationReady
  /// An account signed in. From signed out or a guest context this completes the sign-in gate;
  /// from another account it is an account switch.
  case signedIn(account: String)
  case loggedOut
  case accountSwitched(to: String)
  /// The app switched one of its resource scopes (`Contract.scopes`) to another value.
  case scopeSwitched(ResourceScope, to: String)
  /// The session was renewed under the same account: a new session generation.
  case sessionRenewed
  /// The user completed a prerequisite. Sign-in completes with `signedIn`.
  case gateCompleted(Gate)
  /// The injected clock moved forward.
  case clockAdvanced(seconds: Int)
  /// Ordering answered the authorization request with this number.
  case authorizationAnswered(request: Int, AuthorizationAnswer)
  /// The app started a flow outside itself (a sign-in in the system browser, a payment in another
  /// app), so a link that completes it is expected.
  case flowStarted(AppFlow)

  /// The event in readers' words, the app's user called as `contract` calls them. Links longer
  /// than 120 bytes are described, not quoted.
  public func summary(_ contract: Contract) -> String {
    let user = contract.userAtSentenceStart
    switch self {
    case .deliver(let id, let link, let timing):
      let shown = link.utf8.count > 120 ? "a link of \(link.utf8.count) bytes" : "`\(link)`"
      return "\(timing.title) delivers \(shown) as delivery \(id.rawValue)."
    case .navigationReady: return "Navigation reports ready."
    case .signedIn(let account): return "\(user) signs in as account \(account)."
    case .loggedOut: return "\(user) logs out."
    case .accountSwitched(let account): return "\(user) switches to account \(account)."
    case .scopeSwitched(let scope, let value): return "The app switches to \(scope.title) \(value)."
    case .sessionRenewed: return "The session is renewed: a new session generation."
    case .gateCompleted(let gate): return "\(user) completes \(gate.title.lowercased())."
    case .clockAdvanced(let seconds): return "\(seconds) seconds pass."
    case .authorizationAnswered(let request, let answer):
      return "The server answers request \(request): \(answer.rawValue)."
    case .flowStarted(let flow):
      guard !flow.isSignIn else { return "The app starts a sign-in in the system browser." }
      return "The app starts a flow that a \(flow.link) completes."
    }
  }
}
