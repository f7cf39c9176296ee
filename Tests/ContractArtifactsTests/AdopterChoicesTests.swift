import ContractArtifacts
import DesignFixture
import LinkContract
import Testing

// What one app chose about its platforms is a value of that app: the snippets' first lines, the
// spots, the contract's checks and the platform limits follow the adopter's values.

@Suite("An adopter's platforms and files are its choices")
struct AdopterChoicesTests {
  /// The files of the layout that only snippets the contract did not choose go into.
  static func unchosenFiles(_ contract: Contract) -> Set<String> {
    let chosen = Set(contract.nativeSnippets.compactMap { contract.checkout.file(for: $0) })
    return Set(
      NativeSnippetKind.allCases.filter { !contract.nativeSnippets.contains($0) }
        .compactMap { contract.checkout.file(for: $0) }.filter { !$0.isEmpty && !chosen.contains($0) })
  }

  @Test("A snippet's first line names no file of a snippet the app did not choose", arguments: AdopterCase.all)
  func headersNameOnlyChosenFiles(_ adopter: AdopterCase) {
    let contract = adopter.contract
    let unchosen = Self.unchosenFiles(contract)
    for build in contract.builds {
      for snippet in nativeSnippets(contract, build: build) {
        let first = String(snippet.contents.split(separator: "\n").first ?? "")
        for file in unchosen { #expect(!first.contains(file), "\(snippet.name): \(first)") }
      }
    }
  }

  @Test("A spot is an alternative only beside the app's own place it replaces", arguments: AdopterCase.all)
  func alternativesAreTheAppsOwn(_ adopter: AdopterCase) {
    let spots = contractSpots(adopter.contract)
    for spot in spots where spot.alternativeTo != nil {
      #expect(spots.contains { $0.id == spot.alternativeTo }, "\(spot.id)")
    }
    let files = Set(adopter.contract.nativeSnippets.map(snippetFile))
    #expect(spots.allSatisfy { files.contains($0.snippet) })
    #expect(spots.allSatisfy { !Self.unchosenFiles(adopter.contract).contains($0.file) })
  }

  @Test("Every adopter's snippets have their files in its layout: no snippet-file-missing", arguments: AdopterCase.all)
  func adoptersValidate(_ adopter: AdopterCase) {
    #expect(adopter.contract.problems().filter { $0.id == .snippetFileMissing }.map(\.description) == [])
  }

  /// The kinds whose file a native app's default layout does not have.
  static let kindsWithoutNativeFile = NativeSnippetKind.allCases.filter { CheckoutLayout.native.file(for: $0) == nil }

  @Test(
    "A snippet chosen whose file the layout lacks is an error at the contract's line", arguments: kindsWithoutNativeFile
  )
  func snippetWithoutFile(_ kind: NativeSnippetKind) throws {
    let contract = Contract.ferry.replacing(nativeSnippets: Contract.ferry.nativeSnippets + [kind])
    let problems = contract.problems().filter { $0.id == .snippetFileMissing }
    let problem = try #require(problems.first)
    #expect(problems.count == 1)
    #expect(problem.location?.line == Contract.ferry.source.line)
    #expect(problem.message.contains(kind.rawValue))
    #expect(problem.message.contains(CheckoutLayout.property(for: kind)))
  }

  @Test("A contract that lists no snippets gets those its layout has files for, and names no .NET file")
  func defaultLayoutIsNative() {
    let ferry = Contract.ferry
    let contract = Contract(
      appName: ferry.appName, builds: ferry.builds, reservedBodyPrefix: ferry.reservedBodyPrefix,
      maximumLinkBytes: ferry.maximumLinkBytes, routeClasses: ferry.routeClasses, forbiddenKeys: ferry.forbiddenKeys,
      rejectionRules: ferry.rejectionRules, layers: ferry.layers, stages: ferry.stages,
      troubleshooting: ferry.troubleshooting, verification: ferry.verification, revalidation: ferry.revalidation)
    #expect(contract.checkout == .native)
    #expect(contract.nativeSnippets == CheckoutLayout.native.snippets)
    #expect(contract.problems().map(\.description) == [])
    #expect(!contract.nativeSnippets.contains(.mauiIntentFilter))
    #expect(!contract.nativeSnippets.contains(.mauiCallbackActivity))
    for kind in NativeSnippetKind.allCases {
      #expect(CheckoutLayout.native.file(for: kind)?.hasSuffix(".cs") != true, "\(kind)")
    }
  }

  @Test(
    "The platform limits say which https routes take query fields, from the values",
    arguments: AdopterCase.three)
  func queryFieldsSentence(_ adopter: AdopterCase) throws {
    let contract = adopter.contract
    let limits = platformLimits(contract, build: contract.builds[0])
    let taking = contract.routeClasses.filter { $0.httpsPath != nil && !$0.query.fields.isEmpty }
    let limit = try #require(limits.first { $0.explanation.contains("fragment-present") })
    #expect(limit.explanation.contains("take no query field") == taking.isEmpty)
    for route in taking {
      #expect(limit.explanation.contains(route.title), "\(route.id)")
      for field in route.query.fields { #expect(limit.explanation.contains("`\(field.name)`"), "\(field.name)") }
    }
  }
}
