import AssociationChecks
import ContractArtifacts
import CustomerApp
import DesignFixture
import Foundation
import LinkContract
import Testing

// Implementations of the word rule (docs/design.md, "Forbidden keys") that each misread one of
// its parts, run against every adopter's conformance table the way another platform's parser
// would be: each must fail at least one case, and the rule as written must pass them all. The
// Store's table is read from its conformance.json and contract.json, as another team would.

/// A reading of the forbidden-key rule and of duplicate keys: as written, or with one part
/// misread.
enum Misreading: String, CaseIterable, Sendable {
  case none
  /// A run of capitals stays one word with what follows (`userGPSFix` -> `user gpsfix`).
  case runsNotSplit = "runs-not-split"
  /// A run of capitals ends after its last capital (`GPSFix` -> `gpsf ix`).
  case runSplitAtEnd = "run-split-at-end"
  case noLowerToUpperSplit = "no-lower-to-upper-split"
  case noDigitSplit = "no-digit-split"
  /// Digits separate words and are left out of the whole key.
  case digitsAsSeparators = "digits-as-separators"
  /// Two adjacent words are never joined (`x_api_key_y` allowed).
  case noAdjacentJoin = "no-adjacent-join"
  /// Adjacent words are joined only where no separator stands between them.
  case joinOnlyWithoutSeparator = "join-only-without-separator"
  /// Adjacent words are joined only where a separator stands between them.
  case joinOnlyAcrossSeparator = "join-only-across-separator"
  /// Any two words are joined, adjacent or not.
  case joinAnyTwoWords = "join-any-two-words"
  /// Any run of adjacent words is joined, not only two.
  case joinAnyRun = "join-any-run"
  /// The whole key is never joined (`p_a_s_s_w_o_r_d` allowed).
  case noWholeKey = "no-whole-key"
  case noPlural = "no-plural"
  /// The final `s` is read only on single words.
  case pluralOnlyOnWords = "plural-only-on-words"
  /// Words are compared as written, not lowercase.
  case caseSensitive = "case-sensitive"
  /// A listed word anywhere in the key's letters forbids it.
  case substring
  /// Keys that differ only in case are the same key (`utm` and `UTM` a duplicate).
  case duplicatesIgnoreCase = "duplicates-ignore-case"
}

/// The word rule as `misreading` reads it, over a contract's listed words.
struct WordReading {
  let words: Set<String>
  let misreading: Misreading

  private enum Kind { case separator, lower, upper, digit }

  private func kind(_ character: Character) -> Kind {
    guard character.isASCII else { return .separator }
    if character.isLowercase { return .lower }
    if character.isUppercase { return .upper }
    if character.isNumber { return misreading == .digitsAsSeparators ? .separator : .digit }
    return .separator
  }

  /// The key's words, each with whether a separator stood before it.
  func split(_ key: String) -> [(word: String, afterSeparator: Bool)] {
    var result: [(word: String, afterSeparator: Bool)] = []
    var current = ""
    var separated = false
    var previous = Kind.separator
    func end() {
      guard !current.isEmpty else { return }
      result.append((current, separated))
      current = ""
      separated = false
    }
    for character in key {
      let next = kind(character)
      switch (previous, next) {
      case (_, .separator):
        end()
        separated = true
      case (.lower, .upper) where misreading != .noLowerToUpperSplit: end()
      case (.upper, .lower) where current.count >= 2 && current.allSatisfy(\.isUppercase):
        switch misreading {
        case .runsNotSplit: break
        case .runSplitAtEnd: end()
        default:
          let last = current.removeLast()
          end()
          current = String(last)
        }
      case (.lower, .digit), (.upper, .digit), (.digit, .lower), (.digit, .upper):
        if misreading != .noDigitSplit { end() }
      default: break
      }
      if next != .separator { current.append(character) }
      previous = next
    }
    end()
    return result
  }

  func listed(_ word: String, plural: Bool = true) -> Bool {
    let word = misreading == .caseSensitive ? word : word.lowercased()
    return words.contains(word)
      || (plural && misreading != .noPlural && word.hasSuffix("s") && words.contains(String(word.dropLast())))
  }

  func forbids(_ key: String) -> Bool {
    let parts = split(key)
    let joinedPlural = misreading != .pluralOnlyOnWords
    if parts.contains(where: { listed($0.word) }) { return true }
    var joins: [String] = []
    switch misreading {
    case .noAdjacentJoin: break
    case .joinAnyTwoWords:
      for i in parts.indices { for j in parts.indices where j > i { joins.append(parts[i].word + parts[j].word) } }
    case .joinAnyRun:
      for i in parts.indices {
        for j in parts.indices where j > i { joins.append(parts[i...j].map(\.word).joined()) }
      }
    default:
      for i in parts.indices.dropFirst() {
        if misreading == .joinOnlyWithoutSeparator, parts[i].afterSeparator { continue }
        if misreading == .joinOnlyAcrossSeparator, !parts[i].afterSeparator { continue }
        joins.append(parts[i - 1].word + parts[i].word)
      }
    }
    if joins.contains(where: { listed($0, plural: joinedPlural) }) { return true }
    if misreading != .noWholeKey, listed(parts.map(\.word).joined(), plural: joinedPlural) { return true }
    if misreading == .substring {
      let letters = key.lowercased()
      return words.contains { letters.contains($0) }
    }
    return false
  }

  func hasDuplicates(_ keys: [String]) -> Bool {
    let compared = misreading == .duplicatesIgnoreCase ? keys.map { $0.lowercased() } : keys
    return Set(compared).count != compared.count
  }
}

/// One adopter's conformance table: its listed words and, for each case, the input and the
/// reason it expects (nil for a recognized link).
struct AdopterTable: Sendable, CustomTestStringConvertible {
  let label: String
  let words: Set<String>
  let cases: [(id: String, input: String, reason: String?)]
  var testDescription: String { label }

  init(label: String, contract: Contract) {
    self.label = label
    words = Set(contract.forbiddenKeys.words)
    cases = ConformanceTable(contract: contract).links.compactMap { item in
      guard item.invalidUTF8 == nil else { return nil }
      switch item.expected {
      case .recognized: return (item.id, item.input, nil)
      case .unsupported(let reason, _): return (item.id, item.input, reason.rawValue)
      }
    }
  }

  /// The table an adopter's generate wrote, read from its conformance.json and contract.json.
  init(label: String, site: URL) throws {
    self.label = label
    let contract = try JSONParser.parse(Data(contentsOf: site.appendingPathComponent("contract.json")))
    let table = try JSONParser.parse(Data(contentsOf: site.appendingPathComponent("conformance.json")))
    guard case .array(let kinds)? = contract["forbiddenWords"]?["kinds"], case .array(let links)? = table["links"]
    else { throw CocoaError(.fileReadCorruptFile) }
    words = Set(
      kinds.flatMap { kind -> [String] in
        guard case .array(let words)? = kind["words"] else { return [] }
        return words.compactMap { if case .string(let word) = $0 { word } else { nil } }
      })
    cases = links.compactMap { link in
      guard case .string(let id)? = link["id"], case .string(let input)? = link["input"],
        case .string(let outcome)? = link["expected"]?["outcome"]
      else { return nil }
      guard outcome != "recognized" else { return (id, input, nil) }
      guard case .string(let reason)? = link["expected"]?["reason"] else { return nil }
      return (id, input, reason)
    }
  }

  /// The ids of the cases `misreading` answers differently from the table: each case that the
  /// parser reads as far as the query's keys (its reason is `forbidden-field` or a later one),
  /// where the reading forbids a key, or finds a duplicate, when the table does not, or the
  /// other way round.
  func failures(_ misreading: Misreading) -> [String] {
    let reading = WordReading(words: words, misreading: misreading)
    let order = RejectionReason.allCases.map(\.rawValue)
    let first = order.firstIndex(of: RejectionReason.forbiddenField.rawValue)!
    return cases.compactMap { item in
      if let reason = item.reason, (order.firstIndex(of: reason) ?? 0) < first { return nil }
      let query = item.input.split(separator: "#", maxSplits: 1).first?.split(separator: "?", maxSplits: 1)
      let keys =
        (query?.count == 2 ? query![1].split(separator: "&") : []).map {
          String($0.prefix { $0 != "=" })
        }
      let forbidden = keys.contains(where: reading.forbids)
      if forbidden != (item.reason == RejectionReason.forbiddenField.rawValue) { return item.id }
      if !forbidden, reading.hasDuplicates(keys) != (item.reason == RejectionReason.duplicateField.rawValue) {
        return item.id
      }
      return nil
    }
  }
}

@Suite struct WordRuleMisreadingTests {
  static let storeSite = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples/StoreApp/Site")

  static let tables: [AdopterTable] = [
    AdopterTable(label: "Customer App", contract: .customerApp),
    AdopterTable(label: "ferry", contract: .ferry),
  ]

  static func allTables() throws -> [AdopterTable] {
    try tables + [AdopterTable(label: "Store", site: storeSite)]
  }

  @Test("The word rule as written answers every case of every adopter's table")
  func asWritten() throws {
    for table in try Self.allTables() {
      #expect(table.cases.count > 100, "\(table.label)")
      let failures = table.failures(.none)
      #expect(failures.isEmpty, "\(table.label): \(failures.prefix(10))")
    }
  }

  @Test(
    "A reading of the word rule that misreads one part fails a case of every adopter's table",
    arguments: Misreading.allCases.dropFirst())
  func misreadingFails(_ misreading: Misreading) throws {
    for table in try Self.allTables() {
      #expect(!table.failures(misreading).isEmpty, "\(table.label): every case passes \(misreading.rawValue)")
    }
  }

  @Test("Each misreading fails a case that the table names for the part of the rule it misreads")
  func namedCases() {
    let pinned: [Misreading: String] = [
      .runsNotSplit: "capitals-inside", .noAdjacentJoin: "adjacent-separator",
      .joinOnlyWithoutSeparator: "adjacent-separator", .noWholeKey: "whole-key",
      .duplicatesIgnoreCase: "case-pair",
    ]
    for table in Self.tables {
      for (misreading, part) in pinned {
        #expect(
          table.failures(misreading).contains { $0.contains(part) }, "\(table.label): \(misreading.rawValue)")
      }
    }
  }
}
