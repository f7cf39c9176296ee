import ContractArtifacts
import LinkContract
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// What every page's rendering may read: the contract, the template and, after the first pass,
/// where each page and anchor is. A class, though nothing of it changes: the renders of both
/// cores hand it from value to value, and a copy of a class is one reference counted, where a
/// copy of a struct is one for each of its parts, each count shared by both cores.
final class SiteContext: Sendable {
  let contract: Contract
  let template: PageTemplate
  let siteTitle: String
  /// The tool that builds the site, which the pages' headers and commands name.
  let tool: ToolName
  /// Generated files by path under the site, for directives that show them; made on first use,
  /// which the parse phase does not need.
  var files: [String: String] { published.files }
  private let published: PublishedFiles
  /// The contract's conformance table, made once for a build by the first block that needs it.
  let conformance: SharedConformance
  /// The Content folder's own name, which names a page's source in its header
  /// (`sourceName(of:)`); empty for a folder that has none (`/`).
  let contentFolder: String
  /// The contract values a page's prose writes as placeholders.
  let placeholders: ContentPlaceholders
  /// The images beside the pages, which the pages may show.
  let images: ContentImages
  /// The search text of each `contract` block (`DirectiveRenderer.searchText`), made once for a
  /// build by the first page that shows it: it is the same on every page.
  let directiveTexts = SharedValues<Directive, [UInt8]>()
  /// Each `contract` block rendered after the index, made once for a build by the first page
  /// that shows it, and copied into every page that may show it as it is.
  let renderedBlocks = SharedValues<Directive, RenderedBlock>()
  /// The contract's link parser for each build, by name, for link examples.
  let parsers = LinkParsers()

  init(
    contract: Contract, template: PageTemplate, siteTitle: String, tool: ToolName = .linkcontract,
    files: PublishedFiles, conformance: SharedConformance, contentFolder: String = "Content",
    images: ContentImages = .none
  ) {
    self.images = images
    self.contract = contract
    self.template = template
    self.siteTitle = siteTitle
    self.tool = tool
    published = files
    self.conformance = conformance
    self.contentFolder = contentFolder
    placeholders = ContentPlaceholders(contract: contract)
  }

  /// The source a page's header names: the Content folder's name and the page's file, such as
  /// `Content/routes.md`, the same from any working directory and whatever path led to the
  /// folder, so that a published page holds no local path.
  func sourceName(of page: PageFacts) -> String {
    if BuildPages.isGenerated(page) { return BuildPages.source(of: page) }
    let file = page.name + ".md"
    return contentFolder.isEmpty ? file : contentFolder + "/" + file
  }

  /// The last component of `directory`, read as a path from the working directory: `.` and
  /// `..` are followed by name (symbolic links are not), so `.`, `./Content/` and an absolute
  /// path all give the folder's own name.
  static func folderName(_ directory: String) -> String {
    var components: [Substring] = []
    if !directory.hasPrefix("/") {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      if getcwd(&buffer, buffer.count) != nil {
        let here = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        components = here.split(separator: "/")
      }
    }
    for component in directory.split(separator: "/") {
      switch component {
      case ".": continue
      case "..": _ = components.popLast()
      default: components.append(component)
      }
    }
    return components.last.map(String.init) ?? ""
  }
}

/// A conformance table made on first use and shared by every page a build renders, in parallel:
/// a site with no block that shows cases never makes it.
final class SharedConformance: Sendable {
  private let contract: Contract
  private let table = Mutex<ConformanceTable?>(nil)

  init(_ contract: Contract) { self.contract = contract }

  var value: ConformanceTable {
    table.withLock { made in
      if let made { return made }
      let new = ConformanceTable(contract: contract)
      made = new
      return new
    }
  }
}
