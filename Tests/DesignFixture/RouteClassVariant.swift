import LinkContract

extension RouteClass {
  /// This route class with some values replaced (nil keeps a value; `.some(nil)` removes an
  /// optional one), written at the same line.
  public func with(
    id: RouteClassID? = nil, httpsPath: [PathSegment]?? = nil, customSchemeName: String?? = nil,
    gates: [Gate]? = nil, authority: Authority? = nil, publication: Publication? = nil,
    oauthCallback: OAuthCallback?? = nil
  ) -> RouteClass {
    RouteClass(
      id: id ?? self.id, title: title, httpsPath: httpsPath ?? self.httpsPath,
      customSchemeName: customSchemeName ?? self.customSchemeName, query: query,
      destination: destination, authority: authority ?? self.authority, gates: gates ?? self.gates,
      boundary: boundary, sensitivity: sensitivity, publication: publication ?? self.publication,
      automaticReads: automaticReads, oauthCallback: oauthCallback ?? self.oauthCallback, file: source.file,
      line: source.line)
  }
}

extension Contract {
  /// This contract without its OAuth callback: no route class declares one, and the snippets
  /// that serve one are left out.
  public var withoutOAuth: Contract {
    replacing(
      routeClasses: routeClasses.map { $0.with(oauthCallback: .some(nil)) },
      nativeSnippets: nativeSnippets.filter { !$0.needsOAuthCallback })
  }

  /// The ferry's route that `AdopterCase.ferryWithDisabledRoute` disables: its first published
  /// route class with a custom-scheme form, so that both carriers are disabled.
  public static var ferryDisabledRoute: RouteClass {
    ferry.routeClasses.first { $0.publication.isPublished && $0.customSchemeName != nil }!
  }

  /// The ferry's web page (its https route that is not an app link).
  public static var ferryWebPage: RouteClass { ferry.routeClasses.first { $0.isWebPage }! }
}
