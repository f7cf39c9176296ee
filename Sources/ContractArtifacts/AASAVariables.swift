import LinkContract

// Substitution variables (`applinks.substitutionVariables`, iOS 13.5): a `$(name)` in a
// pattern stands for any one of the variable's values, each a pattern with `*` and `?` but no
// variable. Read here; matched in AASAMatcher.swift, analysed in AASAShadowing.swift.

/// One part of a pattern as written: text, or a use of the variable named.
package enum AASAPatternPart: Hashable {
  case text(String)
  case variable(String)

  /// The part as the pattern writes it.
  var written: String {
    switch self {
    case .text(let text): text
    case .variable(let name): "$(\(name))"
    }
  }

  /// `pattern` read into text and `$(name)` uses; a `$(` with no `)` after it is text.
  static func parts(_ pattern: String) -> [AASAPatternPart] {
    let bytes = Array(pattern.utf8)
    var parts: [AASAPatternPart] = []
    var textStart = 0
    var index = 0
    while index + 1 < bytes.count {
      guard bytes[index] == UInt8(ascii: "$"), bytes[index + 1] == UInt8(ascii: "("),
        let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ")"))
      else {
        index += 1
        continue
      }
      if textStart < index { parts.append(.text(String(decoding: bytes[textStart..<index], as: UTF8.self))) }
      parts.append(.variable(String(decoding: bytes[(index + 2)..<close], as: UTF8.self)))
      index = close + 1
      textStart = index
    }
    if textStart < bytes.count { parts.append(.text(String(decoding: bytes[textStart...], as: UTF8.self))) }
    return parts
  }

  /// The names of the variables `pattern` uses, in order.
  package static func variables(in pattern: String) -> [String] {
    guard pattern.utf8.contains(UInt8(ascii: "$")) else { return [] }
    return parts(pattern).compactMap { if case .variable(let name) = $0 { name } else { nil } }
  }

  /// Whether `pattern` has a `$(` that no `)` closes.
  package static func hasUnclosedVariable(_ pattern: String) -> Bool {
    parts(pattern).contains { if case .text(let text) = $0 { text.contains("$(") } else { false } }
  }
}

/// The characters of Apple's one-character predefined variables, ASCII as Apple lists them.
enum AASACharacterClass: Hashable, CaseIterable {
  case alpha, upper, lower, alnum, digit, xdigit

  /// The members as two 64-bit masks of the ASCII code points.
  private var mask: (low: UInt64, high: UInt64) {
    let digits: UInt64 = 0x03FF_0000_0000_0000
    let upper: UInt64 = 0x0000_0000_07FF_FFFE
    let lower: UInt64 = 0x07FF_FFFE_0000_0000
    let hexUpper: UInt64 = 0x0000_0000_0000_007E
    let hexLower: UInt64 = 0x0000_007E_0000_0000
    switch self {
    case .alpha: return (0, upper | lower)
    case .upper: return (0, upper)
    case .lower: return (0, lower)
    case .alnum: return (digits, upper | lower)
    case .digit: return (digits, 0)
    case .xdigit: return (digits, hexUpper | hexLower)
    }
  }

  func contains(_ character: Unicode.Scalar) -> Bool {
    let value = character.value
    guard value < 128 else { return false }
    return value < 64 ? mask.low & (1 << UInt64(value)) != 0 : mask.high & (1 << UInt64(value - 64)) != 0
  }

  func isSubset(of other: Self) -> Bool {
    mask.low & ~other.mask.low == 0 && mask.high & ~other.mask.high == 0
  }

  /// The class a case-insensitive match reads: a letter of either case for `upper` or `lower`.
  var caseFolded: Self { self == .upper || self == .lower ? .alpha : self }
}

/// A symbol of a pattern once its variables are read.
enum AASASymbol: Hashable {
  case scalar(Unicode.Scalar)
  /// `?`: any one character.
  case one
  /// `*`: any run of characters.
  case run
  case oneOf(AASACharacterClass)

  /// The symbols of pattern text, case-folded when `fold` (as `String.lowercased` folds).
  static func symbols(_ text: String, fold: Bool) -> [AASASymbol] {
    (fold ? text.lowercased() : text).unicodeScalars.map { character in
      switch character {
      case "*": .run
      case "?": .one
      default: .scalar(character)
      }
    }
  }

  /// Whether this symbol of a pattern matches `character` of a URL (never called for `run`).
  func matches(_ character: Unicode.Scalar) -> Bool {
    switch self {
    case .scalar(let expected): expected == character
    case .one, .run: true
    case .oneOf(let characters): characters.contains(character)
    }
  }

  /// Whether this symbol of an earlier pattern matches every character that `inner`, a
  /// symbol other than `run` of a later pattern, can match.
  func covers(_ inner: AASASymbol) -> Bool {
    switch (self, inner) {
    case (_, .run): false
    case (.one, _), (.run, _): true
    case (.scalar(let outer), .scalar(let character)): outer == character
    case (.oneOf(let outer), .scalar(let character)): outer.contains(character)
    case (.oneOf(let outer), .oneOf(let characters)): characters.isSubset(of: outer)
    case (.scalar, _), (.oneOf, _): false
    }
  }
}

/// A pattern with its variables read: symbols, and at each use a choice among the globs the
/// variable stands for.
enum AASAPiece: Hashable {
  case symbol(AASASymbol)
  case choice([[AASASymbol]])
}

/// The variables a file's patterns can use: Apple's predefined ones and the file's own.
package struct SubstitutionVariables {
  /// `applinks.substitutionVariables`, by name.
  let custom: [String: [String]]
  /// The file's variables read into symbols once, as written and case-folded: a use of a
  /// variable refers to them, never reads its values again.
  private let exact: [String: [[AASASymbol]]]
  private let folded: [String: [[AASASymbol]]]

  package init(_ custom: [String: [String]] = [:]) {
    self.custom = custom
    exact = custom.mapValues { $0.map { AASASymbol.symbols($0, fold: false) } }
    folded = custom.mapValues { $0.map { AASASymbol.symbols($0, fold: true) } }
  }

  /// The most globs the reachability analysis expands one pattern into, and the most symbols
  /// they may hold together; a pattern that stands for more is left out of it, so that the
  /// analysis costs at most a constant per pattern symbol.
  static let expansionLimit = 256
  static let expansionSymbolLimit = 4_096

  /// Apple's predefined variables. `region` and `lang` stand for "all ISO regions in
  /// isoRegionCodes" and "all ISO languages in isoLanguageCodes", lists Apple does not print:
  /// read here as two uppercase letters or three digits, and as two or three lowercase letters.
  static let predefined: [String: [[AASASymbol]]] = {
    var table: [String: [[AASASymbol]]] = [:]
    for (name, characters) in [
      ("alpha", AASACharacterClass.alpha), ("upper", .upper), ("lower", .lower), ("alnum", .alnum),
      ("digit", .digit), ("xdigit", .xdigit),
    ] {
      table[name] = [[.oneOf(characters)]]
    }
    table["region"] = [Array(repeating: .oneOf(.upper), count: 2), Array(repeating: .oneOf(.digit), count: 3)]
    table["lang"] = [Array(repeating: .oneOf(.lower), count: 2), Array(repeating: .oneOf(.lower), count: 3)]
    return table
  }()

  /// A value of each predefined variable, for links that probe a pattern.
  static let samples: [String: String] = [
    "alpha": "a", "upper": "A", "lower": "a", "alnum": "a", "digit": "0", "xdigit": "f", "region": "US", "lang": "en",
  ]

  /// Whether `name` is defined, by the file or by Apple.
  package func defines(_ name: String) -> Bool { custom[name] != nil || Self.predefined[name] != nil }

  /// The globs `$(name)` stands for (the file's definition before Apple's), case-folded when
  /// `fold`; nil when nothing defines it.
  func globs(_ name: String, fold: Bool) -> [[AASASymbol]]? {
    if let values = fold ? folded[name] : exact[name] { return values }
    return Self.predefined[name].map { globs in
      fold ? globs.map { $0.map { if case .oneOf(let c) = $0 { .oneOf(c.caseFolded) } else { $0 } } } : globs
    }
  }

  /// `pattern` with its variables read, case-folded when `fold`; nil when it uses a variable
  /// nothing defines (such a pattern matches nothing).
  func pieces(_ pattern: String, fold: Bool) -> [AASAPiece]? {
    var pieces: [AASAPiece] = []
    for part in AASAPatternPart.parts(pattern) {
      switch part {
      case .text(let text): pieces += AASASymbol.symbols(text, fold: fold).map(AASAPiece.symbol)
      case .variable(let name):
        guard let globs = globs(name, fold: fold) else { return nil }
        pieces.append(.choice(globs))
      }
    }
    return pieces
  }

  /// Every glob `pattern` stands for, case-folded when `fold`; nil when it uses an undefined
  /// variable or stands for more than `expansionLimit` globs or `expansionSymbolLimit` symbols.
  func expansions(_ pattern: String, fold: Bool) -> [[AASASymbol]]? {
    guard let pieces = pieces(pattern, fold: fold) else { return nil }
    var globs: [[AASASymbol]] = [[]]
    var symbols = 0
    for piece in pieces {
      switch piece {
      case .symbol(let symbol):
        symbols += globs.count
        guard symbols <= Self.expansionSymbolLimit else { return nil }
        for index in globs.indices { globs[index].append(symbol) }
      case .choice(let choices):
        guard globs.count * choices.count <= Self.expansionLimit else { return nil }
        symbols =
          symbols * choices.count + globs.count * choices.reduce(0) { $0 + $1.count }
        guard symbols <= Self.expansionSymbolLimit else { return nil }
        globs = globs.flatMap { head in choices.map { head + $0 } }
      }
    }
    return globs
  }

  /// `pattern` with each variable replaced by its value number `index` (its last value past
  /// its count; an undefined variable left as written), for links that probe it.
  package func filled(_ pattern: String, index: Int) -> String {
    AASAPatternPart.parts(pattern).map { part in
      switch part {
      case .text(let text): return text
      case .variable(let name):
        if let values = custom[name] { return values.isEmpty ? part.written : values[min(index, values.count - 1)] }
        return Self.samples[name] ?? part.written
      }
    }.joined()
  }

  /// How many values the variables of `pattern` have at most (1 for none).
  package func valueCount(_ pattern: String) -> Int {
    AASAPatternPart.variables(in: pattern).map { custom[$0]?.count ?? 1 }.max() ?? 1
  }
}

extension AASAComponent {
  /// Every pattern of the component that can use variables: its path, query string or query
  /// item values, and fragment, each with its key (`/`, `?`, `?.name` as a JSON path, `#`).
  package var patterns: [(key: [String], pattern: String)] {
    var found: [(key: [String], pattern: String)] = []
    if let path { found.append((["/"], path)) }
    switch query {
    case .whole(let pattern): found.append((["?"], pattern))
    case .items(let items): found += items.map { (["?", $0.name], $0.pattern) }
    case nil: break
    }
    if let fragment { found.append((["#"], fragment)) }
    return found
  }
}
