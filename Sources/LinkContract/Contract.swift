// Module LinkContract: the contract as typed values (the model, `Contract.customerApp`), their
// validation, documentation samples and the byte rules every other module shares (`ASCII`,
// `AppIdentifier`, `UTF8Sequence`). It imports nothing; every other module builds on it.

/// The whole link contract of one app: every value the docs, the association files, the native
/// snippets and the conformance table are derived from.
public struct Contract: Sendable {
  /// The app's name, as its docs call it (`{app}` in Content).
  public let appName: String
  /// The app's builds, each with its own host, scheme, identifiers and certificates.
  public let builds: [Build]
  /// References whose body starts with this are reserved for documentation and tests.
  public let reservedBodyPrefix: String
  /// The longest link, in bytes, that the parser reads.
  public let maximumLinkBytes: Int
  /// The links the app recognizes; exactly one is the fallback (`Publication.neverClaimed`).
  public let routeClasses: [RouteClass]
  /// The words that make a query key forbidden, by the word rule of `ForbiddenWords`.
  public let forbiddenKeys: ForbiddenWords
  /// What each rejection reason means and where its reader goes next: one for every reason.
  public let rejectionRules: [RejectionRule]
  /// The layers of responsibility between a tapped link and a destination.
  public let layers: [Layer]
  /// The handling stages, one for each `StageID`.
  public let stages: [HandlingStage]
  /// The troubleshooting matrix's rows.
  public let troubleshooting: [TroubleshootingRow]
  /// What an approved verification without live effects covers.
  public let verification: [VerificationItem]
  /// The changes that call for that verification again.
  public let revalidation: [RevalidationTrigger]
  /// The native snippets each build gets: the ones the app uses (by default, every one whose file
  /// its checkout layout has).
  public let nativeSnippets: [NativeSnippetKind]
  /// Where the app's projects keep the files the snippets go into.
  public let checkout: CheckoutLayout
  /// What the app's docs call the person using it, lowercase with its article (`the user`,
  /// `the shopper`): the lifecycle's narration says it ("The user signs in").
  public let user: String
  /// The kinds of resource the app's user can switch between while a link waits (`project`), in
  /// the order the lifecycle names them; empty for an app that has none.
  public let scopes: [ResourceScope]
  /// Where the contract is written: the line a problem with no value of its own is reported at.
  public let source: SourceLocation

  /// An app's whole contract, declared at this line of its values. Check it with `problems()`;
  /// the app's tool checks it before every command.
  public init(
    appName: String, builds: [Build], reservedBodyPrefix: String,
    maximumLinkBytes: Int, routeClasses: [RouteClass], forbiddenKeys: ForbiddenWords,
    rejectionRules: [RejectionRule], layers: [Layer], stages: [HandlingStage],
    troubleshooting: [TroubleshootingRow], verification: [VerificationItem],
    revalidation: [RevalidationTrigger], nativeSnippets: [NativeSnippetKind]? = nil,
    checkout: CheckoutLayout = .native, user: String = "the user", scopes: [ResourceScope] = [],
    file: String = #filePath, line: Int = #line
  ) {
    self.source = SourceLocation(file: file, line: line)
    self.appName = appName
    self.builds = builds
    self.reservedBodyPrefix = reservedBodyPrefix
    self.maximumLinkBytes = maximumLinkBytes
    self.routeClasses = routeClasses
    references = Self.references(of: routeClasses)
    self.forbiddenKeys = forbiddenKeys
    self.rejectionRules = rejectionRules
    self.layers = layers
    self.stages = stages
    self.troubleshooting = troubleshooting
    self.verification = verification
    self.revalidation = revalidation
    self.nativeSnippets = nativeSnippets ?? checkout.snippets
    self.checkout = checkout
    self.user = user
    self.scopes = scopes
  }

  /// `user` as a sentence starts with it.
  public var userAtSentenceStart: String { user.prefix(1).uppercased() + user.dropFirst() }

  /// This contract with some values replaced (nil keeps a value): for tools and tests that vary
  /// a contract.
  public func replacing(
    builds: [Build]? = nil, maximumLinkBytes: Int? = nil, routeClasses: [RouteClass]? = nil,
    forbiddenKeys: ForbiddenWords? = nil, rejectionRules: [RejectionRule]? = nil, layers: [Layer]? = nil,
    verification: [VerificationItem]? = nil, revalidation: [RevalidationTrigger]? = nil,
    nativeSnippets: [NativeSnippetKind]? = nil, checkout: CheckoutLayout? = nil, scopes: [ResourceScope]? = nil
  ) -> Contract {
    Contract(
      appName: appName, builds: builds ?? self.builds, reservedBodyPrefix: reservedBodyPrefix,
      maximumLinkBytes: maximumLinkBytes ?? self.maximumLinkBytes, routeClasses: routeClasses ?? self.routeClasses,
      forbiddenKeys: forbiddenKeys ?? self.forbiddenKeys, rejectionRules: rejectionRules ?? self.rejectionRules,
      layers: layers ?? self.layers, stages: stages, troubleshooting: troubleshooting,
      verification: verification ?? self.verification, revalidation: revalidation ?? self.revalidation,
      nativeSnippets: nativeSnippets ?? self.nativeSnippets,
      checkout: checkout ?? self.checkout, user: user, scopes: scopes ?? self.scopes, file: source.file,
      line: source.line)
  }

  /// The kinds of reference the route classes' fields take, in first-use order: found once,
  /// when the contract is made, since pages and their link examples ask for them often.
  public let references: [ReferenceKind]

  private static func references(of routeClasses: [RouteClass]) -> [ReferenceKind] {
    var seen: [ReferenceKind] = []
    for route in routeClasses {
      for field in route.fields {
        if case .reference(let prefix, _) = field.format {
          let kind = ReferenceKind(field: field.name, prefix: prefix)
          if !seen.contains(kind) { seen.append(kind) }
        }
      }
    }
    return seen
  }

  /// The build called `name`.
  public func build(named name: String) -> Build? { builds.first { $0.name == name } }
  /// The route class the app declares as its OAuth callback (`RouteClass.oauthCallback`), which
  /// completes a sign-in the app started in the browser; nil for an app without OAuth.
  public var oauthCallbackRoute: RouteClass? { routeClasses.first { $0.oauthCallback != nil } }
  /// The first of `candidates` that no route class's https path starts with, or a segment made
  /// from every first segment in use, which none can equal: for examples of an unknown path.
  public func unusedFirstSegment(among candidates: [String]) -> String {
    let used = Set(
      routeClasses.compactMap { route -> String? in
        if case .literal(let text) = route.httpsPath?.first { return text }
        return nil
      })
    return candidates.first { !used.contains($0) } ?? "x" + used.sorted().joined()
  }

  /// The OAuth callback `build`'s native app registers (`<scheme>://<name>`): only where a route
  /// class declares one.
  public func oauthCallback(in build: Build) -> String? {
    oauthCallbackRoute?.customSchemeName.map { build.customScheme + "://" + $0 }
  }

  /// The native snippets generated for each build: `nativeSnippets`, without the ones that serve
  /// an OAuth callback when no route class declares one.
  public var generatedSnippets: [NativeSnippetKind] {
    nativeSnippets.filter { !$0.needsOAuthCallback || oauthCallbackRoute != nil }
  }

  /// The route class every link that matches no other falls back to: the one never claimed.
  public var fallback: RouteClass? { routeClasses.first { $0.publication == .neverClaimed } }
  /// The route class with `id`.
  public func routeClass(_ id: RouteClassID) -> RouteClass? { routeClasses.first { $0.id == id } }
  /// The rule that explains `reason`.
  public func rule(for reason: RejectionReason) -> RejectionRule? {
    rejectionRules.first { $0.reason == reason }
  }
  /// The troubleshooting row with `id`.
  public func row(_ id: SymptomID) -> TroubleshootingRow? { troubleshooting.first { $0.id == id } }
  /// The handling stage with `id`.
  public func stage(_ id: StageID) -> HandlingStage? { stages.first { $0.id == id } }
  /// The layer with `id`.
  public func layer(_ id: LayerID) -> Layer? { layers.first { $0.id == id } }

  /// The account requirements the route classes name, each once, in the order they first appear.
  public var requirements: [AccountRequirement] {
    var seen: Set<String> = []
    return routeClasses.map(\.authority.requirement).filter { seen.insert($0.id).inserted }
  }

  /// What `Sensitivity.boundToSessionGeneration` binds an accepted link to, in readers' words:
  /// the session generation, which a renewal and a switch of any of `scopes` move on.
  public var generationBinding: String {
    guard !scopes.isEmpty else { return "the session current when the link was accepted" }
    return "the " + Self.listed(["session"] + scopes.map(\.title), "and") + " generation"
  }

  /// `words` as a list in a sentence: `a`, `a or b`, `a, b or c`.
  package static func listed(_ words: [String], _ conjunction: String) -> String {
    guard let last = words.last else { return "" }
    let head = words.dropLast()
    return head.isEmpty ? last : head.joined(separator: ", ") + " \(conjunction) " + last
  }

  /// The gates the route classes name, each once, in the order they first appear.
  public var gates: [Gate] {
    var seen: Set<GateID> = []
    return routeClasses.flatMap(\.gates).filter { seen.insert($0.id).inserted }
  }

  /// Whether a reference value is reserved for documentation (its body starts with the
  /// reserved prefix). Values that are not references are not reserved.
  public func isReservedReference<S: StringProtocol>(_ value: S) -> Bool {
    references.contains { kind in
      value.utf8.starts(with: kind.prefix.utf8)
        && value.utf8.dropFirst(kind.prefix.utf8.count).starts(with: reservedBodyPrefix.utf8)
    }
  }
}
