import AssociationChecks
import DesignFixture
import LinkContract
import LinkParser
import Testing

@testable import ContractArtifacts

// docs/design.md, Route classes: a route class published `.disabled(because:)` is recognized
// but disabled. No association file claims it (an exclusion carves it out of a wider claim), the
// parser and the conformance table still recognize it, and the generated words say "disabled".

@Suite("A disabled route class in the generated files")
struct DisabledRouteArtifactTests {
  static func disabled(_ contract: Contract) -> [RouteClass] {
    contract.routeClasses.filter(\.publication.isDisabled)
  }

  @Test("No association file claims a disabled route, on any build", arguments: AdopterCase.disabling)
  func neverClaimed(_ adopter: AdopterCase) throws {
    let contract = adopter.contract
    #expect(contract.problems() == [])
    #expect(!Self.disabled(contract).isEmpty)
    for build in contract.builds {
      let association = appSiteAssociation(contract, build: build)
      let rows = claimTable(contract, build: build)
      for route in Self.disabled(contract) {
        guard let path = contract.canonicalPath(of: route) else { continue }
        let answer = association.claims(appID: build.appID, path: path)
        #expect(answer.decision != .claimed, "\(route.id) on \(build.name)")
        let row = try #require(rows.first { $0.route == route.id && $0.path != nil })
        #expect(row.expected == .excluded && row.agrees, "\(route.id) on \(build.name)")
        #expect(row.note.hasPrefix("disabled: "))
      }
      #expect(associationSelfCheck(contract) == [])
    }
  }

  @Test("Where a wider claim would take a disabled route, its exclusion comes first and says disabled")
  func exclusionSaysDisabled() throws {
    let contract = AdopterCase.customerApp.contract
    for build in contract.builds {
      let association = appSiteAssociation(contract, build: build)
      for route in Self.disabled(contract) {
        let path = try #require(contract.canonicalPath(of: route))
        let answer = association.claims(appID: build.appID, path: path)
        #expect(answer.decision == .excluded)
        #expect(answer.component?.comment?.contains("is disabled: ") == true)
        // Android cannot exclude: where a published route's intent filter also takes the path,
        // the limits say the app drops the intent; where none does, there is nothing to say.
        let coveredOnAndroid = androidPathRules(contract).contains { $0.rule.matches(path) }
        let said = platformLimits(contract, build: build).contains {
          $0.title.contains(route.title.lowercased()) && $0.explanation.contains("route-disabled")
        }
        #expect(said == coveredOnAndroid, "\(route.id) on \(build.name)")
      }
    }
  }

  @Test("The parser and the conformance table still recognize a disabled route", arguments: AdopterCase.disabling)
  func stillRecognized(_ adopter: AdopterCase) throws {
    let contract = adopter.contract
    let table = ConformanceTable(contract: contract)
    for build in contract.builds {
      for route in Self.disabled(contract) {
        for carrier in route.carriers {
          let link = try #require(contract.canonicalLink(route, carrier: carrier, in: build))
          guard case .recognized(let recognized) = LinkParser(contract: contract, build: build).parse(link) else {
            Issue.record("\(link) is not recognized")
            continue
          }
          #expect(recognized.routeClass == route.id)
          let item = try #require(table.links.first { $0.build == build.name && $0.input == link })
          guard case .recognized(route.id, _) = item.expected else {
            Issue.record("\(item.id) expects \(item.expected)")
            continue
          }
        }
      }
    }
  }

  @Test(
    "contract.json gives a disabled route's publication as disabled, with its reason", arguments: AdopterCase.disabling)
  func contractDocumentSaysDisabled(_ adopter: AdopterCase) throws {
    let contract = adopter.contract
    let text = contractDocument(contract).pretty
    for route in Self.disabled(contract) {
      let reason = try #require(route.publication.exclusionReason)
      #expect(text.contains("\"kind\": \"disabled\""))
      #expect(text.contains(reason))
    }
  }
}
