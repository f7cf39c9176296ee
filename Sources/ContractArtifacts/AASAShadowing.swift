/// The incremental reachability analysis over one detail's components, bounded in work.
///
/// An earlier path without wildcards can only cover the same path, found by hashing. For
/// paths with wildcards, candidates come from two tries: one of the lowercased literal
/// prefixes of the earlier paths (before the first `*` or `?`), one of their reversed literal
/// suffixes (after the last wildcard). An earlier path can only cover a later one when its
/// prefix starts the later one's and its suffix ends it, so the smaller of the two candidate
/// lists is checked. A file of distinct literal paths then costs time linear in its size;
/// exact repeats are found by hashing; patterns that defeat both indexes run into
/// `stepBudget`, and the analysis stops there and says so.
struct AASAShadowing {
  /// The most work one file's analysis may do, counted in pattern symbols compared (each
  /// candidate pair counts `pairCost` besides): a fraction of a second even in a debug build.
  static let stepBudget = 3_000_000
  static let pairCost = 8

  enum Answer {
    case covered(by: Int)
    case reachable
    case outOfBudget
  }

  typealias Settings = (caseSensitive: Bool, percentEncoded: Bool)

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
    lazy var prepared = PreparedComponent(component, settings)

    init(_ component: AASAComponent, _ settings: Settings) {
      self.component = component
      self.settings = settings
    }
  }

  mutating func reset() {
    prefixes = Trie()
    suffixes = Trie()
    literals = [:]
    entries = []
    firstOfRule = [:]
  }

  /// Whether an earlier component covers `component`; then records it for later ones.
  mutating func add(_ component: AASAComponent, settings: Settings, at index: Int) -> Answer {
    guard !component.unreadable, !component.usesSubstitution else {
      entries.append(nil)
      return .reachable
    }
    let entry = Entry(component, settings)
    defer { entries.append(entry) }
    var include = component
    include.exclude = false
    // Equal rules, however written ("/*" and "*" too), cover each other whatever they do.
    let key = CanonicalRule(include, settings: settings)
    let path = component.path ?? "*"
    let literal = !path.utf8.contains { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") }
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
  /// Lowercased UTF-8 before the first wildcard, and after the last one.
  let literalPrefix: ArraySlice<UInt8>
  let literalSuffix: ArraySlice<UInt8>

  init(_ pattern: String) {
    exact = Array(pattern.unicodeScalars)
    let lowered = pattern.lowercased()
    folded = Array(lowered.unicodeScalars)
    let bytes = Array(lowered.utf8)
    let isWildcard = { (byte: UInt8) in byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") }
    literalPrefix = bytes[..<(bytes.firstIndex(where: isWildcard) ?? bytes.endIndex)]
    literalSuffix = bytes[(bytes.lastIndex(where: isWildcard).map { $0 + 1 } ?? 0)...]
  }

  func scalars(_ fold: Bool) -> [Unicode.Scalar] { fold ? folded : exact }
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

  init(_ component: AASAComponent, _ settings: AASAShadowing.Settings) {
    self.settings = settings
    let path = component.path ?? "*"
    paths = [PreparedPattern(path)] + (path.hasSuffix("/*") ? [PreparedPattern(String(path.dropLast(2)))] : [])
    fragment = component.fragment.map(PreparedPattern.init)
    query = component.query
    if case .whole(let pattern) = component.query { wholeQuery = PreparedPattern(pattern) } else { wholeQuery = nil }
    if case .items(let items) = component.query {
      queryItems = items.map { ($0.name, PreparedPattern($0.pattern)) }
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
      AASAPatternMatcher.globCovers(outer.scalars(fold), inner.scalars(fold), steps: &steps)
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

extension AASAComponent {
  var usesSubstitution: Bool {
    if path?.contains("$(") == true || fragment?.contains("$(") == true { return true }
    switch query {
    case .whole(let pattern): return pattern.contains("$(")
    case .items(let items): return items.contains { $0.pattern.contains("$(") || $0.name.contains("$(") }
    case nil: return false
    }
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
    greedyMatch(o, i, steps: &steps, limit: AASAShadowing.stepBudget) { outer, inner in
      outer == "?" ? inner != "*" : (inner != "*" && inner != "?" && outer == inner)
    }
  }
}
