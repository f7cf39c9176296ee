/// Paths inside the site. A page's name is its path under Content without `.md`
/// (`guides/setup`), its file the same path under the site (`guides/setup.html`). Everything a
/// page links to is first made as a path from the site's root (`routes.html#start`,
/// `style.css`); the page's writer then writes it relative to the page's own folder
/// (`../routes.html#start`), so that the site works from any base path and from `file://`.
enum SitePath {
  /// The folder of a page or file path, `""` at the root: `guides` for `guides/setup`.
  static func folder(of path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
    return String(Substring(path.utf8[..<slash]))
  }

  /// How many folders deep `path` is: 0 for `routes`, 1 for `guides/setup`.
  static func depth(of path: String) -> Int { path.utf8.count { $0 == UInt8(ascii: "/") } }

  /// The path from the root that `relative`, written in a file of `folder`, names; nil when it
  /// is absolute, leaves the root (`../` from the root) or has an empty segment (`a//b`).
  static func join(_ folder: String, _ relative: String) -> String? {
    guard !relative.isEmpty, !relative.hasPrefix("/") else { return nil }
    // A file's name alone, from the root, names itself; most links are such names.
    if folder.isEmpty, relative != ".", relative != "..", !relative.utf8.contains(UInt8(ascii: "/")) {
      return relative
    }
    var segments = folder.isEmpty ? [] : folder.pieces(UInt8(ascii: "/"), omittingEmpty: false)
    for segment in relative.pieces(UInt8(ascii: "/"), omittingEmpty: false) {
      switch segment {
      case "": return nil
      case ".": continue
      case "..":
        guard segments.popLast() != nil else { return nil }
      default: segments.append(segment)
      }
    }
    guard !segments.isEmpty else { return nil }
    return segments.joined(separator: "/")
  }

  /// Whether an attribute value is a path from the root that a page in a folder writes
  /// relative to itself: not empty, not a fragment alone, not absolute, no scheme.
  static func isRebased(_ value: String) -> Bool {
    guard let first = value.utf8.first, first != UInt8(ascii: "#"), first != UInt8(ascii: "/"),
      first != UInt8(ascii: "?")
    else { return false }
    return ExternalLink.scheme(of: value) == nil
  }

  /// `target`, a path from the root with an optional query or fragment, as a file in `folder`
  /// links to it: `routes.html` from `guides` is `../routes.html`, `guides/images/a.png` is
  /// `images/a.png`.
  static func relative(_ target: String, from folder: String) -> String {
    guard !folder.isEmpty, isRebased(target) else { return target }
    let utf8 = target.utf8
    let end = utf8.firstIndex { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") } ?? utf8.endIndex
    let path = Substring(utf8[..<end])
    let rest = Substring(utf8[end...])
    var segments = path.pieces(UInt8(ascii: "/"), omittingEmpty: false)[...]
    var folders = folder.pieces(UInt8(ascii: "/"))[...]
    // Shared folders are dropped; the last segment of the target is its file, never a folder.
    while segments.count > 1, let first = folders.first, segments.first == first {
      segments = segments.dropFirst()
      folders = folders.dropFirst()
    }
    return String(repeating: "../", count: folders.count) + segments.joined(separator: "/") + rest
  }
}
