// A third adopter, invented for the tests: a ferry operator's native iOS and Android app with
// three builds, no sign-in callback of any kind (no OAuth), no .NET, no web-host settings, no
// resource scopes (no projects), account requirements of its own, an https route with a query
// field, an https page that is not an app link, and a custom-scheme return route of its own. Nothing here comes from another app: the tests that build its whole
// output look there for any word of another app or of a platform it did not choose.

import LinkContract

extension Contract {
  /// The ferry app's contract.
  public static let ferry = Contract(
    appName: "Harbour Ferries",
    builds: [
      Build(
        name: "live", webHost: "go.ferries.test", teamID: "F3RRY00001", bundleID: "test.ferries.app",
        androidPackage: "test.ferries.app", customScheme: "test.ferries.app",
        // SHA-256 of "ferry fixture certificate: live".
        androidCertificateFingerprints: [
          "4D:1F:0A:5B:2C:66:9E:13:77:D0:81:3A:B4:C5:09:E2:6F:10:42:8D:3E:B7:95:21:AC:6D:F0:58:3B:92:1E:07"
        ]),
      Build(
        name: "beta", webHost: "go.beta.ferries.test", teamID: "F3RRY00001", bundleID: "test.ferries.app.beta",
        androidPackage: "test.ferries.app.beta", customScheme: "test.ferries.app.beta",
        // SHA-256 of "ferry fixture certificate: beta".
        androidCertificateFingerprints: [
          "B2:70:1C:9D:44:E5:08:6A:3F:D1:27:90:5E:BB:C3:16:0A:7F:62:D8:19:4C:A5:E0:33:8B:F6:2D:71:C4:9A:05"
        ]),
      Build(
        name: "dev", webHost: "go.dev.ferries.test", teamID: "F3RRY00001", bundleID: "test.ferries.app.dev",
        androidPackage: "test.ferries.app.dev", customScheme: "test.ferries.app.dev",
        // SHA-256 of "ferry fixture certificate: dev".
        androidCertificateFingerprints: [
          "0E:93:5A:C7:21:B8:4F:6D:12:E0:99:3B:A6:58:D4:07:CB:2F:81:60:E5:1A:9C:73:B0:46:2D:F8:15:6E:A3:C9"
        ]),
    ],
    reservedBodyPrefix: "9999",
    maximumLinkBytes: 1536,
    routeClasses: [
      RouteClass(
        id: "voyage", title: "Voyage", httpsPath: [.literal("voyages"), .field(FerryFields.voyage)],
        customSchemeName: nil, query: .none, destination: "One booked crossing, with its boarding pass.",
        authority: Authority(requirement: .bookingPassenger, needs: "The passenger who booked it."),
        gates: [.ferrySignIn],
        boundary: "A voyage reference is not a ticket; the booking is authorized on its own.",
        sensitivity: Sensitivity(
          boundToAccount: true, boundToSessionGeneration: true, consumedOnce: false, freshnessSeconds: 900),
        publication: .published),
      RouteClass(
        id: "departures", title: "Departures", httpsPath: [.literal("departures")], customSchemeName: "departures",
        query: .exactlyOne([FerryFields.port]), destination: "Today's departures from one port.",
        authority: Authority(requirement: .anyone, needs: "Nothing."), gates: [.harbourGuide],
        boundary: "A port in the link is a filter; it says nothing about seats.", sensitivity: nil,
        publication: .published),
      RouteClass(
        id: "fares", title: "Fares", httpsPath: [.literal("fares")], customSchemeName: nil, query: .none,
        destination: "The fares page on the web.", authority: Authority(requirement: .anyone, needs: "Nothing."),
        gates: [], boundary: "The fares page is a web page; the app never opens it.", sensitivity: nil,
        publication: .notAnAppLink(because: "a page of the website, which the browser shows")),
      RouteClass(
        id: "wallet-return", title: "Wallet return", httpsPath: nil, customSchemeName: "wallet-return",
        query: .exactlyOne([FerryFields.outcome]), destination: "Back to the booking after the wallet app.",
        authority: Authority(requirement: .walletFlow, needs: "The booking that opened the wallet app."),
        gates: [], boundary: "A wallet outcome in a link is not a payment; the booking service confirms it.",
        sensitivity: nil, publication: .notAnAppLink(because: "the wallet app's way back, on the custom scheme only")),
      RouteClass(
        id: "elsewhere", title: "Anything else", httpsPath: nil, customSchemeName: nil, query: .none,
        destination: "The timetable screen.", authority: Authority(requirement: .anyone, needs: "Nothing."),
        gates: [], boundary: "The timetable is shown; nothing else is promised.", sensitivity: nil,
        publication: .neverClaimed),
    ],
    forbiddenKeys: [
      .init(id: "credentials", title: "Credentials", words: ["passcode", "secret", "token", "pin"]),
      .init(id: "payment", title: "Payment", words: ["card", "iban"]),
      .init(id: "passenger-data", title: "Passenger data", words: ["passport", "email", "phone"]),
      .init(id: "whereabouts", title: "Whereabouts", words: ["lat", "lng", "gps"]),
    ],
    rejectionRules: RejectionReason.allCases.map { reason in
      RejectionRule(
        reason: reason, when: "The link breaks the ferry app's rule for `\(reason.rawValue)`.",
        troubleshooting: .refused,
        isSecurityEvent: reason == .forbiddenField)
    },
    layers: [
      Layer(
        id: "phone", title: "Phone", responsibility: "Hands a verified link to the ferry app.",
        doesNotProve: "That the app knows the link."),
      Layer(
        id: "ferry-app", title: "Ferry app", responsibility: "Reads the link and opens its screen.",
        doesNotProve: "That the voyage is the passenger's."),
      Layer(
        id: "booking-service", title: "Booking service", responsibility: "Decides what a passenger may see.",
        doesNotProve: "That the phone delivered the link."),
    ],
    stages: [
      HandlingStage(
        id: .delivery, title: "Arrival", expectedResult: "The phone opens the ferry app.", failureOwner: "Mobile team",
        layer: "phone"),
      HandlingStage(
        id: .parse, title: "Reading", expectedResult: "One route class.", failureOwner: "Mobile team",
        layer: "ferry-app"),
      HandlingStage(
        id: .readiness, title: "Ready", expectedResult: "Sign-in and the harbour guide are done.",
        failureOwner: "Mobile team", layer: "ferry-app"),
      HandlingStage(
        id: .authorization, title: "Allowed", expectedResult: "The booking service allows it.",
        failureOwner: "Booking team", layer: "booking-service"),
      HandlingStage(
        id: .presentation, title: "Shown", expectedResult: "The screen shows it.", failureOwner: "Mobile team",
        layer: "ferry-app"),
      HandlingStage(
        id: .completion, title: "Settled", expectedResult: "Nothing more happens unasked.",
        failureOwner: "Booking team", layer: "booking-service"),
    ],
    troubleshooting: [
      TroubleshootingRow(
        id: .otherBuild, observation: "The link opens the browser.", interpretation: "It names another build's host.",
        nextAction: "Compare the host with the installed build's.", stage: .delivery),
      TroubleshootingRow(
        id: .refused, observation: "The timetable opens instead.", interpretation: "The app refused the link.",
        nextAction: "Read the link with the checker.", stage: .parse),
    ],
    verification: VerificationID.lifecycleModel.map {
      VerificationItem(id: $0, covers: "The ferry app's \($0.rawValue).")
    }
      + [VerificationItem(id: "boarding-pass-offline", covers: "A boarding pass opens with no connection.")],
    revalidation: RevalidationID.releaseChecks.map {
      RevalidationTrigger(id: $0, when: "The ferry app's \($0.rawValue).")
    }
      + [RevalidationTrigger(id: "timetable-screen", when: "The timetable screen changes.")],
    nativeSnippets: [.iosAssociatedDomains, .iosURLTypes, .androidIntentFilter, .androidSchemeFilter],
    user: "the passenger"
  )
}

/// The ferry app's fields.
public enum FerryFields {
  public static let voyage = Field(
    name: "voyage", format: .reference(prefix: "vy_", bodyLength: 8...20), meaning: "A booked crossing.")
  public static let port = Field(
    name: "port", format: .enumeration(["north-quay", "island", "mainland"]), meaning: "A port of call.")
  public static let outcome = Field(
    name: "outcome", format: .enumeration(["paid", "abandoned"]), meaning: "What the wallet app reports.")
}

extension SymptomID {
  fileprivate static let otherBuild: SymptomID = "other-build"
  fileprivate static let refused: SymptomID = "refused"
}

// The ferry's own account requirements, in its words.
extension AccountRequirement {
  fileprivate static let bookingPassenger = AccountRequirement(
    id: "booking-passenger", title: "The passenger who booked it, or a holder of its shared boarding pass",
    admits: .accountOrGrant("a shared boarding pass"))
  fileprivate static let walletFlow = AccountRequirement(
    id: "wallet-flow", title: "The booking that opened the wallet app", admits: .flowInitiator)
}

extension Gate {
  fileprivate static let ferrySignIn = Gate(id: "sign-in", title: "Sign-in", kind: .signIn)
  fileprivate static let harbourGuide = Gate(id: "harbour-guide", title: "Harbour guide", kind: .device)
}
