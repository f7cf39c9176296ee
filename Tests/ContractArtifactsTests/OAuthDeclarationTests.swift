import ContractArtifacts
import CustomerApp
import DesignFixture
import LinkContract
import LinkParser
import Testing

// docs/design.md, OAuth return-URL policy: OAuth is the app's only where a route class declares
// its OAuth callback (`RouteClass.oauthCallback`). Then contract.json carries each build's
// callback and return-URL policy (the completion page is the declared one), conformance.json its
// cases, the audit the `oauth-return-scheme` role; without it none of them exists, and a
// custom-scheme return route is called by its own title.

/// A contract with an OAuth callback (the Customer App) and one without (the ferry).
struct OAuthApp: Sendable, CustomTestStringConvertible {
  let contract: Contract
  var testDescription: String { contract.appName }

  static let all = [OAuthApp(contract: .customerApp), OAuthApp(contract: .ferry)]
}

@Suite("OAuth is a declared value")
struct OAuthDeclarationTests {
  @Test(
    "contract.json has each build's OAuth callback and return-URL policy only where one is declared",
    arguments: OAuthApp.all)
  func contractDocumentMembers(_ app: OAuthApp) throws {
    let contract = app.contract
    let document = contractDocument(contract)
    guard case .array(let builds) = document["builds"] else {
      Issue.record("contract.json has no builds")
      return
    }
    let declared = contract.oauthCallbackRoute?.oauthCallback
    #expect((declared != nil) == (contract.appName == Contract.customerApp.appName))
    for (build, value) in zip(contract.builds, builds) {
      #expect(value["oauthCallback"] == contract.oauthCallback(in: build).map(JSON.string), "\(build.name)")
      #expect(value["returnUrlPolicy"]?["uiBaseUrl"] == declared.map { .string($0.completionPageURL(in: build)) })
      #expect(
        value["returnUrlPolicy"]?["allowedSchemes"] == declared.map { _ in .array([.string(build.customScheme)]) })
    }
    let schema = contractSchema(contract)
    let errors = SchemaChecker.errors(document, schema)
    #expect(errors.isEmpty, "\(errors)")
    #expect(schema.pretty.contains("\"oauthCallback\"") == (declared != nil))
    #expect(schema.pretty.contains("\"returnUrlPolicy\"") == (declared != nil))
  }

  @Test("The Customer App's completion page is the one it declares, in every build")
  func customerAppCompletionPage() throws {
    let app = Contract.customerApp
    let declared = try #require(app.oauthCallbackRoute?.oauthCallback)
    for build in app.builds {
      #expect(declared.completionPageURL(in: build) == "https://" + build.webHost + declared.completionPage)
      #expect(declared.allowedReturnSchemes(in: build) == [build.customScheme])
    }
  }

  @Test("The return-URL cases exist only where an OAuth callback is declared, from its values")
  func returnURLCases() throws {
    let declaring = Contract.design
    let declared = try #require(declaring.oauthCallbackRoute?.oauthCallback)
    let table = ConformanceTable(contract: declaring)
    #expect(!table.returnURLs.isEmpty)
    for item in table.returnURLs {
      let build = try #require(declaring.builds.first { item.id.hasPrefix($0.name + "-") })
      #expect(item.uiBaseURL == declared.completionPageURL(in: build), "\(item.id)")
      let target = ReturnURLPolicy.completionTarget(
        returnURL: item.returnURL, allowedSchemes: item.allowedSchemes, uiBaseURL: item.uiBaseURL)
      #expect(target == item.expected, "\(item.id)")
    }
    #expect(table.json().contains("\"returnUrls\""))
    #expect(table.swiftSource().contains("ReturnURLConformanceCase"))
    #expect(conformanceSchema(declaring).pretty.contains("\"returnUrls\""))

    let without = declaring.withoutOAuth
    #expect(without.problems() == [])
    let plain = ConformanceTable(contract: without)
    #expect(plain.returnURLs.isEmpty)
    #expect(plain.links.count == table.links.count)
    #expect(!plain.json().contains("returnUrls"))
    #expect(!plain.swiftSource().contains("ReturnURL") && !plain.swiftSource().contains("OAuth"))
    #expect(!conformanceSchema(without).pretty.contains("returnUrls"))
  }

  @Test("The OAuth snippets and the audit's return-scheme role belong to an app that declares OAuth")
  func snippetsAndRoles() {
    let declaring = Contract.design.replacing(nativeSnippets: NativeSnippetKind.allCases)
    let without = Contract.design.withoutOAuth.replacing(nativeSnippets: NativeSnippetKind.allCases)
    let oauthFiles = Set(NativeSnippetKind.allCases.filter(\.needsOAuthCallback).map(snippetFile))
    for build in declaring.builds {
      let declaredFiles = Set(nativeSnippets(declaring, build: build).map(\.name))
      #expect(oauthFiles.isSubset(of: declaredFiles))
      #expect(Set(nativeSnippets(without, build: build).map(\.name)).isDisjoint(with: oauthFiles))
    }
    #expect(auditRoles(declaring).contains(.oauthReturnScheme))
    #expect(!auditRoles(without).contains(.oauthReturnScheme))
    #expect(auditSchema(declaring).pretty.contains(AuditRole.oauthReturnScheme.rawValue))
    #expect(!auditSchema(without).pretty.contains(AuditRole.oauthReturnScheme.rawValue))
    #expect(!contractSpots(without).contains { $0.role == .oauthReturnScheme })
  }

  @Test("The URL types say OAuth callback for a declared one, and name the custom-scheme routes otherwise")
  func urlTypesHeader() throws {
    for build in Contract.customerApp.builds {
      let snippet = try #require(nativeSnippets(.customerApp, build: build).first { $0.name == "url-types.plist" })
      let callback = try #require(Contract.customerApp.oauthCallback(in: build))
      #expect(snippet.contents.contains("for the OAuth callback \(callback):"))
    }
    let ferry = Contract.ferry
    for build in ferry.builds {
      let snippet = try #require(nativeSnippets(ferry, build: build).first { $0.name == "url-types.plist" })
      #expect(!snippet.contents.contains("OAuth"))
      for route in ferry.routeClasses {
        guard let name = route.customSchemeName else { continue }
        #expect(snippet.contents.contains("\(route.title) (\(build.customScheme)://\(name))"), "\(route.id)")
      }
    }
  }
}
