import LinkContract
import LinkParser

extension CaseBuilder {
  /// For each route class whose https form is a web page (`RouteClass.isWebPage`), its canonical
  /// https link: not one of the app's routes, so `unknown-route`. A web page whose path is a
  /// prefix of an app link's gets no case: the parser answers that route's `missing-field`.
  mutating func addWebPageCases(for build: Build) {
    for route in contract.routeClasses where route.isWebPage {
      guard let path = route.httpsPath, let link = contract.canonicalLink(route, carrier: .https, in: build) else {
        continue
      }
      let isPrefixOfAppLink = contract.routeClasses.contains { other in
        guard other.carriers.contains(.https), let longer = other.httpsPath, longer.count > path.count else {
          return false
        }
        return Contract.canOverlap(path, Array(longer.prefix(path.count)))
      }
      if isPrefixOfAppLink { continue }
      reject("\(route.id.rawValue)-https-not-an-app-link", build, link, .unknownRoute)
    }
  }
}
