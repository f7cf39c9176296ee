import ContractArtifacts
import DesignFixture
import LinkContract
import LinkParser
import Testing

// A native app registers its custom scheme's links in its manifest: the build's scheme, and one
// host per custom-scheme route class, since the parser reads a custom-scheme link as
// `<scheme>://<name>`.

@Suite("The custom scheme's links in a native app's manifest")
struct SchemeFilterTests {
  @Test(
    "The manifest's scheme filter holds the build's scheme and each custom-scheme route's name, as the parser reads them",
    arguments: [AdopterCase.ferry, .manifestOnly])
  func registersEveryCustomSchemeRoute(_ adopter: AdopterCase) throws {
    let contract = adopter.contract
    let routes = contract.routeClasses.filter { $0.customSchemeName != nil }
    #expect(!routes.isEmpty)
    for build in contract.builds {
      let snippet = try #require(
        nativeSnippets(contract, build: build).first { $0.name == snippetFile(.androidSchemeFilter) })
      let hosts = snippet.contents.matches(of: /android:host="([^"]*)"/).map { String($0.1) }
      let schemes = snippet.contents.matches(of: /android:scheme="([^"]*)"/).map { String($0.1) }
      #expect(hosts == routes.compactMap(\.customSchemeName))
      #expect(schemes == [build.customScheme])
      #expect(!snippet.contents.contains("autoVerify"))
      let parser = LinkParser(contract: contract, build: build)
      for (route, host) in zip(routes, hosts) {
        let link = try #require(contract.canonicalLink(route, carrier: .customScheme, in: build))
        #expect(link.hasPrefix("\(build.customScheme)://\(host)"), "\(link)")
        guard case .recognized(let recognized) = parser.parse(link) else {
          Issue.record("\(link) is not recognized")
          continue
        }
        #expect(recognized.routeClass == route.id)
      }
      let first = String(snippet.contents.split(separator: "\n").first ?? "")
      #expect(first.contains(contract.checkout.androidManifest), "\(first)")
      #expect(first.contains(AuditRole.androidCallbackScheme.rawValue), "\(first)")
    }
  }

  @Test("The scheme filter's place is the manifest, checked by the callback-scheme role", arguments: AdopterCase.all)
  func spot(_ adopter: AdopterCase) {
    let contract = adopter.contract
    let spots = contractSpots(contract).filter { $0.snippet == snippetFile(.androidSchemeFilter) }
    #expect(spots.isEmpty == !contract.nativeSnippets.contains(.androidSchemeFilter))
    for spot in spots {
      #expect(spot.file == contract.checkout.androidManifest)
      #expect(spot.role == .androidCallbackScheme)
      #expect(spot.value == .customScheme)
    }
  }
}
