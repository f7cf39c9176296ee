// The contract of docs/design.md, pinned for the hand-written tests of the parser and the
// coordinator. Their expectations are written from the design's tables (route forms, field
// formats, gates, sensitivity), so they run against this fixed value: editing the Customer
// App's values in Sources/CustomerApp/CustomerApp.swift changes the generated tables and the
// derived tests, never these. Builds and every other value come from the Customer App.

import CustomerApp
import LinkContract
import LinkParser

extension Contract {
  /// The design's builds and route classes, with the Customer App's words, rules and stages.
  public static let design: Contract = {
    let app = Contract.customerApp
    return Contract(
      appName: "Design fixture", builds: DesignBuilds.all, reservedBodyPrefix: "0000", maximumLinkBytes: 1024,
      routeClasses: DesignRoutes.all, forbiddenKeys: app.forbiddenKeys, rejectionRules: app.rejectionRules,
      layers: app.layers, stages: app.stages, troubleshooting: app.troubleshooting, verification: app.verification,
      revalidation: app.revalidation, nativeSnippets: app.nativeSnippets, checkout: app.checkout, scopes: app.scopes)
  }()
}

/// The design's two builds, with documentation fingerprints (SHA-256 of a sentence, no certificate).
public enum DesignBuilds {
  public static let production = Build(
    name: "production", webHost: "links.example.com", teamID: "A1B2C3D4E5", bundleID: "com.example.customer",
    androidPackage: "com.example.customer", customScheme: "com.example.customer",
    androidCertificateFingerprints: [
      "95:63:7B:95:4E:7E:9A:8E:47:DF:2D:D1:67:A7:09:3A:96:FA:78:18:40:D5:48:5F:46:44:E8:B5:01:34:CB:F7"
    ])
  public static let staging = Build(
    name: "staging", webHost: "links.staging.example.com", teamID: "A1B2C3D4E5",
    bundleID: "com.example.customer.staging", androidPackage: "com.example.customer.staging",
    customScheme: "com.example.customer.staging",
    androidCertificateFingerprints: [
      "CA:48:AD:1D:E8:A6:9A:57:4B:32:C9:6C:E8:50:AD:70:93:D3:15:AF:92:86:63:6B:74:8B:9F:06:C5:44:49:99"
    ])
  public static let all = [production, staging]
}

extension RouteClassID {
  public static let start: RouteClassID = "start"
  public static let business: RouteClassID = "business"
  public static let product: RouteClassID = "product"
  public static let checkout: RouteClassID = "checkout"
  public static let order: RouteClassID = "order"
  public static let oauthComplete: RouteClassID = "oauth-complete"
  public static let unsupported: RouteClassID = "unsupported"
}

/// The design's fields: references are a prefix, then 12 to 32 of `[0-9A-Za-z]`.
public enum DesignFields {
  static func reference(_ name: String, _ prefix: String) -> Field {
    Field(name: name, format: .reference(prefix: prefix, bodyLength: 12...32), meaning: "The \(name) reference.")
  }
  public static let business = reference("business", "bz_")
  public static let category = reference("category", "ct_")
  public static let product = reference("product", "pr_")
  public static let cart = reference("cart", "ca_")
  public static let order = reference("order", "or_")
  public static let code = Field(name: "code", format: .base64url(length: 32...128), meaning: "The single-use code.")
  public static let error = Field(
    name: "error",
    format: .enumeration(["access_denied", "invalid_request", "server_error", "temporarily_unavailable"]),
    meaning: "Why the sign-in did not complete.")
}

/// The design's route classes, in its order.
public enum DesignRoutes {
  static let fresh = Sensitivity(
    boundToAccount: true, boundToSessionGeneration: true, consumedOnce: true, freshnessSeconds: 600)

  static let titles: [RouteClassID: String] = [
    .start: "Start", .business: "Business", .product: "Product within a business", .checkout: "Checkout",
    .order: "Order details", .oauthComplete: "OAuth completion", .unsupported: "Unsupported",
  ]

  static func route(
    _ id: RouteClassID, _ path: [PathSegment]?, scheme: String? = nil, query: QueryRule = .none,
    _ requirement: AccountRequirement, gates: [Gate], sensitive: Bool = false,
    publication: Publication = .published, reads: [String] = [], oauthCallback: OAuthCallback? = nil
  ) -> RouteClass {
    RouteClass(
      id: id, title: titles[id] ?? id.rawValue, httpsPath: path, customSchemeName: scheme, query: query,
      destination: "The \(id) destination.", authority: Authority(requirement: requirement, needs: "As designed."),
      gates: gates, boundary: "As designed.", sensitivity: sensitive ? fresh : nil, publication: publication,
      automaticReads: reads, oauthCallback: oauthCallback)
  }

  public static let all: [RouteClass] = [
    route(
      .start, [.literal("start")], scheme: "start", .anyone,
      gates: [.signIn, .accountVerification, .profileCompletion, .locationSetup, .tutorial],
      reads: ["start navigation"]),
    route(.business, [.literal("business"), .field(DesignFields.business)], .anyone, gates: [.locationSetup]),
    route(
      .product,
      [
        .literal("business"), .field(DesignFields.business), .literal("category"), .field(DesignFields.category),
        .literal("product"), .field(DesignFields.product),
      ], .anyone, gates: [.locationSetup],
      publication: .excluded(
        because: "recognized, but not certified passive: excluded until the destination effect firewall is accepted")),
    route(
      .checkout, [.literal("checkout"), .field(DesignFields.cart)], .accountOrAuthorizedGuest,
      gates: [.signIn, .accountVerification, .profileCompletion], sensitive: true,
      reads: ["checkout provider session"]),
    route(
      .order, [.literal("orders"), .field(DesignFields.order)], .accountOrTemporaryAccess,
      gates: [.signIn, .accountVerification], sensitive: true),
    route(
      .oauthComplete, nil, scheme: "oauth-complete", query: .exactlyOne([DesignFields.code, DesignFields.error]),
      .flowInitiator, gates: [], publication: .notAnAppLink(because: "the native OAuth callback"),
      oauthCallback: OAuthCallback(completionPage: "/auth/oauth-complete")),
    route(.unsupported, nil, .anyone, gates: [], publication: .neverClaimed),
  ]
}

/// What the design's OAuth callback carries: a code or a provider error.
public enum DesignCompletion: Sendable, Hashable {
  case code(String)
  case error(String)
}

extension Route {
  /// The design's routes as the hand-written tests name them.
  public static func start(_ carrier: Carrier) -> Route { Route(.start, carrier: carrier) }
  public static func business(business: String) -> Route {
    Route(.business, carrier: .https, fields: [FieldValue(name: "business", value: business)])
  }
  public static func product(business: String, category: String, product: String) -> Route {
    Route(
      .product, carrier: .https,
      fields: [
        FieldValue(name: "business", value: business), FieldValue(name: "category", value: category),
        FieldValue(name: "product", value: product),
      ])
  }
  public static func checkout(cart: String) -> Route {
    Route(.checkout, carrier: .https, fields: [FieldValue(name: "cart", value: cart)])
  }
  public static func order(order: String) -> Route {
    Route(.order, carrier: .https, fields: [FieldValue(name: "order", value: order)])
  }
  public static func oauthComplete(_ completion: DesignCompletion) -> Route {
    switch completion {
    case .code(let code): Route(.oauthComplete, carrier: .customScheme, fields: [FieldValue(name: "code", value: code)])
    case .error(let error):
      Route(.oauthComplete, carrier: .customScheme, fields: [FieldValue(name: "error", value: error)])
    }
  }
}

/// The design's gates, pinned like its route class ids.
extension Gate {
  public static let signIn = Gate(id: "sign-in", title: "Sign-in", kind: .signIn)
  public static let accountVerification = Gate(
    id: "account-verification", title: "Account verification", kind: .account)
  public static let profileCompletion = Gate(id: "profile-completion", title: "Profile completion", kind: .account)
  public static let locationSetup = Gate(id: "location-setup", title: "Location setup", kind: .device)
  public static let tutorial = Gate(id: "tutorial", title: "Tutorial", kind: .device)
}
