import LinkContract

/// A `contract` block rendered once after the index, for a page that holds none of the anchors
/// it links to: the same on every such page, whose render copies it and takes its questions
/// as its own (`SiteLookups.take`). A page that holds one renders the block itself, since its
/// links to that page are written `#anchor`.
struct RenderedBlock: @unchecked Sendable {
  /// The block in the body of a fragment, only read once made, from any thread.
  let fragment: HTMLDocument
  /// The questions the render asked of the index, with their answers.
  let lookups: [SiteLookup]

  init(_ directive: Directive, context: SiteContext, index: SiteIndex) {
    fragment = HTMLDocument.fragment()
    // A page name no page has: no anchor is on it, so every link names its page.
    let lookups = SiteLookups(index: index, page: "", context: context)
    var renderer = DirectiveRenderer(context: context, lookups: lookups)
    renderer.render(directive, into: fragment.body)
    self.lookups = lookups.recorded
  }

  /// Whether the block shows as it is on `page`: no anchor it links to is on that page.
  func shows(on page: String) -> Bool {
    !lookups.contains { $0.question.kind == .anchor && $0.answer == page }
  }
}
