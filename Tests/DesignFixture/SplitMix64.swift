// Test support: a seeded random generator shared by the property tests.

/// SplitMix64 (Steele, Lea and Flood): a small, fast, deterministic generator.
public struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  /// A generator seeded from a name (FNV-1a), so each parameterized case has its own stream.
  public init(name: String) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    state = hash
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
  public mutating func bool() -> Bool { next() & 1 == 1 }
  public mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

  /// `count` characters drawn from `alphabet`.
  public mutating func string(_ alphabet: [Character], count: Int) -> String {
    String((0..<count).map { _ in pick(alphabet) })
  }

  /// `text` with each ASCII letter in a random case.
  public mutating func randomCase(_ text: String) -> String {
    String(
      text.map { character -> Character in
        guard character.isASCII, character.isLetter else { return character }
        return bool() ? Character(character.uppercased()) : Character(character.lowercased())
      })
  }
}
