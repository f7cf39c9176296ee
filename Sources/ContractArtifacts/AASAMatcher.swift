import LinkContract

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

  /// The settings as the JSON object Apple documents, keys in a fixed order.
  public var json: JSON {
    var members: [(String, JSON)] = []
    if let caseSensitive { members.append(("caseSensitive", .bool(caseSensitive))) }
    if let percentEncoded { members.append(("percentEncoded", .bool(percentEncoded))) }
    return .object(members)
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

  /// The component as JSON, keys in a fixed order: `/`, `?`, `#`, `exclude`, settings, `comment`.
  public var json: JSON {
    var members: [(String, JSON)] = []
    if let path { members.append(("/", .string(path))) }
    switch query {
    case .whole(let pattern): members.append(("?", .string(pattern)))
    case .items(let items): members.append(("?", .object(items.map { ($0.name, .string($0.pattern)) })))
    case nil: break
    }
    if let fragment { members.append(("#", .string(fragment))) }
    if exclude { members.append(("exclude", .bool(true))) }
    if let value = settings.caseSensitive { members.append(("caseSensitive", .bool(value))) }
    if let value = settings.percentEncoded { members.append(("percentEncoded", .bool(value))) }
    if let comment { members.append(("comment", .string(comment))) }
    return .object(members)
  }

  /// A short description for reports, such as `exclude "/" "/business/*/category/*"`.
  public var summary: String {
    var parts: [String] = []
    if exclude { parts.append("exclude") }
    parts.append("\"/\": \"\(path ?? "*")\"")
    switch query {
    case .whole(let pattern): parts.append("\"?\": \"\(pattern)\"")
    case .items(let items):
      parts.append("\"?\": {" + items.map { "\"\($0.name)\": \"\($0.pattern)\"" }.joined(separator: ", ") + "}")
    case nil: break
    }
    if let fragment { parts.append("\"#\": \"\(fragment)\"") }
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
  /// The app ids of the other sections Apple defines (`webcredentials`, `appclips`,
  /// `activitycontinuation`), by section name, as read from a file; not written by `json`.
  public var services: [String: [String]] = [:]

  public init(defaults: AASAMatchSettings? = nil, details: [AASADetail]) {
    self.defaults = defaults
    self.details = details
  }

  /// The whole file as JSON in Apple's components format, keys in a fixed order.
  public var json: JSON {
    var applinks: [(String, JSON)] = []
    if let defaults { applinks.append(("defaults", defaults.json)) }
    applinks.append(
      (
        "details",
        .array(
          details.map { detail in
            var members: [(String, JSON)] = [("appIDs", .array(detail.appIDs.map(JSON.string)))]
            if let defaults = detail.defaults { members.append(("defaults", defaults.json)) }
            members.append(("components", .array(detail.components.map(\.json))))
            return .object(members)
          })
      ))
    return .object([("applinks", .object(applinks))])
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

extension AppSiteAssociation {
  /// Apple's answer for a URL on this domain: the details whose apps include `appID` (every
  /// detail when nil) are read in order, their components in order, and the first component
  /// whose path, query and fragment all match decides. `path` is the URL's path as written
  /// (percent-escapes kept), `query` and `fragment` without their `?` and `#`, nil when absent.
  public func claims(
    appID: String? = nil, path: String, query: String? = nil, fragment: String? = nil
  ) -> ClaimAnswer {
    for (detailIndex, detail) in details.enumerated() {
      if let appID, !detail.appIDs.contains(appID) { continue }
      for (componentIndex, component) in detail.components.enumerated() {
        let settings = effectiveSettings(component, in: detail)
        if AASAPattern.componentMatches(
          component, path: path, query: query, fragment: fragment, caseSensitive: settings.caseSensitive,
          percentEncoded: settings.percentEncoded)
        {
          return ClaimAnswer(
            decision: component.exclude ? .excluded : .claimed, detailIndex: detailIndex,
            componentIndex: componentIndex, component: component)
        }
      }
    }
    return ClaimAnswer(decision: .unclaimed)
  }

  /// The settings in force for `component`: its own, else the detail's, else the domain's,
  /// else Apple's defaults (case-sensitive, percent-encoded).
  public func effectiveSettings(_ component: AASAComponent, in detail: AASADetail) -> (
    caseSensitive: Bool, percentEncoded: Bool
  ) {
    let caseSensitive =
      component.settings.caseSensitive ?? detail.defaults?.caseSensitive ?? defaults?.caseSensitive ?? true
    let percentEncoded =
      component.settings.percentEncoded ?? detail.defaults?.percentEncoded ?? defaults?.percentEncoded
      ?? true
    return (caseSensitive, percentEncoded)
  }

  /// Components that can never decide anything because an earlier component of the same detail
  /// matches every URL they match, as (detail, component, covering component) indices. The
  /// check is sound but not complete: what it names is certainly unreachable.
  public func unreachableComponents() -> [(detail: Int, component: Int, coveredBy: Int)] {
    shadowedComponents().shadowed
  }

  /// The reachability analysis with its bound: every shadowed component found, and where the
  /// analysis stopped when it ran out of its step budget (nil when it checked everything).
  /// Candidates come from a trie of the components' literal path prefixes, so a file of
  /// distinct literal paths costs time linear in its size; exact repeats are found by hashing.
  public func shadowedComponents() -> (
    shadowed: [(detail: Int, component: Int, coveredBy: Int)], stoppedAt: (detail: Int, component: Int)?
  ) {
    var shadowing = AASAShadowing()
    var found: [(Int, Int, Int)] = []
    for (detailIndex, detail) in details.enumerated() {
      shadowing.reset()
      for (index, component) in detail.components.enumerated() {
        let settings = effectiveSettings(component, in: detail)
        switch shadowing.add(component, settings: settings, at: index) {
        case .covered(let earlier): found.append((detailIndex, index, earlier))
        case .reachable: break
        case .outOfBudget: return (found, (detailIndex, index))
        }
      }
    }
    return (found, nil)
  }
}

/// Apple's pattern language: `*` matches any run of characters (`/` included), `?` exactly one.
enum AASAPattern {
  static func componentMatches(
    _ component: AASAComponent, path: String, query: String?, fragment: String?, caseSensitive: Bool,
    percentEncoded: Bool
  ) -> Bool {
    func prepare(_ text: String) -> String { percentEncoded ? text : percentDecoded(text) }
    if let pattern = component.path, !pathMatches(pattern, prepare(path), caseSensitive: caseSensitive) {
      return false
    }
    if let rule = component.query {
      switch rule {
      case .whole(let pattern):
        if !matches(pattern, prepare(query ?? ""), caseSensitive: caseSensitive) { return false }
      case .items(let items):
        let present = queryItems(query ?? "")
        for item in items {
          guard let value = present.first(where: { prepare($0.name) == prepare(item.name) })?.value,
            matches(item.pattern, prepare(value), caseSensitive: caseSensitive)
          else { return false }
        }
      }
    }
    if let pattern = component.fragment,
      !matches(pattern, prepare(fragment ?? ""), caseSensitive: caseSensitive)
    {
      return false
    }
    return true
  }

  /// A path pattern ending in `/*` also matches the bare prefix (`/videos/*` matches `/videos`).
  static func pathMatches(_ pattern: String, _ path: String, caseSensitive: Bool) -> Bool {
    if matches(pattern, path, caseSensitive: caseSensitive) { return true }
    if pattern.hasSuffix("/*") {
      return matches(String(pattern.dropLast(2)), path, caseSensitive: caseSensitive)
    }
    return false
  }

  /// Whether `text` matches the glob `pattern` in full.
  static func matches(_ pattern: String, _ text: String, caseSensitive: Bool) -> Bool {
    let p = Array((caseSensitive ? pattern : pattern.lowercased()).unicodeScalars)
    let t = Array((caseSensitive ? text : text.lowercased()).unicodeScalars)
    var steps = 0
    return greedyMatch(p, t, steps: &steps, limit: .max) { $0 == "?" || $0 == $1 }
  }

  /// Whether the glob `p` (`*` any run, other symbols as `symbol` says) matches all of `t`, by
  /// the greedy two-pointer match: exact for such patterns, no memory, and at worst
  /// |p| x |t| steps, counted in `steps`; past `limit` steps it answers false.
  static func greedyMatch(
    _ p: [Unicode.Scalar], _ t: [Unicode.Scalar], steps: inout Int, limit: Int,
    symbol: (Unicode.Scalar, Unicode.Scalar) -> Bool
  ) -> Bool {
    var pi = 0
    var ti = 0
    var star = -1
    var mark = 0
    while ti < t.count {
      steps += 1
      if steps > limit { return false }
      if pi < p.count, p[pi] != "*", symbol(p[pi], t[ti]) {
        pi += 1
        ti += 1
      } else if pi < p.count, p[pi] == "*" {
        star = pi
        mark = ti
        pi += 1
      } else if star >= 0 {
        pi = star + 1
        mark += 1
        ti = mark
      } else {
        return false
      }
    }
    while pi < p.count, p[pi] == "*" { pi += 1 }
    return pi == p.count
  }

  /// Query items as written: split at `&`, a name up to the first `=`, the rest its value.
  static func queryItems(_ query: String) -> [(name: String, value: String)] {
    guard !query.isEmpty else { return [] }
    return query.split(separator: "&", omittingEmptySubsequences: false).map { item in
      if let equals = item.firstIndex(of: "=") {
        return (String(item[..<equals]), String(item[item.index(after: equals)...]))
      }
      return (String(item), "")
    }
  }

  static func percentDecoded(_ text: String) -> String {
    var bytes: [UInt8] = []
    let utf8 = Array(text.utf8)
    var index = 0
    while index < utf8.count {
      if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count, let high = ASCII.hexValue(utf8[index + 1]),
        let low = ASCII.hexValue(utf8[index + 2])
      {
        bytes.append(high << 4 | low)
        index += 3
      } else {
        bytes.append(utf8[index])
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
