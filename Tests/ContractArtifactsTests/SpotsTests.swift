import AssociationChecks
import ContractArtifacts
import CustomerApp
import LinkContract
import Testing

struct SpotsTests {
  static let contract = Contract.customerApp

  struct Case: Sendable, CustomTestStringConvertible {
    let build: String
    let spot: String
    var testDescription: String { "\(build) \(spot)" }
  }

  static let cases: [Case] = contract.builds.flatMap { build in
    contractSpots(Self.contract).map { Case(build: build.name, spot: $0.id) }
  }

  static func snippet(_ name: String, _ build: Build) -> String? {
    nativeSnippets(contract, build: build).first { $0.name == name }?.contents
  }

  @Test func idsAreUniqueKebabCase() {
    let ids = contractSpots(Self.contract).map(\.id)
    #expect(Set(ids).count == ids.count)
    for id in ids {
      #expect(id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(id)")
    }
    for spot in contractSpots(Self.contract) where spot.alternativeTo != nil {
      #expect(contractSpots(Self.contract).contains { $0.id == spot.alternativeTo }, "\(spot.id)")
    }
  }

  /// Each spot's snippet exists, says on its first line where it goes and which role checks it,
  /// and holds the exact text the spot must hold.
  @Test(arguments: cases)
  func snippetFillsItsSpot(_ test: Case) throws {
    let build = try #require(Self.contract.build(named: test.build))
    let spot = try #require(contractSpots(Self.contract).first { $0.id == test.spot })
    let text = try #require(Self.snippet(spot.snippet, build), "no snippet \(spot.snippet)")
    let first = String(text.split(separator: "\n")[0])
    #expect(first.contains(spot.file), "\(first)")
    #expect(first.contains(spot.key), "\(first)")
    if let role = spot.role { #expect(first.contains("audit role \(role.rawValue)"), "\(first)") }
    for value in spot.written(build, Self.contract) {
      #expect(text.contains(value), "\(spot.snippet) lacks \(value)")
    }
    for other in Self.contract.builds where other.name != build.name {
      #expect(!text.contains(other.webHost), "\(spot.snippet) names \(other.webHost)")
    }
  }

  /// The settings snippets hold each spot's key with the spot's value, read as .NET reads them.
  @Test(arguments: cases)
  func settingsSnippetsHoldTheKey(_ test: Case) throws {
    let build = try #require(Self.contract.build(named: test.build))
    let spot = try #require(contractSpots(Self.contract).first { $0.id == test.spot })
    guard spot.snippet.hasPrefix("appsettings."), spot.value != .routeClaims else { return }
    let text = try #require(Self.snippet(spot.snippet, build))
    let entries = try AppSettings.entries(Array(text.utf8))
    let held = entries.filter { $0.key == spot.key || $0.key.hasPrefix(spot.key + ":") }.map(\.value)
    #expect(held == spot.written(build, Self.contract), "\(spot.key)")
  }

  @Test(arguments: contract.builds.map(\.name))
  /// ADR-043 counts five: three in the binary, two in its runbook; the generated runbook also
  /// checks Apple's CDN, a sixth place a cutover changes.
  func hostCountIsTheOneADR043KeptByHandAndTheCDNCheck(_ name: String) throws {
    let build = try #require(Self.contract.build(named: name))
    let host = try #require(spotCounts(contractSpots(Self.contract)).first { $0.value == .webHost })
    #expect(host.total == 6)
    #expect(host.byReach.map(\.reach) == [.binary, .documentation])
    #expect(host.byReach.map(\.count) == [3, 3])
    #expect(
      host.sentence(build, Self.contract)
        == "The web host \(build.webHost) appears in 6 places: 3 ship in the binary, 3 in the runbook")
  }

  /// The application id is read from the app's build files, which no snippet fills.
  @Test func everyRoleButTheApplicationIDHasASpot() {
    let roles = Set(contractSpots(Self.contract).compactMap(\.role))
    #expect(roles == Set(AuditRole.allCases).subtracting([.androidApplicationID]))
    #expect(auditRoles(Self.contract) == AuditRole.allCases)
  }

  /// The nginx snippet has one exact-match location per served file, each forcing JSON.
  @Test(arguments: contract.builds.map(\.name))
  func nginxServesEveryWellKnownFileAsJSON(_ name: String) throws {
    let build = try #require(Self.contract.build(named: name))
    let text = try #require(Self.snippet("nginx-association.conf", build))
    var locations: [String: [String]] = [:]
    var current: String?
    var depth = 0
    for raw in text.split(separator: "\n") {
      let line = raw.trimmingSpaces
      if line.hasPrefix("#") || line.isEmpty { continue }
      if line.hasPrefix("location = "), line.hasSuffix("{") {
        #expect(depth == 0, "nested location: \(line)")
        current = String(line.dropFirst("location = ".count).dropLast().trimmingSpaces)
        depth += 1
        continue
      }
      if line == "}" {
        depth -= 1
        if depth == 0 { current = nil }
        continue
      }
      if line == "types { }" { continue }
      let location = try #require(current, "directive outside a location: \(line)")
      #expect(line.hasSuffix(";"), "\(line)")
      locations[location, default: []].append(String(line))
    }
    #expect(depth == 0)
    #expect(locations.keys.sorted() == wellKnownPaths.sorted())
    let served = Set(
      associationArtifacts(Self.contract).map(\.path).filter {
        $0.hasPrefix(associationFolder(build) + "/.well-known/")
      }
      .map { String($0.dropFirst(associationFolder(build).count)) })
    #expect(served == Set(wellKnownPaths))
    for path in wellKnownPaths {
      #expect(locations[path]?.contains("default_type \(associationContentType);") == true, "\(path)")
      #expect(text.contains("location = \(path) {\n    types { }\n"), "\(path): empty types map first")
    }
  }
}

extension Substring {
  var trimmingSpaces: Substring {
    var text = self
    while text.first == " " { text.removeFirst() }
    while text.last == " " { text.removeLast() }
    return text
  }
}
