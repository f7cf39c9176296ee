import CustomerApp
import DesignFixture
import LinkContract
import Testing

// The contract validates itself: each kind of bad value is caught with a problem that names the
// value and says why. Variant contracts are built from the design's pinned values.

private let base = Contract.design
private let production = base.build(named: "production")!
private let staging = base.build(named: "staging")!

extension Build {
  /// This build with some values replaced.
  func with(
    name: String? = nil, webHost: String? = nil, teamID: String? = nil, bundleID: String? = nil,
    androidPackage: String? = nil, customScheme: String? = nil, fingerprints: [String]? = nil
  ) -> Build {
    Build(
      name: name ?? self.name, webHost: webHost ?? self.webHost, teamID: teamID ?? self.teamID,
      bundleID: bundleID ?? self.bundleID, androidPackage: androidPackage ?? self.androidPackage,
      customScheme: customScheme ?? self.customScheme,
      androidCertificateFingerprints: fingerprints ?? androidCertificateFingerprints)
  }
}

/// The Customer App's contract with its builds or route classes replaced.
private func variant(builds: [Build]? = nil, routeClasses: [RouteClass]? = nil) -> Contract {
  base.replacing(builds: builds, routeClasses: routeClasses)
}

/// The Customer App's contract with the production build replaced.
private func variant(production replacement: Build) -> Contract {
  variant(builds: [replacement, staging])
}

/// The Customer App's contract with one route class changed.
private func variant(route id: RouteClassID, _ change: (RouteClass) -> RouteClass) -> Contract {
  variant(routeClasses: base.routeClasses.map { $0.id == id ? change($0) : $0 })
}

/// A fingerprint from 32 bytes.
private func fingerprint(_ bytes: [UInt8]) -> String {
  bytes.map { byte in
    let hex = String(byte, radix: 16, uppercase: true)
    return hex.count == 1 ? "0" + hex : hex
  }.joined(separator: ":")
}

/// One bad contract and the problem it must report.
struct BadContractCase: Sendable, CustomTestStringConvertible {
  let name: String
  let contract: Contract
  /// Where the problem sits, as a prefix of its subject.
  let subject: String
  /// The bad value the problem names.
  let value: String
  /// Words of why it is wrong.
  let why: String

  var testDescription: String { name }

  init(_ name: String, _ contract: Contract, subject: String, value: String, why: String) {
    self.name = name
    self.contract = contract
    self.subject = subject
    self.value = value
    self.why = why
  }

  /// A bad value of the production build.
  static func build(
    _ name: String, _ key: String, _ value: String, _ why: String, _ change: (Build) -> Build
  ) -> BadContractCase {
    BadContractCase(
      name, variant(production: change(production)), subject: "build production: \(key)", value: value, why: why)
  }

  static let realFingerprint = production.androidCertificateFingerprints[0]

  static let all: [BadContractCase] = [
    build("uppercase host", "webHost", "Links.Example.com", "is not lowercase") {
      $0.with(webHost: "Links.Example.com")
    },
    build("host with a port", "webHost", "links.example.com:443", "port") { $0.with(webHost: "links.example.com:443") },
    build("host with a trailing dot", "webHost", "links.example.com.", "ends with a dot") {
      $0.with(webHost: "links.example.com.")
    },
    build("IPv4 address as host", "webHost", "192.168.0.1", "is an IP address") { $0.with(webHost: "192.168.0.1") },
    build("IPv6 address as host", "webHost", "[::1]", "colon") { $0.with(webHost: "[::1]") },
    build("empty host", "webHost", "", "is empty") { $0.with(webHost: "") },
    build("single-label host", "webHost", "localhost", "fully qualified") { $0.with(webHost: "localhost") },
    build("host with an empty label", "webHost", "links..example.com", "empty or overlong label") {
      $0.with(webHost: "links..example.com")
    },
    build("host with an underscore", "webHost", "links_x.example.com", "outside [a-z0-9-]") {
      $0.with(webHost: "links_x.example.com")
    },
    build("host with a path", "webHost", "links.example.com/start", "outside [a-z0-9-]") {
      $0.with(webHost: "links.example.com/start")
    },
    build("9-character team id", "teamID", "A1B2C3D4E", "is not 10 characters of [0-9A-Z]") {
      $0.with(teamID: "A1B2C3D4E")
    },
    build("11-character team id", "teamID", "A1B2C3D4E5F", "is not 10 characters of [0-9A-Z]") {
      $0.with(teamID: "A1B2C3D4E5F")
    },
    build("lowercase team id", "teamID", "a1b2c3d4e5", "is not 10 characters of [0-9A-Z]") {
      $0.with(teamID: "a1b2c3d4e5")
    },
    build("empty team id", "teamID", "", "is not 10 characters of [0-9A-Z]") { $0.with(teamID: "") },
    build("bundle id of one segment", "bundleID", "customer", "reverse-DNS") { $0.with(bundleID: "customer") },
    build("bundle id with an empty segment", "bundleID", "com..customer", "reverse-DNS") {
      $0.with(bundleID: "com..customer")
    },
    build("bundle id starting with a digit", "bundleID", "1com.example", "reverse-DNS") {
      $0.with(bundleID: "1com.example")
    },
    build("bundle id with a space", "bundleID", "com.example customer", "reverse-DNS") {
      $0.with(bundleID: "com.example customer")
    },
    build("package of one segment", "androidPackage", "customer", "Java package name") {
      $0.with(androidPackage: "customer")
    },
    build("package with a hyphen", "androidPackage", "com.example-shop.customer", "Java package name") {
      $0.with(androidPackage: "com.example-shop.customer")
    },
    build("package segment starting with a digit", "androidPackage", "com.1example", "Java package name") {
      $0.with(androidPackage: "com.1example")
    },
    build("package with a trailing dot", "androidPackage", "com.example.", "Java package name") {
      $0.with(androidPackage: "com.example.")
    },
    build("custom scheme http", "customScheme", "http", "must not be http or https") { $0.with(customScheme: "http") },
    build("custom scheme https", "customScheme", "https", "must not be http or https") {
      $0.with(customScheme: "https")
    },
    build("custom scheme HTTPS", "customScheme", "HTTPS", "must not be http or https") {
      $0.with(customScheme: "HTTPS")
    },
    build("custom scheme without a dot", "customScheme", "customer", "has no dot") {
      $0.with(customScheme: "customer")
    },
    build("custom scheme with an underscore", "customScheme", "com.example_customer", "RFC 3986") {
      $0.with(customScheme: "com.example_customer")
    },
    build("custom scheme starting with a digit", "customScheme", "1com.example", "RFC 3986") {
      $0.with(customScheme: "1com.example")
    },
    build("custom scheme with a colon", "customScheme", "com.example:x", "RFC 3986") {
      $0.with(customScheme: "com.example:x")
    },
    build("custom scheme with a space", "customScheme", "com.example customer", "RFC 3986") {
      $0.with(customScheme: "com.example customer")
    },
    build("uppercase custom scheme", "customScheme", "Com.Example.Customer", "is not lowercase") {
      $0.with(customScheme: "Com.Example.Customer")
    },
    build("empty custom scheme", "customScheme", "", "is empty") { $0.with(customScheme: "") },
    build(
      "lowercase fingerprint", "androidCertificateFingerprints", realFingerprint.lowercased(),
      "is not 32 uppercase hex bytes joined by colons"
    ) { $0.with(fingerprints: [realFingerprint.lowercased()]) },
    build(
      "31-byte fingerprint", "androidCertificateFingerprints", String(realFingerprint.dropLast(3)),
      "is not 32 uppercase hex bytes joined by colons"
    ) { $0.with(fingerprints: [String(realFingerprint.dropLast(3))]) },
    build(
      "33-byte fingerprint", "androidCertificateFingerprints", realFingerprint + ":AA",
      "is not 32 uppercase hex bytes joined by colons"
    ) { $0.with(fingerprints: [realFingerprint + ":AA"]) },
    build(
      "fingerprint without colons", "androidCertificateFingerprints", realFingerprint.replacing(":", with: ""),
      "is not 32 uppercase hex bytes joined by colons"
    ) { $0.with(fingerprints: [realFingerprint.replacing(":", with: "")]) },
    build(
      "fingerprint with a non-hex digit", "androidCertificateFingerprints", "G" + realFingerprint.dropFirst(),
      "is not 32 uppercase hex bytes joined by colons"
    ) { $0.with(fingerprints: ["G" + realFingerprint.dropFirst()]) },
    build(
      "SHA-1 length fingerprint", "androidCertificateFingerprints", fingerprint(Array(realBytes.prefix(20))),
      "is not 32 uppercase hex bytes joined by colons"
    ) { $0.with(fingerprints: [fingerprint(Array(realBytes.prefix(20)))]) },
    build(
      "all-zero fingerprint", "androidCertificateFingerprints", fingerprint(Array(repeating: 0, count: 32)),
      "is all zero"
    ) { $0.with(fingerprints: [fingerprint(Array(repeating: 0, count: 32))]) },
    build(
      "AB:AB:... fingerprint", "androidCertificateFingerprints", fingerprint(Array(repeating: 0xAB, count: 32)),
      "placeholder"
    ) { $0.with(fingerprints: [fingerprint(Array(repeating: 0xAB, count: 32))]) },
    build(
      "00:01:02:... fingerprint", "androidCertificateFingerprints", fingerprint((0..<32).map { UInt8($0) }),
      "placeholder"
    ) { $0.with(fingerprints: [fingerprint((0..<32).map { UInt8($0) })]) },
    build(
      "DE:AD:BE:EF repeated", "androidCertificateFingerprints",
      fingerprint(Array(repeating: [0xDE, 0xAD, 0xBE, 0xEF], count: 8).flatMap { $0 }), "placeholder"
    ) { $0.with(fingerprints: [fingerprint(Array(repeating: [0xDE, 0xAD, 0xBE, 0xEF], count: 8).flatMap { $0 })]) },
    build(
      "a bad fingerprint beside a good one", "androidCertificateFingerprints",
      fingerprint(Array(repeating: 0, count: 32)), "is all zero"
    ) { $0.with(fingerprints: [realFingerprint, fingerprint(Array(repeating: 0, count: 32))]) },
    build("empty fingerprint list", "androidCertificateFingerprints", "", "is empty") { $0.with(fingerprints: []) },
    BadContractCase(
      "two builds sharing a host", variant(builds: [production, staging.with(webHost: production.webHost)]),
      subject: "build web host", value: production.webHost, why: "is used twice"),
    BadContractCase(
      "two builds sharing a custom scheme",
      variant(builds: [production, staging.with(customScheme: production.customScheme)]),
      subject: "build custom scheme", value: production.customScheme, why: "is used twice"),
    BadContractCase(
      "two builds sharing an app id",
      variant(builds: [production, staging.with(bundleID: production.bundleID)]),
      subject: "build app id", value: production.appID, why: "is used twice"),
    BadContractCase(
      "two builds sharing an Android package",
      variant(builds: [production, staging.with(androidPackage: production.androidPackage)]),
      subject: "build Android package", value: production.androidPackage, why: "is used twice"),
    BadContractCase(
      "two builds sharing a name", variant(builds: [production, staging.with(name: "production")]),
      subject: "build name", value: "production", why: "is used twice"),
    BadContractCase(
      "duplicate route class id", variant(routeClasses: base.routeClasses + [base.routeClass(.order)!]),
      subject: "route class id", value: "order", why: "is used twice"),
    BadContractCase(
      "a second route /business/<field>",
      variant(route: .order) { $0.with(httpsPath: [.literal("business"), .field(DesignFields.order)]) },
      subject: "route classes business and order", value: "/business/<business>",
      why: "can match the same https link"),
    BadContractCase(
      "a second route /business/<literal the field admits>",
      variant(route: .checkout) { $0.with(httpsPath: [.literal("business"), .literal("bz_0000Business0001")]) },
      subject: "route classes business and checkout", value: "/business/<business>",
      why: "can match the same https link"),
    BadContractCase(
      "a second route with the same literal path",
      variant(route: .order) { $0.with(httpsPath: [.literal("start")]) },
      subject: "route classes start and order", value: "/start", why: "can match the same https link"),
    BadContractCase(
      "a second route with the same custom-scheme name",
      variant(route: .oauthComplete) { $0.with(customSchemeName: "start") },
      subject: "route classes start and oauth-complete", value: "start",
      why: "can match the same custom-scheme link"),
    BadContractCase(
      "a reference prefix without _",
      variant(route: .business) { route in
        route.with(httpsPath: [
          .literal("business"),
          .field(Field(name: "business", format: .reference(prefix: "bz", bodyLength: 12...32), meaning: "")),
        ])
      },
      subject: "route class business", value: "bz", why: "is not a reference prefix"),
    BadContractCase(
      "a reference prefix that is only _",
      variant(route: .checkout) { route in
        route.with(httpsPath: [
          .literal("checkout"),
          .field(Field(name: "cart", format: .reference(prefix: "_", bodyLength: 12...32), meaning: "")),
        ])
      },
      subject: "route class checkout", value: "_", why: "is not a reference prefix"),
    BadContractCase(
      "a route path starting with a field",
      variant(route: .order) { $0.with(httpsPath: [.field(DesignFields.order)]) },
      subject: "route class order", value: "/<order>", why: "must start with a literal"),
    BadContractCase(
      "an OAuth callback without a custom-scheme name",
      variant(route: .oauthComplete) {
        $0.with(httpsPath: [.literal($0.id.rawValue)], customSchemeName: .some(nil), publication: .published)
      },
      subject: "route class oauth-complete", value: "", why: "declares an OAuth callback but has no custom-scheme name"),
    BadContractCase(
      "an OAuth callback that is not the flow's initiator",
      variant(route: .oauthComplete) { $0.with(authority: Authority(requirement: .anyone, needs: $0.authority.needs)) },
      subject: "route class oauth-complete", value: AccountRequirement.anyone.id,
      why: "completes a flow the app started"),
    BadContractCase(
      "an OAuth completion page that is not an absolute path",
      variant(route: .oauthComplete) { $0.with(oauthCallback: OAuthCallback(completionPage: relativeCompletionPage)) },
      subject: "route class oauth-complete", value: relativeCompletionPage, why: "is not a completion page path"),
    BadContractCase(
      "an OAuth completion page with a query",
      variant(route: .oauthComplete) { $0.with(oauthCallback: OAuthCallback(completionPage: completionPage + "?x=1")) },
      subject: "route class oauth-complete", value: completionPage + "?x=1", why: "is not a completion page path"),
    BadContractCase(
      "a second route class declaring an OAuth callback",
      variant(route: .order) { $0.with(oauthCallback: base.oauthCallbackRoute?.oauthCallback) },
      subject: "route class oauth-complete", value: "", why: "declares a second OAuth callback (the first is order)"),
    snippetWithoutCallback(.identityAllowlist),
    snippetWithoutCallback(.mauiCallbackActivity),
  ]

  /// The design's OAuth completion page, and the same without its leading `/`.
  static var completionPage: String { base.oauthCallbackRoute?.oauthCallback?.completionPage ?? "" }
  static var relativeCompletionPage: String { String(completionPage.dropFirst()) }

  /// The design without its OAuth callback, listing `kind`, a snippet that serves one.
  static func snippetWithoutCallback(_ kind: NativeSnippetKind) -> BadContractCase {
    BadContractCase(
      "the \(kind.rawValue) snippet without an OAuth callback", base.withoutOAuth.replacing(nativeSnippets: [kind]),
      subject: "native snippet", value: kind.rawValue, why: "serves an OAuth callback, and no route class declares one")
  }

  static var realBytes: [UInt8] { Fingerprint.parse(realFingerprint)! }
}

@Suite struct ContractValidation {
  @Test("The Customer App contract has no problems")
  func customerAppIsSound() {
    #expect(Contract.customerApp.problems() == [])
    for build in Contract.customerApp.builds {
      #expect(build.problems() == [], "\(build.name)")
      for value in build.androidCertificateFingerprints {
        #expect(Fingerprint.problem(value) == nil)
      }
    }
  }

  @Test("Every route class, field and build of the Customer App knows the line it is written on")
  func valuesKnowTheirLines() {
    let contract = Contract.customerApp
    let located =
      contract.routeClasses.map(\.source) + contract.builds.map(\.source)
      + contract.routeClasses.flatMap(\.fields).map(\.source)
    for location in located {
      #expect(location.description.hasPrefix("Sources/CustomerApp/"), "\(location)")
      #expect(location.line > 0)
    }
  }

  @Test("A problem with a route class names the file and line of its value, and no empty value")
  func problemsNameTheLine() throws {
    let bad = variant(route: .order) { $0.with(httpsPath: [.field(DesignFields.order)]) }
    let problem = try #require(bad.problems().first { $0.message.hasPrefix("route class order: ") })
    #expect(problem.id == .httpsPathInvalid)
    #expect(problem.severity == .error)
    #expect(problem.description.hasPrefix("Tests/DesignFixture/DesignContract.swift:"), "\(problem)")
    #expect(!problem.description.contains("\"\""), "\(problem)")
    let missing = variant(route: .order) { $0.with(httpsPath: .some(nil)) }
    #expect(
      missing.problems().contains {
        $0.id == .routeCarrierInvalid && $0.message.contains("has neither an https path nor a custom-scheme name")
      })
  }

  @Test(
    "Patterned fingerprints are placeholders",
    arguments: [
      String(String(repeating: "AA:BB:CC:DD:", count: 8).dropLast()),
      String(String(repeating: "12:34:56:78:90:AB:CD:EF:", count: 4).dropLast()),
      "00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF",
    ])
  func patternedFingerprints(_ value: String) {
    #expect(Fingerprint.problem(value) != nil, "\(value)")
  }

  @Test("A variant built from unchanged values has no problems either")
  func unchangedVariantIsSound() {
    #expect(
      variant(builds: base.builds.map { $0.with() }, routeClasses: base.routeClasses.map { $0.with() }).problems() == []
    )
  }

  @Test(arguments: BadContractCase.all)
  func caught(_ item: BadContractCase) {
    let problems = item.contract.problems()
    let match = problems.first { Self.names($0, item.value, item.why) }
    #expect(match != nil, "no problem names \"\(item.value)\" with \"\(item.why)\"; got \(problems)")
    if let match {
      #expect(match.location != nil, "\(match.message) names no line of the values")
      #expect(match.message.hasPrefix(item.subject), "\(match.message)")
      #expect(match.description.contains(item.value.isEmpty ? item.why : "\"\(item.value)\""))
      #expect(!match.description.contains("\"\""), "\(match)")
      #expect(match.description.contains(item.why))
    }
  }

  @Test("A bad build value is caught by the build's own check too", arguments: BadContractCase.all)
  func caughtByBuild(_ item: BadContractCase) {
    guard item.subject.hasPrefix("build production: ") else { return }
    let build = item.contract.build(named: "production")!
    #expect(build.problems().contains { Self.names($0, item.value, item.why) })
    #expect(item.contract.build(named: "staging")!.problems() == [])
  }

  @Test(
    "A rejection rule pointing at a troubleshooting row of another stage than parse is a problem at the rule's line",
    arguments: [Contract.design, Contract.ferry])
  func rejectionRuleAtParse(_ contract: Contract) throws {
    #expect(!contract.problems().contains { $0.id == .rejectionRuleStage })
    let elsewhere = try #require(contract.troubleshooting.first { $0.stage != .parse })
    let rules = contract.rejectionRules.enumerated().map { index, rule in
      index == 0
        ? RejectionRule(reason: rule.reason, when: rule.when, troubleshooting: elsewhere.id) : rule
    }
    let problems = contract.replacing(rejectionRules: rules).problems().filter { $0.id == .rejectionRuleStage }
    #expect(problems.count == 1, "\(problems)")
    #expect(problems.first?.message.contains(elsewhere.id.rawValue) == true)
    #expect(problems.first?.message.contains(elsewhere.stage.rawValue) == true)
    #expect(problems.first?.location?.path.hasSuffix("ContractValidationTests.swift") == true)
  }

  @Test(
    "An OAuth snippet listed by an app that declares no OAuth callback is a problem at the contract's line",
    arguments: NativeSnippetKind.allCases.filter(\.needsOAuthCallback))
  func oauthSnippetNeedsTheCallback(_ kind: NativeSnippetKind) throws {
    let ferry = Contract.ferry
    #expect(ferry.oauthCallbackRoute == nil)
    #expect(!ferry.problems().contains { $0.id == .snippetWithoutCallback })
    let listing = ferry.replacing(nativeSnippets: ferry.nativeSnippets + [kind])
    let problem = try #require(listing.problems().first { $0.id == .snippetWithoutCallback })
    #expect(problem.severity == .error)
    #expect(problem.location == DiagnosticLocation(ferry.source), "\(problem)")
    #expect(problem.message.contains(kind.rawValue))
    #expect(!listing.generatedSnippets.contains(kind))
    // An app that declares one lists them freely.
    #expect(!Contract.customerApp.problems().contains { $0.id == .snippetWithoutCallback })
    #expect(Contract.customerApp.generatedSnippets.contains(kind))
  }

  @Test("A return route of a flow the app started is no OAuth callback unless declared")
  func flowInitiatorIsNotOAuth() {
    let ferry = Contract.ferry
    #expect(
      ferry.routeClasses.contains { $0.authority.requirement.admits == .flowInitiator && $0.customSchemeName != nil })
    #expect(ferry.oauthCallbackRoute == nil)
    #expect(ferry.builds.allSatisfy { ferry.oauthCallback(in: $0) == nil })
    let app = Contract.customerApp
    let declared = app.oauthCallbackRoute
    #expect(declared?.authority.requirement.admits == .flowInitiator)
    for build in app.builds {
      #expect(app.oauthCallback(in: build) == declared?.customSchemeName.map { build.customScheme + "://" + $0 })
    }
  }

  @Test("Routes overlap only when they can match the same path")
  func overlap() {
    let business = base.routeClass(.business)!.httpsPath!
    #expect(Contract.canOverlap(business, [.literal("business"), .field(DesignFields.cart)]))
    #expect(Contract.canOverlap(business, [.literal("business"), .literal("bz_0000Business0001")]))
    #expect(!Contract.canOverlap(business, [.literal("business"), .literal("featured")]))
    #expect(!Contract.canOverlap(business, [.literal("business")]))
    #expect(!Contract.canOverlap(business, [.literal("Business"), .field(DesignFields.business)]))
    #expect(!Contract.canOverlap(business, base.routeClass(.product)!.httpsPath!))
    let featured = variant(route: .order) { $0.with(httpsPath: [.literal("business"), .literal("featured")]) }
    #expect(!featured.problems().contains { $0.message.contains("can match the same") })
  }

  /// Whether a contract problem (`subject: "value" why`) names `value`, or names no value when
  /// it is empty, and says `why`.
  static func names(_ problem: Diagnostic, _ value: String, _ why: String) -> Bool {
    guard let whyStart = problem.message.ranges(of: why).first else { return false }
    let before = problem.message[..<whyStart.lowerBound]
    if value.isEmpty { return !before.contains(": \"") }
    return before.contains(": \"\(value)\" ")
  }
}

@Suite struct OpenIDTests {
  @Test(
    "Layer and troubleshooting ids are the contract's own, and must be kebab-case",
    arguments: ["Not Kebab", "a--b", "-a"])
  func idsMustBeKebabCase(_ id: String) {
    let base = Contract.customerApp
    let line = #line + 1
    let layer = Layer(id: LayerID(id), title: "T", responsibility: "R", doesNotProve: "D")
    let contract = base.replacing(layers: base.layers + [layer])
    let problem = contract.problems().first { $0.id == .idInvalid && $0.message.contains(id) }
    #expect(problem?.location?.line == line, "\(String(describing: problem))")
    #expect(!base.problems().contains { $0.id == .idInvalid })
  }

  @Test("Gate ids are the contract's own, and must be kebab-case", arguments: ["Not Kebab", "a--b", "-a"])
  func gateIDsMustBeKebabCase(_ id: String) throws {
    let base = Contract.customerApp
    let line = #line + 1
    let gate = Gate(id: GateID(id), title: "T", kind: .device)
    let first = try #require(base.routeClasses.first)
    let contract = base.replacing(
      routeClasses: [first.with(gates: first.gates + [gate])] + base.routeClasses.dropFirst())
    let problem = contract.problems().first { $0.id == .idInvalid && $0.message.contains(id) }
    #expect(problem?.location?.line == line, "\(String(describing: problem))")
  }

  @Test("A gate id declared twice with different words or kinds is a problem at the second")
  func gateDeclaredTwice() throws {
    let base = Contract.customerApp
    let gate = try #require(base.gates.first)
    let line = #line + 1
    let other = Gate(id: gate.id, title: gate.title + " again", kind: gate.kind)
    let last = try #require(base.routeClasses.last)
    let contract = base.replacing(routeClasses: base.routeClasses.dropLast() + [last.with(gates: last.gates + [other])])
    let problem = contract.problems().first { $0.id == .duplicateValue && $0.message.contains(gate.id.rawValue) }
    #expect(problem?.location?.line == line, "\(String(describing: problem))")
    #expect(!base.problems().contains { $0.id == .duplicateValue })
  }
}

@Suite("The app's own requirements, scopes, verification and revalidation ids")
struct AppDeclaredIDTests {
  @Test(
    "Verification and revalidation ids are the app's own, and must be kebab-case",
    arguments: ["Not Kebab", "a--b", "-a"])
  func itemIDsMustBeKebabCase(_ id: String) {
    let base = Contract.ferry
    let line = #line + 1
    let item = VerificationItem(id: VerificationID(id), covers: "C.")
    let trigger = RevalidationTrigger(id: RevalidationID(id), when: "W.")
    for (contract, at) in [
      (base.replacing(verification: base.verification + [item]), line),
      (base.replacing(revalidation: base.revalidation + [trigger]), line + 1),
    ] {
      let problem = contract.problems().first { $0.id == .idInvalid && $0.message.contains(id) }
      #expect(problem?.location?.line == at, "\(String(describing: problem))")
    }
    #expect(base.problems() == [])
  }

  @Test("Each adopter's own requirements, scopes and items are sound", arguments: AdopterCase.scoped)
  func ownValuesAreSound(_ adopter: AdopterCase) {
    #expect(adopter.contract.problems() == [])
    let ids = adopter.contract.requirements.map(\.id)
    #expect(Set(ids).count == ids.count)
  }

  @Test("An account requirement id must be kebab-case, and is declared once", arguments: [false, true])
  func requirementIDs(declaredTwice: Bool) throws {
    let base = Contract.ferry
    let route = try #require(base.routeClasses.first { $0.sensitivity != nil })
    let existing = route.authority.requirement
    let title = declaredTwice ? existing.title + " again" : existing.title
    let line = #line + 1
    let requirement = AccountRequirement(
      id: declaredTwice ? existing.id : "Not Kebab", title: title, admits: existing.admits)
    let changed = RouteClass(
      id: "another", title: route.title, httpsPath: [.literal("another")], customSchemeName: nil, query: .none,
      destination: route.destination, authority: Authority(requirement: requirement, needs: route.authority.needs),
      gates: [], boundary: route.boundary, sensitivity: nil, publication: .published)
    let contract = base.replacing(routeClasses: base.routeClasses + [changed])
    let id: DiagnosticID = declaredTwice ? .duplicateValue : .idInvalid
    let problem = contract.problems().first { $0.id == id && $0.message.hasPrefix("account requirement id") }
    #expect(problem?.location?.line == line, "\(String(describing: problem))")
  }

  @Test(
    "A resource scope id is kebab-case, declared once, and none of the lifecycle's own words",
    arguments: ["Not Kebab", "account", "kind", "duplicate"])
  func scopeIDs(_ id: String) throws {
    let base = AdopterCase.ferryWithFleet.contract
    let scope = try #require(base.scopes.first)
    let added = id == "duplicate" ? scope : ResourceScope(id: id, title: scope.title)
    let problems = base.replacing(scopes: base.scopes + [added]).problems()
    #expect(
      problems.contains {
        [.idInvalid, .duplicateValue].contains($0.id) && $0.message.hasPrefix("resource scope id: \"\(added.id)\"")
      }, "\(problems)")
  }

  @Test(
    "What a sensitive link is bound to names the session and each of the app's scopes", arguments: AdopterCase.scoped)
  func generationBinding(_ adopter: AdopterCase) {
    let binding = adopter.contract.generationBinding
    #expect(binding.contains("session"))
    for scope in adopter.contract.scopes { #expect(binding.contains(" \(scope.title) ")) }
    let others = AdopterCase.scoped.flatMap(\.contract.scopes).filter { !adopter.contract.scopes.contains($0) }
    for scope in others { #expect(!binding.contains(scope.title)) }
  }
}
