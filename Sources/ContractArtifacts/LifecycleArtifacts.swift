import LinkContract
import LinkLifecycle

/// The lifecycle scenario table as `Site/lifecycle.json`, with the handling sequence, the gate
/// rules and the intent states the lifecycle page renders, and its JSON Schema.
public func lifecycleArtifacts(_ contract: Contract, tool: ToolName = .linkcontract) -> [Artifact] {
  let scenarios = Scenarios.all(contract)
  return [
    Artifact(path: "Site/lifecycle.json", contents: LifecycleWriter.json(contract, scenarios, tool: tool)),
    Artifact(path: "Site/schema/lifecycle.schema.json", contents: lifecycleSchema(contract).pretty),
  ]
}

enum LifecycleWriter {
  static func json(_ contract: Contract, _ scenarios: [Scenario], tool: ToolName) -> String {
    let stages = contract.handlingSequence.map { stage in
      JSON.object([
        ("id", .string(stage.id.rawValue)), ("title", .string(stage.title)),
        ("expectedResult", .string(stage.expectedResult)), ("failureOwner", .string(stage.failureOwner)),
        ("layer", .string(stage.layer.rawValue)),
        (
          "rejections",
          .array(stage.id == .parse ? RejectionReason.allCases.map { .string($0.rawValue) } : [])
        ),
        (
          "drops",
          .array(DropReason.all(contract).filter { $0.stage == stage.id }.map { .string($0.id) })
        ),
      ])
    }
    let routes = contract.routeClasses.filter(\.isNavigationIntent).map { route in
      JSON.object([
        ("id", .string(route.id.rawValue)), ("title", .string(route.title)),
        ("requirement", .string(route.authority.requirement.id)),
        ("gates", .array(route.gates.map { .string($0.id.rawValue) })),
        ("needsAuthorization", .bool(route.needsAuthorization)),
        ("rule", .string(route.gateSummary)),
        ("sensitivity", route.sensitivity.map(\.json) ?? .null),
      ])
    }
    let states = IntentState.allCases.map { state in
      JSON.object([
        ("id", .string(state.rawValue)), ("title", .string(state.title)), ("meaning", .string(state.meaning)),
      ])
    }
    let transitions = IntentState.transitions(contract).map { transition in
      JSON.object([
        ("from", .string(transition.from.rawValue)), ("to", .string(transition.to.rawValue)),
        ("when", .string(transition.when)),
      ])
    }
    let drops = DropReason.all(contract).map { reason in
      JSON.object([
        ("id", .string(reason.id)), ("stage", .string(reason.stage.rawValue)),
        ("meaning", .string(reason.meaning(contract))),
      ])
    }
    let coverage = scenarioCoverage(contract, scenarios: scenarios).map { entry in
      JSON.object(
        [
          ("verification", .string(entry.item.id.rawValue)), ("covers", .string(entry.item.covers)),
          ("scenarios", .array(entry.scenarios.map(JSON.string))),
        ] + (modelBoundaries[entry.item.id].map { [("boundary", JSON.string($0))] } ?? []))
    }
    let table = scenarios.map { scenario in
      JSON.object([
        ("id", .string(scenario.id)), ("title", .string(scenario.title)), ("build", .string(scenario.build)),
        ("starting", .string(scenario.starting.rawValue)),
        ("startingSummary", .string(scenario.starting.summary)),
        ("covers", .array(scenario.covers.map { .string($0.rawValue) })),
        (
          "steps",
          .array(
            scenario.steps.map { step in
              JSON.object([
                ("event", json(step.event)), ("summary", .string(step.event.summary(contract))),
                ("expected", .array(step.expected.map { json($0) })),
                ("expectedSummary", .array(step.expected.map { .string($0.summary(contract)) })),
              ])
            })
        ),
      ])
    }
    return JSON.object([
      ("generated", .string(tool.byGenerate + " from the contract values and the link lifecycle; do not edit")),
      ("schemaVersion", .int(lifecycleSchemaVersion)),
      ("stages", .array(stages)),
      ("routeClasses", .array(routes)),
      ("states", .array(states)),
      ("transitions", .array(transitions)),
      ("dropReasons", .array(drops)),
      ("coverage", .array(coverage)),
      ("scenarios", .array(table)),
    ]).pretty
  }

  static func json(_ event: LifecycleEvent) -> JSON {
    func kind(_ name: String, _ members: [(String, JSON)] = []) -> JSON {
      .object([("kind", .string(name))] + members)
    }
    switch event {
    case .deliver(let id, let link, let timing):
      return kind(
        "deliver",
        [("delivery", .string(id.rawValue)), ("timing", .string(timing.rawValue)), ("link", .string(link))])
    case .navigationReady: return kind("navigation-ready")
    case .signedIn(let account): return kind("signed-in", [("account", .string(account))])
    case .loggedOut: return kind("logged-out")
    case .accountSwitched(let account): return kind("account-switched", [("account", .string(account))])
    case .scopeSwitched(let scope, let value): return kind("\(scope.id)-switched", [(scope.id, .string(value))])
    case .sessionRenewed: return kind("session-renewed")
    case .gateCompleted(let gate): return kind("gate-completed", [("gate", .string(gate.id.rawValue))])
    case .clockAdvanced(let seconds): return kind("clock-advanced", [("seconds", .int(seconds))])
    case .authorizationAnswered(let request, let answer):
      return kind(
        "authorization-answered", [("request", .int(request)), ("answer", .string(answer.rawValue))])
    case .flowStarted(let flow): return kind("\(flow.id)-flow-started")
    }
  }

  static func json(_ observation: Observation) -> JSON {
    func kind(_ name: String, _ members: [(String, JSON)]) -> JSON {
      .object([("kind", .string(name))] + members + [("stage", .string(observation.stage.rawValue))])
    }
    switch observation {
    case .rejected(let reason, let field):
      return kind(
        "rejected", [("reason", .string(reason.rawValue))] + (field.map { [("field", JSON.string($0))] } ?? []))
    case .accepted(let route): return kind("accepted", [("route", .string(route.rawValue))])
    case .queued(let route): return kind("queued", [("route", .string(route.rawValue))])
    case .show(let screen):
      switch screen {
      case .gate(let gate): return kind("show", [("screen", .string("gate")), ("gate", .string(gate.id.rawValue))])
      case .destination(let route):
        return kind("show", [("screen", .string("destination")), ("route", .string(route.rawValue))])
      case .unavailable(let route):
        return kind("show", [("screen", .string("unavailable")), ("route", .string(route.rawValue))])
      case .trustedNavigation: return kind("show", [("screen", .string("trusted-navigation"))])
      case .flowCompletion(let flow): return kind("show", [("screen", .string("\(flow.id)-completion"))])
      }
    case .requestAuthorization(let route, let request):
      return kind("request-authorization", [("route", .string(route.rawValue)), ("request", .int(request))])
    case .ignoredAnswer(let request): return kind("ignored-answer", [("request", .int(request))])
    case .consumed(let route): return kind("consumed", [("route", .string(route.rawValue))])
    case .dropped(let route, let reason):
      return kind("dropped", [("route", .string(route.rawValue)), ("reason", .string(reason.id))])
    }
  }
}
