import LinkContract
import LinkParser

/// One row of the association page's claim table: the matcher's own answer for a link.
public struct ClaimRow: Sendable, Hashable {
  /// The route class the link belongs to, nil for a probe that belongs to none.
  public let route: RouteClassID?
  public let title: String
  public let link: String
  /// The https path the matcher read, nil for a custom-scheme link.
  public let path: String?
  public let expected: ClaimDecision
  public let answer: ClaimAnswer
  /// Why the row expects what it expects, for readers.
  public let note: String

  /// Whether the matcher's answer is the expected one. A link expected to stay unclaimed may
  /// also be excluded: either way the platform leaves it to the browser.
  public var agrees: Bool {
    expected == .unclaimed ? answer.decision != .claimed : expected == answer.decision
  }
}

/// Every route's canonical link, and probes that must stay unclaimed (the root, route prefixes,
/// a case variant, a trailing slash, the association files themselves), as the matcher answers
/// them for `build`.
public func claimTable(_ contract: Contract, build: Build) -> [ClaimRow] {
  let association = appSiteAssociation(contract, build: build)
  var rows: [ClaimRow] = []
  for route in contract.routeClasses {
    // A web page's https link is a row too: the association files must leave it to the browser.
    for carrier in (route.isWebPage ? [.https] : []) + route.carriers {
      guard let link = contract.canonicalLink(route, carrier: carrier, in: build) else {
        continue
      }
      if carrier == .customScheme {
        rows.append(
          ClaimRow(
            route: route.id, title: route.title, link: link, path: nil, expected: .unclaimed,
            answer: ClaimAnswer(decision: .unclaimed),
            note: "custom scheme: delivered by the scheme registration, never by an association file"))
        continue
      }
      let path = contract.canonicalPath(of: route) ?? ""
      let expected: ClaimDecision
      let note: String
      switch route.publication {
      case .published:
        expected = .claimed
        note = "published"
      case .excluded(let reason):
        expected = .excluded
        note = reason
      case .disabled(let reason):
        expected = .excluded
        note = "disabled: " + reason
      case .notAnAppLink(let reason):
        expected = .unclaimed
        note = reason
      case .neverClaimed:
        expected = .unclaimed
        note = "never claimed"
      }
      rows.append(
        ClaimRow(
          route: route.id, title: route.title, link: link, path: path, expected: expected,
          answer: association.claims(appID: build.appID, path: path), note: note))
    }
  }
  for probe in unclaimedProbes(contract) {
    rows.append(
      ClaimRow(
        route: nil, title: probe.title, link: "https://\(build.webHost)\(probe.path)", path: probe.path,
        expected: .unclaimed, answer: association.claims(appID: build.appID, path: probe.path),
        note: "unsupported: never claimed"))
  }
  return rows
}

/// https paths that are no route, derived from the values, which the association must not claim.
package func unclaimedProbes(_ contract: Contract) -> [(title: String, path: String)] {
  var probes: [(String, String)] = [("Site root", "/"), ("Association file", "/.well-known/assetlinks.json")]
  var seen = Set(probes.map(\.1))
  func add(_ title: String, _ path: String) {
    if seen.insert(path).inserted { probes.append((title, path)) }
  }
  for route in contract.routeClasses {
    guard let segments = route.httpsPath, let path = contract.canonicalPath(of: route),
      case .literal(let first) = segments.first
    else { continue }
    if segments.count > 1 { add("Prefix of \(route.title.lowercased())", "/" + first) }
    if segments.allSatisfy({ if case .literal = $0 { true } else { false } }) {
      add("\(route.title) with a trailing slash", path + "/")
    }
    let upper = "/" + first.prefix(1).uppercased() + first.dropFirst() + path.dropFirst(first.count + 1)
    if upper != path { add("\(route.title) in another case", upper) }
  }
  return probes
}
