// Module AssociationChecks: association files from anywhere, read and judged: the strict JSON
// reader (`JSONParser`) and the .NET settings reader (`AppSettings`), the validator of
// `apple-app-site-association` and `assetlinks.json` files (`validateAssociation`, the report of
// `validate`), the semantic diff of two files or two releases with its cutover plans (`diff`),
// and the self-check of the files we generate. Imports LinkContract, LinkParser and
// ContractArtifacts (the association model, matcher and spots); no system library and no I/O.

import ContractArtifacts
import LinkContract

extension Diagnostic {
  /// A finding of the validator about the value at `jsonPath` (empty for the whole file), at
  /// 1:1 of a file without a name until `validateAssociation` places it.
  init(_ id: DiagnosticID, _ severity: Severity, _ text: String, at jsonPath: String = "") {
    self.init(
      id: id, severity: severity, location: DiagnosticLocation(path: "", line: 1, column: 1, jsonPath: jsonPath),
      message: text)
  }

  /// This diagnostic at `line` and `column` of its file.
  func at(line: Int, column: Int) -> Diagnostic {
    var copy = self
    copy.location = DiagnosticLocation(
      path: location?.path ?? "", line: line, column: column, jsonPath: location?.jsonPath)
    return copy
  }
}

/// The largest `apple-app-site-association` file Apple reads, in bytes.
public let appSiteAssociationByteLimit = 128 * 1024

/// Validates an association file from anywhere against its platform's rules. Errors mark what
/// the platform refuses or misreads; warnings what it accepts although the author almost
/// certainly meant something else, with the effect spelled out. `servedOverHTTPS` is how the
/// file itself is served (it decides whether an `http` include is refused). A message quotes
/// a value of the file as `Printed` does, a URL with the values of the `forbidden` keys hidden.
public func validateAssociation(
  _ bytes: [UInt8], kind: AssociationKind, servedOverHTTPS: Bool = true, forbidden: ForbiddenWords
) -> [Diagnostic] {
  if kind == .appleAppSiteAssociation, bytes.count > appSiteAssociationByteLimit {
    // Apple does not read the file at all: nothing else in it matters.
    return [
      .init(
        .fileTooLarge, .error,
        "is \(bytes.count) bytes; Apple reads at most \(appSiteAssociationByteLimit) "
          + "(\(appSiteAssociationByteLimit / 1024) KB)")
    ]
  }
  if let offset = UTF8Sequence.firstInvalidOffset(bytes), !bytes.starts(with: [0xFE, 0xFF]),
    !bytes.starts(with: [0xFF, 0xFE])
  {
    let message = Diagnostic(.notUTF8, .error, "is not UTF-8 text: byte \(offset + 1) is not part of a UTF-8 sequence")
    let (line, column) = JSONLocations(bytes: bytes, offsets: [:]).position(at: offset)
    return [message.at(line: line, column: column)]
  }
  let json: JSON
  do { json = try JSONParser.parse(bytes) } catch {
    let message = Diagnostic(
      .jsonSyntax, .error,
      kind == .assetLinks ? "could not parse statement list: \(error.description)" : error.description)
    return [message.at(line: error.line, column: error.column)]
  }
  var messages: [Diagnostic]
  switch kind {
  case .appleAppSiteAssociation:
    let decoded = decodeAppSiteAssociation(json)
    messages = decoded.messages + decoded.association.shadowingMessages()
  case .assetLinks:
    messages = decodeAssetLinks(json, servedOverHTTPS: servedOverHTTPS, forbidden: forbidden).messages
  }
  // Positions cost a second pass, paid only by files that have something to report.
  if !messages.isEmpty, let (_, locations) = try? JSONParser.parseLocated(bytes) {
    let positions = locations.positions(of: messages.map { $0.location?.jsonPath ?? "" })
    for (index, (line, column)) in positions.enumerated() {
      messages[index] = messages[index].at(line: line, column: column)
    }
  }
  return messages
}

// MARK: apple-app-site-association

/// Collects messages at JSON paths while a document is decoded.
struct MessageLog {
  /// The ids of what the platform refuses and of what it accepts but almost certainly misreads.
  let invalid: DiagnosticID
  let suspicious: DiagnosticID
  /// The query and fragment keys whose values a quoted URL hides.
  var forbidden: ForbiddenWords = []
  var messages: [Diagnostic] = []
  mutating func error(_ path: String, _ text: String) { messages.append(.init(invalid, .error, text, at: path)) }
  mutating func warning(_ path: String, _ text: String, id: DiagnosticID? = nil) {
    messages.append(.init(id ?? suspicious, .warning, text, at: path))
  }
}

/// Reads the `applinks` section of an `apple-app-site-association` document, and checks the
/// `webcredentials`, `appclips` and `activitycontinuation` sections, reporting every value of
/// the wrong type, ignored key and malformed app id on the way.
public func decodeAppSiteAssociation(_ json: JSON) -> (
  association: AppSiteAssociation, messages: [Diagnostic]
) {
  var log = MessageLog(invalid: .aasaInvalid, suspicious: .aasaSuspicious)
  guard case .object(let top) = json else {
    log.error("", "the file is not a JSON object")
    return (AppSiteAssociation(details: []), log.messages)
  }
  var association = AppSiteAssociation(details: [])
  var sawSection = false
  for (key, value) in top {
    let place = JSONPath.member("", key)
    switch key {
    case "applinks":
      sawSection = true
      decodeApplinks(value, into: &association, &log)
    case "webcredentials", "appclips", "activitycontinuation":
      sawSection = true
      association.services[key] = decodeService(value, at: place, &log)
    default:
      log.warning(place, "has an unknown top-level key \"\(Printed.excerpt(key))\", which iOS ignores", id: .unknownKey)
    }
  }
  // A file of webcredentials, appclips or activitycontinuation alone is complete as it is.
  if !sawSection {
    log.warning(
      "",
      "has none of the sections iOS reads (applinks, webcredentials, appclips, activitycontinuation): "
        + "it associates no app with the domain")
  }
  return (association, log.messages)
}

private func decodeApplinks(_ value: JSON, into association: inout AppSiteAssociation, _ log: inout MessageLog) {
  guard case .object(let applinks) = value else {
    log.error("applinks", "applinks is not an object")
    return
  }
  // The variables come first: the components that use them may stand before them.
  if let value = applinks.first(where: { $0.0 == "substitutionVariables" })?.1 {
    association.substitutionVariables = decodeVariables(value, at: "applinks.substitutionVariables", &log)
  }
  let variables = SubstitutionVariables(association.substitutionVariables)
  var sawDetails = false
  for (key, value) in applinks {
    let place = JSONPath.member("applinks", key)
    switch key {
    case "defaults": association.defaults = decodeSettings(value, at: place, &log)
    case "details":
      sawDetails = true
      guard case .array(let details) = value else {
        log.error(place, "applinks.details is not an array")
        continue
      }
      if details.isEmpty { log.warning(place, "applinks.details is empty: no app handles universal links") }
      for (index, detail) in details.enumerated() {
        association.details.append(
          decodeDetail(detail, at: JSONPath.index(place, index), variables, &log)
            ?? AASADetail(appIDs: [], components: []))
      }
    case "substitutionVariables": break
    case "apps":
      if value != .array([]) {
        log.warning(place, "applinks.apps is a legacy key; it should be an empty array", id: .legacyKey)
      }
    default:
      log.warning(place, "applinks has an unknown key \"\(Printed.excerpt(key))\", which iOS ignores", id: .unknownKey)
    }
  }
  if !sawDetails {
    log.warning("applinks", "applinks has no details: no universal links are claimed")
  }
}

/// `applinks.substitutionVariables`: arrays of strings by name, a name without `$`, `(` or `)`,
/// a value without a variable. A name Apple predefines is read as the file defines it.
private func decodeVariables(_ value: JSON, at place: String, _ log: inout MessageLog) -> [String: [String]] {
  guard case .object(let variables) = value else {
    log.error(place, "\(place) is not an object")
    return [:]
  }
  var read: [String: [String]] = [:]
  for (name, values) in variables {
    let at = JSONPath.member(place, name)
    guard case .array(let items) = values,
      case let strings = items.compactMap({ item -> String? in if case .string(let text) = item { text } else { nil } }),
      strings.count == items.count
    else {
      log.error(at, "\(at) is not an array of strings")
      continue
    }
    if name.contains(where: { "$()".contains($0) }) {
      log.error(
        at,
        "\(place) names a variable \"\(Printed.excerpt(name))\" with $, ( or ) in it, which a name cannot hold: "
          + "no pattern can use it")
      continue
    }
    // Without the file's own variables, only Apple's predefined ones are defined.
    if SubstitutionVariables().defines(name) {
      log.warning(
        at,
        "\(at) redefines Apple's predefined $(\(name)); Apple does not say which definition a pattern gets "
          + "(this validator reads the file's)")
    }
    if strings.isEmpty { log.warning(at, "\(at) is empty: a pattern that uses it matches nothing") }
    for (index, text) in strings.enumerated() where !AASAPatternPart.variables(in: text).isEmpty {
      log.error(
        JSONPath.index(at, index),
        "\(at)[\(index)] \"\(Printed.excerpt(text))\" uses a variable, which a variable's value cannot (it is read "
          + "as text)")
    }
    read[name] = strings
  }
  return read
}

/// `webcredentials`, `appclips` and `activitycontinuation`: an object with an `apps` array of
/// app ids. Returns the app ids read.
private func decodeService(_ value: JSON, at place: String, _ log: inout MessageLog) -> [String] {
  let name = place
  guard case .object(let members) = value else {
    log.error(place, "\(name) is not an object")
    return []
  }
  var ids: [String] = []
  var sawApps = false
  for (key, value) in members {
    let at = JSONPath.member(place, key)
    guard key == "apps" else {
      log.warning(
        at, "\(name) has an unknown key \"\(Printed.excerpt(key))\", which iOS ignores (only apps is read)",
        id: .unknownKey)
      continue
    }
    sawApps = true
    guard case .array(let apps) = value else {
      log.error(at, "\(name).apps is not an array")
      continue
    }
    if apps.isEmpty { log.warning(at, "\(name).apps is empty: the section names no app") }
    for (index, app) in apps.enumerated() {
      guard case .string(let id) = app else {
        log.error(JSONPath.index(at, index), "\(name).apps[\(index)] is not a string")
        continue
      }
      if let why = appIDProblem(id) {
        log.error(JSONPath.index(at, index), "\(name).apps[\(index)] \"\(Printed.excerpt(id))\" \(why)")
      }
      ids.append(id)
    }
  }
  if !sawApps { log.warning(place, "\(name) has no apps array: the section names no app") }
  return ids
}

/// Why `id` is not an application identifier `<10-character team id>.<bundle id>`, or nil.
public func appIDProblem(_ id: String) -> String? {
  let bytes = Array(id.utf8)
  guard bytes.count > 11, bytes[10] == UInt8(ascii: ".") else {
    return "is not of the form TEAMID.bundle (a 10-character team id, a dot, a bundle id)"
  }
  guard AppIdentifier.isTeamID(bytes: bytes[..<10]) else {
    return "has a team id that is not 10 characters of [0-9A-Z]"
  }
  let bundle = bytes[11...]
  let dot = UInt8(ascii: ".")
  let allowed = { (b: UInt8) in ASCII.isAlphanumeric(b) || b == UInt8(ascii: "-") || b == dot }
  if !bundle.allSatisfy(allowed) || bundle.first == dot || bundle.last == dot
    || bundle.split(separator: dot, omittingEmptySubsequences: false).contains(where: \.isEmpty)
  {
    return "has a bundle id outside [A-Za-z0-9.-] or with an empty part"
  }
  return nil
}

private func decodeSettings(_ value: JSON, at place: String, _ log: inout MessageLog) -> AASAMatchSettings? {
  guard case .object(let members) = value else {
    log.error(place, "\(place) is not an object")
    return nil
  }
  var settings = AASAMatchSettings()
  for (key, value) in members {
    let at = JSONPath.member(place, key)
    switch key {
    case "caseSensitive", "percentEncoded":
      guard case .bool(let flag) = value else {
        log.error(at, "\(at) is not a boolean")
        continue
      }
      if key == "caseSensitive" { settings.caseSensitive = flag } else { settings.percentEncoded = flag }
    case "/", "?", "#", "exclude", "comment":
      log.warning(at, "\(at) has no effect in defaults")
    default:
      log.warning(at, "\(place) has an unknown key \"\(Printed.excerpt(key))\", which iOS ignores", id: .unknownKey)
    }
  }
  return settings
}

private func decodeDetail(
  _ value: JSON, at place: String, _ variables: SubstitutionVariables, _ log: inout MessageLog
) -> AASADetail? {
  guard case .object(let members) = value else {
    log.error(place, "\(place) is not an object")
    return nil
  }
  var detail = AASADetail(appIDs: [], components: [])
  var legacyPaths: [AASAComponent]?
  var components: [AASAComponent]?
  var appIDs: [String]?
  var appID: String?
  for (key, value) in members {
    let at = JSONPath.member(place, key)
    switch key {
    case "appID":
      guard case .string(let id) = value else {
        log.error(at, "\(at) is not a string")
        continue
      }
      appID = id
    case "appIDs":
      guard case .array(let ids) = value else {
        log.error(at, "\(at) is not an array")
        continue
      }
      if ids.isEmpty { log.warning(at, "\(at) is empty: this detail applies to no app") }
      var read: [String] = []
      for (index, id) in ids.enumerated() {
        guard case .string(let text) = id else {
          log.error(JSONPath.index(at, index), "\(at)[\(index)] is not a string")
          continue
        }
        read.append(text)
      }
      appIDs = read
    case "components":
      guard case .array(let items) = value else {
        log.error(at, "\(at) is not an array")
        continue
      }
      components = items.enumerated().map { index, item in
        // Keep indices aligned with the file; a broken component matches nothing.
        decodeComponent(item, at: JSONPath.index(at, index), variables, &log)
          ?? {
            var broken = AASAComponent(path: "", query: .whole(""), fragment: "")
            broken.unreadable = true
            return broken
          }()
      }
    case "defaults": detail.defaults = decodeSettings(value, at: at, &log)
    case "paths":
      guard case .array(let items) = value else {
        log.error(at, "\(at) is not an array")
        continue
      }
      log.warning(at, "\(at) is the legacy format (iOS 12 and earlier); use components", id: .legacyKey)
      legacyPaths = items.enumerated().compactMap { index, item in
        guard case .string(let text) = item else {
          log.error(JSONPath.index(at, index), "\(at)[\(index)] is not a string")
          return nil
        }
        if text.hasPrefix("NOT ") { return AASAComponent(path: String(text.dropFirst(4)), exclude: true) }
        return AASAComponent(path: text)
      }
    default:
      log.warning(at, "\(place) has an unknown key \"\(Printed.excerpt(key))\", which iOS ignores", id: .unknownKey)
    }
  }
  switch (appID, appIDs) {
  case (nil, nil): log.error(place, "\(place) names no app (no appID string and no appIDs array)")
  case (let id?, nil): detail.appIDs = [id]
  case (_?, let ids?):
    log.warning(
      JSONPath.member(place, "appID"), "\(place) has both appID and appIDs; iOS 13 and later read appIDs only")
    detail.appIDs = ids
  case (nil, let ids?): detail.appIDs = ids
  }
  for id in detail.appIDs {
    if let why = appIDProblem(id) { log.error(place, "\(place) app id \"\(Printed.excerpt(id))\" \(why)") }
  }
  switch (components, legacyPaths) {
  case (let components?, let paths):
    detail.components = components
    if paths != nil {
      log.warning(
        JSONPath.member(place, "paths"), "\(place).paths is ignored by iOS 13 and later, which read components")
    }
  case (nil, let paths?): detail.components = paths
  case (nil, nil): log.warning(place, "\(place) has no components: it claims no URL")
  }
  return detail
}

private func decodeComponent(
  _ value: JSON, at place: String, _ variables: SubstitutionVariables, _ log: inout MessageLog
) -> AASAComponent? {
  guard case .object(let members) = value else {
    log.error(place, "\(place) is not an object")
    return nil
  }
  var component = AASAComponent()
  var valid = true
  var unknown: [String] = []
  func string(_ key: String, _ value: JSON, _ log: inout MessageLog) -> String? {
    var at: String { JSONPath.member(place, key) }
    guard case .string(let text) = value else {
      log.error(at, "\(at) is not a string")
      valid = false
      return nil
    }
    return text
  }
  func flag(_ key: String, _ value: JSON, _ log: inout MessageLog) -> Bool? {
    var at: String { JSONPath.member(place, key) }
    guard case .bool(let flag) = value else {
      log.error(at, "\(at) is not a boolean")
      valid = false
      return nil
    }
    return flag
  }
  for (key, value) in members {
    var at: String { JSONPath.member(place, key) }
    switch key {
    case "/":
      component.path = string(key, value, &log)
      if let path = component.path, !path.hasPrefix("/"), !path.hasPrefix("*"), !path.hasPrefix("?"),
        !path.hasPrefix("$(")
      {
        log.warning(at, "\(at) does not start with / and can match no path")
      }
    case "?":
      switch value {
      case .string(let text): component.query = .whole(text)
      case .object(let items):
        var parsed: [AASAQueryItem] = []
        for (name, pattern) in items {
          guard case .string(let text) = pattern else {
            log.error(JSONPath.member(at, name), "\(JSONPath.member(at, name)) is not a string")
            valid = false
            continue
          }
          parsed.append(AASAQueryItem(name: name, pattern: text))
        }
        component.query = .items(parsed)
      default:
        log.error(at, "\(at) is neither a string nor an object of strings")
        valid = false
      }
    case "#": component.fragment = string(key, value, &log)
    case "exclude": component.exclude = flag(key, value, &log) ?? false
    case "comment": component.comment = string(key, value, &log)
    case "caseSensitive": component.settings.caseSensitive = flag(key, value, &log)
    case "percentEncoded": component.settings.percentEncoded = flag(key, value, &log)
    default: unknown.append(key)
    }
  }
  for key in unknown {
    var effect = ""
    if component.path == nil && component.query == nil && component.fragment == nil {
      effect =
        component.exclude
        ? "; with no \"/\", \"?\" or \"#\" the component excludes every URL"
        : "; with no \"/\", \"?\" or \"#\" the component matches every URL, so the app claims the whole domain"
    } else if component.path == nil {
      effect = "; with no \"/\" the component matches every path"
    }
    log.warning(
      JSONPath.member(place, key),
      "\(place) has an unknown key \"\(Printed.excerpt(key))\", which iOS ignores (known: /, ?, #, exclude, comment, "
        + "caseSensitive, percentEncoded)\(effect)", id: .unknownKey)
  }
  if valid {
    for (key, pattern) in component.patterns where pattern.contains("$(") {
      let at = key.reduce(place, JSONPath.member)
      for name in AASAPatternPart.variables(in: pattern) where !variables.defines(name) {
        log.error(
          at,
          "\(at) uses $(\(Printed.excerpt(name))), which neither substitutionVariables nor Apple defines: "
            + "the component matches nothing")
      }
      if AASAPatternPart.hasUnclosedVariable(pattern) {
        log.warning(at, "\(at) has a \"$(\" that no \")\" closes; this validator reads it as text")
      }
    }
  }
  return valid ? component : nil
}

extension AppSiteAssociation {
  /// The messages for components that can never decide anything: warnings, since Apple reads
  /// the file as written; a shadowed exclude under an earlier include says that the URLs it
  /// means to keep in the browser open the app. When the analysis reaches its work bound, a
  /// warning says where it stopped.
  func shadowingMessages() -> [Diagnostic] {
    let analysis = shadowedComponents()
    var messages: [Diagnostic] = []
    for item in analysis.shadowed {
      let detail = details[item.detail]
      let later = detail.components[item.component]
      let earlier = detail.components[item.coveredBy]
      let place = "applinks.details[\(item.detail)].components[\(item.component)]"
      let cover = "components[\(item.coveredBy)] before it matches every URL it matches (the first match wins)"
      switch (earlier.exclude, later.exclude) {
      case (false, true):
        messages.append(
          .init(
            .componentShadowed, .warning,
            "\(place) is an exclude that never applies: \(cover), so the app opens those URLs", at: place))
      case (true, false):
        messages.append(
          .init(
            .componentShadowed, .warning, "\(place) can never claim anything: \(cover) and excludes them", at: place))
      default:
        messages.append(
          .init(.componentShadowed, .warning, "\(place) is a dead rule: \(cover), with the same effect", at: place))
      }
    }
    if let stop = analysis.stoppedAt {
      messages.append(
        .init(
          .componentShadowed, .warning,
          "the reachability analysis stopped at applinks.details[\(stop.detail)].components[\(stop.component)] after "
            + "\(AASAShadowing.stepBudget) steps; later components were not checked",
          at: "applinks.details[\(stop.detail)].components[\(stop.component)]"))
    }
    return messages
  }
}

// MARK: assetlinks.json

/// The characters of a SHA-256 fingerprint as Google reads it, 32 hex bytes joined by colons:
/// a message quotes that many of a fingerprint, so that a well-formed one is shown whole.
let fingerprintLength = 32 * 3 - 1

/// One statement of an `assetlinks.json` statement list.
public struct AssetLinkStatement: Sendable, Hashable {
  public let relations: [String]
  public let namespace: String
  /// For an `android_app` target.
  public let packageName: String?
  public let fingerprints: [String]
  /// For a `web` target.
  public let site: String?
  /// For an `include` statement: the URL of the statement list it includes.
  public var include: String?
  /// `relation_extensions`: per relation, its `dynamic_app_link_components` (Android 15).
  public var dynamicComponents: [String: [JSON]] = [:]

  public init(
    relations: [String], namespace: String, packageName: String?, fingerprints: [String], site: String?,
    include: String? = nil
  ) {
    self.relations = relations
    self.namespace = namespace
    self.packageName = packageName
    self.fingerprints = fingerprints
    self.site = site
    self.include = include
  }
}

/// Reads a statement list with the rules of Google's Digital Asset Links compatibility tests,
/// deciding everything that needs no fetch. An include is checked as a URL (an `http` one from
/// a file served over https is refused) and reported as not followed. A message quotes a URL
/// with the values of the `forbidden` keys hidden.
public func decodeAssetLinks(
  _ json: JSON, servedOverHTTPS: Bool = true, forbidden: ForbiddenWords
) -> (statements: [AssetLinkStatement], messages: [Diagnostic]) {
  var log = MessageLog(invalid: .assetLinksInvalid, suspicious: .assetLinksSuspicious, forbidden: forbidden)
  let prefix = "could not parse statement list: "
  guard case .array(let items) = json else {
    switch json {
    case .object: log.error("", prefix + "expected a single array of statements, found an object")
    case .string:
      log.error("", prefix + "not valid JSON in strict mode: the top level is a string, expected a single array")
    default: log.error("", prefix + "not valid JSON in strict mode: the top level is a scalar, expected a single array")
    }
    return ([], log.messages)
  }
  if items.isEmpty { log.error("", prefix + "No statements were found") }
  var statements: [AssetLinkStatement] = []
  for (index, item) in items.enumerated() {
    let at = JSONPath.index("", index)
    if let statement = decodeStatement(item, number: index + 1, at: at, servedOverHTTPS: servedOverHTTPS, &log) {
      statements.append(statement)
    }
  }
  return (statements, log.messages)
}

private func decodeStatement(
  _ item: JSON, number: Int, at: String, servedOverHTTPS: Bool, _ log: inout MessageLog
) -> AssetLinkStatement? {
  let place = "statement \(number): "
  func error(_ path: String, _ text: String, _ log: inout MessageLog) {
    log.error(path, "could not parse statement list: " + place + text)
  }
  guard case .object(let members) = item else {
    error(at, "not an object", &log)
    return nil
  }
  func member(_ key: String) -> JSON? { members.first { $0.0 == key }?.1 }
  if let include = member("include") {
    for key in ["relation", "target"] where member(key) != nil {
      error(JSONPath.member(at, key), "invalid field \"\(key)\" beside include", &log)
    }
    let includeAt = JSONPath.member(at, "include")
    guard case .string(let url) = include else {
      error(includeAt, "include is not a string", &log)
      return nil
    }
    let shown = Printed.url(url, forbidden: log.forbidden)
    if let why = webURLProblem(url, allowPath: true) {
      error(includeAt, "include \"\(shown)\" \(why)", &log)
      return nil
    }
    if servedOverHTTPS, url.prefix(5).lowercased() == "http:" {
      error(includeAt, "include \"\(shown)\": Insecure URL in fetch stack of secure asset (http from https)", &log)
      return nil
    }
    log.warning(includeAt, place + "include \(shown) is not followed by this validator; its statements are unchecked")
    var statement = AssetLinkStatement(
      relations: [], namespace: "include", packageName: nil, fingerprints: [], site: nil)
    statement.include = url
    return statement
  }
  var relations: [String] = []
  var valid = true
  let relationAt = JSONPath.member(at, "relation")
  switch member("relation") {
  case nil:
    error(at, "no relation array specified", &log)
    valid = false
  case .array(let values)?:
    if values.isEmpty {
      error(relationAt, "no relation array specified (it is empty)", &log)
      valid = false
    }
    for (index, value) in values.enumerated() {
      guard case .string(let relation) = value else {
        error(JSONPath.index(relationAt, index), "invalid relation: not a string", &log)
        valid = false
        continue
      }
      if let why = relationProblem(relation) {
        error(JSONPath.index(relationAt, index), why, &log)
        valid = false
      }
      relations.append(relation)
    }
  default:
    error(relationAt, "relation is not an array", &log)
    valid = false
  }
  guard let target = member("target") else {
    error(at, "no target specified", &log)
    return nil
  }
  let targetAt = JSONPath.member(at, "target")
  guard case .object(let descriptor) = target else {
    error(targetAt, "target is not an object", &log)
    return nil
  }
  func field(_ key: String) -> JSON? { descriptor.first { $0.0 == key }?.1 }
  guard case .string(let namespace)? = field("namespace") else {
    error(targetAt, "target has no namespace string", &log)
    return nil
  }
  var statement: AssetLinkStatement
  switch namespace {
  case "android_app":
    var packageName: String?
    let packageAt = JSONPath.member(targetAt, "package_name")
    switch field("package_name") {
    case nil: error(targetAt, "target has no package_name field", &log)
    case .string(let name)?:
      if AppIdentifier.isAndroidPackage(name) {
        packageName = name
      } else {
        error(packageAt, "invalid package name \"\(Printed.excerpt(name))\"", &log)
      }
    default: error(packageAt, "invalid package name: not a string", &log)
    }
    var fingerprints: [String] = []
    var listed = Set<String>()
    let fingerprintsAt = JSONPath.member(targetAt, "sha256_cert_fingerprints")
    switch field("sha256_cert_fingerprints") {
    case nil: error(targetAt, "target has no sha256_cert_fingerprints field", &log)
    case .array(let values)?:
      if values.isEmpty {
        error(fingerprintsAt, "sha256_cert_fingerprints must contain at least one certificate", &log)
      }
      for (index, value) in values.enumerated() {
        let valueAt = JSONPath.index(fingerprintsAt, index)
        guard case .string(let fingerprint) = value else {
          error(valueAt, "sha256_cert_fingerprints has an item that is not a string", &log)
          continue
        }
        let shown = Printed.excerpt(fingerprint, limit: fingerprintLength)
        if Fingerprint.parse(fingerprint) == nil {
          error(
            valueAt,
            "malformed cert fingerprint \"\(shown)\": expected 32 uppercase hex bytes joined by colons; Google "
              + "rejects the whole statement list",
            &log)
        } else if let why = Fingerprint.problem(fingerprint) {
          log.warning(valueAt, place + "fingerprint \(shown) \(why)")
        }
        if !listed.insert(fingerprint).inserted {
          log.warning(valueAt, place + "fingerprint \(shown) is listed twice")
        }
        fingerprints.append(fingerprint)
      }
    default: error(fingerprintsAt, "sha256_cert_fingerprints is not an array", &log)
    }
    guard valid, let packageName else { return nil }
    statement = AssetLinkStatement(
      relations: relations, namespace: namespace, packageName: packageName, fingerprints: fingerprints, site: nil)
  case "web":
    guard let siteValue = field("site") else {
      error(targetAt, "target has no site field", &log)
      return nil
    }
    let siteAt = JSONPath.member(targetAt, "site")
    guard case .string(let site) = siteValue else {
      error(siteAt, "Invalid site: the site field is not a string", &log)
      return nil
    }
    if let why = webURLProblem(site, allowPath: false) {
      error(siteAt, "site \"\(Printed.url(site, forbidden: log.forbidden))\" \(why)", &log)
      return nil
    }
    guard valid else { return nil }
    statement = AssetLinkStatement(
      relations: relations, namespace: namespace, packageName: nil, fingerprints: [], site: site)
  default:
    error(
      JSONPath.member(targetAt, "namespace"), "target has an unrecognized namespace \"\(Printed.excerpt(namespace))\"",
      &log)
    return nil
  }
  if let extensions = member("relation_extensions") {
    statement.dynamicComponents = decodeRelationExtensions(
      extensions, at: JSONPath.member(at, "relation_extensions"), relations: relations,
      isApp: namespace == "android_app", place: place, &log)
  }
  return statement
}

/// `relation_extensions` with `dynamic_app_link_components` (Android 15): per relation, an
/// array of objects with `/`, `?` (an object of strings), `#`, `exclude` and `comments`.
private func decodeRelationExtensions(
  _ value: JSON, at: String, relations: [String], isApp: Bool, place: String, _ log: inout MessageLog
) -> [String: [JSON]] {
  guard case .object(let members) = value else {
    log.error(at, "could not parse statement list: \(place)relation_extensions is not an object")
    return [:]
  }
  var result: [String: [JSON]] = [:]
  let relations = Set(relations)
  for (relation, body) in members {
    let relationAt = JSONPath.member(at, relation)
    if !relations.contains(relation) {
      log.warning(
        relationAt,
        place + "relation_extensions names \(Printed.excerpt(relation)), which the statement's relation lacks: ignored")
    }
    guard case .object(let fields) = body else {
      log.error(relationAt, "\(place)relation_extensions.\(Printed.excerpt(relation)) is not an object")
      continue
    }
    for (key, components) in fields {
      let componentsAt = JSONPath.member(relationAt, key)
      guard key == "dynamic_app_link_components" else {
        log.warning(
          componentsAt,
          place + "relation_extensions has an unknown key \"\(Printed.excerpt(key))\", which Android ignores",
          id: .unknownKey)
        continue
      }
      if !isApp || relation != "delegate_permission/common.handle_all_urls" {
        log.warning(
          componentsAt,
          place + "dynamic_app_link_components only apply to an android_app target's "
            + "delegate_permission/common.handle_all_urls: ignored")
      }
      guard case .array(let items) = components else {
        log.error(componentsAt, "\(place)dynamic_app_link_components is not an array")
        continue
      }
      for (index, item) in items.enumerated() {
        checkDynamicComponent(item, at: JSONPath.index(componentsAt, index), &log)
      }
      result[relation] = items
    }
  }
  return result
}

private func checkDynamicComponent(_ item: JSON, at: String, _ log: inout MessageLog) {
  guard case .object(let members) = item else {
    log.error(at, "\(at) is not an object")
    return
  }
  var matchers = 0
  for (key, value) in members {
    let keyAt = JSONPath.member(at, key)
    switch (key, value) {
    case ("/", .string(let path)):
      matchers += 1
      if !path.hasPrefix("/") && !path.hasPrefix("*") {
        log.warning(keyAt, "\(keyAt) does not start with / and can match no path")
      }
    case ("#", .string): matchers += 1
    case ("?", .object(let items)):
      matchers += 1
      for (name, pattern) in items {
        if case .string = pattern { continue }
        log.error(JSONPath.member(keyAt, name), "\(JSONPath.member(keyAt, name)) is not a string")
      }
    case ("?", _): log.error(keyAt, "\(keyAt) is not an object of query parameter patterns")
    case ("exclude", .bool): break
    case ("exclude", _): log.error(keyAt, "\(keyAt) is not a boolean")
    case ("comments", .string): break
    case ("/", _), ("#", _), ("comments", _): log.error(keyAt, "\(keyAt) is not a string")
    default:
      log.warning(
        keyAt,
        "\(at) has an unknown key \"\(Printed.excerpt(key))\", which Android ignores (known: /, ?, #, exclude, comments)",
        id: .unknownKey)
    }
  }
  if matchers == 0 {
    log.warning(at, "\(at) has no \"/\", \"?\" or \"#\": it matches every URL of the host")
  }
}

/// Why a relation string is not `<kind>/<detail>` of lowercase `[a-z0-9_]` (and `.` in the
/// detail), or nil.
func relationProblem(_ relation: String) -> String? {
  let parts = relation.split(separator: "/", omittingEmptySubsequences: false)
  let shown = Printed.excerpt(relation)
  guard parts.count == 2 else { return "Invalid relation string \"\(shown)\": expected kind/detail" }
  let lower = { (c: Character) in ("a"..."z").contains(c) || ("0"..."9").contains(c) || c == "_" }
  if parts[0].isEmpty || !parts[0].allSatisfy(lower) {
    return "Invalid 'kind' field in relation string \"\(shown)\""
  }
  if parts[1].isEmpty || !parts[1].allSatisfy({ lower($0) || $0 == "." }) {
    return "Invalid 'detail' field in relation string \"\(shown)\""
  }
  return nil
}

/// Why `url` is not what Digital Asset Links accepts as a web site (`allowPath` false: only
/// `scheme://host[:port]`, scheme case-insensitive, a trailing dot allowed, no port 80 on http
/// or 443 on https) or as an include
/// URL (`allowPath` true), in the words of Google's messages; nil when it is.
func webURLProblem(_ url: String, allowPath: Bool) -> String? {
  let bytes = Array(url.utf8)
  guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes[(colon + 1)...].starts(with: Array("//".utf8))
  else {
    return "is not a valid URL: Invalid site, Url is not well formatted (no scheme://)"
  }
  let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
  guard scheme == "http" || scheme == "https" else { return "is a non-HTTP URL (scheme \(Printed.excerpt(scheme)))" }
  let rest = bytes[(colon + 3)...]
  let end =
    rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
    ?? rest.endIndex
  let authority = rest[..<end]
  if authority.contains(UInt8(ascii: "@")) { return "is not valid: a site cannot carry login information" }
  var host = authority
  if let portColon = authority.lastIndex(of: UInt8(ascii: ":")), authority.last != UInt8(ascii: "]") {
    host = authority[..<portColon]
    let port = authority[(portColon + 1)...]
    let digits = port.allSatisfy(ASCII.isDigit)
    let number = digits && !port.isEmpty && port.count <= 5 ? Int(String(decoding: port, as: UTF8.self)) ?? 0 : 0
    guard (1...65535).contains(number) else {
      return "is not a valid URL: the port \"\(Printed.excerpt(bytes: port))\" is not a number from 1 to 65535"
    }
    // Google's web asset syntax: the port must be omitted when it is the scheme's standard one.
    if !allowPath, number == (scheme == "https" ? 443 : 80) {
      return "names the standard port of \(scheme), which a site must omit: omit \":\(Printed.excerpt(bytes: port))\""
    }
  }
  if !hostIsValid(host) {
    return "is not a valid URL: the host \"\(Printed.excerpt(bytes: host))\" is not a host name"
  }
  guard end < rest.endIndex else { return nil }
  switch rest[end] {
  case UInt8(ascii: "?") where !allowPath: return "is not valid: a site cannot carry query parameters"
  case UInt8(ascii: "#"): return "is not valid: a site cannot carry fragment identifiers"
  case UInt8(ascii: "/") where !allowPath: return "is not valid: a site cannot contain a path"
  default: return nil
  }
}

/// A DNS name of letters, digits, `-` and `.` (a final dot allowed), or a bracketed IPv6 literal.
private func hostIsValid(_ host: ArraySlice<UInt8>) -> Bool {
  guard let first = host.first else { return false }
  if first == UInt8(ascii: "[") { return host.last == UInt8(ascii: "]") }
  guard first != UInt8(ascii: ".") else { return false }
  var previous: UInt8 = 0
  for byte in host {
    guard ASCII.isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") else { return false }
    if byte == UInt8(ascii: "."), previous == byte { return false }
    previous = byte
  }
  return true
}
