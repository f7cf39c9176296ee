import DesignFixture
import LinkContract
import LinkParser
import Testing

// Property tests: random well-formed links from docs/design.md's grammar are recognized with exactly
// the right fields, print back to themselves, and a single mutation is rejected with the reason
// docs/design.md gives it. The generator is a seeded SplitMix64, so every run sees the same links.

enum Alphabet {
  static let alphanumeric = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
  static let base64url = alphanumeric + ["-", "_"]
  static let digits = Array("0123456789")
  static let hex = Array("0123456789ABCDEFabcdef")
}

/// The kinds of well-formed link the generator writes.
enum LinkKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case startHTTPS = "start-https"
  case startCustomScheme = "start-custom-scheme"
  case business, product, checkout, order
  case oauthCode = "oauth-complete-code"
  case oauthError = "oauth-complete-error"

  var testDescription: String { rawValue }
}

/// A generated link, kept in parts so that mutations can change one part.
struct GeneratedLink {
  let build: Build
  let kind: LinkKind
  let route: Route
  var scheme: String
  var authority: String
  /// The path segments; empty for a custom-scheme link.
  var segments: [String]
  /// Which segments are fields, by field name.
  let fieldSegments: [(index: Int, name: String)]
  var query: [(key: String, value: String)]

  var isHTTPS: Bool { route.carrier == .https }

  var text: String {
    let path = segments.map { "/" + $0 }.joined()
    let items = query.map { $0.key + "=" + $0.value }.joined(separator: "&")
    return scheme + "://" + authority + path + (query.isEmpty ? "" : "?" + items)
  }

  static func random(_ kind: LinkKind, build: Build, rng: inout SplitMix64) -> GeneratedLink {
    func reference(_ prefix: String) -> String {
      let body = Contract.design.reservedBodyPrefix
      return prefix + body + rng.string(Alphabet.alphanumeric, count: rng.int((12 - body.count)...(32 - body.count)))
    }
    let https = rng.randomCase("https")
    let host = rng.randomCase(build.webHost)
    let scheme = rng.randomCase(build.customScheme)
    switch kind {
    case .startHTTPS:
      return GeneratedLink(
        build: build, kind: kind, route: .start(.https), scheme: https, authority: host,
        segments: ["start"], fieldSegments: [], query: [])
    case .startCustomScheme:
      return GeneratedLink(
        build: build, kind: kind, route: .start(.customScheme), scheme: scheme, authority: "start",
        segments: [], fieldSegments: [], query: [])
    case .business:
      let business = reference("bz_")
      return GeneratedLink(
        build: build, kind: kind, route: .business(business: business), scheme: https,
        authority: host, segments: ["business", business], fieldSegments: [(1, "business")], query: [])
    case .product:
      let (business, category, product) = (reference("bz_"), reference("ct_"), reference("pr_"))
      return GeneratedLink(
        build: build, kind: kind,
        route: .product(business: business, category: category, product: product), scheme: https,
        authority: host, segments: ["business", business, "category", category, "product", product],
        fieldSegments: [(1, "business"), (3, "category"), (5, "product")], query: [])
    case .checkout:
      let cart = reference("ca_")
      return GeneratedLink(
        build: build, kind: kind, route: .checkout(cart: cart), scheme: https, authority: host,
        segments: ["checkout", cart], fieldSegments: [(1, "cart")], query: [])
    case .order:
      let order = reference("or_")
      return GeneratedLink(
        build: build, kind: kind, route: .order(order: order), scheme: https, authority: host,
        segments: ["orders", order], fieldSegments: [(1, "order")], query: [])
    case .oauthCode:
      let code = rng.string(Alphabet.base64url, count: rng.int(32...128))
      return GeneratedLink(
        build: build, kind: kind, route: .oauthComplete(.code(code)), scheme: scheme,
        authority: "oauth-complete", segments: [], fieldSegments: [], query: [("code", code)])
    case .oauthError:
      let error = rng.pick(["access_denied", "invalid_request", "server_error", "temporarily_unavailable"])
      return GeneratedLink(
        build: build, kind: kind, route: .oauthComplete(.error(error)), scheme: scheme,
        authority: "oauth-complete", segments: [], fieldSegments: [], query: [("error", error)])
    }
  }

  static func random(rng: inout SplitMix64) -> GeneratedLink {
    random(rng.pick(LinkKind.allCases), build: rng.pick(Contract.design.builds), rng: &rng)
  }
}

/// One mutated link and the rejection docs/design.md gives it.
struct Mutated {
  let link: String
  let expected: Rejection
  /// A forbidden field's value, which must never appear in any output.
  var secret: String? = nil
}

/// A single mutation of a well-formed link, with its expected reason.
struct Mutation: Sendable, CustomTestStringConvertible {
  let name: String
  let reason: RejectionReason
  /// The mutated link, or nil when the mutation does not apply to this link.
  let apply: @Sendable (GeneratedLink, inout SplitMix64) -> Mutated?

  var testDescription: String { "\(name) -> \(reason.rawValue)" }

  init(
    _ name: String, _ reason: RejectionReason,
    _ apply: @escaping @Sendable (GeneratedLink, inout SplitMix64) -> Mutated?
  ) {
    self.name = name
    self.reason = reason
    self.apply = apply
  }

  /// A mutation whose rejection names no field.
  static func plain(
    _ name: String, _ reason: RejectionReason,
    _ link: @escaping @Sendable (inout GeneratedLink, inout SplitMix64) -> String?
  ) -> Mutation {
    Mutation(name, reason) { generated, rng in
      var copy = generated
      return link(&copy, &rng).map { Mutated(link: $0, expected: Rejection(reason)) }
    }
  }
}

/// Inserts `piece` into `text` at a random offset in `range` (in characters).
private func insert(_ piece: String, into text: String, offsets range: ClosedRange<Int>, rng: inout SplitMix64)
  -> String
{
  var characters = Array(text)
  characters.insert(contentsOf: piece, at: rng.int(range))
  return String(characters)
}

private let undeclaredKeys = ["utm_source", "utm_campaign", "ref", "lang", "x", "state", "Business"]

extension Mutation {
  static let all: [Mutation] = [
    .plain("oversize", .oversized) { link, rng in
      let text = link.text
      return text + "#" + String(repeating: "a", count: 1025 - text.utf8.count + rng.int(0...200))
    },
    .plain("insert whitespace, control, backslash or non-ASCII", .malformedURL) { link, rng in
      let bad = rng.pick([" ", "\t", "\n", "\r", "\u{0}", "\u{1F}", "\u{7F}", "\\", "é", "\u{A0}", "\u{FEFF}"])
      let text = link.text
      return insert(bad, into: text, offsets: 0...text.count, rng: &rng)
    },
    .plain("empty query or empty item", .malformedURL) { link, rng in
      if link.query.isEmpty { return link.text + "?" }
      let items = link.query.map { $0.key + "=" + $0.value }
      var joined = items
      joined.insert("", at: rng.int(0...items.count))
      return String(link.text.prefix { $0 != "?" }) + "?" + joined.joined(separator: "&")
    },
    .plain("empty key", .malformedURL) { link, rng in
      link.query.insert(
        ("", rng.string(Alphabet.alphanumeric, count: rng.int(0...4))), at: rng.int(0...link.query.count))
      return link.text
    },
    .plain("drop the ://", .malformedURL) { link, rng in
      let text = link.text
      return text.replacing("://", with: rng.pick([":", ":/", "/", ""]), maxReplacements: 1)
    },
    .plain("insert a percent", .malformedEncoding) { link, rng in
      let text = link.text
      let start = link.scheme.count + 3
      let escape = "%" + rng.string(Alphabet.hex, count: rng.int(0...2))
      return insert(escape, into: text, offsets: start...text.count, rng: &rng)
    },
    .plain("http scheme", .schemeNotAllowed) { link, rng in
      link.scheme = rng.randomCase(rng.pick(["http", "ftp", "wss", "httpss"]))
      return link.text
    },
    .plain("the other build's custom scheme", .schemeNotAllowed) { link, rng in
      guard !link.isHTTPS else { return nil }
      link.scheme = rng.randomCase(LinkSamples.other(than: link.build).customScheme)
      return link.text
    },
    .plain("add userinfo", .userinfoPresent) { link, rng in
      let user = rng.string(Alphabet.alphanumeric, count: rng.int(0...6))
      let password = rng.bool() ? ":" + rng.string(Alphabet.alphanumeric, count: rng.int(0...6)) : ""
      link.authority = user + password + "@" + link.authority
      return link.text
    },
    .plain("add a port", .portPresent) { link, rng in
      link.authority += ":" + rng.pick(["443", "80", "", rng.string(Alphabet.digits, count: rng.int(1...5))])
      return link.text
    },
    .plain("the other build's host", .hostNotConfigured) { link, rng in
      guard link.isHTTPS else { return nil }
      link.authority = rng.randomCase(LinkSamples.other(than: link.build).webHost)
      return link.text
    },
    .plain("trailing dot on the host", .hostNotConfigured) { link, _ in
      guard link.isHTTPS else { return nil }
      link.authority += "."
      return link.text
    },
    .plain("IP literal host", .hostNotConfigured) { link, rng in
      guard link.isHTTPS else { return nil }
      let octets = (0..<4).map { _ in String(rng.int(0...255)) }
      link.authority = rng.bool() ? octets.joined(separator: ".") : "[2001:db8::\(rng.int(1...9999))]"
      return link.text
    },
    .plain("add a fragment", .fragmentPresent) { link, rng in
      link.text + "#" + rng.string(Alphabet.alphanumeric + ["?", "/", "="], count: rng.int(0...10))
    },
    Mutation("add a forbidden key", .forbiddenField) { generated, rng in
      var link = generated
      // docs/design.md, "Forbidden keys": a listed word alone in any case, or as one word of
      // a longer key: between separators, in camelCase, before digits, plural.
      let word = rng.pick(Contract.design.forbiddenKeys.words)
      let key: String
      switch rng.int(0...3) {
      case 0: key = rng.randomCase(word)
      case 1:
        key = rng.pick(["", "x_", "my-", "a."]) + rng.pick([word, word.uppercased()]) + rng.pick(["", "_id", ":2"])
      case 2: key = "my" + word.prefix(1).uppercased() + word.dropFirst() + rng.pick(["", "Value", "2"])
      default: key = word + rng.pick(["s", "1234", "_s"])
      }
      let secret = "S3cr3tValue" + rng.string(Alphabet.alphanumeric, count: 12)
      link.query.insert((key, secret), at: rng.int(0...link.query.count))
      return Mutated(link: link.text, expected: Rejection(.forbiddenField), secret: secret)
    },
    .plain("duplicate a key", .duplicateField) { link, rng in
      if link.query.isEmpty {
        let key = rng.pick(undeclaredKeys)
        link.query = [(key, "1"), (key, rng.pick(["1", "2", ""]))]
      } else {
        let item = rng.pick(link.query)
        link.query.insert(item, at: rng.int(0...link.query.count))
      }
      return link.text
    },
    .plain("trailing slash", .unknownRoute) { link, _ in
      if link.isHTTPS { link.segments.append("") } else { link.authority += "/" }
      return link.text
    },
    .plain("empty or dot segment", .unknownRoute) { link, rng in
      guard link.isHTTPS else { return nil }
      link.segments.insert(rng.pick(["", ".", ".."]), at: rng.int(0...link.segments.count))
      return link.text
    },
    .plain("uppercase a letter of a literal or the name", .unknownRoute) { link, rng in
      func upper(_ text: String) -> String {
        var characters = Array(text)
        let letters = characters.indices.filter { characters[$0].isLetter }
        let index = rng.pick(letters)
        characters[index] = Character(characters[index].uppercased())
        return String(characters)
      }
      if link.isHTTPS {
        let literals = link.segments.indices.filter { index in !link.fieldSegments.contains { $0.index == index } }
        let index = rng.pick(literals)
        link.segments[index] = upper(link.segments[index])
      } else {
        link.authority = upper(link.authority)
      }
      return link.text
    },
    .plain("change a literal", .unknownRoute) { link, rng in
      guard link.isHTTPS else {
        link.authority = rng.pick(["x", "", "start-", "oauth"]) + link.authority + rng.pick(["s", "x"])
        return link.text
      }
      let literals = link.segments.indices.filter { index in !link.fieldSegments.contains { $0.index == index } }
      let index = rng.pick(literals)
      link.segments[index] = rng.pick(["x", "_", "s"]) + link.segments[index]
      return link.text
    },
    Mutation("remove the path's last field", .missingField) { generated, _ in
      guard let last = generated.fieldSegments.last else { return nil }
      var link = generated
      link.segments.removeLast()
      return Mutated(link: link.text, expected: Rejection(.missingField, field: last.name))
    },
    Mutation("remove the query", .missingField) { generated, _ in
      guard generated.kind == .oauthCode || generated.kind == .oauthError else { return nil }
      var link = generated
      link.query = []
      return Mutated(link: link.text, expected: Rejection(.missingField, field: "code"))
    },
    Mutation("append an undeclared query key", .extraField) { generated, rng in
      var link = generated
      let key = rng.pick(undeclaredKeys)
      let value = rng.string(Alphabet.alphanumeric, count: rng.int(0...8))
      link.query.insert((key, value), at: rng.int(0...link.query.count))
      return Mutated(link: link.text, expected: Rejection(.extraField, field: key))
    },
    Mutation("give both code and error", .extraField) { generated, rng in
      var link = generated
      switch generated.kind {
      case .oauthCode:
        link.query.insert(("error", rng.pick(["access_denied", "server_error", ""])), at: rng.int(0...1))
      case .oauthError:
        link.query.insert(("code", rng.string(Alphabet.base64url, count: rng.int(0...130))), at: rng.int(0...1))
      default: return nil
      }
      return Mutated(link: link.text, expected: Rejection(.extraField, field: "error"))
    },
    Mutation("truncate a path field", .invalidValue) { generated, rng in
      guard !generated.fieldSegments.isEmpty else { return nil }
      var link = generated
      let field = rng.pick(generated.fieldSegments)
      let value = link.segments[field.index]
      link.segments[field.index] = String(value.prefix(rng.int(1...(3 + 11))))
      return Mutated(link: link.text, expected: Rejection(.invalidValue, field: field.name))
    },
    Mutation("lengthen a path field", .invalidValue) { generated, rng in
      guard !generated.fieldSegments.isEmpty else { return nil }
      var link = generated
      let field = rng.pick(generated.fieldSegments)
      let value = link.segments[field.index]
      let extra = 3 + 32 + rng.int(1...8) - value.count
      link.segments[field.index] = value + rng.string(Alphabet.alphanumeric, count: extra)
      return Mutated(link: link.text, expected: Rejection(.invalidValue, field: field.name))
    },
    Mutation("change a reference prefix", .invalidValue) { generated, rng in
      guard !generated.fieldSegments.isEmpty else { return nil }
      var link = generated
      let field = rng.pick(generated.fieldSegments)
      let value = link.segments[field.index]
      let prefix = String(value.prefix(3))
      let others = ["bz_", "ct_", "pr_", "ca_", "or_", "BZ_", "bz-", "xx_", "b_", ""].filter { $0 != prefix }
      link.segments[field.index] = rng.pick(others) + value.dropFirst(3)
      return Mutated(link: link.text, expected: Rejection(.invalidValue, field: field.name))
    },
    Mutation("put a character outside [0-9A-Za-z] in a reference", .invalidValue) { generated, rng in
      guard !generated.fieldSegments.isEmpty else { return nil }
      var link = generated
      let field = rng.pick(generated.fieldSegments)
      var characters = Array(link.segments[field.index])
      characters[rng.int(3...(characters.count - 1))] = rng.pick(["-", "_", ".", "~", "=", ":", "@", "!", "'"])
      link.segments[field.index] = String(characters)
      return Mutated(link: link.text, expected: Rejection(.invalidValue, field: field.name))
    },
    Mutation("spoil the code or the error", .invalidValue) { generated, rng in
      var link = generated
      switch generated.kind {
      case .oauthCode:
        let code = generated.query[0].value
        let spoiled: String
        switch rng.int(0...2) {
        case 0: spoiled = String(code.prefix(rng.int(0...31)))
        case 1: spoiled = code + rng.string(Alphabet.base64url, count: 129 - code.count + rng.int(0...5))
        default:
          spoiled = insert(rng.pick(["=", ".", "+", "/", "?", "!"]), into: code, offsets: 0...code.count, rng: &rng)
        }
        link.query[0].value = spoiled
        return Mutated(link: link.text, expected: Rejection(.invalidValue, field: "code"))
      case .oauthError:
        let error = generated.query[0].value
        link.query[0].value = rng.pick([error.uppercased(), error + "_", "", "x" + error, error + "=x"])
        return Mutated(link: link.text, expected: Rejection(.invalidValue, field: "error"))
      default: return nil
      }
    },
  ]
}

@Suite struct Properties {
  static let iterations = 400

  @Test("Random well-formed links are recognized with exactly the right fields", arguments: LinkKind.allCases)
  func wellFormed(_ kind: LinkKind) {
    var rng = SplitMix64(name: "well-formed " + kind.rawValue)
    let parsers = Contract.design.builds.map { LinkParser(contract: .design, build: $0) }
    for _ in 0..<Self.iterations {
      let parser = rng.pick(parsers)
      let link = GeneratedLink.random(kind, build: parser.build, rng: &rng)
      let outcome = parser.parse(link.text)
      guard outcome == .recognized(link.route) else {
        Issue.record("\(parser.build.name): \(link.text) gave \(outcome), expected \(link.route)")
        return
      }
      let expected =
        link.fieldSegments.map { ($0.name, link.segments[$0.index]) } + link.query.map { ($0.key, $0.value) }
      let fields = outcome.route!.fields
      #expect(fields.map { $0.name } == expected.map { $0.0 })
      #expect(fields.map { $0.value } == expected.map { $0.1 })
    }
  }

  @Test("A route's link printed back parses to the same route", arguments: LinkKind.allCases)
  func printedBack(_ kind: LinkKind) {
    var rng = SplitMix64(name: "printed back " + kind.rawValue)
    for _ in 0..<Self.iterations {
      let build = rng.pick(Contract.design.builds)
      let link = GeneratedLink.random(kind, build: build, rng: &rng)
      let printed = link.route.link(in: build, contract: .design) ?? ""
      var canonical = link
      canonical.scheme = canonical.scheme.lowercased()
      canonical.authority = canonical.authority.lowercased()
      #expect(printed == canonical.text)
      let outcome = LinkParser(contract: .design, build: build).parse(printed)
      guard outcome == .recognized(link.route) else {
        Issue.record("\(build.name): \(printed) gave \(outcome), expected \(link.route)")
        return
      }
    }
  }

  @Test("A single mutation is rejected with its reason", arguments: Mutation.all)
  func mutation(_ mutation: Mutation) {
    var rng = SplitMix64(name: "mutation " + mutation.name)
    let parsers = Dictionary(
      uniqueKeysWithValues: Contract.design.builds.map { ($0.name, LinkParser(contract: .design, build: $0)) })
    var applied = 0
    var attempts = 0
    while applied < Self.iterations, attempts < Self.iterations * 20 {
      attempts += 1
      let link = GeneratedLink.random(rng: &rng)
      guard let mutated = mutation.apply(link, &rng) else { continue }
      applied += 1
      #expect(mutated.expected.reason == mutation.reason)
      let outcome = parsers[link.build.name]!.parse(mutated.link)
      guard outcome == .unsupported(mutated.expected) else {
        Issue.record(
          "\(link.build.name): \(LinkSamples.printable(mutated.link)) gave \(outcome), expected \(mutated.expected)")
        return
      }
      #expect(outcome.route == nil)
      if let secret = mutated.secret {
        let rejection = outcome.rejection!
        for text in [
          String(describing: outcome), String(reflecting: outcome), String(describing: rejection),
          String(reflecting: rejection), "\(outcome)", rejection.field ?? "",
        ] {
          #expect(!text.contains(secret), "the forbidden value shows in \(text)")
          #expect(!text.contains("S3cr3t"), "the forbidden value shows in \(text)")
        }
      }
    }
    #expect(applied == Self.iterations, "the mutation applied to only \(applied) links")
  }

  @Test("Random strings from the grammar's pieces never trap, and only a whole route is recognized")
  func pieces() {
    var rng = SplitMix64(name: "pieces")
    let parsers = Contract.design.builds.map { LinkParser(contract: .design, build: $0) }
    let pieces = [
      "https", "HTTPS", "http", "://", ":", "/", "//", "?", "&", "=", "#", "%", "%2F", "@", ".", "..", "[", "]",
      "links.example.com", "links.staging.example.com", "com.example.customer", "com.example.customer.staging",
      "start", "business", "category", "product", "checkout", "orders", "oauth-complete", "code", "error",
      "access_denied", "password", "utm_source", LinkSamples.business, LinkSamples.category, LinkSamples.product,
      LinkSamples.cart, LinkSamples.order, LinkSamples.code(32), " ", "\\", "é", "\u{0}", "443",
    ]
    var recognized = 0
    for _ in 0..<3000 {
      let parser = rng.pick(parsers)
      let text = (0..<rng.int(0...14)).map { _ in rng.pick(pieces) }.joined()
      let outcome = parser.parse(text)
      switch outcome {
      case .recognized(let route):
        recognized += 1
        #expect(parser.parse(route.link(in: parser.build, contract: .design) ?? "") == outcome, "\(text)")
      case .unsupported(let rejection):
        #expect(outcome.route == nil)
        if !rejection.reason.namesField { #expect(rejection.field == nil) }
      }
    }
    _ = recognized
  }
}
