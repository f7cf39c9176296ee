import LinkContract

/// The roles `linkcontract audit` reads in an app checkout. The raw value is the stable id.
public enum AuditRole: String, Sendable, Hashable, CaseIterable, DeclarationOrdered {
  /// `com.apple.developer.associated-domains` entries `applinks:HOST`.
  case iosAssociatedDomain = "ios-associated-domain"
  /// `CFBundleURLTypes` / `CFBundleURLSchemes` in `Info.plist`.
  case iosURLScheme = "ios-url-scheme"
  /// The host of an auto-verified Android intent filter (manifest XML or `[IntentFilter]`).
  case androidAppLinkHost = "android-app-link-host"
  /// The custom scheme of an Android intent filter (the OAuth callback activity).
  case androidCallbackScheme = "android-callback-scheme"
  /// `PublicSite:BaseUrl` in an `appsettings*.json`.
  case publicBaseURL = "public-base-url"
  /// `OAuth:AllowedReturnUrlSchemes` in an `appsettings*.json`: only for an app that declares an
  /// OAuth callback.
  case oauthReturnScheme = "oauth-return-scheme"
  /// `AppAssociation:AndroidCertFingerprints` in an `appsettings*.json`.
  case servedFingerprint = "served-fingerprint"
  /// `AppAssociation:AndroidPackageName` in an `appsettings*.json`.
  case servedPackage = "served-package"
  /// Association-file and Digital Asset Links check URLs in Markdown and shell runbooks.
  case runbookURL = "runbook-url"
}

/// Where a spot's value ends up once the app ships.
public enum SpotReach: String, Sendable, Hashable, CaseIterable {
  case binary = "ships-in-the-binary"
  case webHost = "served-by-the-web-host"
  case identityService = "read-by-the-identity-service"
  case documentation = "documentation-only"

  /// The words the association page uses.
  public var title: String {
    switch self {
    case .binary: "ships in the binary"
    case .webHost: "served by the web host"
    case .identityService: "read by the Identity service"
    case .documentation: "documentation only"
    }
  }
}

/// Which of a build's values a spot holds.
public enum SpotValue: String, Sendable, Hashable, CaseIterable {
  case webHost = "web-host"
  case customScheme = "custom-scheme"
  case androidPackage = "android-package"
  case certificateFingerprints = "certificate-fingerprints"
  case appID = "app-id"
  case routeClaims = "route-claims"

  public var title: String {
    switch self {
    case .webHost: "web host"
    case .customScheme: "custom scheme"
    case .androidPackage: "Android package"
    case .certificateFingerprints: "signing certificate fingerprints"
    case .appID: "iOS app id"
    case .routeClaims: "published route claims"
    }
  }

  /// The build's own values of this kind (the claims are the association file's patterns).
  public func values(_ build: Build, _ contract: Contract) -> [String] {
    switch self {
    case .webHost: [build.webHost]
    case .customScheme: [build.customScheme]
    case .androidPackage: [build.androidPackage]
    case .certificateFingerprints: build.androidCertificateFingerprints
    case .appID: [build.appID]
    case .routeClaims:
      appSiteAssociation(contract, build: build).details.flatMap(\.components).map { $0.path ?? "*" }
    }
  }
}

/// One place in the shipping system where a build's value must appear: the project and file
/// of the app checkout, the key or element, the value as it is written there, where it ends
/// up, the generated snippet that fills it and the `audit` role that checks it. The one table
/// that both the snippets' first lines and `linkcontract audit` read.
public struct Spot: Sendable, Hashable {
  /// Stable kebab-case id.
  public let id: String
  /// The part of the checkout: `MAUI head`, `web host`, `Identity service`, `release runbook`.
  public let project: String
  /// The file, relative to the project.
  public let file: String
  /// The key (configuration path) or element inside the file.
  public let key: String
  public let value: SpotValue
  public let reach: SpotReach
  /// The file name under `native/` of the snippet that fills the spot.
  public let snippet: String
  /// The `audit` role that checks it; nil where `verify-host` checks the served file instead.
  public let role: AuditRole?
  /// The id of the spot this one can replace (the same registration in another form); an
  /// alternative is not counted.
  public let alternativeTo: String?
  /// How the value is written in the spot, from the bare value (`applinks:` + host, ...).
  package let form: @Sendable (String) -> String

  public static func == (a: Spot, b: Spot) -> Bool { a.id == b.id && a.snippet == b.snippet }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }

  /// The text the spot must hold in `build`, one entry per value.
  public func written(_ build: Build, _ contract: Contract) -> [String] {
    value.values(build, contract).map(form)
  }

  /// `project: file`, as the tables print it.
  public var place: String { "\(project): \(file)" }
}

/// The two files a web host serves, as paths from its root, in a fixed order.
public let wellKnownPaths: [String] = AssociationKind.allCases.map { "/.well-known/" + $0.fileName }

/// The content type every association file must be served with; the AASA file has no extension
/// to infer it from.
public let associationContentType = "application/json"

/// The runbook's Digital Asset Links check URL for `host`.
public func digitalAssetLinksCheckURL(_ host: String) -> String {
  "https://digitalassetlinks.googleapis.com/v1/statements:list?source.web.site=https://\(host)"
    + "&relation=delegate_permission/common.handle_all_urls"
}

/// The runbook's check that Apple's CDN serves the host's current association file.
public func appleCDNCheckURL(_ host: String) -> String {
  "https://app-site-association.cdn-apple.com/a/v1/" + host
}

/// Every spot of every build, in the order the association page lists them. The same table for
/// each build; `Spot.written` gives the build's text.
/// The spots of the snippets `contract` generates: only the places its app uses.
public func contractSpots(_ contract: Contract) -> [Spot] {
  let files = Set(contract.generatedSnippets.map(snippetFile))
  return contractSpots(contract.checkout).filter { files.contains($0.snippet) }
}

/// Every spot a contract can have, at the places `layout` gives.
public func contractSpots(_ layout: CheckoutLayout = .native) -> [Spot] {
  let maui = layout.app
  let web = layout.webHost
  let settings = "appsettings.AppAssociation.json"
  return [
    Spot(
      id: "maui-public-base-url", project: maui, file: layout.appSettings, key: "PublicSite:BaseUrl",
      value: .webHost, reach: .binary, snippet: "appsettings.PublicSite.json", role: .publicBaseURL,
      alternativeTo: nil, form: { "https://" + $0 }),
    Spot(
      id: "ios-associated-domain", project: maui, file: layout.iosEntitlements,
      key: "com.apple.developer.associated-domains", value: .webHost, reach: .binary,
      snippet: "associated-domains.entitlements", role: .iosAssociatedDomain, alternativeTo: nil,
      form: { "applinks:" + $0 }),
    Spot(
      id: "android-public-web-host", project: maui, file: layout.androidMainActivity,
      key: "PublicWebHost (DataHost of the AutoVerify [IntentFilter])", value: .webHost, reach: .binary,
      snippet: "MainActivity.IntentFilter.cs", role: .androidAppLinkHost, alternativeTo: nil, form: { $0 }),
    Spot(
      id: "android-scheme-links", project: maui, file: layout.androidMainActivity,
      key: "DataScheme of the custom-scheme [IntentFilter]", value: .customScheme, reach: .binary,
      snippet: "MainActivity.IntentFilter.cs", role: .androidCallbackScheme, alternativeTo: nil, form: { $0 }),
    Spot(
      id: "android-manifest-app-link", project: maui, file: layout.androidManifest,
      key: "<intent-filter android:autoVerify=\"true\"> <data android:host>", value: .webHost, reach: .binary,
      snippet: "app-links-intent-filter.xml", role: .androidAppLinkHost, alternativeTo: "android-public-web-host",
      form: { $0 }),
    Spot(
      id: "ios-url-scheme", project: maui, file: layout.iosInfoPlist,
      key: "CFBundleURLTypes / CFBundleURLSchemes", value: .customScheme, reach: .binary, snippet: "url-types.plist",
      role: .iosURLScheme, alternativeTo: nil, form: { $0 }),
    Spot(
      id: "android-callback-scheme", project: maui, file: layout.androidCallbackActivity,
      key: "CallbackScheme (DataScheme of the [IntentFilter])", value: .customScheme, reach: .binary,
      snippet: "WebAuthenticatorCallbackActivity.cs", role: .androidCallbackScheme, alternativeTo: nil,
      form: { $0 }),
    Spot(
      id: "served-package", project: web, file: layout.webHostSettings, key: "AppAssociation:AndroidPackageName",
      value: .androidPackage, reach: .webHost, snippet: settings, role: .servedPackage, alternativeTo: nil,
      form: { $0 }),
    Spot(
      id: "served-fingerprints", project: web, file: layout.webHostSettings,
      key: "AppAssociation:AndroidCertFingerprints",
      value: .certificateFingerprints, reach: .webHost, snippet: settings, role: .servedFingerprint,
      alternativeTo: nil, form: { $0 }),
    Spot(
      id: "served-app-id", project: web, file: layout.webHostSettings, key: "AppAssociation:AppleAppId",
      value: .appID, reach: .webHost, snippet: settings, role: nil, alternativeTo: nil, form: { $0 }),
    Spot(
      id: "served-components", project: web, file: layout.webHostSettings, key: "AppAssociation:AppleAppLinkComponents",
      value: .routeClaims, reach: .webHost, snippet: settings, role: nil, alternativeTo: nil, form: { $0 }),
    Spot(
      id: "identity-return-scheme", project: layout.identityService, file: layout.identitySettings,
      key: "OAuth:AllowedReturnUrlSchemes", value: .customScheme, reach: .identityService,
      snippet: "appsettings.OAuth.json", role: .oauthReturnScheme, alternativeTo: nil, form: { $0 }),
    Spot(
      id: "runbook-association-url", project: layout.runbook, file: layout.runbookFile,
      key: "the association-file check (curl)", value: .webHost, reach: .documentation,
      snippet: "verify-association.sh", role: .runbookURL, alternativeTo: nil,
      form: { "https://" + $0 + wellKnownPaths[0] }),
    Spot(
      id: "runbook-apple-cdn-url", project: layout.runbook, file: layout.runbookFile,
      key: "Apple's CDN check (curl)", value: .webHost, reach: .documentation, snippet: "verify-association.sh",
      role: .runbookURL, alternativeTo: nil, form: appleCDNCheckURL),
    Spot(
      id: "runbook-asset-links-url", project: layout.runbook, file: layout.runbookFile,
      key: "the Digital Asset Links check", value: .webHost, reach: .documentation, snippet: "verify-association.sh",
      role: .runbookURL, alternativeTo: nil, form: { digitalAssetLinksCheckURL($0) }),
  ]
}

/// The `audit` roles of `contract`'s spots, each once, in `AuditRole` order: the roles its app has
/// (`oauth-return-scheme` only where a route class declares an OAuth callback).
public func auditRoles(_ contract: Contract) -> [AuditRole] {
  let used = Set(contractSpots(contract).compactMap(\.role))
  return AuditRole.allCases.filter(used.contains)
}

/// The first line of a native snippet, without comment markers: where its text goes in the
/// app checkout and which `audit` role checks it, read from `contractSpots()`.
public func snippetPlacement(_ snippet: String, layout: CheckoutLayout = .native) -> String? {
  let spots = contractSpots(layout).filter { $0.snippet == snippet }
  guard let first = spots.first else { return nil }
  let keys = spots.map { spot in
    let check = spot.role.map { "audit role \($0.rawValue)" } ?? "checked by verify-host in the served file"
    return "\(spot.key) (\(check))"
  }
  let instead =
    first.alternativeTo.flatMap { id in contractSpots(layout).first { $0.id == id } }
    .map { ", instead of \($0.file)" } ?? ""
  return "Goes into the \(first.project)'s \(first.file)\(instead): \(keys.joined(separator: "; "))."
}

/// How many counted places hold one value of a build, by where they end up.
public struct SpotCount: Sendable, Hashable {
  public let value: SpotValue
  public let total: Int
  public let byReach: [(reach: SpotReach, count: Int)]

  public static func == (a: SpotCount, b: SpotCount) -> Bool {
    a.value == b.value && a.total == b.total && a.byReach.map(\.reach) == b.byReach.map(\.reach)
      && a.byReach.map(\.count) == b.byReach.map(\.count)
  }
  public func hash(into hasher: inout Hasher) { hasher.combine(value) }

  /// `The web host links.example.com appears in 5 places: 3 ship in the binary, 2 in the runbook`.
  public func sentence(_ build: Build, _ contract: Contract) -> String {
    let values = value.values(build, contract)
    let title = value == .certificateFingerprints && values.count == 1 ? "signing certificate fingerprint" : value.title
    let subject = values.count == 1 && value != .routeClaims ? "The \(title) \(values[0])" : "The \(title)"
    let verb = value == .routeClaims ? "appear" : "appears"
    let parts = byReach.map { part -> String in
      switch part.reach {
      case .binary: "\(part.count) ship\(part.count == 1 ? "s" : "") in the binary"
      case .webHost: "\(part.count) served by the web host"
      case .identityService: "\(part.count) read by the Identity service"
      case .documentation: "\(part.count) in the runbook"
      }
    }
    return "\(subject) \(verb) in \(total) place\(total == 1 ? "" : "s"): " + parts.joined(separator: ", ")
  }
}

/// The count of places per value, alternatives left out, values in `SpotValue` order.
public func spotCounts(_ spots: [Spot]) -> [SpotCount] {
  SpotValue.allCases.compactMap { value in
    let counted = spots.filter { $0.value == value && $0.alternativeTo == nil }
    guard !counted.isEmpty else { return nil }
    let byReach = SpotReach.allCases.compactMap { reach -> (SpotReach, Int)? in
      let count = counted.filter { $0.reach == reach }.count
      return count > 0 ? (reach, count) : nil
    }
    return SpotCount(value: value, total: counted.count, byReach: byReach)
  }
}
