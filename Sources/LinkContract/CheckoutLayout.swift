/// Where an app's projects keep the files the native snippets go into: the places
/// `linkcontract audit` looks for each value and the association pages list. An app's own
/// layout, declared with its contract (`Contract.checkout`).
public struct CheckoutLayout: Sendable, Hashable {
  /// The mobile app's project, and its files, relative to it.
  public var app: String
  public var appSettings: String
  public var iosEntitlements: String
  public var iosInfoPlist: String
  public var androidManifest: String
  /// The file holding .NET MAUI `[IntentFilter]` attributes, where the app uses them.
  public var androidMainActivity: String
  public var androidCallbackActivity: String
  /// The web host that serves the association files, and its settings file.
  public var webHost: String
  public var webHostSettings: String
  /// The service that holds the OAuth return-URL allowlist, and its settings file.
  public var identityService: String
  public var identitySettings: String
  /// The release runbook, and its file.
  public var runbook: String
  public var runbookFile: String

  public init(
    app: String, appSettings: String, iosEntitlements: String, iosInfoPlist: String, androidManifest: String,
    androidMainActivity: String, androidCallbackActivity: String, webHost: String, webHostSettings: String,
    identityService: String, identitySettings: String, runbook: String, runbookFile: String
  ) {
    self.app = app
    self.appSettings = appSettings
    self.iosEntitlements = iosEntitlements
    self.iosInfoPlist = iosInfoPlist
    self.androidManifest = androidManifest
    self.androidMainActivity = androidMainActivity
    self.androidCallbackActivity = androidCallbackActivity
    self.webHost = webHost
    self.webHostSettings = webHostSettings
    self.identityService = identityService
    self.identitySettings = identitySettings
    self.runbook = runbook
    self.runbookFile = runbookFile
  }

  /// A native iOS and Android app's usual layout, for an app that declares none.
  public static let native = CheckoutLayout(
    app: "mobile app", appSettings: "appsettings.json", iosEntitlements: "ios/App/App.entitlements",
    iosInfoPlist: "ios/App/Info.plist", androidManifest: "android/app/src/main/AndroidManifest.xml",
    androidMainActivity: "android/app/src/main/MainActivity.cs",
    androidCallbackActivity: "android/app/src/main/WebAuthenticatorCallbackActivity.cs", webHost: "web host",
    webHostSettings: "appsettings.json", identityService: "Identity service", identitySettings: "appsettings.json",
    runbook: "release runbook", runbookFile: "docs/release-runbook.md")
}
