// Module LinkParser: classifying a link against one build of a contract (`LinkParser`, the
// outcomes it returns, canonical links) and the return-URL policy of an app that declares an OAuth
// callback. Imports LinkContract only.

import LinkContract

/// The strict link parser for one build. It reads bytes, never normalizes, never traps, and
/// answers with a typed route or exactly one rejection reason, checked in the contract's order.
public struct LinkParser: Sendable {
  public let contract: Contract
  public let build: Build
  private let httpsRoutes: [CompiledRoute]
  private let schemeRoutes: [CompiledRoute]
  private let host: [UInt8]
  private let scheme: [UInt8]
  private let forbidden: ForbiddenWords
  private let byteClasses = ByteClass.table
  /// The most segments any https route has; longer paths match nothing.
  private let maximumSegments: Int

  public init(contract: Contract, build: Build) {
    self.contract = contract
    self.build = build
    var https: [CompiledRoute] = []
    var custom: [CompiledRoute] = []
    for route in contract.routeClasses {
      // A web page (an https path that is not an app link) is not one of the app's routes.
      if let path = route.httpsPath, route.carriers.contains(.https) {
        https.append(CompiledRoute(route, path: path, name: nil))
      }
      if let name = route.customSchemeName {
        custom.append(CompiledRoute(route, path: [], name: Array(name.utf8)))
      }
    }
    httpsRoutes = https
    schemeRoutes = custom
    host = build.webHost.utf8.map(ASCII.lowercased)
    scheme = build.customScheme.utf8.map(ASCII.lowercased)
    forbidden = contract.forbiddenKeys
    maximumSegments = https.map(\.literals.count).max() ?? 0
  }

  /// Classifies one raw link.
  public func parse(_ link: String) -> LinkOutcome {
    if let outcome = link.utf8.withContiguousStorageIfAvailable({ parse(bytes: $0) }) { return outcome }
    var copy = link
    return copy.withUTF8 { parse(bytes: $0) }
  }

  /// Classifies one raw link given as bytes.
  public func parse(bytes: UnsafeBufferPointer<UInt8>) -> LinkOutcome {
    classify(bytes)
  }

  private func classify(_ b: UnsafeBufferPointer<UInt8>) -> LinkOutcome {
    let n = b.count
    if n > contract.maximumLinkBytes { return .unsupported(Rejection(.oversized)) }
    if n == 0 { return .unsupported(Rejection(.malformedURL)) }
    // One pass over every byte: the bytes the contract never admits, and the delimiters.
    var hasPercent = false
    var fragmentStart = n
    var firstQuestion = n
    var ampersands = 0
    // With no `@` the authority holds no userinfo; with one `:` (the scheme's) it holds no port.
    var ats = 0
    var colons = 0
    let invalid = byteClasses.withUnsafeBufferPointer { classes -> Bool in
      var i = 0
      while true {
        while i < n, classes[Int(b[i])] == ByteClass.ordinary { i += 1 }
        guard i < n else { return false }
        switch classes[Int(b[i])] {
        case ByteClass.invalid: return true
        case ByteClass.percent: hasPercent = true
        case ByteClass.at: ats += 1
        case ByteClass.colon: colons += 1
        case ByteClass.hash: if fragmentStart == n { fragmentStart = i }
        case ByteClass.question: if firstQuestion == n, fragmentStart == n { firstQuestion = i }
        default: if firstQuestion < n, fragmentStart == n { ampersands += 1 }
        }
        i += 1
      }
      return false
    }
    if invalid { return .unsupported(Rejection(.malformedURL)) }

    // scheme "://"
    guard ASCII.isLetter(b[0]) else { return .unsupported(Rejection(.malformedURL)) }
    var colon = 1
    while colon < n, b[colon] != UInt8(ascii: ":") {
      guard ASCII.isSchemeCharacter(b[colon]) else { return .unsupported(Rejection(.malformedURL)) }
      colon += 1
    }
    guard colon + 2 < n, b[colon + 1] == UInt8(ascii: "/"), b[colon + 2] == UInt8(ascii: "/") else {
      return .unsupported(Rejection(.malformedURL))
    }
    let authorityStart = colon + 3
    let queryStart = firstQuestion >= authorityStart ? firstQuestion : n
    let pathEnd = min(queryStart, fragmentStart)
    var authorityEnd = authorityStart
    while authorityEnd < pathEnd, b[authorityEnd] != UInt8(ascii: "/") { authorityEnd += 1 }
    let itemCount = queryStart < n ? ampersands + 1 : 0
    return withUnsafeTemporaryAllocation(of: QueryItem.self, capacity: max(1, itemCount)) { items in
      withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: maximumSegments + 1) { segments in
        classify(
          b, colon: colon, authority: authorityStart..<authorityEnd, pathEnd: pathEnd, queryStart: queryStart,
          fragmentStart: fragmentStart, hasPercent: hasPercent, mayHaveUserinfo: ats > 0, mayHavePort: colons > 1,
          items: items, segments: segments)
      }
    }
  }

  private func classify(
    _ b: UnsafeBufferPointer<UInt8>, colon: Int, authority: Range<Int>, pathEnd: Int, queryStart: Int,
    fragmentStart: Int, hasPercent: Bool, mayHaveUserinfo: Bool, mayHavePort: Bool,
    items storage: UnsafeMutableBufferPointer<QueryItem>,
    segments: UnsafeMutableBufferPointer<Range<Int>>
  ) -> LinkOutcome {
    let n = b.count
    var count = 0
    // query shape: no empty query, no empty item, no empty key
    if queryStart < n {
      let queryEnd = fragmentStart
      var itemStart = queryStart + 1
      if itemStart == queryEnd { return .unsupported(Rejection(.malformedURL)) }
      while itemStart <= queryEnd {
        var itemEnd = itemStart
        var equals = -1
        while itemEnd < queryEnd, b[itemEnd] != UInt8(ascii: "&") {
          if b[itemEnd] == UInt8(ascii: "="), equals < 0 { equals = itemEnd }
          itemEnd += 1
        }
        let keyEnd = equals < 0 ? itemEnd : equals
        if keyEnd == itemStart { return .unsupported(Rejection(.malformedURL)) }
        storage[count] = QueryItem(key: itemStart..<keyEnd, value: (equals < 0 ? itemEnd : equals + 1)..<itemEnd)
        count += 1
        itemStart = itemEnd + 1
      }
    }
    let items = UnsafeBufferPointer(rebasing: storage[..<count])
    if hasPercent { return .unsupported(Rejection(.malformedEncoding)) }

    let carrier: Carrier
    if equalsLowered(b, 0..<colon, httpsBytes) {
      carrier = .https
    } else if equalsLowered(b, 0..<colon, scheme) {
      carrier = .customScheme
    } else {
      return .unsupported(Rejection(.schemeNotAllowed))
    }

    if mayHaveUserinfo {
      for k in authority where b[k] == UInt8(ascii: "@") { return .unsupported(Rejection(.userinfoPresent)) }
    }
    if mayHavePort {
      var portSearchStart = authority.lowerBound
      if authority.lowerBound < authority.upperBound, b[authority.lowerBound] == UInt8(ascii: "[") {
        var close = authority.lowerBound
        while close < authority.upperBound, b[close] != UInt8(ascii: "]") { close += 1 }
        if close < authority.upperBound { portSearchStart = close }
      }
      for k in portSearchStart..<authority.upperBound where b[k] == UInt8(ascii: ":") {
        return .unsupported(Rejection(.portPresent))
      }
    }
    if carrier == .https, !equal(b, authority, host), !equalsLowered(b, authority, host) {
      return .unsupported(Rejection(.hostNotConfigured))
    }
    if fragmentStart < n { return .unsupported(Rejection(.fragmentPresent)) }

    for item in items where isForbidden(b, item.key) {
      return .unsupported(Rejection(.forbiddenField))
    }
    if items.count > 1 {
      for x in 1..<items.count {
        for y in 0..<x where equal(b, items[x].key, items[y].key) {
          return .unsupported(Rejection(.duplicateField))
        }
      }
    }

    let path = authority.upperBound..<pathEnd
    let match: RouteMatch
    switch carrier {
    case .https: match = matchPath(b, path, segments)
    case .customScheme: match = matchName(b, authority, path)
    }
    let route: CompiledRoute
    switch match {
    case .none: return .unsupported(Rejection(.unknownRoute))
    case .prefix(let index, let count):
      let missing = httpsRoutes[index].pathFields.first { $0.segment >= count }
      return .unsupported(Rejection(.missingField, field: missing?.name))
    case .full(let index): route = carrier == .https ? httpsRoutes[index] : schemeRoutes[index]
    }

    let alternatives = route.queryFields
    var chosen = -1
    for (index, field) in alternatives.enumerated()
    where items.contains(where: { equal(b, $0.key, field.nameBytes) }) {
      chosen = index
      break
    }
    if !alternatives.isEmpty, chosen < 0 {
      return .unsupported(Rejection(.missingField, field: alternatives[0].name))
    }
    for item in items where alternatives.firstIndex(where: { equal(b, item.key, $0.nameBytes) }) != chosen {
      return .unsupported(Rejection(.extraField, field: string(b, item.key)))
    }

    // Values are checked path first, then the query; only then are any copied out.
    for field in route.pathFields where !field.format.admits(b, segments[field.segment]) {
      return .unsupported(Rejection(.invalidValue, field: field.name))
    }
    var queryValue: Range<Int>?
    if chosen >= 0 {
      let field = alternatives[chosen]
      guard let item = items.first(where: { equal(b, $0.key, field.nameBytes) }),
        field.format.admits(b, item.value)
      else { return .unsupported(Rejection(.invalidValue, field: field.name)) }
      queryValue = item.value
    }
    var values: [FieldValue] = []
    values.reserveCapacity(route.pathFields.count + 1)
    for field in route.pathFields {
      values.append(FieldValue(name: field.name, value: string(b, segments[field.segment])))
    }
    if let queryValue {
      values.append(FieldValue(name: alternatives[chosen].name, value: string(b, queryValue)))
    }
    return .recognized(Route(route.id, carrier: carrier, fields: values))
  }

  /// Splits an https path into segments; nil when a segment is empty or a dot segment, or
  /// when there are more segments than any route has (such a path matches no route).
  @inline(__always) private func splitPath(
    _ b: UnsafeBufferPointer<UInt8>, _ path: Range<Int>, into segments: UnsafeMutableBufferPointer<Range<Int>>
  ) -> Int? {
    guard !path.isEmpty else { return nil }
    var count = 0
    var start = path.lowerBound + 1
    var k = start
    while k <= path.upperBound {
      if k == path.upperBound || b[k] == UInt8(ascii: "/") {
        let segment = start..<k
        if segment.isEmpty { return nil }
        if segment.count <= 2, b[segment].allSatisfy({ $0 == UInt8(ascii: ".") }) { return nil }
        if count == segments.count { return nil }
        segments[count] = segment
        count += 1
        start = k + 1
      }
      k += 1
    }
    return count
  }

  /// Matches the path by structure, leaving its segments in `segments` for the values.
  private func matchPath(
    _ b: UnsafeBufferPointer<UInt8>, _ path: Range<Int>, _ segments: UnsafeMutableBufferPointer<Range<Int>>
  ) -> RouteMatch {
    guard let count = splitPath(b, path, into: segments) else { return .none }
    var prefix: Int?
    for (index, route) in httpsRoutes.enumerated() where route.literals.count >= count {
      var literalsAgree = true
      route.literalBytes.withUnsafeBufferPointer { bytes in
        for segment in 0..<count {
          if let literal = route.literals[segment], !equal(b, segments[segment], bytes, literal) {
            literalsAgree = false
            break
          }
        }
      }
      guard literalsAgree else { continue }
      if count == route.literals.count { return .full(index) }
      if prefix == nil, route.pathFields.contains(where: { $0.segment >= count }) { prefix = index }
    }
    if let prefix { return .prefix(route: prefix, segments: count) }
    return .none
  }

  private func matchName(
    _ b: UnsafeBufferPointer<UInt8>, _ authority: Range<Int>, _ path: Range<Int>
  ) -> RouteMatch {
    guard path.isEmpty else { return .none }
    for (index, route) in schemeRoutes.enumerated() where equal(b, authority, route.name) { return .full(index) }
    return .none
  }

  /// Whether the key names a secret, by the contract's word rule.
  @inline(__always) private func isForbidden(_ b: UnsafeBufferPointer<UInt8>, _ key: Range<Int>) -> Bool {
    forbidden.matches(UnsafeBufferPointer(rebasing: b[key]))
  }
}

private let httpsBytes: [UInt8] = Array("https".utf8)

/// What the first pass needs to know about a byte.
private enum ByteClass {
  static let ordinary: UInt8 = 0
  static let invalid: UInt8 = 1
  static let percent: UInt8 = 2
  static let hash: UInt8 = 3
  static let question: UInt8 = 4
  static let ampersand: UInt8 = 5
  static let at: UInt8 = 6
  static let colon: UInt8 = 7

  /// `ParsingSteps.invalidBytes` are invalid.
  static let table: [UInt8] = (0..<256).map { byte in
    if ParsingSteps.invalidBytes.contains(where: { $0.contains(UInt8(byte)) }) { return invalid }
    return switch byte {
    case Int(UInt8(ascii: "%")): percent
    case Int(UInt8(ascii: "#")): hash
    case Int(UInt8(ascii: "?")): question
    case Int(UInt8(ascii: "&")): ampersand
    case Int(UInt8(ascii: "@")): at
    case Int(UInt8(ascii: ":")): colon
    default: ordinary
    }
  }
}

private struct QueryItem {
  let key: Range<Int>
  let value: Range<Int>
}

private final class CompiledField: Sendable {
  let name: String
  let nameBytes: [UInt8]
  let format: FieldFormat.Matcher
  /// The path segment that holds the field, for path fields.
  let segment: Int

  init(_ field: Field, segment: Int = -1) {
    name = field.name
    nameBytes = Array(field.name.utf8)
    format = FieldFormat.Matcher(field.format)
    self.segment = segment
  }
}

private final class CompiledRoute: Sendable {
  let id: RouteClassID
  /// Each path segment's literal, as a range of `literalBytes`; nil for a field's segment.
  let literals: [Range<Int>?]
  let literalBytes: [UInt8]
  let pathFields: [CompiledField]
  let queryFields: [CompiledField]
  let name: [UInt8]

  init(_ route: RouteClass, path: [PathSegment], name: [UInt8]?) {
    id = route.id
    var bytes: [UInt8] = []
    literals = path.map { segment in
      guard case .literal(let text) = segment else { return nil }
      let start = bytes.count
      bytes += text.utf8
      return start..<bytes.count
    }
    literalBytes = bytes
    pathFields = path.enumerated().compactMap { index, segment in
      if case .field(let field) = segment { return CompiledField(field, segment: index) }
      return nil
    }
    queryFields = route.query.fields.map { CompiledField($0) }
    self.name = name ?? []
  }
}

/// Which route a link's structure matches, by index in its carrier's routes.
private enum RouteMatch {
  case none
  /// The path is a proper prefix of the route's: a path field is missing.
  case prefix(route: Int, segments: Int)
  case full(Int)
}

@inline(__always) private func equal(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, _ word: [UInt8]) -> Bool {
  guard r.count == word.count else { return false }
  guard let base = b.baseAddress else { return r.isEmpty }
  return word.withUnsafeBytes { other in
    guard let otherBase = other.baseAddress else { return r.isEmpty }
    return equalBytes(UnsafeRawPointer(base + r.lowerBound), otherBase, r.count)
  }
}

@inline(__always) private func equal(
  _ b: UnsafeBufferPointer<UInt8>, _ x: Range<Int>, _ other: UnsafeBufferPointer<UInt8>, _ y: Range<Int>
) -> Bool {
  guard x.count == y.count else { return false }
  guard let base = b.baseAddress, let otherBase = other.baseAddress else { return x.isEmpty }
  return equalBytes(UnsafeRawPointer(base + x.lowerBound), UnsafeRawPointer(otherBase + y.lowerBound), x.count)
}

/// Whether `count` bytes at `x` and `y` agree, compared eight at a time.
@inline(__always) private func equalBytes(_ x: UnsafeRawPointer, _ y: UnsafeRawPointer, _ count: Int) -> Bool {
  var k = 0
  while k + 8 <= count {
    if x.loadUnaligned(fromByteOffset: k, as: UInt64.self) != y.loadUnaligned(fromByteOffset: k, as: UInt64.self) {
      return false
    }
    k += 8
  }
  while k < count {
    if x.load(fromByteOffset: k, as: UInt8.self) != y.load(fromByteOffset: k, as: UInt8.self) { return false }
    k += 1
  }
  return true
}

@inline(__always) private func equal(_ b: UnsafeBufferPointer<UInt8>, _ x: Range<Int>, _ y: Range<Int>) -> Bool {
  equal(b, x, b, y)
}

@inline(__always) private func equalsLowered(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, _ word: [UInt8])
  -> Bool
{
  guard r.count == word.count else { return false }
  var k = 0
  for i in r {
    if ASCII.lowercased(b[i]) != word[k] { return false }
    k += 1
  }
  return true
}

private func string(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> String {
  String(decoding: UnsafeBufferPointer(rebasing: b[r]), as: UTF8.self)
}
