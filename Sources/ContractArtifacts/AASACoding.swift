/// Writing the `apple-app-site-association` model as the JSON Apple documents; reading it is
/// `decodeAppSiteAssociation`, which validates as it reads.
extension AASAMatchSettings {
  /// The settings as the JSON object Apple documents, keys in a fixed order.
  public var json: JSON {
    var members: [(String, JSON)] = []
    if let caseSensitive { members.append(("caseSensitive", .bool(caseSensitive))) }
    if let percentEncoded { members.append(("percentEncoded", .bool(percentEncoded))) }
    return .object(members)
  }
}

extension AASAComponent {
  /// The component as JSON, keys in a fixed order: `/`, `?`, `#`, `exclude`, settings, `comment`.
  public var json: JSON {
    var members: [(String, JSON)] = []
    if let path { members.append(("/", .string(path))) }
    switch query {
    case .whole(let pattern): members.append(("?", .string(pattern)))
    case .items(let items): members.append(("?", .object(items.map { ($0.name, .string($0.pattern)) })))
    case nil: break
    }
    if let fragment { members.append(("#", .string(fragment))) }
    if exclude { members.append(("exclude", .bool(true))) }
    if let value = settings.caseSensitive { members.append(("caseSensitive", .bool(value))) }
    if let value = settings.percentEncoded { members.append(("percentEncoded", .bool(value))) }
    if let comment { members.append(("comment", .string(comment))) }
    return .object(members)
  }
}

extension AppSiteAssociation {
  /// The whole file as JSON in Apple's components format, keys in a fixed order (variables
  /// by name).
  public var json: JSON {
    var applinks: [(String, JSON)] = []
    if let defaults { applinks.append(("defaults", defaults.json)) }
    if !substitutionVariables.isEmpty {
      let variables = substitutionVariables.sorted { $0.key < $1.key }
      applinks.append(
        ("substitutionVariables", .object(variables.map { ($0.key, .array($0.value.map(JSON.string))) })))
    }
    applinks.append(
      (
        "details",
        .array(
          details.map { detail in
            var members: [(String, JSON)] = [("appIDs", .array(detail.appIDs.map(JSON.string)))]
            if let defaults = detail.defaults { members.append(("defaults", defaults.json)) }
            members.append(("components", .array(detail.components.map(\.json))))
            return .object(members)
          })
      ))
    return .object([("applinks", .object(applinks))])
  }
}
