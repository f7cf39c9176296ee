// The Store app's link contract, as values: the single source of truth of this package's docs,
// association files, native snippets and conformance table. Change a value here, then run
// `make site`.

import LinkContract

extension Contract {
  /// The Store app's link contract.
  public static let storeApp = Contract(
    appName: "Store app",
    builds: [
      Build(
        name: "production", webHost: "links.shop.example", teamID: "Z9Y8X7W6V5", bundleID: "net.example.store",
        androidPackage: "net.example.store", customScheme: "net.example.store",
        // Documentation value: SHA-256 of "store documentation certificate: production".
        androidCertificateFingerprints: [
          "59:62:E6:62:C6:28:17:AB:DB:43:85:C2:98:9A:A9:FD:2A:BF:5E:1F:E9:4E:99:33:85:22:A7:0E:70:01:B7:B0"
        ]),
      Build(
        name: "staging", webHost: "links.staging.shop.example", teamID: "Z9Y8X7W6V5",
        bundleID: "net.example.store.staging", androidPackage: "net.example.store.staging",
        customScheme: "net.example.store.staging",
        // Documentation value: SHA-256 of "store documentation certificate: staging".
        androidCertificateFingerprints: [
          "93:81:42:DC:55:44:42:8F:2A:47:50:8F:94:BD:57:54:B6:16:58:D7:7C:C9:C0:B4:A0:AB:A9:8E:C8:C7:32:DD"
        ]),
      Build(
        name: "qa", webHost: "links.qa.shop.example", teamID: "Z9Y8X7W6V5", bundleID: "net.example.store.qa",
        androidPackage: "net.example.store.qa", customScheme: "net.example.store.qa",
        // Documentation value: SHA-256 of "store documentation certificate: qa".
        androidCertificateFingerprints: [
          "30:EB:00:E8:88:73:77:85:18:7F:B9:55:07:6A:82:8F:11:05:F0:6B:A1:E2:0D:36:D5:7A:D8:E7:34:2E:E5:60"
        ]),
    ],
    reservedBodyPrefix: "0000",
    maximumLinkBytes: 2048,
    routeClasses: [
      RouteClass(
        id: "home", title: "Home", httpsPath: [.literal("home")], customSchemeName: "home", query: .none,
        destination: "The store's front page.", authority: Authority(requirement: .anyone, needs: "Nothing."),
        gates: [.storeTour], boundary: "Opening the front page proves nothing about any offer or basket.",
        sensitivity: nil, publication: .published),
      RouteClass(
        id: "invite", title: "Invitation", httpsPath: [.literal("invite"), .field(StoreFields.code)],
        customSchemeName: nil, query: .none, destination: "An invitation to join a shared list.",
        authority: Authority(requirement: .anyone, needs: "An invitation code the store issued."),
        gates: [.signIn], boundary: "A code that reads well is not yet an accepted invitation: the store decides.",
        sensitivity: nil, publication: .published),
      RouteClass(
        id: "receipt", title: "Receipt",
        httpsPath: [.literal("orders"), .field(StoreFields.orderID), .literal("receipt")], customSchemeName: nil,
        query: .none, destination: "The receipt of one order.",
        authority: Authority(
          requirement: .accountOrReceiptGrant, needs: "The account that placed the order, or a shared receipt grant."),
        gates: [.signIn, .emailConfirmation, .storeTour],
        boundary: "An order reference is not proof of ownership; the receipt is authorized on its own.",
        sensitivity: Sensitivity(
          boundToAccount: true, boundToSessionGeneration: true, consumedOnce: false, freshnessSeconds: 3600),
        publication: .published),
      RouteClass(
        id: "search", title: "Search by department", httpsPath: [.literal("search")], customSchemeName: nil,
        query: .exactlyOne([StoreFields.department]), destination: "Search results within one department.",
        authority: Authority(requirement: .anyone, needs: "Nothing."), gates: [],
        boundary: "A department in the link is a filter, not a promise that anything is in stock.",
        sensitivity: nil, publication: .published),
      RouteClass(
        id: "unsupported", title: "Unsupported", httpsPath: nil, customSchemeName: nil, query: .none,
        destination: "The store's general link fallback.", authority: Authority(requirement: .anyone, needs: "None."),
        gates: [], boundary: "The store shows its front page; nothing else is promised.", sensitivity: nil,
        publication: .neverClaimed),
    ],
    forbiddenKeys: [
      .init(
        id: "credentials", title: "Credentials",
        words: ["password", "secret", "token", "session", "otp", "pin", "apikey", "auth", "cookie"]),
      .init(id: "payment", title: "Payment", words: ["card", "cardnumber", "cvv", "cvc", "iban", "pan"]),
      .init(id: "private-customer-data", title: "Private customer data", words: ["email", "phone", "address", "dob"]),
      .init(
        id: "precise-location", title: "Precise location",
        words: ["lat", "lng", "latitude", "longitude", "location", "gps"]),
    ],
    rejectionRules: RejectionReason.allCases.map { reason in
      RejectionRule(
        reason: reason, when: StoreWords.when(reason),
        troubleshooting: .linkRefused,
        isSecurityEvent: reason == .forbiddenField || reason == .userinfoPresent)
    },
    layers: [
      Layer(
        id: .system, title: "Phone system", responsibility: "Hands a verified link to the installed Store app.",
        doesNotProve: "That the Store app knows the link."),
      Layer(
        id: .app, title: "Store app", responsibility: "Reads the link and opens the screen it names.",
        doesNotProve: "That the order, invitation or department exists for this customer."),
      Layer(
        id: .storeServices, title: "Store services",
        responsibility: "Decide what the customer may see and do with what the link names.",
        doesNotProve: "That the phone delivered the link."),
    ],
    stages: [
      HandlingStage(
        id: .delivery, title: "Delivery", expectedResult: "The phone opens the Store app.",
        failureOwner: "Mobile release", layer: .system),
      HandlingStage(
        id: .parse, title: "Reading", expectedResult: "One route class with complete input.",
        failureOwner: "Store app links", layer: .app),
      HandlingStage(
        id: .readiness, title: "Ready", expectedResult: "Sign-in and first-run screens are done.",
        failureOwner: "Store app", layer: .app),
      HandlingStage(
        id: .authorization, title: "Permission", expectedResult: "Store services allow the target.",
        failureOwner: "Store services", layer: .storeServices),
      HandlingStage(
        id: .presentation, title: "Showing", expectedResult: "The screen shows the target.",
        failureOwner: "Store app", layer: .app),
      HandlingStage(
        id: .completion, title: "Done", expectedResult: "Nothing more happens without the customer.",
        failureOwner: "Store services", layer: .storeServices),
    ],
    troubleshooting: [
      TroubleshootingRow(
        id: .wrongBuild, observation: "A link opens the browser instead of the app.",
        interpretation: "The link may belong to another build of the Store app.",
        nextAction: "Check which build is installed and which host the link names.", stage: .delivery),
      TroubleshootingRow(
        id: .linkRefused, observation: "The app opens its front page instead of the link's screen.",
        interpretation: "The app refused the link; the reason says why.",
        nextAction: "Read the link with the docs' link checker and fix what it names.", stage: .parse),
    ],
    verification: [
      VerificationItem(id: .routeClasses, covers: "Every route class, accepted and refused."),
      VerificationItem(id: .inputShapes, covers: "Complete, missing, extra and malformed input."),
      VerificationItem(id: .gates, covers: "Signed-out and first-run states."),
      VerificationItem(id: .generations, covers: "A sign-out between the link and its screen."),
      VerificationItem(id: .deliveryTiming, covers: "Cold and warm starts."),
      VerificationItem(id: .noExistenceLeak, covers: "Unknown and forbidden orders look the same."),
      VerificationItem(id: .safeReturn, covers: "Back leads somewhere sensible."),
      VerificationItem(id: .noMutationBeforeAuthorization, covers: "Nothing changes before permission."),
    ],
    revalidation: [
      RevalidationTrigger(id: .routesOrInputs, when: "A route class or its input changes."),
      RevalidationTrigger(id: .nativeSchemeRegistration, when: "The custom scheme changes."),
      RevalidationTrigger(id: .associationClaims, when: "The association files claim other links."),
      RevalidationTrigger(id: .signingCertificate, when: "A signing certificate changes."),
      RevalidationTrigger(id: .destinationEffects, when: "A screen starts to change something on opening."),
      RevalidationTrigger(id: .signInOrFirstRunScreens, when: "Sign-in or first-run screens change."),
      RevalidationTrigger(id: .notificationRouting, when: "Notifications start to carry links."),
      RevalidationTrigger(id: .unsupportedFallback, when: "The fallback changes."),
    ],
    // The Store app is native Swift and Kotlin, served from a static host: no MAUI, no
    // Identity service, no web-host settings. Its manifest registers the custom scheme's links.
    nativeSnippets: [.iosAssociatedDomains, .androidIntentFilter, .androidSchemeFilter, .runbook],
    // What the Store's docs call the person using it (the lifecycle's narration says it).
    user: "the customer"
  )
}

/// The Store's fields.
public enum StoreFields {
  public static let code = Field(
    name: "code", format: .base64url(length: 8...16), meaning: "An invitation code; it has no prefix.")
  public static let orderID = Field(
    name: "orderId", format: .reference(prefix: "ord_", bodyLength: 10...24), meaning: "A store order reference.")
  public static let department = Field(
    name: "department", format: .enumeration(["shoes", "bags", "sale"]), meaning: "One of the store's departments.")
}

// The Store's layers and troubleshooting rows, each id written once.
extension LayerID {
  fileprivate static let system: LayerID = "system"
  fileprivate static let app: LayerID = "app"
  fileprivate static let storeServices: LayerID = "store-services"
}

// Who may open a receipt, in the Store's words.
extension AccountRequirement {
  fileprivate static let accountOrReceiptGrant = AccountRequirement(
    id: "account-or-receipt-grant", title: "The account that placed the order, or a shared receipt grant",
    admits: .accountOrGrant("a shared receipt grant"))
}

// The Store's own revalidation triggers; the release checks' three have fixed ids.
extension RevalidationID {
  fileprivate static let routesOrInputs: RevalidationID = "routes-or-inputs"
  fileprivate static let destinationEffects: RevalidationID = "destination-effects"
  fileprivate static let signInOrFirstRunScreens: RevalidationID = "sign-in-or-first-run-screens"
  fileprivate static let notificationRouting: RevalidationID = "notification-routing"
  fileprivate static let unsupportedFallback: RevalidationID = "unsupported-fallback"
}

extension SymptomID {
  fileprivate static let wrongBuild: SymptomID = "wrong-build"
  fileprivate static let linkRefused: SymptomID = "link-refused"
}

/// The Store's words for when each reason applies.
enum StoreWords {
  static func when(_ reason: RejectionReason) -> String {
    switch reason {
    case .oversized: "The link is longer than the store reads."
    case .malformedURL: "The link is not a well-formed link (spaces, control characters, no `scheme://`)."
    case .malformedEncoding: "The link holds a `%`."
    case .schemeNotAllowed: "The scheme is neither https nor this build's."
    case .userinfoPresent: "The link carries a user name."
    case .portPresent: "The link names a port."
    case .hostNotConfigured: "The host is not this build's."
    case .fragmentPresent: "The link has a `#`."
    case .forbiddenField: "A query key names a secret or private datum."
    case .duplicateField: "A query key is given twice."
    case .unknownRoute: "The path matches no route class."
    case .missingField: "A field the route class needs is absent."
    case .extraField: "A query key the route class does not take."
    case .invalidValue: "A field's value is outside its format."
    }
  }
}

extension Gate {
  fileprivate static let signIn = Gate(id: "sign-in", title: "Sign-in", kind: .signIn)
  fileprivate static let emailConfirmation = Gate(id: "email-confirmation", title: "Email confirmation", kind: .account)
  fileprivate static let storeTour = Gate(id: "store-tour", title: "Store tour", kind: .device)
}
