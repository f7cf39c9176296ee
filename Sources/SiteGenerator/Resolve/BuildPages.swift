import LinkContract

/// The association page of a build that no Content page shows, when the site shows another
/// build's: every build the contract declares gets its page, so a build added to the values
/// is published with its files and snippets without a Content edit.
enum BuildPages {
  /// The prefix of a generated page's path, which is not a file: its header says what made it.
  static let pathPrefix = "(generated)/"

  static func isGenerated(_ page: PageFacts) -> Bool { page.path.hasPrefix(pathPrefix) }

  /// The header's words for a generated page's source.
  static func source(of page: PageFacts) -> String {
    "the contract's build `\(page.name.dropFirst("association-".count))`"
  }

  /// The pages to add beside `pages`: one for each build whose `contract association` block is
  /// on no page, when some page shows one.
  static func missing(_ contract: Contract, beside pages: [SitePage]) -> [PageFile] {
    var shown: Set<String> = []
    var names: Set<String> = []
    for page in pages {
      names.insert(page.facts.name.lowercased())
      for home in page.facts.homes { shown.formUnion(home.anchors) }
    }
    let anchors = contract.builds.map { DirectiveAnchor.association($0.name) }
    guard anchors.contains(where: shown.contains) else { return [] }
    return contract.builds.filter { !shown.contains(DirectiveAnchor.association($0.name)) }.compactMap { build in
      let name = DirectiveAnchor.association(build.name)
      // A Content page of that name shows something else: the build's page is not made over it.
      guard !names.contains(name.lowercased()) else { return nil }
      let text = page(build)
      return PageFile(
        name: name, file: name + ".md", path: pathPrefix + name + ".md", source: .text(text),
        digest: InputDigest.of(Array(text.utf8)))
    }
  }

  /// The page's Markdown, through the same reader as every Content page.
  static func page(_ build: Build) -> String {
    let name = build.name
    return """
      ---
      title: Association files, \(name)
      summary: The files to serve on {host:\(name)} and the native snippets of the \(name) build.
      weight: 100
      ---

      Generated for the \(name) build, which no Content page shows. Serve `.well-known/` at the root of
      <https://{host:\(name)}> as generated, and put the native snippets where the table of places
      says; never edit them by hand.

      ```contract association \(name)
      ```

      """
  }
}
