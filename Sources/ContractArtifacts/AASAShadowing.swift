/// The incremental reachability analysis over one detail's components, bounded in work.
///
/// An earlier path without wildcards can only cover the same path, found by hashing. For
/// paths with wildcards, candidates come from two tries: one of the lowercased literal
/// prefixes of the earlier paths (before the first `*` or `?`), one of their reversed literal
/// suffixes (after the last wildcard). An earlier path can only cover a later one when its
/// prefix starts the later one's and its suffix ends it, so the smaller of the two candidate
/// lists is checked. A file of distinct literal paths then costs time linear in its size;
/// exact repeats are found by hashing; patterns that defeat both indexes run into
/// `stepBudget`, and the analysis stops there and says so. A pattern with substitution
/// variables is compared as the globs it stands for; one that uses an undefined variable or
/// stands for more than `SubstitutionVariables.expansionLimit` globs (or
/// `expansionSymbolLimit` symbols) takes no part.
package struct AASAShadowing {
  /// The most work one file's analysis may do, counted in pattern symbols compared (each
  /// candidate pair counts `pairCost` besides): a fraction of a second even in a debug build.
  package static let stepBudget = 3_000_000
  static let pairCost = 8

  enum Answer {
    case covered(by: Int)
    case reachable
    case outOfBudget
  }

  typealias Settings = (caseSensitive: Bool, percentEncoded: Bool)

  let variables: SubstitutionVariables
  private var prefixes = Trie()
  private var suffixes = Trie()
  /// Components whose path has no wildcard, by lowercased path: such a component can only
  /// cover a later one with the same path, so it stays out of the tries.
  private var literals: [String: [Int]] = [:]
  private var entries: [Entry?] = []
  private var firstOfRule: [CanonicalRule: Int] = [:]
  private(set) var steps = 0

  /// An earlier component, prepared for coverage checks only when one is needed.
  private final class Entry {
    let component: AASAComponent
    let settings: Settings
    let variables: SubstitutionVariables
    lazy var prepared = PreparedComponent(component, settings, variables: variables)

    init(_ component: AASAComponent, _ settings: Settings, _ variables: SubstitutionVariables) {
      self.component = component
      self.settings = settings
      self.variables = variables
    }
  }

  init(variables: SubstitutionVariables = .init()) { self.variables = variables }

  mutating func reset() {
    prefixes = Trie()
    suffixes = Trie()
    literals = [:]
    entries = []
    firstOfRule = [:]
  }

  /// Whether an earlier component covers `component`; then records it for later ones.
  mutating func add(_ component: AASAComponent, settings: Settings, at index: Int) -> Answer {
    guard !component.unreadable, variables.expand(component, fold: !settings.caseSensitive) else {
      entries.append(nil)
      return .reachable
    }
    let entry = Entry(component, settings, variables)
    defer { entries.append(entry) }
    var include = component
    include.exclude = false
    // Equal rules, however written ("/*" and "*" too), cover each other whatever they do.
    let key = CanonicalRule(include, settings: settings)
    let path = component.path ?? "*"
    let literal =
      !path.utf8.contains { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") } && !path.contains("$(")
    let folded = literal ? path.lowercased() : ""
    var answer = Answer.reachable
    if let earlier = firstOfRule[key] {
      answer = .covered(by: earlier)
    } else {
      var candidates = literal ? literals[folded] ?? [] : []
      if !prefixes.isEmpty {
        let prepared = entry.prepared
        let byPrefix = prefixes.along(Array(prepared.pathPrefix))
        let bySuffix = suffixes.along(Array(prepared.pathSuffix.reversed()))
        let total = { (lists: [[Int]]) in lists.reduce(0) { $0 + $1.count } }
        let wild = (total(byPrefix) <= total(bySuffix) ? byPrefix : bySuffix).joined()
        candidates += wild.filter { entries[$0].map { $0.prepared.mayCover(prepared) } ?? false }
      }
      for earlier in candidates.sorted() {
        steps += Self.pairCost
        guard let outer = entries[earlier] else { continue }
        if outer.prepared.covers(entry.prepared, steps: &steps) {
          answer = .covered(by: earlier)
          break
        }
        if steps > Self.stepBudget { return .outOfBudget }
      }
      if steps > Self.stepBudget { return .outOfBudget }
    }
    if firstOfRule[key] == nil { firstOfRule[key] = index }
    if literal {
      literals[folded, default: []].append(index)
    } else {
      prefixes.insert(Array(entry.prepared.indexPrefix), index)
      suffixes.insert(Array(entry.prepared.indexSuffix.reversed()), index)
    }
    return answer
  }

  /// A byte trie in one dictionary: node ids, children keyed by `node << 8 | byte`.
  private struct Trie {
    private var children: [Int: Int] = [:]
    private var lists: [Int: [Int]] = [:]
    private var nodes = 1

    var isEmpty: Bool { lists.isEmpty }

    /// The lists stored at every node along `key`, from the root.
    func along(_ key: [UInt8]) -> [[Int]] {
      var found: [[Int]] = []
      var node = 0
      if let list = lists[node] { found.append(list) }
      var index = 0
      while index < key.count {
        guard let next = children[node << 8 | Int(key[index])] else { break }
        node = next
        if let list = lists[node] { found.append(list) }
        index += 1
      }
      return found
    }

    mutating func insert(_ key: [UInt8], _ value: Int) {
      var node = 0
      var index = 0
      while index < key.count {
        let edge = node << 8 | Int(key[index])
        if let next = children[edge] {
          node = next
        } else {
          children[edge] = nodes
          node = nodes
          nodes += 1
        }
        index += 1
      }
      lists[node, default: []].append(value)
    }
  }
}

/// A glob split into Unicode scalars once, as written and case-folded.
struct PreparedPattern {
  let exact: [Unicode.Scalar]
  let folded: [Unicode.Scalar]
  /// For a pattern with substitution variables, the globs it stands for, as written and
  /// case-folded; nil for a pattern without.
  let globs: (exact: [[AASASymbol]], folded: [[AASASymbol]])?
  /// Lowercased UTF-8 before the first wildcard (or variable), and after the last one.
  let literalPrefix: ArraySlice<UInt8>
  let literalSuffix: ArraySlice<UInt8>

  init(_ pattern: String, variables: SubstitutionVariables = .init()) {
    exact = Array(pattern.unicodeScalars)
    let lowered = pattern.lowercased()
    folded = Array(lowered.unicodeScalars)
    let bytes = Array(lowered.utf8)
    if pattern.contains("$("),
      let exact = variables.expansions(pattern, fold: false), let folded = variables.expansions(pattern, fold: true)
    {
      globs = (exact, folded)
    } else {
      globs = nil
    }
    let variable = globs != nil
    let wildcards: Set<UInt8> = [UInt8(ascii: "*"), UInt8(ascii: "?")]
    let opens = variable ? wildcards.union([UInt8(ascii: "$")]) : wildcards
    let closes = variable ? wildcards.union([UInt8(ascii: ")")]) : wildcards
    literalPrefix = bytes[..<(bytes.firstIndex(where: opens.contains) ?? bytes.endIndex)]
    literalSuffix = bytes[(bytes.lastIndex(where: closes.contains).map { $0 + 1 } ?? 0)...]
  }

  func scalars(_ fold: Bool) -> [Unicode.Scalar] { fold ? folded : exact }

  /// The globs the pattern stands for, as symbols: itself alone when it has no variables.
  func symbols(_ fold: Bool) -> [[AASASymbol]] {
    if let globs { return fold ? globs.folded : globs.exact }
    return [scalars(fold).map { $0 == "*" ? .run : $0 == "?" ? .one : .scalar($0) }]
  }
}

/// A component with its patterns prepared for coverage checks.
struct PreparedComponent {
  let settings: AASAShadowing.Settings
  /// The path pattern, and without its final `/*` when it has one (it matches the bare prefix).
  let paths: [PreparedPattern]
  /// The fragment pattern; nil for none, which matches every fragment like `*`.
  let fragment: PreparedPattern?
  let query: AASAQueryPattern?
  let wholeQuery: PreparedPattern?
  let queryItems: [(name: String, pattern: PreparedPattern)]

  init(_ component: AASAComponent, _ settings: AASAShadowing.Settings, variables: SubstitutionVariables = .init()) {
    self.settings = settings
    let prepare = { (pattern: String) in PreparedPattern(pattern, variables: variables) }
    let path = component.path ?? "*"
    paths = [prepare(path)] + (path.hasSuffix("/*") ? [prepare(String(path.dropLast(2)))] : [])
    fragment = component.fragment.map(prepare)
    query = component.query
    if case .whole(let pattern) = component.query { wholeQuery = prepare(pattern) } else { wholeQuery = nil }
    if case .items(let items) = component.query {
      queryItems = items.map { ($0.name, prepare($0.pattern)) }
    } else {
      queryItems = []
    }
    pathPrefix = paths[0].literalPrefix
    pathSuffix = paths.count > 1 ? [] : paths[0].literalSuffix
    indexPrefix = paths.count > 1 ? paths[1].literalPrefix : paths[0].literalPrefix
  }

  /// What any URL path this component matches starts and ends with, as a later component.
  let pathPrefix: ArraySlice<UInt8>
  let pathSuffix: ArraySlice<UInt8>
  /// What this component, as an earlier one, needs a later path to start and end with.
  let indexPrefix: ArraySlice<UInt8>
  var indexSuffix: ArraySlice<UInt8> { pathSuffix }

  /// A cheap necessary condition for `covers`: the literal ends of the paths agree.
  func mayCover(_ later: PreparedComponent) -> Bool {
    later.pathPrefix.starts(with: indexPrefix) && later.pathSuffix.reversed().starts(with: indexSuffix.reversed())
  }

  /// Whether every URL `later` matches is matched by this component. Sound, not complete.
  func covers(_ later: PreparedComponent, steps: inout Int) -> Bool {
    guard settings.percentEncoded == later.settings.percentEncoded else { return false }
    let fold = !settings.caseSensitive
    // A case-insensitive later pattern matches case variants that a case-sensitive earlier
    // one may not; only claim coverage when the earlier one folds case too.
    if !later.settings.caseSensitive && !fold { return false }
    func glob(_ outer: PreparedPattern, _ inner: PreparedPattern) -> Bool {
      if outer.globs == nil, inner.globs == nil {
        return AASAPatternMatcher.globCovers(outer.scalars(fold), inner.scalars(fold), steps: &steps)
      }
      return AASAPatternMatcher.globsCover(outer.symbols(fold), inner.symbols(fold), steps: &steps)
    }
    for inner in later.paths where !paths.contains(where: { glob($0, inner) }) { return false }
    if let fragment, !glob(fragment, later.fragment ?? PreparedPattern("*")) { return false }
    switch (query, later.query) {
    case (nil, _): return true
    case (.whole, .whole): return glob(wholeQuery!, later.wholeQuery!)
    case (.whole, _): return glob(wholeQuery!, PreparedPattern("*"))
    case (.items, .items):
      return queryItems.allSatisfy { outer in
        later.queryItems.contains { $0.name == outer.name && glob(outer.pattern, $0.pattern) }
      }
    case (.items, _): return queryItems.isEmpty
    }
  }
}

extension SubstitutionVariables {
  /// Whether every pattern of `component` expands into at most `expansionLimit` globs.
  func expand(_ component: AASAComponent, fold: Bool) -> Bool {
    component.patterns.allSatisfy { !$0.pattern.contains("$(") || expansions($0.pattern, fold: fold) != nil }
  }
}

extension AASAPatternMatcher {
  /// Whether every URL `later` matches is matched by `earlier`. Sound, not complete.
  static func covers(
    _ earlier: AASAComponent, _ earlierSettings: (caseSensitive: Bool, percentEncoded: Bool),
    _ later: AASAComponent, _ laterSettings: (caseSensitive: Bool, percentEncoded: Bool)
  ) -> Bool {
    var steps = 0
    return PreparedComponent(earlier, earlierSettings).covers(PreparedComponent(later, laterSettings), steps: &steps)
  }

  /// Whether the glob `outer` matches every string the glob `inner` matches, decided by matching
  /// `outer` against `inner` symbol by symbol: `*` in `outer` takes any run of `inner`'s
  /// symbols, `?` takes one literal or `?`, a literal only the same literal. The greedy
  /// two-pointer match is exact for such patterns and needs no memory; it gives up (false,
  /// which is sound) once `steps` passes the analysis budget.
  static func globCovers(_ o: [Unicode.Scalar], _ i: [Unicode.Scalar], steps: inout Int) -> Bool {
    greedyMatch(o, i, steps: &steps, limit: AASAShadowing.stepBudget, isRun: { $0 == "*" }) { outer, inner in
      outer == "?" ? inner != "*" : (inner != "*" && inner != "?" && outer == inner)
    }
  }

  /// Whether the union of the globs `outer` matches every string of the union `inner`: each
  /// inner glob matched, as `globCovers` matches, by one outer glob, symbols compared by the
  /// characters they can stand for. Sound, not complete.
  static func globsCover(_ outer: [[AASASymbol]], _ inner: [[AASASymbol]], steps: inout Int) -> Bool {
    inner.allSatisfy { glob in
      outer.contains { candidate in
        greedyMatch(candidate, glob, steps: &steps, limit: AASAShadowing.stepBudget, isRun: { $0 == .run }) {
          $0.covers($1)
        }
      }
    }
  }
}
