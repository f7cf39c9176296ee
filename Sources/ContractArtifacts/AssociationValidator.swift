import LinkContract

/// The two association files a web host serves.
public enum AssociationKind: String, Sendable, Hashable, CaseIterable {
  case appleAppSiteAssociation = "aasa"
  case assetLinks = "assetlinks"

  /// The kind a file's name implies: `apple-app-site-association` (with or without `.json`) or
  /// `assetlinks.json`; nil for any other name.
  public init?(fileName path: String) {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    switch name {
    case "apple-app-site-association", "apple-app-site-association.json": self = .appleAppSiteAssociation
    case "assetlinks.json": self = .assetLinks
    default: return nil
    }
  }

  /// The file's name on the web host.
  public var fileName: String {
    switch self {
    case .appleAppSiteAssociation: "apple-app-site-association"
    case .assetLinks: "assetlinks.json"
    }
  }
}

/// One finding of the validator.
public struct ValidationMessage: Sendable, Hashable, CustomStringConvertible {
  public enum Severity: String, Sendable, Hashable {
    case error
    case warning
  }
  public let severity: Severity
  public let text: String

  public init(_ severity: Severity, _ text: String) {
    self.severity = severity
    self.text = text
  }

  public var description: String { "\(severity.rawValue): \(text)" }
}

/// The largest `apple-app-site-association` file Apple reads, in bytes.
public let appSiteAssociationByteLimit = 128 * 1024

/// Validates an association file from anywhere against its platform's rules. Errors make the
/// file unusable or wrong; warnings (a placeholder-looking fingerprint, a legacy key) do not.
public func validateAssociation(_ bytes: [UInt8], kind: AssociationKind) -> [ValidationMessage] {
  switch kind {
  case .appleAppSiteAssociation:
    var messages: [ValidationMessage] = []
    if bytes.count > appSiteAssociationByteLimit {
      messages.append(
        .init(.error, "is \(bytes.count) bytes; Apple reads at most \(appSiteAssociationByteLimit) (128 KB)"))
    }
    let json: JSON
    do { json = try JSONParser.parse(bytes) } catch {
      return messages + [.init(.error, error.description)]
    }
    let decoded = decodeAppSiteAssociation(json)
    messages += decoded.messages
    for (detail, component, coveredBy) in decoded.association.unreachableComponents() {
      messages.append(
        .init(
          .error,
          "applinks.details[\(detail)].components[\(component)] can never match: "
            + "components[\(coveredBy)] before it matches every URL it matches (the first match wins)"))
    }
    return messages
  case .assetLinks:
    let json: JSON
    do { json = try JSONParser.parse(bytes) } catch {
      return [.init(.error, "could not parse statement list: \(error.description)")]
    }
    return decodeAssetLinks(json).messages
  }
}

// MARK: apple-app-site-association

/// Reads the `applinks` section of an `apple-app-site-association` document, reporting every
/// key of the wrong type, unknown key and malformed app id on the way.
public func decodeAppSiteAssociation(_ json: JSON) -> (
  association: AppSiteAssociation, messages: [ValidationMessage]
) {
  var messages: [ValidationMessage] = []
  func error(_ text: String) { messages.append(.init(.error, text)) }
  func warning(_ text: String) { messages.append(.init(.warning, text)) }
  guard case .object(let top) = json else {
    error("the file is not a JSON object")
    return (AppSiteAssociation(details: []), messages)
  }
  var association = AppSiteAssociation(details: [])
  var sawApplinks = false
  for (key, value) in top {
    switch key {
    case "applinks":
      sawApplinks = true
      guard case .object(let applinks) = value else {
        error("applinks is not an object")
        continue
      }
      for (key, value) in applinks {
        switch key {
        case "defaults": association.defaults = decodeSettings(value, at: "applinks.defaults", &messages)
        case "details":
          guard case .array(let details) = value else {
            error("applinks.details is not an array")
            continue
          }
          if details.isEmpty { warning("applinks.details is empty: no app handles universal links") }
          for (index, detail) in details.enumerated() {
            if let decoded = decodeDetail(detail, at: "applinks.details[\(index)]", &messages) {
              association.details.append(decoded)
            } else {
              association.details.append(AASADetail(appIDs: [], components: []))
            }
          }
        case "substitutionVariables":
          guard case .object(let variables) = value else {
            error("applinks.substitutionVariables is not an object")
            continue
          }
          for (name, values) in variables {
            guard case .array(let items) = values, items.allSatisfy({ if case .string = $0 { true } else { false } })
            else {
              error("applinks.substitutionVariables.\(name) is not an array of strings")
              continue
            }
          }
        case "apps":
          if value != .array([]) { warning("applinks.apps is a legacy key; it should be an empty array") }
        default: error("applinks has an unknown key \"\(key)\"")
        }
      }
    case "webcredentials", "appclips", "activitycontinuation":
      guard case .object(let service) = value, case .array(let apps)? = service.first(where: { $0.0 == "apps" })?.1
      else {
        error("\(key) is not an object with an apps array")
        continue
      }
      for (index, app) in apps.enumerated() {
        guard case .string(let id) = app else {
          error("\(key).apps[\(index)] is not a string")
          continue
        }
        if let why = appIDProblem(id) { error("\(key).apps[\(index)] \"\(id)\" \(why)") }
      }
    default: warning("has an unknown top-level key \"\(key)\"")
    }
  }
  if !sawApplinks { warning("has no applinks section: no universal links are claimed") }
  return (association, messages)
}

/// Why `id` is not an application identifier `<10-character team id>.<bundle id>`, or nil.
public func appIDProblem(_ id: String) -> String? {
  let bytes = Array(id.utf8)
  guard bytes.count > 11, bytes[10] == 0x2E else {
    return "is not of the form TEAMID.bundle (a 10-character team id, a dot, a bundle id)"
  }
  let team = bytes[..<10]
  guard team.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) }) else {
    return "has a team id that is not 10 characters of [0-9A-Z]"
  }
  let bundle = bytes[11...]
  let allowed = { (b: UInt8) in
    (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b == 0x2D || b == 0x2E
  }
  if !bundle.allSatisfy(allowed) || bundle.first == 0x2E || bundle.last == 0x2E
    || bundle.split(separator: 0x2E, omittingEmptySubsequences: false).contains(where: \.isEmpty)
  {
    return "has a bundle id outside [A-Za-z0-9.-] or with an empty part"
  }
  return nil
}

private func decodeSettings(_ value: JSON, at place: String, _ messages: inout [ValidationMessage])
  -> AASAMatchSettings?
{
  guard case .object(let members) = value else {
    messages.append(.init(.error, "\(place) is not an object"))
    return nil
  }
  var settings = AASAMatchSettings()
  for (key, value) in members {
    switch key {
    case "caseSensitive", "percentEncoded":
      guard case .bool(let flag) = value else {
        messages.append(.init(.error, "\(place).\(key) is not a boolean"))
        continue
      }
      if key == "caseSensitive" { settings.caseSensitive = flag } else { settings.percentEncoded = flag }
    case "/", "?", "#", "exclude", "comment":
      messages.append(.init(.warning, "\(place).\(key) has no effect in defaults"))
    default: messages.append(.init(.error, "\(place) has an unknown key \"\(key)\""))
    }
  }
  return settings
}

private func decodeDetail(_ value: JSON, at place: String, _ messages: inout [ValidationMessage]) -> AASADetail? {
  func error(_ text: String) { messages.append(.init(.error, text)) }
  guard case .object(let members) = value else {
    error("\(place) is not an object")
    return nil
  }
  var detail = AASADetail(appIDs: [], components: [])
  var legacyPaths: [AASAComponent]?
  var sawComponents = false
  var sawAppID = false
  for (key, value) in members {
    switch key {
    case "appID":
      sawAppID = true
      guard case .string(let id) = value else {
        error("\(place).appID is not a string")
        continue
      }
      messages.append(.init(.warning, "\(place).appID is the legacy key; use appIDs"))
      detail.appIDs.append(id)
    case "appIDs":
      sawAppID = true
      guard case .array(let ids) = value else {
        error("\(place).appIDs is not an array")
        continue
      }
      if ids.isEmpty { error("\(place).appIDs is empty") }
      for (index, id) in ids.enumerated() {
        guard case .string(let text) = id else {
          error("\(place).appIDs[\(index)] is not a string")
          continue
        }
        detail.appIDs.append(text)
      }
    case "components":
      sawComponents = true
      guard case .array(let items) = value else {
        error("\(place).components is not an array")
        continue
      }
      for (index, item) in items.enumerated() {
        if let component = decodeComponent(item, at: "\(place).components[\(index)]", &messages) {
          detail.components.append(component)
        } else {
          // Keep indices aligned with the file; a broken component matches nothing.
          detail.components.append(AASAComponent(path: "", query: .whole(""), fragment: ""))
        }
      }
    case "defaults": detail.defaults = decodeSettings(value, at: "\(place).defaults", &messages)
    case "paths":
      guard case .array(let items) = value else {
        error("\(place).paths is not an array")
        continue
      }
      messages.append(.init(.warning, "\(place).paths is the legacy format (iOS 12 and earlier); use components"))
      legacyPaths = items.compactMap { item in
        guard case .string(let text) = item else {
          error("\(place).paths has an item that is not a string")
          return nil
        }
        if text.hasPrefix("NOT ") { return AASAComponent(path: String(text.dropFirst(4)), exclude: true) }
        return AASAComponent(path: text)
      }
    default: error("\(place) has an unknown key \"\(key)\"")
    }
  }
  if !sawAppID { error("\(place) names no app (appIDs is missing)") }
  if members.contains(where: { $0.0 == "appID" }) && members.contains(where: { $0.0 == "appIDs" }) {
    error("\(place) has both appID and appIDs")
  }
  for id in detail.appIDs {
    if let why = appIDProblem(id) { error("\(place) app id \"\(id)\" \(why)") }
  }
  if !sawComponents, let legacyPaths { detail.components = legacyPaths }
  if !sawComponents && legacyPaths == nil { error("\(place) has no components") }
  return detail
}

private func decodeComponent(_ value: JSON, at place: String, _ messages: inout [ValidationMessage])
  -> AASAComponent?
{
  func error(_ text: String) { messages.append(.init(.error, text)) }
  guard case .object(let members) = value else {
    error("\(place) is not an object")
    return nil
  }
  var component = AASAComponent()
  var valid = true
  func string(_ key: String, _ value: JSON) -> String? {
    guard case .string(let text) = value else {
      error("\(place).\"\(key)\" is not a string")
      valid = false
      return nil
    }
    if text.contains("$(") {
      messages.append(
        .init(.warning, "\(place).\"\(key)\" uses a substitution variable, which this matcher does not expand"))
    }
    return text
  }
  func flag(_ key: String, _ value: JSON) -> Bool? {
    guard case .bool(let flag) = value else {
      error("\(place).\(key) is not a boolean")
      valid = false
      return nil
    }
    return flag
  }
  for (key, value) in members {
    switch key {
    case "/":
      component.path = string(key, value)
      if let path = component.path, !path.hasPrefix("/"), !path.hasPrefix("*"), !path.hasPrefix("?"),
        !path.hasPrefix("$(")
      {
        messages.append(.init(.warning, "\(place).\"/\" does not start with / and can match no path"))
      }
    case "?":
      switch value {
      case .string(let text): component.query = .whole(text)
      case .object(let items):
        var parsed: [AASAQueryItem] = []
        for (name, pattern) in items {
          guard case .string(let text) = pattern else {
            error("\(place).\"?\".\(name) is not a string")
            valid = false
            continue
          }
          parsed.append(AASAQueryItem(name: name, pattern: text))
        }
        component.query = .items(parsed)
      default:
        error("\(place).\"?\" is neither a string nor an object of strings")
        valid = false
      }
    case "#": component.fragment = string(key, value)
    case "exclude": component.exclude = flag(key, value) ?? false
    case "comment": component.comment = string(key, value)
    case "caseSensitive": component.settings.caseSensitive = flag(key, value)
    case "percentEncoded": component.settings.percentEncoded = flag(key, value)
    default:
      error("\(place) has an unknown key \"\(key)\" (known: /, ?, #, exclude, comment, caseSensitive, percentEncoded)")
    }
  }
  return valid ? component : nil
}

// MARK: assetlinks.json

/// One statement of an `assetlinks.json` statement list.
public struct AssetLinkStatement: Sendable, Hashable {
  public let relations: [String]
  public let namespace: String
  /// For an `android_app` target.
  public let packageName: String?
  public let fingerprints: [String]
  /// For a `web` target.
  public let site: String?
}

/// Reads a statement list with the rules of Google's Digital Asset Links compatibility tests.
public func decodeAssetLinks(_ json: JSON) -> (statements: [AssetLinkStatement], messages: [ValidationMessage]) {
  var messages: [ValidationMessage] = []
  let prefix = "could not parse statement list: "
  func error(_ text: String) { messages.append(.init(.error, prefix + text)) }
  guard case .array(let items) = json else {
    switch json {
    case .object: error("expected a single array of statements, found an object")
    case .string: error("not valid JSON in strict mode: the top level is a string, expected a single array")
    default: error("not valid JSON in strict mode: the top level is a scalar, expected a single array")
    }
    return ([], messages)
  }
  if items.isEmpty { error("No statements were found") }
  var statements: [AssetLinkStatement] = []
  for (index, item) in items.enumerated() {
    let place = "statement \(index + 1): "
    guard case .object(let members) = item else {
      error(place + "not an object")
      continue
    }
    func member(_ key: String) -> JSON? { members.first { $0.0 == key }?.1 }
    if let include = member("include") {
      for key in ["relation", "target"] where member(key) != nil {
        error(place + "invalid field \"\(key)\" beside include")
      }
      if case .string(let url) = include {
        messages.append(.init(.warning, place + "include \(url) is not followed by this validator"))
      } else {
        error(place + "include is not a string")
      }
      continue
    }
    var relations: [String] = []
    var valid = true
    switch member("relation") {
    case nil:
      error(place + "no relation array specified")
      valid = false
    case .array(let values)?:
      if values.isEmpty {
        error(place + "no relation array specified (it is empty)")
        valid = false
      }
      for value in values {
        guard case .string(let relation) = value else {
          error(place + "invalid relation: not a string")
          valid = false
          continue
        }
        if let why = relationProblem(relation) {
          error(place + why)
          valid = false
        }
        relations.append(relation)
      }
    default:
      error(place + "relation is not an array")
      valid = false
    }
    guard let target = member("target") else {
      error(place + "no target specified")
      continue
    }
    guard case .object(let descriptor) = target else {
      error(place + "target is not an object")
      continue
    }
    func field(_ key: String) -> JSON? { descriptor.first { $0.0 == key }?.1 }
    guard case .string(let namespace)? = field("namespace") else {
      error(place + "target has no namespace string")
      continue
    }
    switch namespace {
    case "android_app":
      var packageName: String?
      switch field("package_name") {
      case nil: error(place + "target has no package_name field")
      case .string(let name)?:
        if packageNameIsValid(name) {
          packageName = name
        } else {
          error(place + "invalid package name \"\(name)\"")
        }
      default: error(place + "invalid package name: not a string")
      }
      var fingerprints: [String] = []
      switch field("sha256_cert_fingerprints") {
      case nil: error(place + "target has no sha256_cert_fingerprints field")
      case .array(let values)?:
        if values.isEmpty { error(place + "sha256_cert_fingerprints must contain at least one certificate") }
        for value in values {
          guard case .string(let fingerprint) = value else {
            error(place + "sha256_cert_fingerprints has an item that is not a string")
            continue
          }
          if Fingerprint.parse(fingerprint) == nil {
            error(
              place + "malformed cert fingerprint \"\(fingerprint)\": expected 32 uppercase hex bytes joined by colons"
            )
          } else if let why = Fingerprint.problem(fingerprint) {
            messages.append(.init(.warning, place + "fingerprint \(fingerprint) \(why)"))
          }
          if fingerprints.contains(fingerprint) {
            messages.append(.init(.warning, place + "fingerprint \(fingerprint) is listed twice"))
          }
          fingerprints.append(fingerprint)
        }
      default: error(place + "sha256_cert_fingerprints is not an array")
      }
      if valid, let packageName {
        statements.append(
          AssetLinkStatement(
            relations: relations, namespace: namespace, packageName: packageName, fingerprints: fingerprints,
            site: nil))
      }
    case "web":
      guard case .string(let site)? = field("site") else {
        error(place + "target has no site string")
        continue
      }
      if !siteIsValid(site) { error(place + "invalid site \"\(site)\": expected scheme://host[:port]") }
      if valid {
        statements.append(
          AssetLinkStatement(
            relations: relations, namespace: namespace, packageName: nil, fingerprints: [], site: site))
      }
    default:
      error(place + "target has an unrecognized namespace \"\(namespace)\"")
    }
  }
  return (statements, messages)
}

/// Why a relation string is not `<kind>/<detail>` of lowercase `[a-z0-9_]` (and `.` in the
/// detail), or nil.
func relationProblem(_ relation: String) -> String? {
  let parts = relation.split(separator: "/", omittingEmptySubsequences: false)
  guard parts.count == 2 else { return "Invalid relation string \"\(relation)\": expected kind/detail" }
  let lower = { (c: Character) in ("a"..."z").contains(c) || ("0"..."9").contains(c) || c == "_" }
  if parts[0].isEmpty || !parts[0].allSatisfy(lower) {
    return "Invalid 'kind' field in relation string \"\(relation)\""
  }
  if parts[1].isEmpty || !parts[1].allSatisfy({ lower($0) || $0 == "." }) {
    return "Invalid 'detail' field in relation string \"\(relation)\""
  }
  return nil
}

/// An Android application id: two or more dot-separated parts of `[A-Za-z][A-Za-z0-9_]*`.
func packageNameIsValid(_ name: String) -> Bool {
  let parts = name.split(separator: ".", omittingEmptySubsequences: false)
  guard parts.count >= 2 else { return false }
  return parts.allSatisfy { part in
    guard let first = part.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
    return part.unicodeScalars.allSatisfy {
      $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
    }
  }
}

func siteIsValid(_ site: String) -> Bool {
  for scheme in ["https://", "http://"] where site.hasPrefix(scheme) {
    let authority = site.dropFirst(scheme.count)
    let host = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0]
    return !host.isEmpty && !authority.contains("/") && !authority.contains("@")
  }
  return false
}
