import ContractArtifacts
import LinkContract

func renderPage(_ page: SourcePage, parsed: ParsedTemplate, context: SiteContext, index: SiteIndex) -> RenderedPage {
  let frame = parsed.instantiate()
  fillPageSlots(frame.slots, page.facts, context: context)
  var renderer = PageRenderer(page: page, context: context, index: index)
  // A page that nests too deep is reported by its first pass, and left empty.
  if let content = frame.slots[.content], !page.facts.isTooDeep {
    renderer.renderBlocks(page.markdown.rootNode, into: content)
    distinctRegionLabels(in: content)
  }
  return finish(
    frame.written(current: page.name), path: page.outputName, source: context.sourceName(of: page.facts),
    tool: context.tool, diagnostics: renderer.diagnostics, lookups: renderer.lookups.recorded)
}

/// A page whose content its first pass wrote, in a template that is laid out (`layout`).
func renderPage(
  _ facts: PageFacts, content: AheadContent.Written, parsed: ParsedTemplate, context: SiteContext
) -> RenderedPage {
  let frame = parsed.instantiate()
  fillPageSlots(frame.slots, facts, context: context)
  return finish(
    frame.written(current: facts.name, content: content.content), path: facts.outputName,
    source: context.sourceName(of: facts), tool: context.tool, diagnostics: [], lookups: content.lookups)
}

/// A Content page's slots but its content: title, summary and the table of contents.
private func fillPageSlots(_ slots: [Slot: Element], _ facts: PageFacts, context: SiteContext) {
  fillCommonSlots(slots, title: facts.title, summary: facts.matter?.summary ?? "", context: context)
  guard let toc = slots[.toc] else { return }
  let entries = facts.headings.filter { $0.level <= 3 }
  if entries.isEmpty {
    toc.remove()
    return
  }
  toc.add("h2", ["class": "toc-title"], text: "On this page")
  let list = toc.add("ul")
  for heading in entries {
    list.add("li", ["class": "toc-level-\(max(2, heading.level))"]).add(
      "a", ["href": "#" + heading.id], text: heading.text)
  }
}

/// The generated index page, for sites without `index.md`: every page with its summary.
func renderIndex(
  _ pages: [PageFacts], parsed: ParsedTemplate, context: SiteContext
) -> RenderedPage {
  let frame = parsed.instantiate()
  let slots = frame.slots
  fillCommonSlots(slots, title: "All pages", summary: "Every page of this site.", context: context)
  if let toc = slots[.toc] { toc.remove() }
  if let content = slots[.content] {
    let list = content.add("ul", ["class": "page-index"])
    for page in pages {
      let item = list.add("li")
      item.add("a", ["href": page.outputName], text: page.title)
      if let summary = page.matter?.summary, !summary.isEmpty {
        item.text(": ")
        item.prose(summary)
      }
    }
  }
  return finish(
    frame.written(current: "index"), path: "index.html", source: "the page list", tool: context.tool, diagnostics: [])
}

/// The search page: a search form the script enhances, and a complete static index.
func renderSearch(
  _ search: SearchIndex, parsed: ParsedTemplate, context: SiteContext, script: Bool
) -> RenderedPage {
  let frame = parsed.instantiate()
  let slots = frame.slots
  fillCommonSlots(
    slots, title: "Search", summary: "Find a route class, a field, a rejection reason or a page by name.",
    context: context)
  if let toc = slots[.toc] { toc.remove() }
  if let content = slots[.content] { search.fill(content, script: script) }
  return finish(
    frame.written(current: "search"), path: "search.html", source: "the search index", tool: context.tool,
    diagnostics: [])
}

func fillCommonSlots(_ slots: [Slot: Element], title: String, summary: String, context: SiteContext) {
  slots[.title]?.text(title + " · " + context.siteTitle)
  slots[.site]?.text(context.siteTitle)
  slots[.generator]?.text(context.tool.command("generate"))
  slots[.heading]?.text(title)
  if let slot = slots[.summary] {
    if summary.isEmpty { slot.remove() } else { slot.prose(summary) }
  }
}

/// The page's bytes after the generated-file header, which names `tool`, with its ids and links,
/// and any character that makes them not well-formed reported.
func finish(
  _ page: consuming WrittenHTML, path: String, source: String, tool: ToolName, diagnostics: [Diagnostic],
  lookups: [SiteLookup] = []
) -> RenderedPage {
  var header = WrittenHTML()
  // An XML comment cannot hold `--`, which a page's file name may.
  let shown = byteOffset(of: "--", in: Substring(source)) == nil ? source : source.replacing("--", with: "-%2D")
  header.appendCounting("<!-- \(tool.generatedBy) from \(shown). Do not edit. -->\n")
  var bytes = header.bytes
  bytes.reserveCapacity(bytes.count + page.bytes.count)
  bytes += page.bytes
  var ids = Set<String>(minimumCapacity: page.ids.count)
  var duplicates: [String] = []
  for id in page.ids where !ids.insert(id).inserted { duplicates.append(id) }
  // Lines are 1-based, and the header's come first.
  let shift = header.newlines + 1
  var problems = diagnostics
  if let fault = page.fault {
    problems.append(
      Diagnostic(
        id: .pageNotWellFormed, path: path, line: fault.line + shift, column: 1,
        message: "rendered page is not well-formed: \(fault.message)"))
  }
  var links = page.links
  page.links = []
  for index in links.indices { links[index].line += shift }
  return RenderedPage(
    path: path, bytes: bytes, ids: ids, duplicateIDs: duplicates, links: links, diagnostics: problems,
    lookups: lookups)
}
