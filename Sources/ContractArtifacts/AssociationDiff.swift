import LinkContract

/// One semantic difference between two releases' association files.
public struct AssociationChange: Sendable, Hashable {
  /// The file, relative to the association root (`production/.well-known/assetlinks.json`), or
  /// the file name when two single files were compared.
  public let file: String
  /// A stable kebab-case kind, such as `component-moved` or `fingerprint-added`.
  public let kind: String
  public let detail: String
  /// The revalidation the change calls for, if any.
  public let triggers: [RevalidationID]

  public init(file: String, kind: String, detail: String, triggers: [RevalidationID]) {
    self.file = file
    self.kind = kind
    self.detail = detail
    self.triggers = triggers
  }
}

/// The semantic diff of two association trees or files, and the revalidations it fires.
public struct AssociationDiff: Sendable, Hashable {
  public let changes: [AssociationChange]

  public init(changes: [AssociationChange]) { self.changes = changes }

  public var isEmpty: Bool { changes.isEmpty }

  /// The triggers fired, in the contract's order.
  public func triggers(_ contract: Contract) -> [RevalidationTrigger] {
    let fired = Set(changes.flatMap(\.triggers))
    return contract.revalidation.filter { fired.contains($0.id) }
  }

  /// The report for people: changes grouped by file, then the triggers.
  public func text(_ contract: Contract) -> String {
    guard !isEmpty else { return "no differences\n" }
    var out = ""
    var currentFile: String?
    for change in changes {
      if change.file != currentFile {
        out += "\(change.file):\n"
        currentFile = change.file
      }
      out += "  \(change.kind): \(change.detail)\n"
    }
    out += "revalidation triggers fired:\n"
    let triggers = self.triggers(contract)
    if triggers.isEmpty { out += "  none\n" }
    for trigger in triggers { out += "  \(trigger.id.rawValue): \(trigger.when)\n" }
    return out
  }

  /// The report for pipelines, one JSON object.
  public func json(_ contract: Contract) -> JSON {
    .object([
      (
        "changes",
        .array(
          changes.map { change in
            .object([
              ("file", .string(change.file)), ("kind", .string(change.kind)), ("detail", .string(change.detail)),
              ("triggers", .array(change.triggers.map { .string($0.rawValue) })),
            ])
          })
      ),
      (
        "triggers",
        .array(
          triggers(contract).map { .object([("id", .string($0.id.rawValue)), ("when", .string($0.when))]) })
      ),
    ])
  }
}

/// Compares two association trees, each a map from a path relative to the `association`
/// folder (`<build>/.well-known/...`, `<build>/native/...`) to the file's bytes.
public func diffAssociationTrees(old: [String: [UInt8]], new: [String: [UInt8]], contract: Contract)
  -> AssociationDiff
{
  var changes: [AssociationChange] = []
  for path in Set(old.keys).union(new.keys).sorted() {
    switch (old[path], new[path]) {
    case (let before?, let after?):
      changes += diffAssociationFile(path, old: before, new: after, contract: contract).changes
    case (nil, _?):
      changes.append(.init(file: path, kind: "file-added", detail: "new file", triggers: fileTriggers(path)))
    case (_?, nil):
      changes.append(.init(file: path, kind: "file-removed", detail: "file removed", triggers: fileTriggers(path)))
    case (nil, nil): break
    }
  }
  return AssociationDiff(changes: changes)
}

/// Compares two versions of one file, read semantically by its name.
public func diffAssociationFile(_ path: String, old: [UInt8], new: [UInt8], contract: Contract) -> AssociationDiff {
  guard old != new else { return AssociationDiff(changes: []) }
  let name = path.split(separator: "/").last.map(String.init) ?? path
  var changes: [AssociationChange]
  switch AssociationKind(fileName: name) {
  case .appleAppSiteAssociation?: changes = diffAppSiteAssociation(path, old, new, contract)
  case .assetLinks?: changes = diffAssetLinks(path, old, new)
  case nil where name == "appsettings.OAuth.json": changes = diffAllowlist(path, old, new)
  case nil where name == "appsettings.AppAssociation.json":
    changes = diffAppAssociationSettings(path, old, new, contract)
  case nil: changes = diffLines(path, old, new)
  }
  if changes.isEmpty {
    changes.append(
      .init(file: path, kind: "formatting", detail: "bytes differ with the same meaning", triggers: []))
  }
  return AssociationDiff(changes: changes)
}

private func fileTriggers(_ path: String) -> [RevalidationID] {
  let name = path.split(separator: "/").last.map(String.init) ?? path
  switch name {
  case "apple-app-site-association", "assetlinks.json", "associated-domains.entitlements",
    "app-links-intent-filter.xml", "MainActivity.IntentFilter.cs", "appsettings.AppAssociation.json",
    "appsettings.PublicSite.json", "nginx-association.conf":
    return [.associationClaims]
  case "url-types.plist", "WebAuthenticatorCallbackActivity.cs", "appsettings.OAuth.json":
    return [.nativeSchemeRegistration]
  default: return []
  }
}

private func unreadable(_ path: String, _ side: String, _ why: String) -> AssociationChange {
  .init(
    file: path, kind: "unreadable", detail: "the \(side) file cannot be read: \(why)", triggers: [.associationClaims])
}

private func diffAppSiteAssociation(_ path: String, _ old: [UInt8], _ new: [UInt8], _ contract: Contract)
  -> [AssociationChange]
{
  let before: AppSiteAssociation
  let after: AppSiteAssociation
  do { before = decodeAppSiteAssociation(try JSONParser.parse(old)).association } catch {
    return [unreadable(path, "old", error.description)]
  }
  do { after = decodeAppSiteAssociation(try JSONParser.parse(new)).association } catch {
    return [unreadable(path, "new", error.description)]
  }
  var changes: [AssociationChange] = []
  func add(_ kind: String, _ detail: String, _ triggers: [RevalidationID]) {
    changes.append(.init(file: path, kind: kind, detail: detail, triggers: triggers))
  }
  for id in before.appIDs where !after.appIDs.contains(id) { add("app-id-removed", id, [.associationClaims]) }
  for id in after.appIDs where !before.appIDs.contains(id) { add("app-id-added", id, [.associationClaims]) }
  if before.defaults != after.defaults {
    add(
      "defaults-changed", "\(before.defaults?.json.compact ?? "none") -> \(after.defaults?.json.compact ?? "none")",
      [.associationClaims])
  }
  let oldRules = before.details.flatMap(\.components).map(\.rule)
  let newRules = after.details.flatMap(\.components).map(\.rule)
  let common = lcs(oldRules, newRules)
  var remaining = common[...]
  for (index, rule) in oldRules.enumerated() {
    if let next = remaining.first, next == rule {
      remaining = remaining.dropFirst()
      continue
    }
    if let to = newRules.firstIndex(of: rule) {
      add("component-moved", "\(rule.summary) from position \(index + 1) to \(to + 1)", [.associationClaims])
    } else {
      add("component-removed", "\(rule.summary) (was position \(index + 1))", [.routesOrInputs, .associationClaims])
    }
  }
  for (index, rule) in newRules.enumerated() where !oldRules.contains(rule) {
    add("component-added", "\(rule.summary) at position \(index + 1)", [.routesOrInputs, .associationClaims])
  }
  let oldComments = before.details.flatMap(\.components).compactMap(\.comment)
  let newComments = after.details.flatMap(\.components).compactMap(\.comment)
  if oldRules == newRules, oldComments != newComments {
    add("comment-changed", "component comments differ; matching is unchanged", [])
  }
  var paths: [(String, String)] = contract.routeClasses.compactMap { route in
    canonicalPath(route, contract).map { (route.id.rawValue, $0) }
  }
  paths += unclaimedProbes(contract).map { ($0.title, $0.path) }
  for (name, probe) in paths {
    let was = before.claims(path: probe)
    let now = after.claims(path: probe)
    if was.decision != now.decision {
      add("claim-changed", "\(name) \(probe): \(was.summary) -> \(now.summary)", [.associationClaims])
    }
  }
  return changes
}

/// The longest common subsequence of two lists, in order.
private func lcs<T: Equatable>(_ a: [T], _ b: [T]) -> [T] {
  guard !a.isEmpty, !b.isEmpty else { return [] }
  var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
  for i in stride(from: a.count - 1, through: 0, by: -1) {
    for j in stride(from: b.count - 1, through: 0, by: -1) {
      table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
    }
  }
  var result: [T] = []
  var i = 0
  var j = 0
  while i < a.count, j < b.count {
    if a[i] == b[j] {
      result.append(a[i])
      i += 1
      j += 1
    } else if table[i + 1][j] >= table[i][j + 1] {
      i += 1
    } else {
      j += 1
    }
  }
  return result
}

private func diffAssetLinks(_ path: String, _ old: [UInt8], _ new: [UInt8]) -> [AssociationChange] {
  let before: [AssetLinkStatement]
  let after: [AssetLinkStatement]
  do { before = decodeAssetLinks(try JSONParser.parse(old)).statements } catch {
    return [unreadable(path, "old", error.description)]
  }
  do { after = decodeAssetLinks(try JSONParser.parse(new)).statements } catch {
    return [unreadable(path, "new", error.description)]
  }
  var changes: [AssociationChange] = []
  func add(_ kind: String, _ detail: String, _ triggers: [RevalidationID]) {
    changes.append(.init(file: path, kind: kind, detail: detail, triggers: triggers))
  }
  func packages(_ statements: [AssetLinkStatement]) -> [String] {
    var seen: [String] = []
    for name in statements.compactMap(\.packageName) where !seen.contains(name) { seen.append(name) }
    return seen
  }
  func fingerprints(_ statements: [AssetLinkStatement], _ package: String) -> [String] {
    statements.filter { $0.packageName == package }.flatMap(\.fingerprints)
  }
  func relations(_ statements: [AssetLinkStatement], _ package: String) -> Set<String> {
    Set(statements.filter { $0.packageName == package }.flatMap(\.relations))
  }
  let oldPackages = packages(before)
  let newPackages = packages(after)
  for name in oldPackages where !newPackages.contains(name) { add("package-removed", name, [.associationClaims]) }
  for name in newPackages where !oldPackages.contains(name) { add("package-added", name, [.associationClaims]) }
  for name in oldPackages where newPackages.contains(name) {
    let was = fingerprints(before, name)
    let now = fingerprints(after, name)
    let removed = was.filter { !now.contains($0) }
    let added = now.filter { !was.contains($0) }
    for fingerprint in removed { add("fingerprint-removed", "\(name): \(fingerprint)", [.signingCertificate]) }
    for fingerprint in added { add("fingerprint-added", "\(name): \(fingerprint)", [.signingCertificate]) }
    if !removed.isEmpty, !added.isEmpty {
      add("certificate-rotated", "\(name): \(removed.count) removed, \(added.count) added", [.signingCertificate])
    }
    let oldRelations = relations(before, name)
    let newRelations = relations(after, name)
    for relation in oldRelations.subtracting(newRelations).sorted() {
      add("relation-removed", "\(name): \(relation)", [.associationClaims])
    }
    for relation in newRelations.subtracting(oldRelations).sorted() {
      add("relation-added", "\(name): \(relation)", [.associationClaims])
    }
  }
  let oldSites = Set(before.compactMap(\.site))
  let newSites = Set(after.compactMap(\.site))
  for site in oldSites.subtracting(newSites).sorted() { add("site-removed", site, [.associationClaims]) }
  for site in newSites.subtracting(oldSites).sorted() { add("site-added", site, [.associationClaims]) }
  return changes
}

private func diffAllowlist(_ path: String, _ old: [UInt8], _ new: [UInt8]) -> [AssociationChange] {
  func schemes(_ bytes: [UInt8]) throws(JSONParseError) -> [String] {
    guard case .array(let items)? = try AppSettings.parse(bytes)["OAuth"]?["AllowedReturnUrlSchemes"] else {
      return []
    }
    return items.compactMap { if case .string(let text) = $0 { text } else { nil } }
  }
  let before: [String]
  let after: [String]
  do { before = try schemes(old) } catch { return [unreadable(path, "old", error.description)] }
  do { after = try schemes(new) } catch { return [unreadable(path, "new", error.description)] }
  var changes: [AssociationChange] = []
  for scheme in before where !after.contains(scheme) {
    changes.append(
      .init(file: path, kind: "allowed-scheme-removed", detail: scheme, triggers: [.nativeSchemeRegistration]))
  }
  for scheme in after where !before.contains(scheme) {
    changes.append(
      .init(file: path, kind: "allowed-scheme-added", detail: scheme, triggers: [.nativeSchemeRegistration]))
  }
  return changes
}

/// The web host's `AppAssociation` settings, compared as the two files the endpoint helper
/// serves from them.
private func diffAppAssociationSettings(_ path: String, _ old: [UInt8], _ new: [UInt8], _ contract: Contract)
  -> [AssociationChange]
{
  func served(_ bytes: [UInt8]) throws(JSONParseError) -> (aasa: [UInt8], assetLinks: [UInt8]) {
    let settings = try AppSettings.parse(bytes)["AppAssociation"]
    let assetLinks = JSON.array([
      .object([
        ("relation", .array([.string("delegate_permission/common.handle_all_urls")])),
        (
          "target",
          .object([
            ("namespace", .string("android_app")), ("package_name", settings?["AndroidPackageName"] ?? .null),
            ("sha256_cert_fingerprints", settings?["AndroidCertFingerprints"] ?? .array([])),
          ])
        ),
      ])
    ])
    let details = JSON.object([
      ("appIDs", .array([settings?["AppleAppId"] ?? .null])),
      ("components", settings?["AppleAppLinkComponents"] ?? .array([])),
    ])
    let aasa = JSON.object([("applinks", .object([("details", .array([details]))]))])
    return (Array(aasa.compact.utf8), Array(assetLinks.compact.utf8))
  }
  let before: (aasa: [UInt8], assetLinks: [UInt8])
  let after: (aasa: [UInt8], assetLinks: [UInt8])
  do { before = try served(old) } catch { return [unreadable(path, "old", error.description)] }
  do { after = try served(new) } catch { return [unreadable(path, "new", error.description)] }
  return diffAssetLinks(path, before.assetLinks, after.assetLinks)
    + diffAppSiteAssociation(path, before.aasa, after.aasa, contract)
}

private func diffLines(_ path: String, _ old: [UInt8], _ new: [UInt8]) -> [AssociationChange] {
  func lines(_ bytes: [UInt8]) -> [String] {
    String(decoding: bytes, as: UTF8.self).split(separator: "\n").map {
      String($0.drop(while: { $0 == " " }))
    }
  }
  let before = lines(old)
  let after = lines(new)
  let triggers = fileTriggers(path)
  var changes: [AssociationChange] = []
  for line in before where !after.contains(line) {
    changes.append(.init(file: path, kind: "line-removed", detail: line, triggers: triggers))
  }
  for line in after where !before.contains(line) {
    changes.append(.init(file: path, kind: "line-added", detail: line, triggers: triggers))
  }
  return changes
}
