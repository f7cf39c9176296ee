import LinkContract

/// Who the app is acting for.
public enum Identity: Sendable, Hashable {
  case signedOut
  /// A guest context: no account. Ordering decides whether it is authorized for a target.
  case guest
  /// A signed-in account, named by an app-internal handle (never a server reference).
  case account(String)

  /// The identity in readers' words.
  public var summary: String {
    switch self {
    case .signedOut: "signed out"
    case .guest: "a guest context"
    case .account(let name): "account \(name)"
    }
  }
}

/// What an accepted intent is bound to: the context current when it was accepted or last
/// re-bound. An intent never survives into a different account or a different value of one of
/// the app's resource scopes.
public struct Binding: Sendable, Hashable {
  public let identity: Identity
  /// The current value of each of the app's resource scopes, by scope id; a scope with no entry
  /// is at its first value.
  public let scopes: [String: String]
  /// The session generation; every sign-in, logout, switch or renewal starts a new one.
  public let generation: Int

  /// A binding to this identity, these scope values and this generation.
  public init(identity: Identity, scopes: [String: String] = [:], generation: Int) {
    self.identity = identity
    self.scopes = scopes
    self.generation = generation
  }

  /// Whether `other` is the same account or guest context, with the same value of every scope.
  public func sameContext(as other: Binding) -> Bool {
    identity == other.identity && scopes == other.scopes
  }
}

/// The app's account and experience state as navigation sees it.
public struct AppContext: Sendable, Hashable {
  public var identity: Identity
  /// Whether the guest holds a separately approved grant, which a requirement that admits
  /// `accountOrGrant` lets in.
  public var holdsGrant: Bool
  /// The current value of each of the app's resource scopes, by scope id; a scope with no entry
  /// is at its first value.
  public var scopes: [String: String]
  public var generation: Int
  /// Prerequisites the user has not completed yet, such as account verification.
  public var outstandingGates: [Gate]

  /// A context with this identity, grant, scope values, generation and outstanding gates.
  public init(
    identity: Identity, holdsGrant: Bool = false, scopes: [String: String] = [:], generation: Int = 1,
    outstandingGates: [Gate] = []
  ) {
    self.identity = identity
    self.holdsGrant = holdsGrant
    self.scopes = scopes
    self.generation = generation
    self.outstandingGates = outstandingGates
  }

  /// The binding an intent accepted now would carry.
  public var binding: Binding { Binding(identity: identity, scopes: scopes, generation: generation) }

  /// Whether a signed-in account is current.
  public var isSignedIn: Bool {
    if case .account = identity { return true }
    return false
  }
}

/// The app state a scenario starts from: who is signed in, and which gate, if any, is left.
public struct StartingState: Sendable, Hashable {
  /// A stable kebab-case id, such as `signed-out` or `needs-<gate id>`.
  public let rawValue: String
  /// The state in readers' words.
  public let summary: String
  public let context: AppContext

  public static let signedOut = StartingState("signed-out", "Signed out.", AppContext(identity: .signedOut))
  public static let signedIn = StartingState(
    "signed-in", "Signed in, every prerequisite complete.", AppContext(identity: .account(account)))
  public static let guest = StartingState("guest", "A guest context, no account.", AppContext(identity: .guest))

  /// A guest context holding `grant`, the separately approved grant a requirement admits, named
  /// in the app's words (`a shared boarding pass`).
  public static func guest(holding grant: String) -> StartingState {
    StartingState(
      "guest-with-temporary-access", "A guest context holding \(grant).", AppContext(identity: .guest, holdsGrant: true)
    )
  }

  /// Signed in, with `gate` (an account or device gate) the only prerequisite left.
  public static func needing(_ gate: Gate) -> StartingState {
    StartingState(
      "needs-\(gate.id.rawValue)", "Signed in; one gate left: \(gate.title).",
      AppContext(identity: .account(account), outstandingGates: [gate]))
  }

  /// The account every signed-in starting state uses.
  public static let account = "account-a"

  private init(_ rawValue: String, _ summary: String, _ context: AppContext) {
    self.rawValue = rawValue
    self.summary = summary
    self.context = context
  }
}
