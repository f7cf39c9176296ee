import DesignFixture
import LinkContract
import Testing

@testable import LinkLifecycle

// The lifecycle speaks of the adopter's own fallback and calls its user as its contract does.

@Suite("The lifecycle in the adopter's words")
struct AdopterWordsTests {
  @Test("A rejected link goes to the fallback route class's own destination", arguments: AdopterCase.three)
  func fallbackWords(_ adopter: AdopterCase) throws {
    let contract = adopter.contract
    let fallback = try #require(contract.fallback)
    let summary = Observation.show(.trustedNavigation).summary(contract)
    #expect(summary.contains(fallback.title))
    #expect(summary.contains(fallback.destination))
    let scenario = try #require(Scenarios.all(contract).first { $0.id == "unknown-route-fallback" })
    #expect(scenario.title.contains(fallback.title))
  }

  @Test("The scenarios' titles call a signed-out user as the contract calls its user", arguments: AdopterCase.three)
  func signedOutUser(_ adopter: AdopterCase) throws {
    let noun = try #require(adopter.contract.user.split(separator: " ").last)
    let titles = Scenarios.all(adopter.contract).map(\.title).filter { $0.lowercased().contains("signed-out ") }
    #expect(!titles.isEmpty)
    for title in titles { #expect(title.lowercased().contains("signed-out " + noun.lowercased()), "\(title)") }
  }
}
