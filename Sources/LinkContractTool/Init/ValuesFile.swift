extension NewPackage {
  /// The values file: two builds, one route class of each kind (an https route with a path
  /// field, one with a query field, a custom-scheme route, an excluded route, the fallback) and
  /// everything else a contract holds, each value an example made from the app's name.
  static func valuesFile(_ app: NewApp) -> String {
    let builds = NewApp.builds.map { build in
      #"""
            Build(
              name: "\#(build)", webHost: "\#(app.host(build))", teamID: "\#(app.teamID)",
              bundleID: "\#(app.appID(build))", androidPackage: "\#(app.appID(build))",
              customScheme: "\#(app.appID(build))",
              // A documentation value, no certificate's: the SHA-256 of "\#(app.certificateText(build))".
              // Write the SHA-256 of the certificate that signs this build (keytool -list -v).
              androidCertificateFingerprints: [
                "\#(app.fingerprint(build))"
              ]),
      """#
    }.joined(separator: "\n")
    return #"""
      // The \#(app.possessive) link contract, as values: the one source of its docs (Site/), its
      // association files and native snippets, and its conformance table. `linkcontract init`
      // made every value here from the app's name, as an example: replace each with the app's own
      // (the hosts, team id, app ids, schemes and certificates first), then run `make site`. A
      // value the rules refuse is an error at its line of this file, saying what would be right.

      import LinkContract

      extension Contract {
        /// The \#(app.possessive) link contract.
        public static let \#(app.valueName) = Contract(
          appName: "\#(app.appName)",
          // One set of values per build of the app. A build opens only links of its own web host and
          // custom scheme; the Apple team id and the app ids are the ones the App Store and Google
          // Play know. The hosts end in `.example`, reserved for documentation: write the app's.
          builds: [
      \#(builds)
          ],
          // A reference whose body starts with this is reserved for documentation and tests: the
          // docs' example links use it, and no real reference may.
          reservedBodyPrefix: "0000",
          // The longest link the app reads, in bytes.
          maximumLinkBytes: 2048,
          // Every link the app opens is one route class; anything else is the fallback.
          routeClasses: [
            // An https link with a field in its path: /items/it_... . Published: the association
            // files claim it, so the phone hands it to the app.
            RouteClass(
              id: "item", title: "Item", httpsPath: [.literal("items"), .field(\#(app.fields).item)],
              customSchemeName: nil, query: .none, destination: "One item, with its details.",
              authority: Authority(
                requirement: .accountOrTemporaryAccess, needs: "The account the item belongs to, or a grant to see it."),
              gates: [.signIn],
              boundary: "An item reference is not proof of access: the item is authorized on its own.",
              sensitivity: Sensitivity(
                boundToAccount: true, boundToSessionGeneration: true, consumedOnce: false, freshnessSeconds: 3600),
              publication: .published),
            // An https link with a query field: /search?topic=... .
            RouteClass(
              id: "search", title: "Search", httpsPath: [.literal("search")], customSchemeName: nil,
              query: .exactlyOne([\#(app.fields).topic]), destination: "Search results within one topic.",
              authority: Authority(requirement: .anyone, needs: "Nothing."), gates: [.welcome],
              boundary: "A topic in the link is a filter, not a promise that anything is there.", sensitivity: nil,
              publication: .published),
            // A link on the app's custom scheme only (<scheme>://widget), which the app's own widget
            // opens: not an app link, so no association file claims it.
            RouteClass(
              id: "widget", title: "Widget", httpsPath: nil, customSchemeName: "widget", query: .none,
              destination: "The screen the home-screen widget shows.",
              authority: Authority(requirement: .anyone, needs: "Nothing."), gates: [.welcome],
              boundary: "Opening the widget's screen proves nothing about what it shows.", sensitivity: nil,
              publication: .notAnAppLink(because: "the app's widget opens it, on the custom scheme only")),
            // An https link the app recognizes but the association files leave to the browser.
            RouteClass(
              id: "unsubscribe", title: "Unsubscribe", httpsPath: [.literal("unsubscribe")], customSchemeName: nil,
              query: .none, destination: "The website's page to stop the emails.",
              authority: Authority(requirement: .anyone, needs: "Nothing."), gates: [],
              boundary: "The website handles the request; the app changes nothing.", sensitivity: nil,
              publication: .excluded(because: "the website handles unsubscribing, even where the app is installed")),
            // The fallback: every other link. Exactly one route class is `.neverClaimed`.
            RouteClass(
              id: "unsupported", title: "Unsupported", httpsPath: nil, customSchemeName: nil, query: .none,
              destination: "The app's home screen.", authority: Authority(requirement: .anyone, needs: "Nothing."),
              gates: [], boundary: "The home screen is shown; nothing else is promised.", sensitivity: nil,
              publication: .neverClaimed),
          ],
          // Query keys a link may never carry: a link that names one is refused, and its value is
          // never printed. Lowercase words, matched against each word of a key.
          // Groups of words that make a query key a secret or a private datum: ids and titles are
          // yours (the docs print them); the parser refuses such a key and never echoes its value.
          forbiddenKeys: [
            .init(
              id: "credentials", title: "Credentials",
              words: ["password", "secret", "token", "session", "otp", "pin", "apikey", "auth", "cookie"]),
            .init(id: "payment", title: "Payment", words: ["card", "cvv", "iban"]),
            .init(id: "personal-data", title: "Personal data", words: ["email", "phone", "address"]),
            .init(id: "precise-location", title: "Precise location", words: ["lat", "lng", "gps"]),
          ],
          rejectionRules: RejectionReason.allCases.map { reason in
            RejectionRule(
              reason: reason, when: \#(app.wordsType).when(reason),
              troubleshooting: .linkRefused,
              isSecurityEvent: reason == .forbiddenField || reason == .userinfoPresent)
          },
          // Who does what with a link, and what each cannot prove.
          layers: [
            Layer(
              id: .system, title: "Phone system", responsibility: "Hands a verified link to the installed app.",
              doesNotProve: "That the app knows the link."),
            Layer(
              id: .app, title: "\#(app.appName)", responsibility: "Reads the link and opens the screen it names.",
              doesNotProve: "That what the link names exists for this user."),
            Layer(
              id: .services, title: "\#(app.appName) services",
              responsibility: "Decide what the user may see and do with what the link names.",
              doesNotProve: "That the phone delivered the link."),
          ],
          // The handling sequence: the ids are the lifecycle's; the words and owners are the app's.
          stages: [
            HandlingStage(
              id: .delivery, title: "Delivery", expectedResult: "The phone opens the app.",
              failureOwner: "Mobile release", layer: .system),
            HandlingStage(
              id: .parse, title: "Reading", expectedResult: "One route class with complete input.",
              failureOwner: "App links", layer: .app),
            HandlingStage(
              id: .readiness, title: "Ready", expectedResult: "Sign-in and welcome screens are done.",
              failureOwner: "App", layer: .app),
            HandlingStage(
              id: .authorization, title: "Permission", expectedResult: "The services allow the target.",
              failureOwner: "Services", layer: .services),
            HandlingStage(
              id: .presentation, title: "Showing", expectedResult: "The screen shows the target.",
              failureOwner: "App", layer: .app),
            HandlingStage(
              id: .completion, title: "Done", expectedResult: "Nothing more happens without the user.",
              failureOwner: "Services", layer: .services),
          ],
          troubleshooting: [
            TroubleshootingRow(
              id: .wrongBuild, observation: "A link opens the browser instead of the app.",
              interpretation: "The link may belong to another build of the app.",
              nextAction: "Check which build is installed and which host the link names.", stage: .delivery),
            TroubleshootingRow(
              id: .linkRefused, observation: "The app opens its home screen instead of the link's screen.",
              interpretation: "The app refused the link; the reason says why.",
              nextAction: "Read the link with the docs' link checker and fix what it names.", stage: .parse),
          ],
          // What the app's own tests must cover.
          verification: [
            VerificationItem(id: .routeClasses, covers: "Every route class, accepted and refused."),
            VerificationItem(id: .inputShapes, covers: "Complete, missing, extra and malformed input."),
            VerificationItem(id: .gates, covers: "Signed-out and first-run states."),
            VerificationItem(id: .generations, covers: "A sign-out between the link and its screen."),
            VerificationItem(id: .deliveryTiming, covers: "Cold and warm starts."),
            VerificationItem(id: .noExistenceLeak, covers: "Unknown and forbidden items look the same."),
            VerificationItem(id: .safeReturn, covers: "Back leads somewhere sensible."),
            VerificationItem(id: .noMutationBeforeAuthorization, covers: "Nothing changes before permission."),
          ],
          // What makes the links need checking again before a release. Three ids are the release
          // checks' (`diff` and `verify-host` name them); the others are yours.
          revalidation: [
            RevalidationTrigger(id: "routes-or-inputs", when: "A route class or its input changes."),
            RevalidationTrigger(id: .nativeSchemeRegistration, when: "The custom scheme changes."),
            RevalidationTrigger(id: .associationClaims, when: "The association files claim other links."),
            RevalidationTrigger(id: .signingCertificate, when: "A signing certificate changes."),
            RevalidationTrigger(id: "destination-effects", when: "A screen starts to change something on opening."),
            RevalidationTrigger(id: "sign-in-or-welcome-screens", when: "Sign-in or welcome screens change."),
            RevalidationTrigger(id: "notification-routing", when: "Notifications start to carry links."),
            RevalidationTrigger(id: "fallback", when: "The fallback changes."),
          ],
          // The native snippets each build's association page gives: iOS associated domains and
          // URL types, the Android App Links and custom-scheme intent filters, and the release
          // runbook's commands.
          nativeSnippets: [.iosAssociatedDomains, .iosURLTypes, .androidIntentFilter, .androidSchemeFilter, .runbook],
          // What the docs call the person using the app.
          user: "the user"
        )
      }

      /// The \#(app.possessive) fields, which the route classes above name.
      public enum \#(app.fields) {
        /// A reference: its prefix, then a body of letters and digits.
        public static let item = Field(
          name: "item", format: .reference(prefix: "it_", bodyLength: 10...24), meaning: "One item of the app.")
        /// One of a closed set of values.
        public static let topic = Field(
          name: "topic", format: .enumeration(["news", "events", "offers"]), meaning: "What a search looks in.")
      }

      // The layers and troubleshooting rows, each id written once.
      extension LayerID {
        fileprivate static let system: LayerID = "system"
        fileprivate static let app: LayerID = "app"
        fileprivate static let services: LayerID = "services"
      }

      extension SymptomID {
        fileprivate static let wrongBuild: SymptomID = "wrong-build"
        fileprivate static let linkRefused: SymptomID = "link-refused"
      }

      // What stops navigation before a route's screen: sign-in, or screens a device shows once.
      extension Gate {
        fileprivate static let signIn = Gate(id: "sign-in", title: "Sign-in", kind: .signIn)
        fileprivate static let welcome = Gate(id: "welcome", title: "Welcome screens", kind: .device)
      }

      /// The \#(app.possessive) words for when each rejection reason applies.
      enum \#(app.wordsType) {
        static func when(_ reason: RejectionReason) -> String {
          switch reason {
          case .oversized: "The link is longer than the app reads."
          case .malformedURL: "The link is not a well-formed link (spaces, control characters, no `scheme://`)."
          case .malformedEncoding: "The link holds a `%` that is not allowed."
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

      """#
  }
}
