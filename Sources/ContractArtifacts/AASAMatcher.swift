import LinkContract

extension AppSiteAssociation {
  /// Apple's answer for a URL on this domain: the details whose apps include `appID` (every
  /// detail when nil) are read in order, their components in order, and the first component
  /// whose path, query and fragment all match decides. `path` is the URL's path as written
  /// (percent-escapes kept), `query` and `fragment` without their `?` and `#`, nil when absent.
  public func claims(
    appID: String? = nil, path: String, query: String? = nil, fragment: String? = nil
  ) -> ClaimAnswer {
    let variables = SubstitutionVariables(substitutionVariables)
    for (detailIndex, detail) in details.enumerated() {
      if let appID, !detail.appIDs.contains(appID) { continue }
      for (componentIndex, component) in detail.components.enumerated() {
        let settings = effectiveSettings(component, in: detail)
        if AASAPatternMatcher.componentMatches(
          component, path: path, query: query, fragment: fragment, caseSensitive: settings.caseSensitive,
          percentEncoded: settings.percentEncoded, variables: variables)
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
    var shadowing = AASAShadowing(variables: SubstitutionVariables(substitutionVariables))
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

/// Apple's pattern language: `*` matches any run of characters (`/` included), `?` exactly one,
/// `$(name)` any one of the variable's values.
enum AASAPatternMatcher {
  static func componentMatches(
    _ component: AASAComponent, path: String, query: String?, fragment: String?, caseSensitive: Bool,
    percentEncoded: Bool, variables: SubstitutionVariables = .init()
  ) -> Bool {
    func prepare(_ text: String) -> String { percentEncoded ? text : percentDecoded(text) }
    func matches(_ pattern: String, _ text: String) -> Bool {
      Self.matches(pattern, prepare(text), caseSensitive: caseSensitive, variables: variables)
    }
    if let pattern = component.path,
      !pathMatches(pattern, prepare(path), caseSensitive: caseSensitive, variables: variables)
    {
      return false
    }
    if let rule = component.query {
      switch rule {
      case .whole(let pattern):
        if !matches(pattern, query ?? "") { return false }
      case .items(let items):
        let present = queryItems(query ?? "")
        for item in items {
          guard let value = present.first(where: { prepare($0.name) == prepare(item.name) })?.value,
            matches(item.pattern, value)
          else { return false }
        }
      }
    }
    if let pattern = component.fragment, !matches(pattern, fragment ?? "") { return false }
    return true
  }

  /// A path pattern ending in `/*` also matches the bare prefix (`/videos/*` matches `/videos`).
  /// A `/*` that ends a variable's value at the end of the pattern does not: Apple's pages
  /// describe the rule for the pattern as written.
  static func pathMatches(
    _ pattern: String, _ path: String, caseSensitive: Bool, variables: SubstitutionVariables = .init()
  ) -> Bool {
    if matches(pattern, path, caseSensitive: caseSensitive, variables: variables) { return true }
    if pattern.hasSuffix("/*") {
      return matches(String(pattern.dropLast(2)), path, caseSensitive: caseSensitive, variables: variables)
    }
    return false
  }

  /// Whether `text` matches the glob `pattern` in full.
  static func matches(
    _ pattern: String, _ text: String, caseSensitive: Bool, variables: SubstitutionVariables = .init()
  ) -> Bool {
    let t = Array((caseSensitive ? text : text.lowercased()).unicodeScalars)
    if pattern.contains("$(") {
      guard let pieces = variables.pieces(pattern, fold: !caseSensitive) else { return false }
      return piecesMatch(pieces, t)
    }
    let p = Array((caseSensitive ? pattern : pattern.lowercased()).unicodeScalars)
    var steps = 0
    return greedyMatch(p, t, steps: &steps, limit: .max, isRun: { $0 == "*" }) { $0 == "?" || $0 == $1 }
  }

  /// Whether `pieces` match all of `t`, by carrying the set of positions of `t` each piece can
  /// end at: a choice's globs are tried side by side, never multiplied out, so the work is at
  /// most the symbols of the pattern and its choices times |t|.
  static func piecesMatch(_ pieces: [AASAPiece], _ t: [Unicode.Scalar]) -> Bool {
    func advance(_ symbols: [AASASymbol], from start: [Bool]) -> [Bool] {
      var reached = start
      for symbol in symbols {
        guard let first = reached.firstIndex(of: true) else { return reached }
        var next = Array(repeating: false, count: t.count + 1)
        if symbol == .run {
          for index in first...t.count { next[index] = true }
        } else {
          for index in first..<t.count where reached[index] && symbol.matches(t[index]) { next[index + 1] = true }
        }
        reached = next
      }
      return reached
    }
    var reached = Array(repeating: false, count: t.count + 1)
    reached[0] = true
    for piece in pieces {
      switch piece {
      case .symbol(let symbol): reached = advance([symbol], from: reached)
      case .choice(let globs):
        var union = Array(repeating: false, count: t.count + 1)
        for glob in globs {
          for (index, end) in advance(glob, from: reached).enumerated() where end { union[index] = true }
        }
        reached = union
      }
    }
    return reached[t.count]
  }

  /// Whether the glob `p` (`isRun` symbols any run, other symbols as `symbol` says) matches all
  /// of `t`, by the greedy two-pointer match: exact for such patterns, no memory, and at worst
  /// |p| x |t| steps, counted in `steps`; past `limit` steps it answers false.
  static func greedyMatch<Pattern, Text>(
    _ p: [Pattern], _ t: [Text], steps: inout Int, limit: Int, isRun: (Pattern) -> Bool,
    symbol: (Pattern, Text) -> Bool
  ) -> Bool {
    var pi = 0
    var ti = 0
    var star = -1
    var mark = 0
    while ti < t.count {
      steps += 1
      if steps > limit { return false }
      if pi < p.count, !isRun(p[pi]), symbol(p[pi], t[ti]) {
        pi += 1
        ti += 1
      } else if pi < p.count, isRun(p[pi]) {
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
    while pi < p.count, isRun(p[pi]) { pi += 1 }
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

/// A component reduced to what decides matching, with equivalent spellings made equal: a
/// missing `/`, `"*"` and `"/*"` (every path starts with `/`, and `/*` also matches the bare
/// root); runs of `*` (outside variable names); a missing `?`, `"*"` and `{}`; query items in
/// name order; a missing `#` and `"*"`; settings as in force. The shadowing analysis finds
/// exact repeats by it, and `diff` (AssociationChecks) compares two files' components by it.
package struct CanonicalRule: Hashable {
  let path: String
  let query: AASAQueryPattern?
  let fragment: String?
  let exclude: Bool
  let caseSensitive: Bool
  let percentEncoded: Bool

  package init(_ component: AASAComponent, settings: (caseSensitive: Bool, percentEncoded: Bool)) {
    func collapse(_ pattern: String) -> String {
      AASAPatternPart.parts(pattern).map { part in
        guard case .text(let text) = part else { return part.written }
        var out = ""
        for character in text where !(character == "*" && out.last == "*") { out.append(character) }
        return out
      }.joined()
    }
    let path = collapse(component.path ?? "*")
    self.path = path == "/*" ? "*" : path
    switch component.query {
    case .whole(let pattern) where collapse(pattern) == "*": query = nil
    case .whole(let pattern): query = .whole(collapse(pattern))
    case .items(let items) where items.isEmpty: query = nil
    case .items(let items):
      query = .items(
        items.map { AASAQueryItem(name: $0.name, pattern: collapse($0.pattern)) }.sorted { $0.name < $1.name })
    case nil: query = nil
    }
    let fragment = component.fragment.map(collapse)
    self.fragment = fragment == "*" ? nil : fragment
    exclude = component.exclude
    caseSensitive = settings.caseSensitive
    percentEncoded = settings.percentEncoded
  }
}
