import ContractArtifacts
import CustomerApp
import DesignFixture
import Foundation
import LinkContract
import Testing

@testable import LinkContractTool

// An adopter's whole generated output speaks of that app alone: the ferry fixture
// (Tests/DesignFixture/FerryContract.swift) chose no OAuth, no .NET, no web-host settings and
// calls its user "the passenger", so no file `generate` writes for it may carry a value of the
// Customer App or a word of a platform or choice the ferry did not make.

@Suite("An adopter's generated output: its own values and words only")
struct AdopterOutputTests {
  /// Content with every contract block, an association page per build and the link checker.
  static func content(_ contract: Contract) -> [String: String] {
    var pages: [String: String] = [
      "index.md": "---\ntitle: Links\nsummary: The app's links.\nweight: 1\n---\n\nThe links of {app}.\n",
      "check.md":
        "---\ntitle: Check a link\nsummary: Check one link.\nweight: 2\n---\n\n```contract link-checker\n```\n",
    ]
    let blocks = [
      "layers", "route-classes", "routes", "reason-examples", "references", "rejection-reasons", "forbidden-fields",
      "handling-stages", "gates", "troubleshooting", "verification", "revalidation", "builds", "conformance",
      "lifecycle",
    ]
    for (index, block) in blocks.enumerated() {
      pages["\(block).md"] =
        "---\ntitle: Block \(block)\nsummary: The \(block) block.\nweight: \(index + 3)\n---\n\n```contract \(block)\n```\n"
    }
    for build in contract.builds {
      pages["association-\(build.name).md"] =
        "---\ntitle: Association \(build.name)\nsummary: Files.\nweight: 40\n---\n\n```contract association \(build.name)\n```\n"
    }
    return pages
  }

  /// Every file `generate` writes for `contract`, path and text, by the adopter's tool `tool`.
  static func generatedOutput(_ contract: Contract, tool: ToolName) throws -> [(path: String, text: String)] {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("adopter-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("Content")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, text) in Self.content(contract) {
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    let captured = CapturedConsole()
    let code = runTool(
      bytes: [Array("generate".utf8)], console: captured.console, root: root.path, contract: contract,
      conformanceTests: "Tests/AppTests/ConformanceTable.generated.swift", tool: tool)
    #expect(code == 0, "\(captured.stderr)")
    var files: [(path: String, text: String)] = []
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    while let path = enumerator?.nextObject() as? String {
      // The build's record holds what the pages hold, as bytes.
      guard !path.hasPrefix("Content"), !path.hasPrefix(".Site.linkcontract-cache"),
        let data = FileManager.default.contents(atPath: root.path + "/" + path)
      else { continue }
      files.append((path, String(decoding: data, as: UTF8.self)))
    }
    return files
  }

  /// The ferry app's output, generated once for every case by its own tool.
  static let ferryOutput = Result { try generatedOutput(.ferry, tool: ToolName("ferry-links")) }

  /// Words of another app's values: the Customer App's, read from its values.
  static let otherAppsValues: [String] = {
    let app = Contract.customerApp
    return [app.appName] + app.builds.flatMap { [$0.webHost, $0.customScheme, $0.bundleID, $0.teamID] }
      + app.references.map(\.prefix)
  }()

  /// Words of platforms and choices the ferry did not make.
  static let otherChoices = [
    "OAuth", "oauth", "MAUI", ".NET", "ASP.NET", "appsettings", "AppAssociation", "MainActivity", "PublicSite",
    "Identity service", "identity-service", "nginx", "customer", "Customer", "project", "Project", "make site",
    "make generate", "linkcontract", "sign-in flow", "sign-in callback", "system browser",
  ]

  @Test("No file the ferry app's generate writes carries another app's value or choice", arguments: [false, true])
  func ownWordsOnly(valuesOfAnotherApp: Bool) throws {
    let words = valuesOfAnotherApp ? Self.otherAppsValues : Self.otherChoices
    var found: [String] = []
    for file in try Self.ferryOutput.get() {
      for word in words where file.text.contains(word) {
        let line = file.text.split(separator: "\n").first { $0.contains(word) } ?? ""
        found.append("\(file.path): `\(word)` in: \(line.prefix(160))")
      }
    }
    #expect(found.isEmpty, "\(found.count) findings:\n\(found.prefix(60).joined(separator: "\n"))")
  }
}
