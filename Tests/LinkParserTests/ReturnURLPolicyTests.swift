import DesignFixture
import LinkContract
import LinkParser
import Testing

// The OAuth return-URL policy of docs/design.md (ADR-043), by hand: a return URL whose scheme is in
// the allowlist (ignoring case) is echoed exactly; http and https never match; an empty
// allowlist, a relative, absent or empty return URL gives the UI base URL.

/// One return-URL policy case and the target docs/design.md gives it.
struct ReturnURLPolicyCase: Sendable, CustomTestStringConvertible {
  let name: String
  let returnURL: String?
  let allowedSchemes: [String]
  let expected: CompletionTarget

  static let uiBase = "https://account.example.com/oauth/complete"
  static let production = "com.example.customer"
  static let staging = "com.example.customer.staging"

  var testDescription: String { name }

  static func native(_ name: String, _ returnURL: String, allowed: [String]) -> ReturnURLPolicyCase {
    ReturnURLPolicyCase(name: name, returnURL: returnURL, allowedSchemes: allowed, expected: .nativeCallback(returnURL))
  }

  static func ui(_ name: String, _ returnURL: String?, allowed: [String]) -> ReturnURLPolicyCase {
    ReturnURLPolicyCase(name: name, returnURL: returnURL, allowedSchemes: allowed, expected: .uiBaseURL(uiBase))
  }

  static let all: [ReturnURLPolicyCase] = [
    native("listed scheme", "com.example.customer://oauth-complete", allowed: [production]),
    native("listed staging scheme", "com.example.customer.staging://oauth-complete", allowed: [production, staging]),
    native("scheme listed in uppercase", "com.example.customer://oauth-complete", allowed: ["COM.EXAMPLE.CUSTOMER"]),
    native(
      "return URL scheme in uppercase, echoed as sent", "COM.Example.Customer://oauth-complete", allowed: [production]),
    native("no trailing slash added", "com.example.customer://oauth-complete", allowed: [production]),
    native("trailing slash kept", "com.example.customer://oauth-complete/", allowed: [production]),
    native("query kept as sent", "com.example.customer://oauth-complete?state=abc", allowed: [production]),
    native("path and case kept as sent", "com.example.customer://OAuth-Complete/Step", allowed: [production]),
    native("dot segments not removed", "com.example.customer://oauth-complete/./x/../y", allowed: [production]),
    native("percent-escapes not decoded", "com.example.customer://oauth-complete%2Fx", allowed: [production]),
    native("scheme followed by a single colon", "com.example.customer:oauth-complete", allowed: [production]),
    native(
      "listed among http and https", "com.example.customer://oauth-complete", allowed: ["https", "http", production]),
    ui("scheme not listed", "com.example.other://oauth-complete", allowed: [production]),
    ui("the other build's scheme", "com.example.customer.staging://oauth-complete", allowed: [production]),
    ui("a listed scheme's prefix", "com.example://oauth-complete", allowed: [production]),
    ui("a listed scheme with a suffix", "com.example.customerx://oauth-complete", allowed: [production]),
    ui("https listed", "https://evil.example/steal", allowed: ["https"]),
    ui("http listed", "http://evil.example/steal", allowed: ["http"]),
    ui("HTTPS listed, https sent", "https://evil.example/steal", allowed: ["HTTPS", production]),
    ui("https listed, HTTPS sent", "HTTPS://evil.example/steal", allowed: ["https", production]),
    ui("http listed, HtTp sent", "HtTp://evil.example/steal", allowed: ["http", "https", production]),
    ui("empty allowlist", "com.example.customer://oauth-complete", allowed: []),
    ui("empty allowlist, https", "https://evil.example/steal", allowed: []),
    ui("absent return URL", nil, allowed: [production]),
    ui("empty return URL", "", allowed: [production]),
    ui("relative path", "/oauth/complete", allowed: [production]),
    ui("relative path, no slash", "oauth-complete", allowed: [production]),
    ui("network-path reference", "//evil.example/steal", allowed: [production]),
    ui("colon first", "://oauth-complete", allowed: [production]),
    ui("scheme starting with a digit", "1com.example.customer://oauth-complete", allowed: ["1com.example.customer"]),
    ui("leading space", " com.example.customer://oauth-complete", allowed: [production]),
    ui("space in the scheme", "com.example .customer://oauth-complete", allowed: ["com.example .customer"]),
    ui("newline after the scheme", "com.example.customer://oauth-complete\n", allowed: [production]),
  ]
}

@Suite struct ReturnURLPolicyTests {
  @Test(arguments: ReturnURLPolicyCase.all)
  func target(_ item: ReturnURLPolicyCase) {
    let target = ReturnURLPolicy.completionTarget(
      returnURL: item.returnURL, allowedSchemes: item.allowedSchemes, uiBaseURL: ReturnURLPolicyCase.uiBase)
    #expect(target == item.expected)
    #expect(target.url == item.expected.url)
  }

  @Test("The echo is byte for byte: the target's URL is the very string sent", arguments: ReturnURLPolicyCase.all)
  func echo(_ item: ReturnURLPolicyCase) {
    let target = ReturnURLPolicy.completionTarget(
      returnURL: item.returnURL, allowedSchemes: item.allowedSchemes, uiBaseURL: ReturnURLPolicyCase.uiBase)
    if case .nativeCallback(let url) = target {
      #expect(Array(url.utf8) == Array((item.returnURL ?? "").utf8))
    }
  }

  @Test("Each build's own callback is accepted when its scheme is listed")
  func buildCallbacks() {
    let contract = Contract.design
    let schemes = contract.builds.map(\.customScheme)
    func callback(_ build: Build) -> String { contract.oauthCallback(in: build)! }
    for build in contract.builds {
      let target = ReturnURLPolicy.completionTarget(
        returnURL: callback(build), allowedSchemes: schemes, uiBaseURL: ReturnURLPolicyCase.uiBase)
      #expect(target == .nativeCallback(callback(build)))
      let alone = ReturnURLPolicy.completionTarget(
        returnURL: callback(build), allowedSchemes: [build.customScheme], uiBaseURL: ReturnURLPolicyCase.uiBase)
      #expect(alone == .nativeCallback(callback(build)))
      for other in contract.builds where other.name != build.name {
        let foreign = ReturnURLPolicy.completionTarget(
          returnURL: callback(other), allowedSchemes: [build.customScheme], uiBaseURL: ReturnURLPolicyCase.uiBase)
        #expect(foreign == .uiBaseURL(ReturnURLPolicyCase.uiBase))
      }
    }
  }

  @Test("The redirect carries only the single-use code, and the app recognizes it")
  func redirectCarriesOnlyTheCode() {
    let code = LinkSamples.code(43)
    for build in Contract.design.builds {
      let callback = Contract.design.oauthCallback(in: build)!
      let target = ReturnURLPolicy.completionTarget(
        returnURL: callback, allowedSchemes: [build.customScheme], uiBaseURL: ReturnURLPolicyCase.uiBase)
      let redirect = ReturnURLPolicy.redirect(to: target, code: code)
      #expect(redirect == callback + "?code=" + code)
      #expect(!redirect.contains("token"))
      #expect(!redirect.contains("state"))
      #expect(!redirect.contains("#"))
      #expect(LinkParser(contract: .design, build: build).parse(redirect) == .recognized(.oauthComplete(.code(code))))
    }
    let ui = ReturnURLPolicy.redirect(to: .uiBaseURL(ReturnURLPolicyCase.uiBase), code: code)
    #expect(ui == ReturnURLPolicyCase.uiBase + "?code=" + code)
    let withQuery = ReturnURLPolicy.redirect(
      to: .nativeCallback("com.example.customer://oauth-complete?flow=1"), code: code)
    #expect(withQuery == "com.example.customer://oauth-complete?flow=1&code=" + code)
  }

  @Test("A return URL with a fragment: echoed exactly, and the redirect puts the code in the query")
  func fragment() {
    let code = LinkSamples.code(40)
    let returnURL = "com.example.customer://oauth-complete#done"
    let target = ReturnURLPolicy.completionTarget(
      returnURL: returnURL, allowedSchemes: [ReturnURLPolicyCase.production], uiBaseURL: ReturnURLPolicyCase.uiBase)
    #expect(target == .nativeCallback(returnURL))
    let redirect = ReturnURLPolicy.redirect(to: target, code: code)
    // RFC 3986: the query comes before the fragment. Appending `?code=` after `#done` puts the
    // code in the fragment, where the app's strict parser answers fragment-present.
    #expect(redirect == "com.example.customer://oauth-complete?code=\(code)#done")
    let fragmentQuestion = ReturnURLPolicy.redirect(
      to: .nativeCallback("com.example.customer://oauth-complete#a?b"), code: code)
    #expect(fragmentQuestion == "com.example.customer://oauth-complete?code=\(code)#a?b")
  }
}
