import ContractArtifacts
import LinkContract

/// One Content page built in memory as a site of that one page, by the same phases
/// `SiteBuild` runs: front matter, Markdown, directives, link examples, the template, the
/// search index and the output check. Nothing touches the disk. The fuzz targets use it.
public struct SinglePageRenderer: Sendable {
  let build: SiteBuild
  let templates: SiteSources.Folder

  /// A renderer for `templateSource` (the text of `Templates/page.html`); nil, with the
  /// template's diagnostics, when the template does not load. `assets` are the other files of
  /// the Templates folder, which the build copies into the site as they are.
  public static func make(
    templateSource: String, templatePath: String = "Templates/page.html", assets: [String],
    contract: Contract, generatedFiles: [String: String]? = nil
  ) -> (SinglePageRenderer?, [Diagnostic]) {
    let (loaded, diagnostics) = PageTemplate.load(source: templateSource, path: templatePath)
    guard loaded != nil else { return (nil, diagnostics) }
    let published = generatedFiles ?? publishedFiles(siteArtifacts(contract))
    let folder = String(templatePath.split(separator: "/").dropLast().joined(separator: "/"))
    var build = SiteBuild(
      contentDirectory: "Content", templatesDirectory: folder.isEmpty ? "." : folder, outputDirectory: "Site",
      contract: contract, generatedFiles: published)
    build.usesBuildCache = false
    var bytes: [String: [UInt8]] = ["page.html": Array(templateSource.utf8)]
    for asset in assets where asset != "page.html" { bytes[asset] = [] }
    let templates = SiteSources.Folder(names: bytes.keys.sorted(), bytes: bytes)
    return (SinglePageRenderer(build: build, templates: templates), diagnostics)
  }

  /// The same renderer with every page written after the site index rather than ahead of it:
  /// the same writer with other lookups, which the fuzz target holds the two to.
  public var afterIndex: SinglePageRenderer {
    var build = build
    build.rendersAhead = false
    return SinglePageRenderer(build: build, templates: templates)
  }

  /// Builds the bytes of one page file as a site of that one page; the page's HTML (empty
  /// when the file is not readable text) and the build's sorted diagnostics.
  public func render(bytes: [UInt8], name: String = "page") -> (html: [UInt8], diagnostics: [Diagnostic]) {
    let content = SiteSources.Folder(names: [name + ".md"], bytes: [name + ".md": bytes])
    var pipeline = SitePipeline(build: build)
    let site = pipeline.run(SiteSources(content: content, templates: templates))
    return (site.files[name + ".html"] ?? [], site.diagnostics)
  }

  /// Builds one page's source text as a site of that one page.
  public func render(source: String, name: String = "page") -> (html: [UInt8], diagnostics: [Diagnostic]) {
    render(bytes: Array(source.utf8), name: name)
  }
}
