import LinkContract

extension AppSiteAssociation {
  /// Apple's answer for a URL on this domain: the details whose apps include `appID` (every
  /// detail when nil) are read in order, their components in order, and the first component
  /// whose path, query and fragment all match decides. `path` is the URL's path as written
  /// (percent-escapes kept), `query` and `fragment` without their `?` and `#`, nil when absent.
  /// The work is bounded by a fresh `AASAMatchBudget`; past it the answer is `undecided`. To
  /// ask about many URLs, compile the file once (`AASAClaimMatcher`).
  public func claims(
    appID: String? = nil, path: String, query: String? = nil, fragment: String? = nil
  ) -> ClaimAnswer {
    var budget = AASAMatchBudget()
    return AASAClaimMatcher(self).claims(appID: appID, path: path, query: query, fragment: fragment, budget: &budget)
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

/// The matcher's bound on its work, in steps: one step is one pattern symbol (or one value of
/// a variable) tried against up to 64 positions of a URL's text. A match that runs out of steps,
/// or past the deadline, is `undecided`; `exhausted` says which ran out.
///
/// The standard bound, `standardSteps` (5 million), is far above what real files need (the
/// contract's files take some hundreds per URL, a file of a thousand plain components some
/// thousands) and takes about two seconds of a debug build; a hostile file (substitution
/// variables of many values used many times in many components) reaches it instead of
/// running for minutes. `diff` spends one budget on all the links it compares of two files.
public struct AASAMatchBudget: Sendable {
  public static let standardSteps = 5_000_000
  /// Steps between two looks at the clock.
  static let clockInterval = 65_536

  /// Why a match stopped undecided.
  public enum Exhaustion: Sendable, Hashable {
    case steps
    case deadline
  }

  public let limit: Int
  public private(set) var spent = 0
  public let deadline: ContinuousClock.Instant?
  public private(set) var exhausted: Exhaustion?
  /// The spending at which `spend` next looks at the bound and the clock.
  private var checkpoint = 0

  public init(steps: Int = standardSteps, deadline: ContinuousClock.Instant? = nil) {
    limit = steps
    self.deadline = deadline
  }

  /// Spends `steps`; false once the bound or the deadline is reached (and from then on).
  @inline(__always)
  mutating func spend(_ steps: Int) -> Bool {
    spent += steps
    return spent < checkpoint || look()
  }

  private mutating func look() -> Bool {
    guard exhausted == nil else { return false }
    if spent > limit {
      exhausted = .steps
      return false
    }
    if let deadline, ContinuousClock.now >= deadline {
      exhausted = .deadline
      return false
    }
    checkpoint = min(limit + 1, deadline == nil ? limit + 1 : spent + Self.clockInterval)
    return true
  }
}

/// An association file compiled for matching: each pattern read once into symbols and uses of
/// variables, each variable's values once into globs. Matching a URL simulates the pattern on
/// the set of the text's positions it can reach (bit sets of 64 positions a word); a use of a
/// variable moves each reached position to the ends of the variable's values from there,
/// worked out once per variable, text and position. A URL therefore costs steps in proportion
/// to the symbols of the file's patterns and values, never to their product: no value is
/// matched again for another use of its variable.
public struct AASAClaimMatcher {
  let association: AppSiteAssociation
  /// Per detail, per component: the component compiled with its settings in force.
  let components: [[CompiledComponent]]
  /// The symbols and variables the compiled patterns refer to by number.
  let tables: MatchTables

  public init(_ association: AppSiteAssociation) {
    self.association = association
    var compiler = PatternCompiler(variables: SubstitutionVariables(association.substitutionVariables))
    components = association.details.map { detail in
      detail.components.map { component in
        let settings = association.effectiveSettings(component, in: detail)
        return CompiledComponent(component, settings: settings, compiler: &compiler)
      }
    }
    tables = compiler.tables
  }

  /// As `AppSiteAssociation.claims`, spending from `budget`: `undecided` once it runs out.
  public func claims(
    appID: String? = nil, path: String, query: String? = nil, fragment: String? = nil,
    budget: inout AASAMatchBudget
  ) -> ClaimAnswer {
    var session = MatchSession(tables: tables, path: path, query: query, fragment: fragment)
    for (detailIndex, detail) in association.details.enumerated() {
      if let appID, !detail.appIDs.contains(appID) { continue }
      for (componentIndex, compiled) in components[detailIndex].enumerated() {
        guard let matched = compiled.matches(&session, &budget) else { return ClaimAnswer(decision: .undecided) }
        if matched {
          let component = detail.components[componentIndex]
          return ClaimAnswer(
            decision: component.exclude ? .excluded : .claimed, detailIndex: detailIndex,
            componentIndex: componentIndex, component: component)
        }
      }
    }
    return ClaimAnswer(decision: .unclaimed)
  }
}

/// One step of a compiled pattern: the symbol numbered, or a use of the variable numbered
/// (`MatchTables`).
enum MatchOp: Hashable {
  case symbol(Int)
  case variable(Int)
}

/// What compiled patterns refer to by number: each distinct symbol (`run` is number 0), and
/// the globs of each variable at one case folding, as symbol numbers.
struct MatchTables {
  var symbols: [AASASymbol] = [.run]
  var globs: [[[Int]]] = []
}

/// Reads patterns into `MatchOp`s, numbering each variable (at a case folding) once.
struct PatternCompiler {
  let variables: SubstitutionVariables
  var tables = MatchTables()
  private var symbolNumbers: [AASASymbol: Int] = [.run: 0]
  private var numbers: [String: Int] = [:]
  private var foldedNumbers: [String: Int] = [:]

  init(variables: SubstitutionVariables) { self.variables = variables }

  /// The number of `symbol` in the tables, given on first sight.
  private mutating func number(_ symbol: AASASymbol) -> Int {
    if let known = symbolNumbers[symbol] { return known }
    let number = tables.symbols.count
    tables.symbols.append(symbol)
    symbolNumbers[symbol] = number
    return number
  }

  /// The pattern's steps; nil when it uses a variable nothing defines (it matches nothing).
  mutating func compile(_ pattern: String, fold: Bool) -> [MatchOp]? {
    guard pattern.utf8.contains(UInt8(ascii: "$")) else {
      return AASASymbol.symbols(pattern, fold: fold).map { .symbol(number($0)) }
    }
    var ops: [MatchOp] = []
    for part in AASAPatternPart.parts(pattern) {
      switch part {
      case .text(let text): ops += AASASymbol.symbols(text, fold: fold).map { .symbol(number($0)) }
      case .variable(let name):
        if let number = fold ? foldedNumbers[name] : numbers[name] {
          ops.append(.variable(number))
          continue
        }
        guard let values = variables.globs(name, fold: fold) else { return nil }
        let variable = tables.globs.count
        tables.globs.append(values.map { $0.map { number($0) } })
        if fold { foldedNumbers[name] = variable } else { numbers[name] = variable }
        ops.append(.variable(variable))
      }
    }
    return ops
  }
}

/// A component ready to match: each pattern compiled at the component's case folding; nil
/// where a pattern uses an undefined variable.
struct CompiledComponent {
  let caseSensitive: Bool
  let percentEncoded: Bool
  let path: [MatchOp]??
  /// For a path ending in `/*`, the pattern without it (the bare prefix matches too); nil for
  /// another path, or one that uses an undefined variable.
  let barePath: [MatchOp]?
  let wholeQuery: [MatchOp]??
  let queryItems: [(name: String, ops: [MatchOp]?)]
  let hasItems: Bool
  let fragment: [MatchOp]??

  init(
    _ component: AASAComponent, settings: (caseSensitive: Bool, percentEncoded: Bool), compiler: inout PatternCompiler
  ) {
    caseSensitive = settings.caseSensitive
    percentEncoded = settings.percentEncoded
    let fold = !settings.caseSensitive
    path = component.path.map { compiler.compile($0, fold: fold) }
    barePath = component.path.flatMap {
      $0.hasSuffix("/*") ? compiler.compile(String($0.dropLast(2)), fold: fold) : nil
    }
    switch component.query {
    case .whole(let pattern):
      wholeQuery = .some(compiler.compile(pattern, fold: fold))
      queryItems = []
      hasItems = false
    case .items(let items):
      wholeQuery = nil
      queryItems = items.map { ($0.name, compiler.compile($0.pattern, fold: fold)) }
      hasItems = true
    case nil:
      wholeQuery = nil
      queryItems = []
      hasItems = false
    }
    fragment = component.fragment.map { compiler.compile($0, fold: fold) }
  }

  /// Whether the component matches the session's URL; nil when the budget ran out.
  func matches(_ session: inout MatchSession, _ budget: inout AASAMatchBudget) -> Bool? {
    let fold = !caseSensitive
    func run(_ ops: [MatchOp]?, _ text: String) -> Bool? {
      guard let ops else { return false }
      return session.text(text, percentEncoded: percentEncoded, fold: fold).matches(ops, &budget)
    }
    if let path {
      guard let whole = run(path, session.path) else { return nil }
      if !whole {
        guard let barePath else { return false }
        guard let prefix = run(barePath, session.path) else { return nil }
        if !prefix { return false }
      }
    }
    if case .some(let pattern) = wholeQuery {
      guard let matched = run(pattern, session.query ?? "") else { return nil }
      if !matched { return false }
    }
    if hasItems {
      let present = session.queryItems
      for item in queryItems {
        let name = percentEncoded ? item.name : AASAPatternMatcher.percentDecoded(item.name)
        guard
          let value = present.first(where: {
            (percentEncoded ? $0.name : AASAPatternMatcher.percentDecoded($0.name)) == name
          })?.value
        else { return false }
        guard let matched = run(item.ops, value) else { return nil }
        if !matched { return false }
      }
    }
    if case .some(let pattern) = fragment {
      guard let matched = run(pattern, session.fragment ?? "") else { return nil }
      if !matched { return false }
    }
    return true
  }
}

/// One URL being matched: its texts as each component reads them (percent-decoded or not,
/// case-folded or not), each prepared once with what matching has learnt of it.
struct MatchSession {
  let tables: MatchTables
  let path: String
  let query: String?
  let fragment: String?
  private(set) lazy var queryItems = AASAPatternMatcher.queryItems(query ?? "")
  private var texts: [TextKey: MatchText] = [:]

  struct TextKey: Hashable {
    let text: String
    let percentEncoded: Bool
    let fold: Bool
  }

  init(tables: MatchTables, path: String, query: String?, fragment: String?) {
    self.tables = tables
    self.path = path
    self.query = query
    self.fragment = fragment
  }

  mutating func text(_ text: String, percentEncoded: Bool, fold: Bool) -> MatchText {
    let key = TextKey(text: text, percentEncoded: percentEncoded, fold: fold)
    if let known = texts[key] { return known }
    let prepared = percentEncoded ? text : AASAPatternMatcher.percentDecoded(text)
    let made = MatchText(Array((fold ? prepared.lowercased() : prepared).unicodeScalars), tables: tables)
    texts[key] = made
    return made
  }
}

/// A text being matched, as Unicode scalars, with the positions each symbol matches and the
/// ends each variable reaches from a position, learnt as matching asks for them.
final class MatchText {
  let scalars: [Unicode.Scalar]
  let tables: MatchTables
  /// Bits per set: one per position, 0 through `scalars.count`.
  let words: Int
  /// By symbol number, the positions after each character the symbol matches, once asked for.
  private var masks: [[UInt64]?]
  private var reach: [Int: [Int: [UInt64]]] = [:]

  init(_ scalars: [Unicode.Scalar], tables: MatchTables) {
    self.scalars = scalars
    self.tables = tables
    words = (scalars.count + 1 + 63) / 64
    masks = Array(repeating: nil, count: tables.symbols.count)
  }

  /// Whether `ops` match the whole text; nil when the budget ran out.
  func matches(_ ops: [MatchOp], _ budget: inout AASAMatchBudget) -> Bool? {
    var reached = Array(repeating: UInt64(0), count: words)
    reached[0] = 1
    guard advance(ops, &reached, &budget) else { return nil }
    let last = scalars.count
    return reached[last >> 6] & (1 << UInt64(last & 63)) != 0
  }

  /// Moves `reached` along `ops`; false when the budget ran out.
  private func advance(_ ops: [MatchOp], _ reached: inout [UInt64], _ budget: inout AASAMatchBudget) -> Bool {
    for op in ops {
      guard budget.spend(words) else { return false }
      switch op {
      case .symbol(let symbol): if !step(symbol, &reached) { return true }
      case .variable(let number):
        var next = Array(repeating: UInt64(0), count: words)
        var any: UInt64 = 0
        for index in 0..<words {
          var word = reached[index]
          while word != 0 {
            let position = index << 6 | word.trailingZeroBitCount
            word &= word - 1
            guard let ends = ends(of: number, from: position, &budget) else { return false }
            for slot in 0..<words {
              next[slot] |= ends[slot]
              any |= ends[slot]
            }
          }
        }
        reached = next
        if any == 0 { return true }
      }
    }
    return true
  }

  /// Moves `reached` along one symbol; false when nothing is reached any more.
  private func step(_ symbol: Int, _ reached: inout [UInt64]) -> Bool {
    if symbol == 0 {
      guard let first = reached.firstIndex(where: { $0 != 0 }) else { return false }
      let lowest = reached[first] & (0 &- reached[first])
      reached[first] = ~(lowest &- 1)
      for index in (first + 1)..<words { reached[index] = ~0 }
      trim(&reached)
      return true
    }
    let mask = self.mask(symbol)
    var carry: UInt64 = 0
    var any: UInt64 = 0
    for index in 0..<words {
      let word = reached[index]
      reached[index] = ((word << 1) | carry) & mask[index]
      carry = word >> 63
      any |= reached[index]
    }
    return any != 0
  }

  /// The positions the values of variable `number` reach from `position`, learnt once.
  private func ends(of number: Int, from position: Int, _ budget: inout AASAMatchBudget) -> [UInt64]? {
    if let known = reach[number]?[position] { return known }
    var start = Array(repeating: UInt64(0), count: words)
    start[position >> 6] = 1 << UInt64(position & 63)
    var union = Array(repeating: UInt64(0), count: words)
    for glob in tables.globs[number] {
      guard budget.spend(1) else { return nil }
      var reached = start
      var alive = true
      for symbol in glob where alive {
        guard budget.spend(words) else { return nil }
        alive = step(symbol, &reached)
      }
      if alive { for slot in 0..<words { union[slot] |= reached[slot] } }
    }
    reach[number, default: [:]][position] = union
    return union
  }

  /// The positions after each character `symbol` matches: bit `j + 1` for character `j`.
  private func mask(_ number: Int) -> [UInt64] {
    if let known = masks[number] { return known }
    let symbol = tables.symbols[number]
    var mask = Array(repeating: UInt64(0), count: words)
    for (index, character) in scalars.enumerated() where symbol.matches(character) {
      mask[(index + 1) >> 6] |= 1 << UInt64((index + 1) & 63)
    }
    masks[number] = mask
    return mask
  }

  /// Clears the bits past the last position.
  private func trim(_ set: inout [UInt64]) {
    let bits = scalars.count + 1
    let used = bits & 63
    if used != 0 { set[words - 1] &= (1 << UInt64(used)) - 1 }
  }
}

/// Apple's pattern language: `*` matches any run of characters (`/` included), `?` exactly one,
/// `$(name)` any one of the variable's values.
enum AASAPatternMatcher {
  /// Whether `text` matches the pattern in full (`AASAClaimMatcher`'s rule for one pattern);
  /// false when a standard budget runs out.
  static func matches(
    _ pattern: String, _ text: String, caseSensitive: Bool, variables: SubstitutionVariables = .init()
  ) -> Bool {
    var compiler = PatternCompiler(variables: variables)
    guard let ops = compiler.compile(pattern, fold: !caseSensitive) else { return false }
    let scalars = Array((caseSensitive ? text : text.lowercased()).unicodeScalars)
    var budget = AASAMatchBudget()
    return MatchText(scalars, tables: compiler.tables).matches(ops, &budget) ?? false
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
