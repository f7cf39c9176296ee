import DesignFixture
import LinkContract
import LinkLifecycle
import LinkParser
import Testing

// docs/design.md, Route classes: a route class published `.disabled(because:)` is recognized,
// and navigation never presents its destination from a link. The coordinator drops the intent
// (`route-disabled`), a pending intent is superseded as by any newer link, and the fallback
// applies; nothing is asked of the server and nothing is read.

@Suite("A disabled route class in the lifecycle")
struct DisabledRouteTests {
  /// Every link of `contract`'s disabled route classes on `build`, one per carrier, with its route.
  static func disabledLinks(_ contract: Contract, _ build: Build) -> [(RouteClass, String)] {
    contract.routeClasses.filter(\.publication.isDisabled).flatMap { route in
      route.carriers.compactMap { carrier in
        contract.canonicalLink(route, carrier: carrier, in: build).map { (route, $0) }
      }
    }
  }

  @Test(
    "The coordinator drops a disabled route's intent, applies the fallback, and asks and reads nothing",
    arguments: AdopterCase.disabling)
  func dropped(_ adopter: AdopterCase) throws {
    let contract = adopter.contract
    let build = contract.builds[0]
    let links = Self.disabledLinks(contract, build)
    #expect(!links.isEmpty)
    let states: [StartingState] =
      [.signedOut, .guest, .signedIn] + contract.gates.filter { $0.kind != .signIn }.map(StartingState.needing)
    for (route, link) in links {
      #expect(!route.isNavigationIntent)
      for state in states {
        var session = LinkHandlingSession(
          coordinator: IntentCoordinator(contract: contract, build: build, starting: state),
          ordering: ScriptedOrdering(), destination: InertDestinationRecorder(contract: contract))
        var observed = session.handle(.deliver("d1", link: link, timing: .coldLaunch))
        #expect(
          observed == [.accepted(route.id), .dropped(route.id, .routeDisabled), .show(.trustedNavigation)],
          "\(link) from \(state.rawValue)")
        observed = session.handle(.navigationReady)
        observed += session.handle(.signedIn(account: StartingState.account))
        for gate in contract.gates where gate.kind != .signIn { observed += session.handle(.gateCompleted(gate)) }
        observed += session.handle(.deliver("d1", link: link, timing: .replay))
        // The replay does nothing: handled already, or accepted for another context than the one signed in now.
        let replay: DropReason = state.context.isSignedIn ? .alreadyHandled : .changedContext
        #expect(observed == [.dropped(route.id, replay)], "\(link) from \(state.rawValue)")
        #expect(session.coordinator.pending == nil)
        #expect(session.ordering.requests.isEmpty && session.destination.accesses.isEmpty, "\(link)")
      }
    }
  }

  @Test("A disabled link supersedes a pending intent, as any newer link does", arguments: AdopterCase.disabling)
  func supersedes(_ adopter: AdopterCase) throws {
    let contract = adopter.contract
    let build = contract.builds[0]
    let (disabled, link) = try #require(Self.disabledLinks(contract, build).first)
    let enabled = try #require(contract.routeClasses.first { $0.isNavigationIntent && $0.needsAuthorization })
    let waiting = try #require(contract.canonicalLink(enabled, carrier: enabled.carriers.first, in: build))
    var app = IntentCoordinator(contract: contract, build: build, starting: .signedIn)
    #expect(
      app.handle(.deliver("d1", link: waiting, timing: .coldLaunch)) == [.accepted(enabled.id), .queued(enabled.id)])
    #expect(
      app.handle(.deliver("d2", link: link, timing: .foregroundOpen)) == [
        .accepted(disabled.id), .dropped(enabled.id, .superseded), .dropped(disabled.id, .routeDisabled),
        .show(.trustedNavigation),
      ])
    #expect(app.handle(.navigationReady) == [])
  }

  @Test(
    "No scenario presents or authorizes a disabled route; its own scenario shows the fallback",
    arguments: AdopterCase.disabling)
  func scenarios(_ adopter: AdopterCase) throws {
    let contract = adopter.contract
    let scenarios = Scenarios.all(contract)
    for route in contract.routeClasses where route.publication.isDisabled {
      let scenario = try #require(scenarios.first { $0.id == "\(route.id)-disabled" })
      #expect(scenario.title.contains(contract.fallback!.title))
      #expect(try run(scenario, contract: contract) == scenario.steps.map(\.expected))
      for scenario in scenarios {
        for observation in scenario.steps.flatMap(\.expected) {
          switch observation {
          case .show(.destination(route.id)), .show(.unavailable(route.id)), .requestAuthorization(route.id, _),
            .consumed(route.id), .queued(route.id):
            Issue.record("\(scenario.id) presents or authorizes the disabled \(route.id)")
          default: break
          }
        }
      }
    }
    #expect(DropReason.all(contract).contains(.routeDisabled))
  }

  @Test("An app with no disabled route has no route-disabled drop reason", arguments: AdopterCase.three)
  func noDisabledReason(_ adopter: AdopterCase) {
    let contract = adopter.contract
    #expect(
      DropReason.all(contract).contains(.routeDisabled)
        == contract.routeClasses.contains(where: \.publication.isDisabled))
  }

  @Test("The parser still recognizes a disabled route's links", arguments: AdopterCase.disabling)
  func recognized(_ adopter: AdopterCase) {
    let contract = adopter.contract
    for build in contract.builds {
      for (route, link) in Self.disabledLinks(contract, build) {
        guard case .recognized(let recognized) = LinkParser(contract: contract, build: build).parse(link) else {
          Issue.record("\(link) is not recognized")
          continue
        }
        #expect(recognized.routeClass == route.id)
      }
    }
  }
}
