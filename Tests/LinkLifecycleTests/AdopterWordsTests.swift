import DesignFixture
import LinkContract
import Testing

@testable import LinkLifecycle

// The lifecycle speaks of the adopter's own fallback, requirements and resource scopes, and calls
// its user as its contract does.

@Suite("The lifecycle in the adopter's words")
struct AdopterWordsTests {
  @Test("A rejected link goes to the fallback route class's own destination", arguments: AdopterCase.three)
  func fallbackWords(_ adopter: AdopterCase) throws {
    let contract = adopter.contract
    let fallback = try #require(contract.fallback)
    let summary = Observation.show(.trustedNavigation).summary(contract)
    #expect(summary.contains(fallback.title))
    #expect(summary.contains(fallback.destination))
    let scenario = try #require(Scenarios.all(contract).first { $0.id == "unknown-route-fallback" })
    #expect(scenario.title.contains(fallback.title))
  }

  @Test("The scenarios' titles call a signed-out user as the contract calls its user", arguments: AdopterCase.three)
  func signedOutUser(_ adopter: AdopterCase) throws {
    let noun = try #require(adopter.contract.user.split(separator: " ").last)
    let titles = Scenarios.all(adopter.contract).map(\.title).filter { $0.lowercased().contains("signed-out ") }
    #expect(!titles.isEmpty)
    for title in titles { #expect(title.lowercased().contains("signed-out " + noun.lowercased()), "\(title)") }
  }

  /// Every sentence of `contract`'s lifecycle: the rules, transitions, drop reasons, scenario
  /// titles, starting states and step summaries.
  static func sentences(_ contract: Contract) -> [String] {
    let scenarios = Scenarios.all(contract)
    return contract.routeClasses.filter(\.isNavigationIntent).map(\.gateSummary)
      + IntentState.transitions(contract).map(\.when) + DropReason.all(contract).map { $0.meaning(contract) }
      + scenarios.flatMap { scenario in
        [scenario.title, scenario.starting.summary]
          + scenario.steps.flatMap { [$0.event.summary(contract)] + $0.expected.map { $0.summary(contract) } }
      }
  }

  @Test("Every scenario of an adopter runs through the coordinator as written", arguments: AdopterCase.scoped)
  func scenariosRun(_ adopter: AdopterCase) throws {
    let scenarios = Scenarios.all(adopter.contract)
    #expect(!scenarios.isEmpty)
    for scenario in scenarios {
      #expect(try run(scenario, contract: adopter.contract) == scenario.steps.map(\.expected), "\(scenario.id)")
    }
  }

  @Test(
    "Scope switches, their drop reasons and scenarios exist for the app's own scopes only, in its words",
    arguments: AdopterCase.scoped)
  func scopeSwitches(_ adopter: AdopterCase) {
    let contract = adopter.contract
    let scenarios = Scenarios.all(contract)
    let switched = scenarios.flatMap(\.steps).compactMap { step -> ResourceScope? in
      if case .scopeSwitched(let scope, _) = step.event { scope } else { nil }
    }
    #expect(Set(switched) == Set(contract.scopes))
    let dropped = DropReason.all(contract).compactMap { reason -> ResourceScope? in
      if case .scopeSwitched(let scope) = reason { scope } else { nil }
    }
    #expect(dropped == contract.scopes)
    let text = Self.sentences(contract).joined(separator: "\n")
    for scope in contract.scopes {
      #expect(
        scenarios.contains {
          $0.id == "\(scope.id)-switch-ignores-late-answer" && $0.title.hasPrefix("A \(scope.title) switch")
        })
      #expect(text.contains("The app switches to \(scope.title) \(scope.id)-2."))
      #expect(text.contains("account or \(scope.title) switch"))
    }
    let otherScopes = AdopterCase.scoped.flatMap(\.contract.scopes).filter { !contract.scopes.contains($0) }
    for scope in otherScopes { #expect(!text.contains(scope.title), "\(scope.title) in \(adopter)") }
    if contract.scopes.isEmpty { #expect(text.contains("logout, account switch, stale generation")) }
  }

  @Test("Who may open a route is said in its requirement's own title and grant", arguments: AdopterCase.three)
  func requirementWords(_ adopter: AdopterCase) {
    let contract = adopter.contract
    for route in contract.routeClasses where route.isNavigationIntent {
      #expect(route.gateSummary.hasPrefix(route.authority.requirement.title + " may open it"), "\(route.id)")
    }
    let grants = contract.requirements.compactMap { requirement -> String? in
      if case .accountOrGrant(let grant) = requirement.admits { grant } else { nil }
    }
    for scenario in Scenarios.all(contract) where scenario.starting.context.holdsGrant {
      #expect(
        grants.contains { scenario.title.contains($0) && scenario.starting.summary.contains($0) }, "\(scenario.id)")
    }
    let text = Self.sentences(contract).joined(separator: "\n")
    for other in AdopterCase.three.flatMap(\.contract.requirements) where !contract.requirements.contains(other) {
      if case .accountOrGrant(let grant) = other.admits, !grants.contains(grant) {
        #expect(!text.contains(grant), "\(grant) in \(adopter)")
      }
    }
  }
}
