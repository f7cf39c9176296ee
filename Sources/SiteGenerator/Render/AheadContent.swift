import LinkContract
import Synchronization

/// A page's content written in its first pass, ahead of the site index (see `SiteLookups`),
/// so that the page's Markdown is parsed once: held until the page's render takes it.
final class AheadContent: Sendable {
  struct Written: Sendable {
    /// The content slot's children.
    let content: WrittenHTML
    /// The answers the render took for granted, which are the index's when it holds.
    let lookups: [SiteLookup]
    /// The links taken not to name generated files.
    let notGenerated: [String]
  }

  private let written: Mutex<Written?>

  /// The content of `page`, written now; nil when its render asked what only the index
  /// answers, or found a problem (the page is then rendered after the index, and reports it).
  /// The same writer as after the index: only the lookups differ.
  init?(_ page: SourcePage, context: SiteContext) {
    // A page's content takes a node for some 16 bytes of its Markdown, about as many bytes of
    // text, and half as many again once written.
    let size = page.markdown.lines.body.utf8.count
    var renderer = PageRenderer(aheadOf: page, context: context)
    let document = HTMLDocument()
    document.linkFolder = SitePath.folder(of: page.name)
    document.reserveCapacity(nodes: size / 16, textBytes: size)
    let content = Element(owner: document, index: document.append(.element, "main", to: 0))
    renderer.renderBlocks(page.markdown.rootNode, into: content)
    distinctRegionLabels(in: content)
    guard !renderer.lookups.spoiled, renderer.diagnostics.isEmpty else { return nil }
    written = Mutex(
      Written(
        content: document.writtenChildren(of: content, expectedBytes: size + size / 2),
        lookups: renderer.lookups.recorded,
        notGenerated: renderer.lookups.notGenerated))
  }

  /// The content, once: nil after that, or when what its render took for granted does not
  /// hold: each question's `answer` (nil when it cannot be told) and no link naming a file that
  /// `isGenerated`.
  func take(
    answer: (SiteLookup.Question) -> String?, isGenerated: (String) -> Bool
  ) -> Written? {
    let taken = written.withLock { written in
      defer { written = nil }
      return written
    }
    guard let taken, taken.lookups.allSatisfy({ answer($0.question) == $0.answer }),
      !taken.notGenerated.contains(where: isGenerated)
    else { return nil }
    return taken
  }
}
