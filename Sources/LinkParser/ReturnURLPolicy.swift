import LinkContract

/// Where the identity provider sends an OAuth completion, for an app that declares an OAuth
/// callback (`RouteClass.oauthCallback`).
public enum CompletionTarget: Sendable, Hashable {
  /// The allow-listed native callback, exactly as the client sent it.
  case nativeCallback(String)
  /// The configuration-pinned completion page (`OAuthCallback.completionPage` on the build's host).
  case uiBaseURL(String)

  public var url: String {
    switch self {
    case .nativeCallback(let url), .uiBaseURL(let url): url
    }
  }
}

/// The server-side return-URL policy for the app's declared OAuth callback.
public enum ReturnURLPolicy {
  /// The completion target: `returnURL` when it is an absolute URI whose scheme is in
  /// `allowedSchemes` (ignoring case), else `uiBaseURL`. `http` and `https` never match, even
  /// when listed, so the allowlist cannot become an open redirect; an empty allowlist always
  /// gives `uiBaseURL`. The return URL is echoed byte for byte, never normalized.
  public static func completionTarget(
    returnURL: String?, allowedSchemes: [String], uiBaseURL: String
  ) -> CompletionTarget {
    guard let returnURL, let scheme = absoluteScheme(returnURL) else {
      return .uiBaseURL(uiBaseURL)
    }
    if scheme == "http" || scheme == "https" { return .uiBaseURL(uiBaseURL) }
    let listed = allowedSchemes.contains { ASCII.lowercased($0) == scheme }
    return listed ? .nativeCallback(returnURL) : .uiBaseURL(uiBaseURL)
  }

  /// The redirect for a completion: the target carrying only the single-use code, added to
  /// its query (before any fragment, as RFC 3986 orders them).
  public static func redirect(to target: CompletionTarget, code: String) -> String {
    let bytes = Array(target.url.utf8)
    let fragment = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
    let beforeFragment = bytes[..<fragment]
    let separator = beforeFragment.contains(UInt8(ascii: "?")) ? "&" : "?"
    return String(decoding: beforeFragment, as: UTF8.self) + separator + "code=" + code
      + String(decoding: bytes[fragment...], as: UTF8.self)
  }

  /// The lowercased scheme of an absolute URI (RFC 3986 `scheme ":" ...`), or nil when the
  /// text is not one: relative, empty, or holding whitespace or control characters.
  static func absoluteScheme(_ text: String) -> String? {
    let bytes = Array(text.utf8)
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return nil }
    if bytes.contains(where: { $0 <= UInt8(ascii: " ") || $0 == 0x7F }) { return nil }
    let scheme = bytes[..<colon]
    guard ASCII.isScheme(scheme) else { return nil }
    return ASCII.lowercased(String(decoding: scheme, as: UTF8.self))
  }
}
