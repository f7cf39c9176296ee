import DesignFixture
import Foundation
import LinkContract
import SiteGenerator

/// A throwaway site folder: Content/, the project's real Templates/, and an output folder.
struct Fixture {
  let root: URL

  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  init(pages: [String: String] = [:], template: String? = nil) throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "linkcontract-fixture-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("Content"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("Templates"), withIntermediateDirectories: true)
    let templates = Self.repository.appendingPathComponent("Templates")
    for name in ["page.html", "style.css", "search.js", "favicon.svg"] {
      try FileManager.default.copyItem(
        at: templates.appendingPathComponent(name),
        to: root.appendingPathComponent("Templates/\(name)"))
    }
    if let template { try write("Templates/page.html", template) }
    for (name, text) in pages { try write("Content/\(name)", text) }
  }

  /// Writes `text` at `path` under the fixture, making the folders it is in.
  func write(_ path: String, _ text: String) throws {
    try writeBytes(path, Array(text.utf8))
  }

  func writeBytes(_ path: String, _ bytes: [UInt8]) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
  }

  func read(_ path: String) -> String? {
    FileManager.default.contents(atPath: root.appendingPathComponent(path).path).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  var build: SiteBuild {
    SiteBuild(
      contentDirectory: root.appendingPathComponent("Content").path,
      templatesDirectory: root.appendingPathComponent("Templates").path,
      outputDirectory: root.appendingPathComponent("Site").path, contract: .design,
      generatedFiles: ["data.json": "{}\n"])
  }

  /// Diagnostics with the fixture's folder removed from their paths.
  func messages(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { $0.description.replacingOccurrences(of: root.path + "/", with: "") }
  }

  /// Every output file with its bytes and modification time.
  func snapshot() -> [String: (Data, Date)] {
    var result: [String: (Data, Date)] = [:]
    let site = root.appendingPathComponent("Site").path
    guard let enumerator = FileManager.default.enumerator(atPath: site) else { return [:] }
    while let path = enumerator.nextObject() as? String {
      let full = site + "/" + path
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue
      else { continue }
      let attributes = try? FileManager.default.attributesOfItem(atPath: full)
      result[path] = (
        FileManager.default.contents(atPath: full)!, attributes?[.modificationDate] as? Date ?? .distantPast
      )
    }
    return result
  }

  func remove() { try? FileManager.default.removeItem(at: root) }
}

func page(_ title: String, weight: Int = 1, _ body: String) -> String {
  "---\ntitle: \(title)\nsummary: About \(title.lowercased()).\nweight: \(weight)\n---\n\n\(body)"
}

/// The warnings a fixture site gets for the design's route classes that none of its pages
/// documents, when `page` documents the others.
func undocumented(except documented: [String], on page: String) -> [String] {
  Contract.design.routeClasses.map(\.id.rawValue).filter { !documented.contains($0) }.map { id in
    "Content/\(page):1:1: warning: route class `\(id)` is documented on no page: add a `contract route \(id)` block, or a `contract routes` block"
  }.sorted()
}
