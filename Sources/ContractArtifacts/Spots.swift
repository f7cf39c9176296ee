import LinkContract

/// The roles `linkcontract audit` reads in an app checkout. The raw value is the stable id.
public enum AuditRole: String, Sendable, Hashable, CaseIterable, DeclarationOrdered {
  /// `com.apple.developer.associated-domains` entries `applinks:HOST`.
  case iosAssociatedDomain = "ios-associated-domain"
  /// `CFBundleURLTypes` / `CFBundleURLSchemes` in `Info.plist`.
  case iosURLScheme = "ios-url-scheme"
  /// The host of an auto-verified Android intent filter (manifest XML or `[IntentFilter]`).
  case androidAppLinkHost = "android-app-link-host"
  /// The custom scheme of an Android intent filter: the custom-scheme links' or a callback activity's.
  case androidCallbackScheme = "android-callback-scheme"
  /// The application id the Android release build ships, which Digital Asset Links must name:
  /// `applicationId` and its suffixes in Gradle files, `<ApplicationId>` in a .NET project file
  /// (its Release override too), else the manifest's `package`. Only for an app with an Android
  /// snippet; read from the build files, so it has no spot.
  case androidApplicationID = "android-application-id"
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

  /// The words the association page uses, with the parts named as `layout` names them.
  public func title(_ layout: CheckoutLayout) -> String {
    switch self {
    case .binary: "ships in the binary"
    case .webHost: "served by the \(layout.webHost)"
    case .identityService: "read by the \(layout.identityService)"
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
  /// The part of the checkout, as the app's `CheckoutLayout` names it: the mobile app, the web
  /// host, the identity service, the release runbook.
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

/// Every spot of every build, in the order the association page lists them: the places of the
/// snippets `contract` generates, at the files its checkout layout names. The same table for
/// each build; `Spot.written` gives the build's text. A place is an alternative only where the
/// app also has the place it replaces.
public func contractSpots(_ contract: Contract) -> [Spot] {
  let files = Set(contract.generatedSnippets.map(snippetFile))
  let chosen = layoutSpots(contract.checkout).filter { files.contains($0.snippet) }
  return chosen.map { spot in
    guard let other = spot.alternativeTo, !chosen.contains(where: { $0.id == other }) else { return spot }
    return Spot(
      id: spot.id, project: spot.project, file: spot.file, key: spot.key, value: spot.value, reach: spot.reach,
      snippet: spot.snippet, role: spot.role, alternativeTo: nil, form: spot.form)
  }
}

/// Every spot a contract can have whose file `layout` names, at the places it gives.
private func layoutSpots(_ layout: CheckoutLayout) -> [Spot] {
  let app = layout.app
  let web = layout.webHost
  /// A spot in the file `file`, or none where the layout has no such file.
  func spot(
    _ id: String, _ project: String, _ file: String?, key: String, value: SpotValue, reach: SpotReach,
    snippet: NativeSnippetKind, role: AuditRole?, alternativeTo: String? = nil,
    form: @escaping @Sendable (String) -> String = { $0 }
  ) -> Spot? {
    file.map {
      Spot(
        id: id, project: project, file: $0, key: key, value: value, reach: reach, snippet: snippetFile(snippet),
        role: role, alternativeTo: alternativeTo, form: form)
    }
  }
  return [
    spot(
      "maui-public-base-url", app, layout.appSettings, key: "PublicSite:BaseUrl", value: .webHost, reach: .binary,
      snippet: .publicSiteSettings, role: .publicBaseURL, form: { "https://" + $0 }),
    spot(
      "ios-associated-domain", app, layout.iosEntitlements, key: "com.apple.developer.associated-domains",
      value: .webHost, reach: .binary, snippet: .iosAssociatedDomains, role: .iosAssociatedDomain,
      form: { "applinks:" + $0 }),
    spot(
      "android-public-web-host", app, layout.androidMainActivity,
      key: "PublicWebHost (DataHost of the AutoVerify [IntentFilter])", value: .webHost, reach: .binary,
      snippet: .mauiIntentFilter, role: .androidAppLinkHost),
    spot(
      "android-scheme-links", app, layout.androidMainActivity, key: "DataScheme of the custom-scheme [IntentFilter]",
      value: .customScheme, reach: .binary, snippet: .mauiIntentFilter, role: .androidCallbackScheme),
    spot(
      "android-manifest-app-link", app, layout.androidManifest,
      key: "<intent-filter android:autoVerify=\"true\"> <data android:host>", value: .webHost, reach: .binary,
      snippet: .androidIntentFilter, role: .androidAppLinkHost, alternativeTo: "android-public-web-host"),
    spot(
      "android-manifest-scheme-links", app, layout.androidManifest,
      key: "<intent-filter> <data android:scheme> of the custom-scheme links", value: .customScheme, reach: .binary,
      snippet: .androidSchemeFilter, role: .androidCallbackScheme, alternativeTo: "android-scheme-links"),
    spot(
      "ios-url-scheme", app, layout.iosInfoPlist, key: "CFBundleURLTypes / CFBundleURLSchemes", value: .customScheme,
      reach: .binary, snippet: .iosURLTypes, role: .iosURLScheme),
    spot(
      "android-callback-scheme", app, layout.androidCallbackActivity,
      key: "CallbackScheme (DataScheme of the [IntentFilter])", value: .customScheme, reach: .binary,
      snippet: .mauiCallbackActivity, role: .androidCallbackScheme),
    spot(
      "served-package", web, layout.webHostSettings, key: "AppAssociation:AndroidPackageName",
      value: .androidPackage, reach: .webHost, snippet: .webHostSettings, role: .servedPackage),
    spot(
      "served-fingerprints", web, layout.webHostSettings, key: "AppAssociation:AndroidCertFingerprints",
      value: .certificateFingerprints, reach: .webHost, snippet: .webHostSettings, role: .servedFingerprint),
    spot(
      "served-app-id", web, layout.webHostSettings, key: "AppAssociation:AppleAppId", value: .appID,
      reach: .webHost, snippet: .webHostSettings, role: nil),
    spot(
      "served-components", web, layout.webHostSettings, key: "AppAssociation:AppleAppLinkComponents",
      value: .routeClaims, reach: .webHost, snippet: .webHostSettings, role: nil),
    spot(
      "identity-return-scheme", layout.identityService, layout.identitySettings, key: "OAuth:AllowedReturnUrlSchemes",
      value: .customScheme, reach: .identityService, snippet: .identityAllowlist, role: .oauthReturnScheme),
    spot(
      "runbook-association-url", layout.runbook, layout.runbookFile, key: "the association-file check (curl)",
      value: .webHost, reach: .documentation, snippet: .runbook, role: .runbookURL,
      form: { "https://" + $0 + wellKnownPaths[0] }),
    spot(
      "runbook-apple-cdn-url", layout.runbook, layout.runbookFile, key: "Apple's CDN check (curl)", value: .webHost,
      reach: .documentation, snippet: .runbook, role: .runbookURL, form: appleCDNCheckURL),
    spot(
      "runbook-asset-links-url", layout.runbook, layout.runbookFile, key: "the Digital Asset Links check",
      value: .webHost, reach: .documentation, snippet: .runbook, role: .runbookURL,
      form: { digitalAssetLinksCheckURL($0) }),
  ].compactMap { $0 }
}

/// The snippets that go into an Android app: an app that generates one ships an Android build.
public let androidSnippets: Set<NativeSnippetKind> = [
  .androidIntentFilter, .androidSchemeFilter, .mauiIntentFilter, .mauiCallbackActivity,
]

/// The `audit` roles of `contract`'s spots, each once, in `AuditRole` order: the roles its app has
/// (`oauth-return-scheme` only where a route class declares an OAuth callback), and
/// `android-application-id` where it generates an Android snippet.
public func auditRoles(_ contract: Contract) -> [AuditRole] {
  var used = Set(contractSpots(contract).compactMap(\.role))
  if contract.generatedSnippets.contains(where: androidSnippets.contains) { used.insert(.androidApplicationID) }
  return AuditRole.allCases.filter(used.contains)
}

/// The first line of a native snippet, without comment markers: where its text goes in the
/// app checkout and which `audit` role checks it, read from `contractSpots(contract)`.
public func snippetPlacement(_ snippet: String, contract: Contract) -> String? {
  let all = contractSpots(contract)
  let spots = all.filter { $0.snippet == snippet }
  guard let first = spots.first else { return nil }
  let keys = spots.map { spot in
    let check = spot.role.map { "audit role \($0.rawValue)" } ?? "checked by verify-host in the served file"
    return "\(spot.key) (\(check))"
  }
  let instead =
    first.alternativeTo.flatMap { id in all.first { $0.id == id } }.map { ", instead of \($0.file)" } ?? ""
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
      case .webHost: "\(part.count) served by the \(contract.checkout.webHost)"
      case .identityService: "\(part.count) read by the \(contract.checkout.identityService)"
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
