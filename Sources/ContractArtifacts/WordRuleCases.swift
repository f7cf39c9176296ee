import LinkContract

/// A query key made from one of the contract's forbidden words that pins one part of the word
/// rule (docs/design.md, "Forbidden keys"): a reading of the rule that gets that part wrong
/// answers the key differently.
struct WordRuleKey: Sendable, Hashable {
  /// The part of the rule, as a kebab-case id no other part's id begins.
  let rule: String
  let key: String
  /// Whether the rule forbids the key; otherwise it is an extra field like any other.
  let forbidden: Bool
}

/// The parts of the word rule, each with how to make a key that pins it from a listed word.
enum WordRulePart: String, CaseIterable {
  /// A listed word as a run of capitals inside the key, a capitalized word after it
  /// (`gps` -> `myGPSFix`): the run ends before its last capital.
  case capitalsInside = "capitals-inside"
  /// The same at the key's start (`cc` -> `CCFix`, as `CCNumber`).
  case capitalsFirst = "capitals-first"
  /// A listed word in capitals with lower-case letters after it (`card` -> `myCARDed`): its last
  /// capital begins the next word, so the word is not there.
  case capitalsEnd = "capitals-end"
  /// A listed word capitalized after a lower-case word (`token` -> `myToken`).
  case lowerToUpper = "lower-to-upper"
  /// A listed word with digits after it (`pin` -> `pin1234`).
  case digitBoundary = "digit-boundary"
  /// A listed word with a digit inside (`card` -> `ca1rd`): two words, neither listed, and the
  /// whole key keeps its digit.
  case digitInside = "digit-inside"
  /// A listed word as two adjacent words between separators (`apikey` -> `x-api-key-y`).
  case adjacentSeparator = "adjacent-separator"
  /// A listed word as two adjacent words split by case (`apikey` -> `myApiKeyFix`).
  case adjacentCase = "adjacent-case"
  /// A listed word with every letter its own word (`password` -> `p_a_s_s_w_o_r_d`): only the
  /// whole key without its separators is listed.
  case wholeKey = "whole-key"
  /// A listed word with a final `s`.
  case pluralWord = "plural-word"
  /// Two adjacent words that join to a listed word with a final `s` (`x.api.keys.y`).
  case pluralJoined = "plural-joined"
  /// A listed word's two parts with another word between them (`api-my-key`): only adjacent
  /// words join.
  case notAdjacent = "not-adjacent"
  /// A listed word as three words between separators (`apikey` -> `x-ap-ik-ey-y`): two words
  /// join, not three.
  case threeParts = "three-parts"
  /// A listed word inside a longer word (`card` -> `discard`).
  case insideWord = "inside-word"

  /// Whether the rule forbids the keys this part makes.
  var forbids: Bool {
    switch self {
    case .capitalsEnd, .digitInside, .notAdjacent, .threeParts, .insideWord: false
    default: true
    }
  }

  /// Words set around a listed word in the keys; a key uses them only where they are not listed.
  static let prefixes = ["my", "the", "x"]
  static let capitalized = ["Fix", "Id", "Value"]
  static let lowercase = ["ed", "ing", "x"]
  static let ends = [("x", "y"), ("my", "id"), ("the", "value")]

  /// The keys this part makes from `word`, one of `words`, best first: each is kept only where
  /// the words around the listed word are not listed themselves, so that the key pins this part
  /// alone.
  func keys(_ word: String, words: Set<String>) -> [String] {
    /// Whether `text`, one word, is listed or a listed word with a final `s`.
    func listed(_ text: String) -> Bool {
      words.contains(text) || (text.hasSuffix("s") && words.contains(String(text.dropLast())))
    }
    let letters = word.allSatisfy { $0.isASCII && $0.isLetter }
    let upper = word.uppercased()
    let splits = Self.splits(word)
    switch self {
    case .capitalsInside:
      guard letters else { return [] }
      return Self.prefixes.flatMap { p in
        Self.capitalized.compactMap { s in
          let tail = s.lowercased()
          return listed(p) || listed(tail) || listed(word + tail) || listed(p + word + tail) ? nil : p + upper + s
        }
      }
    case .capitalsFirst:
      guard letters else { return [] }
      return Self.capitalized.compactMap { s in
        listed(s.lowercased()) || listed(word + s.lowercased()) ? nil : upper + s
      }
    case .capitalsEnd:
      guard letters else { return [] }
      return Self.prefixes.flatMap { p in Self.lowercase.map { p + upper + $0 } }
    case .lowerToUpper:
      guard letters else { return [] }
      return Self.prefixes.compactMap { p in listed(p) || listed(p + word) ? nil : p + Self.capital(word) }
    case .digitBoundary:
      guard word.last?.isLetter == true else { return [] }
      return ["1234", "2"].compactMap { listed(word + $0) ? nil : word + $0 }
    case .digitInside:
      guard letters else { return [] }
      return splits.map { "\($0.0)1\($0.1)" }
    case .adjacentSeparator:
      return Self.ends.flatMap { x, y in
        splits.compactMap { a, b in
          listed(x) || listed(y) || listed(a) || listed(b) || listed(x + word + y) ? nil : "\(x)-\(a)-\(b)-\(y)"
        }
      }
    case .adjacentCase:
      guard letters else { return [] }
      return Self.prefixes.flatMap { p in
        Self.capitalized.flatMap { s in
          splits.compactMap { a, b in
            let tail = s.lowercased()
            return listed(p) || listed(tail) || listed(a) || listed(b) || listed(p + word + tail)
              ? nil : p + Self.capital(a) + Self.capital(b) + s
          }
        }
      }
    case .wholeKey:
      let characters = word.map(String.init)
      guard characters.count >= 3, !zip(characters, characters.dropFirst()).contains(where: { listed($0 + $1) })
      else { return [] }
      return [characters.joined(separator: "_")]
    case .pluralWord:
      return words.contains(word + "s") ? [] : [word + "s"]
    case .pluralJoined:
      return Self.ends.flatMap { x, y in
        splits.compactMap { a, b in
          words.contains(word + "s") || listed(x) || listed(y) || listed(a) || listed(b + "s")
            || listed(x + word + "s" + y) ? nil : "\(x).\(a).\(b)s.\(y)"
        }
      }
    case .notAdjacent:
      return Self.prefixes.flatMap { filler in splits.map { "\($0.0)-\(filler)-\($0.1)" } }
    case .threeParts:
      let characters = Array(word)
      guard characters.count >= 3 else { return [] }
      let thirds = (1..<characters.count - 1).flatMap { i in
        (i + 1..<characters.count).map { j in
          [String(characters[..<i]), String(characters[i..<j]), String(characters[j...])]
        }
      }.sorted { Self.spread($0) < Self.spread($1) }
      return Self.ends.flatMap { x, y in thirds.map { "\(x)-\($0.joined(separator: "-"))-\(y)" } }
    case .insideWord:
      return [("dis", ""), ("un", "ed"), ("dis", "ed")].map { $0 + word + $1 }
    }
  }

  /// `word` in two non-empty parts, split nearest its middle first.
  static func splits(_ word: String) -> [(String, String)] {
    let characters = Array(word)
    guard characters.count >= 2 else { return [] }
    let middle = characters.count / 2
    return (1..<characters.count).sorted { abs($0 - middle) < abs($1 - middle) }.map {
      (String(characters[..<$0]), String(characters[$0...]))
    }
  }

  /// How far the longest of `parts` is from the shortest.
  static func spread(_ parts: [String]) -> Int {
    (parts.map(\.count).max() ?? 0) - (parts.map(\.count).min() ?? 0)
  }

  static func capital(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }
}

extension ForbiddenWords {
  /// For each kind of word and each part of the word rule, one key made from the kind's first
  /// word that can make one, that pins that part; none equals a name in `declared`.
  func ruleKeys(declared: Set<String>) -> [WordRuleKey] {
    let listed = Set(words)
    var keys: [WordRuleKey] = []
    var seen = Set<String>()
    for group in groups {
      for part in WordRulePart.allCases {
        let made = group.words.lazy.flatMap { part.keys($0, words: listed) }.first { key in
          matches(key) == part.forbids && !declared.contains(key)
            && !seen.contains(part.rawValue + "-" + CaseBuilder.kebab(key))
        }
        guard let key = made else { continue }
        seen.insert(part.rawValue + "-" + CaseBuilder.kebab(key))
        keys.append(WordRuleKey(rule: part.rawValue, key: key, forbidden: part.forbids))
      }
    }
    return keys
  }
}

extension CaseBuilder {
  /// The home route's canonical link with each key of `ForbiddenWords.ruleKeys` added: forbidden,
  /// or an extra field named by the key.
  mutating func addWordRuleCases(_ build: Build) {
    guard let route = home ?? contract.routeClasses.first(where: { !$0.carriers.isEmpty }),
      let carrier = route.carriers.first
    else { return }
    let canonical = parts(route, carrier, build, values: validValues(route))
    let declared = Set(contract.routeClasses.flatMap { $0.fields.map(\.name) })
    for (index, item) in contract.forbiddenKeys.ruleKeys(declared: declared).enumerated() {
      var link = canonical
      link.query.append("\(item.key)=\(item.forbidden ? forbiddenValues[index % forbiddenValues.count] : "1")")
      add(
        "word-rule-\(item.rule)-\(item.key)", build, link.rendered,
        item.forbidden ? .unsupported(.forbiddenField, field: nil) : .unsupported(.extraField, field: item.key),
        fault: "word-rule-\(item.rule)")
    }
  }
}
