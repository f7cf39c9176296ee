import DesignFixture
import Testing

@testable import ContractArtifacts

/// Conformance case ids: ASCII text takes a byte path that gives what the character path gives.
@Suite struct CaseIDTests {
  @Test(
    "Kebab-case ids: lowercase letters and digits, every other run one dash",
    arguments: [
      ("production-business-https-Trailing slash", "production-business-https-trailing-slash"),
      ("--a__b--", "a-b"),
      ("\r\nX\r\n9", "x-9"),
      ("", ""),
      ("Ünïcode-café", "n-code-caf"),
    ])
  func kebab(_ text: String, _ expected: String) {
    #expect(CaseBuilder.kebab(text) == expected)
    #expect(CaseBuilder.kebabByCharacters(text) == expected)
  }

  static let alphabet = Array("aAzZ09 -_.:/?&=#%@\t\r\n~")

  @Test("ASCII text as bytes gives the id read as characters", arguments: 0..<4)
  func bytesMatchCharacters(_ seed: Int) {
    var random = SplitMix64(name: "kebab \(seed)")
    for round in 0..<300 {
      let text = random.string(Self.alphabet, count: random.int(0...39))
      #expect(
        CaseBuilder.kebab(text) == CaseBuilder.kebabByCharacters(text), "round \(round): \(text.debugDescription)")
    }
  }
}
