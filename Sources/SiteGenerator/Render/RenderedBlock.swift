import LinkContract

/// A `contract` block rendered once after the index, for a page that holds none of the anchors
/// it links to: the same on every such page, whose render copies it and takes its questions
/// as its own (`SiteLookups.take`). A page that holds one renders the block itself, since its
/// links to that page are written `#anchor`.
struct RenderedBlock: @unchecked Sendable {
  /// The block in the body of a fragment, only read once made, from any thread.
  let fragment: HTMLDocument
  /// The block written, as a page at the site's root writes it (`Element.append(_:)`).
  let written: WrittenHTML
  /// The names of the block's scroll regions, which `distinctRegionLabels` numbers when
  /// another region of the page has one of them.
  let regionNames: [String]
  /// The questions the render asked of the index, with their answers.
  let lookups: [SiteLookup]

  init(_ directive: Directive, context: SiteContext, index: SiteIndex) {
    fragment = HTMLDocument.fragment()
    // A page name no page has: no anchor is on it, so every link names its page.
    let lookups = SiteLookups(index: index, page: "", context: context)
    var renderer = DirectiveRenderer(context: context, lookups: lookups)
    let body = fragment.body
    renderer.render(directive, into: body)
    self.lookups = lookups.recorded
    written = fragment.writtenChildren(of: body)
    regionNames = fragment.regionNames
  }

  /// Whether the blocks of `page`, whose regions have the names `blockRegions` (a block's
  /// each), go in as written: nothing of them can change on that page. Their links are written
  /// from the site's root, as the page's are, and no region of the page (`pageRegions`) or of
  /// another block shares a name with one of theirs, which would number one of them.
  static func goInWritten(_ blockRegions: [[String]], on page: String, besideRegions pageRegions: [String]) -> Bool {
    var names = Set(pageRegions)
    return SitePath.folder(of: page).isEmpty && blockRegions.joined().allSatisfy { names.insert($0).inserted }
  }

  /// Whether the block shows as it is on `page`: no anchor it links to is on that page.
  func shows(on page: String) -> Bool {
    !lookups.contains { $0.question.kind == .anchor && $0.answer == page }
  }
}
