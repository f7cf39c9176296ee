import LinkContract
import LinkLifecycle
import LinkParser
import Testing

extension Scenario: CustomTestStringConvertible {
  public var testDescription: String { id }
}

/// Runs `scenario` through a fresh coordinator and returns the observations of each step.
func run(_ scenario: Scenario, contract: Contract = .customerApp) throws -> [[Observation]] {
  let build = try #require(contract.build(named: scenario.build), "\(scenario.id): unknown build")
  var coordinator = IntentCoordinator(contract: contract, build: build, starting: scenario.starting)
  return scenario.steps.map { coordinator.handle($0.event) }
}

@Suite struct LifecycleScenarioTable {
  @Test(arguments: LifecycleScenarios.all)
  func scenario(_ scenario: Scenario) throws {
    let actual = try run(scenario)
    for (index, (step, observed)) in zip(scenario.steps, actual).enumerated() {
      #expect(
        observed == step.expected,
        "\(scenario.id) step \(index + 1): \(step.event.summary)")
    }
  }

  @Test("The generated table is the one Sources/LinkLifecycle defines")
  func generatedTableIsCurrent() {
    let defined = Scenarios.all(.customerApp)
    #expect(LifecycleScenarios.all.map(\.id) == defined.map(\.id))
    for (generated, source) in zip(LifecycleScenarios.all, defined) {
      #expect(generated == source, "\(source.id) differs: run `make generate`")
    }
  }

  @Test("Scenario ids are unique kebab-case")
  func idsAreUnique() {
    let ids = LifecycleScenarios.all.map(\.id)
    #expect(Set(ids).count == ids.count)
    for id in ids {
      #expect(
        !id.isEmpty && id.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D },
        "\(id) is not kebab-case")
    }
  }

  @Test("Every verification item is covered by a scenario", arguments: VerificationID.allCases)
  func coverage(_ item: VerificationID) {
    let entry = scenarioCoverage(.customerApp, scenarios: LifecycleScenarios.all).first { $0.item.id == item }
    #expect(entry != nil, "\(item.rawValue) is not one of the contract's verification items")
    #expect(entry?.scenarios.isEmpty == false, "no scenario covers \(item.rawValue)")
  }

  @Test("Every scenario covers something, and every step's link uses reserved references only")
  func referencesAreReserved() throws {
    let contract = Contract.customerApp
    for scenario in LifecycleScenarios.all {
      #expect(!scenario.covers.isEmpty, "\(scenario.id) covers no verification item")
      let build = try #require(contract.build(named: scenario.build))
      for step in scenario.steps {
        guard case .deliver(_, let link, _) = step.event,
          case .recognized(let route) = LinkParser(build: build).parse(link)
        else { continue }
        for (name, value) in route.fields where contract.references.contains(where: { $0.field == name }) {
          #expect(contract.isReservedReference(value), "\(scenario.id): \(name) is not reserved")
        }
      }
    }
  }

  @Test("The table exercises every delivery timing, starting state, gate and drop reason")
  func tableIsBroad() {
    let events = LifecycleScenarios.all.flatMap { $0.steps.map(\.event) }
    let observations = LifecycleScenarios.all.flatMap { $0.steps.flatMap(\.expected) }
    for timing in DeliveryTiming.allCases {
      #expect(
        events.contains { if case .deliver(_, _, timing) = $0 { true } else { false } },
        "no \(timing.rawValue) delivery")
    }
    for state in StartingState.allCases {
      #expect(LifecycleScenarios.all.contains { $0.starting == state }, "no scenario starts \(state.rawValue)")
    }
    for gate in [Gate.signIn, .accountVerification, .profileCompletion, .locationSetup] {
      #expect(observations.contains(.show(.gate(gate))), "no scenario shows \(gate.rawValue)")
    }
    for reason in DropReason.allCases {
      #expect(
        observations.contains { if case .dropped(_, reason) = $0 { true } else { false } },
        "no scenario drops for \(reason.rawValue)")
    }
  }

  @Test("No destination that names a resource is shown except on a current authorized answer")
  func noDestinationBeforeAuthorization() throws {
    let contract = Contract.customerApp
    for scenario in LifecycleScenarios.all {
      var lastRequest: Int?
      for (index, (step, observed)) in zip(scenario.steps, try run(scenario)).enumerated() {
        for observation in observed {
          if case .requestAuthorization(_, let request) = observation { lastRequest = request }
          guard case .show(.destination(let id)) = observation,
            contract.routeClass(id)?.needsAuthorization == true
          else { continue }
          guard case .authorizationAnswered(let request, .authorized) = step.event else {
            Issue.record("\(scenario.id) step \(index + 1) shows \(id.rawValue) without an authorization")
            continue
          }
          #expect(request == lastRequest, "\(scenario.id) step \(index + 1) used a stale answer")
        }
      }
    }
  }

  @Test("Unauthorized and unavailable answers look the same to the customer")
  func noExistenceLeak() throws {
    let pairs = [("order-unauthorized", "order-unavailable")]
    let table = Dictionary(uniqueKeysWithValues: LifecycleScenarios.all.map { ($0.id, $0) })
    for (first, second) in pairs {
      let a = try #require(table[first])
      let b = try #require(table[second])
      #expect(a.steps.map(\.expected) == b.steps.map(\.expected))
      #expect(try run(a) == run(b))
    }
  }
}
