import LinkContract
import LinkLifecycle

/// The version of `Site/lifecycle.json`'s shape (`Site/schema/lifecycle.schema.json`).
public let lifecycleSchemaVersion = 1

/// The JSON Schema of `Site/lifecycle.json`, with the contract's ids as its closed sets.
func lifecycleSchema(_ contract: Contract) -> JSON {
  let text = Schema.type("string")
  let integer = Schema.type("integer")
  let stage = Schema.oneOf(contract.stages.map(\.id.rawValue))
  let route = Schema.oneOf(contract.routeClasses.map(\.id.rawValue))
  let gate = Schema.oneOf(contract.gates.map(\.id.rawValue))
  let verificationIDs = contract.verification.map(\.id)
  let verification = Schema.oneOf(
    (verificationIDs + VerificationID.lifecycleModel.filter { !verificationIDs.contains($0) }).map(\.rawValue))
  let state = Schema.oneOf(IntentState.allCases.map(\.rawValue))
  let drop = Schema.oneOf(DropReason.all(contract).map(\.id))
  /// One kind of an event or observation: `kind`, then its own members, all required but `optional`.
  func variant(_ kind: String, _ members: [(String, JSON)], optional: Set<String> = []) -> JSON {
    let all = [("kind", JSON.object([("const", .string(kind))]))] + members
    return Schema.object(all, required: all.map(\.0).filter { !optional.contains($0) })
  }
  let event = JSON.object([
    (
      "oneOf",
      .array(
        [
          variant(
            "deliver",
            [("delivery", text), ("timing", Schema.oneOf(DeliveryTiming.allCases.map(\.rawValue))), ("link", text)]),
          variant("navigation-ready", []),
          variant("signed-in", [("account", text)]),
          variant("logged-out", []),
          variant("account-switched", [("account", text)]),
        ] + contract.scopes.map { variant("\($0.id)-switched", [($0.id, text)]) } + [
          variant("session-renewed", []),
          variant("gate-completed", [("gate", gate)]),
          variant("clock-advanced", [("seconds", integer)]),
          variant(
            "authorization-answered",
            [("request", integer), ("answer", Schema.oneOf(AuthorizationAnswer.allCases.map(\.rawValue)))]),
        ] + contract.flows.map { variant("\($0.id)-flow-started", []) })
    )
  ])
  let observation = JSON.object([
    (
      "oneOf",
      .array(
        [
          variant(
            "rejected", [("reason", Schema.oneOf(RejectionReason.allCases.map(\.rawValue))), ("field", text)],
            optional: ["field"]),
          variant("accepted", [("route", route)]),
          variant("queued", [("route", route)]),
          variant(
            "show",
            [
              (
                "screen",
                Schema.oneOf(
                  ["gate", "destination", "unavailable", "trusted-navigation"]
                    + contract.flows.map { "\($0.id)-completion" })
              ),
              ("gate", gate), ("route", route),
            ], optional: ["gate", "route"]),
          variant("request-authorization", [("route", route), ("request", integer)]),
          variant("ignored-answer", [("request", integer)]),
          variant("consumed", [("route", route)]),
          variant("dropped", [("route", route), ("reason", drop)]),
        ].map { variant in
          // Every observation names the stage that made it.
          guard case .object(var members) = variant,
            let properties = members.firstIndex(where: { $0.0 == "properties" }),
            let required = members.firstIndex(where: { $0.0 == "required" }),
            case .object(let shape) = members[properties].1, case .array(let names) = members[required].1
          else { return variant }
          members[properties].1 = .object(shape + [("stage", stage)])
          members[required].1 = .array(names + [.string("stage")])
          return .object(members)
        })
    )
  ])
  let sensitivity = JSON.object([
    (
      "oneOf",
      .array([
        Schema.object([
          ("boundToAccount", Schema.type("boolean")), ("boundToSessionGeneration", Schema.type("boolean")),
          ("consumedOnce", Schema.type("boolean")), ("freshnessSeconds", integer),
        ]),
        Schema.type("null"),
      ])
    )
  ])
  return Schema.document(
    id: "lifecycle.schema.json", title: "link lifecycle",
    [
      ("generated", text),
      ("schemaVersion", .object([("const", .int(lifecycleSchemaVersion))])),
      (
        "stages",
        Schema.array(
          Schema.object([
            ("id", stage), ("title", text), ("expectedResult", text), ("failureOwner", text),
            ("layer", Schema.oneOf(contract.layers.map(\.id.rawValue))),
            ("rejections", Schema.array(Schema.oneOf(RejectionReason.allCases.map(\.rawValue)))),
            ("drops", Schema.array(drop)),
          ]))
      ),
      (
        "routeClasses",
        Schema.array(
          Schema.object([
            ("id", route), ("title", text), ("requirement", Schema.oneOf(contract.requirements.map(\.id))),
            ("gates", Schema.array(gate)), ("needsAuthorization", Schema.type("boolean")), ("rule", text),
            ("sensitivity", sensitivity),
          ]))
      ),
      ("states", Schema.array(Schema.object([("id", state), ("title", text), ("meaning", text)]))),
      ("transitions", Schema.array(Schema.object([("from", state), ("to", state), ("when", text)]))),
      ("dropReasons", Schema.array(Schema.object([("id", drop), ("stage", stage), ("meaning", text)]))),
      (
        "coverage",
        Schema.array(
          Schema.object(
            [("verification", verification), ("covers", text), ("scenarios", Schema.array(text)), ("boundary", text)],
            required: ["verification", "covers", "scenarios"]))
      ),
      (
        "scenarios",
        Schema.array(
          Schema.object([
            ("id", text), ("title", text), ("build", Schema.oneOf(contract.builds.map(\.name))),
            ("starting", text), ("startingSummary", text), ("covers", Schema.array(verification)),
            (
              "steps",
              Schema.array(
                Schema.object([
                  ("event", event), ("summary", text), ("expected", Schema.array(observation)),
                  ("expectedSummary", Schema.array(text)),
                ]))
            ),
          ]))
      ),
    ])
}
