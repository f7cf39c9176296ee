import ContractArtifacts
import LinkContract

/// Where pages and anchors are, known after the first pass.
struct SiteIndex: Sendable {
  let pages: [String: PageFacts]
  /// The page that holds each directive anchor.
  let anchorPage: [String: String]

  /// The href of a directive anchor seen from `page`, or nil when no page shows it.
  func href(anchor: String, from page: String) -> String? {
    guard let holder = anchorPage[anchor] else { return nil }
    return holder == page ? "#\(anchor)" : "\(holder).html#\(anchor)"
  }

  /// What the index answers to `question` now.
  func answer(_ question: SiteLookup.Question) -> String {
    question.answer(exists: { pages[$0] != nil }, ids: { pages[$0]?.ids ?? [] }, holder: { anchorPage[$0] })
  }

  /// What the index answers to the question `page#fragment` now, its key already split.
  func answer(id fragment: String, onPage page: String) -> String {
    SiteLookup.Question.idAnswer(
      page: page, fragment: fragment, exists: { pages[$0] != nil }, ids: { pages[$0]?.ids ?? [] })
  }
}

/// One answer a page's render took from the rest of the site. A rebuild renders an unchanged
/// page again only when the index would now answer one of its questions differently.
struct SiteLookup: Hashable, Sendable {
  struct Question: Hashable, Sendable {
    enum Kind: UInt8, Sendable {
      /// Whether a page of that name exists.
      case page
      /// Whether `page#id` exists.
      case id
      /// Which page holds a directive anchor.
      case anchor
    }
    let kind: Kind
    let key: String

    /// The answer of a site whose pages `exists` finds, with each page's `ids`, and whose
    /// directive anchors' pages `holder` finds: "1" or "" for a page or an id, else the page.
    func answer(
      exists: (String) -> Bool, ids: (String) -> Set<String>, holder: (String) -> String?
    ) -> String {
      switch kind {
      case .page: return exists(key) ? "1" : ""
      case .id:
        guard let hash = key.utf8.firstIndex(of: UInt8(ascii: "#")) else { return "" }
        let page = String(Substring(key.utf8[..<hash]))
        let fragment = String(Substring(key.utf8[key.utf8.index(after: hash)...]))
        return Self.idAnswer(page: page, fragment: fragment, exists: exists, ids: ids)
      case .anchor: return holder(key) ?? ""
      }
    }

    /// The answer to `page#fragment`, its key split at its first `#`: "1" when both are named
    /// and the page exists and holds the id, else "".
    static func idAnswer(
      page: String, fragment: String, exists: (String) -> Bool, ids: (String) -> Set<String>
    ) -> String {
      !page.isEmpty && !fragment.isEmpty && exists(page) && ids(page).contains(fragment) ? "1" : ""
    }
  }
  let question: Question
  let answer: String
}

/// The questions one page's render asks of the site index, with their answers, in order.
///
/// A render ahead of the index (`SiteLookups(aheadOf:)`, in the page's first pass) takes every
/// page and id it asks for to exist and no link to name a generated file; `AheadContent.take`
/// confirms that once the index is made. A question only the index can answer (which page
/// shows a directive anchor) spoils such a render.
final class SiteLookups {
  /// Nil for a render ahead of the index.
  let index: SiteIndex?
  let page: String
  private(set) var recorded: [SiteLookup] = []
  /// The questions of `recorded`, once there are more than a few: a page asks a handful,
  /// looked through faster than hashed.
  private var asked: Set<SiteLookup.Question> = []
  /// The links a render ahead of the index took not to name generated files.
  private(set) var notGenerated: [String] = []
  /// Whether a render ahead of the index asked what only the index answers.
  private(set) var spoiled = false
  /// Where the generated files are; nil ahead of the index.
  private let context: SiteContext?

  init(index: SiteIndex, page: String, context: SiteContext) {
    self.index = index
    self.page = page
    self.context = context
  }

  init(aheadOf page: String) {
    index = nil
    self.page = page
    context = nil
  }

  private func ask(_ kind: SiteLookup.Question.Kind, _ key: String, assuming assumed: String) -> String {
    let question = SiteLookup.Question(kind: kind, key: key)
    let answer = index?.answer(question) ?? assumed
    record(SiteLookup(question: question, answer: answer))
    return answer
  }

  /// Records `lookup` unless its question was asked before.
  private func record(_ lookup: SiteLookup) {
    if recorded.count < Self.fewQuestions {
      guard !recorded.contains(where: { $0.question == lookup.question }) else { return }
      recorded.append(lookup)
      if recorded.count == Self.fewQuestions { asked = Set(recorded.map(\.question)) }
    } else if asked.insert(lookup.question).inserted {
      recorded.append(lookup)
    }
  }

  private static let fewQuestions = 16

  /// Whether a page named `name` exists.
  func hasPage(named name: String) -> Bool {
    !ask(.page, name, assuming: "1").isEmpty
  }

  /// Whether the page named `name` holds the id `id`.
  func has(id: String, onPage name: String) -> Bool {
    // A name holds no `#`, so the key splits where it was joined: answered without splitting it.
    guard let index, !name.utf8.contains(UInt8(ascii: "#")) else {
      return !ask(.id, name + "#" + id, assuming: "1").isEmpty
    }
    let answer = index.answer(id: id, onPage: name)
    record(SiteLookup(question: SiteLookup.Question(kind: .id, key: name + "#" + id), answer: answer))
    return !answer.isEmpty
  }

  /// The href of a directive anchor seen from this page, or nil when no page shows it.
  func href(anchor: String) -> String? {
    guard index != nil else {
      spoiled = true
      return nil
    }
    let holder = ask(.anchor, anchor, assuming: "")
    guard !holder.isEmpty else { return nil }
    return holder == page ? "#\(anchor)" : "\(holder).html#\(anchor)"
  }

  /// Records the questions another render asked with the same index, with their answers, as
  /// this page's own: a block rendered once for every page that shows it (`RenderedBlock`).
  func take(_ lookups: [SiteLookup]) {
    for lookup in lookups { record(lookup) }
  }

  /// Marks a render ahead of the index as needing the index after all.
  func spoil() { spoiled = true }

  /// Whether `file` is one of the site's generated files.
  func isGeneratedFile(_ file: String) -> Bool {
    guard let context else {
      notGenerated.append(file)
      return false
    }
    return context.files[file] != nil
  }

  /// The generated files' paths, sorted, for a message; a render ahead of the index is spoiled.
  func generatedPaths() -> [String] {
    guard let context else {
      spoiled = true
      return []
    }
    return context.files.keys.sorted()
  }
}
