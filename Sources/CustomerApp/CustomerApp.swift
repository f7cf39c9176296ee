// The Customer App's link contract, as values. This file is the single source of truth: the
// docs' tables, the association files, the native snippets and the conformance table are all
// generated from it. Change a value here, then run `make generate`.

import LinkContract

extension Contract {
  /// The longest link the Customer App reads, in bytes.
  private static let customerAppMaximumLinkBytes = 1024

  /// The Customer App's link contract.
  public static let customerApp = Contract(
    appName: "Customer App",
    builds: [
      Build(
        name: "production",
        webHost: "links.example.com",
        teamID: "A1B2C3D4E5",
        bundleID: "com.example.customer",
        androidPackage: "com.example.customer",
        customScheme: "com.example.customer",
        // Documentation value, not a real certificate: SHA-256 of the text
        // "linkcontract documentation certificate: production play app signing".
        androidCertificateFingerprints: [
          "95:63:7B:95:4E:7E:9A:8E:47:DF:2D:D1:67:A7:09:3A:96:FA:78:18:40:D5:48:5F:46:44:E8:B5:01:34:CB:F7"
        ]),
      Build(
        name: "staging",
        webHost: "links.staging.example.com",
        teamID: "A1B2C3D4E5",
        bundleID: "com.example.customer.staging",
        androidPackage: "com.example.customer.staging",
        customScheme: "com.example.customer.staging",
        // Documentation value, not a real certificate: SHA-256 of the text
        // "linkcontract documentation certificate: staging upload key".
        androidCertificateFingerprints: [
          "CA:48:AD:1D:E8:A6:9A:57:4B:32:C9:6C:E8:50:AD:70:93:D3:15:AF:92:86:63:6B:74:8B:9F:06:C5:44:49:99"
        ]),
    ],
    reservedBodyPrefix: "0000",
    maximumLinkBytes: customerAppMaximumLinkBytes,
    routeClasses: [
      RouteClass(
        id: "start",
        title: "Start",
        httpsPath: [.literal("start")],
        customSchemeName: "start",
        query: .none,
        destination: "The app's main account or start navigation.",
        authority: Authority(
          requirement: .anyone, needs: "The current app, project and startup state."),
        gates: [.signIn, .accountVerification, .profileCompletion, .locationSetup, .tutorial],
        boundary:
          "Startup prerequisites can come first. It is not a guaranteed shortcut to a home screen.",
        sensitivity: nil,
        publication: .published,
        automaticReads: ["start navigation"]),
      RouteClass(
        id: "business",
        title: "Business",
        httpsPath: [.literal("business"), .field(Fields.business)],
        customSchemeName: nil,
        query: .none,
        destination: "A business browsing screen.",
        authority: Authority(
          requirement: .anyone,
          needs:
            "A project-issued business reference, the current location and order context, and the business's availability."
        ),
        gates: [.locationSetup],
        boundary: "Recognizing the link does not prove that the business is available to this customer.",
        sensitivity: nil,
        publication: .published),
      RouteClass(
        id: "product",
        title: "Product within a business",
        httpsPath: [
          .literal("business"), .field(Fields.business), .literal("category"),
          .field(Fields.category), .literal("product"), .field(Fields.product),
        ],
        customSchemeName: nil,
        query: .none,
        destination: "A product handoff through the business journey.",
        authority: Authority(
          requirement: .anyone,
          needs: "Project-issued business, category and product references that belong together."
        ),
        gates: [.locationSetup],
        boundary:
          "Handling is not certified as passive. Product links stay disabled, and unpublished, until the destination effect firewall is accepted.",
        sensitivity: nil,
        publication: .disabled(
          because:
            "the destination contract is not certified passive and complete, and the destination effect firewall is not accepted yet"
        )),
      RouteClass(
        id: "checkout",
        title: "Checkout",
        httpsPath: [.literal("checkout"), .field(Fields.cart)],
        customSchemeName: nil,
        query: .none,
        destination: "Checkout for an accessible cart.",
        authority: Authority(
          requirement: .accountOrAuthorizedGuest,
          needs:
            "The current account or an authorized guest context, the exact project, and a cart the server authorizes."
        ),
        gates: [.signIn, .accountVerification, .profileCompletion],
        boundary:
          "A cart reference is not a capability token. Opening checkout can start provider- and recovery-sensitive reads.",
        sensitivity: Sensitivity(
          boundToAccount: true, boundToSessionGeneration: true, consumedOnce: true, freshnessSeconds: 600),
        publication: .published,
        automaticReads: ["checkout provider session"]),
      RouteClass(
        id: "order",
        title: "Order details",
        httpsPath: [.literal("orders"), .field(Fields.order)],
        customSchemeName: nil,
        query: .none,
        destination: "Details for an authorized order.",
        authority: Authority(
          requirement: .accountOrTemporaryAccess,
          needs: "The current account or an independently approved temporary-access contract."),
        gates: [.signIn, .accountVerification],
        boundary:
          "A route reference is not proof of ownership. The order, its tracking, messages and payment data are each authorized separately.",
        sensitivity: Sensitivity(
          boundToAccount: true, boundToSessionGeneration: true, consumedOnce: true, freshnessSeconds: 600),
        publication: .published),
      RouteClass(
        id: "oauth-complete",
        title: "OAuth completion",
        httpsPath: nil,
        customSchemeName: "oauth-complete",
        query: .exactlyOne([Fields.code, Fields.error]),
        destination:
          "The shared OAuth completion page, which exchanges the single-use code out of band.",
        authority: Authority(
          requirement: .signInInitiator,
          needs: "A sign-in flow that this app started in the system browser."),
        gates: [],
        boundary:
          "Another app can register the same scheme, so the callback carries only a short-lived single-use code; tokens never ride the redirect.",
        sensitivity: nil,
        publication: .notAnAppLink(
          because: "the native OAuth callback on the custom scheme; no association file claims it"),
        oauthCallback: OAuthCallback(completionPage: "/auth/oauth-complete")),
      RouteClass(
        id: "unsupported",
        title: "Unsupported",
        httpsPath: nil,
        customSchemeName: nil,
        query: .none,
        destination: "The app's general link fallback.",
        authority: Authority(requirement: .anyone, needs: "None."),
        gates: [],
        boundary:
          "No reliable customer-visible fallback is established. Do not promise a not-found screen or a particular return destination.",
        sensitivity: nil,
        publication: .neverClaimed),
    ],
    forbiddenKeys: [
      .init(
        id: "credentials", title: "Credentials",
        words: [
          "password", "passwd", "pwd", "passcode", "passphrase", "secret", "token", "session", "sid", "jwt", "otp",
          "totp", "pin", "apikey", "accesskey", "privatekey", "auth", "authorization", "cookie", "bearer",
          "credential", "credentials",
        ]),
      .init(
        id: "payment", title: "Payment",
        words: ["card", "creditcard", "cardnumber", "cc", "ccnum", "cvv", "cvc", "csc", "pan", "iban"]),
      .init(
        id: "private-customer-data", title: "Private customer data",
        words: ["email", "mail", "phone", "mobile", "msisdn", "tel", "ssn", "dob", "birthdate", "birthday", "address"]),
      .init(
        id: "precise-location", title: "Precise location",
        words: [
          "lat", "lng", "lon", "latitude", "longitude", "latlng", "location", "geo", "gps", "coords", "coordinates",
        ]),
    ],
    rejectionRules: [
      RejectionRule(
        reason: .oversized, when: "The link is longer than this app's limit of \(customerAppMaximumLinkBytes) bytes.",
        troubleshooting: .unsupportedOrMalformed),
      RejectionRule(
        reason: .malformedURL,
        when:
          "The link is empty; has whitespace, a control character, a backslash or a non-ASCII byte; has no `scheme://`; or has an empty query, an empty key or `&&`.",
        troubleshooting: .unsupportedOrMalformed),
      RejectionRule(
        reason: .malformedEncoding,
        when: "The link has a `%` anywhere: the contract admits no percent-escapes.",
        troubleshooting: .unsupportedOrMalformed),
      RejectionRule(
        reason: .schemeNotAllowed,
        when: "The scheme is neither `https` nor this build's custom scheme (`http` included).",
        troubleshooting: .foreignHostOrScheme),
      RejectionRule(
        reason: .userinfoPresent, when: "The authority has an `@`.",
        troubleshooting: .unsupportedOrMalformed, isSecurityEvent: true),
      RejectionRule(
        reason: .portPresent, when: "The authority has a port, `:443` included.",
        troubleshooting: .unsupportedOrMalformed),
      RejectionRule(
        reason: .hostNotConfigured,
        when:
          "The https host is not this build's: another build's host, a trailing dot or an IP literal.",
        troubleshooting: .foreignHostOrScheme),
      RejectionRule(
        reason: .fragmentPresent, when: "The link has a `#`.",
        troubleshooting: .unsupportedOrMalformed),
      RejectionRule(
        reason: .forbiddenField,
        when:
          "A query key names a secret or private datum (credentials, payment, private customer data, precise location), in any case.",
        troubleshooting: .unsupportedOrMalformed, isSecurityEvent: true),
      RejectionRule(
        reason: .duplicateField, when: "A query key is given twice.",
        troubleshooting: .unsupportedOrMalformed),
      RejectionRule(
        reason: .unknownRoute,
        when: "The path, or the custom-scheme name, matches no route and is no prefix of one.",
        troubleshooting: .unsupportedOrMalformed),
      RejectionRule(
        reason: .missingField,
        when:
          "The path stops short of a route, or a required query field is absent. Names the first missing field.",
        troubleshooting: .unsupportedOrMalformed),
      RejectionRule(
        reason: .extraField,
        when: "A query key the route does not declare. Names it.",
        troubleshooting: .unsupportedOrMalformed),
      RejectionRule(
        reason: .invalidValue,
        when:
          "A value is outside its format: wrong prefix, length, characters or enumeration, or empty. Names the first such field, path before query.",
        troubleshooting: .unsupportedOrMalformed),
    ],
    layers: [
      Layer(
        id: .operatingSystem, title: "Operating system",
        responsibility:
          "Hands a configured link to the installed app when the platform registration matches.",
        doesNotProve: "That the app recognizes the route or can open its target."),
      Layer(
        id: .parser, title: "Link parser",
        responsibility:
          "Classifies the received link and extracts the typed input its route class needs.",
        doesNotProve: "That the target exists, is owned by the caller, is fresh or is eligible."),
      Layer(
        id: .navigation, title: "App navigation",
        responsibility:
          "Applies startup, account, verification, profile, project and connectivity gates before any screen.",
        doesNotProve: "That the screen's read or action succeeded."),
      Layer(
        id: .orderingServices, title: "Ordering services",
        responsibility:
          "Authorize the current customer and return the business, cart or order state they may see.",
        doesNotProve: "That the operating system delivered the link, or that a provider completed."),
      Layer(
        id: .destinationOwner, title: "Destination owner",
        responsibility:
          "Defines the visible result, the failure states, the safe way back and any product or provider effect.",
        doesNotProve: "That any other route behaves the same way."),
    ],
    stages: [
      HandlingStage(
        id: .delivery, title: "Platform delivery",
        expectedResult: "The configured build receives the link.",
        failureOwner: "Mobile build and operating-system registration",
        layer: .operatingSystem),
      HandlingStage(
        id: .parse, title: "Parse",
        expectedResult: "Exactly one known route class, with complete typed input.",
        failureOwner: "App-link parser owner", layer: .parser),
      HandlingStage(
        id: .readiness, title: "Readiness",
        expectedResult:
          "Navigation is ready, and the intended project and account generation is current.",
        failureOwner: "Startup, routing and session owners", layer: .navigation),
      HandlingStage(
        id: .authorization, title: "Authorization",
        expectedResult: "Ordering confirms that the caller may access the target.",
        failureOwner: "Destination API and security owner", layer: .orderingServices),
      HandlingStage(
        id: .presentation, title: "Presentation",
        expectedResult:
          "The destination shows its own loading, available, unavailable or error state.",
        failureOwner: "Destination product owner", layer: .destinationOwner),
      HandlingStage(
        id: .completion, title: "Completion",
        expectedResult:
          "Any requested action or provider result is reconciled with the authoritative Ordering state.",
        failureOwner: "Destination mutation and provider owner", layer: .destinationOwner),
    ],
    troubleshooting: [
      TroubleshootingRow(
        id: .appDoesNotOpen, observation: "The app does not open.",
        interpretation:
          "The platform registration, the installed build or the scheme ownership is unverified.",
        nextAction: "Confirm the intended build and project, without publishing the link's value.",
        stage: .delivery),
      TroubleshootingRow(
        id: .worksOnOneBuildOnly, observation: "A link works on one build but not another.",
        interpretation:
          "Each build registers and serves its own host, scheme and app ids: the link was issued for the other build, or this build's registration, served association files or signing certificate do not match its values.",
        nextAction:
          "Confirm which build the link was issued for, then check that build's served files (`verify-host`) and its checkout (`audit`); do not copy the link's values into logs or tickets.",
        stage: .delivery),
      TroubleshootingRow(
        id: .foreignHostOrScheme,
        observation: "A link reaches the app with a host or scheme that is not this build's.",
        interpretation:
          "The link was issued for another build, or altered (`http`, a trailing dot, an IP address). The parser stops it at Parse like any unsupported link and never reads it with this build's values.",
        nextAction:
          "Stop processing the link. Open only a link issued for this build; do not rewrite a link's host or scheme.",
        stage: .parse),
      TroubleshootingRow(
        id: .unsupportedOrMalformed,
        observation: "A link is unsupported or malformed, with no visible error.",
        interpretation:
          "No reliable fallback is established yet; this is within the current boundary.",
        nextAction: "Stop processing the link and return through trusted in-app navigation.",
        stage: .parse),
      TroubleshootingRow(
        id: .opensSomewhereUnexpected, observation: "The app opens somewhere unexpected.",
        interpretation: "Parsing, startup priority or stale navigation state is unverified.",
        nextAction:
          "Record the route class and the app state with identifiers removed; do not reopen the link again and again.",
        stage: .readiness),
      TroubleshootingRow(
        id: .prerequisiteAppears, observation: "A prerequisite screen appears first.",
        interpretation: "The destination is still gated.",
        nextAction:
          "Complete only the visible, supported prerequisite; the target is then authorized again.",
        stage: .readiness),
      TroubleshootingRow(
        id: .destinationUnavailable, observation: "The destination reports it is unavailable.",
        interpretation:
          "The route was recognized, but its resource or the current context is unavailable, or the caller is not authorized: the two look the same.",
        nextAction:
          "Follow the destination's own recovery; do not edit, guess or substitute the reference.",
        stage: .authorization),
      TroubleshootingRow(
        id: .checkoutOrOrderUnavailable, observation: "Checkout or order details are unavailable.",
        interpretation:
          "Recognition does not authorize the cart or the order: the current account, guest context or project may not reach it.",
        nextAction:
          "Verify the current account, the project and the resource through trusted in-app navigation; do not substitute another reference or retry a consequential action.",
        stage: .authorization),
      TroubleshootingRow(
        id: .productOpensBusiness,
        observation: "A product link opens a business but not the product.",
        interpretation:
          "The parser refuses an incomplete product link, so the app read either a business link (the product part never arrived) or a product link whose destination took another branch: product details are not the only valid one.",
        nextAction:
          "Do not assume the product input was complete. Keep product links disabled until the destination contract is certified passive and complete.",
        stage: .presentation),
      TroubleshootingRow(
        id: .errorAfterHandoff,
        observation: "An error follows a cart, checkout or order handoff.",
        interpretation: "The outcome of the operation can be ambiguous.",
        nextAction: "Reconcile the authoritative cart or order state before any retry.",
        stage: .completion),
    ],
    verification: [
      VerificationItem(id: .routeClasses, covers: "Accepted and rejected route classes."),
      VerificationItem(
        id: .inputShapes, covers: "Complete, missing, extra, malformed and oversized input."),
      VerificationItem(
        id: .gates,
        covers: "Signed-out, signed-in, guest, verification and profile-completion gates."),
      VerificationItem(id: .generations, covers: "Current and stale account or project generations."),
      VerificationItem(
        id: .deliveryTiming, covers: "Cold, warm, background, duplicate and replayed delivery."),
      VerificationItem(
        id: .noExistenceLeak,
        covers: "Unavailable and unauthorized resources, without revealing which is which."),
      VerificationItem(
        id: .safeReturn, covers: "A safe return and accessible focus on iOS and Android."),
      VerificationItem(
        id: .noMutationBeforeAuthorization,
        covers:
          "No cart, checkout, order, payment, notification, provider or storage mutation before the destination is explicitly authorized."
      ),
    ],
    revalidation: [
      RevalidationTrigger(id: .routesOrInputs, when: "A route class or its input changes."),
      RevalidationTrigger(
        id: .nativeSchemeRegistration, when: "The native scheme registration changes."),
      RevalidationTrigger(
        id: .associationClaims,
        when: "The association files claim a different set of links or apps."),
      RevalidationTrigger(
        id: .signingCertificate, when: "An Android signing certificate is added, removed or rotated."
      ),
      RevalidationTrigger(
        id: .destinationEffects, when: "A destination gains a new automatic read or mutation."),
      RevalidationTrigger(id: .accountOrProjectGates, when: "Account or project gates change."),
      RevalidationTrigger(id: .notificationRouting, when: "Notification routing changes."),
      RevalidationTrigger(id: .unsupportedFallback, when: "The unsupported-link fallback is repaired."),
    ],
    // The snippets of its MAUI, ASP.NET and Identity service checkout. Its custom-scheme links are
    // registered by the MAUI [IntentFilter], so not by the manifest's scheme filter as well.
    nativeSnippets: [
      .iosAssociatedDomains, .iosURLTypes, .androidIntentFilter, .mauiIntentFilter, .mauiCallbackActivity,
      .publicSiteSettings, .webHostSettings, .nginx, .identityAllowlist, .runbook,
    ],
    checkout: .customerApp,
    user: "the customer",
    // The customer works within one project at a time; switching it clears pending links.
    scopes: [ResourceScope(id: "project", title: "project")]
  )
}

/// The fields the route classes share.
public enum Fields {
  public static let business = Field(
    name: "business", format: .reference(prefix: "bz_", bodyLength: 12...32),
    meaning: "A server-issued business reference.")
  public static let category = Field(
    name: "category", format: .reference(prefix: "ct_", bodyLength: 12...32),
    meaning: "A server-issued category reference within the business.")
  public static let product = Field(
    name: "product", format: .reference(prefix: "pr_", bodyLength: 12...32),
    meaning: "A server-issued product reference within the category.")
  public static let cart = Field(
    name: "cart", format: .reference(prefix: "ca_", bodyLength: 12...32),
    meaning: "A server-issued cart reference. Not a capability token.")
  public static let order = Field(
    name: "order", format: .reference(prefix: "or_", bodyLength: 12...32),
    meaning: "A server-issued order reference. Not proof of ownership.")
  public static let code = Field(
    name: "code", format: .base64url(length: 32...128),
    meaning: "The single-use code the Identity service issued for this sign-in.")
  public static let error = Field(
    name: "error",
    format: .enumeration([
      "access_denied", "invalid_request", "server_error", "temporarily_unavailable",
    ]),
    meaning: "Why the provider sign-in did not complete.")
}

// The revalidation triggers of its own; the release checks' three have fixed ids.
extension RevalidationID {
  fileprivate static let routesOrInputs: RevalidationID = "routes-or-inputs"
  fileprivate static let destinationEffects: RevalidationID = "destination-effects"
  fileprivate static let accountOrProjectGates: RevalidationID = "account-or-project-gates"
  fileprivate static let notificationRouting: RevalidationID = "notification-routing"
  fileprivate static let unsupportedFallback: RevalidationID = "unsupported-fallback"
}

// The Customer App's troubleshooting rows and responsibility layers, each id written once: the
// rows and layers above are declared with them, and the rules and stages point at them.
extension SymptomID {
  fileprivate static let appDoesNotOpen: SymptomID = "app-does-not-open"
  fileprivate static let opensSomewhereUnexpected: SymptomID = "opens-somewhere-unexpected"
  fileprivate static let prerequisiteAppears: SymptomID = "prerequisite-appears"
  fileprivate static let destinationUnavailable: SymptomID = "destination-unavailable"
  fileprivate static let unsupportedOrMalformed: SymptomID = "unsupported-or-malformed"
  fileprivate static let errorAfterHandoff: SymptomID = "error-after-handoff"
  fileprivate static let productOpensBusiness: SymptomID = "product-opens-business"
  fileprivate static let worksOnOneBuildOnly: SymptomID = "works-on-one-build-only"
  fileprivate static let foreignHostOrScheme: SymptomID = "foreign-host-or-scheme"
  fileprivate static let checkoutOrOrderUnavailable: SymptomID = "checkout-or-order-unavailable"
}

extension LayerID {
  fileprivate static let operatingSystem: LayerID = "operating-system"
  fileprivate static let parser: LayerID = "parser"
  fileprivate static let navigation: LayerID = "navigation"
  fileprivate static let orderingServices: LayerID = "ordering-services"
  fileprivate static let destinationOwner: LayerID = "destination-owner"
}

extension CheckoutLayout {
  /// The Customer App's checkout: a .NET MAUI head, an ASP.NET web host and Identity service,
  /// and the mobile release runbook.
  public static let customerApp = CheckoutLayout(
    app: "MAUI head", appSettings: "appsettings.json", iosEntitlements: "Platforms/iOS/Entitlements.plist",
    iosInfoPlist: "Platforms/iOS/Info.plist", androidManifest: "Platforms/Android/AndroidManifest.xml",
    androidMainActivity: "Platforms/Android/MainActivity.cs",
    androidCallbackActivity: "Platforms/Android/WebAuthenticatorCallbackActivity.cs", webHost: "web host",
    webHostSettings: "appsettings.json", identityService: "Identity service", identitySettings: "appsettings.json",
    runbook: "release runbook", runbookFile: "Docs/MobileReleaseRunbook.md")
}

extension Gate {
  fileprivate static let signIn = Gate(id: "sign-in", title: "Sign-in", kind: .signIn)
  fileprivate static let accountVerification = Gate(
    id: "account-verification", title: "Account verification", kind: .account)
  fileprivate static let profileCompletion = Gate(id: "profile-completion", title: "Profile completion", kind: .account)
  fileprivate static let locationSetup = Gate(id: "location-setup", title: "Location setup", kind: .device)
  fileprivate static let tutorial = Gate(id: "tutorial", title: "Tutorial", kind: .device)
}

extension AccountRequirement {
  /// The OAuth callback's requirement: the sign-in the app itself started.
  fileprivate static let signInInitiator = AccountRequirement(
    id: "flow-initiator", title: "The app that started the sign-in", admits: .flowInitiator)
}
