import LinkContract

/// What the OAuth callback reports: a single-use code or a provider error.
public enum OAuthCompletion: Sendable, Hashable {
  case code(String)
  case error(String)
}

/// A recognized link's route, with its typed fields.
public enum Route: Sendable, Hashable {
  case start(Carrier)
  case business(business: String)
  case product(business: String, category: String, product: String)
  case checkout(cart: String)
  case order(order: String)
  case oauthComplete(OAuthCompletion)

  public var routeClass: RouteClassID {
    switch self {
    case .start: .start
    case .business: .business
    case .product: .product
    case .checkout: .checkout
    case .order: .order
    case .oauthComplete: .oauthComplete
    }
  }

  public var carrier: Carrier {
    switch self {
    case .start(let carrier): carrier
    case .oauthComplete: .customScheme
    case .business, .product, .checkout, .order: .https
    }
  }

  /// The fields as name and value, path fields first, in the route's order.
  public var fields: [(name: String, value: String)] {
    switch self {
    case .start: []
    case .business(let business): [("business", business)]
    case .product(let business, let category, let product):
      [("business", business), ("category", category), ("product", product)]
    case .checkout(let cart): [("cart", cart)]
    case .order(let order): [("order", order)]
    case .oauthComplete(.code(let code)): [("code", code)]
    case .oauthComplete(.error(let error)): [("error", error)]
    }
  }

  /// The link that names this route in `build`, written from the route class's form in
  /// `contract`: what the parser recognizes as this route.
  public func link(in build: Build, contract: Contract = .customerApp) -> String {
    guard let routeClass = contract.routeClass(routeClass) else { return "" }
    let values = fields
    func value(_ name: String) -> String { values.first { $0.name == name }?.value ?? "" }
    let query = routeClass.query.fields.filter { field in values.contains { $0.name == field.name } }
      .map { "\($0.name)=\(value($0.name))" }
    let suffix = query.isEmpty ? "" : "?" + query.joined(separator: "&")
    if carrier == .customScheme, let name = routeClass.customSchemeName {
      return "\(build.customScheme)://\(name)\(suffix)"
    }
    let path = (routeClass.httpsPath ?? []).map { segment in
      switch segment {
      case .literal(let text): "/" + text
      case .field(let field): "/" + value(field.name)
      }
    }.joined()
    return "https://\(build.webHost)\(path)\(suffix)"
  }
}

/// Why a link is unsupported: exactly one reason, and the field it names where it names one.
/// It never holds a value taken from the link.
public struct Rejection: Error, Sendable, Hashable, CustomStringConvertible {
  public let reason: RejectionReason
  /// The field name, for `missing-field`, `extra-field` and `invalid-value`.
  public let field: String?

  public init(_ reason: RejectionReason, field: String? = nil) {
    self.reason = reason
    // A name taken from the link is printed only when it is a plain key.
    self.field = reason.namesField ? field.map(FieldName.printable) : nil
  }

  public var description: String {
    field.map { "\(reason.rawValue) \($0)" } ?? reason.rawValue
  }
}

/// The parser's answer for one link.
public enum LinkOutcome: Sendable, Hashable, CustomStringConvertible {
  case recognized(Route)
  case unsupported(Rejection)

  public var route: Route? {
    if case .recognized(let route) = self { return route }
    return nil
  }

  public var rejection: Rejection? {
    if case .unsupported(let rejection) = self { return rejection }
    return nil
  }

  public var description: String {
    switch self {
    case .recognized(let route): "recognized \(route.routeClass.rawValue)"
    case .unsupported(let rejection): "unsupported \(rejection)"
    }
  }
}
