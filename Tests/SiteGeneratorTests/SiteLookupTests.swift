import Testing

@testable import SiteGenerator

/// The one rule by which the site index answers a render's question about a page's id.
@Suite struct SiteLookupTests {
  @Test(
    "A `page#id` question is answered from the page's ids",
    arguments: [
      ("guide#setup", "1"),
      ("guide#part#two", "1"),
      ("guide#missing", ""),
      ("gone#setup", ""),
      ("guide#", ""),
      ("#setup", ""),
      ("guide", ""),
    ])
  func idQuestion(_ key: String, _ expected: String) {
    let question = SiteLookup.Question(kind: .id, key: key)
    let answer = question.answer(
      exists: { $0 == "guide" }, ids: { $0 == "guide" ? ["setup", "part#two"] : [] }, holder: { _ in nil })
    #expect(answer == expected)
  }
}
