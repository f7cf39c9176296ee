import LinkContract

/// Checks the rendered site as a reader's browser would: unique ids, and every href and src
/// resolving to a file of the site and, where it names one, an id in that file.
struct OutputCheck {
  let pages: [String: RenderedPage]
  let files: Set<String>
  /// A page that links lead into, when it is not among `pages`: read from the build record by a
  /// rebuild that checks only the pages it made.
  var target: @Sendable (String) -> RenderedPage? = { _ in nil }

  func problems(_ output: String) -> [Diagnostic] {
    let all = Array(pages.values)
    // Each worker remembers what it found for each link of a top-level page (the navigation's
    // links repeat on every page); a link's answer there depends on its value alone.
    return parallelJobs(all.count, state: { LinkAnswers() }) { job, answers in
      let page = all[job]
      return problems(page, output, answers: answers)
    }.flatMap { $0 }
  }

  /// What a rebuild can have broken, when the site has the same files as the recorded build,
  /// which passed this check: every id and link of the pages made now, and the links of kept pages into
  /// `changedTargets`, the pages whose ids are no longer what they were.
  func problems(_ output: String, changedTargets: Set<String>) -> [Diagnostic] {
    let all = Array(pages.values)
    return parallelJobs(all.count, state: { LinkAnswers() }) { job, answers in
      let page = all[job]
      let topLevel = !holds(UInt8(ascii: "/"), in: page.path)
      /// Whether a link followed before leads into a page whose ids changed.
      func intoChanged(_ value: String) -> Bool {
        guard !changedTargets.isEmpty else { return false }
        // Without a fragment, a link asks only for a file, and the files are the same; without
        // a file part, it leads into this page, which is kept.
        guard let hash = value.utf8.firstIndex(of: UInt8(ascii: "#")), hash != value.utf8.startIndex else {
          return false
        }
        let filePart = value.utf8[..<hash]
        if topLevel, changedTargets.count <= 8, !filePart.contains(UInt8(ascii: "/")) {
          return changedTargets.contains { $0.utf8.elementsEqual(filePart) }
        }
        return changedTargets.contains(file(Substring(filePart), from: page.path) ?? "")
      }
      if page.bytes != nil { return problems(page, output, answers: answers) }
      guard !changedTargets.isEmpty else { return [] }
      return problems(page, output, answers: answers, duplicates: false, only: intoChanged)
    }.flatMap { $0 }
  }

  /// What one worker found for the links of top-level pages, whose answers depend on a link's
  /// value alone: the links of the last such page it checked, in order, with their answers
  /// (the navigation's links come at the same places on every page, where comparing values
  /// that share their storage takes no hashing), and every other answer by value.
  final class LinkAnswers {
    var known: [String: String?] = [:]
    var lastLinks: [PageLink] = []
    /// For each of `lastLinks`, what was found: a link found wrong has its answer in `known`.
    /// Plain values, so that a page's list costs nothing to let go of.
    var lastAnswers: [Answer] = []

    enum Answer: UInt8 { case unchecked, fine, wrong }
  }

  /// The page's duplicate ids, when asked for, and broken links (of `links`, else the page's);
  /// with `only`, just the links it selects by their value.
  func problems(
    _ page: RenderedPage, _ output: String, answers: LinkAnswers = LinkAnswers(), duplicates: Bool = true,
    links: [PageLink]? = nil, only: ((String) -> Bool)? = nil
  ) -> [Diagnostic] {
    let shown = output + "/" + page.path
    var problems =
      !duplicates
      ? []
      : page.duplicateIDs.map {
        Diagnostic(id: .duplicateAnchor, path: shown, line: 1, column: 1, message: "id `\($0)` is used twice")
      }
    let topLevel = !holds(UInt8(ascii: "/"), in: page.path)
    let links = links ?? page.links
    let (lastLinks, lastAnswers) = (answers.lastLinks, answers.lastAnswers)
    var found: [LinkAnswers.Answer] = []
    if topLevel { found.reserveCapacity(links.count) }
    for (index, link) in links.enumerated() {
      guard only?(link.value) ?? true else {
        if topLevel { found.append(.unchecked) }
        continue
      }
      // A link with no file part leads into the page itself.
      let shared = topLevel && link.value.utf8.first.map { $0 != UInt8(ascii: "#") } ?? false
      let answer: String?
      if shared, index < lastLinks.count, lastAnswers[index] == .fine, lastLinks[index].value == link.value {
        answer = nil
      } else if shared, let known = answers.known[link.value] {
        answer = known
      } else {
        answer = check(link.value, from: page.path)
        if shared { answers.known[link.value] = answer }
      }
      if topLevel { found.append(!shared ? .unchecked : answer == nil ? .fine : .wrong) }
      if let message = answer {
        problems.append(
          Diagnostic(
            id: .linkInvalid, path: shown, line: link.line, column: 1,
            message: "\(link.attribute) `\(link.value)`: \(message)"))
      }
    }
    if topLevel {
      answers.lastLinks = links
      answers.lastAnswers = found
    }
    return problems
  }

  func check(_ value: String, from page: String) -> String? {
    let bytes = value.utf8
    if bytes.starts(with: "https://".utf8) || bytes.starts(with: "http://".utf8) || bytes.starts(with: "mailto:".utf8) {
      return nil
    }
    if bytes.first == 0x2F || byteOffset(of: "://", in: Substring(value)) != nil { return "is not a relative link" }
    let hash = byteOffset(of: UInt8(ascii: "#"), in: value).map { bytes.index(bytes.startIndex, offsetBy: $0) }
    let file = self.file(hash.map { Substring(bytes[..<$0]) } ?? Substring(value), from: page)
    guard let file, files.contains(file) else { return "no such file in the site" }
    if let hash {
      let fragment = String(Substring(bytes[bytes.index(after: hash)...]))
      guard let target = pages[file] ?? self.target(file) else { return "fragment on a file that is not a page" }
      if !target.ids.contains(fragment) { return "no id `\(fragment)` in \(file)" }
    }
    return nil
  }

  /// The site file a link's file part names, seen from `page`; nil for an absolute link.
  func file(_ filePart: Substring, from page: String) -> String? {
    let bytes = filePart.utf8
    if bytes.starts(with: "https://".utf8) || bytes.starts(with: "http://".utf8) || bytes.starts(with: "mailto:".utf8)
      || bytes.first == 0x2F
    {
      return nil
    }
    if filePart.isEmpty { return page }
    if !holds(0x2F, in: filePart), !holds(0x2F, in: page) { return String(filePart) }
    return resolve(String(filePart), from: page)
  }

  func resolve(_ relative: String, from page: String) -> String {
    var segments = page.pieces(UInt8(ascii: "/")).dropLast().map(String.init)
    for segment in relative.pieces(UInt8(ascii: "/")) {
      if segment == ".." {
        _ = segments.popLast()
      } else if segment != "." {
        segments.append(String(segment))
      }
    }
    return segments.joined(separator: "/")
  }
}
