import AssociationChecks
import ContractArtifacts
import Testing

struct AASAMatcherTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let components: [AASAComponent]
    var defaults: AASAMatchSettings? = nil
    var variables: [String: [String]] = [:]
    let path: String
    var query: String? = nil
    var fragment: String? = nil
    let decision: ClaimDecision
    /// The 0-based component that decides, nil when unclaimed.
    let by: Int?
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    .init(name: "exact path", components: [.init(path: "/start")], path: "/start", decision: .claimed, by: 0),
    .init(
      name: "exact path, trailing slash", components: [.init(path: "/start")], path: "/start/", decision: .unclaimed,
      by: nil),
    .init(name: "star spans slashes", components: [.init(path: "/a/*")], path: "/a/b/c", decision: .claimed, by: 0),
    .init(
      name: "trailing /* covers the bare prefix", components: [.init(path: "/a/*")], path: "/a", decision: .claimed,
      by: 0),
    .init(
      name: "trailing /* does not cover a longer word", components: [.init(path: "/a/*")], path: "/ab",
      decision: .unclaimed, by: nil),
    .init(
      name: "question mark is one character", components: [.init(path: "/p/??")], path: "/p/12", decision: .claimed,
      by: 0),
    .init(
      name: "question mark is not two", components: [.init(path: "/p/??")], path: "/p/123", decision: .unclaimed,
      by: nil),
    .init(
      name: "first match wins: exclude first", components: [.init(path: "/b/*/x", exclude: true), .init(path: "/b/*")],
      path: "/b/1/x", decision: .excluded, by: 0),
    .init(
      name: "first match wins: claim first", components: [.init(path: "/b/*"), .init(path: "/b/*/x", exclude: true)],
      path: "/b/1/x", decision: .claimed, by: 0),
    .init(
      name: "falls through to a later component",
      components: [.init(path: "/b/*/x", exclude: true), .init(path: "/b/*")], path: "/b/1", decision: .claimed, by: 1),
    .init(
      name: "case-sensitive by default", components: [.init(path: "/start")], path: "/Start", decision: .unclaimed,
      by: nil),
    .init(
      name: "caseSensitive false on the component",
      components: [.init(path: "/start", settings: .init(caseSensitive: false))], path: "/START", decision: .claimed,
      by: 0),
    .init(
      name: "caseSensitive false in defaults", components: [.init(path: "/start")],
      defaults: .init(caseSensitive: false), path: "/START", decision: .claimed, by: 0),
    .init(
      name: "percent-encoded: compared as written", components: [.init(path: "/a b")], path: "/a%20b",
      decision: .unclaimed, by: nil),
    .init(
      name: "percentEncoded false: decoded first",
      components: [.init(path: "/a b", settings: .init(percentEncoded: false))], path: "/a%20b", decision: .claimed,
      by: 0),
    .init(
      name: "query dictionary item present",
      components: [.init(path: "/q", query: .items([.init(name: "id", pattern: "??")]))], path: "/q",
      query: "x=1&id=42", decision: .claimed, by: 0),
    .init(
      name: "query dictionary item missing",
      components: [.init(path: "/q", query: .items([.init(name: "id", pattern: "*")]))], path: "/q", query: "x=1",
      decision: .unclaimed, by: nil),
    .init(
      name: "query dictionary value mismatch",
      components: [.init(path: "/q", query: .items([.init(name: "id", pattern: "??")]))], path: "/q", query: "id=4",
      decision: .unclaimed, by: nil),
    .init(
      name: "query string pattern", components: [.init(query: .whole("a=*"))], path: "/any", query: "a=1",
      decision: .claimed, by: 0),
    .init(
      name: "no query key matches any query", components: [.init(path: "/q")], path: "/q", query: "utm=1",
      decision: .claimed, by: 0),
    .init(
      name: "fragment pattern", components: [.init(fragment: "nolink", exclude: true), .init(path: "*")], path: "/x",
      fragment: "nolink", decision: .excluded, by: 0),
    .init(
      name: "fragment pattern, other fragment",
      components: [.init(fragment: "nolink", exclude: true), .init(path: "*")], path: "/x", fragment: "other",
      decision: .claimed, by: 1),
    .init(name: "empty components claim nothing", components: [], path: "/", decision: .unclaimed, by: nil),
  ]

  static let food = ["food": ["burrito", "pizza", "sushi", "samosa"]]
  static let apple = AASAComponent(path: "/$(lang)_$(region)/$(food)/")

  /// Substitution variables: a `$(name)` matches any one of the variable's values.
  static let variableCases: [Case] = [
    .init(
      name: "a value of the variable", components: [.init(path: "/$(food)/*")], variables: food, path: "/pizza/menu",
      decision: .claimed, by: 0),
    .init(
      name: "not a value of the variable", components: [.init(path: "/$(food)/*")], variables: food, path: "/taco/menu",
      decision: .unclaimed, by: nil),
    .init(
      name: "the bare prefix of a trailing /*", components: [.init(path: "/$(food)/*")], variables: food,
      path: "/sushi", decision: .claimed, by: 0),
    .init(
      name: "Apple's example", components: [apple], variables: food, path: "/en_US/samosa/", decision: .claimed, by: 0),
    .init(
      name: "Apple's example, case-sensitive region", components: [apple], variables: food, path: "/en_us/samosa/",
      decision: .unclaimed, by: nil),
    .init(
      name: "Apple's example, case-sensitive value", components: [apple], variables: food, path: "/en_US/Samosa/",
      decision: .unclaimed, by: nil),
    .init(
      name: "Apple's example, caseSensitive false", components: [apple], defaults: .init(caseSensitive: false),
      variables: food, path: "/EN_us/SAMOSA/", decision: .claimed, by: 0),
    .init(
      name: "a value with wildcards", components: [.init(path: "/$(food)")], variables: ["food": ["pi*", "s?shi"]],
      path: "/sashi", decision: .claimed, by: 0),
    .init(
      name: "a value is matched whole", components: [.init(path: "/$(food)x")], variables: ["food": ["pi"]],
      path: "/pizzax", decision: .unclaimed, by: nil),
    .init(
      name: "one digit", components: [.init(path: "/p/$(digit)")], path: "/p/7", decision: .claimed, by: 0),
    .init(
      name: "one digit, not two", components: [.init(path: "/p/$(digit)")], path: "/p/77", decision: .unclaimed,
      by: nil),
    .init(
      name: "hex digits", components: [.init(path: "/c/$(xdigit)$(xdigit)")], path: "/c/fF", decision: .claimed, by: 0),
    .init(
      name: "not a hex digit", components: [.init(path: "/c/$(xdigit)$(xdigit)")], path: "/c/fg", decision: .unclaimed,
      by: nil),
    .init(name: "upper", components: [.init(path: "/$(upper)")], path: "/Q", decision: .claimed, by: 0),
    .init(name: "upper, not lower", components: [.init(path: "/$(upper)")], path: "/q", decision: .unclaimed, by: nil),
    .init(
      name: "upper, caseSensitive false", components: [.init(path: "/$(upper)", settings: .init(caseSensitive: false))],
      path: "/q", decision: .claimed, by: 0),
    .init(name: "lower", components: [.init(path: "/$(lower)")], path: "/q", decision: .claimed, by: 0),
    .init(name: "alpha", components: [.init(path: "/$(alpha)$(alpha)")], path: "/zA", decision: .claimed, by: 0),
    .init(name: "alnum", components: [.init(path: "/$(alnum)$(alnum)")], path: "/z9", decision: .claimed, by: 0),
    .init(
      name: "alnum is ASCII", components: [.init(path: "/$(alnum)")], path: "/é", decision: .unclaimed, by: nil),
    .init(
      name: "lang of three letters", components: [.init(path: "/$(lang)")], path: "/deu", decision: .claimed, by: 0),
    .init(
      name: "lang of one letter", components: [.init(path: "/$(lang)")], path: "/d", decision: .unclaimed, by: nil),
    .init(
      name: "region of three digits", components: [.init(path: "/$(region)")], path: "/419", decision: .claimed, by: 0),
    .init(
      name: "region of three letters", components: [.init(path: "/$(region)")], path: "/USA", decision: .unclaimed,
      by: nil),
    .init(
      name: "an undefined variable matches nothing", components: [.init(path: "/$(nope)")], path: "/$(nope)",
      decision: .unclaimed, by: nil),
    .init(
      name: "a redefined predefined variable reads the file's values", components: [.init(path: "/$(digit)")],
      variables: ["digit": ["x"]], path: "/x", decision: .claimed, by: 0),
    .init(
      name: "a variable with no values matches nothing", components: [.init(path: "/$(food)")],
      variables: ["food": []], path: "/", decision: .unclaimed, by: nil),
    .init(
      name: "a $( nothing closes is text", components: [.init(path: "/a$(b")], path: "/a$(b", decision: .claimed,
      by: 0),
    .init(
      name: "a query item value", components: [.init(query: .items([.init(name: "id", pattern: "$(digit)$(digit)")]))],
      path: "/", query: "id=42", decision: .claimed, by: 0),
    .init(
      name: "a fragment", components: [.init(fragment: "$(food)")], variables: food, path: "/", fragment: "burrito",
      decision: .claimed, by: 0),
    .init(
      name: "percentEncoded false decodes the URL, not the value",
      components: [.init(path: "/$(food)", settings: .init(percentEncoded: false))], variables: ["food": ["a b"]],
      path: "/a%20b", decision: .claimed, by: 0),
    .init(
      name: "an exclude with a variable decides first",
      components: [.init(path: "/$(lang)/private/*", exclude: true), .init(path: "/*")], path: "/en/private/x",
      decision: .excluded, by: 0),
  ]

  @Test(arguments: cases + variableCases)
  func answers(_ item: Case) {
    var association = AppSiteAssociation(
      defaults: item.defaults,
      details: [AASADetail(appIDs: ["A1B2C3D4E5.com.example.app"], components: item.components)])
    association.substitutionVariables = item.variables
    let answer = association.claims(path: item.path, query: item.query, fragment: item.fragment)
    #expect(answer.decision == item.decision)
    #expect(answer.componentIndex == item.by)
  }

  @Test func readsOnlyTheDetailsOfTheApp() {
    let association = AppSiteAssociation(details: [
      AASADetail(appIDs: ["A1B2C3D4E5.com.other"], components: [.init(path: "*")]),
      AASADetail(appIDs: ["A1B2C3D4E5.com.example.app"], components: [.init(path: "/start")]),
    ])
    #expect(association.claims(appID: "A1B2C3D4E5.com.example.app", path: "/x").decision == .unclaimed)
    #expect(association.claims(appID: "A1B2C3D4E5.com.example.app", path: "/start").detailIndex == 1)
  }

  struct Coverage: Sendable, CustomTestStringConvertible {
    let earlier: AASAComponent
    let later: AASAComponent
    let unreachable: Bool
    var testDescription: String { "\(earlier.summary) before \(later.summary)" }
  }

  static let coverage: [Coverage] = [
    .init(
      earlier: .init(path: "/business/*"), later: .init(path: "/business/*/category/*", exclude: true),
      unreachable: true),
    .init(
      earlier: .init(path: "/business/*/category/*", exclude: true), later: .init(path: "/business/*"),
      unreachable: false),
    .init(
      earlier: .init(path: "/business/bz_*"), later: .init(path: "/business/*/category/*", exclude: true),
      unreachable: false),
    .init(earlier: .init(path: "*"), later: .init(path: "/x", query: .whole("a")), unreachable: true),
    .init(earlier: .init(path: "/a/*"), later: .init(path: "/a"), unreachable: true),
    .init(earlier: .init(path: "/a/?"), later: .init(path: "/a/*"), unreachable: false),
    .init(
      earlier: .init(path: "/x", query: .items([.init(name: "a", pattern: "*")])), later: .init(path: "/x"),
      unreachable: false),
    .init(
      earlier: .init(path: "/x", settings: .init(caseSensitive: true)),
      later: .init(path: "/x", settings: .init(caseSensitive: false)), unreachable: false),
    .init(
      earlier: .init(path: "/X", settings: .init(caseSensitive: false)), later: .init(path: "/x"), unreachable: true),
  ]

  @Test(arguments: coverage)
  func findsUnreachableComponents(_ item: Coverage) {
    let association = AppSiteAssociation(details: [
      AASADetail(appIDs: ["A1B2C3D4E5.com.example.app"], components: [item.earlier, item.later])
    ])
    #expect(!association.unreachableComponents().isEmpty == item.unreachable)
  }
}

/// Substitution variables against Apple's wording, "the system replaces the variable with each
/// string": the matcher, which never multiplies a pattern out, against the matcher of every
/// pattern written out; and the reachability analysis against the matcher.
struct SubstitutionVariableTests {
  static let app = "A1B2C3D4E5.com.example.app"
  static let variables = ["v": ["a", "b*", "?1", ""]]

  /// `/` and then every word of up to `length` symbols of `symbols`.
  static func words(_ symbols: [String], upTo length: Int) -> [String] {
    var found = [""]
    var last = [""]
    for _ in 0..<length {
      last = last.flatMap { word in symbols.map { word + $0 } }
      found += last
    }
    return found.map { "/" + $0 }
  }

  static let patterns = words(["a", "*", "?", "$(v)"], upTo: 3)
  static let paths = words(["a", "b", "1"], upTo: 4)

  static func association(_ components: [AASAComponent]) -> AppSiteAssociation {
    var association = AppSiteAssociation(details: [AASADetail(appIDs: [app], components: components)])
    association.substitutionVariables = variables
    return association
  }

  /// `pattern` with each `$(v)` replaced, each use on its own, by each value.
  static func writtenOut(_ pattern: String) -> [String] {
    guard let range = pattern.range(of: "$(v)") else { return [pattern] }
    return variables["v", default: []].flatMap { value in
      writtenOut(pattern.replacingCharacters(in: range, with: value))
    }
  }

  @Test(arguments: patterns.filter { $0.contains("$(") })
  func matchesAsEveryPatternWrittenOut(_ pattern: String) {
    let withVariables = Self.association([AASAComponent(path: pattern)])
    let writtenOut = Self.association(Self.writtenOut(pattern).map { AASAComponent(path: $0) })
    for path in Self.paths {
      #expect(
        withVariables.claims(path: path).decision == writtenOut.claims(path: path).decision, "\(pattern) on \(path)")
    }
  }

  /// Whenever the analysis says a later component is unreachable, the earlier one matches
  /// every path the later one matches.
  @Test func aComponentFoundUnreachableMatchesNothingTheEarlierOneDoesNot() {
    let patterns = Self.words(["a", "*", "$(v)", "$(digit)", "$(lower)"], upTo: 2)
    let paths = Self.words(["a", "b", "1", "C"], upTo: 3)
    let matched = Dictionary(
      uniqueKeysWithValues: patterns.map { pattern in
        (pattern, Set(paths.filter { Self.association([.init(path: pattern)]).claims(path: $0).decision == .claimed }))
      })
    var found = 0
    for earlier in patterns {
      for later in patterns {
        guard !Self.association([.init(path: earlier), .init(path: later)]).unreachableComponents().isEmpty else {
          continue
        }
        found += 1
        #expect(matched[later, default: []].isSubset(of: matched[earlier, default: []]), "\(earlier) before \(later)")
      }
    }
    #expect(found > patterns.count, "only \(found) pairs found unreachable")
  }

  @Test func variablesAreWrittenAndReadBack() {
    var association = Self.association([AASAComponent(path: "/$(v)/*")])
    association.substitutionVariables["empty"] = []
    let read = decodeAppSiteAssociation(association.json).association
    #expect(read.substitutionVariables == association.substitutionVariables)
    #expect(read == association)
  }
}
