import DesignFixture
import LinkContract
import LinkParser
import Testing

// docs/design.md, Route classes: an https path published `.notAnAppLink` is a web page, not
// one of the app's routes. The operating system never hands it to the app (no association file
// claims it); a link that reaches the app anyway is not the app's, so the parser answers
// `unknown-route` for it. A custom-scheme form of the same route class is the app's.

@Suite("A web page that is not an app link")
struct WebPageParsingTests {
  static let ferry = Contract.ferry
  static let page = Contract.ferryWebPage

  /// The ferry with its web page replaced by `page`.
  static func ferry(with page: RouteClass) -> Contract {
    ferry.replacing(routeClasses: ferry.routeClasses.map { $0.id == page.id ? page : $0 })
  }

  @Test("Its https link is unknown-route in every build", arguments: Contract.ferry.builds)
  func httpsFormIsNotARoute(_ build: Build) throws {
    #expect(Self.page.isWebPage && Self.page.carriers.isEmpty)
    let link = try #require(Self.ferry.canonicalLink(Self.page, carrier: .https, in: build))
    #expect(LinkParser(contract: Self.ferry, build: build).parse(link) == .unsupported(Rejection(.unknownRoute)))
  }

  @Test("Given a custom-scheme name as well, its custom-scheme link is recognized", arguments: Contract.ferry.builds)
  func customSchemeFormIsTheApps(_ build: Build) throws {
    let page = Self.page.with(customSchemeName: Self.page.id.rawValue)
    let contract = Self.ferry(with: page)
    #expect(contract.problems() == [])
    #expect(page.carriers == [.customScheme])
    let parser = LinkParser(contract: contract, build: build)
    let custom = try #require(contract.canonicalLink(page, carrier: .customScheme, in: build))
    #expect(parser.parse(custom).route?.routeClass == page.id)
    let https = try #require(contract.canonicalLink(page, carrier: .https, in: build))
    #expect(parser.parse(https) == .unsupported(Rejection(.unknownRoute)))
  }

  @Test("Published instead, the same path is the app's route", arguments: Contract.ferry.builds)
  func publishedPathIsARoute(_ build: Build) throws {
    let contract = Self.ferry(with: Self.page.with(publication: .published))
    let link = try #require(contract.canonicalLink(Self.page, carrier: .https, in: build))
    #expect(LinkParser(contract: contract, build: build).parse(link).route?.routeClass == Self.page.id)
  }
}
