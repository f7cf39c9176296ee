import CustomerApp
import DesignFixture
import Testing

@testable import LinkContract

// docs/design.md, "Forbidden keys": the word rule, its examples both ways, and every listed word
// in every spelling the rule promises to catch.

private let words = Contract.customerApp.forbiddenKeys

/// One key and whether the word rule forbids it.
struct KeyCase: Sendable, CustomTestStringConvertible {
  let key: String
  let forbidden: Bool
  var testDescription: String { "\(key) is \(forbidden ? "forbidden" : "allowed")" }

  static let designExamples: [KeyCase] =
    [
      "access_token", "X-Api-Key", "private_key", "e-mail", "geo_lat", "lat:51.5", "pin1234", "tokens", "sessions",
      "CCNumber", "SSNValue", "myPINCode",
    ]
    .map { KeyCase(key: $0, forbidden: true) }
    + ["discard", "cardinal", "secretary", "tokenize", "sessionless"].map { KeyCase(key: $0, forbidden: false) }

  /// The issue's list of keys the old substring rule got wrong, and more spellings.
  static let more: [KeyCase] =
    [
      "x-api-key", "passcode", "totp", "gps", "latlng", "apiKey", "cardNumber", "CARD_NUMBER", "credit-card",
      "cc_num", "c.c.num", "pAsSwOrD", "PIN", "Sid", "user.email", "geoLat", "LAT", "lat_", "_lat", "lng2",
      "p_wd", "pass-word", "session_id", "auth-token", "accessKeyId", "APIKEY", "apikeys", "coords", "userPhone",
      "lat:51.5072", "cvv2", "userGPSFix", "JWTHeader", "CCNumber", "myPINCode", "SSNValue", "APIKey",
      "OTPCode", "XJWTToken", "AAAAAAAAAAAAAAAAAAPassword", "getGPSCoords", "IBANs",
    ].map { KeyCase(key: $0, forbidden: true) }
    + [
      "utm_source", "utm_medium", "code", "error", "business", "cart", "page", "discarded", "cardinals",
      "secretariat", "passage", "category", "mailbox", "telescope", "geology", "panorama", "pinned", "latent",
      "x", "utmSource", "sort-order", "lang", "longi", "authors", "URLPath", "HTMLTemplate", "PDFViewer",
      "ABCDiscard", "IDsOnly", "UTMSource",
    ].map { KeyCase(key: $0, forbidden: false) }
}

@Suite struct ForbiddenWordRule {
  @Test("docs/design.md's examples, both ways", arguments: KeyCase.designExamples)
  func designExample(_ item: KeyCase) {
    #expect(words.matches(item.key) == item.forbidden, "\(item.testDescription)")
  }

  @Test("More keys, both ways", arguments: KeyCase.more)
  func moreKeys(_ item: KeyCase) {
    #expect(words.matches(item.key) == item.forbidden, "\(item.testDescription)")
  }

  @Test("Every listed word, in any case, with any separator and in camelCase", arguments: words.words)
  func everyWord(_ word: String) {
    var rng = Generator(seed: UInt64(truncatingIfNeeded: word.hashValueStable))
    let capitalized = word.prefix(1).uppercased() + word.dropFirst()
    var spellings = [
      word, word.uppercased(), capitalized, word + "s", word.uppercased() + "S",
      "my" + capitalized, "my" + capitalized + "Id", "x" + word.uppercased(), word + "Value",
      word + "2", word + "1234", "9" + word,
    ]
    for separator in ["_", "-", ".", ":", ";", "~", "!", "*", "'", "(", ")", ",", "$", "+", " ", "/", "\u{E9}"] {
      spellings += [
        "x\(separator)\(word)", "\(word)\(separator)y", "utm\(separator)\(word)\(separator)id",
        "\(separator)\(word)\(separator)", "X\(separator)\(word.uppercased())\(separator)Y",
        "my\(separator)\(capitalized)", "\(word)s\(separator)2",
      ]
      // One separator anywhere inside the word: the pair, or the whole key, joins it again.
      for cut in 1..<word.count {
        spellings.append(String(word.prefix(cut)) + separator + word.dropFirst(cut))
      }
    }
    // Any case, letter by letter, and separators between any letters: the whole key joins it.
    for _ in 0..<50 {
      var key = ""
      for character in word {
        if !key.isEmpty, rng.next() % 3 == 0 { key += ["_", "-", ".", ":"][Int(rng.next() % 4)] }
        key += rng.next() % 2 == 0 ? character.uppercased() : String(character)
      }
      spellings.append(key)
    }
    for key in spellings {
      #expect(words.matches(key), "\(word): the key \(key) is allowed")
    }
  }

  @Test("A listed word inside one longer word is one word, and allowed", arguments: words.words)
  func insideLongerWord(_ word: String) {
    for key in ["dis\(word)ed", "un\(word)ing", "x\(word)y"] {
      #expect(!words.matches(key), "\(word): the key \(key) is forbidden")
    }
  }

  @Test("The byte form and the string form agree, and non-ASCII bytes separate words")
  func byteForm() {
    let keys: [[UInt8]] = [
      Array("access_token".utf8), [0x74, 0x6F, 0x6B, 0x65, 0x6E, 0xFF], [0xC3, 0xA9, 0x70, 0x69, 0x6E],
      Array("tokenize".utf8), [], [0x5F], Array(repeating: 0x61, count: 2000) + Array("_pin".utf8),
    ]
    let expected = [true, true, true, false, false, false, true]
    for (key, expectation) in zip(keys, expected) {
      let viaBytes = key.withUnsafeBufferPointer { words.matches($0) }
      #expect(viaBytes == expectation, "\(key.prefix(20))")
    }
  }

  @Test(
    "Each adopter's groups are its own: a kebab-case id each, a title, words; every listed word is in its group",
    arguments: [Contract.customerApp, .ferry])
  func groups(_ contract: Contract) {
    let groups = contract.forbiddenKeys.groups
    #expect(Set(groups.map(\.id)).count == groups.count)
    #expect(groups.allSatisfy { Contract.isKebabCase($0.id) && !$0.title.isEmpty && !$0.words.isEmpty })
    for group in groups {
      for word in group.words { #expect(contract.forbiddenKeys.group(of: word) == group, "\(word)") }
    }
    #expect(contract.forbiddenKeys.group(of: "discard") == nil)
  }

  @Test("A group id that is not kebab-case, or given twice, is a problem at the contract's line")
  func groupIDProblems() {
    let contract = Contract.ferry
    let groups = contract.forbiddenKeys.groups
    let renamed = ForbiddenWords.Group(id: groups[0].title, title: groups[0].title, words: groups[0].words)
    let twice = ForbiddenWords.Group(id: groups[0].id, title: groups[1].title, words: ["zz" + groups[1].words[0]])
    for (words, id) in [([renamed] + groups.dropFirst(), DiagnosticID.idInvalid), (groups + [twice], .duplicateValue)] {
      let problems = contract.replacing(forbiddenKeys: ForbiddenWords(words)).problems()
      #expect(problems.map(\.id) == [id], "\(problems.map(\.description))")
      #expect(problems.first?.location?.line == contract.source.line)
    }
  }

  @Test("Groups written as a list literal are the groups, in order, and forbid what their words forbid")
  func listLiteral() {
    let groups = Contract.ferry.forbiddenKeys.groups
    let literal: ForbiddenWords = [groups[1], groups[0]]
    #expect(literal.groups == [groups[1], groups[0]])
    #expect(literal.words == groups[1].words + groups[0].words)
    #expect(literal.matches(groups[0].words[0] + "_" + groups[1].words[0]))
  }
}

@Suite struct PlainFieldNames {
  @Test(
    "A plain key is printed as it is",
    arguments: ["utm_source", "x", "a-b", "A1", String(repeating: "k", count: FieldName.longestPlain)])
  func plain(_ name: String) {
    #expect(FieldName.isPlain(name))
    #expect(FieldName.printable(name) == name)
  }

  @Test(
    "Anything else is printed as the marker",
    arguments: [
      "lat:51.5072", "utm.source", "a b", "", "x=1", "caf\u{E9}", "a/b",
      String(repeating: "k", count: FieldName.longestPlain + 1),
    ])
  func redacted(_ name: String) {
    #expect(!FieldName.isPlain(name))
    #expect(FieldName.printable(name) == FieldName.redacted)
  }
}

/// A small deterministic generator (Knuth's MMIX LCG), so that a failure repeats.
struct Generator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state >> 33
  }
}

extension String {
  /// A hash of the UTF-8 bytes that is the same in every run (FNV-1a).
  var hashValueStable: UInt64 {
    utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
  }
}

/// docs/design.md's word rule written again as plainly as it reads, on characters, to hold the
/// packed scan to: split, then compare words, adjacent pairs and the whole key.
private func designRule(_ key: String, words listed: Set<String>) -> Bool {
  enum Kind { case separator, lower, upper, digit }
  func kind(_ c: Character) -> Kind {
    guard c.isASCII, let value = c.asciiValue else { return .separator }
    switch value {
    case UInt8(ascii: "a")...UInt8(ascii: "z"): return .lower
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): return .upper
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return .digit
    default: return .separator
    }
  }
  let characters = Array(key)
  var parts: [String] = []
  var word = ""
  for (index, c) in characters.enumerated() {
    let this = kind(c)
    let before = index > 0 ? kind(characters[index - 1]) : .separator
    let after = index + 1 < characters.count ? kind(characters[index + 1]) : .separator
    let splits =
      this == .separator || (before == .lower && this == .upper)
      || (before == .upper && this == .upper && after == .lower)
      || ((before == .digit) != (this == .digit) && before != .separator)
    if splits, !word.isEmpty {
      parts.append(word)
      word = ""
    }
    if this != .separator { word += c.lowercased() }
  }
  if !word.isEmpty { parts.append(word) }
  func isListed(_ w: String) -> Bool {
    listed.contains(w) || (w.hasSuffix("s") && listed.contains(String(w.dropLast())))
  }
  if parts.contains(where: isListed) { return true }
  if zip(parts, parts.dropFirst()).contains(where: { isListed($0 + $1) }) { return true }
  return isListed(parts.joined())
}

@Suite struct ForbiddenWordOracle {
  @Test("The scan agrees with docs/design.md's rule written plainly, on random keys", arguments: 0..<8)
  func randomKeys(_ seed: UInt64) {
    let listed = Set(words.words)
    var random = SplitMix64(seed: seed)
    let pieces =
      words.words + words.words.map { $0.uppercased() } + [
        "a", "B", "x1", "Q", "ID", "url", "_", "-", ".", "9", "s", "Zz",
      ]
    for _ in 0..<2_000 {
      let count = Int(random.next() % 4) + 1
      var key = ""
      for _ in 0..<count {
        var piece = pieces[Int(random.next() % UInt64(pieces.count))]
        if random.next() % 3 == 0, let first = piece.first { piece = first.uppercased() + piece.dropFirst() }
        key += piece
      }
      #expect(words.matches(key) == designRule(key, words: listed), "\(key)")
    }
  }

  @Test("The plain rule reads the design's examples as the scan does", arguments: KeyCase.designExamples + KeyCase.more)
  func examples(_ example: KeyCase) {
    #expect(designRule(example.key, words: Set(words.words)) == example.forbidden)
  }
}
