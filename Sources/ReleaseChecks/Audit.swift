// Module ReleaseChecks: comparing what ships with the contract: `verify-host` (HTTP through
// CCurl) and `audit` of an app checkout (plists and manifests through CLibXML2). Imports
// LinkContract, ContractArtifacts and AssociationChecks.

import ContractArtifacts
import Foundation
import LinkContract

/// One place in an app checkout that registers or repeats a contract value, judged; or a file
/// that could not be read.
public struct AuditFinding: Sendable, Hashable {
  /// Relative to the checkout; for `missing`, the file expected to hold it, or nil.
  public let path: String?
  /// 0 for `missing`, and where a file has no lines or could not be read at a line.
  public let line: Int
  public let column: Int
  /// The build the file belongs to, nil when no build could be told.
  public let build: String?
  /// Nil for `unreadable`.
  public let role: AuditRole?
  /// As printed (`Printed.url`: secrets redacted, control characters escaped, long values
  /// cut); empty for `unreadable`.
  public let value: String
  public let verdict: AuditVerdict
  public let message: String

  /// The finding as a diagnostic: an error for every verdict but `matches` and `computed`, which
  /// are notes, at
  /// `path:line:column` (the path alone for `missing`, `(checkout)` when no file is known).
  public var diagnostic: Diagnostic {
    let location =
      line == 0
      ? DiagnosticLocation(path: path ?? "(checkout)")
      : DiagnosticLocation(path: path ?? "", line: line, column: column == 0 ? nil : column)
    return Diagnostic(
      id: verdict.id, severity: verdict == .matches || verdict == .computed ? .note : .error, location: location,
      message: message)
  }
}

/// The findings of one checkout and the per-build summary of where each value appears.
public struct AuditReport: Sendable {
  public let findings: [AuditFinding]
  /// The builds the checkout was judged against, in contract order.
  public let builds: [Build]
  let contract: Contract

  /// Whether every finding is a note: `matches`, or `computed`, which audit cannot compare.
  public var isClean: Bool { findings.allSatisfy { $0.verdict == .matches || $0.verdict == .computed } }

  /// Where each value of `build` appears, counted from the `matches` findings and grouped by
  /// where its role's spot ends up.
  public func counts(_ build: Build) -> [SpotCount] {
    let matching = findings.filter { $0.build == build.name && $0.verdict == .matches }
    let all = contractSpots(contract)
    let spots = matching.compactMap { finding in all.first { $0.role == finding.role && $0.alternativeTo == nil } }
    return spotCounts(spots)
  }

  /// How many findings of `build` have each verdict.
  public func verdicts(_ build: Build) -> [(AuditVerdict, Int)] {
    AuditVerdict.allCases.map { verdict in
      (verdict, findings.filter { $0.build == build.name && $0.verdict == verdict }.count)
    }
  }

  /// Compiler-style lines: errors for every finding that is not `matches` or `computed`, notes
  /// for those, then per build the verdict counts and where each value appears.
  public func text() -> String {
    var out = ""
    for finding in findings {
      let subject = finding.role.map { "\($0.rawValue) '\(finding.value)': " } ?? ""
      let sentence = "\(finding.verdict.rawValue): [\(finding.build ?? "no build")] \(subject)\(finding.message)"
      var diagnostic = finding.diagnostic.with(message: sentence)
      // A file name is foreign text too.
      let path = diagnostic.path
      diagnostic.location?.path = Printed.excerpt(path, limit: path.unicodeScalars.count)
      out += diagnostic.description + "\n"
    }
    for build in builds {
      let parts = verdicts(build).map { "\($0.1) \($0.0.rawValue)" }
      out += "\(build.name): " + parts.joined(separator: ", ") + "\n"
      for count in counts(build) { out += "  \(count.sentence(build, contract))\n" }
    }
    return out
  }

  /// The report for pipelines; its schema is `Site/schema/audit.schema.json`.
  public var json: JSON {
    .object([
      ("schemaVersion", .int(releaseCheckSchemaVersion)),
      (
        "findings",
        .array(
          findings.map { finding in
            var diagnostic = finding.diagnostic
            if finding.path == nil { diagnostic.location = nil }
            guard case .object(let members) = diagnostic.json else { return diagnostic.json }
            return .object(
              members + [
                ("build", finding.build.map(JSON.string) ?? .null),
                ("role", finding.role.map { .string($0.rawValue) } ?? .null),
                ("value", .string(finding.value)),
                ("verdict", .string(finding.verdict.rawValue)),
              ])
          })
      ),
      (
        "summary",
        .array(
          builds.map { build in
            .object([
              ("build", .string(build.name)),
              ("verdicts", .object(verdicts(build).map { ($0.0.rawValue, .int($0.1)) })),
              (
                "values",
                .array(
                  counts(build).map { count in
                    let values = count.value.values(build, contract)
                    return .object([
                      ("value", .string(count.value.rawValue)),
                      ("text", .string(values.count == 1 ? values[0] : count.value.title)),
                      ("places", .int(count.total)),
                      (
                        "reach",
                        .array(
                          count.byReach.map {
                            .object([("reach", .string($0.reach.rawValue)), ("count", .int($0.count))])
                          })
                      ),
                      ("sentence", .string(count.sentence(build, contract))),
                    ])
                  })
              ),
            ])
          })
      ),
    ])
  }
}

/// Folders never read: version control, build output, dependencies.
let skippedFolders: Set<String> = [".git", "bin", "obj", "node_modules", ".build", ".vs", "packages"]

/// Every file of the checkout that a role of `kinds` can live in, relative path and bytes, sorted.
func checkoutFiles(_ root: String, kinds: Set<FileKind>) -> [(path: String, bytes: [UInt8])] {
  var files: [(String, [UInt8])] = []
  let manager = FileManager.default
  guard let enumerator = manager.enumerator(atPath: root) else { return [] }
  while let relative = enumerator.nextObject() as? String {
    let name = (relative as NSString).lastPathComponent
    if skippedFolders.contains(name) {
      enumerator.skipDescendants()
      continue
    }
    guard let kind = fileKind(name), kinds.contains(kind) else { continue }
    var isFolder: ObjCBool = false
    let full = root + "/" + relative
    guard manager.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue,
      let data = manager.contents(atPath: full)
    else { continue }
    files.append((relative, Array(data)))
  }
  return files.sorted { $0.0 < $1.0 }
}

enum FileKind: Hashable, CaseIterable {
  case plist
  case manifest
  case csharp
  case appSettings
  case runbook
  /// `*.gradle` and `*.gradle.kts`.
  case gradle
  /// A .NET project file (`*.csproj`).
  case project

  /// The kinds of file `audit` reads for `contract`: those the places of its snippets are in,
  /// and for an app with an Android snippet the build files and manifests that declare its
  /// application id.
  static func read(by contract: Contract) -> Set<FileKind> {
    var kinds = chosen(by: contract)
    if auditRoles(contract).contains(.androidApplicationID) { kinds.formUnion([.gradle, .project, .manifest]) }
    return kinds
  }

  /// The kinds of file the places of `contract`'s snippets are in.
  static func chosen(by contract: Contract) -> Set<FileKind> {
    Set(
      contract.nativeSnippets.compactMap { kind -> FileKind? in
        switch kind {
        case .iosAssociatedDomains, .iosURLTypes: .plist
        case .androidIntentFilter, .androidSchemeFilter: .manifest
        case .mauiIntentFilter, .mauiCallbackActivity: .csharp
        case .publicSiteSettings, .webHostSettings, .identityAllowlist: .appSettings
        case .runbook: .runbook
        case .nginx: nil
        }
      })
  }
}

/// Which scanner reads a file, by its name.
func fileKind(_ name: String) -> FileKind? {
  let lower = name.lowercased()
  if lower.hasSuffix(".entitlements") || lower.hasSuffix(".plist") { return .plist }
  if lower == "androidmanifest.xml" { return .manifest }
  if lower.hasSuffix(".cs") { return .csharp }
  if lower.hasPrefix("appsettings"), lower.hasSuffix(".json") { return .appSettings }
  if lower.hasSuffix(".md") || lower.hasSuffix(".markdown") || lower.hasSuffix(".sh") { return .runbook }
  if lower.hasSuffix(".gradle") || lower.hasSuffix(".gradle.kts") { return .gradle }
  if lower.hasSuffix(".csproj") { return .project }
  return nil
}

/// Every occurrence of a role's value in the checkout at `root`, in path order, and every file
/// that could not be read: in the kinds of file the places of `contract`'s snippets are in.
public func scanCheckout(_ root: String, contract: Contract) -> CheckoutScan {
  scanFiles(checkoutFiles(root, kinds: FileKind.read(by: contract)), contract: contract)
}

/// The occurrences in `files` of `contract`'s roles (`auditRoles`); the intent filters of a
/// manifest only where the app chose the manifest snippet.
func scanFiles(_ files: [(path: String, bytes: [UInt8])], contract: Contract) -> CheckoutScan {
  let spots = contractSpots(contract)
  let intentFilters = FileKind.chosen(by: contract).contains(.manifest)
  var scan = CheckoutScan()
  var gradle: [String: GradleModule] = [:]
  /// Per folder holding a build file: whether it sets the application id, and whether it builds an
  /// Android app.
  var builders: [String: (declares: Bool, application: Bool)] = [:]
  for file in files {
    let folder = (file.path as NSString).deletingLastPathComponent
    switch fileKind((file.path as NSString).lastPathComponent) {
    case .plist: scan += scanPlist(file.path, file.bytes)
    case .manifest: scan += scanManifest(file.path, file.bytes, intentFilters: intentFilters)
    case .appSettings: scan += scanAppSettings(file.path, file.bytes, spots: spots)
    case .runbook: scan.occurrences += scanRunbook(file.path, file.bytes)
    case .gradle:
      gradle[folder, default: GradleModule()].files.append((file.path, file.bytes, readGradle(file.path, file.bytes)))
    case .project:
      let project = scanProject(file.path, file.bytes)
      scan += project.scan
      let before = builders[folder] ?? (false, false)
      builders[folder] = (before.declares || project.declares, before.application || project.android)
    case .csharp, nil: break
    }
  }
  for (folder, module) in gradle.sorted(by: { $0.key < $1.key }) {
    scan.occurrences += module.occurrences()
    if module.application, let file = module.buildFile { scan.buildFiles.append(file) }
    let before = builders[folder] ?? (false, false)
    builders[folder] = (before.declares || module.declares, before.application || module.application)
  }
  // A manifest's package is the application id only where the nearest folder above it that holds
  // a build file builds an app and sets no id itself, or where no folder above it holds one.
  scan.occurrences.removeAll { occurrence in
    guard occurrence.role == .androidApplicationID,
      fileKind((occurrence.path as NSString).lastPathComponent) == .manifest
    else { return false }
    var folder = (occurrence.path as NSString).deletingLastPathComponent
    while true {
      if let builder = builders[folder] { return builder.declares || !builder.application }
      if folder.isEmpty { return false }
      folder = (folder as NSString).deletingLastPathComponent
    }
  }
  scan.occurrences += scanCSharp(files.filter { fileKind(($0.path as NSString).lastPathComponent) == .csharp })
  let roles = Set(auditRoles(contract))
  scan.occurrences.removeAll { !roles.contains($0.role) }
  scan.occurrences.sort { ($0.path, $0.line, $0.column) < ($1.path, $1.line, $1.column) }
  return scan
}

/// The build values a role is compared with, from the spot that role checks.
func expected(_ role: AuditRole, _ build: Build, _ contract: Contract) -> [String] {
  if role == .androidApplicationID { return [build.androidPackage] }
  guard let spot = contractSpots(contract).first(where: { $0.role == role }) else { return [] }
  let values = spot.value.values(build, contract)
  switch spot.value {
  case .certificateFingerprints: return values.map { $0.uppercased() }
  case .androidPackage: return values
  default: return values.map { $0.lowercased() }
  }
}

/// Why a value is clearly not a real one, or nil.
public func placeholderReason(_ value: String, role: AuditRole) -> String? {
  let upper = value.uppercased()
  for marker in ["REPLACE_WITH", "REPLACE-WITH", "CHANGE_ME", "CHANGEME", "FIXME", "PLACEHOLDER"]
  where upper.firstRange(of: marker) != nil {
    return "holds the placeholder marker \(marker)"
  }
  let words = upper.split { !$0.isLetter }
  if words.contains("TODO") || words.contains("TBD") { return "holds a TODO marker" }
  if let open = value.firstIndex(of: "<"), value[open...].contains(">") { return "holds a <...> template" }
  if ["${", "{{", "$("].contains(where: { value.firstRange(of: $0) != nil }) { return "holds an unexpanded variable" }
  if role == .androidApplicationID, value.lowercased().hasPrefix("com.companyname.") {
    return "is the .NET template's com.companyname id"
  }
  if role == .servedFingerprint {
    if let bytes = Fingerprint.parse(value.uppercased()) {
      if bytes.allSatisfy({ $0 == 0 }) { return "is an all-zero fingerprint" }
      if Fingerprint.looksLikePlaceholder(bytes) { return "is a patterned fingerprint, not a certificate digest" }
    } else if value.allSatisfy({ "0xX:".contains($0) }) {
      return "is a fingerprint template"
    }
  }
  return nil
}

/// Audits the checkout at `root` against `contract`: each occurrence judged for the build of
/// its file (`build`, else the build whose values the file holds), then every registration the
/// judged builds need and the checkout lacks.
public func audit(_ contract: Contract, root: String, build fixed: Build? = nil) -> AuditReport {
  let files = checkoutFiles(root, kinds: FileKind.read(by: contract))
  return judge(scanFiles(files, contract: contract), contract: contract, build: fixed) { spot in
    expectedFile(spot, files)
  }
}

/// The checkout file a missing spot belongs in: a file of the spot's name that mentions the
/// spot's key, else the only file of that name; nil when the checkout has no such file.
func expectedFile(_ spot: Spot, _ files: [(path: String, bytes: [UInt8])]) -> String? {
  let name = spot.file.split(separator: "/").last.map(String.init)?.lowercased() ?? ""
  let named = files.filter { ($0.path as NSString).lastPathComponent.lowercased() == name }
  let token = String(spot.key.split(separator: ":").last?.split(separator: " ").first ?? "")
  if let mentioning = named.first(where: { String(decoding: $0.bytes, as: UTF8.self).contains(token) }) {
    return mentioning.path
  }
  return named.count == 1 ? named[0].path : nil
}

/// The build a file name names as a word (`appsettings.Staging.json`, `Entitlements.production.plist`).
func buildNamed(inFileName path: String, _ contract: Contract) -> Build? {
  let words = (path as NSString).lastPathComponent.lowercased().split { !$0.isLetter && !$0.isNumber }
  return contract.builds.first { words.contains(Substring($0.name.lowercased())) }
}

/// The build a flavor, build type or configuration name stands for: the build of that name, else
/// the one build whose name starts with it or that it starts with (`prod`, `productionFree`).
func buildNamed(variant name: String, _ contract: Contract) -> Build? {
  let lower = name.lowercased()
  if let exact = contract.builds.first(where: { $0.name.lowercased() == lower }) { return exact }
  guard lower.count >= 3 else { return nil }
  let near = contract.builds.filter {
    let build = $0.name.lowercased()
    return build.hasPrefix(lower) || lower.hasPrefix(build)
  }
  return near.count == 1 ? near[0] : nil
}

/// Judges a scan; `audit` without the file system. `locate` names the file a missing spot
/// belongs in (default: the spot's own path). Only the roles of `contract` (`auditRoles`) are
/// judged.
public func judge(
  _ scan: CheckoutScan, contract: Contract, build fixed: Build? = nil, locate: (Spot) -> String? = { $0.file }
) -> AuditReport {
  // Only the roles of the snippets the app generates (`auditRoles`): an app without an OAuth
  // callback has no return-URL allowlist to check.
  let roles = Set(auditRoles(contract))
  var table: [String: [String]] = [:]
  for role in AuditRole.allCases {
    for build in contract.builds { table[role.rawValue + " " + build.name] = expected(role, build, contract) }
  }
  func wanted(_ role: AuditRole, _ build: Build, _: Contract) -> [String] {
    table[role.rawValue + " " + build.name] ?? []
  }
  // A value a flavor, build type or configuration ships is that variant's build's, or the build
  // whose value it is; one of a variant no build stands for (a `dev` flavor) is no finding, unless
  // computed, which is noted for the file's build.
  var occurrences: [Occurrence] = []
  var declared: [Build?] = []
  for occurrence in scan.occurrences where roles.contains(occurrence.role) {
    var build: Build?
    if !occurrence.variant.isEmpty {
      build =
        occurrence.variant.lazy.compactMap { buildNamed(variant: $0, contract) }.first
        ?? contract.builds.first { wanted(occurrence.role, $0, contract).contains(occurrence.key) }
      if build == nil, !occurrence.computed { continue }
    }
    if let fixed, let build, build.name != fixed.name { continue }
    occurrences.append(occurrence)
    declared.append(build)
  }
  // Only the values of files that hold one build tell which build a file is.
  let voting = zip(occurrences, declared).filter { $0.1 == nil }.map(\.0)
  func hits(_ build: Build, _ list: [Occurrence]) -> Int {
    list.filter { wanted($0.role, build, contract).contains($0.key) }.count
  }
  func strongest(_ list: [Occurrence]) -> Build? {
    let scored = contract.builds.map { ($0, hits($0, list)) }
    guard let best = scored.max(by: { $0.1 < $1.1 }), best.1 > 0 else { return nil }
    return scored.first { $0.1 == best.1 }?.0
  }
  let overall = fixed ?? strongest(voting) ?? contract.builds.first
  let byPath = Dictionary(grouping: voting, by: \.path)
  // An unreadable file belongs to a build as any other file does, told by its name or neighbours.
  let paths = Set(occurrences.map(\.path)).union(scan.unreadable.map(\.path)).sorted()
  var own: [String: Build] = [:]
  for (path, list) in byPath { own[path] = strongest(list) }
  // Every folder's files' own builds, counted once, so that a file's neighbours are a lookup.
  var tallies: [String: [String: Int]] = [:]
  func ancestors(_ path: String) -> [String] {
    var folders: [String] = []
    var folder = (path as NSString).deletingLastPathComponent
    while true {
      folders.append(folder)
      if folder.isEmpty { break }
      folder = (folder as NSString).deletingLastPathComponent
    }
    return folders
  }
  for path in paths {
    guard let build = own[path] else { continue }
    for folder in ancestors(path) { tallies[folder, default: [:]][build.name, default: 0] += 1 }
  }
  var fileBuild: [String: Build] = [:]
  for path in paths {
    fileBuild[path] =
      fixed ?? buildNamed(inFileName: path, contract)
      ?? {
        // The nearest folder around the file where at least two other files name a build: a
        // file whose values are another build's than most of those is that build's file gone wrong.
        var around: Build?
        for folder in ancestors(path) {
          var votes = tallies[folder] ?? [:]
          if let mine = own[path] { votes[mine.name, default: 0] -= 1 }
          let total = votes.values.reduce(0, +)
          if total >= 2 {
            around = contract.builds.first { (votes[$0.name] ?? 0) * 2 > total }
            break
          }
        }
        if let mine = own[path], let around, mine.name != around.name { return around }
        return own[path] ?? around ?? overall
      }()
  }
  var findings: [AuditFinding] = []
  var matched: [String: Set<String>] = [:]
  var seen: Set<AuditFinding> = []
  for (occurrence, variantBuild) in zip(occurrences, declared) {
    let build = variantBuild ?? fileBuild[occurrence.path]
    let shipped = occurrence.role == .androidApplicationID
    let how = occurrence.detail.map { " (\($0))" } ?? ""
    let verdict: AuditVerdict
    let message: String
    if occurrence.computed {
      verdict = .computed
      let expects = build.map {
        " against \($0.name)'s \(wanted(occurrence.role, $0, contract).joined(separator: ", "))"
      }
      message =
        "computed, not a literal\(how): audit cannot compare it; check the package of the built APK or bundle"
        + (expects ?? "")
    } else if let why = placeholderReason(occurrence.value, role: occurrence.role) {
      verdict = .placeholder
      message = "not a real value: it \(why)\(how)"
    } else if let build, wanted(occurrence.role, build, contract).contains(occurrence.key) {
      if let problem = occurrence.formProblem {
        verdict = .stale
        message = "\(build.name)'s value in the wrong form: \(problem)"
      } else {
        verdict = .matches
        message = "\(build.name)'s value\(how)"
      }
    } else if let other = contract.builds.first(where: {
      wanted(occurrence.role, $0, contract).contains(occurrence.key)
    }) {
      verdict = .foreignBuild
      message =
        shipped
        ? "\(other.name)'s package, shipped by \(build?.name ?? "another build")'s release build\(how); "
          + "Digital Asset Links name the package the release build ships"
        : "\(other.name)'s value in a \(build?.name ?? "other") file; builds are never mixed"
    } else {
      verdict = .stale
      let wanted = build.map { wanted(occurrence.role, $0, contract).joined(separator: ", ") } ?? ""
      message = "no build has this value; \(build?.name ?? "the build") expects \(wanted)\(how)"
    }
    if verdict == .matches, let build {
      matched[occurrence.role.rawValue + " " + build.name, default: []].insert(occurrence.key)
    }
    let finding = AuditFinding(
      path: occurrence.path, line: occurrence.line, column: occurrence.column, build: build?.name,
      role: occurrence.role, value: Printed.url(occurrence.value, forbidden: contract.forbiddenKeys),
      verdict: verdict, message: message)
    // Two variants that ship the same value from the same place are one finding.
    if occurrence.variant.isEmpty || seen.insert(finding).inserted { findings.append(finding) }
  }
  for file in scan.unreadable {
    findings.append(
      AuditFinding(
        path: file.path, line: file.line, column: file.column, build: fileBuild[file.path]?.name, role: nil,
        value: "", verdict: .unreadable, message: file.message))
  }
  findings.sort { ($0.path ?? "", $0.line, $0.column) < ($1.path ?? "", $1.line, $1.column) }
  let judged =
    fixed.map { [$0] }
    ?? contract.builds.filter { build in
      fileBuild.values.contains { $0.name == build.name } || declared.contains { $0?.name == build.name }
    }
  let builds = judged.isEmpty ? (overall.map { [$0] } ?? []) : judged
  for build in builds {
    var needed: [Spot] = []
    for spot in contractSpots(contract) where spot.reach != .documentation && spot.alternativeTo == nil {
      if let role = spot.role, !needed.contains(where: { $0.role == role }) { needed.append(spot) }
    }
    let unread = scan.unreadable.filter { fileBuild[$0.path]?.name == build.name }
    let unreadRoles = Set(unread.flatMap(\.roles))
    let unreadFiles = Set(unread.filter(\.wholeFile).map(\.path))
    for spot in needed {
      guard let role = spot.role else { continue }
      // A role already held by a wrong value of no build (stale, a placeholder) has failed there,
      // and one a file that could not be read may hold is reported there. Another build's value
      // stands beside the missing one: a production allowlist holding only staging's scheme
      // still lacks production's.
      if unreadRoles.contains(role) || locate(spot).map(unreadFiles.contains) == true { continue }
      if findings.contains(where: {
        $0.build == build.name && $0.role == role && $0.verdict != .matches && $0.verdict != .foreignBuild
      }) {
        continue
      }
      let held = matched[role.rawValue + " " + build.name] ?? []
      for (value, shown) in zip(wanted(role, build, contract), spot.written(build, contract))
      where !held.contains(value) {
        findings.append(
          AuditFinding(
            path: locate(spot), line: 0, column: 0, build: build.name, role: role, value: shown, verdict: .missing,
            message: "the contract needs \(spot.key) in the \(spot.project)'s \(spot.file); the checkout lacks it"))
      }
    }
    // The release build's application id has no spot: it is read from the build files.
    let role = AuditRole.androidApplicationID
    if roles.contains(role), !unreadRoles.contains(role),
      !findings.contains(where: { $0.build == build.name && $0.role == role && $0.verdict != .foreignBuild })
    {
      findings.append(
        AuditFinding(
          path: scan.buildFiles.count == 1 ? scan.buildFiles[0] : nil, line: 0, column: 0, build: build.name,
          role: role, value: build.androidPackage, verdict: .missing,
          message:
            "no release build in the checkout ships \(build.name)'s package, which Digital Asset Links name "
            + "(applicationId in a Gradle file, <ApplicationId> in a project file, or the manifest's package)"))
    }
  }
  return AuditReport(findings: findings, builds: builds, contract: contract)
}
