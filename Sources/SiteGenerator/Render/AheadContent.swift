import LinkContract
import Synchronization

/// A page's content written in its first pass, ahead of the site index (see `SiteLookups`),
/// so that the page's Markdown is parsed once: held until the page's render takes it. A page
/// that shows `contract` blocks keeps its tree, with the place of each block, until then: a
/// block's render reads the index, and is written into its place when the page is taken.
final class AheadContent: Sendable {
  struct Written: Sendable {
    /// The content slot's children.
    let content: WrittenHTML
    /// The answers the render took for granted, which are the index's when it holds.
    let lookups: [SiteLookup]
    /// The links taken not to name generated files.
    let notGenerated: [String]
  }

  /// A page's content tree, each of its `contract` blocks still to be written in its place.
  /// It is made on the first pass's thread and taken, once, on the render's: never shared.
  private struct AwaitingBlocks: @unchecked Sendable {
    let content: Element
    let blocks: [PageRenderer.LaterBlock]
    let lookups: [SiteLookup]
    let notGenerated: [String]
    let page: String
    let context: SiteContext
    let expectedBytes: Int
  }

  private enum Made: Sendable {
    case written(Written)
    case awaitingBlocks(AwaitingBlocks)

    /// Whether what the render took for granted holds: each question's `answer`, and no link
    /// naming a file that `isGenerated`.
    func holds(answer: (SiteLookup.Question) -> String?, isGenerated: (String) -> Bool) -> Bool {
      let (lookups, notGenerated) =
        switch self {
        case .written(let written): (written.lookups, written.notGenerated)
        case .awaitingBlocks(let awaiting): (awaiting.lookups, awaiting.notGenerated)
        }
      return lookups.allSatisfy { answer($0.question) == $0.answer } && !notGenerated.contains(where: isGenerated)
    }
  }

  private let made: Mutex<Made?>

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
    guard !renderer.lookups.spoiled, renderer.diagnostics.isEmpty else { return nil }
    guard renderer.laterBlocks.isEmpty else {
      made = Mutex(
        .awaitingBlocks(
          AwaitingBlocks(
            content: content, blocks: renderer.laterBlocks, lookups: renderer.lookups.recorded,
            notGenerated: renderer.lookups.notGenerated, page: page.name, context: context,
            expectedBytes: size + size / 2)))
      return
    }
    made = Mutex(
      .written(
        Self.finish(
          content, expectedBytes: size + size / 2, lookups: renderer.lookups.recorded,
          notGenerated: renderer.lookups.notGenerated)))
  }

  /// The content written, its scroll regions' names made distinct first.
  private static func finish(
    _ content: Element, expectedBytes: Int, lookups: [SiteLookup], notGenerated: [String]
  ) -> Written {
    distinctRegionLabels(in: content)
    return Written(
      content: content.owner.writtenChildren(of: content, expectedBytes: expectedBytes), lookups: lookups,
      notGenerated: notGenerated)
  }

  /// The content, once: nil after that, or when what its render took for granted does not
  /// hold: each question's `answer` (nil when it cannot be told) and no link naming a file that
  /// `isGenerated`. A page with `contract` blocks is finished with `index`, and is nil without.
  func take(
    answer: (SiteLookup.Question) -> String?, isGenerated: (String) -> Bool, index: SiteIndex? = nil
  ) -> Written? {
    let taken = made.withLock { made in
      defer { made = nil }
      return made
    }
    guard let taken, taken.holds(answer: answer, isGenerated: isGenerated) else { return nil }
    switch taken {
    case .written(let written):
      return written
    case .awaitingBlocks(let awaiting):
      guard let index else { return nil }
      let lookups = SiteLookups(index: index, page: awaiting.page, context: awaiting.context)
      let rendered = awaiting.blocks.map { block in
        awaiting.context.renderedBlocks.value(for: block.directive) {
          RenderedBlock(block.directive, context: awaiting.context, index: index)
        }
      }
      let asWritten = RenderedBlock.goInWritten(
        rendered.map(\.regionNames), on: awaiting.page, besideRegions: awaiting.content.owner.regionNames)
      for (block, rendered) in zip(awaiting.blocks, rendered) {
        if rendered.shows(on: awaiting.page) {
          if asWritten {
            block.place.append(rendered.written)
          } else {
            block.place.appendCopies(ofBodyOf: rendered.fragment)
          }
          lookups.take(rendered.lookups)
        } else {
          var renderer = DirectiveRenderer(context: awaiting.context, lookups: lookups)
          renderer.render(block.directive, into: block.place)
        }
        block.place.unwrap()
      }
      let asked = Set(awaiting.lookups.map(\.question))
      return Self.finish(
        awaiting.content, expectedBytes: awaiting.expectedBytes,
        lookups: awaiting.lookups + lookups.recorded.filter { !asked.contains($0.question) },
        notGenerated: awaiting.notGenerated)
    }
  }
}
