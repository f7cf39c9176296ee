import AssociationChecks
import ContractArtifacts
import DesignFixture
import Foundation
import LinkContract
import LinkParser
import Testing

// docs/design.md, Route classes: a route class's https path published `.notAnAppLink` is a web
// page. No association file claims it (an exclusion goes before a published claim that would
// take it), the parser answers unknown-route for it, the conformance table says so from the
// route's own values, contract.json leaves https out of its carriers, and the docs' link checker
// answers as the parser does.

@Suite("A web page that is not an app link, in the generated files")
struct WebPageArtifactTests {
  static let ferry = Contract.ferry
  static let page = Contract.ferryWebPage

  /// The ferry with a web page under its first published https route with a field: that
  /// route's path and one more literal, which the route's wildcard claim also takes.
  static let covered: (contract: Contract, page: RouteClass) = {
    let claimed = ferry.routeClasses.first { route in
      route.publication.isPublished && route.httpsPath?.contains { if case .field = $0 { true } else { false } } == true
    }!
    let map = page.with(id: RouteClassID(page.id.rawValue + "-map"), httpsPath: claimed.httpsPath! + [.literal("map")])
    return (ferry.replacing(routeClasses: ferry.routeClasses + [map]), map)
  }()

  @Test("No association file claims the ferry's web page, and the self-check agrees", arguments: Contract.ferry.builds)
  func unclaimed(_ build: Build) throws {
    let path = try #require(Self.ferry.canonicalPath(of: Self.page))
    #expect(appSiteAssociation(Self.ferry, build: build).claims(appID: build.appID, path: path).decision != .claimed)
    let row = try #require(claimTable(Self.ferry, build: build).first { $0.route == Self.page.id && $0.path != nil })
    #expect(row.expected == .unclaimed && row.agrees)
    #expect(associationSelfCheck(Self.ferry) == [])
  }

  @Test("A web page a published wildcard would claim gets an exclusion before it", arguments: Contract.ferry.builds)
  func excludedUnderAWildcard(_ build: Build) throws {
    let (contract, page) = Self.covered
    #expect(contract.problems() == [])
    let path = try #require(contract.canonicalPath(of: page))
    let association = appSiteAssociation(contract, build: build)
    let answer = association.claims(appID: build.appID, path: path)
    #expect(answer.decision == .excluded)
    #expect(answer.component?.comment?.contains("is not an app link") == true)
    // Without the exclusion the wildcard would claim it.
    let plain = appSiteAssociation(Self.ferry, build: build)
    #expect(plain.claims(appID: build.appID, path: path).decision == .claimed)
    #expect(associationSelfCheck(contract) == [])
    let link = try #require(contract.canonicalLink(page, carrier: .https, in: build))
    #expect(LinkParser(contract: contract, build: build).parse(link) == .unsupported(Rejection(.unknownRoute)))
    #expect(
      platformLimits(contract, build: build).contains {
        $0.platform == .android && $0.title.contains(page.title.lowercased())
      })
  }

  @Test("The conformance table answers unknown-route for a web page's link, from the route's values")
  func conformanceCase() throws {
    // The design's routes and the ferry's web page: a contract whose table is made in full.
    let contract = Contract.design.replacing(routeClasses: Contract.design.routeClasses + [Self.page])
    #expect(contract.problems() == [])
    let table = ConformanceTable(contract: contract)
    for build in contract.builds {
      let item = try #require(table.links.first { $0.id == "\(build.name)-\(Self.page.id)-https-not-an-app-link" })
      #expect(item.input == contract.canonicalLink(Self.page, carrier: .https, in: build))
      #expect(item.expected == .unsupported(.unknownRoute, field: nil))
      #expect(item.fault == "not-an-app-link")
    }
    #expect(!table.links.contains { if case .recognized(Self.page.id, _) = $0.expected { true } else { false } })
    for item in table.links {
      let build = try #require(contract.build(named: item.build))
      let outcome = item.bytes.withUnsafeBufferPointer { LinkParser(contract: contract, build: build).parse(bytes: $0) }
      #expect(outcome.expectation == item.expected, "\(item.id)")
    }
  }

  @Test("contract.json leaves https out of a web page's carriers and keeps its path")
  func contractDocumentCarriers() throws {
    guard case .array(let routes) = contractDocument(Self.ferry)["routeClasses"] else {
      Issue.record("contract.json has no route classes")
      return
    }
    let value = try #require(routes.first { $0["id"] == .string(Self.page.id.rawValue) })
    #expect(value["carriers"] == .array([]))
    #expect(value["httpsPattern"] == Self.page.httpsPattern.map(JSON.string))
    #expect(value["publication"]?["kind"] == .string("not-an-app-link"))
  }

  @Test("The docs' link checker reads the carriers and answers as the parser does", arguments: [nil, "web-page"])
  func checkerAgrees(_ breaking: String?) throws {
    let contract = Self.covered.contract
    var cases: [[String: String]] = []
    for build in contract.builds {
      let parser = LinkParser(contract: contract, build: build)
      for route in contract.routeClasses {
        for carrier in Carrier.allCases {
          guard let link = contract.canonicalLink(route, carrier: carrier, in: build) else { continue }
          for variant in [link, link + "/", link + "?x=1"] {
            cases.append([
              "build": build.name, "input": Data(variant.utf8).base64EncodedString(),
              "expected": parser.parse(variant).line,
            ])
          }
        }
      }
    }
    let (status, output) = try runChecker(contract: contractDocument(contract).pretty, cases: cases, breaking: breaking)
    #expect(status == (breaking == nil ? 0 : 1), "\(output)")
  }

  /// Runs scripts/check-agreement.js over `cases` with `contract` as contract.json.
  func runChecker(contract: String, cases: [[String: String]], breaking: String?) throws -> (Int32, String) {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("web-page-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let contractFile = folder.appendingPathComponent("contract.json")
    let casesFile = folder.appendingPathComponent("cases.json")
    try Data(contract.utf8).write(to: contractFile)
    try JSONSerialization.data(withJSONObject: cases).write(to: casesFile)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [
        "node", "scripts/check-agreement.js", "--contract", contractFile.path, "--checker", "Templates/check.js",
        "--cases", casesFile.path,
      ] + (breaking.map { ["--break", $0] } ?? [])
    process.currentDirectoryURL = repository
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }
}
