import LinkContract

/// The first line every generated text file carries, in the comment syntax of its language.
/// JSON cannot carry a comment, so the JSON files (the two `.well-known` files and the Identity
/// service fragment) are the platform shape alone.
func generatedNotice(_ build: Build, tool: ToolName) -> String {
  "\(tool.generatedBy) from the values of build \(build.name); do not edit."
}

/// The folder, relative to the repository root, that holds one build's association files.
public func associationFolder(_ build: Build) -> String { "Site/association/\(build.name)" }

/// Every association file and native snippet of every build, under `Site/association/<build>/`,
/// the snippets' headers naming `tool`.
public func associationArtifacts(_ contract: Contract, tool: ToolName = .linkcontract) -> [Artifact] {
  contract.builds.flatMap { build -> [Artifact] in
    let folder = associationFolder(build)
    return AssociationKind.allCases.map { kind in
      Artifact(path: folder + "/.well-known/" + kind.fileName, contents: associationFile(kind, contract, build: build))
    }
      + nativeSnippets(contract, build: build, tool: tool).map {
        Artifact(path: folder + "/native/" + $0.name, contents: $0.contents)
      }
  }
}

/// The bytes of one generated `.well-known` file of `build`.
public func associationFile(_ kind: AssociationKind, _ contract: Contract, build: Build) -> String {
  switch kind {
  case .appleAppSiteAssociation: appSiteAssociation(contract, build: build).json.pretty
  case .assetLinks: assetLinks(build).pretty
  }
}

/// The `apple-app-site-association` file of `build`: one component per published https route
/// (in route order, a narrower one before a wider one that covers it), an `exclude` component
/// for each recognized but excluded or disabled route placed before the first component that
/// would claim it, one for each web page (`RouteClass.isWebPage`) that a component would claim,
/// nothing else.
public func appSiteAssociation(_ contract: Contract, build: Build) -> AppSiteAssociation {
  var components: [AASAComponent] = []
  for route in contract.routeClasses where route.publication.isPublished {
    guard let pattern = route.httpsPattern else { continue }
    let component = AASAComponent(path: AASARoutePattern.claim(route), comment: "\(route.title): \(pattern)")
    // A narrower claim goes before a wider one that covers it, or it could never match.
    let settings = (caseSensitive: true, percentEncoded: true)
    let index =
      components.firstIndex { AASAPatternMatcher.covers($0, settings, component, settings) } ?? components.count
    components.insert(component, at: index)
  }
  for route in contract.routeClasses {
    guard let reason = route.publication.exclusionReason, let pattern = route.httpsPattern,
      let path = contract.canonicalPath(of: route)
    else { continue }
    let exclusion = AASAComponent(
      path: AASARoutePattern.exclusion(route), exclude: true,
      comment: "\(route.title): \(pattern) is " + (route.publication.isDisabled ? "disabled: " : "") + reason)
    let probe = AppSiteAssociation(details: [AASADetail(appIDs: [build.appID], components: components)])
    let index = probe.claims(path: path).componentIndex ?? 0
    components.insert(exclusion, at: index)
  }
  for route in contract.routeClasses where route.isWebPage {
    guard case .notAnAppLink(let reason) = route.publication, let pattern = route.httpsPattern,
      let path = contract.canonicalPath(of: route)
    else { continue }
    let probe = AppSiteAssociation(details: [AASADetail(appIDs: [build.appID], components: components)])
    // Only where a wider claim would take the web page: otherwise nothing claims it already.
    guard probe.claims(path: path).decision == .claimed, let index = probe.claims(path: path).componentIndex else {
      continue
    }
    components.insert(
      AASAComponent(
        path: AASARoutePattern.exclusion(route), exclude: true,
        comment: "\(route.title): \(pattern) is not an app link: \(reason)"),
      at: index)
  }
  return AppSiteAssociation(
    defaults: AASAMatchSettings(caseSensitive: true, percentEncoded: true),
    details: [AASADetail(appIDs: [build.appID], components: components)])
}

/// The `assetlinks.json` statement list of `build`: one `handle_all_urls` statement for its
/// package and signing certificates.
public func assetLinks(_ build: Build) -> JSON {
  .array([
    .object([
      ("relation", .array([.string("delegate_permission/common.handle_all_urls")])),
      (
        "target",
        .object([
          ("namespace", .string("android_app")),
          ("package_name", .string(build.androidPackage)),
          ("sha256_cert_fingerprints", .array(build.androidCertificateFingerprints.map(JSON.string))),
        ])
      ),
    ])
  ])
}

/// How route patterns become Apple path patterns.
enum AASARoutePattern {
  /// A claim as tight as the pattern language allows: a reference field becomes its prefix
  /// and `*`, a one-value enumeration its value, any other field `?*` (at least one character:
  /// `*` alone would also claim the path that stops before the field, whose link is
  /// `missing-field`).
  static func claim(_ route: RouteClass) -> String {
    PathSegment.render(route.httpsPath ?? []) { field in
      switch field.format {
      case .reference(let prefix, _): prefix + "*"
      case .enumeration(let values) where values.count == 1: values[0]
      default: "?*"
      }
    }
  }

  /// An exclusion as wide as the route's shape: every field becomes `*`.
  static func exclusion(_ route: RouteClass) -> String {
    PathSegment.render(route.httpsPath ?? []) { _ in "*" }
  }
}
