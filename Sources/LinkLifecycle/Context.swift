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
/// re-bound. An intent never survives into a different account or project.
public struct Binding: Sendable, Hashable {
  public let identity: Identity
  public let project: String
  /// The session generation; every sign-in, logout, switch or renewal starts a new one.
  public let generation: Int

  public init(identity: Identity, project: String, generation: Int) {
    self.identity = identity
    self.project = project
    self.generation = generation
  }

  /// Whether `other` is the same account or guest context and the same project.
  public func sameAccountAndProject(as other: Binding) -> Bool {
    identity == other.identity && project == other.project
  }
}

/// The app's account and experience state as navigation sees it.
public struct AppContext: Sendable, Hashable {
  public var identity: Identity
  /// Whether the guest holds an independently approved temporary-access contract.
  public var hasTemporaryAccess: Bool
  public var project: String
  public var generation: Int
  /// Prerequisites the user has not completed yet, such as account verification.
  public var outstandingGates: [Gate]

  public init(
    identity: Identity, hasTemporaryAccess: Bool = false, project: String, generation: Int = 1,
    outstandingGates: [Gate] = []
  ) {
    self.identity = identity
    self.hasTemporaryAccess = hasTemporaryAccess
    self.project = project
    self.generation = generation
    self.outstandingGates = outstandingGates
  }

  /// The binding an intent accepted now would carry.
  public var binding: Binding { Binding(identity: identity, project: project, generation: generation) }

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

  public static let signedOut = StartingState(
    "signed-out", "Signed out.", AppContext(identity: .signedOut, project: project))
  public static let signedIn = StartingState(
    "signed-in", "Signed in, every prerequisite complete.", AppContext(identity: .account(account), project: project))
  public static let guest = StartingState(
    "guest", "A guest context, no account.", AppContext(identity: .guest, project: project))
  public static let guestWithTemporaryAccess = StartingState(
    "guest-with-temporary-access", "A guest context holding an approved temporary-access contract.",
    AppContext(identity: .guest, hasTemporaryAccess: true, project: project))

  /// Signed in, with `gate` (an account or device gate) the only prerequisite left.
  public static func needing(_ gate: Gate) -> StartingState {
    StartingState(
      "needs-\(gate.id.rawValue)", "Signed in; one gate left: \(gate.title).",
      AppContext(identity: .account(account), project: project, outstandingGates: [gate]))
  }

  /// The account every signed-in starting state uses.
  public static let account = "account-a"
  /// The project every starting state uses.
  public static let project = "project-1"

  private init(_ rawValue: String, _ summary: String, _ context: AppContext) {
    self.rawValue = rawValue
    self.summary = summary
    self.context = context
  }
}
