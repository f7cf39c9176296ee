import ContractArtifacts
import Testing

struct AASAMatcherTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let components: [AASAComponent]
    var defaults: AASAMatchSettings? = nil
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

  @Test(arguments: cases)
  func answers(_ item: Case) {
    let association = AppSiteAssociation(
      defaults: item.defaults,
      details: [AASADetail(appIDs: ["A1B2C3D4E5.com.example.app"], components: item.components)])
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
