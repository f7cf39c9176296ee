import LinkContract
import LinkParser

/// The lifecycle scenario table. Each scenario is written for a kind of route class (a
/// sensitive one, one that names a resource, one whose link completes a flow the app started, a
/// disabled one, ...) and is made for the first route classes of the contract that are of that
/// kind, so that a contract edit changes the table instead of breaking it. The expected outcomes
/// are written by hand from the contract's rules; the test suite runs the coordinator over each
/// scenario and compares.
public enum Scenarios {
  /// Every scenario for `contract`'s first two builds; empty when it has fewer.
  public static func all(_ contract: Contract) -> [Scenario] {
    guard contract.builds.count >= 2 else { return [] }
    let table = Table(contract: contract, production: contract.builds[0], other: contract.builds[1])
    return
      (table.routes + table.inputs + table.gates + table.timing + table.generations
      + table.authorization).compactMap { $0 }
  }
}

private struct Table {
  let contract: Contract
  let production: Build
  let other: Build

  // MARK: the kinds of route class the scenarios are written for

  /// Routes that navigation queues, gates and shows, with an https or custom-scheme form.
  var navigable: [RouteClass] { contract.routeClasses.filter(\.isNavigationIntent) }
  /// Navigable routes that name a resource, so the server authorizes them first.
  var authorized: [RouteClass] { navigable.filter(\.needsAuthorization) }
  var sensitive: [RouteClass] { authorized.filter { $0.sensitivity != nil && $0.httpsPath != nil } }
  var ordinary: [RouteClass] { authorized.filter { $0.sensitivity == nil && $0.httpsPath != nil } }
  /// A navigable route that names nothing, such as a start link.
  var entry: RouteClass? { navigable.first { !$0.needsAuthorization && $0.httpsPath != nil } }
  /// The app's OAuth callback, which completes a sign-in it started in the browser.
  var callback: RouteClass? { contract.oauthCallbackRoute }
  /// The flows the app can start, each with the route class whose link completes it.
  var flows: [(AppFlow, RouteClass)] {
    contract.flows.compactMap { flow in contract.routeClass(flow.route).map { (flow, $0) } }
  }
  /// Route classes the app recognizes but keeps disabled: no link of theirs is ever presented.
  var disabled: [RouteClass] { contract.routeClasses.filter { $0.publication.isDisabled && !$0.carriers.isEmpty } }
  /// What the fallback does, for a title: `the Unsupported fallback applies` or `the link goes no further`.
  var fallbackClause: String {
    contract.fallback.map { "the \($0.title) fallback applies" } ?? "the link goes no further"
  }
  /// The app's user, signed out, as its contract calls them (`a signed-out passenger`).
  var signedOutUser: String {
    let words = contract.user.split(separator: " ", maxSplits: 1)
    let noun =
      words.count == 2 && ["the", "a", "an"].contains(words[0].lowercased()) ? words[1] : Substring(contract.user)
    return "a signed-out " + noun
  }

  func link(_ route: RouteClass, _ carrier: Carrier? = nil, _ build: Build? = nil) -> String {
    contract.canonicalLink(route, carrier: carrier, in: build ?? production) ?? ""
  }
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
  /// Opening `route` on a ready app with nothing outstanding: asked of the server, then shown.
  func opened(_ id: DeliveryID, _ route: RouteClass, request: Int = 1, link: String? = nil) -> [ScenarioStep] {
    [
      step(
        open(id, link ?? self.link(route)), [.accepted(route.id), .requestAuthorization(route.id, request: request)]),
      shown(route, request: request),
    ]
  }
  func shown(_ route: RouteClass, request: Int = 1) -> ScenarioStep {
    step(answer(request), [.show(.destination(route.id)), .consumed(route.id)])
  }
  func name(_ route: RouteClass) -> String { route.title.lowercased() }

  // MARK: accepted and rejected route classes

  var routes: [Scenario?] {
    var scenarios: [Scenario?] = [
      entry.map { start in
        Scenario(
          id: "\(start.id)-cold-launch", title: "A \(name(start)) link launches the app and waits for navigation.",
          build: production.name, starting: .signedIn, covers: [.routeClasses, .deliveryTiming],
          steps: [
            step(cold("d1", link(start)), [.accepted(start.id), .queued(start.id)]),
            step(.navigationReady, [.show(.destination(start.id)), .consumed(start.id)]),
          ])
      },
      navigable.lazy.filter { !$0.needsAuthorization && $0.customSchemeName != nil }.compactMap(withSignIn).first.map {
        start, signIn in
        Scenario(
          id: "\(start.id)-custom-scheme-signed-out",
          title: "A custom-scheme \(name(start)) link shows sign-in first to \(signedOutUser).",
          build: production.name, starting: .signedOut, covers: [.routeClasses, .gates],
          steps: [
            ready,
            step(open("d1", link(start, .customScheme)), [.accepted(start.id), .show(.gate(signIn))]),
            step(.signedIn(account: StartingState.account), [.show(.destination(start.id)), .consumed(start.id)]),
          ])
      },
    ]
    scenarios += authorized.map { route in
      Scenario(
        id: "\(route.id)-authorized",
        title: "A \(name(route)) link asks the server first and mounts its destination once authorized.",
        build: production.name, starting: .signedIn,
        covers: [.routeClasses, .inputShapes, .noMutationBeforeAuthorization],
        steps: [ready] + opened("d1", route))
    }
    scenarios += disabled.map { route in
      let target = link(route)
      return Scenario(
        id: "\(route.id)-disabled",
        title:
          "A \(name(route)) link is recognized but disabled: \(fallbackClause), and its destination never shows, not even once navigation is ready.",
        build: production.name, starting: .signedIn, covers: [.routeClasses, .safeReturn, .deliveryTiming],
        steps: [
          step(
            cold("d1", target), [.accepted(route.id), .dropped(route.id, .routeDisabled), .show(.trustedNavigation)]),
          step(.navigationReady, []),
          step(.deliver("d1", link: target, timing: .replay), [.dropped(route.id, .alreadyHandled)]),
        ])
    }
    scenarios.append(
      sensitive.first.map { route in
        Scenario(
          id: "\(route.id)-cold-launch-signed-in",
          title: "A \(name(route)) link on a cold launch waits for navigation, then for the server.",
          build: production.name, starting: .signedIn,
          covers: [.routeClasses, .deliveryTiming, .noMutationBeforeAuthorization],
          steps: [
            step(cold("d1", link(route)), [.accepted(route.id), .queued(route.id)]),
            step(.navigationReady, [.requestAuthorization(route.id, request: 1)]),
            shown(route),
          ])
      })
    scenarios.append(
      Scenario(
        id: "unknown-route-fallback",
        title: "An unknown path is rejected and "
          + (contract.fallback.map { "the \($0.title) fallback applies." } ?? "goes no further."),
        build: production.name, starting: .signedIn, covers: [.routeClasses, .safeReturn],
        steps: [
          ready,
          step(
            open("d1", https + "/" + unusedLiteral), [.rejected(.unknownRoute, field: nil), .show(.trustedNavigation)]),
        ]))
    for (flow, route) in flows {
      let target = link(route, route.carriers.contains(.customScheme) ? .customScheme : route.carriers.first)
      let unexpected = step(
        open("d1", target), [.accepted(route.id), .dropped(route.id, .noFlow(flow)), .show(.trustedNavigation)])
      scenarios.append(
        Scenario(
          id: "\(route.id)-without-flow",
          title: "A \(flow.link) nobody is waiting for is dropped and asks for nothing.",
          build: production.name, starting: .signedIn, covers: [.routeClasses, .safeReturn], steps: [ready, unexpected])
      )
      // A sign-in callback completes its flow in the sign-in scenario of the gates, where there is one.
      guard !flow.isSignIn || !signInCompletes else { continue }
      scenarios.append(
        Scenario(
          id: "\(route.id)-completes-flow",
          title: "A \(flow.link) completes the flow the app started, once: a second one finds no flow waiting.",
          build: production.name, starting: .signedIn, covers: [.routeClasses, .deliveryTiming],
          steps: [
            ready,
            step(.flowStarted(flow), []),
            step(open("d1", target), [.accepted(route.id), .show(.flowCompletion(flow)), .consumed(route.id)]),
            step(
              open("d2", target), [.accepted(route.id), .dropped(route.id, .noFlow(flow)), .show(.trustedNavigation)]),
          ]))
    }
    scenarios.append(
      ordinary.first.map { route in
        Scenario(
          id: "\(other.name)-build-only-its-own-links",
          title: "The \(other.name) build rejects a \(production.name) link and accepts its own.",
          build: other.name, starting: .signedIn, covers: [.routeClasses, .safeReturn],
          steps: [
            ready,
            step(open("d1", link(route)), [.rejected(.hostNotConfigured, field: nil), .show(.trustedNavigation)]),
          ] + opened("d2", route, link: link(route, .https, other)))
      })
    return scenarios
  }

  /// A first path segment that no route class starts with.
  var unusedLiteral: String { contract.unusedFirstSegment(among: ["help", "about", "not-a-route"]) }

  // MARK: complete, missing, extra, malformed and oversized input

  var inputs: [Scenario?] {
    func rejects(_ id: String, _ title: String, _ link: String?, _ reason: RejectionReason, _ field: String?)
      -> Scenario?
    {
      link.map { link in
        Scenario(
          id: id, title: title, build: production.name, starting: .signedIn, covers: [.inputShapes, .safeReturn],
          steps: [
            ready,
            step(open("d1", link), [.rejected(reason, field: field), .show(.trustedNavigation)]),
          ])
      }
    }
    let fielded = contract.routeClasses.first { route in
      guard let path = route.httpsPath, case .field = path.last else { return false }
      return true
    }
    let firstField = fielded.flatMap { route in
      route.httpsPath?.firstIndex { if case .field = $0 { true } else { false } }.map { (route, $0) }
    }
    let referenced = contract.routeClasses.lazy.compactMap { route -> (RouteClass, Field)? in
      for case .field(let field) in route.httpsPath ?? [] {
        if case .reference = field.format { return (route, field) }
      }
      return nil
    }.first
    return [
      firstField.flatMap { route, index -> Scenario? in
        let prefix = Array(route.httpsPath![..<index])
        guard case .field(let field) = route.httpsPath![index], !prefix.isEmpty,
          !contract.routeClasses.contains(where: { $0.httpsPath == prefix })
        else { return nil }
        return rejects(
          "missing-field-rejected", "A \(name(route)) path without its \(field.name) is incomplete.",
          https + PathSegment.render(prefix) { _ in "" }, .missingField, field.name)
      },
      entry.flatMap { start in
        start.query.fields.isEmpty
          ? rejects(
            "extra-field-rejected", "A \(name(start)) link with a tracking field is rejected for the extra field.",
            link(start) + "?utm_source=newsletter", .extraField, "utm_source") : nil
      },
      referenced.flatMap { route, field in
        rejects(
          "malformed-encoding-rejected", "A percent-escape anywhere is malformed encoding.",
          link(route).replacing(contract.sample(field), with: contract.sample(field) + "%30"), .malformedEncoding, nil)
      },
      referenced.flatMap { route, field in
        rejects(
          "invalid-value-rejected",
          "A \(name(route)) link whose \(field.name) has the wrong prefix is an invalid value.",
          link(route).replacing(contract.sample(field), with: "zz" + contract.sample(field)), .invalidValue, field.name)
      },
      (entry ?? authorized.first).flatMap { route in
        rejects(
          "oversized-rejected", "A link longer than the parser reads is rejected before anything else.",
          link(route) + "?" + String(repeating: "x", count: contract.maximumLinkBytes), .oversized, nil)
      },
      sensitive.first.map { route in
        Scenario(
          id: "rejected-link-clears-pending",
          title: "A malformed link that arrives while another intent is queued clears it: only the latest link counts.",
          build: production.name, starting: .signedIn, covers: [.inputShapes, .generations],
          steps: [
            step(cold("d1", link(route)), [.accepted(route.id), .queued(route.id)]),
            step(
              open("d2", link(route) + "?"),
              [.rejected(.malformedURL, field: nil), .dropped(route.id, .superseded), .show(.trustedNavigation)]),
            ready,
          ])
      },
    ]
  }

  // MARK: signed-out, signed-in, guest, verification and profile gates

  /// The starting state in which `gate` is the only prerequisite left.
  func state(missing gate: Gate) -> StartingState {
    gate.kind == .signIn ? .signedOut : .needing(gate)
  }

  /// `route` with its sign-in gate, when it has one.
  func withSignIn(_ route: RouteClass) -> (RouteClass, Gate)? {
    route.gates.first { $0.kind == .signIn }.map { (route, $0) }
  }

  /// Whether the gates' sign-in scenario completes the app's sign-in flow with its callback.
  var signInCompletes: Bool { callback != nil && sensitive.contains { withSignIn($0) != nil } }

  var gates: [Scenario?] {
    var scenarios: [Scenario?] = []
    if let (route, signIn) = sensitive.lazy.compactMap(withSignIn).first, let callback,
      let flow = contract.flow(completedBy: callback.id)
    {
      scenarios.append(
        Scenario(
          id: "\(route.id)-signed-out-sign-in",
          title:
            "\(signedOutUser.prefix(1).uppercased() + signedOutUser.dropFirst()) signs in through the browser; the \(name(route)) target is then authorized, never assumed.",
          build: production.name, starting: .signedOut, covers: [.gates, .noMutationBeforeAuthorization],
          steps: [
            ready,
            step(open("d1", link(route)), [.accepted(route.id), .show(.gate(signIn))]),
            step(.flowStarted(flow), []),
            step(
              open("d2", link(callback, .customScheme)),
              [.accepted(callback.id), .show(.flowCompletion(flow)), .consumed(callback.id)]),
            step(.signedIn(account: StartingState.account), [.requestAuthorization(route.id, request: 1)]),
            shown(route),
          ]))
    }
    scenarios.append(
      authorized.first { $0.authority.requirement.admits == .anyone && withSignIn($0) == nil }.map { route in
        Scenario(
          id: "\(route.id)-signed-out-no-sign-in",
          title: "A \(name(route)) link needs no sign-in: \(signedOutUser) goes straight to authorization.",
          build: production.name, starting: .signedOut, covers: [.gates], steps: [ready] + opened("d1", route))
      })
    let gates = contract.gates.filter { $0.kind != .signIn }
    for gate in gates {
      guard let route = authorized.first(where: { $0.gates.contains(gate) }) else { continue }
      let starting = state(missing: gate)
      let bystander = gates.first { $0 != gate && !route.gates.contains($0) }
      scenarios.append(
        Scenario(
          id: "\(route.id)-\(gate.id.rawValue)",
          title:
            "\(gate.title) comes before the \(name(route)) destination; completing it leads to authorization."
            + (bystander == nil ? "" : " Completing another prerequisite meanwhile changes nothing."),
          build: production.name, starting: starting, covers: [.gates, .noMutationBeforeAuthorization],
          steps: [
            ready,
            step(open("d1", link(route)), [.accepted(route.id), .show(.gate(gate))]),
          ] + (bystander.map { [step(.gateCompleted($0), [])] } ?? []) + [
            step(.gateCompleted(gate), [.requestAuthorization(route.id, request: 1)]),
            shown(route),
          ]))
    }
    scenarios.append(
      authorized.first { $0.authority.requirement.admits == .accountOrAuthorizedGuest }.map { route in
        Scenario(
          id: "\(route.id)-guest-authorized",
          title: "A \(name(route)) link admits a guest context that the server authorizes, with no sign-in gate.",
          build: production.name, starting: .guest, covers: [.gates], steps: [ready] + opened("d1", route))
      })
    let guestSignsIn = authorized.lazy.compactMap { route -> (RouteClass, Gate, String?)? in
      guard let (_, signIn) = withSignIn(route) else { return nil }
      switch route.authority.requirement.admits {
      case .account: return (route, signIn, nil)
      case .accountOrGrant(let grant): return (route, signIn, grant)
      default: return nil
      }
    }.first
    scenarios.append(
      guestSignsIn.map { route, signIn, grant in
        Scenario(
          id: "\(route.id)-guest-needs-sign-in",
          title: "A \(name(route)) link asks a guest "
            + (grant.map { "without \($0) to sign in first." } ?? "to sign in first: only an account opens it."),
          build: production.name, starting: .guest, covers: [.gates],
          steps: [
            ready,
            step(open("d1", link(route)), [.accepted(route.id), .show(.gate(signIn))]),
            step(.signedIn(account: StartingState.account), [.requestAuthorization(route.id, request: 1)]),
            shown(route),
          ])
      })
    scenarios.append(
      authorized.lazy.compactMap { route -> (RouteClass, String)? in
        guard case .accountOrGrant(let grant) = route.authority.requirement.admits else { return nil }
        return (route, grant)
      }.first.map { route, grant in
        Scenario(
          id: "\(route.id)-guest-temporary-access",
          title: "A guest holding \(grant) goes to \(name(route)) authorization.",
          build: production.name, starting: .guest(holding: grant), covers: [.gates],
          steps: [ready] + opened("d1", route))
      })
    scenarios.append(
      authorized.lazy.compactMap { route in route.gates.first { $0.kind == .account }.map { (route, $0) } }.first.map {
        route, gate in
        Scenario(
          id: "logout-at-gate-clears-pending",
          title: "Logging out while \(gate.title) is outstanding clears the \(name(route)) intent.",
          build: production.name, starting: .needing(gate), covers: [.gates, .generations],
          steps: [
            ready,
            step(open("d1", link(route)), [.accepted(route.id), .show(.gate(gate))]),
            step(.loggedOut, [.dropped(route.id, .loggedOut)]),
            step(.signedIn(account: StartingState.account), []),
          ])
      })
    scenarios.append(
      sensitive.reversed().lazy.compactMap(withSignIn).first.map { route, signIn in
        Scenario(
          id: "sensitive-expires-at-gate",
          title: "A \(name(route)) link left at the sign-in gate past its freshness window expires.",
          build: production.name, starting: .signedOut, covers: [.gates, .noMutationBeforeAuthorization],
          steps: [
            ready,
            step(open("d1", link(route)), [.accepted(route.id), .show(.gate(signIn))]),
            step(.clockAdvanced(seconds: freshness(route) + 300), [.dropped(route.id, .expired)]),
            step(.signedIn(account: StartingState.account), []),
          ])
      })
    return scenarios
  }

  func freshness(_ route: RouteClass) -> Int { route.sensitivity?.freshnessSeconds ?? 0 }

  // MARK: cold, warm, background, duplicate and replayed delivery

  var timing: [Scenario?] {
    let consumedOnce = sensitive.last { $0.sensitivity?.consumedOnce == true }
    return [
      sensitive.first.map { route in
        let target = link(route)
        return Scenario(
          id: "duplicate-cold-and-warm", title: "The same delivery on launch and again as a warm open is handled once.",
          build: production.name, starting: .signedIn, covers: [.deliveryTiming],
          steps: [
            step(cold("d1", target), [.accepted(route.id), .queued(route.id)]),
            step(open("d1", target), [.dropped(route.id, .duplicateDelivery)]),
            step(.navigationReady, [.requestAuthorization(route.id, request: 1)]),
            step(.deliver("d1", link: target, timing: .duplicate), [.dropped(route.id, .duplicateDelivery)]),
            shown(route),
          ])
      },
      ordinary.first.map { route in
        Scenario(
          id: "background-return",
          title: "A link that brings the app back from the background waits for navigation to resume.",
          build: production.name, starting: .signedIn, covers: [.deliveryTiming],
          steps: [
            ready,
            step(
              .deliver("d1", link: link(route), timing: .backgroundReturn), [.accepted(route.id), .queued(route.id)]),
            step(.navigationReady, [.requestAuthorization(route.id, request: 1)]),
            shown(route),
          ])
      },
      consumedOnce.map { route in
        Scenario(
          id: "replay-after-consumed", title: "A replay of a consumed \(name(route)) delivery does nothing.",
          build: production.name, starting: .signedIn, covers: [.deliveryTiming],
          steps: [ready] + opened("d1", route) + [
            step(.deliver("d1", link: link(route), timing: .replay), [.dropped(route.id, .alreadyHandled)])
          ])
      },
      consumedOnce.map { route in
        Scenario(
          id: "replay-after-account-switch",
          title:
            "After an account switch, a replayed \(name(route)) delivery is never replayed into the new account, and the one-time link stays used.",
          build: production.name, starting: .signedIn, covers: [.deliveryTiming, .generations],
          steps: [ready] + opened("d1", route) + [
            step(.accountSwitched(to: "account-b"), []),
            step(.deliver("d1", link: link(route), timing: .replay), [.dropped(route.id, .changedContext)]),
            step(
              open("d2", link(route)),
              [.accepted(route.id), .dropped(route.id, .oneTimeLinkUsed), .show(.trustedNavigation)]),
          ])
      },
      authorized.first { $0.sensitivity?.consumedOnce != true }.map { route in
        Scenario(
          id: "\(route.id)-link-reopens-on-new-delivery",
          title: "A \(name(route)) link is not one-time: a new delivery opens it again, after a new authorization.",
          build: production.name, starting: .signedIn, covers: [.deliveryTiming],
          steps: [ready] + opened("d1", route) + opened("d2", route, request: 2))
      },
      sensitive.first.map { route in
        Scenario(
          id: "sensitive-expires-while-queued",
          title: "A \(name(route)) link queued on a slow launch past its freshness window expires before navigation.",
          build: production.name, starting: .signedIn, covers: [.deliveryTiming, .noMutationBeforeAuthorization],
          steps: [
            step(cold("d1", link(route)), [.accepted(route.id), .queued(route.id)]),
            step(.clockAdvanced(seconds: freshness(route) + 1), [.dropped(route.id, .expired)]),
            step(.navigationReady, []),
          ])
      },
      sensitive.first.map { route in
        Scenario(
          id: "sensitive-fresh-at-window",
          title: "A \(name(route)) link is still fresh at exactly its freshness window.",
          build: production.name, starting: .signedIn, covers: [.deliveryTiming],
          steps: [
            step(cold("d1", link(route)), [.accepted(route.id), .queued(route.id)]),
            step(.clockAdvanced(seconds: freshness(route)), []),
            step(.navigationReady, [.requestAuthorization(route.id, request: 1)]),
            shown(route),
          ])
      },
      authorized.count >= 2
        ? Scenario(
          id: "newer-link-supersedes",
          title: "A second link during launch supersedes the first; only the latest is followed.",
          build: production.name, starting: .signedIn, covers: [.deliveryTiming],
          steps: [
            step(cold("d1", link(authorized[0])), [.accepted(authorized[0].id), .queued(authorized[0].id)]),
            step(
              open("d2", link(authorized[1])),
              [.accepted(authorized[1].id), .dropped(authorized[0].id, .superseded), .queued(authorized[1].id)]),
            step(.navigationReady, [.requestAuthorization(authorized[1].id, request: 1)]),
            shown(authorized[1]),
          ]) : nil,
    ]
  }

  // MARK: current and stale account, scope and session generations

  var generations: [Scenario?] {
    var scenarios: [Scenario?] = [
      sensitive.first.map { route in
        Scenario(
          id: "account-switch-clears-pending",
          title: "An account switch during launch clears the queued \(name(route)), and its replay is refused.",
          build: production.name, starting: .signedIn, covers: [.generations, .deliveryTiming],
          steps: [
            step(cold("d1", link(route)), [.accepted(route.id), .queued(route.id)]),
            step(.accountSwitched(to: "account-b"), [.dropped(route.id, .accountSwitched)]),
            step(.navigationReady, []),
            step(.deliver("d1", link: link(route), timing: .replay), [.dropped(route.id, .changedContext)]),
          ])
      }
    ]
    scenarios += contract.scopes.map { scope in
      authorized.first.map { route in
        Scenario(
          id: "\(scope.id)-switch-ignores-late-answer",
          title:
            "A \(scope.title) switch while the server is deciding clears the \(name(route)); the late answer is ignored.",
          build: production.name, starting: .signedIn, covers: [.generations, .noMutationBeforeAuthorization],
          steps: [
            ready,
            step(open("d1", link(route)), [.accepted(route.id), .requestAuthorization(route.id, request: 1)]),
            step(.scopeSwitched(scope, to: "\(scope.id)-2"), [.dropped(route.id, .scopeSwitched(scope))]),
            step(answer(1), [.ignoredAnswer(request: 1)]),
          ])
      }
    }
    return scenarios + [
      sensitive.first { $0.sensitivity?.boundToSessionGeneration == true }.map { route in
        Scenario(
          id: "session-renewal-drops-sensitive",
          title: "A session renewal leaves a sensitive \(name(route)) intent on a stale generation: it is dropped.",
          build: production.name, starting: .signedIn, covers: [.generations],
          steps: [
            step(cold("d1", link(route)), [.accepted(route.id), .queued(route.id)]),
            step(.sessionRenewed, [.dropped(route.id, .staleGeneration)]),
            step(.navigationReady, []),
          ])
      },
      authorized.first { $0.sensitivity?.boundToSessionGeneration != true }.map { route in
        Scenario(
          id: "session-renewal-reauthorizes-\(route.id)",
          title:
            "A session renewal re-binds a \(name(route)) intent and asks the server again; the old answer is ignored.",
          build: production.name, starting: .signedIn, covers: [.generations, .noMutationBeforeAuthorization],
          steps: [
            ready,
            step(open("d1", link(route)), [.accepted(route.id), .requestAuthorization(route.id, request: 1)]),
            step(.sessionRenewed, [.requestAuthorization(route.id, request: 2)]),
            step(answer(1), [.ignoredAnswer(request: 1)]),
            shown(route, request: 2),
          ])
      },
      authorized.first { $0.authority.requirement.admits == .accountOrAuthorizedGuest }.map { route in
        Scenario(
          id: "guest-signs-in-while-authorizing",
          title: "A guest who signs in while \(name(route)) is authorized gets a fresh request for the account.",
          build: production.name, starting: .guest, covers: [.generations, .gates, .noMutationBeforeAuthorization],
          steps: [
            ready,
            step(open("d1", link(route)), [.accepted(route.id), .requestAuthorization(route.id, request: 1)]),
            step(.signedIn(account: StartingState.account), [.requestAuthorization(route.id, request: 2)]),
            step(answer(1), [.ignoredAnswer(request: 1)]),
            shown(route, request: 2),
          ])
      },
    ]
  }

  // MARK: unavailable and unauthorized resources without existence leaks

  var authorization: [Scenario?] {
    func denied(_ route: RouteClass, _ starting: StartingState, _ answer: AuthorizationAnswer, _ title: String)
      -> Scenario
    {
      let who = starting == .signedIn ? "" : "-\(starting.rawValue)"
      return Scenario(
        id: "\(route.id)\(who)-\(answer.rawValue)", title: title, build: production.name, starting: starting,
        covers: [.noExistenceLeak, .noMutationBeforeAuthorization],
        steps: [
          ready,
          step(open("d1", link(route)), [.accepted(route.id), .requestAuthorization(route.id, request: 1)]),
          step(
            self.answer(1, answer), [.show(.unavailable(route.id)), .dropped(route.id, .targetUnavailable)]),
        ])
    }
    var scenarios: [Scenario?] = authorized.flatMap { route in
      [
        denied(route, .signedIn, .unauthorized, "A \(name(route)) the caller may not see shows its unavailable state."),
        denied(route, .signedIn, .unavailable, "A missing \(name(route)) shows exactly the same unavailable state."),
      ]
    }
    scenarios.append(
      authorized.first { $0.authority.requirement.admits == .accountOrAuthorizedGuest }.map {
        denied($0, .guest, .unauthorized, "A guest context the server does not authorize sees \(name($0)) unavailable.")
      })
    return scenarios
  }
}
