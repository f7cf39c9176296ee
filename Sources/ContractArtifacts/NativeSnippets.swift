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
      return AASAPattern.matches(value.replacingOccurrences(".*", with: "*"), path, caseSensitive: true)
    }
  }
}

extension String {
  fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
    var result = ""
    var rest = Substring(self)
    while let range = rest.range(of: target) {
      result += rest[..<range.lowerBound] + replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}

extension Substring {
  fileprivate func range(of target: String) -> Range<Index>? {
    var start = startIndex
    while start < endIndex {
      if self[start...].hasPrefix(target) {
        return start..<index(start, offsetBy: target.count)
      }
      start = index(after: start)
    }
    return nil
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

/// The native snippets of `build`: the iOS entitlement and URL types, the Android App Links
/// filter (manifest XML and .NET MAUI attribute), the custom-scheme callback activity, the
/// Identity service allowlist and the release runbook's verification commands.
public func nativeSnippets(_ contract: Contract, build: Build) -> [NativeSnippet] {
  let notice = generatedNotice(build)
  let rules = androidPathRules(contract)
  let schemeNames = contract.routeClasses.compactMap { route -> String? in
    route.id == contract.signInCallback?.id ? nil : route.customSchemeName
  }
  func xmlEscaped(_ text: String) -> String {
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
  func csharpList(_ values: [String]) -> String {
    "new[] { " + values.map { "\"\($0)\"" }.joined(separator: ", ") + " }"
  }
  let plistHead = """
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>

    """

  var snippets: [NativeSnippet] = []

  snippets.append(
    NativeSnippet(
      name: "associated-domains.entitlements",
      title: "iOS associated-domains entitlement",
      contents: """
        <!-- \(notice) -->
        <!-- iOS associated domains of build \(build.name): merge into the app's Entitlements.plist. -->
        \(plistHead)  <key>com.apple.developer.associated-domains</key>
          <array>
            <string>applinks:\(build.webHost)</string>
          </array>
        </dict>
        </plist>

        """))

  snippets.append(
    NativeSnippet(
      name: "url-types.plist",
      title: "iOS custom-scheme registration (CFBundleURLTypes)",
      contents: """
        <!-- \(notice) -->
        <!-- iOS custom scheme of build \(build.name), for the OAuth callback \(build.oauthCallback): merge into Info.plist. -->
        \(plistHead)  <key>CFBundleURLTypes</key>
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

        """))

  var dataLines = ""
  for (route, rule) in rules {
    dataLines += "  <!-- \(route.title): \(route.httpsPattern ?? "") -->\n"
    dataLines += "  <data \(rule.attribute)=\"\(xmlEscaped(rule.value))\" />\n"
  }
  snippets.append(
    NativeSnippet(
      name: "app-links-intent-filter.xml",
      title: "Android App Links intent filter (manifest XML)",
      contents: """
        <!-- \(notice) -->
        <!-- Android App Links of build \(build.name): place inside the <activity> that handles links. -->
        <intent-filter xmlns:android="http://schemas.android.com/apk/res/android" android:autoVerify="true">
          <action android:name="android.intent.action.VIEW" />
          <category android:name="android.intent.category.DEFAULT" />
          <category android:name="android.intent.category.BROWSABLE" />
          <data android:scheme="https" />
          <data android:host="\(build.webHost)" />
        \(dataLines)</intent-filter>

        """))

  var properties = [
    "DataScheme = \"https\"",
    "DataHost = \"\(build.webHost)\"",
  ]
  let paths = rules.filter { $0.rule.kind == .path }.map(\.rule.value)
  let prefixes = rules.filter { $0.rule.kind == .pathPrefix }.map(\.rule.value)
  let patterns = rules.filter { $0.rule.kind == .pathPattern }.map(\.rule.value)
  if !paths.isEmpty { properties.append("DataPaths = \(csharpList(paths))") }
  if !prefixes.isEmpty { properties.append("DataPathPrefixes = \(csharpList(prefixes))") }
  if !patterns.isEmpty { properties.append("DataPathPatterns = \(csharpList(patterns))") }
  var schemeFilter = ""
  if !schemeNames.isEmpty {
    schemeFilter = """

      // Custom-scheme links of build \(build.name) other than the OAuth callback (no verification exists for a scheme).
      [IntentFilter(
          new[] { Intent.ActionView },
          Categories = new[] { Intent.CategoryDefault, Intent.CategoryBrowsable },
          DataScheme = "\(build.customScheme)",
          DataHosts = \(csharpList(schemeNames)))]
      """
  }
  snippets.append(
    NativeSnippet(
      name: "MainActivity.IntentFilter.cs",
      title: "Android App Links intent filter (.NET MAUI attribute)",
      contents: """
        // \(notice)
        // Android App Links of build \(build.name): attributes for the MainActivity class
        // (Platforms/Android/MainActivity.cs); needs `using Android.App;` and `using Android.Content;`.
        [IntentFilter(
            new[] { Intent.ActionView },
            Categories = new[] { Intent.CategoryDefault, Intent.CategoryBrowsable },
            AutoVerify = true,
            \(properties.joined(separator: ",\n    ")))]\(schemeFilter)

        """))

  let callbackHost = contract.signInCallback?.customSchemeName ?? "oauth-complete"
  snippets.append(
    NativeSnippet(
      name: "WebAuthenticatorCallbackActivity.cs",
      title: "Android OAuth callback registration (WebAuthenticatorCallbackActivity)",
      contents: """
        // \(notice)
        // The OAuth completion callback \(build.oauthCallback) of build \(build.name):
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

        """))

  snippets.append(
    NativeSnippet(
      name: "appsettings.OAuth.json",
      title: "Identity service return-URL scheme allowlist (OAuth:AllowedReturnUrlSchemes)",
      contents: identityAllowlist(build).pretty))

  snippets.append(
    NativeSnippet(
      name: "verify-association.sh",
      title: "Release runbook verification commands",
      contents: verificationScript(build)))
  return snippets
}

/// The Identity service's `OAuth:AllowedReturnUrlSchemes` fragment for `build`.
public func identityAllowlist(_ build: Build) -> JSON {
  .object([("OAuth", .object([("AllowedReturnUrlSchemes", .array([.string(build.customScheme)]))]))])
}

func verificationScript(_ build: Build) -> String {
  let host = build.webHost
  let package = build.androidPackage
  return """
    # \(generatedNotice(build))
    # Release runbook verification for build \(build.name) (\(host)). Run: sh verify-association.sh
    set -eu
    here=$(cd "$(dirname "$0")/.." && pwd)
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT

    # 1. The host serves exactly the generated files, over https, with no redirect.
    for file in apple-app-site-association assetlinks.json; do
      curl --fail --silent --show-error --proto '=https' --max-redirs 0 \\
        --output "$scratch/$file" "https://\(host)/.well-known/$file"
      cmp "$scratch/$file" "$here/.well-known/$file"
      curl --fail --silent --show-error --proto '=https' --max-redirs 0 --head \\
        "https://\(host)/.well-known/$file" | grep -i '^content-type: application/json'
    done

    # 2. Apple's CDN has fetched the current file (it caches; allow time after a deploy).
    curl --fail --silent --show-error --output "$scratch/cdn-aasa" \\
      "https://app-site-association.cdn-apple.com/a/v1/\(host)"
    cmp "$scratch/cdn-aasa" "$here/.well-known/apple-app-site-association"

    # 3. Google's Digital Asset Links API sees the statement for \(package).
    curl --fail --silent --show-error \\
      "https://digitalassetlinks.googleapis.com/v1/statements:list?source.web.site=https://\(host)&relation=delegate_permission/common.handle_all_urls" \\
      | grep '"packageName": "\(package)"'

    # 4. On a device with the release build installed: re-verify and read the state.
    if command -v adb >/dev/null 2>&1; then
      adb shell pm verify-app-links --re-verify \(package)
      adb shell pm get-app-links \(package)
    fi

    """
}
