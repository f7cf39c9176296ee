import AssociationChecks
import ContractArtifacts
import DesignFixture
import LinkContract
import Testing

/// A build value changed in the values, seen by `diff` between the two releases' `Site/` trees
/// (contract.json and the association folder) and planned place by place.
struct CutoverTests {
  static let contract = Contract.design

  /// A release's `Site/` tree as `diff` reads it: the published files, keyed under `Site/`.
  static func site(_ contract: Contract) -> [String: [UInt8]] {
    var tree: [String: [UInt8]] = [:]
    for file in siteArtifacts(contract) where file.path.hasPrefix("Site/") {
      tree[String(file.path.dropFirst("Site/".count))] = Array(file.contents.utf8)
    }
    return tree
  }

  struct Edit: Sendable, CustomTestStringConvertible {
    let kind: ChangeKind
    let value: SpotValue
    let change: @Sendable (Build) -> Build
    var testDescription: String { kind.rawValue }
  }

  static func edited(
    _ build: Build, host: String? = nil, team: String? = nil, package: String? = nil, scheme: String? = nil,
    fingerprints: [String]? = nil
  ) -> Build {
    Build(
      name: build.name, webHost: host ?? build.webHost, teamID: team ?? build.teamID, bundleID: build.bundleID,
      androidPackage: package ?? build.androidPackage, customScheme: scheme ?? build.customScheme,
      androidCertificateFingerprints: fingerprints ?? build.androidCertificateFingerprints)
  }

  static let edits: [Edit] = [
    Edit(kind: .hostChanged, value: .webHost) { edited($0, host: "cutover." + $0.webHost) },
    Edit(kind: .schemeChanged, value: .customScheme) { edited($0, scheme: $0.customScheme + ".next") },
    Edit(kind: .appIDChanged, value: .appID) { edited($0, team: String($0.teamID.reversed())) },
    Edit(kind: .packageChanged, value: .androidPackage) { edited($0, package: $0.androidPackage + ".next") },
    Edit(kind: .fingerprintChanged, value: .certificateFingerprints) {
      edited($0, fingerprints: $0.androidCertificateFingerprints.map { String($0.reversed()) })
    },
  ]

  static func after(_ edit: Edit) -> (Contract, Build, Build) {
    let before = contract.builds[0]
    let after = edit.change(before)
    return (contract.replacing(builds: [after] + contract.builds.dropFirst()), before, after)
  }

  @Test(
    "A changed build value is its own change kind, with old and new value, and nothing else repeats it",
    arguments: edits)
  func valueChangeIsNamed(_ edit: Edit) throws {
    let (changed, before, after) = Self.after(edit)
    let diff = diffAssociationTrees(old: Self.site(Self.contract), new: Self.site(changed), contract: changed)
    let named = diff.changes.filter { $0.kind == edit.kind }
    #expect(named.count == 1, "\(diff.text(changed))")
    let change = try #require(named.first)
    #expect(change.build == before.name)
    #expect(change.file == "contract.json")
    #expect(change.detail.contains(edit.value.values(before, Self.contract).joined(separator: ", ")))
    #expect(change.detail.contains(edit.value.values(after, changed).joined(separator: ", ")))
    // The snippet lines that only carry the new value are said by the value change already.
    let lines = diff.changes.filter { $0.kind == .lineAdded || $0.kind == .lineRemoved }
    #expect(lines.filter { $0.file.contains("/native/") }.map(\.detail) == [], "\(diff.text(changed))")
    #expect(!diff.changes.contains { $0.detail.hasPrefix("\"digest\"") })
  }

  @Test(
    "Every revalidation a changed value calls for is one of the release checks' fixed ids, which an app lists alone",
    arguments: edits)
  func triggersAreFixed(_ edit: Edit) {
    let fixedOnly = Self.contract.replacing(
      revalidation: Self.contract.revalidation.filter { RevalidationID.releaseChecks.contains($0.id) })
    for contract in [Self.contract, fixedOnly] {
      let before = contract.builds[0]
      let changed = contract.replacing(builds: [edit.change(before)] + contract.builds.dropFirst())
      let diff = diffAssociationTrees(old: Self.site(contract), new: Self.site(changed), contract: changed)
      let fired = diff.changes.flatMap(\.triggers) + diff.cutovers.flatMap(\.change.triggers)
      #expect(!fired.isEmpty)
      #expect(fired.allSatisfy(RevalidationID.releaseChecks.contains), "\(fired)")
      #expect(fired.allSatisfy { id in changed.revalidation.contains { $0.id == id } }, "\(fired)")
    }
  }

  @Test("The plan lists every place of the value, old -> new, in the order to ship", arguments: edits)
  func planCoversEverySpot(_ edit: Edit) throws {
    let (changed, before, after) = Self.after(edit)
    let diff = diffAssociationTrees(old: Self.site(Self.contract), new: Self.site(changed), contract: changed)
    let plan = try #require(diff.cutovers.first)
    #expect(diff.cutovers.count == 1)
    let spots = contractSpots(changed).filter { $0.value == edit.value }
    #expect(!spots.isEmpty)
    for spot in spots {
      let steps = plan.steps.filter { $0.spot == spot.id }
      #expect(!steps.isEmpty, "no step for \(spot.id)")
      let last = try #require(steps.last)
      #expect(last.after == spot.written(after, changed), "\(spot.id)")
      #expect(steps.first?.before == spot.written(before, Self.contract), "\(spot.id)")
    }
    // Phases never go back: serve both, ship binaries, runbook, retire.
    let order = plan.steps.map { CutoverPhase.allCases.firstIndex(of: $0.phase)! }
    #expect(order == order.sorted())
    // Served places hold both values until the old one retires.
    for step in plan.steps where step.phase == .serveBoth && step.spot != nil {
      #expect(Set(step.after).isSuperset(of: step.before), "\(step.key)")
    }
    #expect(!plan.consequences.isEmpty)
    let json = diff.json(changed)
    guard case .array(let cutovers)? = json["cutovers"], case .array(let steps)? = cutovers.first?["steps"] else {
      Issue.record("no cutovers in the JSON report")
      return
    }
    #expect(steps.count == plan.steps.count)
    #expect(json["schemaVersion"] == .int(3))
  }

  @Test("A host cutover is served on both hosts and verified before binaries ship, and retires the old host last")
  func hostCutoverOrder() throws {
    let (changed, before, after) = Self.after(Self.edits[0])
    let plan = cutoverPlan(
      try #require(valueChanges(old: Self.contract.builds, new: changed.builds, contract: changed).first),
      contract: changed)
    let first = try #require(plan.steps.first)
    #expect(first.phase == .serveBoth && first.key.contains(after.webHost))
    #expect(first.command == "linkcontract verify-host --build \(after.name)")
    #expect(
      plan.steps.contains {
        $0.phase == .serveBoth && $0.command?.contains("--base-url https://\(before.webHost)") == true
      })
    let last = try #require(plan.steps.last)
    #expect(last.phase == .retireOld && last.key.contains(before.webHost))
    #expect(plan.steps.contains { $0.after.contains(appleCDNCheckURL(after.webHost)) })
  }

  @Test("Two contract.json files alone give the same value changes and plans")
  func contractDocuments() throws {
    let (changed, _, _) = Self.after(Self.edits[1])
    let old = try #require(Self.site(Self.contract)["contract.json"])
    let new = try #require(Self.site(changed)["contract.json"])
    let diff = diffAssociationFile("contract.json", old: old, new: new, contract: changed)
    #expect(diff.changes.map(\.kind) == [.schemeChanged], "\(diff.text(changed))")
    #expect(diff.cutovers.count == 1)
    #expect(diffAssociationFile("contract.json", old: old, new: old, contract: changed).isEmpty)
  }

  /// Names that do not say `contract.json`, some of which say another kind of file.
  static let otherNames = ["old.json", "release", "apple-app-site-association", "assetlinks.json"]

  @Test(
    "Two contract.json files under any names give the value changes and plans of the tree diff",
    arguments: edits, otherNames)
  func contractDocumentsByContent(_ edit: Edit, _ name: String) throws {
    let (changed, _, _) = Self.after(edit)
    let old = try #require(Self.site(Self.contract)["contract.json"])
    let new = try #require(Self.site(changed)["contract.json"])
    #expect(ComparedFile(name: name, bytes: old) == .contractDocument)
    let tree = diffAssociationTrees(old: ["contract.json": old], new: ["contract.json": new], contract: changed)
    let alone = diffContractFiles(name, old: old, new: new, contract: changed)
    func values(_ diff: AssociationDiff) -> [String] {
      diff.changes.map { "\($0.kind.rawValue) \($0.build ?? "-") \($0.detail)" }
    }
    #expect(alone.changes.map(\.kind).contains(edit.kind), "\(alone.text(changed))")
    #expect(values(alone) == values(tree))
    #expect(alone.cutovers == tree.cutovers)
    #expect(alone.text(changed).contains("cutover plan for"))
    // A tree of that one file reads it by its content too, unless its name says another kind.
    let single = diffAssociationTrees(old: [name: old], new: [name: new], contract: changed)
    if AssociationKind(fileName: name) == nil {
      #expect(values(single) == values(tree))
      #expect(single.cutovers == tree.cutovers)
    }
  }

  @Test(
    "A cutover's consequences speak only of the places the app's snippets fill",
    arguments: [AdopterCase.customerApp, .ferry, .manifestOnly])
  func consequencesOfTheAppsPlaces(_ adopter: AdopterCase) {
    let contract = adopter.contract
    let before = contract.builds[0]
    let after = Self.edited(before, host: "cutover." + before.webHost, scheme: before.customScheme + ".next")
    let changes = valueChanges(old: contract.builds, new: [after] + contract.builds.dropFirst(), contract: contract)
    #expect(changes.map(\.value) == [.webHost, .customScheme])
    let text = changes.flatMap { cutoverPlan($0, contract: contract).consequences }.joined(separator: "\n")
    let chosen = contract.nativeSnippets
    #expect(text.contains(contract.checkout.identityService) == chosen.contains(.identityAllowlist))
    #expect(text.contains(contract.checkout.runbook) == chosen.contains(.runbook))
    #expect(text.contains("public base URL") == chosen.contains(.publicSiteSettings))
  }

  @Test("A file is told by its content first, then by its name, then by its first byte")
  func comparedFileKinds() throws {
    let document = try #require(Self.site(Self.contract)["contract.json"])
    let cases: [(String, [UInt8], ComparedFile?)] = [
      ("x.json", document, .contractDocument),
      ("contract.json", Array("not json".utf8), .contractDocument),
      ("x.json", Array(#"{"applinks":{}}"#.utf8), .association(.appleAppSiteAssociation)),
      ("x.json", Array("  [ ]".utf8), .association(.assetLinks)),
      ("assetlinks.json", Array(#"{"applinks":{}}"#.utf8), .association(.assetLinks)),
      ("x.txt", Array("text".utf8), nil),
    ]
    for (name, bytes, expected) in cases {
      #expect(ComparedFile(name: name, bytes: bytes) == expected, "\(name)")
    }
  }
}
