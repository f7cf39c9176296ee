/// A native snippet the generator can write for each build: the contract lists the ones its app
/// uses (`Contract.nativeSnippets`), and only those are generated, shown and audited.
public enum NativeSnippetKind: String, Sendable, Hashable, CaseIterable {
  /// The iOS associated-domains entitlement.
  case iosAssociatedDomains = "ios-associated-domains"
  /// The iOS custom-scheme registration (`CFBundleURLTypes`).
  case iosURLTypes = "ios-url-types"
  /// The Android App Links intent filter, as manifest XML.
  case androidIntentFilter = "android-intent-filter"
  /// The Android registration of the custom scheme's links, as manifest XML: one host per
  /// custom-scheme route class.
  case androidSchemeFilter = "android-scheme-filter"
  /// The same intent filter as a .NET MAUI `[IntentFilter]` attribute with its host constant.
  case mauiIntentFilter = "maui-intent-filter"
  /// The .NET MAUI OAuth callback activity (only for an app that declares an OAuth callback).
  case mauiCallbackActivity = "maui-callback-activity"
  /// The app's `PublicSite:BaseUrl` setting.
  case publicSiteSettings = "public-site-settings"
  /// The web host's `AppAssociation` settings.
  case webHostSettings = "web-host-settings"
  /// An nginx alternative to the web host's settings.
  case nginx
  /// The Identity service's return-URL allowlist (only for an app that declares an OAuth callback).
  case identityAllowlist = "identity-allowlist"
  /// The release runbook's verification script.
  case runbook

  /// Whether the snippet serves the app's OAuth callback, so that only an app that declares one
  /// (`RouteClass.oauthCallback`) may list it.
  public var needsOAuthCallback: Bool { self == .mauiCallbackActivity || self == .identityAllowlist }
}
