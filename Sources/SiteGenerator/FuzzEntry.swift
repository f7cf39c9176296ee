import ContractArtifacts
import LinkContract

/// One Content page rendered in memory along the code path `SiteBuild.render()` takes for a
/// page: front matter, Markdown, directives, link examples, the template and the output check.
/// Nothing touches the disk. The fuzz targets use it; the template is loaded once.
public struct SinglePageRenderer: Sendable {
  let template: PageTemplate
  let context: SiteContext
  /// Every generated file's path, as the site holds it beside the page.
  let files: Set<String>

  /// A renderer for `templateSource` (the text of `Templates/page.html`); nil, with the
  /// template's diagnostics, when the template does not load. `assets` are the other files of
  /// the Templates folder, which the build copies into the site as they are.
  public static func make(
    templateSource: String, templatePath: String = "Templates/page.html", assets: [String],
    contract: Contract, generatedFiles: [String: String]? = nil
  ) -> (SinglePageRenderer?, [Diagnostic]) {
    _ = libxml2Ready
    let (loaded, diagnostics) = PageTemplate.load(source: templateSource, path: templatePath)
    guard let template = loaded else { return (nil, diagnostics) }
    var published: [String: String] = [:]
    if let generatedFiles {
      published = generatedFiles
    } else {
      for file in contractArtifacts(contract) where file.path.hasPrefix("Site/") {
        published[String(file.path.dropFirst("Site/".count))] = file.contents
      }
    }
    let context = SiteContext(
      contract: contract, template: template, siteTitle: contract.appName + " link contract",
      files: published)
    let copied = assets.filter { !$0.hasSuffix(".html") && !$0.hasPrefix(".") }
    let files = Set(published.keys).union(copied).union(["index.html", "search.html", "search.json"])
    return (SinglePageRenderer(template: template, context: context, files: files), diagnostics)
  }

  /// Renders the bytes of one page file as a site of that one page: the file is checked for
  /// UTF-8 as `SiteBuild` reads it, then rendered. Diagnostics are sorted.
  public func render(bytes: [UInt8], name: String = "page") -> (html: [UInt8], diagnostics: [Diagnostic]) {
    let path = "Content/\(name).md"
    let read = PageText(bytes)
    let problems = read.diagnostics(path: path)
    guard let text = read.text else { return ([], problems) }
    let (html, diagnostics) = render(source: text, name: name)
    return (problems.isEmpty ? html : [], (problems + diagnostics).sorted())
  }

  /// Renders one page's source text as a site of that one page. Diagnostics are sorted.
  public func render(source: String, name: String = "page") -> (html: [UInt8], diagnostics: [Diagnostic]) {
    let path = "Content/\(name).md"
    let page = SourcePage(name: name, path: path, source: Substring(source), context: context)
    var diagnostics = page.diagnostics
    let anchorPage = Dictionary(uniqueKeysWithValues: page.anchors.map { ($0, name) })
    let index = SiteIndex(pages: [name: page], anchorPage: anchorPage)
    let navigation = Navigation(
      pages: [(name, page.title)], limit: 40, hasIndexPage: name == "index")
    let rendered = renderPage(
      page, parsed: ParsedTemplate(template), context: context, index: index, navigation: navigation)
    diagnostics += rendered.diagnostics
    let check = OutputCheck(pages: [rendered.path: rendered], files: files.union([rendered.path]))
    diagnostics += check.problems("Site")
    if !diagnostics.isEmpty {
      diagnostics = ForbiddenValues(in: [source], contract: context.contract).redacting(diagnostics)
    }
    return (rendered.bytes, diagnostics.sorted())
  }
}
