import LinkContract
import LinkParser

/// What a conformance case expects the parser to answer.
public enum ExpectedOutcome: Sendable, Hashable {
  case recognized(RouteClassID, fields: [String: String])
  case unsupported(RejectionReason, field: String?)
}

/// One parser conformance case: a stable id, the build, the raw input and the expectation.
public struct ConformanceCase: Sendable, Hashable {
  public let id: String
  public let build: String
  /// The input as text; for an input that is not valid UTF-8, its bytes read with U+FFFD in
  /// place of each invalid sequence (for display only: `bytes` is the input).
  public let input: String
  /// The input's bytes when they are not valid UTF-8; nil when `input` is the input.
  public let invalidUTF8: [UInt8]?
  public let expected: ExpectedOutcome
  /// What the case exercises, as a short stable kebab-case id shared by every route and build
  /// (`canonical`, `trailing-slash`, `wrong-prefix`, `forbidden-key`, `reason-precedence`, ...),
  /// so that other platforms can group their failures.
  public let fault: String

  /// The bytes the parser reads.
  public var bytes: [UInt8] { invalidUTF8 ?? Array(input.utf8) }
}

/// One return-URL policy case.
public struct ReturnURLCase: Sendable, Hashable {
  public let id: String
  public let returnURL: String?
  public let allowedSchemes: [String]
  public let uiBaseURL: String
  public let expected: CompletionTarget
}

/// The conformance table, derived from the contract's values by construction: each case is
/// built from a canonical link and one or two deliberate faults, and its expectation comes from
/// the fault, never from running the parser.
public struct ConformanceTable: Sendable {
  public let links: [ConformanceCase]
  public let returnURLs: [ReturnURLCase]
  /// The digest of the contract the cases were made from, as `contract.json` gives it.
  public let digest: String

  public init(contract: Contract) {
    digest = contractDigest(contract)
    var builder = CaseBuilder(contract: contract)
    for build in contract.builds {
      builder.addCases(for: build)
      builder.addWebPageCases(for: build)
    }
    links = builder.cases
    returnURLs = ReturnURLCases.make(contract: contract)
  }
}

extension ConformanceTable {
  /// The part of a case id that names `field` of `route` in the cases about it: `field-` and
  /// its name as kebab-case, or its position where two of the route's names would read alike.
  public static func idPart(of field: Field, in route: RouteClass) -> String {
    let names = route.fields.map(\.name)
    let parts = CaseBuilder.idParts(names, prefixFree: true)
    return "field-" + (names.firstIndex(of: field.name).map { parts[$0] } ?? CaseBuilder.kebab(field.name))
  }
}

/// A link as parts, so that faults can be applied one part at a time and rendered.
struct LinkParts {
  var scheme: String
  var userinfo: String?
  var host: String
  var port: String?
  var path: String
  var query: [String]
  var fragment: String?
  var suffix = ""

  var rendered: String {
    var link = scheme + "://"
    if let userinfo { link += userinfo + "@" }
    link += host
    if let port { link += ":" + port }
    link += path
    if !query.isEmpty { link += "?" + query.joined(separator: "&") }
    if let fragment { link += "#" + fragment }
    return link + suffix
  }
}

struct CaseBuilder {
  let contract: Contract
  var cases: [ConformanceCase] = []
  private var ids = Set<String>()

  /// `<route>-<carrier>-` for every route class and carrier, in the order `fault(of:)` strips them.
  private let carrierPrefixes: [String]
  /// The words that name each route's fields in ids, by route and field name.
  private let fieldParts: [RouteClassID: [String: String]]
  /// A query key that no route class declares and no forbidden word forbids, for extra fields.
  let extraKey: String
  /// The route class whose canonical https link the cases about a whole link start from: the
  /// first published one with an https path, else the first with one.
  let home: RouteClass?

  init(contract: Contract) {
    self.contract = contract
    carrierPrefixes = contract.routeClasses.flatMap { route in
      Carrier.allCases.map { "\(route.id)-\($0.rawValue)-" }
    }
    fieldParts = Dictionary(
      contract.routeClasses.map { route in
        let names = route.fields.map(\.name)
        return (route.id, Dictionary(zip(names, Self.idParts(names, prefixFree: true))) { first, _ in first })
      }
    ) { first, _ in first }
    extraKey = Self.undeclared(["utm_source", "utm_medium", "utm_campaign"], contract)
    home =
      contract.routeClasses.first { $0.publication.isPublished && $0.httpsPath != nil }
      ?? contract.routeClasses.first { $0.httpsPath != nil }
  }

  /// `texts` as kebab-case id parts: each text's kebab-case form when every one is non-empty,
  /// none equals another and, when `prefixFree`, none is another's first words (so that a part
  /// followed by more words still reads as itself); otherwise each text's position from 1.
  static func idParts(_ texts: [String], prefixFree: Bool) -> [String] {
    let parts = texts.map(kebab)
    let distinct =
      !parts.contains(where: \.isEmpty) && Set(parts).count == parts.count
      && !(prefixFree && parts.contains { part in parts.contains { $0.hasPrefix(part + "-") } })
    return distinct ? parts : texts.indices.map { String($0 + 1) }
  }

  /// The id part that names `field` of `route`: `field-` and its name.
  func part(_ field: Field, of route: RouteClass) -> String { "field-" + slug(field, of: route) }

  /// The first of `candidates` that no route class declares and no forbidden word forbids, else
  /// a key made from every declared name, which none can equal.
  static func undeclared(_ candidates: [String], _ contract: Contract) -> String {
    let declared = Set(contract.routeClasses.flatMap { $0.fields.map(\.name) })
    return candidates.first { !declared.contains($0) && !contract.forbiddenKeys.matches($0) }
      ?? "x_" + declared.sorted().joined(separator: "_")
  }

  /// The words that name `field` among the fields of `route` in ids.
  func slug(_ field: Field, of route: RouteClass) -> String {
    fieldParts[route.id]?[field.name] ?? Self.kebab(field.name)
  }

  mutating func add(
    _ id: String, _ build: Build, _ input: String, _ expected: ExpectedOutcome, fault: String? = nil
  ) {
    add(id, build, bytes: Array(input.utf8), expected, fault: fault)
  }

  /// A case whose input is `bytes`, which need not be UTF-8; its fault is `fault`, or read from
  /// its id.
  mutating func add(
    _ id: String, _ build: Build, bytes: [UInt8], _ expected: ExpectedOutcome, fault: String? = nil
  ) {
    let full = Self.kebab(build.name + "-" + id)
    precondition(ids.insert(full).inserted, "duplicate conformance id \(full)")
    let text = String(decoding: bytes, as: UTF8.self)
    cases.append(
      ConformanceCase(
        id: full, build: build.name, input: text, invalidUTF8: Array(text.utf8) == bytes ? nil : bytes,
        expected: expected, fault: fault ?? self.fault(of: id)))
  }

  /// A case about `field` of `route`: `<base>-field-<name>-<variant>`, its fault the variant's
  /// words that are not numbers.
  mutating func addField(
    _ base: String, _ route: RouteClass, _ field: Field, _ variant: String, _ build: Build, _ input: String,
    _ expected: ExpectedOutcome, fault: String? = nil
  ) {
    let words = Self.kebab(variant).split(separator: "-").filter { !$0.allSatisfy(\.isNumber) }
    add(
      "\(base)-\(part(field, of: route))-\(variant)", build, input, expected,
      fault: fault ?? (words.isEmpty ? "canonical" : words.joined(separator: "-")))
  }

  /// A rejection about `field` of `route`, as `addField` names it.
  mutating func rejectField(
    _ base: String, _ route: RouteClass, _ field: Field, _ variant: String, _ build: Build, _ input: String,
    _ reason: RejectionReason, _ named: String? = nil
  ) {
    addField(base, route, field, variant, build, input, .unsupported(reason, field: named))
  }

  /// `text` as a kebab-case id: lowercase letters and digits, every other run of characters
  /// one `-`.
  static func kebab(_ text: String) -> String {
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return kebabByCharacters(text) }
    var id: [UInt8] = []
    id.reserveCapacity(text.utf8.count)
    var separated = false
    for byte in text.utf8 {
      guard ASCII.isAlphanumeric(byte) else {
        separated = true
        continue
      }
      if separated, !id.isEmpty { id.append(UInt8(ascii: "-")) }
      separated = false
      id.append(ASCII.lowercased(byte))
    }
    return String(decoding: id, as: UTF8.self)
  }

  /// `kebab` for any text, by characters; ASCII text takes the byte path, which gives the same.
  static func kebabByCharacters(_ text: String) -> String {
    text.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.joined(separator: "-")
  }

  /// The fault of a case id: without the route class and carrier it was made for, the numbers
  /// that tell prefixes apart and the words of a forbidden key.
  func fault(of id: String) -> String {
    // Compared as UTF-8: ids, route class ids and field names are ASCII, and a byte prefix
    // reads much faster than a `Character` one.
    var rest = Substring(id)
    /// Drops `prefix`, and then `separator` when given, from `rest` when it starts with them.
    func drop(_ prefix: String, then separator: UInt8? = nil) -> Bool {
      let length = prefix.utf8.count
      guard rest.utf8.starts(with: prefix.utf8),
        separator == nil || rest.utf8.dropFirst(length).first == separator
      else { return false }
      rest = Substring(rest.utf8.dropFirst(separator == nil ? length : length + 1))
      return true
    }
    for prefix in carrierPrefixes { _ = drop(prefix) }
    for (prefix, fault) in Self.namedFaults where rest.utf8.starts(with: prefix.utf8) {
      return fault
    }
    for route in contract.routeClasses where drop(route.id.rawValue, then: UInt8(ascii: "-")) { break }
    // A kebab-case id is ASCII letters and digits in words between single `-`s.
    var fault: [UInt8] = []
    for word in Self.kebab(String(rest)).utf8.split(separator: UInt8(ascii: "-"))
    where !word.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
      if !fault.isEmpty { fault.append(UInt8(ascii: "-")) }
      fault.append(contentsOf: word)
    }
    return fault.isEmpty ? "canonical" : String(decoding: fault, as: UTF8.self)
  }

  /// Id prefixes that name their case's fault whole, in the order `fault(of:)` tries them.
  private static let namedFaults = [
    ("forbidden-", "forbidden-key"), ("precedence-", "reason-precedence"), ("allowed-", "allowed-near-miss"),
    ("extra-field-not-plain", "extra-field-not-plain"), ("invalid-utf8-", "invalid-utf8"),
  ]

  mutating func reject(
    _ id: String, _ build: Build, _ input: String, _ reason: RejectionReason, _ field: String? = nil
  ) {
    add(id, build, input, .unsupported(reason, field: field))
  }

  func other(than build: Build) -> Build? { contract.builds.first { $0.name != build.name } }

  /// The route's link on `carrier` with the given field values, as parts.
  func parts(
    _ route: RouteClass, _ carrier: Carrier, _ build: Build, values: [String: String]
  ) -> LinkParts {
    let query = route.query.fields.prefix(1).map { "\($0.name)=\(values[$0.name] ?? "")" }
    switch carrier {
    case .https:
      let path = PathSegment.render(route.httpsPath ?? []) { values[$0.name] ?? "" }
      return LinkParts(
        scheme: "https", host: build.webHost, path: path, query: query, fragment: nil)
    case .customScheme:
      return LinkParts(
        scheme: build.customScheme, host: route.customSchemeName ?? "", path: "", query: query,
        fragment: nil)
    }
  }

  /// The canonical link's field values, by field name.
  func validValues(_ route: RouteClass) -> [String: String] {
    Dictionary(contract.sampleValues(of: route).map { ($0.0.name, $0.1) }) { _, last in last }
  }

  mutating func addCases(for build: Build) {
    for route in contract.routeClasses {
      for carrier in route.carriers { addRouteCases(route, carrier, build) }
    }
    addGeneralCases(build)
    addWordRuleCases(build)
    addPrecedenceCases(build)
    addInvalidUTF8Cases(build)
  }

  /// Bytes that are not UTF-8 at each part of a canonical link: no text form can carry them,
  /// so conformance.json gives them as `inputBase64`. A link too long is `oversized` first.
  mutating func addInvalidUTF8Cases(_ build: Build) {
    guard let route = contract.routeClasses.first(where: { $0.httpsPath != nil }),
      let link = contract.canonicalLink(route, carrier: .https, in: build)
    else { return }
    let bytes = Array(link.utf8)
    let cut = bytes.firstIndex(of: UInt8(ascii: "/")).map { $0 + 2 } ?? bytes.count
    for (name, sequence) in [
      ("byte-ff", [0xFF]), ("continuation-alone", [0x80]), ("truncated-two-bytes", [0xC3]),
      ("overlong-slash", [0xC0, 0xAF]), ("surrogate", [0xED, 0xA0, 0x80]), ("above-u10ffff", [0xF4, 0x90, 0x80, 0x80]),
    ] as [(String, [UInt8])] {
      add("invalid-utf8-\(name)-at-end", build, bytes: bytes + sequence, .unsupported(.malformedURL, field: nil))
      add(
        "invalid-utf8-\(name)-in-host", build, bytes: Array(bytes[..<cut]) + sequence + bytes[cut...],
        .unsupported(.malformedURL, field: nil))
    }
    let long = bytes + [UInt8(ascii: "?"), UInt8(ascii: "x"), UInt8(ascii: "=")]
    add(
      "invalid-utf8-oversized", build,
      bytes: long + [UInt8](repeating: 0xFF, count: max(1, contract.maximumLinkBytes + 1 - long.count)),
      .unsupported(.oversized, field: nil))
  }

  mutating func addRouteCases(_ route: RouteClass, _ carrier: Carrier, _ build: Build) {
    let base = "\(route.id.rawValue)-\(carrier.rawValue)"
    let values = validValues(route)
    let canonical = parts(route, carrier, build, values: values)
    let recognized = ExpectedOutcome.recognized(route.id, fields: values)
    add("\(base)-canonical", build, canonical.rendered, recognized)

    var upperScheme = canonical
    upperScheme.scheme = upperScheme.scheme.uppercased()
    add("\(base)-scheme-uppercase", build, upperScheme.rendered, recognized)

    var tail = canonical
    tail.fragment = "section"
    reject("\(base)-fragment", build, tail.rendered, .fragmentPresent)
    tail = canonical
    tail.userinfo = "guest"
    reject("\(base)-userinfo", build, tail.rendered, .userinfoPresent)
    tail = canonical
    tail.port = carrier == .https ? "443" : "8080"
    reject("\(base)-port", build, tail.rendered, .portPresent)
    tail = canonical
    tail.port = ""
    reject("\(base)-port-empty", build, tail.rendered, .portPresent)
    tail = canonical
    tail.scheme = "http"
    reject("\(base)-http", build, tail.rendered, .schemeNotAllowed)
    tail = canonical
    tail.query.append("\(extraKey)=newsletter")
    reject("\(base)-extra-field", build, tail.rendered, .extraField, extraKey)
    tail = canonical
    tail.query += ["\(extraKey)=a", "\(extraKey)=b"]
    reject("\(base)-duplicate-extra-field", build, tail.rendered, .duplicateField)
    // Keys compare exactly: a key and the same key in capitals are two keys, not a duplicate.
    tail = canonical
    tail.query += ["\(extraKey)=a", "\(extraKey.uppercased())=b"]
    reject("\(base)-extra-field-case-pair", build, tail.rendered, .extraField, extraKey)
    for (index, key) in forbiddenSamples.enumerated() {
      tail = canonical
      tail.query.append("\(key)=\(forbiddenValues[index % forbiddenValues.count])")
      let caseNote = key == key.lowercased() ? "" : "-mixed-case"
      reject("\(base)-forbidden-\(key.lowercased())\(caseNote)", build, tail.rendered, .forbiddenField)
    }
    for key in ["utm.source", "utm:1", String(repeating: "u", count: FieldName.longestPlain + 1)] {
      tail = canonical
      tail.query.append("\(key)=1")
      let id = key.count > FieldName.longestPlain ? "long" : key.replacing(":", with: "-").replacing(".", with: "-")
      reject("\(base)-extra-field-not-plain-\(id)", build, tail.rendered, .extraField, FieldName.redacted)
    }
    for key in allowedNearMisses {
      tail = canonical
      tail.query.append("\(key)=1")
      reject("\(base)-allowed-\(key)", build, tail.rendered, .extraField, key)
    }
    tail = canonical
    tail.query.append("=orphan")
    reject("\(base)-empty-key", build, tail.rendered, .malformedURL)
    tail = canonical
    tail.suffix = canonical.query.isEmpty ? "?" : "&"
    reject("\(base)-empty-query-item", build, tail.rendered, .malformedURL)

    if let other = other(than: build) {
      var foreign = canonical
      switch carrier {
      case .https:
        foreign.host = other.webHost
        reject("\(base)-other-build-host", build, foreign.rendered, .hostNotConfigured)
      case .customScheme:
        foreign.scheme = other.customScheme
        reject("\(base)-other-build-scheme", build, foreign.rendered, .schemeNotAllowed)
      }
    }

    switch carrier {
    case .https: addHTTPSRouteCases(route, base, canonical, values, build)
    case .customScheme: addSchemeRouteCases(route, base, canonical, build)
    }
    addQueryFieldCases(route, base, canonical, build)
    addFieldValueCases(route, carrier, base, values, build)
  }

  mutating func addHTTPSRouteCases(
    _ route: RouteClass, _ base: String, _ canonical: LinkParts, _ values: [String: String],
    _ build: Build
  ) {
    let recognized = ExpectedOutcome.recognized(route.id, fields: values)
    var link = canonical
    link.host = build.webHost.uppercased()
    add("\(base)-host-uppercase", build, link.rendered, recognized)
    link = canonical
    link.host += "."
    reject("\(base)-host-trailing-dot", build, link.rendered, .hostNotConfigured)
    link = canonical
    link.host = "203.0.113.7"
    reject("\(base)-host-ip-literal", build, link.rendered, .hostNotConfigured)
    link = canonical
    link.path += "/"
    reject("\(base)-trailing-slash", build, link.rendered, .unknownRoute)
    link = canonical
    link.path = link.path.replacing("/", with: "//", maxReplacements: 1)
    reject("\(base)-empty-segment", build, link.rendered, .unknownRoute)
    link = canonical
    link.path = "/." + link.path
    reject("\(base)-dot-segment", build, link.rendered, .unknownRoute)
    link = canonical
    link.path += "/extra"
    reject("\(base)-extra-segment", build, link.rendered, .unknownRoute)

    let segments = route.httpsPath ?? []
    for (index, segment) in segments.enumerated() {
      guard case .literal(let literal) = segment else { continue }
      var uppercased = segments
      uppercased[index] = .literal(literal.uppercased())
      link = canonical
      link.path = PathSegment.render(uppercased) { values[$0.name] ?? "" }
      reject("\(base)-literal-\(index)-uppercase", build, link.rendered, .unknownRoute)
    }
    // Every proper prefix that stops before a field names the first field it did not reach,
    // unless the prefix is itself the whole form of another route class.
    for count in 1..<max(1, segments.count) {
      let truncated = Array(segments.prefix(count))
      let isOtherRoute = contract.routeClasses.contains { other in
        other.id != route.id && other.httpsPath.map { Contract.canOverlap($0, truncated) } == true
      }
      guard !isOtherRoute,
        let missing = segments[count...].compactMap({ segment -> Field? in
          if case .field(let field) = segment { return field }
          return nil
        }).first
      else { continue }
      link = canonical
      link.path = PathSegment.render(truncated) { values[$0.name] ?? "" }
      reject("\(base)-prefix-\(count)", build, link.rendered, .missingField, missing.name)
      link.query.append("\(extraKey)=newsletter")
      reject("\(base)-prefix-\(count)-with-extra", build, link.rendered, .missingField, missing.name)
    }

    // The link limit's boundary: padding in an undeclared field, so the oversized link would
    // otherwise be an extra field.
    link = canonical
    let pad = Self.undeclared(["pad"], contract)
    link.query.append(pad + "=")
    let room = contract.maximumLinkBytes - link.rendered.utf8.count
    if room > 0 {
      link.query[link.query.count - 1] = pad + "=" + String(repeating: "x", count: room)
      reject("\(base)-length-at-limit", build, link.rendered, .extraField, pad)
      link.query[link.query.count - 1] += "x"
      reject("\(base)-length-over-limit", build, link.rendered, .oversized)
    }
  }

  mutating func addSchemeRouteCases(
    _ route: RouteClass, _ base: String, _ canonical: LinkParts, _ build: Build
  ) {
    var link = canonical
    link.host = link.host.uppercased()
    reject("\(base)-name-uppercase", build, link.rendered, .unknownRoute)
    link = canonical
    link.path = "/"
    reject("\(base)-path-slash", build, link.rendered, .unknownRoute)
    link = canonical
    link.path = "/" + link.host
    link.host = ""
    reject("\(base)-name-as-path", build, link.rendered, .unknownRoute)
  }

  mutating func addQueryFieldCases(
    _ route: RouteClass, _ base: String, _ canonical: LinkParts, _ build: Build
  ) {
    let alternatives = route.query.fields
    guard let first = alternatives.first else { return }
    let names = Set(route.fields.map(\.name))
    var link = canonical
    link.query = []
    reject("\(base)-query-absent", build, link.rendered, .missingField, first.name)
    link.suffix = "?"
    reject("\(base)-query-empty", build, link.rendered, .malformedURL)
    link = canonical
    link.query.append(link.query[0])
    rejectField(base, route, first, "twice", build, link.rendered, .duplicateField)
    // Keys compare exactly: the name in capitals is another key, an undeclared one.
    let upper = first.name.uppercased()
    if upper != first.name, !names.contains(upper) {
      link = canonical
      link.query[0] = upper + "=" + contract.sample(first)
      rejectField(base, route, first, "key-uppercase", build, link.rendered, .missingField, first.name)
      link = canonical
      link.query.append(upper + "=" + contract.sample(first))
      rejectField(base, route, first, "key-case-pair", build, link.rendered, .extraField, upper)
    }
    link = canonical
    link.query = [first.name]
    rejectField(base, route, first, "no-equals", build, link.rendered, .invalidValue, first.name)
    link = canonical
    link.query[0] += "=more"
    rejectField(base, route, first, "second-equals", build, link.rendered, .invalidValue, first.name)

    for (index, later) in alternatives.enumerated().dropFirst() {
      let laterPair = "\(later.name)=\(contract.sample(later))"
      link = canonical
      link.query.append(laterPair)
      rejectField(base, route, first, "and-\(slug(later, of: route))", build, link.rendered, .extraField, later.name)
      link = canonical
      link.query.insert(laterPair, at: 0)
      rejectField(base, route, later, "and-\(slug(first, of: route))", build, link.rendered, .extraField, later.name)
      link = canonical
      link.query = [laterPair]
      let values = [later.name: contract.sample(later)]
      addField(base, route, later, "\(index)-alone", build, link.rendered, .recognized(route.id, fields: values))
      for (variant, value) in invalidValues(later) {
        link.query = ["\(later.name)=\(value)"]
        rejectField(base, route, later, variant, build, link.rendered, .invalidValue, later.name)
      }
      if case .enumeration(let allowed) = later.format {
        for (value, part) in zip(allowed, Self.idParts(allowed, prefixFree: false)).dropFirst() {
          link.query = ["\(later.name)=\(value)"]
          addField(
            base, route, later, "value-\(part)", build, link.rendered,
            .recognized(route.id, fields: [later.name: value]), fault: "listed-value")
        }
      }
    }
  }

  /// Each field carried by the canonical link, set to each kind of invalid value, then to the
  /// boundary lengths that are still valid, then percent-encoded.
  mutating func addFieldValueCases(
    _ route: RouteClass, _ carrier: Carrier, _ base: String, _ values: [String: String],
    _ build: Build
  ) {
    let fields = contract.sampleValues(of: route).map(\.0)
    for field in fields {
      for (variant, value) in invalidValues(field) {
        var changed = values
        changed[field.name] = value
        let link = parts(route, carrier, build, values: changed)
        let reason: RejectionReason =
          value.isEmpty && route.query.fields.first != field ? .unknownRoute : .invalidValue
        rejectField(
          base, route, field, variant, build, link.rendered, reason, reason == .invalidValue ? field.name : nil)
      }
      for (variant, value) in boundaryValues(field) {
        var changed = values
        changed[field.name] = value
        let link = parts(route, carrier, build, values: changed)
        addField(base, route, field, variant, build, link.rendered, .recognized(route.id, fields: changed))
      }
      var encoded = values
      let value = values[field.name] ?? ""
      encoded[field.name] =
        String(value.prefix(value.count - 1)) + "%"
        + String(
          value.unicodeScalars.last.map { String($0.value, radix: 16, uppercase: true) } ?? "41")
      rejectField(
        base, route, field, "percent-encoded", build, parts(route, carrier, build, values: encoded).rendered,
        .malformedEncoding)
    }
    // Two invalid fields: the first in path-then-query order is named.
    if fields.count >= 2 {
      var changed = values
      for field in fields { changed[field.name] = invalidValues(field).first?.1 ?? "" }
      reject(
        "\(base)-all-fields-invalid", build, parts(route, carrier, build, values: changed).rendered,
        .invalidValue, fields[0].name)
    }
  }

  /// Values of each kind the field's format refuses, by the variant they name; a variant the
  /// format happens to admit (a prefix of digits in capitals) is left out.
  func invalidValues(_ field: Field) -> [(String, String)] {
    allInvalidValues(field).filter { !field.format.admits($0.1) }
  }

  private func allInvalidValues(_ field: Field) -> [(String, String)] {
    let reserved = contract.reservedBodyPrefix
    switch field.format {
    case .reference(let prefix, let bodyLength):
      let valid = contract.sample(field)
      let body = String(valid.dropFirst(prefix.count))
      let otherPrefix =
        contract.references.first { $0.prefix != prefix }?.prefix ?? "xx_"
      return [
        ("wrong-prefix", otherPrefix + body),
        ("prefix-uppercase", prefix.uppercased() + body),
        ("no-prefix", body),
        ("prefix-only", prefix),
        (
          "body-too-short",
          DocumentationSample.reference(
            prefix, field: field.name, reserved: reserved, length: bodyLength.lowerBound - 1)
        ),
        (
          "body-too-long",
          DocumentationSample.reference(
            prefix, field: field.name, reserved: reserved, length: bodyLength.upperBound + 1)
        ),
        ("body-underscore", prefix + String(body.dropLast()) + "_"),
        ("body-hyphen", prefix + String(body.dropLast()) + "-"),
        ("body-dot", prefix + String(body.dropLast()) + "."),
        ("empty", ""),
      ]
    case .base64url(let length):
      return [
        ("too-short", DocumentationSample.code(length: length.lowerBound - 1)),
        ("too-long", DocumentationSample.code(length: length.upperBound + 1)),
        ("bad-character", String(DocumentationSample.code(length: length.lowerBound).dropLast()) + "."),
        ("plus", String(DocumentationSample.code(length: length.lowerBound).dropLast()) + "+"),
        ("empty", ""),
      ]
    case .enumeration(let values):
      var unlisted = "not_listed"
      while values.contains(unlisted) { unlisted += "_" }
      let uppercase = values.lazy.map { $0.uppercased() }.first { !values.contains($0) }
      return [("not-listed", unlisted)] + (uppercase.map { [("uppercase", $0)] } ?? []) + [("empty", "")]
    }
  }

  func boundaryValues(_ field: Field) -> [(String, String)] {
    switch field.format {
    case .reference(_, let length), .base64url(let length):
      Set([length.lowerBound, length.upperBound]).sorted().map { (length: Int) in
        ("length-\(length)", contract.sample(field, length: length))
      }
    case .enumeration: []
    }
  }

  /// Keys the word rule forbids, derived from each kind's words: the words as they are, in
  /// capitals, between separators, in camelCase, run into digits, split by a separator, plural.
  var forbiddenSamples: [String] {
    var samples: [String] = []
    for group in contract.forbiddenKeys.groups {
      let words = group.words
      guard let first = words.first else { continue }
      let second = words.count > 1 ? words[1] : first
      let third = words.count > 2 ? words[2] : second
      samples += words.prefix(3)
      samples += [
        first.uppercased(), "x-" + second + "-y", "my" + third.prefix(1).uppercased() + third.dropFirst(),
        first + "s", second + "1234", "\(third.prefix(1))_\(third.dropFirst())",
      ]
    }
    var seen = Set<String>()
    return samples.filter { seen.insert($0).inserted && contract.forbiddenKeys.matches($0) }
  }

  /// Keys that hold a listed word inside one longer word, which the word rule allows: they are
  /// extra fields like any other undeclared key.
  var allowedNearMisses: [String] {
    let declared = Set(contract.routeClasses.flatMap { $0.query.fields.map(\.name) })
    var seen = Set<String>()
    return contract.forbiddenKeys.groups.compactMap(\.words.first).map { "dis" + $0 + "ed" }
      .filter { !contract.forbiddenKeys.matches($0) && !declared.contains($0) && seen.insert($0).inserted }
  }

  let forbiddenValues = ["hunter2", "eyJhbGciOiJub25lIn0", "4111111111111111", "51.5072"]

  /// Cases about a whole link, each made from the build's own host and the path of its home
  /// route's canonical link.
  mutating func addGeneralCases(_ build: Build) {
    let host = build.webHost
    let path =
      home.map { route in
        let values = validValues(route)
        return PathSegment.render(route.httpsPath ?? []) { values[$0.name] ?? "" }
      } ?? "/" + unusedLiteral
    let start = "https://\(host)\(path)"
    let name =
      contract.routeClasses.lazy.compactMap(\.customSchemeName).first
      ?? String(path.dropFirst().prefix { $0 != "/" })
    var spaced = path
    spaced.insert(" ", at: spaced.index(spaced.startIndex, offsetBy: min(3, spaced.count)))
    reject("empty", build, "", .malformedURL)
    reject("no-scheme", build, "\(host)\(path)", .malformedURL)
    reject("single-slash", build, "https:/\(host)\(path)", .malformedURL)
    reject("scheme-only", build, "https:", .malformedURL)
    reject("scheme-digit-first", build, "1https://\(host)\(path)", .malformedURL)
    reject("space", build, "https://\(host)\(spaced)", .malformedURL)
    reject("leading-space", build, " " + start, .malformedURL)
    reject("trailing-newline", build, start + "\n", .malformedURL)
    reject("tab", build, start + "\t", .malformedURL)
    reject("nul", build, start + "\u{0}", .malformedURL)
    reject("delete", build, start + "\u{7F}", .malformedURL)
    reject("backslash", build, "https://\(host)\\\(path.dropFirst())", .malformedURL)
    reject("non-ascii", build, "https://\(host)\(Self.accented(path))", .malformedURL)
    reject("non-ascii-host", build, "https://\(Self.homograph(host))\(path)", .malformedURL)
    reject("double-ampersand", build, start + "?a=1&&b=2", .malformedURL)
    reject("query-only-ampersand", build, start + "?&", .malformedURL)
    reject("empty-query-with-fragment", build, start + "?#top", .malformedURL)
    reject("percent-in-host", build, "https://\(Self.encodedDot(host))\(path)", .malformedEncoding)
    reject("percent-in-fragment", build, start + "#%41", .malformedEncoding)
    reject("lone-percent", build, start + "?a=%", .malformedEncoding)
    reject("ftp", build, "ftp://\(host)\(path)", .schemeNotAllowed)
    reject("javascript", build, "javascript://\(host)\(path)", .schemeNotAllowed)
    reject("scheme-prefix", build, "\(build.customScheme)x://\(name)", .schemeNotAllowed)
    reject("userinfo-empty", build, "https://@\(host)\(path)", .userinfoPresent)
    reject("userinfo-with-password", build, "https://a:b@\(host)\(path)", .userinfoPresent)
    reject("ipv6-literal", build, "https://[2001:db8::1]\(path)", .hostNotConfigured)
    reject("ipv6-literal-port", build, "https://[2001:db8::1]:443\(path)", .portPresent)
    reject("empty-host", build, "https://\(path)", .hostNotConfigured)
    reject("subdomain", build, "https://www.\(host)\(path)", .hostNotConfigured)
    reject("suffix-host", build, "https://\(host).evil.example\(path)", .hostNotConfigured)
    reject("empty-fragment", build, start + "#", .fragmentPresent)
    reject("fragment-with-query-after", build, start + "#a?b=1", .fragmentPresent)
    reject("no-path", build, "https://\(host)", .unknownRoute)
    reject("no-path-with-query", build, "https://\(host)?\(extraKey)=x", .unknownRoute)
    reject("root", build, "https://\(host)/", .unknownRoute)
    addStructureCases(build)
  }

  /// Cases about matching by structure, each made from the route classes it needs and kept
  /// only where the contract's routes give the link the outcome the case is about.
  mutating func addStructureCases(_ build: Build) {
    let host = "https://\(build.webHost)"
    let unused = unusedLiteral
    if let reference = contract.routeClasses.lazy.flatMap(\.fields).first, structure([unused, "x"]) == .none {
      reject("unknown-path", build, "\(host)/\(unused)/\(contract.sample(reference))", .unknownRoute)
    }
    if let (route, literal, field) = twoSegmentRoute {
      if structure([literal, "x", "y"]) == .none {
        reject("unknown-nested-path", build, "\(host)/\(literal)/x/y", .unknownRoute)
      }
      if !contract.routeClasses.contains(where: { $0.customSchemeName == literal }) {
        reject("\(route.id)-on-scheme", build, "\(build.customScheme)://\(literal)", .unknownRoute)
      }
      if structure([literal, "nonsense"]) == .full(route.id), route.query.fields.isEmpty {
        reject("structure-before-value", build, "\(host)/\(literal)/nonsense?x=1", .extraField, "x")
      }
      if structure([literal, "nonsense"]) == .full(route.id), !field.format.admits("nonsense") {
        reject("value-checked-last", build, "\(host)/\(literal)/nonsense", .invalidValue, field.name)
      }
    }
    if let callback = contract.routeClasses.first(where: { $0.httpsPath == nil && $0.customSchemeName != nil }),
      let name = callback.customSchemeName, structure([name]) == .none
    {
      let query = callback.query.fields.first.map { "?\($0.name)=x" } ?? ""
      reject("\(callback.id)-on-https", build, "\(host)/\(name)\(query)", .unknownRoute)
    }
    reject("scheme-empty-name", build, "\(build.customScheme)://", .unknownRoute)
    if !contract.routeClasses.contains(where: { $0.customSchemeName == "settings" }) {
      reject("scheme-unknown-name", build, "\(build.customScheme)://settings", .unknownRoute)
    }
    // A prefix that stops short of a route with invalid values on the way: structure first.
    for route in contract.routeClasses {
      guard let path = route.httpsPath, path.count >= 4, case .literal(let first) = path[0],
        case .field = path[1], case .literal(let second) = path[2], case .field(let missing) = path[3]
      else { continue }
      if structure([first, "nonsense", second]) == .prefix(route.id, missing: missing.name) {
        reject(
          "\(route.id)-prefix-invalid-values", build, "\(host)/\(first)/nonsense/\(second)", .missingField,
          missing.name)
      }
      break
    }
  }

  /// The first route class whose https path is one literal and one field, with both.
  var twoSegmentRoute: (RouteClass, String, Field)? {
    for route in contract.routeClasses {
      if let path = route.httpsPath, path.count == 2, case .literal(let literal) = path[0],
        case .field(let field) = path[1]
      {
        return (route, literal, field)
      }
    }
    return nil
  }

  /// A first path segment beside the contract's own that no route class starts with: one of its
  /// first literals without its last character (`orders` -> `order`), else one made from all.
  var unusedLiteral: String {
    let literals = contract.routeClasses.compactMap { route -> String? in
      if case .literal(let text) = route.httpsPath?.first, text.count > 1 { return String(text.dropLast()) }
      return nil
    }
    return contract.unusedFirstSegment(among: literals)
  }

  /// Look-alikes of ASCII letters from other scripts, for homographs of a host.
  static let lookAlikes: [Character: Character] = [
    "a": "\u{430}", "c": "\u{441}", "e": "\u{435}", "i": "\u{131}", "j": "\u{458}", "o": "\u{43E}",
    "p": "\u{440}", "s": "\u{455}", "x": "\u{445}", "y": "\u{443}",
  ]

  /// `host` with its first letter that has a look-alike in another script replaced by it
  /// (`links.example.com` -> `lınks.example.com`); else its first letter in full width.
  static func homograph(_ host: String) -> String {
    var letters = Array(host)
    if let index = letters.firstIndex(where: { lookAlikes[$0] != nil }) {
      letters[index] = lookAlikes[letters[index]]!
    } else if let index = letters.firstIndex(where: { $0.isASCII && $0.isLetter }),
      let scalar = letters[index].lowercased().unicodeScalars.first,
      let wide = Unicode.Scalar(scalar.value - 0x61 + 0xFF41)
    {
      letters[index] = Character(wide)
    } else {
      letters.insert("\u{131}", at: 0)
    }
    return String(letters)
  }

  /// `path` with its first vowel given a diaeresis (`/start` -> `/stärt`), else with `ä` after
  /// its first `/`.
  static func accented(_ path: String) -> String {
    let marked: [Character: Character] = [
      "a": "\u{E4}", "e": "\u{EB}", "i": "\u{EF}", "o": "\u{F6}", "u": "\u{FC}", "y": "\u{FF}",
    ]
    var letters = Array(path)
    if let index = letters.firstIndex(where: { marked[$0] != nil }) {
      letters[index] = marked[letters[index]]!
    } else {
      letters.insert("\u{E4}", at: min(1, letters.count))
    }
    return String(letters)
  }

  /// `host` with its first dot percent-encoded (`%2E`), else its first character.
  static func encodedDot(_ host: String) -> String {
    if let dot = host.firstIndex(of: ".") { return host[..<dot] + "%2E" + host[host.index(after: dot)...] }
    guard let first = host.unicodeScalars.first, first.isASCII else { return "%41" + host }
    return "%" + String(first.value, radix: 16, uppercase: true) + host.dropFirst()
  }

  /// How the https routes see concrete path segments, by literals and length only, as the
  /// contract's rules say: the route they match, or the first route they are a proper prefix of
  /// with the first field they do not reach. Used to keep only the cases whose premise holds.
  enum Structure: Equatable {
    case none
    case full(RouteClassID)
    case prefix(RouteClassID, missing: String)
  }

  func structure(_ segments: [String]) -> Structure {
    var prefix: Structure = .none
    for route in contract.routeClasses {
      guard let path = route.httpsPath, path.count >= segments.count else { continue }
      let agrees = zip(path, segments).allSatisfy { pattern, segment in
        if case .literal(let text) = pattern { return text == segment }
        return true
      }
      guard agrees else { continue }
      if path.count == segments.count { return .full(route.id) }
      let missing = path[segments.count...].lazy.compactMap { segment -> String? in
        if case .field(let field) = segment { return field.name }
        return nil
      }.first
      if prefix == .none, let missing { prefix = .prefix(route.id, missing: missing) }
    }
    return prefix
  }

  /// For each pair of reasons, a link with both faults: the reason checked first wins.
  mutating func addPrecedenceCases(_ build: Build) {
    guard let (route, literal, field) = twoSegmentRoute, route.query.fields.isEmpty,
      let other = other(than: build), case .prefix(_, let missing) = structure([literal]),
      structure([literal, "nonsense"]) == .full(route.id), !field.format.admits("nonsense"),
      structure(["unknown"]) == .none
    else { return }
    let values = validValues(route)
    let canonical = parts(route, .https, build, values: values)
    typealias Fault = (RejectionReason, String?, (inout LinkParts) -> Void)
    let padding = String(repeating: "x", count: contract.maximumLinkBytes + 76)
    let forbidden = contract.forbiddenKeys.words.first ?? ""
    let repeated = Self.undeclared(["ref"], contract)
    let extraKey = extraKey
    let faults: [Fault] = [
      (.oversized, nil, { $0.suffix += padding }),
      (.malformedURL, nil, { $0.suffix += " " }),
      (.malformedEncoding, nil, { $0.path += "%2F" }),
      (.schemeNotAllowed, nil, { $0.scheme = "http" }),
      (.userinfoPresent, nil, { $0.userinfo = "guest" }),
      (.portPresent, nil, { $0.port = "443" }),
      (.hostNotConfigured, nil, { $0.host = other.webHost }),
      (.fragmentPresent, nil, { $0.fragment = "top" }),
      (.forbiddenField, nil, { $0.query.append("\(forbidden)=hunter2") }),
      (.duplicateField, nil, { $0.query += ["\(repeated)=a", "\(repeated)=b"] }),
      (.unknownRoute, nil, { $0.path = "/unknown" }),
      (.missingField, missing, { $0.path = "/" + literal }),
      (.extraField, extraKey, { $0.query.append("\(extraKey)=newsletter") }),
      (.invalidValue, field.name, { $0.path = "/\(literal)/nonsense" }),
    ].filter { $0.0 != .forbiddenField || !forbidden.isEmpty }
    for (i, first) in faults.enumerated() {
      for second in faults[(i + 1)...] {
        // Faults that rewrite the same part would erase one another.
        let pathFaults: Set<RejectionReason> = [.unknownRoute, .missingField, .invalidValue]
        if pathFaults.contains(first.0), pathFaults.contains(second.0) { continue }
        var link = canonical
        second.2(&link)
        first.2(&link)
        reject(
          "precedence-\(first.0.rawValue)-over-\(second.0.rawValue)", build, link.rendered, first.0,
          first.1)
      }
    }
  }
}

enum ReturnURLCases {
  /// The return-URL policy's cases of each build: none for an app that declares no OAuth callback.
  static func make(contract: Contract) -> [ReturnURLCase] {
    guard let route = contract.oauthCallbackRoute, let declared = route.oauthCallback,
      let name = route.customSchemeName
    else { return [] }
    var cases: [ReturnURLCase] = []
    for build in contract.builds {
      let ui = declared.completionPageURL(in: build)
      let listed = declared.allowedReturnSchemes(in: build)
      guard let callback = contract.oauthCallback(in: build) else { continue }
      func add(_ id: String, _ url: String?, _ schemes: [String], _ native: Bool) {
        cases.append(
          ReturnURLCase(
            id: "\(build.name)-return-url-\(id)", returnURL: url, allowedSchemes: schemes,
            uiBaseURL: ui, expected: native ? .nativeCallback(url!) : .uiBaseURL(ui)))
      }
      add("listed-scheme", callback, listed, true)
      add("listed-scheme-echoed-exactly", callback + "?state=0000", listed, true)
      add("no-trailing-slash-added", build.customScheme + "://" + name, listed, true)
      add("scheme-case-insensitive", callback.uppercased(), listed, true)
      add("allowlist-case-insensitive", callback, [build.customScheme.uppercased()], true)
      add("empty-allowlist", callback, [], false)
      add("scheme-not-listed", "com.example.other://" + name, listed, false)
      add("https-listed-never-matches", "https://evil.example/" + name, listed + ["https"], false)
      add("http-listed-never-matches", "http://evil.example/" + name, listed + ["http"], false)
      add("https-uppercase-listed", "HTTPS://evil.example/", ["HTTPS"], false)
      add("relative", declared.completionPage, listed, false)
      add("scheme-relative", "//evil.example/" + name, listed, false)
      add("absent", nil, listed, false)
      add("empty", "", listed, false)
      add("whitespace", " " + callback, listed, false)
      if let other = contract.builds.first(where: { $0.name != build.name }) {
        add("other-build-scheme", other.customScheme + "://" + name, listed, false)
      }
    }
    return cases
  }
}
