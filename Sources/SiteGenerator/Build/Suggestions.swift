import LinkContract

/// Help for a mistyped id: the nearest known one, when it is near enough to be a typo, and
/// the full list.
enum Suggestion {
  /// The most known ids a message lists.
  static let listLimit = 40
  /// The most known ids a word is compared with: a page of ten thousand headings and as many
  /// broken links to them compares each link with two hundred.
  static let searchLimit = 200

  /// `(did you mean `X`? known: a, b, c)` or `(known: a, b, c)`, to end an unknown-id message;
  /// past `listLimit` ids, the list ends with how many more of `count` (the known ids, of
  /// which `known` may be the first) there are.
  static func known(_ word: String, among known: [String], count: Int? = nil) -> String {
    let count = count ?? known.count
    var list = "known: " + known.prefix(listLimit).joined(separator: ", ")
    if count > listLimit { list += " and \(count - listLimit) more" }
    guard let near = nearest(word, among: known) else { return "(\(list))" }
    return "(did you mean `\(near)`? \(list))"
  }

  /// The nearest known id as a fix-it ("did you mean"), or none.
  static func fixIts(_ word: String, among known: [String]) -> [FixIt] {
    nearest(word, among: known).map { [FixIt(replacement: $0)] } ?? []
  }

  /// The known id nearest to `word` by edit distance, when within a third of its length
  /// (at least one edit, at most three); the first such id on a tie. Only the first
  /// `searchLimit` ids are compared, and only those whose length is that near the word's, so
  /// a long word costs no more than its reading.
  static func nearest(_ word: String, among known: [String]) -> String? {
    let typed = Array(word.lowercased().unicodeScalars)
    let limit = max(1, min(3, typed.count / 3))
    var best: (distance: Int, id: String)?
    for id in known.prefix(searchLimit) {
      guard abs(id.unicodeScalars.count - typed.count) <= limit else { continue }
      let other = Array(id.lowercased().unicodeScalars)
      let distance = editDistance(typed, other)
      if distance <= limit, distance < (best?.distance ?? .max) { best = (distance, id) }
    }
    return best?.id
  }

  /// The edit distance that also counts two neighbouring letters swapped (`hots`, `host`) as
  /// one edit: optimal string alignment.
  static func restrictedEditDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { rows[i][0] = i }
    for j in 0...b.count { rows[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
        }
      }
    }
    return rows[a.count][b.count]
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

  func converting(_ diagnostic: Diagnostic) -> Diagnostic { converting([diagnostic])[0] }

  /// The diagnostics, each file's read once in line and column order: however many point into
  /// one line, each byte of it is counted once.
  func converting(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    var result = diagnostics
    var byFile: [String: [Int]] = [:]
    for (index, diagnostic) in diagnostics.enumerated() where files[diagnostic.path] != nil {
      byFile[diagnostic.path, default: []].append(index)
    }
    for (path, indices) in byFile {
      let bytes = files[path]!
      var line = 1
      var start = 0
      // Where the count of scalars stands on the current line: a byte offset, and the scalars
      // before it.
      var counted = 0
      var scalars = 0
      for index in indices.sorted(by: {
        (diagnostics[$0].line, diagnostics[$0].column) < (diagnostics[$1].line, diagnostics[$1].column)
      }) {
        let diagnostic = diagnostics[index]
        while line < diagnostic.line, let newline = bytes[start...].firstIndex(of: 0x0A) {
          start = newline + 1
          line += 1
          (counted, scalars) = (start, 0)
        }
        guard line == diagnostic.line else { continue }
        let end = min(bytes.count, start + diagnostic.column - 1)
        if end > counted {
          scalars += bytes[counted..<end].count { $0 & 0xC0 != 0x80 }
          counted = end
        }
        let column = scalars + (start + diagnostic.column - 1 - end) + 1
        guard column != diagnostic.column else { continue }
        result[index] = Diagnostic(
          id: diagnostic.id, path: diagnostic.path, line: diagnostic.line, column: column,
          severity: diagnostic.severity, message: diagnostic.message)
      }
    }
    return result
  }
}
