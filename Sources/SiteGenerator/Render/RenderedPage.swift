import LinkContract

/// A rendered page: its bytes, the ids and links in them, and the answers its render took from
/// the site index. A class, as `PageFacts` is: passed through every phase, never changed.
final class RenderedPage: Sendable {
  let path: String
  /// Nil when the page's file from the previous build stands as it is.
  let bytes: [UInt8]?
  let diagnostics: [Diagnostic]
  private let recallableTargets: Recallable<Targets>
  private let recallableLookups: Recallable<[SiteLookup]>

  /// What the output check reads of a page.
  struct Targets: Sendable {
    let ids: Set<String>
    let duplicateIDs: [String]
    let links: [PageLink]
  }

  init(
    path: String, bytes: [UInt8]?, ids: Set<String>, duplicateIDs: [String], links: [PageLink],
    diagnostics: [Diagnostic], lookups: [SiteLookup] = []
  ) {
    self.path = path
    self.bytes = bytes
    recallableTargets = .made(Targets(ids: ids, duplicateIDs: duplicateIDs, links: links))
    recallableLookups = .made(lookups)
    self.diagnostics = diagnostics
  }

  /// A page of the build record, whose ids, links and lookups are read when first asked for.
  init(path: String, targets: Recorded<Targets>, lookups: Recorded<[SiteLookup]>, diagnostics: [Diagnostic]) {
    self.path = path
    self.bytes = nil
    recallableTargets = .recorded(targets)
    recallableLookups = .recorded(lookups)
    self.diagnostics = diagnostics
  }

  /// The page as a later build keeps it: its file stands, so its bytes are not kept.
  var kept: RenderedPage {
    guard bytes != nil else { return self }
    return RenderedPage(
      path: path, bytes: nil, ids: ids, duplicateIDs: duplicateIDs, links: links, diagnostics: diagnostics,
      lookups: lookups)
  }

  var targets: Targets { recallableTargets.value }
  var ids: Set<String> { targets.ids }
  var duplicateIDs: [String] { targets.duplicateIDs }
  var links: [PageLink] { targets.links }
  /// The questions its render asked of the site index, with their answers.
  var lookups: [SiteLookup] { recallableLookups.value }

  /// Whether its ids, links and lookups are recorded and not read yet.
  var isUnread: Bool { recallableTargets.isUnread && recallableLookups.isUnread }

  /// The recorded bytes of `targets` and `lookups`, for a record written again.
  var encoded: (targets: Bytes?, lookups: Bytes?) { (recallableTargets.encoded, recallableLookups.encoded) }
}

/// An `href` or `src` of a rendered page, with its line there.
struct PageLink: Sendable, Hashable {
  /// The attribute a link is the value of.
  enum Attribute: UInt8, Sendable, CustomStringConvertible {
    case href, src

    init?(name: String) {
      switch name {
      case "href": self = .href
      case "src": self = .src
      default: return nil
      }
    }

    var description: String { self == .href ? "href" : "src" }
  }

  let attribute: Attribute
  let value: String
  var line: Int
}
