import LinkContract
import LinkParser

/// The opening line of a `link-example` block: `link-example [build=NAME]`; without a build,
/// the contract's first.
struct LinkExampleCall {
  let arguments: [String]

  init?(info: String) {
    guard info.mayStartWith(UInt8(ascii: "l")) else { return nil }
    let words = info.words.map(String.init)
    guard words.first == "link-example" else { return nil }
    arguments = Array(words.dropFirst())
  }
}

/// A `link-example` block: each line `LINK -> route` or `LINK -> unsupported REASON [FIELD]`,
/// checked against the real parser and rendered as a table that links nothing.
struct LinkExamples {
  struct Example {
    /// The link with its placeholders filled in for the block's build.
    let link: String
    let claim: String
    let line: Int
    /// The link's length as written, placeholders and all, for the claim's column.
    let writtenLength: Int
    /// Each filled placeholder: where its value lies in `link`, and how many more bytes the
    /// value has than the placeholder as written, so that an offset into `link` maps back to
    /// the column it was written at.
    let fills: [(range: Range<Int>, growth: Int)]

    /// The offset in the written link of byte `offset` of `link`: a byte of a filled value is
    /// at its placeholder's start.
    func writtenOffset(_ offset: Int) -> Int {
      var shift = 0
      for fill in fills {
        if offset >= fill.range.upperBound {
          shift += fill.growth
        } else if offset >= fill.range.lowerBound {
          return fill.range.lowerBound - shift
        }
      }
      return offset - shift
    }
  }

  /// What a placeholder in a link stands for, in the block's build: `{host}`, `{scheme}`, and
  /// another build's `{other-host}` and `{other-scheme}`. Examples written with them stay true
  /// when a build's values change.
  static let placeholders = ["host", "scheme", "other-host", "other-scheme"]

  func value(of placeholder: String, in build: Build) -> String? {
    let other = contract.builds.first { $0.name != build.name }
    switch placeholder {
    case "host": return build.webHost
    case "scheme": return build.customScheme
    case "other-host": return other?.webHost
    case "other-scheme": return other?.customScheme
    default: return nil
    }
  }

  let path: String
  let column: Int
  let contract: Contract
  private let parsers: LinkParsers
  private(set) var build: Build?
  private(set) var examples: [Example] = []
  private(set) var diagnostics: [Diagnostic] = []

  init(
    call: LinkExampleCall, body: String, path: String, firstLine: Int, column: Int, contract: Contract,
    parsers: LinkParsers
  ) {
    self.path = path
    self.column = column
    self.contract = contract
    self.parsers = parsers
    build = contract.builds.first
    for argument in call.arguments {
      if argument.hasPrefix("build=") {
        let name = String(argument.dropFirst("build=".count))
        if let named = contract.build(named: name) {
          build = named
        } else {
          let known = contract.builds.map(\.name)
          error(
            firstLine - 1,
            "unknown build `\(Printed.excerpt(name))` in link-example \(Suggestion.known(name, among: known))",
            fixIts: Suggestion.fixIts(name, among: known))
          build = nil
        }
      } else {
        error(firstLine - 1, "unknown link-example option `\(Printed.excerpt(argument))` (known: build=NAME)")
      }
    }
    let lines = body.pieces(UInt8(ascii: "\n"), omittingEmpty: false)
    for (offset, text) in lines.enumerated() {
      let line = firstLine + offset
      if text.allSatisfy({ $0 == " " }) { continue }
      guard let arrow = byteOffset(of: " -> ", in: text) else {
        error(line, "link-example line needs the form `LINK -> route` or `LINK -> unsupported REASON`")
        continue
      }
      let bytes = Array(text.utf8)
      let written = String(decoding: bytes[..<arrow], as: UTF8.self)
      let claim = String(decoding: bytes[(arrow + 4)...], as: UTF8.self)
      guard let (link, fills) = expand(written, line: line) else { continue }
      examples.append(Example(link: link, claim: claim, line: line, writtenLength: arrow, fills: fills))
    }
    if examples.isEmpty { error(firstLine - 1, "link-example block lists no links") }
    if let build { check(build) }
  }

  /// `written` with each `{placeholder}` replaced for the block's build; nil after reporting
  /// an unknown one, pointed at by its column.
  private mutating func expand(_ written: String, line: Int) -> (String, [(range: Range<Int>, growth: Int)])? {
    guard holds(UInt8(ascii: "{"), in: written), let build else { return (written, []) }
    var fills: [(range: Range<Int>, growth: Int)] = []
    var out = ""
    var rest = Substring(written)
    var offset = 0
    while let open = rest.utf8.firstIndex(of: UInt8(ascii: "{")) {
      out += rest[..<open]
      offset += rest[..<open].utf8.count
      guard let close = rest[open...].utf8.firstIndex(of: UInt8(ascii: "}")) else {
        out += rest[open...]
        return (out, fills)
      }
      let name = String(rest[rest.index(after: open)..<close])
      guard Self.placeholders.contains(name), let value = value(of: name, in: build) else {
        let known = Self.placeholders.map { "{\($0)}" }.joined(separator: ", ")
        let why = Self.placeholders.contains(name) ? "needs a second build" : "is not a placeholder"
        error(line, "`{...}` in a link example \(why) (placeholders: \(known))", column: column + offset)
        return nil
      }
      let start = out.utf8.count
      out += value
      fills.append((start..<out.utf8.count, value.utf8.count - rest[open...close].utf8.count))
      offset += rest[open...close].utf8.count
      rest = rest[rest.index(after: close)...]
    }
    return (out + rest, fills)
  }

  private mutating func error(
    _ line: Int, _ message: String, column: Int? = nil, id: DiagnosticID = .linkExampleInvalid,
    fixIts: [FixIt] = []
  ) {
    diagnostics.append(
      Diagnostic(id: id, path: path, line: line, column: column ?? self.column, message: message, fixIts: fixIts))
  }

  private mutating func check(_ build: Build) {
    let parser = parsers.value(for: build.name) { LinkParser(contract: contract, build: build) }
    for example in examples {
      // The reference itself is not echoed: it may be a real one, or a secret's value.
      for (prefix, offset) in unreservedReferences(in: example.link) {
        error(
          example.line,
          "this `\(prefix)` reference is not a reserved documentation reference: its body must start with `\(contract.reservedBodyPrefix)`",
          column: column + example.writtenOffset(offset))
      }
      let claimColumn = column + example.writtenLength + 4
      guard let claim = readClaim(example, at: claimColumn) else { continue }
      let outcome = parser.parse(example.link)
      switch (outcome, claim) {
      case (.recognized(let route), .route(let id)) where route.routeClass == id:
        continue
      case (.unsupported(let rejection), .unsupported(let reason, let field))
      where rejection.reason == reason && (field == nil || field?.text == rejection.field):
        continue
      default:
        break
      }
      let actual: String
      switch outcome {
      case .recognized(let route): actual = route.routeClass.rawValue
      case .unsupported(let rejection): actual = Printed.excerpt("unsupported \(rejection)")
      }
      // Only the claim's known words are quoted; a field name that disagrees could be any text.
      switch claim {
      case .route(let id):
        error(
          example.line, "link example claims `\(id.rawValue)`, but the \(build.name) parser answers `\(actual)`",
          id: .linkExampleMismatch)
      case .unsupported(let reason, let field?) where outcome.rejection?.reason == reason:
        error(
          example.line,
          "link example claims `unsupported \(reason.rawValue)` with another field than the \(build.name) parser's `\(actual)`",
          column: field.column, id: .linkExampleMismatch)
      case .unsupported(let reason, _):
        error(
          example.line,
          "link example claims `unsupported \(reason.rawValue)`, but the \(build.name) parser answers `\(actual)`",
          id: .linkExampleMismatch)
      }
    }
  }

  /// What a link example claims: a route class, or a rejection reason with an optional field.
  private enum Claim {
    case route(RouteClassID)
    case unsupported(RejectionReason, field: Word?)
  }

  private struct Word {
    let text: String
    let column: Int
  }

  /// The claim of `example`, or nil after reporting why it is not one. Unknown words are
  /// pointed at by column, never quoted: a mistyped line can put a secret there.
  private mutating func readClaim(_ example: Example, at claimColumn: Int) -> Claim? {
    var words: [Word] = []
    var offset = 0
    for piece in example.claim.pieces(UInt8(ascii: " "), omittingEmpty: false) {
      if !piece.isEmpty { words.append(Word(text: String(piece), column: claimColumn + offset)) }
      offset += piece.utf8.count + 1
    }
    guard let first = words.first else {
      error(example.line, "link example names no outcome after `->`: write a route class id or `unsupported REASON`")
      return nil
    }
    if first.text != "unsupported", let id = contract.routeClass(RouteClassID(first.text))?.id {
      if words.count > 1 {
        error(example.line, "unexpected text after the route class `\(id.rawValue)`", column: words[1].column)
        return nil
      }
      return .route(id)
    }
    guard first.text == "unsupported" else {
      let known = contract.routeClasses.map(\.id.rawValue).filter { $0 != contract.fallback?.id.rawValue }
      error(
        example.line,
        "unknown outcome: write a route class id or `unsupported REASON` \(Suggestion.known(first.text, among: known))",
        column: first.column, fixIts: Suggestion.fixIts(first.text, among: known))
      return nil
    }
    guard words.count >= 2, let reason = RejectionReason(rawValue: words[1].text) else {
      let known = contract.rejectionRules.map(\.reason.rawValue)
      error(
        example.line,
        "`unsupported` needs a rejection reason id \(Suggestion.known(words.count >= 2 ? words[1].text : "", among: known))",
        column: words.count >= 2 ? words[1].column : first.column,
        fixIts: Suggestion.fixIts(words.count >= 2 ? words[1].text : "", among: known))
      return nil
    }
    if words.count > 3 {
      error(example.line, "unexpected text after `unsupported \(reason.rawValue) FIELD`", column: words[3].column)
      return nil
    }
    return .unsupported(reason, field: words.count == 3 ? words[2] : nil)
  }

  /// References in `link` of a known prefix whose body does not start with the reserved prefix,
  /// as their prefix and byte offset.
  func unreservedReferences(in link: String) -> [(String, Int)] {
    let bytes = Array(link.utf8)
    var found: [(String, Int)] = []
    for kind in contract.references {
      let prefix = kind.prefix.utf8
      var from = 0
      while let start = firstOffset(of: prefix, in: bytes, from: from) {
        guard start == 0 || !ASCII.isAlphanumeric(bytes[start - 1]) else {
          from = start + 1
          continue
        }
        var end = start + prefix.count
        while end < bytes.count, ASCII.isAlphanumeric(bytes[end]) { end += 1 }
        let value = String(decoding: bytes[start..<end], as: UTF8.self)
        if end > start + prefix.count, !contract.isReservedReference(value) { found.append((kind.prefix, start)) }
        from = max(end, start + 1)
      }
    }
    return found
  }

  func render(into element: Element) {
    let caption = "Checked link examples, \(build?.name ?? "unknown") build"
    let table = scrollRegion(in: element, label: caption).add("table", ["class": "link-examples"])
    table.add("caption", text: caption)
    let head = table.add("thead").add("tr")
    for header in ["Link", "Outcome"] { head.add("th", ["scope": "col"], text: header) }
    let body = table.add("tbody")
    for example in examples {
      let row = body.add("tr")
      row.add("td").add("code", ["class": "link"], text: example.link)
      row.add("td").add("code", text: example.claim)
    }
  }
}

/// The contract's link parser for each build, by the build's name, shared by a build's pages.
typealias LinkParsers = SharedValues<String, LinkParser>
