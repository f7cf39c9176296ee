import ContractArtifacts
import Testing

/// Hostile `apple-app-site-association` files built here (many substitution variables, many
/// values, many uses, nested `*` and `?`): the matcher's work, counted in its steps, grows with
/// the file, never with values times uses; past its bound the answer is `undecided`.
struct AASAHostileMatchTests {
  static let app = "ABCDE12345.org.hostile.app"

  /// How a hostile file is made; `scale` multiplies its values and its components.
  struct Shape: Sendable, CustomTestStringConvertible {
    let name: String
    let variables: Int
    let values: Int
    let components: Int
    let uses: Int
    let nested: Bool
    var testDescription: String { name }

    func association(scale: Int) -> AppSiteAssociation {
      var variables: [String: [String]] = [:]
      for number in 0..<self.variables {
        variables["v\(number)"] = (0..<(values * scale)).map { index in
          nested ? "\(String(repeating: "a", count: index % 4))*v\(number)?\(index)*b" : "v\(number)x\(index)"
        }
      }
      var components: [AASAComponent] = []
      for index in 0..<(self.components * scale) {
        let used = (0..<uses).map { "$(v\((index + $0) % self.variables))" }
        let path = "/" + used.joined(separator: nested ? "*/?*" : "/") + (nested ? "/\(index)/*" : "/\(index)")
        components.append(
          AASAComponent(
            path: path, query: .items([AASAQueryItem(name: "q", pattern: "*" + used.joined(separator: "*"))]),
            fragment: used.reversed().joined(separator: "*"), exclude: index % 3 == 0))
      }
      components.append(AASAComponent(path: "/last"))
      var association = AppSiteAssociation(details: [
        AASADetail(appIDs: [AASAHostileMatchTests.app], components: components)
      ])
      association.substitutionVariables = variables
      return association
    }
  }

  static let shapes: [Shape] = [
    Shape(name: "many values", variables: 2, values: 200, components: 20, uses: 2, nested: false),
    Shape(name: "many uses", variables: 4, values: 20, components: 20, uses: 12, nested: false),
    Shape(name: "many variables", variables: 40, values: 10, components: 40, uses: 4, nested: false),
    Shape(name: "nested patterns", variables: 8, values: 40, components: 30, uses: 4, nested: true),
  ]

  /// URLs that walk the whole file: a path only the last component claims, and one that the
  /// hostile components' values and wildcards keep alive far into each pattern.
  static let probes: [(path: String, query: String?, fragment: String?)] = [
    ("/last", nil, nil),
    ("/aa*v0a1x1b/x/av1a2bv2x3b/aaa/v3x4b/7/end", "q=av1ab*v2?3b", "v3x1bv0a2b"),
  ]

  func steps(_ association: AppSiteAssociation) -> (steps: Int, decisions: [ClaimDecision]) {
    let matcher = AASAClaimMatcher(association)
    var budget = AASAMatchBudget()
    let decisions = Self.probes.map {
      matcher.claims(path: $0.path, query: $0.query, fragment: $0.fragment, budget: &budget).decision
    }
    return (budget.spent, decisions)
  }

  @Test("Twice the values and components cost at most about twice the steps", arguments: shapes)
  func stepsGrowWithTheFile(_ shape: Shape) {
    let small = steps(shape.association(scale: 1))
    let large = steps(shape.association(scale: 2))
    #expect(small.decisions.first == .claimed)
    #expect(large.decisions.first == .claimed)
    #expect(!large.decisions.contains(.undecided))
    // A matcher that reads each value again at each use takes four times the steps here.
    #expect(large.steps <= small.steps * 5 / 2, "\(small.steps) steps, then \(large.steps)")
  }

  @Test("Past its bound the matcher answers undecided and says which bound ran out", arguments: shapes)
  func boundReached(_ shape: Shape) {
    let matcher = AASAClaimMatcher(shape.association(scale: 1))
    var budget = AASAMatchBudget(steps: 50)
    #expect(matcher.claims(path: "/last", budget: &budget).decision == .undecided)
    #expect(budget.exhausted == .steps)
    // From then on, every answer is undecided without more work.
    let spent = budget.spent
    #expect(matcher.claims(path: "/none", budget: &budget).decision == .undecided)
    #expect(budget.spent <= spent + 64)
    var late = AASAMatchBudget(deadline: .now)
    #expect(matcher.claims(path: "/last", budget: &late).decision == .undecided)
    #expect(late.exhausted == .deadline)
  }

  @Test("A file without variables stays far inside the standard bound")
  func plainFileIsDecided() {
    let components = (0..<2_000).map { AASAComponent(path: "/p\($0)/*/x?") } + [AASAComponent(path: "/last")]
    let association = AppSiteAssociation(details: [AASADetail(appIDs: [Self.app], components: components)])
    let (spent, decisions) = steps(association)
    #expect(decisions == [.claimed, .unclaimed])
    #expect(spent < AASAMatchBudget.standardSteps / 100)
  }
}
