import LinkContract
import LinkParser

/// The lifecycle scenario table. Expected outcomes are written by hand from the contract's
/// rules; the test suite runs the coordinator over each scenario and compares.
public enum Scenarios {
  /// Every scenario for `contract`'s production and staging builds; empty when either is missing.
  public static func all(_ contract: Contract = .customerApp) -> [Scenario] {
    guard let production = contract.build(named: "production"),
      let staging = contract.build(named: "staging")
    else { return [] }
    let table = Table(contract: contract, production: production, staging: staging)
    return table.routes + table.inputs + table.gates + table.timing + table.generations
      + table.authorization
  }
}

private struct Table {
  let contract: Contract
  let production: Build
  let staging: Build

  typealias V = DocumentationValues

  func link(_ route: Route, _ build: Build? = nil) -> String {
    route.link(in: build ?? production, contract: contract)
  }
  var start: String { link(.start(.https)) }
  var business: String { link(.business(business: V.business)) }
  var product: String { link(.product(business: V.business, category: V.category, product: V.product)) }
  var checkout: String { link(.checkout(cart: V.cart)) }
  var order: String { link(.order(order: V.order)) }
  var https: String { "https://\(production.webHost)" }

  func step(_ event: LifecycleEvent, _ expected: [Observation]) -> ScenarioStep {
    ScenarioStep(event, expect: expected)
  }
  func cold(_ id: DeliveryID, _ link: String) -> LifecycleEvent { .deliver(id, link: link, timing: .coldLaunch) }
  func open(_ id: DeliveryID, _ link: String) -> LifecycleEvent {
    .deliver(id, link: link, timing: .foregroundOpen)
  }
  func answer(_ request: Int, _ answer: AuthorizationAnswer = .authorized) -> LifecycleEvent {
    .authorizationAnswered(request: request, answer)
  }
  var ready: ScenarioStep { step(.navigationReady, []) }

  // MARK: accepted and rejected route classes

  var routes: [Scenario] {
    [
      Scenario(
        id: "start-cold-launch", title: "A start link launches the app and waits for navigation.",
        build: "production", starting: .signedIn, covers: [.routeClasses, .deliveryTiming],
        steps: [
          step(cold("d1", start), [.accepted(.start), .queued(.start)]),
          step(.navigationReady, [.show(.destination(.start)), .consumed(.start)]),
        ]),
      Scenario(
        id: "start-custom-scheme-signed-out",
        title: "A custom-scheme start link shows sign-in first to a signed-out customer.",
        build: "production", starting: .signedOut, covers: [.routeClasses, .gates],
        steps: [
          ready,
          step(open("d1", link(.start(.customScheme))), [.accepted(.start), .show(.gate(.signIn))]),
          step(.signedIn(account: "account-a"), [.show(.destination(.start)), .consumed(.start)]),
        ]),
      Scenario(
        id: "business-authorized",
        title: "A business link asks Ordering first and mounts the business once authorized.",
        build: "production", starting: .signedIn,
        covers: [.routeClasses, .noMutationBeforeAuthorization],
        steps: [
          ready,
          step(open("d1", business), [.accepted(.business), .requestAuthorization(.business, request: 1)]),
          step(answer(1), [.show(.destination(.business)), .consumed(.business)]),
        ]),
      Scenario(
        id: "product-handoff-authorized",
        title: "A recognized product link is authorized like any target before its handoff mounts.",
        build: "production", starting: .signedIn, covers: [.routeClasses, .noMutationBeforeAuthorization],
        steps: [
          ready,
          step(open("d1", product), [.accepted(.product), .requestAuthorization(.product, request: 1)]),
          step(answer(1), [.show(.destination(.product)), .consumed(.product)]),
        ]),
      Scenario(
        id: "checkout-cold-launch-signed-in",
        title: "A checkout link on a cold launch waits for navigation, then for Ordering.",
        build: "production", starting: .signedIn,
        covers: [.routeClasses, .deliveryTiming, .noMutationBeforeAuthorization],
        steps: [
          step(cold("d1", checkout), [.accepted(.checkout), .queued(.checkout)]),
          step(.navigationReady, [.requestAuthorization(.checkout, request: 1)]),
          step(answer(1), [.show(.destination(.checkout)), .consumed(.checkout)]),
        ]),
      Scenario(
        id: "unknown-route-fallback",
        title: "An unknown path is rejected and the app stays on its trusted navigation.",
        build: "production", starting: .signedIn, covers: [.routeClasses, .safeReturn],
        steps: [
          ready,
          step(open("d1", https + "/help"), [.rejected(.unknownRoute, field: nil), .show(.trustedNavigation)]),
        ]),
      Scenario(
        id: "oauth-callback-without-flow",
        title: "An OAuth callback nobody is waiting for is dropped and asks for nothing.",
        build: "production", starting: .signedIn, covers: [.routeClasses, .safeReturn],
        steps: [
          ready,
          step(
            open("d1", link(.oauthComplete(.error("access_denied")))),
            [
              .accepted(.oauthComplete), .dropped(.oauthComplete, .noSignInFlow),
              .show(.trustedNavigation),
            ]),
        ]),
      Scenario(
        id: "staging-build-only-its-own-links",
        title: "The staging build rejects a production link and accepts its own.",
        build: "staging", starting: .signedIn, covers: [.routeClasses, .safeReturn],
        steps: [
          ready,
          step(open("d1", business), [.rejected(.hostNotConfigured, field: nil), .show(.trustedNavigation)]),
          step(
            open("d2", link(.business(business: V.business), staging)),
            [.accepted(.business), .requestAuthorization(.business, request: 1)]),
          step(answer(1), [.show(.destination(.business)), .consumed(.business)]),
        ]),
    ]
  }

  // MARK: complete, missing, extra, malformed and oversized input

  var inputs: [Scenario] {
    func rejects(_ id: String, _ title: String, _ link: String, _ reason: RejectionReason, _ field: String?)
      -> Scenario
    {
      Scenario(
        id: id, title: title, build: "production", starting: .signedIn, covers: [.inputShapes, .safeReturn],
        steps: [
          ready,
          step(open("d1", link), [.rejected(reason, field: field), .show(.trustedNavigation)]),
        ])
    }
    return [
      Scenario(
        id: "complete-input-accepted", title: "A complete order link is accepted and authorized.",
        build: "production", starting: .signedIn, covers: [.inputShapes],
        steps: [
          ready,
          step(open("d1", order), [.accepted(.order), .requestAuthorization(.order, request: 1)]),
          step(answer(1), [.show(.destination(.order)), .consumed(.order)]),
        ]),
      rejects(
        "missing-field-rejected", "A business path without its reference is incomplete.",
        https + "/business", .missingField, "business"),
      rejects(
        "extra-field-rejected", "A start link with a tracking field is rejected for the extra field.",
        start + "?utm_source=newsletter", .extraField, "utm_source"),
      rejects(
        "malformed-encoding-rejected", "A percent-escape anywhere is malformed encoding.",
        https + "/checkout/ca_0000Cart%300000001", .malformedEncoding, nil),
      rejects(
        "invalid-value-rejected", "An order reference in the cart field is an invalid value.",
        https + "/checkout/" + V.order, .invalidValue, "cart"),
      rejects(
        "oversized-rejected", "A link longer than the parser reads is rejected before anything else.",
        business + "?" + String(repeating: "x", count: contract.maximumLinkBytes), .oversized, nil),
      Scenario(
        id: "rejected-link-clears-pending",
        title: "A malformed link that arrives while another intent is queued clears it: only the latest link counts.",
        build: "production", starting: .signedIn, covers: [.inputShapes, .generations],
        steps: [
          step(cold("d1", checkout), [.accepted(.checkout), .queued(.checkout)]),
          step(
            open("d2", checkout + "?"),
            [
              .rejected(.malformedURL, field: nil), .dropped(.checkout, .superseded),
              .show(.trustedNavigation),
            ]),
          ready,
        ]),
    ]
  }

  // MARK: signed-out, signed-in, guest, verification and profile gates

  var gates: [Scenario] {
    [
      Scenario(
        id: "checkout-signed-out-sign-in",
        title:
          "A signed-out customer signs in through the browser; the checkout target is then authorized, never assumed.",
        build: "production", starting: .signedOut, covers: [.gates, .noMutationBeforeAuthorization],
        steps: [
          ready,
          step(open("d1", checkout), [.accepted(.checkout), .show(.gate(.signIn))]),
          step(.signInFlowStarted, []),
          step(
            open("d2", link(.oauthComplete(.code(V.code)))),
            [.accepted(.oauthComplete), .show(.signInCompletion), .consumed(.oauthComplete)]),
          step(.signedIn(account: "account-a"), [.requestAuthorization(.checkout, request: 1)]),
          step(answer(1), [.show(.destination(.checkout)), .consumed(.checkout)]),
        ]),
      Scenario(
        id: "business-signed-out-no-sign-in",
        title: "A business link needs no sign-in: a signed-out customer goes straight to authorization.",
        build: "production", starting: .signedOut, covers: [.gates],
        steps: [
          ready,
          step(open("d1", business), [.accepted(.business), .requestAuthorization(.business, request: 1)]),
          step(answer(1), [.show(.destination(.business)), .consumed(.business)]),
        ]),
      Scenario(
        id: "business-location-setup",
        title: "Location setup comes before a business; completing it leads to authorization.",
        build: "production", starting: .needsLocation, covers: [.gates],
        steps: [
          ready,
          step(open("d1", business), [.accepted(.business), .show(.gate(.locationSetup))]),
          step(.gateCompleted(.locationSetup), [.requestAuthorization(.business, request: 1)]),
          step(answer(1), [.show(.destination(.business)), .consumed(.business)]),
        ]),
      Scenario(
        id: "checkout-guest-authorized",
        title: "Checkout admits a guest context that Ordering authorizes, with no sign-in gate.",
        build: "production", starting: .guest, covers: [.gates],
        steps: [
          ready,
          step(open("d1", checkout), [.accepted(.checkout), .requestAuthorization(.checkout, request: 1)]),
          step(answer(1), [.show(.destination(.checkout)), .consumed(.checkout)]),
        ]),
      Scenario(
        id: "order-guest-needs-sign-in",
        title: "Order details ask a guest without temporary access to sign in first.",
        build: "production", starting: .guest, covers: [.gates],
        steps: [
          ready,
          step(open("d1", order), [.accepted(.order), .show(.gate(.signIn))]),
          step(.signedIn(account: "account-a"), [.requestAuthorization(.order, request: 1)]),
          step(answer(1), [.show(.destination(.order)), .consumed(.order)]),
        ]),
      Scenario(
        id: "order-guest-temporary-access",
        title: "A guest holding an approved temporary-access contract goes to order authorization.",
        build: "production", starting: .guestWithTemporaryAccess, covers: [.gates],
        steps: [
          ready,
          step(open("d1", order), [.accepted(.order), .requestAuthorization(.order, request: 1)]),
          step(answer(1), [.show(.destination(.order)), .consumed(.order)]),
        ]),
      Scenario(
        id: "order-account-verification",
        title: "Account verification comes before order details; the order is authorized after it.",
        build: "production", starting: .needsVerification,
        covers: [.gates, .noMutationBeforeAuthorization],
        steps: [
          ready,
          step(open("d1", order), [.accepted(.order), .show(.gate(.accountVerification))]),
          step(.gateCompleted(.accountVerification), [.requestAuthorization(.order, request: 1)]),
          step(answer(1), [.show(.destination(.order)), .consumed(.order)]),
        ]),
      Scenario(
        id: "checkout-profile-completion",
        title: "Profile completion comes before checkout; another gate completed meanwhile changes nothing.",
        build: "production", starting: .needsProfile, covers: [.gates],
        steps: [
          ready,
          step(open("d1", checkout), [.accepted(.checkout), .show(.gate(.profileCompletion))]),
          step(.gateCompleted(.locationSetup), []),
          step(.gateCompleted(.profileCompletion), [.requestAuthorization(.checkout, request: 1)]),
          step(answer(1), [.show(.destination(.checkout)), .consumed(.checkout)]),
        ]),
      Scenario(
        id: "logout-at-gate-clears-pending",
        title: "Logging out at the verification gate clears the checkout intent.",
        build: "production", starting: .needsVerification, covers: [.gates, .generations],
        steps: [
          ready,
          step(open("d1", checkout), [.accepted(.checkout), .show(.gate(.accountVerification))]),
          step(.loggedOut, [.dropped(.checkout, .loggedOut)]),
          step(.signedIn(account: "account-a"), []),
        ]),
      Scenario(
        id: "sensitive-expires-at-gate",
        title: "An order link left at the sign-in gate past its freshness window expires.",
        build: "production", starting: .signedOut, covers: [.gates, .noMutationBeforeAuthorization],
        steps: [
          ready,
          step(open("d1", order), [.accepted(.order), .show(.gate(.signIn))]),
          step(.clockAdvanced(seconds: 900), [.dropped(.order, .expired)]),
          step(.signedIn(account: "account-a"), []),
        ]),
    ]
  }

  // MARK: cold, warm, background, duplicate and replayed delivery

  var timing: [Scenario] {
    [
      Scenario(
        id: "duplicate-cold-and-warm",
        title: "The same delivery on launch and again as a warm open is handled once.",
        build: "production", starting: .signedIn, covers: [.deliveryTiming],
        steps: [
          step(cold("d1", checkout), [.accepted(.checkout), .queued(.checkout)]),
          step(open("d1", checkout), [.dropped(.checkout, .duplicateDelivery)]),
          step(.navigationReady, [.requestAuthorization(.checkout, request: 1)]),
          step(.deliver("d1", link: checkout, timing: .duplicate), [.dropped(.checkout, .duplicateDelivery)]),
          step(answer(1), [.show(.destination(.checkout)), .consumed(.checkout)]),
        ]),
      Scenario(
        id: "background-return",
        title: "A link that brings the app back from the background waits for navigation to resume.",
        build: "production", starting: .signedIn, covers: [.deliveryTiming],
        steps: [
          ready,
          step(
            .deliver("d1", link: business, timing: .backgroundReturn), [.accepted(.business), .queued(.business)]),
          step(.navigationReady, [.requestAuthorization(.business, request: 1)]),
          step(answer(1), [.show(.destination(.business)), .consumed(.business)]),
        ]),
      Scenario(
        id: "replay-after-consumed",
        title: "A replay of a consumed order delivery does nothing.",
        build: "production", starting: .signedIn, covers: [.deliveryTiming],
        steps: [
          ready,
          step(open("d1", order), [.accepted(.order), .requestAuthorization(.order, request: 1)]),
          step(answer(1), [.show(.destination(.order)), .consumed(.order)]),
          step(.deliver("d1", link: order, timing: .replay), [.dropped(.order, .alreadyHandled)]),
        ]),
      Scenario(
        id: "replay-after-account-switch",
        title:
          "After an account switch, a replayed order delivery is never replayed into the new account, and the one-time link stays used.",
        build: "production", starting: .signedIn, covers: [.deliveryTiming, .generations],
        steps: [
          ready,
          step(open("d1", order), [.accepted(.order), .requestAuthorization(.order, request: 1)]),
          step(answer(1), [.show(.destination(.order)), .consumed(.order)]),
          step(.accountSwitched(to: "account-b"), []),
          step(.deliver("d1", link: order, timing: .replay), [.dropped(.order, .changedContext)]),
          step(open("d2", order), [.accepted(.order), .dropped(.order, .oneTimeLinkUsed), .show(.trustedNavigation)]),
        ]),
      Scenario(
        id: "business-link-reopens-on-new-delivery",
        title: "A business link is not one-time: a new delivery opens it again, after a new authorization.",
        build: "production", starting: .signedIn, covers: [.deliveryTiming],
        steps: [
          ready,
          step(open("d1", business), [.accepted(.business), .requestAuthorization(.business, request: 1)]),
          step(answer(1), [.show(.destination(.business)), .consumed(.business)]),
          step(open("d2", business), [.accepted(.business), .requestAuthorization(.business, request: 2)]),
          step(answer(2), [.show(.destination(.business)), .consumed(.business)]),
        ]),
      Scenario(
        id: "sensitive-expires-while-queued",
        title: "A checkout link queued on a slow launch past its freshness window expires before navigation.",
        build: "production", starting: .signedIn, covers: [.deliveryTiming, .noMutationBeforeAuthorization],
        steps: [
          step(cold("d1", checkout), [.accepted(.checkout), .queued(.checkout)]),
          step(.clockAdvanced(seconds: 601), [.dropped(.checkout, .expired)]),
          step(.navigationReady, []),
        ]),
      Scenario(
        id: "sensitive-fresh-at-window",
        title: "A checkout link is still fresh at exactly its freshness window.",
        build: "production", starting: .signedIn, covers: [.deliveryTiming],
        steps: [
          step(cold("d1", checkout), [.accepted(.checkout), .queued(.checkout)]),
          step(.clockAdvanced(seconds: 600), []),
          step(.navigationReady, [.requestAuthorization(.checkout, request: 1)]),
          step(answer(1), [.show(.destination(.checkout)), .consumed(.checkout)]),
        ]),
      Scenario(
        id: "newer-link-supersedes",
        title: "A second link during launch supersedes the first; only the latest is followed.",
        build: "production", starting: .signedIn, covers: [.deliveryTiming],
        steps: [
          step(cold("d1", business), [.accepted(.business), .queued(.business)]),
          step(open("d2", order), [.accepted(.order), .dropped(.business, .superseded), .queued(.order)]),
          step(.navigationReady, [.requestAuthorization(.order, request: 1)]),
          step(answer(1), [.show(.destination(.order)), .consumed(.order)]),
        ]),
    ]
  }

  // MARK: current and stale account or project generations

  var generations: [Scenario] {
    [
      Scenario(
        id: "account-switch-clears-pending",
        title: "An account switch during launch clears the queued checkout, and its replay is refused.",
        build: "production", starting: .signedIn, covers: [.generations, .deliveryTiming],
        steps: [
          step(cold("d1", checkout), [.accepted(.checkout), .queued(.checkout)]),
          step(.accountSwitched(to: "account-b"), [.dropped(.checkout, .accountSwitched)]),
          step(.navigationReady, []),
          step(.deliver("d1", link: checkout, timing: .replay), [.dropped(.checkout, .changedContext)]),
        ]),
      Scenario(
        id: "project-switch-ignores-late-answer",
        title: "A project switch while Ordering is deciding clears the order; the late answer is ignored.",
        build: "production", starting: .signedIn, covers: [.generations, .noMutationBeforeAuthorization],
        steps: [
          ready,
          step(open("d1", order), [.accepted(.order), .requestAuthorization(.order, request: 1)]),
          step(.projectSwitched(to: "project-2"), [.dropped(.order, .projectSwitched)]),
          step(answer(1), [.ignoredAnswer(request: 1)]),
        ]),
      Scenario(
        id: "session-renewal-drops-sensitive",
        title: "A session renewal leaves a sensitive checkout intent on a stale generation: it is dropped.",
        build: "production", starting: .signedIn, covers: [.generations],
        steps: [
          step(cold("d1", checkout), [.accepted(.checkout), .queued(.checkout)]),
          step(.sessionRenewed, [.dropped(.checkout, .staleGeneration)]),
          step(.navigationReady, []),
        ]),
      Scenario(
        id: "session-renewal-reauthorizes-business",
        title: "A session renewal re-binds a business intent and asks Ordering again; the old answer is ignored.",
        build: "production", starting: .signedIn, covers: [.generations, .noMutationBeforeAuthorization],
        steps: [
          ready,
          step(open("d1", business), [.accepted(.business), .requestAuthorization(.business, request: 1)]),
          step(.sessionRenewed, [.requestAuthorization(.business, request: 2)]),
          step(answer(1), [.ignoredAnswer(request: 1)]),
          step(answer(2), [.show(.destination(.business)), .consumed(.business)]),
        ]),
      Scenario(
        id: "guest-signs-in-while-authorizing",
        title: "A guest who signs in while checkout is authorized gets a fresh request for the account.",
        build: "production", starting: .guest, covers: [.generations, .gates, .noMutationBeforeAuthorization],
        steps: [
          ready,
          step(open("d1", checkout), [.accepted(.checkout), .requestAuthorization(.checkout, request: 1)]),
          step(.signedIn(account: "account-a"), [.requestAuthorization(.checkout, request: 2)]),
          step(answer(1), [.ignoredAnswer(request: 1)]),
          step(answer(2), [.show(.destination(.checkout)), .consumed(.checkout)]),
        ]),
    ]
  }

  // MARK: unavailable and unauthorized resources without existence leaks

  var authorization: [Scenario] {
    func denied(
      _ id: String, _ title: String, _ starting: StartingState, _ link: String, _ route: RouteClassID,
      _ answer: AuthorizationAnswer
    ) -> Scenario {
      Scenario(
        id: id, title: title, build: "production", starting: starting,
        covers: [.noExistenceLeak, .noMutationBeforeAuthorization],
        steps: [
          ready,
          step(open("d1", link), [.accepted(route), .requestAuthorization(route, request: 1)]),
          step(self.answer(1, answer), [.show(.unavailable(route)), .dropped(route, .targetUnavailable)]),
        ])
    }
    return [
      denied(
        "order-unauthorized", "An order the caller may not see shows the order's unavailable state.",
        .signedIn, order, .order, .unauthorized),
      denied(
        "order-unavailable", "A missing order shows exactly the same unavailable state.", .signedIn, order,
        .order, .unavailable),
      denied(
        "checkout-guest-unauthorized", "A guest context Ordering does not authorize sees checkout unavailable.",
        .guest, checkout, .checkout, .unauthorized),
      denied(
        "business-unavailable", "A business that is not available here shows its unavailable state.",
        .signedOut, business, .business, .unavailable),
    ]
  }
}
