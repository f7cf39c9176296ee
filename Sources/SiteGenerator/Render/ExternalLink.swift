import ContractArtifacts
import LinkContract

/// The link rules for what is not a page or a route: Content links out to `https` URLs and to
/// `mailto:` addresses, and, with a warning, to `http` URLs of other sites than the app's.
enum ExternalLink {
  /// The URI scheme a destination starts with (`https`, `mailto`, `ftp`), if it has one.
  static func scheme(of destination: String) -> String? {
    let bytes = destination.utf8
    guard let offset = byteOffset(of: UInt8(ascii: ":"), in: destination) else { return nil }
    let colon = bytes.index(bytes.startIndex, offsetBy: offset)
    guard ASCII.isScheme(bytes[..<colon]) else { return nil }
    return String(decoding: bytes[..<colon], as: UTF8.self)
  }

  /// What is wrong with an external link, or nil when Content may link to it. The app's own
  /// web hosts (`contract`'s builds') are https only: the app answers an `http` link to one
  /// with `scheme-not-allowed`.
  static func problem(_ destination: String, scheme: String, contract: Contract) -> String? {
    switch ASCII.lowercased(scheme) {
    case "https":
      let rest = destination.utf8.dropFirst(scheme.utf8.count + 1)
      guard rest.starts(with: "//".utf8), let host = rest.dropFirst(2).first,
        host != UInt8(ascii: "/"), host != UInt8(ascii: "?"), host != UInt8(ascii: "#")
      else { return "an https link needs a host: write `https://HOST/PATH`" }
      return nil
    case "mailto":
      guard destination.utf8.dropFirst(7).contains(UInt8(ascii: "@")) else {
        return "a mailto: link needs an address: write `mailto:NAME@HOST`"
      }
      return nil
    case "http":
      guard let host = host(ofHTTP: destination) else { return "an http link needs a host: write `https://HOST/PATH`" }
      if let build = contract.builds.first(where: { ASCII.lowercased($0.webHost) == host }) {
        return
          "`http:` link to `{host:\(build.name)}`, the app's own web host: the app opens only https links there and refuses this one (`scheme-not-allowed`): write `https://{host:\(build.name)}/…`"
      }
      return nil
    default:
      return
        "`\(Printed.excerpt(scheme)):` links are not allowed: Content links out only to `https://` URLs and `mailto:` addresses"
    }
  }

  /// Why an `http` link Content may hold deserves a warning, naming the link as `shown`.
  static func warning(_ destination: String, scheme: String, shown: String) -> String? {
    guard ASCII.lowercased(scheme) == "http" else { return nil }
    return
      "link to `\(shown)` is not https: a reader's browser loads it unencrypted, and may warn or refuse; link to its `https://` address where the site serves one"
  }

  /// The host of an `http://` URL, lowercased and without a final dot, after any userinfo and
  /// before any port; nil when it has none.
  static func host(ofHTTP destination: String) -> String? {
    let rest = destination.utf8.dropFirst(5)
    guard rest.starts(with: "//".utf8) else { return nil }
    let authority = rest.dropFirst(2).prefix {
      $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
    }
    var host = authority.lastIndex(of: UInt8(ascii: "@")).map { authority[authority.index(after: $0)...] } ?? authority
    if host.first != UInt8(ascii: "["), let colon = host.firstIndex(of: UInt8(ascii: ":")) { host = host[..<colon] }
    while host.last == UInt8(ascii: ".") { host = host.dropLast() }
    guard !host.isEmpty else { return nil }
    return ASCII.lowercased(String(decoding: host, as: UTF8.self))
  }

  /// Whether a destination that is neither a page nor a known file names a file the build
  /// might generate: a relative path whose last part has an extension other than `.md`.
  static func looksLikeGeneratedFile(_ file: String) -> Bool {
    guard !file.hasSuffix(".md"), !file.hasPrefix("/"), !file.contains("?"), let last = file.split(separator: "/").last
    else { return false }
    return !file.split(separator: "/").contains("..") && last.dropFirst().contains(".")
  }

  /// `(did you mean …? known: …)` for a missing id on `page`: the ids of its kind (`reason-`,
  /// `symptom-`, `route-`, …) when it names a kind the page has, else the page's headings.
  static func ids(_ fragment: String, _ page: PageFacts) -> String {
    let kind = fragment.split(separator: "-").first.map { $0 + "-" } ?? ""
    let family = page.anchors.filter { $0.hasPrefix(kind) }.sorted()
    let headings = page.headings
    let known = family.isEmpty ? headings.prefix(Suggestion.searchLimit).map(\.id) : family
    guard !known.isEmpty else { return "(the page has no headings)" }
    return Suggestion.known(fragment, among: known, count: family.isEmpty ? headings.count : family.count)
  }
}
