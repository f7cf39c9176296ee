import LinkContract

/// One step of a scenario: an event and what the coordinator is expected to report for it,
/// written by hand.
public struct ScenarioStep: Sendable, Hashable {
  public let event: LifecycleEvent
  public let expected: [Observation]

  public init(_ event: LifecycleEvent, expect expected: [Observation]) {
    self.event = event
    self.expected = expected
  }
}

/// A lifecycle scenario: a build, a starting state and a sequence of events with the expected
/// outcome of each, tagged with the verification items it covers.
public struct Scenario: Sendable, Hashable {
  /// A stable kebab-case id.
  public let id: String
  /// What the scenario shows, in readers' words.
  public let title: String
  /// The build's name.
  public let build: String
  public let starting: StartingState
  public let covers: [VerificationID]
  public let steps: [ScenarioStep]

  public init(
    id: String, title: String, build: String, starting: StartingState, covers: [VerificationID],
    steps: [ScenarioStep]
  ) {
    self.id = id
    self.title = title
    self.build = build
    self.starting = starting
    self.covers = covers
    self.steps = steps
  }
}

/// A verification item with the scenarios tagged with it.
public struct ScenarioCoverage: Sendable, Hashable {
  public let item: VerificationItem
  public let scenarios: [String]
}

/// For each of the contract's verification items, in the contract's order, the ids of the
/// scenarios that cover it. An item with no scenario has an empty list.
public func scenarioCoverage(_ contract: Contract, scenarios: [Scenario]) -> [ScenarioCoverage] {
  contract.verification.map { item in
    ScenarioCoverage(item: item, scenarios: scenarios.filter { $0.covers.contains(item.id) }.map(\.id))
  }
}

/// The verification items' checks that a pure model cannot make, in readers' words.
public let modelBoundaries: [VerificationID: String] = [
  .safeReturn:
    "The model proves which screen is asked for; accessible focus on iOS and Android is verified on devices."
]
