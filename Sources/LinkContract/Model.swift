/// The carriers a link can arrive on.
public enum Carrier: String, Sendable, Hashable, CaseIterable {
  /// An https App Link (Android) or Universal Link (iOS) on the build's web host.
  case https
  /// The build's own custom URL scheme.
  case customScheme = "custom-scheme"

  /// The carrier's name in readers' words.
  public var title: String {
    switch self {
    case .https: "https app link"
    case .customScheme: "custom scheme"
    }
  }
}

/// The format a field's value must have.
public enum FieldFormat: Sendable, Hashable {
  /// A server-issued opaque reference: `prefix`, then `bodyLength` characters of `[0-9A-Za-z]`.
  case reference(prefix: String, bodyLength: ClosedRange<Int>)
  /// Characters of the base64url alphabet `[A-Za-z0-9_-]`.
  case base64url(length: ClosedRange<Int>)
  /// One value of a closed list.
  case enumeration([String])

  /// Whether `value` is inside the format. An empty value never is.
  public func admits<S: StringProtocol>(_ value: S) -> Bool {
    admits(bytes: value.utf8)
  }

  /// Whether the UTF-8 `bytes` are inside the format.
  public func admits<C: Collection<UInt8>>(bytes: C) -> Bool {
    Array(bytes).withUnsafeBufferPointer { admits(buffer: $0) }
  }

  /// Whether the UTF-8 bytes in `buffer` are inside the format.
  public func admits(buffer bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    Matcher(self).admits(bytes, 0..<bytes.count)
  }

  /// The format with its strings as UTF-8 bytes, which checks raw input without touching a
  /// string: the one check behind every `admits`, and the parser's hot path.
  public struct Matcher: Sendable {
    @usableFromInline enum Kind: Sendable {
      case reference(prefix: [UInt8], bodyLength: ClosedRange<Int>)
      case base64url(length: ClosedRange<Int>)
      case enumeration([[UInt8]])
    }

    @usableFromInline let kind: Kind

    /// The matcher of `format`.
    public init(_ format: FieldFormat) {
      switch format {
      case .reference(let prefix, let bodyLength): kind = .reference(prefix: Array(prefix.utf8), bodyLength: bodyLength)
      case .base64url(let length): kind = .base64url(length: length)
      case .enumeration(let values): kind = .enumeration(values.map { Array($0.utf8) })
      }
    }

    /// Whether the bytes of `b` in `range` are inside the format.
    @inlinable @inline(__always)
    public func admits(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
      switch kind {
      case .reference(let prefix, let bodyLength):
        guard range.count >= prefix.count, bodyLength.contains(range.count - prefix.count) else { return false }
        for k in 0..<prefix.count where b[range.lowerBound + k] != prefix[k] { return false }
        for k in (range.lowerBound + prefix.count)..<range.upperBound where !ASCII.isAlphanumeric(b[k]) {
          return false
        }
        return true
      case .base64url(let length):
        guard length.contains(range.count) else { return false }
        for k in range where !ASCII.isBase64URL(b[k]) { return false }
        return true
      case .enumeration(let values):
        return values.contains { value in
          value.count == range.count && value.indices.allSatisfy { b[range.lowerBound + $0] == value[$0] }
        }
      }
    }
  }

  /// A one-line description for readers, such as `bz_ then 12 to 32 of [0-9A-Za-z]`.
  public var summary: String {
    switch self {
    case .reference(let prefix, let bodyLength):
      "`\(prefix)` then \(bodyLength.lowerBound) to \(bodyLength.upperBound) characters of `[0-9A-Za-z]`"
    case .base64url(let length):
      "\(length.lowerBound) to \(length.upperBound) characters of `[A-Za-z0-9_-]`"
    case .enumeration(let values):
      "one of " + values.map { "`\($0)`" }.joined(separator: ", ")
    }
  }
}

/// A named input of a route class.
public struct Field: Sendable, Hashable {
  /// The field's name: the query key, or the name a path segment's value is read by.
  public let name: String
  /// What its value must be.
  public let format: FieldFormat
  /// What the value names, in readers' words.
  public let meaning: String
  /// Where this value is written.
  public let source: SourceLocation

  /// A field declared at this line of the app's values.
  public init(name: String, format: FieldFormat, meaning: String, file: String = #filePath, line: Int = #line) {
    self.source = SourceLocation(file: file, line: line)
    self.name = name
    self.format = format
    self.meaning = meaning
  }
}

/// One segment of an https route's path.
public enum PathSegment: Sendable, Hashable {
  /// A segment that must be exactly this text.
  case literal(String)
  /// A segment that carries the field's value.
  case field(Field)

  /// The path `/a/b/...` with each field's segment written by `value`.
  public static func render(_ path: [PathSegment], value: (Field) -> String) -> String {
    path.map { segment in
      switch segment {
      case .literal(let text): "/" + text
      case .field(let field): "/" + value(field)
      }
    }.joined()
  }
}

/// The query a route accepts.
public enum QueryRule: Sendable, Hashable {
  /// The route takes no query field.
  case none
  /// Exactly one of the fields. When several are given, every field after the first
  /// given one in this list's order is an extra field.
  case exactlyOne([Field])

  /// The fields the rule names, in its order.
  public var fields: [Field] {
    switch self {
    case .none: []
    case .exactlyOne(let fields): fields
    }
  }
}

/// How a route class appears in the association files.
public enum Publication: Sendable, Hashable {
  /// Claimed in the association files.
  case published
  /// Recognized by the parser but excluded from the association files, with the reason.
  case excluded(because: String)
  /// Recognized by the parser but disabled, with the reason: excluded from the association files
  /// like `.excluded`, and navigation never presents its destination from a link: the app drops
  /// the intent (`route-disabled`) and applies its fallback.
  case disabled(because: String)
  /// Not an app link, with the reason: no association file claims its https form, a web page
  /// the app does not accept (the parser answers `unknown-route`); only its custom-scheme form,
  /// if it has one, reaches the app.
  case notAnAppLink(because: String)
  /// Never claimed: the fallback for anything else.
  case neverClaimed

  /// Whether the route is claimed in the association files.
  public var isPublished: Bool { self == .published }
  /// Whether the route is not an app link: its https form, if any, is a web page.
  public var isNotAnAppLink: Bool {
    if case .notAnAppLink = self { return true }
    return false
  }
  /// Whether the route is recognized but carved out of the association files by an exclusion:
  /// `.excluded` or `.disabled`.
  public var isExcluded: Bool { exclusionReason != nil }
  /// Whether the route is recognized but disabled: navigation never presents its destination.
  public var isDisabled: Bool {
    if case .disabled = self { return true }
    return false
  }
  /// Why the association files carve the route out, for an `.excluded` or `.disabled` route; nil otherwise.
  public var exclusionReason: String? {
    switch self {
    case .excluded(let because), .disabled(let because): because
    case .published, .notAnAppLink, .neverClaimed: nil
    }
  }
}

/// Who may open a route class: a requirement the app declares in its own words (`The passenger
/// who booked it`), with what it admits, which the lifecycle model's gates and scenarios follow.
/// The four presets are one app's requirements; an app declares its own beside or instead of them.
public struct AccountRequirement: Sendable, Hashable {
  /// What a requirement admits, as the lifecycle model needs it.
  public enum Admission: Sendable, Hashable {
    /// No authority: anyone, signed in or not; gates may still come first.
    case anyone
    /// A signed-in account only.
    case account
    /// A signed-in account, or a guest context the server authorizes for the target.
    case accountOrAuthorizedGuest
    /// A signed-in account, or a guest holding a separately approved grant, named in the app's
    /// words with its article (`a shared boarding pass`).
    case accountOrGrant(String)
    /// No authority is involved: the link completes a flow the app itself started.
    case flowInitiator
  }

  /// A stable kebab-case id (`contract.json` gives it as the route's `authority.requirement`).
  public let id: String
  /// Who may open it, in the app's words: the gates table and the lifecycle's rules say it.
  public let title: String
  /// What it admits.
  public let admits: Admission
  /// Where this value is written.
  public let source: SourceLocation

  /// A requirement with its id, its title and what it admits, declared at this line of the app's values.
  public init(id: String, title: String, admits: Admission, file: String = #filePath, line: Int = #line) {
    self.id = id
    self.title = title
    self.admits = admits
    self.source = SourceLocation(file: file, line: line)
  }

  /// Two requirements are the same when their id, title and admission are.
  public static func == (lhs: AccountRequirement, rhs: AccountRequirement) -> Bool {
    lhs.id == rhs.id && lhs.title == rhs.title && lhs.admits == rhs.admits
  }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }

  /// Anyone, signed in or not; gates may still appear first.
  public static let anyone = AccountRequirement(id: "anyone", title: "Anyone", admits: .anyone)
  /// A signed-in account or an authorized guest context.
  public static let accountOrAuthorizedGuest = AccountRequirement(
    id: "account-or-authorized-guest", title: "An account or an authorized guest context",
    admits: .accountOrAuthorizedGuest)
  /// A signed-in account or an independently approved temporary-access contract.
  public static let accountOrTemporaryAccess = AccountRequirement(
    id: "account-or-temporary-access", title: "An account or an approved temporary-access contract",
    admits: .accountOrGrant("an approved temporary-access contract"))
  /// No authority is involved: the link completes a flow the app itself started.
  public static let flowInitiator = AccountRequirement(
    id: "flow-initiator", title: "The flow the app started", admits: .flowInitiator)
}

/// A kind of resource the app's user works within and can switch between while a link waits
/// (a project, a fleet, a household): switching it clears every pending intent, as switching
/// the account does. An app declares its own (`Contract.scopes`), or none.
public struct ResourceScope: Sendable, Hashable {
  /// A stable kebab-case id: the lifecycle's event and drop reason are `<id>-switched`.
  public let id: String
  /// The scope's name in readers' words, lowercase (`project`, `fleet`).
  public let title: String

  /// A scope with its id and its name for readers.
  public init(id: String, title: String) {
    self.id = id
    self.title = title
  }

  /// The ids no scope can have: `<id>-switched` would be another event, or the id another key of it.
  public static let reservedIDs: Set<String> = ["account", "kind"]
}

/// Identifies a gate: a stable kebab-case id, written once, where the app declares the gate
/// (`Gate(id: "tutorial", ...)`).
public struct GateID: ContractID {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }
}

/// What passes a gate, which decides when navigation stops at it.
public enum GateKind: String, Sendable, Hashable, CaseIterable {
  /// Passed by signing in, or by the guest context the route's authority admits; the sign-in
  /// flow completes it.
  case signIn = "sign-in"
  /// A prerequisite of the signed-in account (verification, a profile): it applies only while
  /// an account is signed in, and is cleared with that account.
  case account
  /// A prerequisite of the app on this device (location setup, a tutorial), whoever is signed in.
  case device
}

/// An account or experience prerequisite that navigation applies before a destination: one of
/// the app's values, declared where its route classes name it.
/// A gate is its id: two values with one id are the same gate (the contract check reports two
/// declarations of one id that differ).
public struct Gate: Sendable, Hashable {
  /// The gate's stable id.
  public let id: GateID
  /// The gate's name in readers' words.
  public let title: String
  /// What passes it.
  public let kind: GateKind
  /// Where this value is written.
  public let source: SourceLocation

  /// A gate declared at this line of the app's values.
  public init(id: GateID, title: String, kind: GateKind, file: String = #filePath, line: Int = #line) {
    self.id = id
    self.title = title
    self.kind = kind
    self.source = SourceLocation(file: file, line: line)
  }

  public static func == (lhs: Gate, rhs: Gate) -> Bool { lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// The extra rules for a route that can reach sensitive data or a consequential journey.
public struct Sensitivity: Sendable, Hashable {
  /// Bound to the current account or authorized guest context.
  public let boundToAccount: Bool
  /// Bound to the session generation current when it was accepted, which a session renewal and a
  /// switch of any of the app's resource scopes (`Contract.scopes`) move on.
  public let boundToSessionGeneration: Bool
  /// Consumed once; a replay of the same delivery does nothing.
  public let consumedOnce: Bool
  /// How long an accepted intent stays usable, in seconds.
  public let freshnessSeconds: Int

  /// The rules of a sensitive route.
  public init(boundToAccount: Bool, boundToSessionGeneration: Bool, consumedOnce: Bool, freshnessSeconds: Int) {
    self.boundToAccount = boundToAccount
    self.boundToSessionGeneration = boundToSessionGeneration
    self.consumedOnce = consumedOnce
    self.freshnessSeconds = freshnessSeconds
  }
}

/// The authority a route class needs before its destination may read or act.
public struct Authority: Sendable, Hashable {
  /// Who may open the route.
  public let requirement: AccountRequirement
  /// What must be current or authorized, in readers' words.
  public let needs: String

  /// An authority: who may open the route, and what must be current or authorized.
  public init(requirement: AccountRequirement, needs: String) {
    self.requirement = requirement
    self.needs = needs
  }
}

/// Identifies a route class: its stable kebab-case id, written once, where the route class is
/// declared in the contract values (`RouteClass(id: "checkout", ...)`).
public struct RouteClassID: ContractID {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }
}

/// Where a contract value is written in the source, so that a problem with it names the line.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
  /// The source file's path, as `#filePath` gives it.
  public let file: String
  /// The 1-based line.
  public let line: Int

  /// A place in a source file.
  public init(file: String, line: Int) {
    self.file = file
    self.line = line
  }

  /// The file relative to the repository (from its `Sources/` or `Tests/` folder on), with the line.
  public var description: String {
    let root = [file.ranges(of: "/Sources/").last, file.ranges(of: "/Tests/").last].compactMap { $0 }
      .max { $0.lowerBound < $1.lowerBound }
    let path = root.map { String(file[file.index(after: $0.lowerBound)...]) } ?? file
    return "\(path):\(line)"
  }
}

/// Declares that a route class is the app's OAuth callback: the custom-scheme link its identity
/// provider redirects to when a sign-in the app started in the browser completes. Only an app
/// that declares one gets a return-URL policy, its conformance cases and the OAuth snippets.
public struct OAuthCallback: Sendable, Hashable {
  /// The path of the web page, on each build's web host, where the identity provider completes
  /// a sign-in whose return URL is not allow-listed (such as `/auth/oauth-complete`).
  public let completionPage: String
  /// Where this value is written.
  public let source: SourceLocation

  /// An OAuth callback whose fallback completion page is `completionPage` on each build's host.
  public init(completionPage: String, file: String = #filePath, line: Int = #line) {
    self.completionPage = completionPage
    self.source = SourceLocation(file: file, line: line)
  }

  /// The completion page's URL on `build`'s web host.
  public func completionPageURL(in build: Build) -> String { "https://" + build.webHost + completionPage }

  /// The return-URL schemes the identity provider allows for `build`: its custom scheme.
  public func allowedReturnSchemes(in build: Build) -> [String] { [build.customScheme] }
}

/// A class of links the app recognizes, with what it accepts and what it does not prove.
public struct RouteClass: Sendable, Hashable {
  /// The route class's stable kebab-case id.
  public let id: RouteClassID
  /// Its name in readers' words.
  public let title: String
  /// The path on the https carrier, or nil when the route has no https form.
  public let httpsPath: [PathSegment]?
  /// The name after `<scheme>://` on the custom-scheme carrier, or nil.
  public let customSchemeName: String?
  /// The query fields it takes.
  public let query: QueryRule
  /// Where a recognized link is meant to lead, in readers' words.
  public let destination: String
  /// Who may open it, and what must be current or authorized first.
  public let authority: Authority
  /// The prerequisites navigation applies before the destination, in order.
  public let gates: [Gate]
  /// What recognizing a link of this class does not prove.
  public let boundary: String
  /// Nil for a route that is not sensitive.
  public let sensitivity: Sensitivity?
  /// Whether the association files claim it, and why not.
  public let publication: Publication
  /// What the destination reads by itself as soon as it opens, beyond the references the link
  /// names (each field's resource is always read). A new automatic read is a revalidation trigger.
  public let automaticReads: [String]
  /// Set when this route class is the app's OAuth callback; nil for every other route class.
  public let oauthCallback: OAuthCallback?
  /// Where this value is written.
  public let source: SourceLocation

  /// A route class declared at this line of the app's values.
  public init(
    id: RouteClassID, title: String, httpsPath: [PathSegment]?, customSchemeName: String?,
    query: QueryRule, destination: String, authority: Authority, gates: [Gate],
    boundary: String, sensitivity: Sensitivity?, publication: Publication,
    automaticReads: [String] = [], oauthCallback: OAuthCallback? = nil, file: String = #filePath, line: Int = #line
  ) {
    self.automaticReads = automaticReads
    self.oauthCallback = oauthCallback
    self.source = SourceLocation(file: file, line: line)
    self.id = id
    self.title = title
    self.httpsPath = httpsPath
    self.customSchemeName = customSchemeName
    self.query = query
    self.destination = destination
    self.authority = authority
    self.gates = gates
    self.boundary = boundary
    self.sensitivity = sensitivity
    self.publication = publication
  }

  /// The carriers on which the app accepts this route's links: https for an https path that is
  /// an app link (a `.notAnAppLink` route's https path is a web page, `isWebPage`), and the custom
  /// scheme for a custom-scheme name.
  public var carriers: [Carrier] {
    var result: [Carrier] = []
    if httpsPath != nil, !isWebPage { result.append(.https) }
    if customSchemeName != nil { result.append(.customScheme) }
    return result
  }

  /// Whether it carries a sensitivity's extra rules.
  public var isSensitive: Bool { sensitivity != nil }

  /// Whether the route's https form is a web page the app does not accept: an https path on a
  /// route that is not an app link. No association file claims it, and the parser answers
  /// `unknown-route` for it.
  public var isWebPage: Bool { httpsPath != nil && publication.isNotAnAppLink }

  /// The fields of the route, path fields first, then query fields.
  public var fields: [Field] {
    let pathFields: [Field] = (httpsPath ?? []).compactMap {
      if case .field(let field) = $0 { return field }
      return nil
    }
    return pathFields + query.fields
  }

  /// The https path pattern for readers, such as `/business/<business>`.
  public var httpsPattern: String? {
    httpsPath.map { PathSegment.render($0) { "<" + $0.name + ">" } }
  }
}

/// One project configuration of the app. Values of two builds are never mixed.
public struct Build: Sendable, Hashable {
  /// The build's name, as commands take it (`--build production`) and pages show it.
  public let name: String
  /// The host of the build's https app links, which its association files are served from.
  public let webHost: String
  /// The Apple developer team id that signs the iOS app.
  public let teamID: String
  /// The iOS bundle identifier.
  public let bundleID: String
  /// The Android application id the store ships, which Digital Asset Links must name.
  public let androidPackage: String
  /// The build's own custom URL scheme: reverse-DNS, never shared with another build.
  public let customScheme: String
  /// SHA-256 fingerprints of the Android signing certificates, as colon-joined uppercase hex.
  public let androidCertificateFingerprints: [String]

  /// Where this value is written.
  public let source: SourceLocation

  /// A build declared at this line of the app's values.
  public init(
    name: String, webHost: String, teamID: String, bundleID: String, androidPackage: String,
    customScheme: String, androidCertificateFingerprints: [String], file: String = #filePath,
    line: Int = #line
  ) {
    self.source = SourceLocation(file: file, line: line)
    self.name = name
    self.webHost = webHost
    self.teamID = teamID
    self.bundleID = bundleID
    self.androidPackage = androidPackage
    self.customScheme = customScheme
    self.androidCertificateFingerprints = androidCertificateFingerprints
  }

  /// The iOS application identifier, `<team>.<bundle>`.
  public var appID: String { teamID + "." + bundleID }
}

/// Why a link is unsupported. Cases are in the order the parser checks them; the first wins.
public enum RejectionReason: String, Sendable, Hashable, CaseIterable, DeclarationOrdered {
  /// The link is longer than `Contract.maximumLinkBytes`.
  case oversized
  /// Empty; whitespace, a control character, a backslash or a non-ASCII byte; no `scheme://`;
  /// an empty query, key or query item.
  case malformedURL = "malformed-url"
  /// A `%` anywhere: the contract admits no percent-escapes.
  case malformedEncoding = "malformed-encoding"
  /// Neither `https` nor the build's custom scheme.
  case schemeNotAllowed = "scheme-not-allowed"
  /// An `@` in the authority.
  case userinfoPresent = "userinfo-present"
  /// A port in the authority, `:443` included.
  case portPresent = "port-present"
  /// An https host other than the build's.
  case hostNotConfigured = "host-not-configured"
  /// A `#`.
  case fragmentPresent = "fragment-present"
  /// A query key that names a secret or a private datum (`ForbiddenWords`); never echoed.
  case forbiddenField = "forbidden-field"
  /// A query key given twice, compared exactly.
  case duplicateField = "duplicate-field"
  /// The path or custom-scheme name matches no route and is no prefix of one.
  case unknownRoute = "unknown-route"
  /// A prefix of a route's path, or a required query field absent; names the first missing field.
  case missingField = "missing-field"
  /// A query key the route does not take; names it.
  case extraField = "extra-field"
  /// A field's value outside its format; names the first such field, path before query.
  case invalidValue = "invalid-value"

  /// Whether a rejection for this reason names a field.
  public var namesField: Bool {
    switch self {
    case .missingField, .extraField, .invalidValue: true
    default: false
    }
  }
}
