// Module LinkLifecycle: the handling sequence after the parser (coordinator, gates, authorization,
// observations) and the lifecycle scenarios. Imports LinkContract and LinkParser only.

import LinkContract

/// A state of a link intent, for the lifecycle picture.
public enum IntentState: String, Sendable, Hashable, CaseIterable {
  case received
  case rejected
  case queued
  case gated
  case authorizing
  case consumed
  case dropped

  public var title: String {
    switch self {
    case .received: "Received"
    case .rejected: "Rejected"
    case .queued: "Queued"
    case .gated: "Gated"
    case .authorizing: "Authorizing"
    case .consumed: "Consumed"
    case .dropped: "Dropped"
    }
  }

  /// What holds in this state, in readers' words.
  public var meaning: String {
    switch self {
    case .received: "The platform delivered a link to the build."
    case .rejected: "The parser gave exactly one reason; the fallback route class applies."
    case .queued: "Accepted and bound to the current context; waiting for navigation to be ready."
    case .gated: "A prerequisite screen is shown; the destination waits."
    case .authorizing: "The server is asked whether this caller may access the target."
    case .consumed: "The destination mounted once; the delivery is never handled again."
    case .dropped: "Cleared without reaching the destination; nothing was read or changed."
    }
  }

  /// The states an intent can move to from this one, with when it moves, the switches named as
  /// `contract` names its resource scopes.
  public static func transitions(_ contract: Contract) -> [LifecycleTransition] {
    let dropped = "logout, \(contract.switchables) switch, stale generation, expiry or a newer link"
    return [
      LifecycleTransition(.received, .rejected, when: "the parser rejects the link"),
      LifecycleTransition(.received, .queued, when: "the parser recognizes the link"),
      LifecycleTransition(
        .received, .dropped,
        when: "a repeat of a handled delivery, or a used one-time link"
          + (contract.hasDisabledRoute ? ", or a link of a disabled route class" : "")),
      LifecycleTransition(.queued, .gated, when: "navigation is ready and a gate is outstanding"),
      LifecycleTransition(.queued, .authorizing, when: "navigation is ready and no gate is outstanding"),
      LifecycleTransition(.queued, .consumed, when: "navigation is ready and the route names no resource"),
      LifecycleTransition(.gated, .gated, when: "a gate is completed and another is outstanding"),
      LifecycleTransition(.gated, .authorizing, when: "the last gate is completed: authorized again"),
      LifecycleTransition(.authorizing, .authorizing, when: "sign-in or a session renewal: a new request"),
      LifecycleTransition(.authorizing, .consumed, when: "The server authorizes the target"),
      LifecycleTransition(.authorizing, .dropped, when: "unauthorized or unavailable: the same screen"),
      LifecycleTransition(.queued, .dropped, when: dropped),
      LifecycleTransition(.gated, .dropped, when: dropped),
      LifecycleTransition(.authorizing, .dropped, when: dropped),
    ]
  }
}

/// A move between two intent states.
public struct LifecycleTransition: Sendable, Hashable {
  public let from: IntentState
  public let to: IntentState
  public let when: String

  public init(_ from: IntentState, _ to: IntentState, when: String) {
    self.from = from
    self.to = to
    self.when = when
  }
}

extension Contract {
  /// The handling stages in sequence order, each with its failure owner.
  public var handlingSequence: [HandlingStage] {
    StageID.allCases.compactMap(stage)
  }
}
