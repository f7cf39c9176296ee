import LinkContract

/// What a platform cannot express of the contract, derived from the values, for the
/// association page.
public struct PlatformLimit: Sendable, Hashable {
  public enum Platform: String, Sendable, Hashable {
    case android
    case ios
    case both
  }
  public let platform: Platform
  public let title: String
  public let explanation: String

  public init(platform: Platform, title: String, explanation: String) {
    self.platform = platform
    self.title = title
    self.explanation = explanation
  }
}

/// The known limits of the association files and intent filters for `build`.
public func platformLimits(_ contract: Contract, build: Build) -> [PlatformLimit] {
  var limits: [PlatformLimit] = []
  let rules = androidPathRules(contract)
  for route in contract.routeClasses {
    guard route.publication.isExcluded || route.isWebPage, let path = contract.canonicalPath(of: route),
      let pattern = route.httpsPattern
    else { continue }
    let covering = rules.filter { $0.rule.matches(path) }
    guard !covering.isEmpty else { continue }
    let names = covering.map { "\($0.route.title) (\($0.rule.attribute)=\"\($0.rule.value)\")" }
    let consequence =
      route.isWebPage
      ? "The parser does not accept a web page (unknown-route), so the app shows its fallback instead of the page."
      : route.publication.isDisabled
        ? "The parser still recognizes them, and the route is disabled: the app drops the intent (route-disabled) "
          + "and shows its fallback, never the destination."
        : "The parser recognizes them, so on Android the app opens their destination."
    limits.append(
      PlatformLimit(
        platform: .android,
        title: "Android cannot exclude \(route.title.lowercased())",
        explanation:
          "An intent filter has no exclusion: the data element of \(names.joined(separator: ", ")) also "
          + "matches \(pattern) on \(build.webHost), so Android opens those links in the app while iOS "
          + "sends them to the browser. " + consequence))
  }
  let widened = contract.routeClasses.filter {
    $0.publication.isPublished && AASARoutePattern.claim($0).contains("*")
  }
  if !widened.isEmpty {
    let list = widened.map { "\(AASARoutePattern.claim($0)) (\($0.title))" }.joined(separator: ", ")
    limits.append(
      PlatformLimit(
        platform: .both,
        title: "Wildcards claim more than the route's shape",
        explanation:
          "Neither platform can state a reference's length or characters, and `*` (Android `pathPrefix`) "
          + "spans `/`, so \(list) also claim deeper or malformed paths. The app receives them and "
          + "the parser rejects them as unknown-route or invalid-value."))
  }
  let noQuery = contract.routeClasses.filter { $0.publication.isPublished && $0.query == QueryRule.none }
  if !noQuery.isEmpty {
    limits.append(
      PlatformLimit(
        platform: .both,
        title: "A query or fragment cannot be refused",
        explanation:
          queryFieldsSentence(contract) + ", but a component without `?` or `#`, "
          + "and every Android data element, matches any query and fragment. A link such as "
          + "https://\(build.webHost)\(contract.canonicalPath(of: noQuery[0]) ?? "")?utm_source=x opens the app, "
          + "which rejects it as extra-field (or fragment-present)."))
  }
  return limits
}

/// Which https routes take query fields, from the values: `The https routes take no query field
/// and no fragment`, or which ones take which fields.
func queryFieldsSentence(_ contract: Contract) -> String {
  let taking = contract.routeClasses.filter { $0.httpsPath != nil && !$0.query.fields.isEmpty }
  guard !taking.isEmpty else { return "The https routes take no query field and no fragment" }
  let each = taking.map { route in
    let names = route.query.fields.map { "`\($0.name)`" }
    return route.title + " (" + (names.count == 1 ? names[0] : "one of " + names.joined(separator: ", ")) + ")"
  }
  let list = each.count == 1 ? each[0] : each.dropLast().joined(separator: ", ") + " and " + each[each.count - 1]
  return "No https route takes a fragment, and only \(list) take\(taking.count == 1 ? "s" : "") a query field"
}
