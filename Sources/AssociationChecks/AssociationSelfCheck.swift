import ContractArtifacts
import LinkContract
import LinkParser

/// Problems with the generated association files of every build; empty when they are right.
/// Our own generation treats a placeholder fingerprint as an error, checks every claim with the
/// matcher and the parser, and runs the validator on the bytes it writes.
public func associationSelfCheck(_ contract: Contract) -> [Diagnostic] {
  var problems: [Diagnostic] = []
  for build in contract.builds {
    let subject = "association \(build.name)"
    // At the line of the values the problem is about: the build's, or the route class's.
    func problem(_ id: DiagnosticID, _ text: String, at source: SourceLocation? = nil) {
      problems.append(
        Diagnostic(id: id, location: DiagnosticLocation(source ?? build.source), message: text))
    }
    /// The route class a row is about: its own, or for a probe the one whose path it shares
    /// a first segment with.
    func source(of row: ClaimRow) -> SourceLocation? {
      if let id = row.route { return contract.routeClass(id)?.source }
      let first = row.path?.split(separator: "/").first.map(String.init)
      return contract.routeClasses.first { route in
        if case .literal(let text) = route.httpsPath?.first { return text == first }
        return false
      }?.source
    }
    if build.androidCertificateFingerprints.isEmpty {
      problem(.fingerprintMissing, "\(subject): no Android certificate fingerprint: Android cannot verify the app")
    }
    for fingerprint in build.androidCertificateFingerprints {
      if let why = Fingerprint.problem(fingerprint) {
        problem(.fingerprintInvalid, "\(subject): fingerprint \(fingerprint) \(why)")
      }
    }
    let parser = LinkParser(contract: contract, build: build)
    for row in claimTable(contract, build: build) {
      if !row.agrees {
        problem(
          .claimMismatch, "\(subject): \(row.link) should be \(row.expected.rawValue) but is \(row.answer.summary)",
          at: source(of: row))
      }
      let outcome = parser.parse(row.link)
      if let route = row.route, row.path != nil, contract.routeClass(route)?.isWebPage == true {
        // A web page is not one of the app's routes: its link parses as none.
        if outcome.route != nil {
          problem(
            .probeParsesAsRoute, "\(subject): web page \(row.link) parses as a route: \(outcome)", at: source(of: row))
        }
      } else if let route = row.route, outcome.route?.routeClass != route {
        problem(
          .canonicalLinkMismatch,
          "\(subject): canonical link \(row.link) does not parse as \(route.rawValue): \(outcome)",
          at: source(of: row))
      }
      if row.route == nil, outcome.route != nil {
        problem(.probeParsesAsRoute, "\(subject): probe \(row.link) parses as a route: \(outcome)", at: source(of: row))
      }
    }
    let association = appSiteAssociation(contract, build: build)
    for (_, component, coveredBy) in association.unreachableComponents() {
      problem(.componentUnreachable, "\(subject): component \(component + 1) is covered by component \(coveredBy + 1)")
    }
    let files: [(String, AssociationKind, String)] = [
      ("apple-app-site-association", .appleAppSiteAssociation, association.json.pretty),
      ("assetlinks.json", .assetLinks, assetLinks(build).pretty),
    ]
    for (name, kind, text) in files {
      for message in validateAssociation(Array(text.utf8), kind: kind, forbidden: contract.forbiddenKeys) {
        problem(.generatedAssociationInvalid, "\(subject): \(name): \(message.severity.rawValue): \(message.message)")
      }
    }
  }
  return problems
}
