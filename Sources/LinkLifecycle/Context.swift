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
  /// Prerequisites the customer has not completed yet, such as account verification.
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

/// The app state a scenario starts from.
public enum StartingState: String, Sendable, Hashable, CaseIterable {
  case signedOut = "signed-out"
  case signedIn = "signed-in"
  case guest
  case guestWithTemporaryAccess = "guest-with-temporary-access"
  case needsVerification = "needs-verification"
  case needsProfile = "needs-profile"
  case needsLocation = "needs-location"

  /// The account every signed-in starting state uses.
  public static let account = "account-a"
  /// The project every starting state uses.
  public static let project = "project-1"

  public var context: AppContext {
    switch self {
    case .signedOut: AppContext(identity: .signedOut, project: Self.project)
    case .signedIn: AppContext(identity: .account(Self.account), project: Self.project)
    case .guest: AppContext(identity: .guest, project: Self.project)
    case .guestWithTemporaryAccess:
      AppContext(identity: .guest, hasTemporaryAccess: true, project: Self.project)
    case .needsVerification:
      AppContext(
        identity: .account(Self.account), project: Self.project,
        outstandingGates: [.accountVerification])
    case .needsProfile:
      AppContext(
        identity: .account(Self.account), project: Self.project, outstandingGates: [.profileCompletion])
    case .needsLocation:
      AppContext(
        identity: .account(Self.account), project: Self.project, outstandingGates: [.locationSetup])
    }
  }

  /// The state in readers' words.
  public var summary: String {
    switch self {
    case .signedOut: "Signed out."
    case .signedIn: "Signed in, every prerequisite complete."
    case .guest: "A guest context, no account."
    case .guestWithTemporaryAccess: "A guest context holding an approved temporary-access contract."
    case .needsVerification: "Signed in; the account is not verified yet."
    case .needsProfile: "Signed in; the profile is not complete yet."
    case .needsLocation: "Signed in; location setup is not done yet."
    }
  }
}
