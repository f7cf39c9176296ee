import LinkContract

// The `apple-app-site-association` model: what the files are, apart from how they are written
// (AASACoding.swift), matched (AASAMatcher.swift) and read (AssociationValidator.swift, in
// AssociationChecks).

/// One query item pattern of a component's `?` dictionary.
public struct AASAQueryItem: Sendable, Hashable {
  public let name: String
  public let pattern: String

  public init(name: String, pattern: String) {
    self.name = name
    self.pattern = pattern
  }
}

/// A component's `?` rule: a pattern for the whole query string, or patterns per query item.
public enum AASAQueryPattern: Sendable, Hashable {
  case whole(String)
  /// Every item named must be present with a value matching its pattern; others are ignored.
  case items([AASAQueryItem])
}

/// Pattern-matching settings that `defaults` sets at the domain or app level.
public struct AASAMatchSettings: Sendable, Hashable {
  public var caseSensitive: Bool?
  public var percentEncoded: Bool?

  public init(caseSensitive: Bool? = nil, percentEncoded: Bool? = nil) {
    self.caseSensitive = caseSensitive
    self.percentEncoded = percentEncoded
  }
}

/// One entry of `applinks.details[].components`. A missing `/`, `?` or `#` matches everything.
public struct AASAComponent: Sendable, Hashable {
  public var path: String?
  public var query: AASAQueryPattern?
  public var fragment: String?
  public var exclude: Bool
  public var comment: String?
  public var settings: AASAMatchSettings
  /// A component the validator could not read (a value of the wrong type): it matches nothing
  /// and takes no part in the reachability analysis.
  public var unreadable = false

  public init(
    path: String? = nil, query: AASAQueryPattern? = nil, fragment: String? = nil,
    exclude: Bool = false, comment: String? = nil, settings: AASAMatchSettings = .init()
  ) {
    self.path = path
    self.query = query
    self.fragment = fragment
    self.exclude = exclude
    self.comment = comment
    self.settings = settings
  }

  /// A short description for reports, such as `exclude "/" "/business/*/category/*"`; each
  /// pattern as `Printed.excerpt` prints it.
  public var summary: String {
    var parts: [String] = []
    if exclude { parts.append("exclude") }
    parts.append("\"/\": \"\(Printed.excerpt(path ?? "*"))\"")
    switch query {
    case .whole(let pattern): parts.append("\"?\": \"\(Printed.excerpt(pattern))\"")
    case .items(let items):
      let shown = items.map { "\"\(Printed.excerpt($0.name))\": \"\(Printed.excerpt($0.pattern))\"" }
      parts.append("\"?\": {" + shown.joined(separator: ", ") + "}")
    case nil: break
    }
    if let fragment { parts.append("\"#\": \"\(Printed.excerpt(fragment))\"") }
    if let value = settings.caseSensitive { parts.append("caseSensitive \(value)") }
    if let value = settings.percentEncoded { parts.append("percentEncoded \(value)") }
    return parts.joined(separator: " ")
  }

  /// The component without its comment: what decides matching.
  public var rule: AASAComponent {
    var copy = self
    copy.comment = nil
    return copy
  }
}

/// One entry of `applinks.details`: the apps and the ordered components they handle.
public struct AASADetail: Sendable, Hashable {
  public var appIDs: [String]
  public var components: [AASAComponent]
  public var defaults: AASAMatchSettings?

  public init(appIDs: [String], components: [AASAComponent], defaults: AASAMatchSettings? = nil) {
    self.appIDs = appIDs
    self.components = components
    self.defaults = defaults
  }
}

/// The `applinks` section of an `apple-app-site-association` file, as the matcher reads it.
public struct AppSiteAssociation: Sendable, Hashable {
  public var defaults: AASAMatchSettings?
  public var details: [AASADetail]
  /// `applinks.substitutionVariables`: the values each custom variable stands for, by name.
  public var substitutionVariables: [String: [String]] = [:]
  /// The app ids of the other sections Apple defines (`webcredentials`, `appclips`,
  /// `activitycontinuation`), by section name, as read from a file; not written by `json`.
  public var services: [String: [String]] = [:]

  public init(defaults: AASAMatchSettings? = nil, details: [AASADetail]) {
    self.defaults = defaults
    self.details = details
  }

  /// Every app id named by any detail, in first-seen order.
  public var appIDs: [String] {
    var seen: [String] = []
    for detail in details {
      for id in detail.appIDs where !seen.contains(id) { seen.append(id) }
    }
    return seen
  }
}

/// What the matcher decided for a URL.
public enum ClaimDecision: String, Sendable, Hashable {
  /// A component without `exclude` matched first: the app opens the link.
  case claimed
  /// An `exclude` component matched first: the link opens in the browser.
  case excluded
  /// No component matched.
  case unclaimed
  /// The matcher's bound (`AASAMatchBudget`) ran out before a component decided.
  case undecided
}

/// The matcher's answer, with the component that decided it.
public struct ClaimAnswer: Sendable, Hashable {
  public let decision: ClaimDecision
  /// Index into `details`, nil when unclaimed.
  public let detailIndex: Int?
  /// Index into that detail's `components`, nil when unclaimed.
  public let componentIndex: Int?
  public let component: AASAComponent?

  public init(
    decision: ClaimDecision, detailIndex: Int? = nil, componentIndex: Int? = nil,
    component: AASAComponent? = nil
  ) {
    self.decision = decision
    self.detailIndex = detailIndex
    self.componentIndex = componentIndex
    self.component = component
  }

  /// For readers: `claimed by component 3 ("/": "/business/bz_*")`, or `unclaimed`.
  public var summary: String {
    guard let componentIndex, let component else { return decision.rawValue }
    return "\(decision.rawValue) by component \(componentIndex + 1) (\(component.summary))"
  }
}
