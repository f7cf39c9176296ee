import ContractArtifacts
import LinkContract

/// One semantic difference between two releases' association files.
public struct AssociationChange: Sendable, Hashable {
  /// The file, relative to the association root (`production/.well-known/assetlinks.json`), or
  /// the file name when two single files were compared.
  public let file: String
  public let kind: ChangeKind
  /// One line for people.
  public let detail: String
  /// The build the file belongs to, when its path names one.
  public var build: String?
  /// The route class whose canonical link the change is about, when known.
  public var route: String?
  /// The app ids (or Android package) the change applies to, when it is per app.
  public var apps: [String] = []
  /// The value before and after, as JSON; nil where there is none.
  public var before: JSON?
  public var after: JSON?
  /// The revalidation the change calls for, if any.
  public let triggers: [RevalidationID]

  public init(
    file: String, kind: ChangeKind, detail: String, triggers: [RevalidationID], before: JSON? = nil,
    after: JSON? = nil
  ) {
    self.file = file
    self.kind = kind
    self.detail = detail
    self.triggers = triggers
    self.before = before
    self.after = after
  }
}

/// The semantic diff of two association trees or files, and the revalidations it fires.
public struct AssociationDiff: Sendable, Hashable {
  public let changes: [AssociationChange]
  /// The plan for each changed build value, in the order of `changes`.
  public let cutovers: [Cutover]

  public init(changes: [AssociationChange], cutovers: [Cutover] = []) {
    self.changes = changes
    self.cutovers = cutovers
  }

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
        out += "\(Printed.excerpt(change.file)):\n"
        currentFile = change.file
      }
      out += "  \(change.kind.rawValue): \(change.detail)\n"
    }
    for cutover in cutovers { out += cutover.text }
    out += "revalidation triggers fired:\n"
    let triggers = self.triggers(contract)
    if triggers.isEmpty { out += "  none\n" }
    for trigger in triggers { out += "  \(trigger.id.rawValue): \(trigger.when)\n" }
    return out
  }

  /// The report for pipelines, one JSON object (`Site/schema/diff-report.schema.json`).
  public func json(_ contract: Contract) -> JSON {
    .object([
      ("schemaVersion", .int(diffReportSchemaVersion)),
      (
        "changes",
        .array(
          changes.map { change in
            .object([
              ("kind", .string(change.kind.rawValue)), ("file", .string(change.file)),
              ("build", change.build.map(JSON.string) ?? .null), ("route", change.route.map(JSON.string) ?? .null),
              ("apps", .array(change.apps.map { .string(Printed.excerpt($0)) })), ("detail", .string(change.detail)),
              ("before", change.before ?? .null), ("after", change.after ?? .null),
              ("triggers", .array(change.triggers.map { .string($0.rawValue) })),
            ])
          })
      ),
      ("cutovers", .array(cutovers.map(\.json))),
      (
        "triggers",
        .array(
          triggers(contract).map { .object([("id", .string($0.id.rawValue)), ("when", .string($0.when))]) })
      ),
    ])
  }
}

extension JSON {
  /// The value as a change quotes it: each string and member name as `Printed.excerpt` prints it.
  var printed: JSON {
    switch self {
    case .string(let text): .string(Printed.excerpt(text))
    case .array(let items): .array(items.map(\.printed))
    case .object(let members): .object(members.map { (Printed.excerpt($0.0), $0.1.printed) })
    default: self
    }
  }
}

/// Compares two association trees, each a map from a path relative to the `association`
/// folder (`<build>/.well-known/...`, `<build>/native/...`) to the file's bytes. A cutover
/// plan's commands are `tool`'s.
public func diffAssociationTrees(
  old: [String: [UInt8]], new: [String: [UInt8]], contract: Contract, probes: [String] = [],
  tool: ToolName = .linkcontract
) -> AssociationDiff {
  if old["contract.json"] != nil || new["contract.json"] != nil {
    return diffReleases(old: old, new: new, contract: contract, probes: probes, tool: tool)
  }
  var changes: [AssociationChange] = []
  var cutovers: [Cutover] = []
  for path in Set(old.keys).union(new.keys).sorted() {
    switch (old[path], new[path]) {
    case (let before?, let after?):
      let diff = diffAssociationFile(path, old: before, new: after, contract: contract, probes: probes, tool: tool)
      changes += diff.changes
      cutovers += diff.cutovers
    case (nil, _?):
      changes.append(
        located(.init(file: path, kind: .fileAdded, detail: "new file", triggers: fileTriggers(path)), contract))
    case (_?, nil):
      changes.append(
        located(.init(file: path, kind: .fileRemoved, detail: "file removed", triggers: fileTriggers(path)), contract))
    case (nil, nil): break
    }
  }
  return AssociationDiff(changes: changes, cutovers: cutovers)
}

/// Compares two versions of one file, read semantically as `kind` (by default the kind its
/// name implies). `probes` are extra URLs (`https://host/path?query#fragment` or a path) whose
/// claims are compared besides those derived from the two files' patterns.
///
/// Comparing the claims of two `apple-app-site-association` files spends one
/// `AASAMatchBudget` (its standard steps, and `deadline`): once it runs out, the links left are
/// not compared and a `claims-unchecked` change says so. A cutover plan's commands are `tool`'s.
public func diffAssociationFile(
  _ path: String, old: [UInt8], new: [UInt8], contract: Contract, probes: [String] = [],
  kind: AssociationKind? = nil, deadline: ContinuousClock.Instant? = nil, tool: ToolName = .linkcontract
) -> AssociationDiff {
  guard old != new else { return AssociationDiff(changes: []) }
  let name = path.split(separator: "/").last.map(String.init) ?? path
  let kind = kind ?? AssociationKind(fileName: name)
  if kind == nil, ComparedFile(name: name, old: old, new: new) == .contractDocument {
    return diffContractDocuments(path, old: old, new: new, contract: contract, tool: tool)
  }
  var changes: [AssociationChange]
  switch kind {
  case .appleAppSiteAssociation?:
    changes = newSideProblems(path, new, .appleAppSiteAssociation, contract.forbiddenKeys)
    changes += AASADiff(path: path, old: old, new: new, contract: contract, probes: probes, deadline: deadline)
      .changes()
  case .assetLinks?:
    changes =
      newSideProblems(path, new, .assetLinks, contract.forbiddenKeys)
      + diffAssetLinks(path, old, new, contract.forbiddenKeys)
  case nil where name == "appsettings.OAuth.json": changes = diffAllowlist(path, old, new)
  case nil where name == "appsettings.AppAssociation.json":
    changes = diffAppAssociationSettings(path, old, new, contract)
  case nil: changes = diffLines(path, old, new)
  }
  if changes.isEmpty {
    changes.append(.init(file: path, kind: .formatting, detail: "bytes differ with the same meaning", triggers: []))
  }
  return AssociationDiff(changes: changes.map { located($0, contract) })
}

/// What a file compared alone holds. A contract document (`contract.json`) is told by its
/// content, whatever its name: a JSON object whose `builds` are builds as `contractBuilds`
/// reads them (or, when neither side reads so, the name `contract.json`). Otherwise the
/// association file its name says (`apple-app-site-association`, `assetlinks.json`), else the
/// one its content implies (an object or an array, `AssociationKind(sniffing:)`).
public enum ComparedFile: Sendable, Hashable {
  case contractDocument
  case association(AssociationKind)

  /// What the file `name` holds, from its bytes; nil when neither its name nor its content says.
  public init?(name: String, bytes: [UInt8]) {
    self.init(name: name, old: bytes, new: bytes)
  }

  /// What a file holds, from its old and new bytes: a contract document when either side reads
  /// as one (a broken side is then compared line by line).
  init?(name: String, old: [UInt8], new: [UInt8]) {
    let file = name.split(separator: "/").last.map(String.init) ?? name
    if file == "contract.json" || contractBuilds(old) != nil || (new != old && contractBuilds(new) != nil) {
      self = .contractDocument
    } else if let kind = AssociationKind(fileName: file) ?? AssociationKind(sniffing: new) {
      self = .association(kind)
    } else if let kind = AssociationKind(sniffing: old) {
      self = .association(kind)
    } else {
      return nil
    }
  }

  /// What it is called in a message: `contract.json`, or the association file's name.
  public var title: String {
    switch self {
    case .contractDocument: "contract.json (a contract document)"
    case .association(let kind): kind.fileName
    }
  }
}

/// Two `contract.json` documents compared alone, whatever their names: each changed build value
/// with its cutover plan, as the diff of two `Site/` trees gives them, and the other lines that
/// differ. `path` names the file in the changes; the plans' commands are `tool`'s.
public func diffContractFiles(
  _ path: String, old: [UInt8], new: [UInt8], contract: Contract, tool: ToolName = .linkcontract
) -> AssociationDiff {
  guard old != new else { return AssociationDiff(changes: []) }
  return diffContractDocuments(path, old: old, new: new, contract: contract, tool: tool)
}

/// Two releases' `Site/` trees: their build values (`contract.json`), with a cutover plan for
/// each that changed, and their association folders, less the snippet lines that only carry a
/// changed value from its old form to its new one.
private func diffReleases(
  old: [String: [UInt8]], new: [String: [UInt8]], contract: Contract, probes: [String], tool: ToolName
) -> AssociationDiff {
  func association(_ tree: [String: [UInt8]]) -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    for (path, bytes) in tree where path.hasPrefix("association/") { files[String(path.dropFirst(12))] = bytes }
    return files
  }
  let values =
    switch (old["contract.json"], new["contract.json"]) {
    case (let before?, let after?) where before != after:
      diffContractDocuments("contract.json", old: before, new: after, contract: contract, tool: tool)
    default: AssociationDiff(changes: [])
    }
  let oldAssociation = association(old)
  let files = diffAssociationTrees(
    old: oldAssociation, new: association(new), contract: contract, probes: probes, tool: tool)
  let carried = carrying(values.cutovers.map(\.change), in: files.changes) { file in
    Set(oldAssociation[file].map(fileLines) ?? [])
  }
  let explained = files.changes.filter { !carried.contains($0) }
  return AssociationDiff(changes: values.changes + explained, cutovers: values.cutovers)
}

/// Two `contract.json` documents: each changed build value with its plan, and the other
/// lines that differ.
private func diffContractDocuments(
  _ path: String, old: [UInt8], new: [UInt8], contract: Contract, tool: ToolName
) -> AssociationDiff {
  guard let before = contractBuilds(old), let after = contractBuilds(new) else {
    return AssociationDiff(changes: diffLines(path, old, new).map { located($0, contract) })
  }
  let changed = valueChanges(old: before, new: after, contract: contract)
  var changes = changed.map { change in
    var record = AssociationChange(
      file: path, kind: change.kind,
      detail:
        "\(change.value.title) of build \(change.build): "
        + change.before.map { Printed.excerpt($0, limit: 400) }.joined(separator: ", ") + " -> "
        + change.after.map { Printed.excerpt($0, limit: 400) }.joined(separator: ", "),
      triggers: change.triggers, before: .array(change.before.map { .string(Printed.excerpt($0, limit: 400)) }),
      after: .array(change.after.map { .string(Printed.excerpt($0, limit: 400)) }))
    record.build = change.build
    return record
  }
  // The digest differs whenever anything does, and which tool wrote the file is no part of the
  // contract: neither says anything of its own.
  let lines = diffLines(path, old, new).filter {
    !$0.detail.hasPrefix("\"digest\":") && !$0.detail.hasPrefix("\"generated\":")
  }
  let carried = carrying(changed, in: lines) { _ in Set(fileLines(old)) }
  changes += lines.filter { !carried.contains($0) }
  if changes.isEmpty {
    changes.append(.init(file: path, kind: .formatting, detail: "bytes differ with the same meaning", triggers: []))
  }
  return AssociationDiff(changes: changes, cutovers: changed.map { cutoverPlan($0, contract: contract, tool: tool) })
}

/// The line changes of `changes` that only carry a changed value from its old form to its new
/// one: a removed line whose new form, with each changed value replaced, was added in the same
/// file, and that added line. The value change says them already.
private func carrying(
  _ values: [ValueChange], in changes: [AssociationChange], oldLines: (String) -> Set<String>
) -> Set<AssociationChange> {
  guard !values.isEmpty else { return [] }
  let pairs = values.flatMap { zip($0.before, $0.after) }.filter { !$0.0.isEmpty && $0.0 != $0.1 }
  func forward(_ line: String) -> String { pairs.reduce(line) { $0.replacing($1.0, with: $1.1) } }
  func backward(_ line: String) -> String { pairs.reduce(line) { $0.replacing($1.1, with: $1.0) } }
  var added: [String: [String: AssociationChange]] = [:]
  for change in changes where change.kind == .lineAdded { added[change.file, default: [:]][change.detail] = change }
  var carried: Set<AssociationChange> = []
  for change in changes where change.kind == .lineRemoved {
    let now = forward(change.detail)
    if now != change.detail, let partner = added[change.file]?[now] {
      carried.insert(change)
      carried.insert(partner)
    }
  }
  // An added line whose old form is still in the old file (another line kept it there).
  var lines: [String: Set<String>] = [:]
  for change in changes where change.kind == .lineAdded && !carried.contains(change) {
    let was = backward(change.detail)
    guard was != change.detail else { continue }
    if lines[change.file] == nil { lines[change.file] = oldLines(change.file) }
    if lines[change.file]?.contains(was) == true { carried.insert(change) }
  }
  return carried
}

/// The change with its build filled in from the path (`production/...`).
private func located(_ change: AssociationChange, _ contract: Contract) -> AssociationChange {
  var change = change
  if let first = change.file.split(separator: "/").first, contract.builds.contains(where: { $0.name == first }) {
    change.build = String(first)
  }
  return change
}

/// `new-oversized` and `new-invalid` when the platform would not read NEW as meant.
private func newSideProblems(_ path: String, _ new: [UInt8], _ kind: AssociationKind, _ forbidden: ForbiddenWords)
  -> [AssociationChange]
{
  let errors = validateAssociation(new, kind: kind, forbidden: forbidden).filter { $0.severity == .error }
  guard let first = errors.first else { return [] }
  if kind == .appleAppSiteAssociation, new.count > appSiteAssociationByteLimit {
    return [
      .init(
        file: path, kind: .newOversized,
        detail: "the new file is \(new.count) bytes; Apple reads at most \(appSiteAssociationByteLimit) and ignores it",
        triggers: [.associationClaims], after: .int(new.count))
    ]
  }
  let effect =
    kind == .assetLinks ? "Google rejects the whole statement list" : "iOS may misread or refuse it"
  return [
    .init(
      file: path, kind: .newInvalid,
      detail: "the new file has \(errors.count) error(s), \(effect): \(first.line):\(first.column): \(first.message)",
      triggers: [.associationClaims],
      after: .array(errors.prefix(20).map { $0.located(in: path).json }))
  ]
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
    file: path, kind: .unreadable, detail: "the \(side) file cannot be read: \(why)", triggers: [.associationClaims])
}

/// Added and removed items of two ordered lists, and the items of both whose order changed:
/// those the standard library's difference of what remains after the common head and tail
/// does not keep in place. Past `limit` items in the middle, moves are not looked for.
func orderedChanges<T: Hashable>(_ old: [T], _ new: [T], limit: Int = 2_000) -> (
  removed: [(Int, T)], added: [(Int, T)], moved: [(from: Int, to: Int, T)]
) {
  var head = 0
  while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
  var tail = 0
  while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] {
    tail += 1
  }
  let a = Array(old[head..<(old.count - tail)])
  let b = Array(new[head..<(new.count - tail)])
  let oldSet = Set(old)
  let newSet = Set(new)
  let removed = a.indices.filter { !newSet.contains(a[$0]) }.map { (head + $0, a[$0]) }
  let added = b.indices.filter { !oldSet.contains(b[$0]) }.map { (head + $0, b[$0]) }
  guard a.count <= limit, b.count <= limit else { return (removed, added, []) }
  // The items of both sides, each with its index in `a`; the difference's removals are the moved.
  let shared = a.indices.filter { newSet.contains(a[$0]) }
  let difference = b.filter(oldSet.contains).difference(from: shared.map { a[$0] })
  let moved = difference.removals.compactMap { change -> (Int, Int, T)? in
    guard case .remove(let offset, let item, _) = change else { return nil }
    return b.firstIndex(of: item).map { (head + shared[offset], head + $0, item) }
  }
  return (removed, added, moved)
}

// MARK: apple-app-site-association

/// The diff of two `apple-app-site-association` files.
private struct AASADiff {
  let path: String
  let old: [UInt8]
  let new: [UInt8]
  let contract: Contract
  let probes: [String]
  var deadline: ContinuousClock.Instant? = nil

  /// The most concrete links probed per file pair; each costs one pass over the components.
  static let probeLimit = 400
  /// The most values of a component's variables its derived links try.
  static let variableValues = 8

  func changes() -> [AssociationChange] {
    let before: AppSiteAssociation
    let after: AppSiteAssociation
    do { before = decodeAppSiteAssociation(try JSONParser.parse(old)).association } catch {
      return [unreadable(path, "old", error.description)]
    }
    do { after = decodeAppSiteAssociation(try JSONParser.parse(new)).association } catch {
      return [unreadable(path, "new", error.description)]
    }
    var changes: [AssociationChange] = []
    func add(
      _ kind: ChangeKind, _ detail: String, _ triggers: [RevalidationID] = [.associationClaims], apps: [String] = [],
      before: JSON? = nil, after: JSON? = nil, route: String? = nil
    ) {
      var change = AssociationChange(
        file: path, kind: kind, detail: detail, triggers: triggers, before: before, after: after)
      change.apps = apps
      change.route = route
      changes.append(change)
    }
    let (oldIDs, newIDs) = (Set(before.appIDs), Set(after.appIDs))
    for id in before.appIDs where !newIDs.contains(id) {
      add(.appIDRemoved, Printed.excerpt(id), before: .string(Printed.excerpt(id)))
    }
    for id in after.appIDs where !oldIDs.contains(id) {
      add(.appIDAdded, Printed.excerpt(id), after: .string(Printed.excerpt(id)))
    }
    if before.defaults != after.defaults {
      add(
        .defaultsChanged, "\(before.defaults?.json.compact ?? "none") -> \(after.defaults?.json.compact ?? "none")",
        before: before.defaults?.json, after: after.defaults?.json)
    }
    let (wasVariables, nowVariables) = (before.substitutionVariables, after.substitutionVariables)
    for name in Set(wasVariables.keys).union(nowVariables.keys).sorted()
    where wasVariables[name] != nowVariables[name] {
      func shown(_ values: [String]?) -> JSON? { values.map { .array($0.map { .string(Printed.excerpt($0)) }) } }
      let (was, now) = (shown(wasVariables[name]), shown(nowVariables[name]))
      add(
        .substitutionVariableChanged,
        "$(\(Printed.excerpt(name))): \(was.map { Printed.excerpt($0.compact) } ?? "undefined") -> "
          + "\(now.map { Printed.excerpt($0.compact) } ?? "undefined")", before: was, after: now)
    }
    let services: [(String, ChangeKind, ChangeKind)] = [
      ("webcredentials", .webcredentialsAppAdded, .webcredentialsAppRemoved),
      ("appclips", .appclipsAppAdded, .appclipsAppRemoved),
      ("activitycontinuation", .activitycontinuationAppAdded, .activitycontinuationAppRemoved),
    ]
    for (section, added, removed) in services {
      let was = before.services[section] ?? []
      let now = after.services[section] ?? []
      let (wasSet, nowSet) = (Set(was), Set(now))
      for id in was where !nowSet.contains(id) {
        add(removed, "\(section): \(Printed.excerpt(id))", apps: [id], before: .string(Printed.excerpt(id)))
      }
      for id in now where !wasSet.contains(id) {
        add(added, "\(section): \(Printed.excerpt(id))", apps: [id], after: .string(Printed.excerpt(id)))
      }
    }
    changes += componentChanges(before, after)
    var probed = Set<String>()
    var probeList: [(route: String?, name: String, link: ProbeLink)] = []
    func probe(_ route: String?, _ name: String, _ link: ProbeLink) {
      if probeList.count < Self.probeLimit, probed.insert(link.description).inserted {
        probeList.append((route, name, link))
      }
    }
    for text in probes { probe(nil, "probe", ProbeLink(text)) }
    let ours = Set(contract.builds.map(\.appID))
    if !ours.isDisjoint(with: before.appIDs + after.appIDs) {
      for route in contract.routeClasses {
        if let link = contract.canonicalPath(of: route) { probe(route.id.rawValue, route.id.rawValue, ProbeLink(link)) }
      }
      for (title, link) in unclaimedProbes(contract) { probe(nil, title, ProbeLink(link)) }
    }
    for link in derivedProbes(before, after) { probe(nil, "link", link) }
    let many = Set(before.appIDs + after.appIDs).count > 1
    // An app renamed or replaced is already an app-id change; a claim moving between apps of
    // both files is a change of its own.
    let common = Set(before.appIDs).intersection(after.appIDs)
    let (oldMatcher, newMatcher) = (AASAClaimMatcher(before), AASAClaimMatcher(after))
    var budget = AASAMatchBudget(deadline: deadline)
    for (number, (route, name, link)) in probeList.enumerated() {
      let was = oldMatcher.claims(path: link.path, query: link.query, fragment: link.fragment, budget: &budget)
      let now = newMatcher.claims(path: link.path, query: link.query, fragment: link.fragment, budget: &budget)
      if was.decision == .undecided || now.decision == .undecided {
        let why =
          budget.exhausted == .deadline
          ? "the time allowed ran out"
          : "the matcher's bound of \(budget.limit) steps ran out (substitution variables of many values, used "
            + "many times)"
        add(
          .claimsUnchecked,
          "\(why) after \(number) of \(probeList.count) links: the claims of the other "
            + "\(probeList.count - number) were not compared",
          before: .int(number), after: .int(probeList.count))
        break
      }
      let wasApps = was.detailIndex.map { before.details[$0].appIDs } ?? []
      let nowApps = now.detailIndex.map { after.details[$0].appIDs } ?? []
      let moved = was.decision == .claimed && wasApps.filter(common.contains) != nowApps.filter(common.contains)
      guard was.decision != now.decision || moved else { continue }
      let shown = link.display(contract)
      let label = name == "link" || name == "probe" ? shown : "\(name) \(shown)"
      add(
        .claimChanged, "\(label): \(describe(was, wasApps, many: many)) -> \(describe(now, nowApps, many: many))",
        apps: nowApps + wasApps.filter { !nowApps.contains($0) },
        before: .string(was.decision.rawValue), after: .string(now.decision.rawValue), route: route)
    }
    return changes
  }

  private func describe(_ answer: ClaimAnswer, _ apps: [String], many: Bool) -> String {
    guard answer.decision == .claimed, many else { return answer.summary }
    return answer.summary + " for " + apps.map { Printed.excerpt($0) }.joined(separator: ", ")
  }

  /// Per app id, the ordered components that apply to it (its details' components in order),
  /// compared by meaning. Apps with the same lists on both sides are reported together.
  private func componentChanges(_ before: AppSiteAssociation, _ after: AppSiteAssociation) -> [AssociationChange] {
    typealias Entry = (rule: CanonicalRule, component: AASAComponent)
    func lists(_ association: AppSiteAssociation) -> [String: [Entry]] {
      var result: [String: [Entry]] = [:]
      for detail in association.details {
        for id in detail.appIDs {
          result[id, default: []] += detail.components.map {
            (CanonicalRule($0, settings: association.effectiveSettings($0, in: detail)), $0)
          }
        }
      }
      return result
    }
    let was = lists(before)
    let now = lists(after)
    var groups: [(apps: [String], old: [Entry], new: [Entry])] = []
    var seen: [[CanonicalRule]: Int] = [:]
    for id in before.appIDs where now[id] != nil {
      let old = was[id] ?? []
      let new = now[id] ?? []
      let key =
        old.map(\.rule) + [CanonicalRule(AASAComponent(path: "\u{0}"), settings: (true, true))] + new.map(\.rule)
      if let index = seen[key] {
        groups[index].apps.append(id)
      } else {
        seen[key] = groups.count
        groups.append(([id], old, new))
      }
    }
    var changes: [AssociationChange] = []
    for group in groups {
      let (removed, added, moved) = orderedChanges(group.old.map(\.rule), group.new.map(\.rule))
      func change(_ kind: ChangeKind, _ detail: String, before: JSON?, after: JSON?) {
        var change = AssociationChange(
          file: path, kind: kind, detail: detail, triggers: [.associationClaims], before: before, after: after)
        change.apps = group.apps
        changes.append(change)
      }
      let apps =
        group.apps.count == before.appIDs.count
        ? "" : " for \(group.apps.map { Printed.excerpt($0) }.joined(separator: ", "))"
      for (index, _) in removed {
        let component = group.old[index].component
        change(
          .componentRemoved, "\(component.summary) (was position \(index + 1))\(apps)",
          before: .object([("position", .int(index + 1)), ("component", component.rule.json.printed)]), after: nil)
      }
      for (from, to, _) in moved {
        let component = group.old[from].component
        change(
          .componentMoved, "\(component.summary) from position \(from + 1) to \(to + 1)\(apps)",
          before: .int(from + 1), after: .int(to + 1))
      }
      for (index, _) in added {
        let component = group.new[index].component
        change(
          .componentAdded, "\(component.summary) at position \(index + 1)\(apps)", before: nil,
          after: .object([("position", .int(index + 1)), ("component", component.rule.json.printed)]))
      }
      let oldComments = group.old.map(\.component.comment)
      let newComments = group.new.map(\.component.comment)
      if removed.isEmpty, added.isEmpty, moved.isEmpty, oldComments != newComments {
        var change = AssociationChange(
          file: path, kind: .commentChanged, detail: "component comments differ; matching is unchanged\(apps)",
          triggers: [])
        change.apps = group.apps
        changes.append(change)
      }
    }
    return changes
  }

  /// Concrete links derived from every pattern of both files: each `*` as nothing and as a
  /// short run, each `?` as one character, with the component's query items and fragment;
  /// for a path ending in `/*`, the bare prefix too.
  private func derivedProbes(_ before: AppSiteAssociation, _ after: AppSiteAssociation) -> [ProbeLink] {
    // Components that one side lacks, or holds at another place, come first: past the probe
    // limit, the links that can have changed are the ones kept.
    func rules(_ association: AppSiteAssociation) -> [(rule: CanonicalRule, component: AASAComponent)] {
      association.details.flatMap { detail in
        detail.components.filter { !$0.unreadable }.map {
          (CanonicalRule($0, settings: association.effectiveSettings($0, in: detail)), $0)
        }
      }
    }
    let old = rules(before)
    let new = rules(after)
    func places(_ list: [(rule: CanonicalRule, component: AASAComponent)]) -> [CanonicalRule: Int] {
      var first: [CanonicalRule: Int] = [:]
      for (index, item) in list.enumerated() where first[item.rule] == nil { first[item.rule] = index }
      return first
    }
    let oldPlaces = places(old)
    let newPlaces = places(new)
    let (oldVariables, newVariables) =
      (SubstitutionVariables(before.substitutionVariables), SubstitutionVariables(after.substitutionVariables))
    var changed: [(AASAComponent, SubstitutionVariables)] = []
    var unchanged: [(AASAComponent, SubstitutionVariables)] = []
    for (index, item) in old.enumerated() {
      if newPlaces[item.rule] == index {
        unchanged.append((item.component, oldVariables))
      } else {
        changed.append((item.component, oldVariables))
      }
    }
    for (index, item) in new.enumerated() where oldPlaces[item.rule] != index {
      changed.append((item.component, newVariables))
    }
    // A variable whose values changed changes what an unchanged component matches.
    if before.substitutionVariables != after.substitutionVariables {
      unchanged = unchanged.flatMap { [$0, ($0.0, newVariables)] }
    }
    return (changed + unchanged).flatMap { links($0.0, $0.1) }
  }

  /// Concrete links one component matches (or would, but for an earlier one): for each of the
  /// first `variableValues` values of its variables (each variable at that value, or its last).
  private func links(_ component: AASAComponent, _ variables: SubstitutionVariables) -> [ProbeLink] {
    let count = min(Self.variableValues, component.patterns.map { variables.valueCount($0.pattern) }.max() ?? 1)
    return (0..<count).flatMap { index -> [ProbeLink] in
      func fill(_ pattern: String, star: String) -> String {
        self.fill(variables.filled(pattern, index: index), star: star)
      }
      let path = component.path ?? "/*"
      var paths = [fill(path, star: "x1"), fill(path, star: "")]
      if path.hasSuffix("/*") { paths.append(fill(String(path.dropLast(2)), star: "x1")) }
      let query: String?
      switch component.query {
      case .whole(let pattern): query = fill(pattern, star: "q")
      case .items(let items):
        query = items.map { "\($0.name)=\(fill($0.pattern, star: "v"))" }.joined(separator: "&")
      case nil: query = nil
      }
      let fragment = component.fragment.map { fill($0, star: "f") }
      return paths.filter { $0.hasPrefix("/") }.map { ProbeLink(path: $0, query: query, fragment: fragment) }
    }
  }

  private func fill(_ pattern: String, star: String) -> String {
    var out = ""
    for character in pattern {
      switch character {
      case "*": out += star
      case "?": out += "a"
      default: out.append(character)
      }
    }
    return out
  }
}

/// A concrete link to probe: its path as written, query and fragment without `?` and `#`.
struct ProbeLink: CustomStringConvertible {
  let path: String
  let query: String?
  let fragment: String?

  init(path: String, query: String?, fragment: String?) {
    self.path = path
    self.query = query
    self.fragment = fragment
  }

  /// Reads `https://host/path?query#fragment`, or a bare `/path?query#fragment`.
  init(_ text: String) {
    var rest = Substring(text)
    if let scheme = rest.firstRange(of: "://") {
      rest = rest[scheme.upperBound...]
      rest = rest[(rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex)...]
    }
    var fragment: String?
    if let hash = rest.firstIndex(of: "#") {
      fragment = String(rest[rest.index(after: hash)...])
      rest = rest[..<hash]
    }
    var query: String?
    if let mark = rest.firstIndex(of: "?") {
      query = String(rest[rest.index(after: mark)...])
      rest = rest[..<mark]
    }
    path = rest.isEmpty ? "/" : String(rest)
    self.query = query
    self.fragment = fragment
  }

  var description: String {
    path + (query.map { "?" + $0 } ?? "") + (fragment.map { "#" + $0 } ?? "")
  }

  /// The link as printed (`Printed.url`): the value of every query or fragment item whose key
  /// the contract forbids (`password=…`, `access_token=…`) reads `[redacted]`, so that a probe
  /// never echoes a secret.
  func display(_ contract: Contract) -> String { Printed.url(description, forbidden: contract.forbiddenKeys) }
}

// MARK: assetlinks.json

/// A fingerprint's 32 bytes however it is written: colons or none, any case; nil otherwise.
func fingerprintBytes(_ text: String) -> [UInt8]? {
  let digits = Array(text.utf8.filter { $0 != UInt8(ascii: ":") })
  guard digits.count == 64 else { return nil }
  var bytes: [UInt8] = []
  for pair in stride(from: 0, to: 64, by: 2) {
    guard let high = ASCII.hexValue(digits[pair]), let low = ASCII.hexValue(digits[pair + 1]) else { return nil }
    bytes.append(high << 4 | low)
  }
  return bytes
}

/// A statement list read leniently for comparison: statements that Google would refuse still
/// count, so that a change that breaks the file is named, not only the file's invalidity.
private struct LenientStatement {
  var relations: [String] = []
  var package: String?
  var fingerprints: [String] = []
  var site: String?
  var include: String?
  var dynamic: [String: [JSON]] = [:]

  static func read(_ json: JSON) -> [LenientStatement] {
    guard case .array(let items) = json else { return [] }
    return items.map { item in
      var statement = LenientStatement()
      func strings(_ value: JSON?) -> [String] {
        guard case .array(let values)? = value else { return [] }
        return values.compactMap { if case .string(let text) = $0 { text } else { nil } }
      }
      if case .string(let url)? = item["include"] { statement.include = url }
      statement.relations = strings(item["relation"])
      if case .string(let name)? = item["target"]?["package_name"] { statement.package = name }
      statement.fingerprints = strings(item["target"]?["sha256_cert_fingerprints"])
      if case .string(let site)? = item["target"]?["site"] { statement.site = site }
      if case .object(let extensions)? = item["relation_extensions"] {
        for (relation, body) in extensions {
          if case .array(let components)? = body["dynamic_app_link_components"] {
            statement.dynamic[relation] = components
          }
        }
      }
      return statement
    }
  }
}

/// The changes of two statement lists; a value of either is quoted as `Printed` quotes it, a
/// site or include URL with the values of the `forbidden` keys hidden.
private func diffAssetLinks(_ path: String, _ old: [UInt8], _ new: [UInt8], _ forbidden: ForbiddenWords)
  -> [AssociationChange]
{
  let before: [LenientStatement]
  let after: [LenientStatement]
  do { before = LenientStatement.read(try JSONParser.parse(old)) } catch {
    return [unreadable(path, "old", error.description)]
  }
  do { after = LenientStatement.read(try JSONParser.parse(new)) } catch {
    return [unreadable(path, "new", error.description)]
  }
  var changes: [AssociationChange] = []
  func add(
    _ kind: ChangeKind, _ detail: String, _ triggers: [RevalidationID], package: String? = nil,
    before: JSON? = nil, after: JSON? = nil
  ) {
    var change = AssociationChange(
      file: path, kind: kind, detail: detail, triggers: triggers, before: before, after: after)
    change.apps = package.map { [$0] } ?? []
    changes.append(change)
  }
  func ordered(_ items: [String]) -> [String] {
    var seen = Set<String>()
    return items.filter { seen.insert($0).inserted }
  }
  func fingerprint(_ text: String) -> String { Printed.excerpt(text, limit: fingerprintLength) }
  let oldStatements = Dictionary(grouping: before.filter { $0.package != nil }, by: { $0.package! })
  let newStatements = Dictionary(grouping: after.filter { $0.package != nil }, by: { $0.package! })
  let oldPackages = ordered(before.compactMap(\.package))
  let newPackages = ordered(after.compactMap(\.package))
  for name in oldPackages where newStatements[name] == nil {
    add(
      .packageRemoved, Printed.excerpt(name), [.associationClaims], package: name,
      before: .string(Printed.excerpt(name)))
  }
  for name in newPackages where oldStatements[name] == nil {
    add(
      .packageAdded, Printed.excerpt(name), [.associationClaims], package: name, after: .string(Printed.excerpt(name)))
  }
  for name in oldPackages where newStatements[name] != nil {
    let previous = oldStatements[name] ?? []
    let current = newStatements[name] ?? []
    let shown = Printed.excerpt(name)
    let was = ordered(previous.flatMap(\.fingerprints))
    let now = ordered(current.flatMap(\.fingerprints))
    let (wasSet, nowSet) = (Set(was), Set(now))
    var removed = was.filter { !nowSet.contains($0) }
    var added = now.filter { !wasSet.contains($0) }
    // The same certificate written differently is no rotation; Google reads only the
    // uppercase colon form, so the new spelling may break verification of the whole list.
    var spellings: [[UInt8]: (texts: [String], next: Int)] = [:]
    for text in added {
      if let bytes = fingerprintBytes(text) { spellings[bytes, default: ([], 0)].texts.append(text) }
    }
    var respelled = Set<String>()
    for old in removed {
      guard let bytes = fingerprintBytes(old), let same = spellings[bytes], same.next < same.texts.count else {
        continue
      }
      let new = same.texts[same.next]
      spellings[bytes]?.next += 1
      respelled.formUnion([old, new])
      let effect =
        Fingerprint.parse(new) == nil
        ? "the same certificate, written so that Google rejects the whole statement list (it reads only uppercase hex "
          + "bytes joined by colons)"
        : "the same certificate, now written as Google reads it"
      add(
        .fingerprintReformatted, "\(shown): \(fingerprint(old)) -> \(fingerprint(new)): \(effect)",
        [.associationClaims],
        package: name, before: .string(fingerprint(old)), after: .string(fingerprint(new)))
    }
    removed.removeAll(where: respelled.contains)
    added.removeAll(where: respelled.contains)
    for text in removed {
      add(
        .fingerprintRemoved, "\(shown): \(fingerprint(text))", [.signingCertificate], package: name,
        before: .string(fingerprint(text)))
    }
    for text in added {
      add(
        .fingerprintAdded, "\(shown): \(fingerprint(text))", [.signingCertificate], package: name,
        after: .string(fingerprint(text)))
    }
    if !removed.isEmpty, !added.isEmpty {
      add(
        .certificateRotated, "\(shown): \(removed.count) removed, \(added.count) added", [.signingCertificate],
        package: name, before: .array(removed.map { .string(fingerprint($0)) }),
        after: .array(added.map { .string(fingerprint($0)) }))
    }
    let oldRelations = Set(previous.flatMap(\.relations))
    let newRelations = Set(current.flatMap(\.relations))
    for relation in oldRelations.subtracting(newRelations).sorted() {
      let relation = Printed.excerpt(relation)
      add(.relationRemoved, "\(shown): \(relation)", [.associationClaims], package: name, before: .string(relation))
    }
    for relation in newRelations.subtracting(oldRelations).sorted() {
      let relation = Printed.excerpt(relation)
      add(.relationAdded, "\(shown): \(relation)", [.associationClaims], package: name, after: .string(relation))
    }
    let dynamicRelations = Set(previous.flatMap(\.dynamic.keys)).union(current.flatMap(\.dynamic.keys)).sorted()
    for relation in dynamicRelations {
      let was = previous.flatMap { $0.dynamic[relation] ?? [] }
      let now = current.flatMap { $0.dynamic[relation] ?? [] }
      let (gone, new, moved) = orderedChanges(was, now)
      for (index, component) in gone {
        add(
          .dynamicComponentRemoved, "\(shown): \(Printed.excerpt(component.compact)) (was position \(index + 1))",
          [.associationClaims], package: name, before: component.printed)
      }
      for (from, to, component) in moved {
        add(
          .dynamicComponentMoved,
          "\(shown): \(Printed.excerpt(component.compact)) from position \(from + 1) to \(to + 1)",
          [.associationClaims], package: name, before: .int(from + 1), after: .int(to + 1))
      }
      for (index, component) in new {
        add(
          .dynamicComponentAdded, "\(shown): \(Printed.excerpt(component.compact)) at position \(index + 1)",
          [.associationClaims], package: name, after: component.printed)
      }
    }
  }
  /// Each web site and relation, keyed by how they are compared and sorted: `site relation`.
  func sites(_ statements: [LenientStatement]) -> [String: String] {
    var sites: [String: String] = [:]
    for statement in statements {
      guard let site = statement.site else { continue }
      for relation in statement.relations {
        sites["\(site) \(relation)"] = Printed.url(site, forbidden: forbidden) + " " + Printed.excerpt(relation)
      }
    }
    return sites
  }
  let oldSites = sites(before)
  let newSites = sites(after)
  for (key, site) in oldSites.sorted(by: { $0.key < $1.key }) where newSites[key] == nil {
    add(.siteRemoved, site, [.associationClaims], before: .string(site))
  }
  for (key, site) in newSites.sorted(by: { $0.key < $1.key }) where oldSites[key] == nil {
    add(.siteAdded, site, [.associationClaims], after: .string(site))
  }
  let oldIncludes = Set(before.compactMap(\.include))
  let newIncludes = Set(after.compactMap(\.include))
  for url in oldIncludes.subtracting(newIncludes).sorted() {
    let url = Printed.url(url, forbidden: forbidden)
    add(.includeRemoved, url, [.associationClaims], before: .string(url))
  }
  for url in newIncludes.subtracting(oldIncludes).sorted() {
    let url = Printed.url(url, forbidden: forbidden)
    add(.includeAdded, url, [.associationClaims], after: .string(url))
  }
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
  let (was, now) = (Set(before), Set(after))
  for scheme in before where !now.contains(scheme) {
    let scheme = Printed.excerpt(scheme)
    changes.append(
      .init(
        file: path, kind: .allowedSchemeRemoved, detail: scheme, triggers: [.nativeSchemeRegistration],
        before: .string(scheme)))
  }
  for scheme in after where !was.contains(scheme) {
    let scheme = Printed.excerpt(scheme)
    changes.append(
      .init(
        file: path, kind: .allowedSchemeAdded, detail: scheme, triggers: [.nativeSchemeRegistration],
        after: .string(scheme)))
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
  return diffAssetLinks(path, before.assetLinks, after.assetLinks, contract.forbiddenKeys)
    + AASADiff(path: path, old: before.aasa, new: after.aasa, contract: contract, probes: []).changes()
}

/// The most characters of a changed line of a native snippet a change quotes: a snippet's
/// comment lines run past 240 characters, and are shown whole.
private let lineLimit = 500

/// A file's lines as `diffLines` compares them: without their indentation.
private func fileLines(_ bytes: [UInt8]) -> [String] {
  String(decoding: bytes, as: UTF8.self).split(separator: "\n").map { String($0.drop(while: { $0 == " " })) }
}

private func diffLines(_ path: String, _ old: [UInt8], _ new: [UInt8]) -> [AssociationChange] {
  let before = fileLines(old)
  let after = fileLines(new)
  let (was, now) = (Set(before), Set(after))
  let triggers = fileTriggers(path)
  var changes: [AssociationChange] = []
  for line in before where !now.contains(line) {
    let line = Printed.excerpt(line, limit: lineLimit)
    changes.append(.init(file: path, kind: .lineRemoved, detail: line, triggers: triggers, before: .string(line)))
  }
  for line in after where !was.contains(line) {
    let line = Printed.excerpt(line, limit: lineLimit)
    changes.append(.init(file: path, kind: .lineAdded, detail: line, triggers: triggers, after: .string(line)))
  }
  return changes
}
