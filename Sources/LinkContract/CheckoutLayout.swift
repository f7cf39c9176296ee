/// Where an app's projects keep the files the native snippets go into: the places
/// `linkcontract audit` looks for each value and the association pages list. An app's own
/// layout, declared with its contract (`Contract.checkout`). A file the app does not have is nil,
/// and a snippet that goes into it cannot be chosen.
public struct CheckoutLayout: Sendable, Hashable {
  /// The mobile app's project, and its files, relative to it.
  public var app: String
  /// The mobile app's settings file that holds its public base URL, where it has one.
  public var appSettings: String?
  /// The iOS entitlements file that holds the associated domains.
  public var iosEntitlements: String
  /// The iOS `Info.plist` that registers the custom scheme.
  public var iosInfoPlist: String
  /// The Android manifest that holds the App Links intent filter and the custom scheme's.
  public var androidManifest: String
  /// The file holding .NET MAUI `[IntentFilter]` attributes, where the app uses them.
  public var androidMainActivity: String?
  /// The activity that registers the sign-in callback's custom scheme, where the app has one.
  public var androidCallbackActivity: String?
  /// The web host that serves the association files, and its settings file where it has one.
  public var webHost: String
  /// The web host's settings file, where it has one.
  public var webHostSettings: String?
  /// The service that holds the return-URL allowlist, and its settings file where it has one.
  public var identityService: String
  /// The service's settings file, where it has one.
  public var identitySettings: String?
  /// The release runbook, and its file.
  public var runbook: String
  /// The runbook's file.
  public var runbookFile: String

  /// A layout from the parts an app has; every part left out is a native iOS and Android app's
  /// usual place, and every optional file left out is one the app does not have.
  public init(
    app: String = "mobile app", appSettings: String? = nil, iosEntitlements: String = "ios/App/App.entitlements",
    iosInfoPlist: String = "ios/App/Info.plist", androidManifest: String = "android/app/src/main/AndroidManifest.xml",
    androidMainActivity: String? = nil, androidCallbackActivity: String? = nil, webHost: String = "web host",
    webHostSettings: String? = nil, identityService: String = "identity service", identitySettings: String? = nil,
    runbook: String = "release runbook", runbookFile: String = "docs/release-runbook.md"
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

  /// A native iOS and Android app's usual layout, for an app that declares none: no settings
  /// files and no activity of its own beyond the manifest.
  public static let native = CheckoutLayout()

  /// The file a snippet of `kind` goes into, relative to its project; nil where the layout has
  /// no such file. A snippet that goes into no file of the checkout (the nginx blocks) has the
  /// empty path.
  public func file(for kind: NativeSnippetKind) -> String? {
    switch kind {
    case .iosAssociatedDomains: iosEntitlements
    case .iosURLTypes: iosInfoPlist
    case .androidIntentFilter, .androidSchemeFilter: androidManifest
    case .mauiIntentFilter: androidMainActivity
    case .mauiCallbackActivity: androidCallbackActivity
    case .publicSiteSettings: appSettings
    case .webHostSettings: webHostSettings
    case .nginx: ""
    case .identityAllowlist: identitySettings
    case .runbook: runbookFile
    }
  }

  /// The name of the layout's property that holds the file of `kind`, as an adopter writes it.
  public static func property(for kind: NativeSnippetKind) -> String {
    switch kind {
    case .iosAssociatedDomains: "iosEntitlements"
    case .iosURLTypes: "iosInfoPlist"
    case .androidIntentFilter, .androidSchemeFilter: "androidManifest"
    case .mauiIntentFilter: "androidMainActivity"
    case .mauiCallbackActivity: "androidCallbackActivity"
    case .publicSiteSettings: "appSettings"
    case .webHostSettings: "webHostSettings"
    case .nginx: ""
    case .identityAllowlist: "identitySettings"
    case .runbook: "runbookFile"
    }
  }

  /// The snippets whose files the layout has, in `NativeSnippetKind` order: the ones an app that
  /// lists none gets.
  public var snippets: [NativeSnippetKind] { NativeSnippetKind.allCases.filter { file(for: $0) != nil } }
}
