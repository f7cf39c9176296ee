import DesignFixture
import LinkContract
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

/// The parts of ids made from an adopter's names, and the adversarial hosts made from its own.
@Suite struct AdopterIDPartTests {
  @Test(
    "Names become kebab-case id parts, or positions where two would read alike",
    arguments: [
      (["port", "outcome"], true, ["port", "outcome"]),
      (["user_id", "user-id"], true, ["1", "2"]),
      (["userId", "user_id"], true, ["userid", "user-id"]),
      (["Port", "port"], false, ["1", "2"]),
      (["x", "x-body"], true, ["1", "2"]),
      (["x", "x-body"], false, ["x", "x-body"]),
      (["_", "a"], true, ["1", "2"]),
    ])
  func idParts(_ names: [String], _ prefixFree: Bool, _ expected: [String]) {
    #expect(CaseBuilder.idParts(names, prefixFree: prefixFree) == expected)
  }

  static let hosts = (Contract.ferry.builds + Contract.design.builds).map(\.webHost)

  @Test("A homograph of a host differs from it in one letter, which is not ASCII", arguments: hosts)
  func homograph(_ host: String) {
    let look = Array(CaseBuilder.homograph(host))
    let differing = zip(look, Array(host)).filter { $0 != $1 }
    #expect(look.count == host.count && differing.count == 1 && differing.allSatisfy { !$0.0.isASCII })
  }

  @Test("A host with an encoded dot decodes to the host", arguments: hosts)
  func encodedDot(_ host: String) {
    let encoded = CaseBuilder.encodedDot(host)
    #expect(encoded != host && encoded.replacing("%2E", with: ".") == host)
  }
}
