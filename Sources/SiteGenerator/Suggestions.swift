import LinkContract

/// Help for a mistyped id: the nearest known one, when it is near enough to be a typo, and
/// the full list.
enum Suggestion {
  /// `(did you mean `X`? known: a, b, c)` or `(known: a, b, c)`, to end an unknown-id message.
  static func known(_ word: String, among known: [String]) -> String {
    let list = "known: " + known.joined(separator: ", ")
    guard let near = nearest(word, among: known) else { return "(\(list))" }
    return "(did you mean `\(near)`? \(list))"
  }

  /// The nearest known id as a fix-it ("did you mean"), or none.
  static func fixIts(_ word: String, among known: [String]) -> [FixIt] {
    nearest(word, among: known).map { [FixIt(replacement: $0)] } ?? []
  }

  /// The known id nearest to `word` by edit distance, when within a third of its length
  /// (at least one edit, at most three); the first such id on a tie.
  static func nearest(_ word: String, among known: [String]) -> String? {
    let typed = Array(word.lowercased().unicodeScalars)
    let limit = max(1, min(3, typed.count / 3))
    var best: (distance: Int, id: String)?
    for id in known {
      let distance = editDistance(typed, Array(id.lowercased().unicodeScalars))
      if distance <= limit, distance < (best?.distance ?? .max) { best = (distance, id) }
    }
    return best?.id
  }

  /// Levenshtein distance: insertions, deletions and substitutions.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in stride(from: 1, through: b.count, by: 1) {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}

/// Turns the byte columns the readers of a file count into the columns an editor shows: one
/// per Unicode scalar, a tab as one.
struct ScalarColumns {
  private let files: [String: [UInt8]]

  init(files: [String: [UInt8]]) { self.files = files }

  func converting(_ diagnostic: Diagnostic) -> Diagnostic {
    guard let bytes = files[diagnostic.path] else { return diagnostic }
    var line = 1
    var start = 0
    while line < diagnostic.line, let newline = bytes[start...].firstIndex(of: 0x0A) {
      start = newline + 1
      line += 1
    }
    guard line == diagnostic.line else { return diagnostic }
    let end = min(bytes.count, start + diagnostic.column - 1)
    let inside = bytes[start..<end].count { $0 & 0xC0 != 0x80 }
    let column = inside + (start + diagnostic.column - 1 - end) + 1
    guard column != diagnostic.column else { return diagnostic }
    return Diagnostic(
      id: diagnostic.id, path: diagnostic.path, line: diagnostic.line, column: column, severity: diagnostic.severity,
      message: diagnostic.message)
  }
}
