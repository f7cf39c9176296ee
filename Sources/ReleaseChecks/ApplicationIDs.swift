import CLibXML2
import Foundation
import LinkContract

// The application id the Android release build ships: Gradle's `applicationId` and its
// suffixes, a .NET project's `<ApplicationId>` (its Release override too), else the manifest's
// `package`. Each read in one pass over the file, without regular expressions.

// MARK: Gradle (Groovy and Kotlin DSL)

/// A setting of a Gradle file that makes up the application id.
struct GradleSetting {
  enum Key: String {
    case applicationId, applicationIdSuffix, namespace
  }

  /// The block the setting is in.
  enum Scope: Hashable {
    case defaultConfig
    case buildType(String)
    case flavor(String)
    /// The `android` block itself, where `namespace` is.
    case android
    /// `androidComponents { onVariants { ... } }`, `applicationVariants.all { ... }`, a block of
    /// every build type or flavor at once, or one whose name is computed: which builds it
    /// changes is decided when Gradle runs.
    case variantAPI
  }

  let key: Key
  let scope: Scope
  /// The string literal, or nil where the value is computed.
  let literal: String?
  /// The value as written: the literal, or the expression.
  let text: String
  let path: String
  /// The byte offset of the literal's first character, or of the expression.
  let offset: Int
  /// Whether it is set inside `if`, `else` or `when`, so that which value holds is decided when
  /// Gradle runs.
  let conditional: Bool
}

/// What one Gradle file declares.
struct GradleFile {
  var settings: [GradleSetting] = []
  /// The product flavors and build types it names, in order.
  var flavors: [String] = []
  var buildTypes: [String] = []
  /// Whether it applies the Android application plugin (`com.android.application`, a version
  /// catalog alias or a convention plugin whose id names it).
  var application = false
}

/// A token of a Gradle file, with the byte offsets it spans.
private struct GradleLexeme {
  enum Token {
    /// An identifier, dotted names joined (`defaultConfig.applicationId`), or a number.
    case word(String)
    /// A string literal's text, whether it interpolates (`"$x"`, `"${x}"`), and the offset of
    /// its first character.
    case string(String, interpolated: Bool, textStart: Int)
    case symbol(UInt8)
  }

  let token: Token
  let start: Int
  let end: Int

  func isSymbol(_ character: Unicode.Scalar) -> Bool {
    if case .symbol(let byte) = token { byte == UInt8(ascii: character) } else { false }
  }
}

/// Block names whose settings apply to builds decided when Gradle runs.
private let variantAPINames: Set<String> = [
  "androidComponents", "applicationVariants", "onVariants", "beforeVariants", "all", "configureEach", "each",
  "forEach", "*",
]

/// Blocks that run on a condition: a setting in one is computed.
private let branchNames: Set<String> = ["if", "else", "when", "try", "catch"]

/// The calls that name a build type or flavor by their first argument (`getByName("release")`).
private let namingCalls: Set<String> = ["getByName", "create", "named", "register", "maybeCreate", "getAt"]

/// The application-id settings, flavors and build types of a Gradle file (Groovy or Kotlin DSL):
/// comments skipped, strings read as literals unless they interpolate, blocks followed by name
/// (`release {`, `getByName("release") {`, `create("staging") {`, `buildTypes.release {`).
func readGradle(_ path: String, _ bytes: [UInt8]) -> GradleFile {
  var file = GradleFile()
  file.application =
    bytes.contains(Array("android.application".utf8)) || bytes.contains(Array("androidApplication".utf8))
  var statement: [GradleLexeme] = []
  var names: [String] = []
  // Each open block: how many names it added, the parentheses open when it opened, and whether it
  // is the variant API or a branch (`if (...) {`, `else {`, `when (...) {`), whose settings are
  // computed.
  var frames: [(names: Int, parentheses: Int, variantAPI: Bool, branch: Bool)] = []
  var variantDepth = 0
  var branchDepth = 0
  var parentheses: [(callee: String?, first: String?)] = []
  var closed: (callee: String?, first: String?)?

  /// The name `k` places from the end of the block names followed by `prefix`.
  func name(_ k: Int, _ prefix: ArraySlice<String>) -> String? {
    if k < prefix.count { return prefix[prefix.endIndex - 1 - k] }
    let index = names.count - 1 - (k - prefix.count)
    return index >= 0 ? names[index] : nil
  }

  func settle() {
    defer { statement.removeAll(keepingCapacity: true) }
    guard case .word(let word)? = statement.first?.token else { return }
    var parts = word.split(separator: ".", omittingEmptySubsequences: false).map(String.init)[...]
    if parts.count >= 2, parts.last == "set" { parts.removeLast() }
    guard let last = parts.popLast(), let key = GradleSetting.Key(rawValue: last) else { return }
    var value = statement.dropFirst()
    if value.first?.isSymbol("=") == true { value = value.dropFirst() }
    guard let first = value.first, let end = value.last else { return }
    var inner = value
    if first.isSymbol("("), end.isSymbol(")"), inner.count >= 2 { inner = inner.dropFirst().dropLast() }
    var literal: String?
    var offset = first.start
    if branchDepth == 0, inner.count == 1, case .string(let text, false, let textStart)? = inner.first?.token {
      literal = text
      offset = textStart
    }
    let scope: GradleSetting.Scope
    if variantDepth > 0 || parts.contains(where: variantAPINames.contains) {
      scope = .variantAPI
    } else if name(0, parts) == "defaultConfig" {
      scope = .defaultConfig
    } else if let block = name(0, parts), name(1, parts) == "buildTypes" {
      scope = .buildType(block)
    } else if let block = name(0, parts), name(1, parts) == "productFlavors" {
      scope = .flavor(block)
    } else if name(0, parts) == "android" {
      scope = .android
    } else {
      return
    }
    guard (key == .namespace) == (scope == .android) else { return }
    file.settings.append(
      GradleSetting(
        key: key, scope: scope, literal: literal,
        text: literal ?? String(decoding: bytes[first.start..<end.end], as: UTF8.self), path: path,
        offset: offset, conditional: branchDepth > 0))
  }

  func open() {
    var added: [String] = []
    switch statement.last?.token {
    case .symbol(UInt8(ascii: ")")):
      if let call = closed, let callee = call.callee {
        let last = callee.split(separator: ".").last.map(String.init) ?? callee
        added = namingCalls.contains(last) ? [call.first ?? "*"] : callee.split(separator: ".").map(String.init)
      }
    case .word(let word): added = word.split(separator: ".").map(String.init)
    default: break
    }
    let variantAPI = added.contains(where: variantAPINames.contains)
    let branch = added.count == 1 && branchNames.contains(added[0])
    if branch { added = [] }
    names += added
    frames.append((added.count, parentheses.count, variantAPI, branch))
    if variantAPI { variantDepth += 1 }
    if branch { branchDepth += 1 }
    if names.count >= 2, let block = names.last, !variantAPINames.contains(block) {
      if names[names.count - 2] == "productFlavors" { file.flavors.append(block) }
      if names[names.count - 2] == "buildTypes" { file.buildTypes.append(block) }
    }
    statement.removeAll(keepingCapacity: true)
  }

  func close() {
    settle()
    guard let frame = frames.popLast() else { return }
    names.removeLast(frame.names)
    if frame.variantAPI { variantDepth -= 1 }
    if frame.branch { branchDepth -= 1 }
    if parentheses.count > frame.parentheses { parentheses.removeLast(parentheses.count - frame.parentheses) }
  }

  /// Whether a line break ends the statement: not inside parentheses, nor after an operator
  /// that continues it on the next line.
  func lineEnds() -> Bool {
    guard parentheses.count == (frames.last?.parentheses ?? 0), let last = statement.last else { return true }
    return !(last.isSymbol("=") || last.isSymbol("+") || last.isSymbol(".") || last.isSymbol(","))
  }

  let count = bytes.count
  var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
  /// The offset just past the string that opens at `index` with `quote` (`length` 1 or 3), and
  /// whether it interpolates.
  func stringEnd(_ quote: UInt8, _ length: Int) -> (end: Int, textEnd: Int, interpolated: Bool) {
    var at = index + length
    var interpolated = false
    while at < count {
      let byte = bytes[at]
      if byte == UInt8(ascii: "\\") {
        at += 2
        continue
      }
      if length == 1, byte == UInt8(ascii: "\n") { return (at, at, interpolated) }
      if byte == quote, length == 1 || (at + 2 < count && bytes[at + 1] == quote && bytes[at + 2] == quote) {
        return (at + length, at, interpolated)
      }
      if quote == UInt8(ascii: "\""), byte == UInt8(ascii: "$"), at + 1 < count,
        bytes[at + 1] == UInt8(ascii: "{") || isWordByte(bytes[at + 1])
      {
        interpolated = true
      }
      at += 1
    }
    return (count, count, interpolated)
  }

  while index < count {
    let byte = bytes[index]
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
      index += 1
    case UInt8(ascii: "\n"):
      if lineEnds() { settle() }
      index += 1
    case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "/"):
      while index < count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
    case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "*"):
      index += 2
      while index < count,
        !(bytes[index] == UInt8(ascii: "*") && index + 1 < count && bytes[index + 1] == UInt8(ascii: "/"))
      {
        index += 1
      }
      index += 2
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      let triple = index + 2 < count && bytes[index + 1] == byte && bytes[index + 2] == byte
      let length = triple ? 3 : 1
      let (end, textEnd, interpolated) = stringEnd(byte, length)
      let textStart = min(index + length, textEnd)
      let text = String(decoding: bytes[textStart..<textEnd], as: UTF8.self)
      if let top = parentheses.indices.last, parentheses[top].first == nil,
        statement.last?.isSymbol("(") == true
      {
        parentheses[top].first = text
      }
      statement.append(
        GradleLexeme(
          token: .string(text, interpolated: byte == UInt8(ascii: "\"") && interpolated, textStart: textStart),
          start: index, end: min(end, count)))
      index = min(end, count)
    case _ where isWordByte(byte):
      let start = index
      while index < count, isWordByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") { index += 1 }
      statement.append(
        GradleLexeme(token: .word(String(decoding: bytes[start..<index], as: UTF8.self)), start: start, end: index))
    case UInt8(ascii: "{"):
      open()
      index += 1
    case UInt8(ascii: "}"):
      close()
      index += 1
    case UInt8(ascii: ";"):
      if parentheses.count == (frames.last?.parentheses ?? 0) { settle() }
      index += 1
    case UInt8(ascii: "("):
      var callee: String?
      if case .word(let word)? = statement.last?.token { callee = word }
      parentheses.append((callee, nil))
      statement.append(GradleLexeme(token: .symbol(byte), start: index, end: index + 1))
      index += 1
    case UInt8(ascii: ")"):
      if parentheses.count > (frames.last?.parentheses ?? 0) { closed = parentheses.popLast() }
      statement.append(GradleLexeme(token: .symbol(byte), start: index, end: index + 1))
      index += 1
    default:
      statement.append(GradleLexeme(token: .symbol(byte), start: index, end: index + 1))
      index += 1
    }
  }
  settle()
  return file
}

private func isWordByte(_ byte: UInt8) -> Bool {
  (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
}

/// One Gradle module: the Gradle files of one folder (its build file and the scripts it applies
/// beside it), with their bytes for positions.
struct GradleModule {
  var files: [(path: String, bytes: [UInt8], file: GradleFile)] = []

  /// Whether it sets an application id itself (or a namespace that stands for one), so that no
  /// manifest `package` below it is the id.
  var declares: Bool {
    files.contains { $0.file.settings.contains { $0.key != .applicationIdSuffix } }
  }

  /// Whether it builds an app (applies the application plugin or sets an application id).
  var application: Bool {
    files.contains { $0.file.application || $0.file.settings.contains { $0.key == .applicationId } }
  }

  /// The file a missing application id belongs in: its `build.gradle(.kts)`, else its first file.
  var buildFile: String? {
    files.first { ["build.gradle", "build.gradle.kts"].contains(($0.path as NSString).lastPathComponent) }?.path
      ?? files.first?.path
  }

  /// The application id of each release build: the release build type of each flavor (or of the
  /// module without flavors), and of each other build type but `debug`, each at the setting that
  /// decides it; and a computed note for each setting made through the variant API.
  func occurrences() -> [Occurrence] {
    let settings = files.flatMap(\.file.settings)
    var latest: [GradleSetting.Key: [GradleSetting.Scope: GradleSetting]] = [:]
    for setting in settings { latest[setting.key, default: [:]][setting.scope] = setting }
    func last(_ key: GradleSetting.Key, _ scope: GradleSetting.Scope) -> GradleSetting? { latest[key]?[scope] }
    var positions: [String: SourcePositions] = [:]
    for file in files { positions[file.path] = SourcePositions(file.bytes) }
    func position(_ setting: GradleSetting) -> (line: Int, column: Int) {
      positions[setting.path]?.position(ofByte: setting.offset) ?? (1, 1)
    }
    let base = last(.applicationId, .defaultConfig) ?? (application ? last(.namespace, .android) : nil)
    let flavors = unique(files.flatMap(\.file.flavors))
    let types = ["release"] + unique(files.flatMap(\.file.buildTypes)).filter { $0 != "release" && $0 != "debug" }
    var found: [Occurrence] = []
    for flavor in flavors.isEmpty ? [nil] : flavors.map(Optional.some) {
      for type in types {
        let flavorID = flavor.flatMap { last(.applicationId, .flavor($0)) }
        guard let id = flavorID ?? base else { continue }
        let defaultSuffix = last(.applicationIdSuffix, .defaultConfig)
        let flavorSuffix = flavor.flatMap { last(.applicationIdSuffix, .flavor($0)) }
        let typeSuffix = last(.applicationIdSuffix, .buildType(type))
        let pieces = [id, defaultSuffix, flavorSuffix, typeSuffix].compactMap { $0 }
        let deciding =
          pieces.first { $0.literal == nil }
          ?? [typeSuffix, flavorSuffix, flavorID, defaultSuffix, base].compactMap { $0 }[0]
        var value = ""
        for piece in pieces {
          let text = piece.literal ?? ""
          value += piece.key == .applicationIdSuffix && !text.isEmpty && !text.hasPrefix(".") ? "." + text : text
        }
        let computed = pieces.contains { $0.literal == nil }
        let (line, column) = position(deciding)
        let described = pieces.map { piece in
          let (pieceLine, _) = position(piece)
          let place = piece.path == deciding.path ? "line \(pieceLine)" : "\(piece.path):\(pieceLine)"
          return "\(Self.describe(piece)) (\(place))"
        }
        let shipping =
          (type == "release" ? "the release build" : "the \(Printed.excerpt(type)) build type")
          + (flavor.map { " of the \(Printed.excerpt($0)) flavor" } ?? "")
        found.append(
          Occurrence(
            path: deciding.path, line: line, column: column, role: .androidApplicationID,
            value: computed ? deciding.text : value, key: computed ? deciding.text : value, formProblem: nil,
            variant: [flavor, type == "release" ? nil : type].compactMap { $0 }, computed: computed,
            detail: "\(shipping): " + described.joined(separator: " + ")))
      }
    }
    for setting in settings where setting.scope == .variantAPI {
      let (line, column) = position(setting)
      found.append(
        Occurrence(
          path: setting.path, line: line, column: column, role: .androidApplicationID, value: setting.text,
          key: setting.text, formProblem: nil, computed: true,
          detail:
            "an \(setting.key.rawValue) set through the variant API, or for every build type or flavor at once: "
            + "which builds it changes is decided when Gradle runs"))
    }
    return found
  }

  private static func describe(_ setting: GradleSetting) -> String {
    let described =
      switch setting.scope {
      case .defaultConfig: "defaultConfig's \(setting.key.rawValue)"
      case .buildType(let name): "the \(Printed.excerpt(name)) build type's \(setting.key.rawValue)"
      case .flavor(let name): "the \(Printed.excerpt(name)) flavor's \(setting.key.rawValue)"
      case .android: "the namespace, which no applicationId replaces"
      case .variantAPI: setting.key.rawValue
      }
    return setting.conditional ? described + " set under a condition" : described
  }
}

private func unique(_ names: [String]) -> [String] {
  var seen: Set<String> = []
  return names.filter { seen.insert($0).inserted }
}

// MARK: .NET project files

/// Whether an MSBuild condition holds, in three values.
enum Truth {
  case yes, no, unknown

  static func && (a: Truth, b: Truth) -> Truth {
    if a == .no || b == .no { return .no }
    return a == .yes && b == .yes ? .yes : .unknown
  }
}

/// An MSBuild `Condition`, read for an Android build of one configuration: `$(Configuration)` is
/// that configuration, `$(Platform)` `AnyCPU`, `$(TargetFramework)` an Android target framework
/// and `GetTargetPlatformIdentifier(...)` `android`; any other property, function or operator
/// is unknown.
struct MSBuildCondition {
  private enum Token: Equatable {
    case quoted(String)
    case word(String)
    case comparison(String)
    case open, close, not
  }

  private let tokens: [Token]

  init(_ text: String) {
    let bytes = Array(text.utf8)
    var tokens: [Token] = []
    var index = 0
    /// The offset past the parenthesis that closes the one at `start`, quotes respected.
    func balanced(_ start: Int) -> Int {
      var depth = 0
      var at = start
      var quoted = false
      while at < bytes.count {
        let byte = bytes[at]
        if byte == UInt8(ascii: "'") {
          quoted.toggle()
        } else if !quoted, byte == UInt8(ascii: "(") {
          depth += 1
        } else if !quoted, byte == UInt8(ascii: ")") {
          depth -= 1
          if depth == 0 { return at + 1 }
        }
        at += 1
      }
      return bytes.count
    }
    while index < bytes.count {
      let byte = bytes[index]
      let next = index + 1 < bytes.count ? bytes[index + 1] : 0
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        index += 1
      case UInt8(ascii: "'"):
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "'") { end += 1 }
        tokens.append(.quoted(String(decoding: bytes[(index + 1)..<end], as: UTF8.self)))
        index = end + 1
      case UInt8(ascii: "=") where next == UInt8(ascii: "="), UInt8(ascii: "!") where next == UInt8(ascii: "="):
        tokens.append(.comparison(byte == UInt8(ascii: "=") ? "==" : "!="))
        index += 2
      case UInt8(ascii: "!"):
        tokens.append(.not)
        index += 1
      case UInt8(ascii: "<"), UInt8(ascii: ">"):
        tokens.append(.comparison(next == UInt8(ascii: "=") ? "order=" : "order"))
        index += next == UInt8(ascii: "=") ? 2 : 1
      case UInt8(ascii: "("):
        tokens.append(.open)
        index += 1
      case UInt8(ascii: ")"):
        tokens.append(.close)
        index += 1
      case _ where "$@%".utf8.contains(byte) && next == UInt8(ascii: "("):
        let end = balanced(index + 1)
        tokens.append(.word(String(decoding: bytes[index..<end], as: UTF8.self)))
        index = end
      default:
        var end = index
        while end < bytes.count, !" \t\n\r'=!<>()".utf8.contains(bytes[end]) { end += 1 }
        end = max(end, index + 1)
        if end < bytes.count, bytes[end] == UInt8(ascii: "(") { end = balanced(end) }
        tokens.append(.word(String(decoding: bytes[index..<end], as: UTF8.self)))
        index = end
      }
    }
    self.tokens = tokens
  }

  /// The configurations the condition compares `$(Configuration)` with (`Release`, `Staging`).
  var configurations: [String] {
    var found: [String] = []
    for (index, token) in tokens.enumerated()
    where token == .comparison("==") || token == .comparison("!=") {
      guard index > 0, index + 1 < tokens.count, let left = Self.text(tokens[index - 1]),
        let right = Self.text(tokens[index + 1])
      else { continue }
      let lefts = left.split(separator: "|", omittingEmptySubsequences: false)
      let rights = right.split(separator: "|", omittingEmptySubsequences: false)
      guard lefts.count == rights.count else { continue }
      for (a, b) in zip(lefts, rights) {
        let (a, b) = (a.trimmingCharacters(in: .whitespaces), b.trimmingCharacters(in: .whitespaces))
        if a.lowercased() == "$(configuration)", !b.contains("$") { found.append(b) }
        if b.lowercased() == "$(configuration)", !a.contains("$") { found.append(a) }
      }
    }
    return found
  }

  /// Whether the condition holds for an Android build of `configuration`.
  func evaluate(configuration: String) -> Truth {
    var position = 0
    let result = disjunction(&position, configuration, depth: 0)
    return position == tokens.count ? result : .unknown
  }

  private static func text(_ token: Token) -> String? {
    switch token {
    case .quoted(let text), .word(let text): text
    default: nil
    }
  }

  private static func keyword(_ token: Token?, _ word: String) -> Bool {
    if case .word(let text)? = token { text.lowercased() == word } else { false }
  }

  private func disjunction(_ position: inout Int, _ configuration: String, depth: Int) -> Truth {
    var result = conjunction(&position, configuration, depth: depth)
    while position < tokens.count, Self.keyword(tokens[position], "or") {
      position += 1
      let other = conjunction(&position, configuration, depth: depth)
      result = result == .yes || other == .yes ? .yes : (result == .no && other == .no ? .no : .unknown)
    }
    return result
  }

  private func conjunction(_ position: inout Int, _ configuration: String, depth: Int) -> Truth {
    var result = unary(&position, configuration, depth: depth)
    while position < tokens.count, Self.keyword(tokens[position], "and") {
      position += 1
      result = result && unary(&position, configuration, depth: depth)
    }
    return result
  }

  private func unary(_ position: inout Int, _ configuration: String, depth: Int) -> Truth {
    guard depth < 32, position < tokens.count else {
      position = tokens.count
      return .unknown
    }
    switch tokens[position] {
    case .not:
      position += 1
      switch unary(&position, configuration, depth: depth + 1) {
      case .yes: return .no
      case .no: return .yes
      case .unknown: return .unknown
      }
    case .open:
      position += 1
      let inner = disjunction(&position, configuration, depth: depth + 1)
      guard position < tokens.count, tokens[position] == .close else {
        position = tokens.count
        return .unknown
      }
      position += 1
      return inner
    default:
      guard let left = Self.text(tokens[position]) else {
        position = tokens.count
        return .unknown
      }
      position += 1
      guard position < tokens.count, case .comparison(let comparison) = tokens[position] else {
        let value = Self.expand(left, configuration)
        return value == .known("true") ? .yes : value == .known("false") ? .no : .unknown
      }
      position += 1
      guard position < tokens.count, let right = Self.text(tokens[position]) else {
        position = tokens.count
        return .unknown
      }
      position += 1
      let equal = Self.equal(left, right, configuration)
      switch comparison {
      case "==": return equal
      case "!=": return equal == .yes ? .no : equal == .no ? .yes : .unknown
      default: return .unknown
      }
    }
  }

  private enum Value: Equatable {
    case known(String)
    case androidFramework
    case unknown
  }

  private static func expand(_ text: some StringProtocol, _ configuration: String) -> Value {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    switch trimmed.lowercased() {
    case "$(configuration)": return .known(configuration.lowercased())
    case "$(platform)": return .known("anycpu")
    case "$(targetframework)": return .androidFramework
    case let lower where lower.contains("gettargetplatformidentifier("): return .known("android")
    case let lower where ["$(", "@(", "%("].contains(where: lower.contains): return .unknown
    case let lower: return .known(lower)
    }
  }

  /// Whether two operands are equal: `|`-joined ones part by part, case ignored.
  private static func equal(_ left: String, _ right: String, _ configuration: String) -> Truth {
    let lefts = left.split(separator: "|", omittingEmptySubsequences: false)
    let rights = right.split(separator: "|", omittingEmptySubsequences: false)
    guard lefts.count == rights.count else { return .unknown }
    var result = Truth.yes
    for (a, b) in zip(lefts, rights) {
      let part: Truth =
        switch (expand(a, configuration), expand(b, configuration)) {
        case (.known(let x), .known(let y)): x == y ? .yes : .no
        case (.androidFramework, .known(let framework)), (.known(let framework), .androidFramework):
          framework.contains("-android") ? .yes : .no
        default: .unknown
        }
      result = result && part
    }
    return result
  }
}

/// How many configurations besides Release a project file's conditions may name and still be
/// read one by one: each is a pass over the file's conditions.
let configurationLimit = 8

/// A .NET project file's application id: what the Release configuration ships (its
/// `<ApplicationId>` elements read in order, the last whose conditions hold winning), and what
/// each other configuration its conditions name ships (as that configuration's variant). Nothing
/// where the project does not target Android; `declares` where it sets an `<ApplicationId>`.
func scanProject(_ path: String, _ bytes: [UInt8]) -> (scan: CheckoutScan, android: Bool, declares: Bool) {
  let positions = SourcePositions(bytes)
  var scan = CheckoutScan()
  var android = false
  var declares = false
  func append(_ element: XMLNode, _ value: String, computed: Bool, variant: [String], detail: String) {
    let (line, column) = textStart(element, bytes).map { positions.position(ofByte: $0) } ?? (element.line, 1)
    guard
      !scan.occurrences.contains(where: {
        $0.line == line && $0.column == column && $0.variant == variant && $0.value == value
      })
    else { return }
    scan.occurrences.append(
      Occurrence(
        path: path, line: line, column: column, role: .androidApplicationID, value: value, key: value,
        formProblem: nil, variant: variant, computed: computed, detail: detail))
  }

  func unreadableValue(_ element: XMLNode, _ reference: String) {
    let (line, column) = textStart(element, bytes).map { positions.position(ofByte: $0) } ?? (element.line, 1)
    guard !scan.unreadable.contains(where: { $0.line == line && $0.column == column }) else { return }
    scan.unreadable.append(
      UnreadableFile(
        path: path, line: line, column: column,
        message: "could not read this <ApplicationId>: it refers to the entity '&\(Printed.excerpt(reference));', "
          + "and audit never expands an entity", roles: [.androidApplicationID], wholeFile: false))
  }

  do {
    try withXMLRoot(bytes) { root in
      var frameworks = ""
      var maui = false
      var androidApplication = false
      var conditions: [MSBuildCondition] = []
      var conditionTexts: [String] = []
      var conditionOf: [xmlNodePtr: Int?] = [:]
      /// The condition an element sets: its `Condition` attribute; a `Target`'s properties and
      /// `Otherwise` hold unknown ones.
      func condition(_ node: xmlNodePtr) -> Int? {
        if let known = conditionOf[node] { return known }
        let element = XMLNode(node: node)
        var text: String?
        if element.name == "Target" || element.name == "Otherwise" {
          text = "$(\(element.name))"
        } else if let attribute = element.attribute("Condition") {
          text = attribute.text.text ?? "$(entity)"
        }
        let index = text.map { text -> Int in
          conditions.append(MSBuildCondition(text))
          conditionTexts.append(text)
          return conditions.count - 1
        }
        conditionOf[node] = index
        return index
      }
      var assignments: [(element: XMLNode, conditions: [Int])] = []
      for element in root.descendants {
        switch element.name {
        case "TargetFramework", "TargetFrameworks": frameworks += " " + (element.text.text ?? "$(entity)").lowercased()
        case "UseMaui": maui = maui || element.text.text?.trimmingCharacters(in: .whitespaces).lowercased() == "true"
        case "AndroidApplication":
          androidApplication =
            androidApplication || element.text.text?.trimmingCharacters(in: .whitespaces).lowercased() == "true"
        case "ApplicationId":
          var held: [Int] = []
          var node: xmlNodePtr? = element.node
          while let current = node, current.pointee.type == XML_ELEMENT_NODE {
            if let index = condition(current) { held.append(index) }
            node = current.pointee.parent
          }
          assignments.append((element, held))
        default: break
        }
      }
      android =
        frameworks.contains("android") || androidApplication
        || (maui && (frameworks.isEmpty || frameworks.contains("$(")))
      guard android else { return }
      declares = !assignments.isEmpty
      var named: [String] = []
      var seen: Set<String> = ["release", "debug"]
      for condition in conditions where named.count < configurationLimit {
        for name in condition.configurations where seen.insert(name.lowercased()).inserted { named.append(name) }
      }
      for configuration in ["Release"] + named.prefix(configurationLimit) {
        let truths = conditions.map { $0.evaluate(configuration: configuration) }
        var decided: (element: XMLNode, conditions: [Int])?
        var undecided: (element: XMLNode, condition: Int)?
        for assignment in assignments {
          let truth = assignment.conditions.reduce(Truth.yes) { $0 && truths[$1] }
          switch truth {
          case .yes:
            decided = assignment
            undecided = nil
          case .unknown:
            undecided = (assignment.element, assignment.conditions.first { truths[$0] == .unknown } ?? 0)
          case .no: break
          }
        }
        let release = configuration == "Release"
        let shipping = release ? "the Release configuration" : "the \(Printed.excerpt(configuration)) configuration"
        let variant = release ? [] : [configuration]
        if let undecided {
          switch undecided.element.text {
          case .entity(let reference): unreadableValue(undecided.element, reference)
          case .text(let text):
            let shown = text.trimmingCharacters(in: .whitespacesAndNewlines)
            append(
              undecided.element, shown, computed: true, variant: variant,
              detail:
                "\(shipping)'s <ApplicationId> depends on the condition "
                + "\"\(Printed.excerpt(conditionTexts[undecided.condition]))\", which audit cannot decide")
          }
        } else if let decided {
          switch decided.element.text {
          case .entity(let reference): unreadableValue(decided.element, reference)
          case .text(let text):
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            let how =
              decided.conditions.isEmpty
              ? "the <ApplicationId> without a condition, which \(shipping) keeps"
              : "the <ApplicationId> that \(shipping) sets, under the condition "
                + "\"\(Printed.excerpt(conditionTexts[decided.conditions[0]]))\""
            append(
              decided.element, value, computed: ["$(", "@(", "%("].contains(where: value.contains),
              variant: variant, detail: how)
          }
        }
      }
    }
  } catch {
    return (
      CheckoutScan(
        unreadable: [unreadableFile(path, "project file", error, roles: mentionedRoles(.project, bytes))]),
      true, true
    )
  }
  if android { scan.buildFiles.append(path) }
  return (scan, android, declares)
}
