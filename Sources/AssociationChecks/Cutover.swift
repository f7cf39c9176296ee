import ContractArtifacts
import LinkContract

// A build value that two releases give differently (a web host, a custom scheme, an app id, a
// package, a signing certificate) and the cutover plan it calls for: every place
// `contractSpots` knows, old value -> new value, in the order to ship them.

/// One build value that changed between two releases.
public struct ValueChange: Sendable, Hashable {
  public let build: String
  public let value: SpotValue
  public let before: [String]
  public let after: [String]

  /// The change kind `diff` reports it as.
  public var kind: ChangeKind {
    switch value {
    case .webHost: .hostChanged
    case .customScheme: .schemeChanged
    case .appID: .appIDChanged
    case .androidPackage: .packageChanged
    case .certificateFingerprints, .routeClaims: .fingerprintChanged
    }
  }

  /// The revalidation it calls for.
  public var triggers: [RevalidationID] {
    switch value {
    case .customScheme: [.nativeSchemeRegistration]
    case .certificateFingerprints: [.signingCertificate]
    case .webHost, .appID, .androidPackage, .routeClaims: [.associationClaims]
    }
  }

  /// What the change means for the release, in the words of ADR-043 and the contract's seed:
  /// of the places `contract`'s snippets fill, and no other.
  public func consequences(_ contract: Contract) -> [String] {
    let old = before.joined(separator: ", ")
    let new = after.joined(separator: ", ")
    let chosen = contract.nativeSnippets
    switch value {
    case .webHost:
      let shipped = [
        chosen.contains(.iosAssociatedDomains) ? "associated domains" : nil,
        chosen.contains(.androidIntentFilter) || chosen.contains(.mauiIntentFilter)
          ? "the App Links intent filter" : nil,
        chosen.contains(.publicSiteSettings) ? "the public base URL" : nil,
      ].compactMap { $0 }
      return [
        "new app binaries for iOS and Android: the host ships in each"
          + (shipped.isEmpty ? "" : " (" + shipped.joined(separator: ", ") + ")")
          + ", so both stores need a new submission",
        "both hosts serve the association files during the transition: installed apps ask \(old) until they update",
        "links already issued on \(old) stay in the world: keep \(old) answering them (serving the files, redirecting to \(new)) until they age out",
      ] + (chosen.contains(.runbook) ? ["the \(contract.checkout.runbook)'s checks change to \(new)"] : [])
    case .customScheme:
      return [
        "new app binaries for iOS and Android: the scheme is registered in each"
      ]
        + (chosen.contains(.identityAllowlist)
          ? [
            "the \(contract.checkout.identityService) allows both schemes during the transition: installed apps return to \(old) until they update"
          ] : [])
    case .appID, .androidPackage:
      return [
        "new app binaries: \(new) is another app to the platform",
        "the association files name both apps during the transition, so installed \(old) apps keep verifying",
      ]
    case .certificateFingerprints, .routeClaims:
      return [
        "the association files list both certificates until every installed build is signed with \(new)",
        "Android re-verifies the App Links of builds signed with the new certificate",
      ]
    }
  }
}

/// The build values of two releases that differ, build by build (matched by name), in the
/// contract's order of values, each as `SpotValue.values` gives it.
public func valueChanges(old: [Build], new: [Build], contract: Contract) -> [ValueChange] {
  let values: [SpotValue] = [.webHost, .customScheme, .appID, .androidPackage, .certificateFingerprints]
  var changes: [ValueChange] = []
  for build in new {
    guard let before = old.first(where: { $0.name == build.name }) else { continue }
    for value in values {
      let (was, now) = (value.values(before, contract), value.values(build, contract))
      if was != now { changes.append(ValueChange(build: build.name, value: value, before: was, after: now)) }
    }
  }
  return changes
}

/// The builds a `contract.json` document declares, or nil when it is not one.
public func contractBuilds<C: Collection<UInt8>>(_ bytes: C) -> [Build]? {
  guard let document = try? JSONParser.parse(bytes), case .array(let builds)? = document["builds"] else { return nil }
  var result: [Build] = []
  for item in builds {
    func text(_ key: String) -> String? { if case .string(let value)? = item[key] { value } else { nil } }
    guard let name = text("name"), let host = text("webHost"), let team = text("teamId"),
      let bundle = text("bundleId"), let package = text("androidPackage"), let scheme = text("customScheme"),
      case .array(let prints)? = item["androidCertificateFingerprints"]
    else { return nil }
    let fingerprints = prints.compactMap { if case .string(let value) = $0 { value } else { nil } }
    result.append(
      Build(
        name: name, webHost: host, teamID: team, bundleID: bundle, androidPackage: package, customScheme: scheme,
        androidCertificateFingerprints: fingerprints))
  }
  return result
}

/// One step of a cutover: a place and what it holds before and after, or a command to run.
public struct CutoverStep: Sendable, Hashable {
  public let phase: CutoverPhase
  /// The spot's id, or nil for a step that is not a checkout place (serving a host, a command).
  public let spot: String?
  /// `project: file`, and the key or element; or what to do.
  public let place: String
  public let key: String
  public let before: [String]
  public let after: [String]
  /// A command that checks the step, when there is one.
  public let command: String?
}

/// The plan for one value change.
public struct Cutover: Sendable, Hashable {
  public let change: ValueChange
  /// What the change means for the release (`ValueChange.consequences`).
  public let consequences: [String]
  public let steps: [CutoverStep]
}

/// The cutover plan for `change`, from the spots `contract` generates, in the order to ship; its
/// commands are `tool`'s.
public func cutoverPlan(_ change: ValueChange, contract: Contract, tool: ToolName = .linkcontract) -> Cutover {
  let spots = contractSpots(contract).filter { $0.value == change.value }
  func written(_ spot: Spot, _ values: [String]) -> [String] { values.map(spot.form) }
  var steps: [CutoverStep] = []
  let served = spots.filter { $0.reach == .webHost || $0.reach == .identityService }
  let both = change.before + change.after.filter { !change.before.contains($0) }
  if change.value == .webHost {
    for host in change.after {
      steps.append(
        CutoverStep(
          phase: .serveBoth, spot: nil, place: contract.checkout.webHost, key: "serve /.well-known/ on https://\(host)",
          before: [], after: wellKnownPaths.map { "https://\(host)\($0)" },
          command: tool.command("verify-host --build \(change.build)")))
    }
    for host in change.before {
      steps.append(
        CutoverStep(
          phase: .serveBoth, spot: nil, place: contract.checkout.webHost,
          key: "keep serving /.well-known/ on https://\(host)",
          before: wellKnownPaths.map { "https://\(host)\($0)" }, after: wellKnownPaths.map { "https://\(host)\($0)" },
          command: tool.command("verify-host --build \(change.build) --base-url https://\(host)")))
    }
  }
  for spot in served {
    steps.append(
      CutoverStep(
        phase: .serveBoth, spot: spot.id, place: spot.place, key: spot.key, before: written(spot, change.before),
        after: written(spot, both),
        command: spot.reach == .webHost ? tool.command("verify-host --build \(change.build)") : nil
      ))
  }
  for spot in spots where spot.reach == .binary {
    steps.append(
      CutoverStep(
        phase: .shipBinaries, spot: spot.id, place: spot.place, key: spot.key, before: written(spot, change.before),
        after: written(spot, change.after), command: nil))
  }
  for spot in spots where spot.reach == .documentation {
    steps.append(
      CutoverStep(
        phase: .updateRunbook, spot: spot.id, place: spot.place, key: spot.key, before: written(spot, change.before),
        after: written(spot, change.after), command: nil))
  }
  for spot in served {
    steps.append(
      CutoverStep(
        phase: .retireOld, spot: spot.id, place: spot.place, key: spot.key, before: written(spot, both),
        after: written(spot, change.after), command: nil))
  }
  if change.value == .webHost {
    for host in change.before {
      steps.append(
        CutoverStep(
          phase: .retireOld, spot: nil, place: contract.checkout.webHost,
          key: "retire https://\(host) once installed apps have updated and issued links have aged out",
          before: wellKnownPaths.map { "https://\(host)\($0)" }, after: [], command: nil))
    }
  }
  return Cutover(change: change, consequences: change.consequences(contract), steps: steps)
}

extension Cutover {
  /// The plan for people, numbered by phase.
  public var text: String {
    let change = self.change
    var out =
      "cutover plan for \(change.build), \(change.kind.rawValue): "
      + change.before.map { Printed.excerpt($0, limit: 400) }.joined(separator: ", ") + " -> "
      + change.after.map { Printed.excerpt($0, limit: 400) }.joined(separator: ", ") + "\n"
    for consequence in consequences { out += "  - \(Printed.excerpt(consequence, limit: 400))\n" }
    var number = 0
    for phase in CutoverPhase.allCases {
      let inPhase = steps.filter { $0.phase == phase }
      guard !inPhase.isEmpty else { continue }
      number += 1
      out += "  \(number). \(phase.title):\n"
      for step in inPhase {
        let was = step.before.map { Printed.excerpt($0, limit: 400) }.joined(separator: ", ")
        let now = step.after.map { Printed.excerpt($0, limit: 400) }.joined(separator: ", ")
        out += "     \(Printed.excerpt(step.place)): \(Printed.excerpt(step.key, limit: 400))"
        if !step.before.isEmpty || !step.after.isEmpty, was != now {
          out += ": \(was.isEmpty ? "(none)" : was) -> \(now.isEmpty ? "(none)" : now)"
        }
        out += "\n"
        if let command = step.command { out += "       check: \(Printed.excerpt(command, limit: 400))\n" }
      }
    }
    return out
  }

  /// The plan for pipelines.
  public var json: JSON {
    .object([
      ("build", .string(change.build)), ("kind", .string(change.kind.rawValue)),
      ("before", .array(change.before.map { .string(Printed.excerpt($0, limit: 400)) })),
      ("after", .array(change.after.map { .string(Printed.excerpt($0, limit: 400)) })),
      ("triggers", .array(change.triggers.map { .string($0.rawValue) })),
      ("consequences", .array(consequences.map { .string(Printed.excerpt($0, limit: 400)) })),
      (
        "steps",
        .array(
          steps.enumerated().map { index, step in
            .object([
              ("order", .int(index + 1)), ("phase", .string(step.phase.rawValue)),
              ("spot", step.spot.map(JSON.string) ?? .null), ("place", .string(Printed.excerpt(step.place))),
              ("key", .string(Printed.excerpt(step.key, limit: 400))),
              ("before", .array(step.before.map { .string(Printed.excerpt($0, limit: 400)) })),
              ("after", .array(step.after.map { .string(Printed.excerpt($0, limit: 400)) })),
              ("command", step.command.map { .string(Printed.excerpt($0, limit: 400)) } ?? .null),
            ])
          })
      ),
    ])
  }
}
