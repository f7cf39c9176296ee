import LinkContract

/// A generated native snippet: its file name under `native/` and its text.
public struct NativeSnippet: Sendable, Hashable {
  public let name: String
  public let title: String
  public let contents: String
}

/// How one published https route is written as an Android `<data>` path attribute.
struct AndroidPathRule: Sendable, Hashable {
  enum Kind: Sendable, Hashable {
    case path
    case pathPrefix
    case pathPattern
  }
  let kind: Kind
  let value: String

  var attribute: String {
    switch kind {
    case .path: "android:path"
    case .pathPrefix: "android:pathPrefix"
    case .pathPattern: "android:pathPattern"
    }
  }

  /// Android's own matching of the attribute against a path.
  func matches(_ path: String) -> Bool {
    switch kind {
    case .path: return path == value
    case .pathPrefix: return path.hasPrefix(value)
    case .pathPattern:
      // Only `.*` runs and literals are generated; translate to Apple's `*` to match.
      return AASAPatternMatcher.matches(value.replacing(".*", with: "*"), path, caseSensitive: true)
    }
  }
}

/// The Android path rule of each published https route, in route order.
func androidPathRules(_ contract: Contract) -> [(route: RouteClass, rule: AndroidPathRule)] {
  contract.routeClasses.compactMap { route in
    guard route.publication.isPublished, let segments = route.httpsPath else { return nil }
    var literal = ""
    var fieldSeen = false
    var pattern = ""
    for (index, segment) in segments.enumerated() {
      switch segment {
      case .literal(let text):
        if fieldSeen { pattern += "/" + text } else { literal += "/" + text }
      case .field(let field):
        let prefix: String
        if case .reference(let value, _) = field.format { prefix = value } else { prefix = "" }
        if !fieldSeen, index == segments.count - 1 {
          return (route, AndroidPathRule(kind: .pathPrefix, value: literal + "/" + prefix))
        }
        fieldSeen = true
        pattern += "/" + prefix + ".*"
      }
    }
    if !fieldSeen { return (route, AndroidPathRule(kind: .path, value: literal)) }
    return (route, AndroidPathRule(kind: .pathPattern, value: literal + pattern))
  }
}

/// The native snippets of `build` that `contract` generates (`NativeSnippetKind` says what each
/// is). Each one's first line is its place from `contractSpots(contract)`, so that the snippets
/// and `audit` agree by construction; the second says that `tool` made it, and the commands are
/// `tool`'s.
public func nativeSnippets(_ contract: Contract, build: Build, tool: ToolName = .linkcontract) -> [NativeSnippet] {
  let writer = NativeSnippetWriter(contract: contract, build: build, tool: tool)
  return NativeSnippetKind.allCases.filter(contract.generatedSnippets.contains).map { kind in
    switch kind {
    case .iosAssociatedDomains: writer.associatedDomains()
    case .iosURLTypes: writer.urlTypes()
    case .androidIntentFilter: writer.appLinksIntentFilter()
    case .androidSchemeFilter: writer.schemeIntentFilter()
    case .mauiIntentFilter: writer.mauiIntentFilter()
    case .mauiCallbackActivity: writer.callbackActivity()
    case .publicSiteSettings: writer.publicSite()
    case .webHostSettings: writer.appAssociation()
    case .nginx: writer.nginx()
    case .identityAllowlist: writer.returnURLAllowlist()
    case .runbook: writer.verification()
    }
  }
}

/// The file each kind of native snippet is written as, under `native/`.
public func snippetFile(_ kind: NativeSnippetKind) -> String {
  switch kind {
  case .iosAssociatedDomains: "associated-domains.entitlements"
  case .iosURLTypes: "url-types.plist"
  case .androidIntentFilter: "app-links-intent-filter.xml"
  case .androidSchemeFilter: "custom-scheme-intent-filter.xml"
  case .mauiIntentFilter: "MainActivity.IntentFilter.cs"
  case .mauiCallbackActivity: "WebAuthenticatorCallbackActivity.cs"
  case .publicSiteSettings: "appsettings.PublicSite.json"
  case .webHostSettings: "appsettings.AppAssociation.json"
  case .nginx: "nginx-association.conf"
  case .identityAllowlist: "appsettings.OAuth.json"
  case .runbook: "verify-association.sh"
  }
}

/// One function per native snippet of one build.
struct NativeSnippetWriter {
  let contract: Contract
  let build: Build
  let tool: ToolName

  var notice: String { generatedNotice(build, tool: tool) }

  /// The first two lines of a snippet, in its language's line comments.
  func head(_ name: String, _ open: String, _ close: String = "") -> String {
    let place = snippetPlacement(name, contract: contract) ?? ""
    return "\(open)\(place)\(close)\n\(open)\(notice)\(close)"
  }

  static let plistHead = """
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>

    """

  static func xmlEscaped(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(character)
      }
    }
    return out
  }

  static func csharpList(_ values: [String]) -> String {
    "new[] { " + values.map { "\"\($0)\"" }.joined(separator: ", ") + " }"
  }

  func associatedDomains() -> NativeSnippet {
    NativeSnippet(
      name: "associated-domains.entitlements",
      title: "iOS associated-domains entitlement",
      contents: """
        \(head("associated-domains.entitlements", "<!-- ", " -->"))
        <!-- iOS associated domains of build \(build.name): merge into the app's Entitlements.plist. -->
        \(Self.plistHead)  <key>com.apple.developer.associated-domains</key>
          <array>
            <string>applinks:\(build.webHost)</string>
          </array>
        </dict>
        </plist>

        """)
  }

  /// What the build's custom scheme carries, in the URL types' header: the OAuth callback of an
  /// app that declares one, else its custom-scheme routes by title.
  var schemeUse: String {
    if let callback = contract.oauthCallback(in: build) { return ", for the OAuth callback \(callback)" }
    let routes = contract.routeClasses.compactMap { route in
      route.customSchemeName.map { "\(route.title) (\(build.customScheme)://\($0))" }
    }
    guard !routes.isEmpty else { return "" }
    return ", for the custom-scheme route\(routes.count == 1 ? "" : "s") " + routes.joined(separator: ", ")
  }

  func urlTypes() -> NativeSnippet {
    NativeSnippet(
      name: "url-types.plist",
      title: "iOS custom-scheme registration (CFBundleURLTypes)",
      contents: """
        \(head("url-types.plist", "<!-- ", " -->"))
        <!-- iOS custom scheme of build \(build.name)\(schemeUse): merge into Info.plist. -->
        \(Self.plistHead)  <key>CFBundleURLTypes</key>
          <array>
            <dict>
              <key>CFBundleURLName</key>
              <string>\(build.bundleID)</string>
              <key>CFBundleTypeRole</key>
              <string>Viewer</string>
              <key>CFBundleURLSchemes</key>
              <array>
                <string>\(build.customScheme)</string>
              </array>
            </dict>
          </array>
        </dict>
        </plist>

        """)
  }

  func appLinksIntentFilter() -> NativeSnippet {
    var dataLines = ""
    for (route, rule) in androidPathRules(contract) {
      dataLines += "  <!-- \(route.title): \(route.httpsPattern ?? "") -->\n"
      dataLines += "  <data \(rule.attribute)=\"\(Self.xmlEscaped(rule.value))\" />\n"
    }
    return NativeSnippet(
      name: "app-links-intent-filter.xml",
      title: "Android App Links intent filter (manifest XML)",
      contents: """
        \(head("app-links-intent-filter.xml", "<!-- ", " -->"))
        <!-- Android App Links of build \(build.name): place inside the <activity> that handles links. -->
        <intent-filter xmlns:android="http://schemas.android.com/apk/res/android" android:autoVerify="true">
          <action android:name="android.intent.action.VIEW" />
          <category android:name="android.intent.category.DEFAULT" />
          <category android:name="android.intent.category.BROWSABLE" />
          <data android:scheme="https" />
          <data android:host="\(build.webHost)" />
        \(dataLines)</intent-filter>

        """)
  }

  /// The custom scheme's links as a manifest intent filter: the scheme, and each custom-scheme
  /// route class's name as a host, since a link is `<scheme>://<name>`.
  func schemeIntentFilter() -> NativeSnippet {
    var hostLines = ""
    for route in contract.routeClasses {
      guard let name = route.customSchemeName else { continue }
      hostLines += "  <!-- \(route.title): \(build.customScheme)://\(name) -->\n"
      hostLines += "  <data android:host=\"\(Self.xmlEscaped(name))\" />\n"
    }
    if hostLines.isEmpty { hostLines = "  <!-- No route class is on the custom scheme: the scheme alone. -->\n" }
    return NativeSnippet(
      name: "custom-scheme-intent-filter.xml",
      title: "Android custom-scheme intent filter (manifest XML)",
      contents: """
        \(head("custom-scheme-intent-filter.xml", "<!-- ", " -->"))
        <!-- Custom-scheme links of build \(build.name): place inside the <activity> that handles links. A scheme has no verification: another app can register it too. -->
        <intent-filter xmlns:android="http://schemas.android.com/apk/res/android">
          <action android:name="android.intent.action.VIEW" />
          <category android:name="android.intent.category.DEFAULT" />
          <category android:name="android.intent.category.BROWSABLE" />
          <data android:scheme="\(Self.xmlEscaped(build.customScheme))" />
        \(hostLines)</intent-filter>

        """)
  }

  func mauiIntentFilter() -> NativeSnippet {
    let rules = androidPathRules(contract)
    var properties = [
      "DataScheme = \"https\"",
      "DataHost = PublicWebHost",
    ]
    let paths = rules.filter { $0.rule.kind == .path }.map(\.rule.value)
    let prefixes = rules.filter { $0.rule.kind == .pathPrefix }.map(\.rule.value)
    let patterns = rules.filter { $0.rule.kind == .pathPattern }.map(\.rule.value)
    if !paths.isEmpty { properties.append("DataPaths = \(Self.csharpList(paths))") }
    if !prefixes.isEmpty { properties.append("DataPathPrefixes = \(Self.csharpList(prefixes))") }
    if !patterns.isEmpty { properties.append("DataPathPatterns = \(Self.csharpList(patterns))") }
    let schemeNames = contract.routeClasses.compactMap { route -> String? in
      route.id == contract.oauthCallbackRoute?.id ? nil : route.customSchemeName
    }
    var schemeFilter = ""
    if !schemeNames.isEmpty {
      schemeFilter = """

        // Custom-scheme links of build \(build.name)\(contract.oauthCallbackRoute == nil ? "" : " other than the OAuth callback") (no verification exists for a scheme).
        [IntentFilter(
            new[] { Intent.ActionView },
            Categories = new[] { Intent.CategoryDefault, Intent.CategoryBrowsable },
            DataScheme = "\(build.customScheme)",
            DataHosts = \(Self.csharpList(schemeNames)))]
        """
    }
    return NativeSnippet(
      name: "MainActivity.IntentFilter.cs",
      title: "Android App Links intent filter (.NET MAUI attribute)",
      contents: """
        \(head("MainActivity.IntentFilter.cs", "// "))
        // Android App Links of build \(build.name): the attributes and the host constant of the MainActivity
        // class (keep its [Activity] attribute and body); needs `using Android.App;` and `using Android.Content;`.
        [IntentFilter(
            new[] { Intent.ActionView },
            Categories = new[] { Intent.CategoryDefault, Intent.CategoryBrowsable },
            AutoVerify = true,
            \(properties.joined(separator: ",\n    ")))]\(schemeFilter)
        public class MainActivity : MauiAppCompatActivity
        {
            // The public web host of build \(build.name); an attribute argument cannot read configuration.
            const string PublicWebHost = "\(build.webHost)";
        }

        """)
  }

  func callbackActivity() -> NativeSnippet {
    // Generated only where a route class declares the OAuth callback (`generatedSnippets`).
    let callbackHost = contract.oauthCallbackRoute?.customSchemeName ?? ""
    return NativeSnippet(
      name: "WebAuthenticatorCallbackActivity.cs",
      title: "Android OAuth callback registration (WebAuthenticatorCallbackActivity)",
      contents: """
        \(head("WebAuthenticatorCallbackActivity.cs", "// "))
        // The OAuth completion callback \(contract.oauthCallback(in: build) ?? "") of build \(build.name):
        // Platforms/Android/WebAuthenticatorCallbackActivity.cs.
        using Android.App;
        using Android.Content;
        using Android.Content.PM;

        [Activity(NoHistory = true, LaunchMode = LaunchMode.SingleTop, Exported = true)]
        [IntentFilter(
            new[] { Intent.ActionView },
            Categories = new[] { Intent.CategoryDefault, Intent.CategoryBrowsable },
            DataScheme = CallbackScheme,
            DataHost = "\(callbackHost)")]
        public class WebAuthenticatorCallbackActivity : Microsoft.Maui.Authentication.WebAuthenticatorCallbackActivity
        {
            const string CallbackScheme = "\(build.customScheme)";
        }

        """)
  }

  func publicSite() -> NativeSnippet {
    NativeSnippet(
      name: "appsettings.PublicSite.json",
      title: "\(contract.checkout.app) public base URL (PublicSite:BaseUrl)",
      contents: head("appsettings.PublicSite.json", "// ") + "\n" + publicSiteSettings(build).pretty)
  }

  func appAssociation() -> NativeSnippet {
    NativeSnippet(
      name: "appsettings.AppAssociation.json",
      title: "Web host association settings (AppAssociation)",
      contents: head("appsettings.AppAssociation.json", "// ") + "\n"
        + "// AppleAppLinkComponents are the served components verbatim: a list of patterns cannot say `exclude`.\n"
        + appAssociationSettings(contract, build: build).pretty)
  }

  /// nginx `location` blocks that serve the association files from the server's root with the
  /// content type they need, from `wellKnownPaths`.
  func nginx() -> NativeSnippet {
    // An alternative only where the app also has the web host's settings to serve the files.
    let host = contract.checkout.webHost
    let instead =
      contract.nativeSnippets.contains(.webHostSettings)
      ? ", instead of the \(host)'s AppAssociation settings (\(snippetFile(.webHostSettings)))" : ""
    var out =
      "# Goes into the \(host)'s nginx configuration\(instead): checked by \(tool.command("verify-host")).\n# \(notice)\n"
    out += "# Association files of build \(build.name) from a static server: inside the https `server` block of\n"
    out += "# \(build.webHost), whose root holds the generated .well-known/ folder. No redirect may answer them.\n"
    for path in wellKnownPaths {
      out += """
        location = \(path) {
            types { }
            default_type \(associationContentType);
            try_files $uri =404;
        }

        """
    }
    return NativeSnippet(
      name: "nginx-association.conf",
      title: "Serving the association files from nginx instead (location blocks)",
      contents: out)
  }

  func returnURLAllowlist() -> NativeSnippet {
    NativeSnippet(
      name: "appsettings.OAuth.json",
      title: "Identity service return-URL scheme allowlist (OAuth:AllowedReturnUrlSchemes)",
      contents: head("appsettings.OAuth.json", "// ") + "\n" + identityAllowlist(build).pretty)
  }

  func verification() -> NativeSnippet {
    let host = build.webHost
    let package = build.androidPackage
    return NativeSnippet(
      name: "verify-association.sh",
      title: "Release runbook verification commands",
      contents: """
        \(head("verify-association.sh", "# "))
        # Release runbook verification for build \(build.name) (\(host)). Run: sh verify-association.sh
        set -eu
        here=$(cd "$(dirname "$0")/.." && pwd)
        scratch=$(mktemp -d)
        trap 'rm -rf "$scratch"' EXIT

        # 1. The host serves both files over https, status 200, no redirect, as application/json,
        #    meaning exactly what the contract says (exit 1 names each problem; see `verify-host --help`).
        \(tool.command("verify-host --build \(build.name)"))
        # The raw answer for the release ticket.
        curl --silent --show-error --proto '=https' --max-redirs 0 --head "https://\(host)\(wellKnownPaths[0])"

        # 2. Apple's CDN has fetched the current file (it caches; allow time after a deploy).
        curl --fail --silent --show-error --output "$scratch/cdn-aasa" \\
          "\(appleCDNCheckURL(host))"
        cmp "$scratch/cdn-aasa" "$here/.well-known/apple-app-site-association"

        # 3. Google's Digital Asset Links API sees the statement for \(package).
        curl --fail --silent --show-error \\
          "\(digitalAssetLinksCheckURL(host))" \\
          | grep '"packageName": "\(package)"'

        # 4. On a device with the release build installed: re-verify and read the state.
        if command -v adb >/dev/null 2>&1; then
          adb shell pm verify-app-links --re-verify \(package)
          adb shell pm get-app-links \(package)
        fi

        """)
  }
}

/// The app's `PublicSite:BaseUrl` settings fragment for `build`.
public func publicSiteSettings(_ build: Build) -> JSON {
  .object([("PublicSite", .object([("BaseUrl", .string("https://" + build.webHost))]))])
}

/// The web host's `AppAssociation` settings for `build`, in the shape of ADR-043's
/// `AppAssociationOptions`: package, fingerprints, Apple app id and the components that the
/// endpoint helper serves.
public func appAssociationSettings(_ contract: Contract, build: Build) -> JSON {
  let components = appSiteAssociation(contract, build: build).details.flatMap(\.components).map(\.json)
  return .object([
    (
      "AppAssociation",
      .object([
        ("AndroidPackageName", .string(build.androidPackage)),
        ("AndroidCertFingerprints", .array(build.androidCertificateFingerprints.map(JSON.string))),
        ("AppleAppId", .string(build.appID)),
        ("AppleAppLinkComponents", .array(components)),
      ])
    )
  ])
}

/// The Identity service's `OAuth:AllowedReturnUrlSchemes` fragment for `build`.
public func identityAllowlist(_ build: Build) -> JSON {
  .object([("OAuth", .object([("AllowedReturnUrlSchemes", .array([.string(build.customScheme)]))]))])
}
