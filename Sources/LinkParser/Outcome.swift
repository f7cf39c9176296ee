import LinkContract

/// One field of a recognized link: the field's name and the value the link gave it.
public struct FieldValue: Sendable, Hashable {
  public let name: String
  public let value: String

  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

/// A recognized link's route: its route class, the carrier it came on, and its typed field
/// values in the route's order (path fields first, then the query field given).
public struct Route: Sendable, Hashable {
  public let routeClass: RouteClassID
  public let carrier: Carrier
  public let fields: [FieldValue]

  public init(_ routeClass: RouteClassID, carrier: Carrier, fields: [FieldValue] = []) {
    self.routeClass = routeClass
    self.carrier = carrier
    self.fields = fields
  }

  /// The route of `routeClass` with `values` for its fields, by field, on the carrier the
  /// route class has (https first).
  public init(_ routeClass: RouteClass, carrier: Carrier? = nil, values: [(Field, String)]) {
    self.routeClass = routeClass.id
    self.carrier = carrier ?? routeClass.carriers.first ?? .https
    self.fields = routeClass.fields.compactMap { field in
      values.first { $0.0.name == field.name }.map { FieldValue(name: field.name, value: $0.1) }
    }
  }

  /// The value the link gave `field`, or nil when it gave none.
  public func value(of field: Field) -> String? { value(named: field.name) }

  /// The value the link gave the field called `name`, or nil when it gave none.
  public func value(named name: String) -> String? { fields.first { $0.name == name }?.value }

  /// The link that names this route in `build`, written from the route class's form in
  /// `contract`: what the parser recognizes as this route. Nil when the contract has no such
  /// route class or it has no form on this route's carrier.
  public func link(in build: Build, contract: Contract) -> String? {
    guard let routeClass = contract.routeClass(routeClass) else { return nil }
    let query = routeClass.query.fields.compactMap { field in value(of: field).map { "\(field.name)=\($0)" } }
    let suffix = query.isEmpty ? "" : "?" + query.joined(separator: "&")
    switch carrier {
    case .customScheme:
      guard let name = routeClass.customSchemeName else { return nil }
      return "\(build.customScheme)://\(name)\(suffix)"
    case .https:
      guard let path = routeClass.httpsPath else { return nil }
      return "https://\(build.webHost)" + PathSegment.render(path) { value(of: $0) ?? "" } + suffix
    }
  }
}

extension Contract {
  /// The canonical documentation link of `routeClass` in `build`, on `carrier` (the route's
  /// first when nil): a documentation value in each path field and the first query field. Nil
  /// when the route has no form on that carrier.
  public func canonicalLink(_ routeClass: RouteClass, carrier: Carrier? = nil, in build: Build) -> String? {
    Route(routeClass, carrier: carrier, values: sampleValues(of: routeClass)).link(in: build, contract: self)
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

  /// The line `linkcontract parse` prints: `recognized ROUTE NAME=VALUE ...` or
  /// `unsupported REASON [FIELD]` (`ParsingSteps.outcomeLine`).
  public var line: String {
    switch self {
    case .recognized(let route):
      (["recognized", route.routeClass.rawValue] + route.fields.map { "\($0.name)=\($0.value)" })
        .joined(separator: " ")
    case .unsupported(let rejection): "unsupported \(rejection)"
    }
  }
}
