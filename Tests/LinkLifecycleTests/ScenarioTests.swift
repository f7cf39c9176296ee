import CustomerApp
import LinkContract
import LinkLifecycle
import LinkParser
import Testing

extension Scenario: CustomTestStringConvertible {
  public var testDescription: String { id }
}

/// The scenario table for the Customer App's contract.
let scenarios = Scenarios.all(.customerApp)

/// Runs `scenario` through a fresh coordinator and returns the observations of each step.
func run(_ scenario: Scenario, contract: Contract = .customerApp) throws -> [[Observation]] {
  let build = try #require(contract.build(named: scenario.build), "\(scenario.id): unknown build")
  var coordinator = IntentCoordinator(contract: contract, build: build, starting: scenario.starting)
  return scenario.steps.map { coordinator.handle($0.event) }
}

@Suite struct LifecycleScenarioTable {
  @Test(arguments: scenarios)
  func scenario(_ scenario: Scenario) throws {
    #expect(!scenario.steps.isEmpty)
    let actual = try run(scenario)
    for (index, (step, observed)) in zip(scenario.steps, actual).enumerated() {
      #expect(
        observed == step.expected,
        "\(scenario.id) step \(index + 1): \(step.event.summary(.customerApp))")
    }
  }

  @Test("Scenario ids are unique kebab-case")
  func idsAreUnique() {
    let ids = scenarios.map(\.id)
    #expect(Set(ids).count == ids.count)
    for id in ids {
      #expect(
        !id.isEmpty && id.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D },
        "\(id) is not kebab-case")
    }
  }

  @Test(
    "Every verification item of the lifecycle model is covered by a scenario", arguments: VerificationID.lifecycleModel)
  func coverage(_ item: VerificationID) {
    let entry = scenarioCoverage(.customerApp, scenarios: scenarios).first { $0.item.id == item }
    #expect(entry != nil, "\(item.rawValue) is not one of the contract's verification items")
    #expect(entry?.scenarios.isEmpty == false, "no scenario covers \(item.rawValue)")
  }

  @Test("Every scenario covers something, and every step's link uses reserved references only")
  func referencesAreReserved() throws {
    let contract = Contract.customerApp
    for scenario in scenarios {
      #expect(!scenario.covers.isEmpty, "\(scenario.id) covers no verification item")
      let build = try #require(contract.build(named: scenario.build))
      for step in scenario.steps {
        guard case .deliver(_, let link, _) = step.event,
          case .recognized(let route) = LinkParser(contract: .customerApp, build: build).parse(link)
        else { continue }
        for field in route.fields where contract.references.contains(where: { $0.field == field.name }) {
          #expect(contract.isReservedReference(field.value), "\(scenario.id): \(field.name) is not reserved")
        }
      }
    }
  }

  @Test("The table exercises every delivery timing, starting state, gate and drop reason the contract can reach")
  func tableIsBroad() {
    let contract = Contract.customerApp
    let events = scenarios.flatMap { $0.steps.map(\.event) }
    let observations = scenarios.flatMap { $0.steps.flatMap(\.expected) }
    for timing in DeliveryTiming.allCases {
      #expect(
        events.contains { if case .deliver(_, _, timing) = $0 { true } else { false } },
        "no \(timing.rawValue) delivery")
    }
    let authorized = contract.routeClasses.filter { $0.isNavigationIntent && $0.needsAuthorization }
    let gates = Set(authorized.flatMap(\.gates))
    for gate in contract.gates where gates.contains(gate) {
      #expect(observations.contains(.show(.gate(gate))), "no scenario shows \(gate.id)")
    }
    let sensitive = authorized.contains { $0.sensitivity != nil }
    for reason in DropReason.all(contract) {
      switch reason {
      case .expired, .staleGeneration, .oneTimeLinkUsed, .duplicateDelivery, .accountSwitched:
        if !sensitive { continue }
      case .loggedOut:
        if !authorized.contains(where: { $0.gates.contains { $0.kind == .account } }) { continue }
      default: break
      }
      #expect(
        observations.contains { if case .dropped(_, reason) = $0 { true } else { false } },
        "no scenario drops for \(reason.id)")
    }
    #expect(Set(scenarios.map(\.starting)).count >= 4, "the scenarios start from too few states")
  }

  @Test("Every navigable route class that names a resource has an authorized scenario and an unavailable one")
  func everyRouteIsCovered() {
    let ids = Set(scenarios.map(\.id))
    for route in Contract.customerApp.routeClasses where route.isNavigationIntent && route.needsAuthorization {
      #expect(ids.contains("\(route.id)-authorized"), "\(route.id) has no authorized scenario")
      #expect(ids.contains("\(route.id)-unavailable"), "\(route.id) has no unavailable scenario")
    }
  }

  @Test("No destination that names a resource is shown except on a current authorized answer")
  func noDestinationBeforeAuthorization() throws {
    let contract = Contract.customerApp
    for scenario in scenarios {
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
    let table = Dictionary(uniqueKeysWithValues: scenarios.map { ($0.id, $0) })
    let routes = Contract.customerApp.routeClasses.filter { $0.isNavigationIntent && $0.needsAuthorization }
    #expect(!routes.isEmpty || Contract.customerApp.routeClasses.allSatisfy { !$0.needsAuthorization })
    for route in routes {
      let a = try #require(table["\(route.id)-unauthorized"])
      let b = try #require(table["\(route.id)-unavailable"])
      #expect(a.steps.map(\.expected) == b.steps.map(\.expected))
      #expect(try run(a) == run(b))
    }
  }
}
