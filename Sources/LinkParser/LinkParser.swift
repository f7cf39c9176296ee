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
  private let forbidden: [(word: [UInt8], match: ForbiddenKey.Match)]
  private let byteClasses = ByteClass.table
  /// A bitmap of the first two lowercased bytes of every forbidden word.
  private let forbiddenBigrams: [UInt64]
  /// The most segments any https route has; longer paths match nothing.
  private let maximumSegments: Int

  public init(contract: Contract = .customerApp, build: Build) {
    self.contract = contract
    self.build = build
    var https: [CompiledRoute] = []
    var custom: [CompiledRoute] = []
    for route in contract.routeClasses {
      if let path = route.httpsPath { https.append(CompiledRoute(route, path: path, name: nil)) }
      if let name = route.customSchemeName {
        custom.append(CompiledRoute(route, path: [], name: Array(name.utf8)))
      }
    }
    httpsRoutes = https
    schemeRoutes = custom
    host = build.webHost.utf8.map(lower)
    scheme = build.customScheme.utf8.map(lower)
    forbidden = contract.forbiddenKeys.map { (Array($0.word.utf8), $0.match) }
    maximumSegments = https.map(\.segments.count).max() ?? 0
    var bigrams = [UInt64](repeating: 0, count: 1024)
    for key in contract.forbiddenKeys {
      let word = Array(key.word.utf8.map(lower))
      // One-byte words would need their own table; the contract has none, and validation
      // keeps it that way.
      guard word.count >= 2 else { continue }
      let bigram = Int(word[0]) << 8 | Int(word[1])
      bigrams[bigram >> 6] |= 1 << UInt64(bigram & 63)
    }
    forbiddenBigrams = bigrams
  }

  /// Classifies one raw link.
  public func parse(_ link: String) -> LinkOutcome {
    if let outcome = link.utf8.withContiguousStorageIfAvailable({ parse(bytes: $0) }) { return outcome }
    var copy = link
    return copy.withUTF8 { parse(bytes: $0) }
  }

  /// Classifies one raw link given as bytes.
  public func parse(bytes: UnsafeBufferPointer<UInt8>) -> LinkOutcome {
    switch classify(bytes) {
    case .success(let route): .recognized(route)
    case .failure(let rejection): .unsupported(rejection)
    }
  }

  private func classify(_ b: UnsafeBufferPointer<UInt8>) -> Result<Route, Rejection> {
    let n = b.count
    if n > contract.maximumLinkBytes { return .failure(Rejection(.oversized)) }
    if n == 0 { return .failure(Rejection(.malformedURL)) }
    // One pass over every byte: the bytes the contract never admits, and the delimiters.
    var hasPercent = false
    var fragmentStart = n
    var firstQuestion = n
    var ampersands = 0
    let invalid = byteClasses.withUnsafeBufferPointer { classes -> Bool in
      var i = 0
      while true {
        while i < n, classes[Int(b[i])] == ByteClass.ordinary { i += 1 }
        guard i < n else { return false }
        switch classes[Int(b[i])] {
        case ByteClass.invalid: return true
        case ByteClass.percent: hasPercent = true
        case ByteClass.hash: if fragmentStart == n { fragmentStart = i }
        case ByteClass.question: if firstQuestion == n, fragmentStart == n { firstQuestion = i }
        default: if firstQuestion < n, fragmentStart == n { ampersands += 1 }
        }
        i += 1
      }
      return false
    }
    if invalid { return .failure(Rejection(.malformedURL)) }

    // scheme "://"
    guard isLetter(b[0]) else { return .failure(Rejection(.malformedURL)) }
    var colon = 1
    while colon < n, b[colon] != 0x3A {
      let c = b[colon]
      guard isLetter(c) || isDigit(c) || c == 0x2B || c == 0x2D || c == 0x2E else {
        return .failure(Rejection(.malformedURL))
      }
      colon += 1
    }
    guard colon + 2 < n, b[colon + 1] == 0x2F, b[colon + 2] == 0x2F else {
      return .failure(Rejection(.malformedURL))
    }
    let authorityStart = colon + 3
    let queryStart = firstQuestion >= authorityStart ? firstQuestion : n
    let pathEnd = min(queryStart, fragmentStart)
    var authorityEnd = authorityStart
    while authorityEnd < pathEnd, b[authorityEnd] != 0x2F { authorityEnd += 1 }
    let itemCount = queryStart < n ? ampersands + 1 : 0
    return withUnsafeTemporaryAllocation(of: QueryItem.self, capacity: max(1, itemCount)) { items in
      withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: maximumSegments + 1) { segments in
        classify(
          b, colon: colon, authority: authorityStart..<authorityEnd, pathEnd: pathEnd, queryStart: queryStart,
          fragmentStart: fragmentStart, hasPercent: hasPercent, items: items, segments: segments)
      }
    }
  }

  private func classify(
    _ b: UnsafeBufferPointer<UInt8>, colon: Int, authority: Range<Int>, pathEnd: Int, queryStart: Int,
    fragmentStart: Int, hasPercent: Bool, items storage: UnsafeMutableBufferPointer<QueryItem>,
    segments: UnsafeMutableBufferPointer<Range<Int>>
  ) -> Result<Route, Rejection> {
    let n = b.count
    var count = 0
    // query shape: no empty query, no empty item, no empty key
    if queryStart < n {
      let queryEnd = fragmentStart
      var itemStart = queryStart + 1
      if itemStart == queryEnd { return .failure(Rejection(.malformedURL)) }
      while itemStart <= queryEnd {
        var itemEnd = itemStart
        var equals = -1
        while itemEnd < queryEnd, b[itemEnd] != 0x26 {
          if b[itemEnd] == 0x3D, equals < 0 { equals = itemEnd }
          itemEnd += 1
        }
        let keyEnd = equals < 0 ? itemEnd : equals
        if keyEnd == itemStart { return .failure(Rejection(.malformedURL)) }
        storage[count] = QueryItem(key: itemStart..<keyEnd, value: (equals < 0 ? itemEnd : equals + 1)..<itemEnd)
        count += 1
        itemStart = itemEnd + 1
      }
    }
    let items = UnsafeBufferPointer(rebasing: storage[..<count])
    if hasPercent { return .failure(Rejection(.malformedEncoding)) }

    let carrier: Carrier
    if equalsLowered(b, 0..<colon, httpsBytes) {
      carrier = .https
    } else if equalsLowered(b, 0..<colon, scheme) {
      carrier = .customScheme
    } else {
      return .failure(Rejection(.schemeNotAllowed))
    }

    for k in authority where b[k] == 0x40 { return .failure(Rejection(.userinfoPresent)) }
    var portSearchStart = authority.lowerBound
    if authority.lowerBound < authority.upperBound, b[authority.lowerBound] == 0x5B {
      var close = authority.lowerBound
      while close < authority.upperBound, b[close] != 0x5D { close += 1 }
      if close < authority.upperBound { portSearchStart = close }
    }
    for k in portSearchStart..<authority.upperBound where b[k] == 0x3A {
      return .failure(Rejection(.portPresent))
    }
    if carrier == .https, !equal(b, authority, host), !equalsLowered(b, authority, host) {
      return .failure(Rejection(.hostNotConfigured))
    }
    if fragmentStart < n { return .failure(Rejection(.fragmentPresent)) }

    for item in items where isForbidden(b, item.key) {
      return .failure(Rejection(.forbiddenField))
    }
    if items.count > 1 {
      for x in 1..<items.count {
        for y in 0..<x where equal(b, items[x].key, items[y].key) {
          return .failure(Rejection(.duplicateField))
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
    case .none: return .failure(Rejection(.unknownRoute))
    case .prefix(let missing): return .failure(Rejection(.missingField, field: missing))
    case .full(let matched): route = matched
    }

    let alternatives = route.queryFields
    var chosen = -1
    for (index, field) in alternatives.enumerated()
    where items.contains(where: { equal(b, $0.key, field.nameBytes) }) {
      chosen = index
      break
    }
    if !alternatives.isEmpty, chosen < 0 {
      return .failure(Rejection(.missingField, field: alternatives[0].name))
    }
    for item in items {
      let index = alternatives.firstIndex { equal(b, item.key, $0.nameBytes) }
      if index == nil || index! != chosen {
        return .failure(Rejection(.extraField, field: string(b, item.key)))
      }
    }

    // Values are checked path first, then the query; only then are any copied out.
    var valueRanges = (0..<0, 0..<0, 0..<0)
    var valueCount = 0
    for field in route.pathFields {
      let range = segments[field.segment]
      guard field.format.admits(b, range) else {
        return .failure(Rejection(.invalidValue, field: field.name))
      }
      switch valueCount {
      case 0: valueRanges.0 = range
      case 1: valueRanges.1 = range
      default: valueRanges.2 = range
      }
      valueCount += 1
    }
    if chosen >= 0 {
      let field = alternatives[chosen]
      let item = items.first { equal(b, $0.key, field.nameBytes) }!
      guard field.format.admits(b, item.value) else {
        return .failure(Rejection(.invalidValue, field: field.name))
      }
      valueRanges.0 = item.value
      valueCount += 1
    }
    func value(_ range: Range<Int>) -> String { string(b, range) }
    let typed: Route
    switch (route.id, valueCount) {
    case (.start, 0): typed = .start(carrier)
    case (.business, 1): typed = .business(business: value(valueRanges.0))
    case (.product, 3):
      typed = .product(
        business: value(valueRanges.0), category: value(valueRanges.1), product: value(valueRanges.2))
    case (.checkout, 1): typed = .checkout(cart: value(valueRanges.0))
    case (.order, 1): typed = .order(order: value(valueRanges.0))
    case (.oauthComplete, 1):
      typed = .oauthComplete(chosen == 0 ? .code(value(valueRanges.0)) : .error(value(valueRanges.0)))
    default: return .failure(Rejection(.unknownRoute))
    }
    return .success(typed)
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
      if k == path.upperBound || b[k] == 0x2F {
        let segment = start..<k
        if segment.isEmpty { return nil }
        if segment.count <= 2, b[segment].allSatisfy({ $0 == 0x2E }) { return nil }
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
    do {
      guard let count = splitPath(b, path, into: segments) else { return .none }
      var prefixMissing: String?
      for route in httpsRoutes {
        guard route.segments.count >= count else { continue }
        var literalsAgree = true
        for index in 0..<min(count, route.segments.count) {
          if case .literal(let literal) = route.segments[index], !equal(b, segments[index], literal) {
            literalsAgree = false
            break
          }
        }
        guard literalsAgree else { continue }
        if count == route.segments.count { return .full(route) }
        if count < route.segments.count, prefixMissing == nil {
          for index in count..<route.segments.count {
            if case .field(let field) = route.segments[index] {
              prefixMissing = field.name
              break
            }
          }
        }
      }
      if let missing = prefixMissing { return .prefix(missing: missing) }
      return .none
    }
  }

  private func matchName(
    _ b: UnsafeBufferPointer<UInt8>, _ authority: Range<Int>, _ path: Range<Int>
  ) -> RouteMatch {
    guard path.isEmpty else { return .none }
    for route in schemeRoutes where equal(b, authority, route.name) { return .full(route) }
    return .none
  }

  /// Whether the key names a secret. Candidate positions are found through a bitmap of the
  /// forbidden words' first two lowercased bytes, so ordinary keys cost one probe a byte.
  private func isForbidden(_ b: UnsafeBufferPointer<UInt8>, _ key: Range<Int>) -> Bool {
    guard key.count >= 2 else { return false }
    return forbiddenBigrams.withUnsafeBufferPointer { bigrams in
      for start in key.lowerBound..<(key.upperBound - 1) {
        let bigram = Int(lower(b[start])) << 8 | Int(lower(b[start + 1]))
        guard bigrams[bigram >> 6] & (1 << UInt64(bigram & 63)) != 0 else { continue }
        for (word, match) in forbidden where word.count <= key.upperBound - start {
          switch match {
          case .exactly:
            if start == key.lowerBound, equalsLowered(b, key, word) { return true }
          case .containing:
            if equalsLowered(b, start..<(start + word.count), word) { return true }
          }
        }
      }
      return false
    }
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

  /// Whitespace, control characters, backslash and every non-ASCII byte are invalid.
  static let table: [UInt8] = (0..<256).map { byte in
    switch byte {
    case 0...0x20, 0x5C, 0x7F...0xFF: invalid
    case 0x25: percent
    case 0x23: hash
    case 0x3F: question
    case 0x26: ampersand
    default: ordinary
    }
  }
}

private struct QueryItem {
  let key: Range<Int>
  let value: Range<Int>
}

private enum SegmentPattern {
  case literal([UInt8])
  case field(Field)
}

private struct CompiledField {
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
  let segments: [SegmentPattern]
  let pathFields: [CompiledField]
  let queryFields: [CompiledField]
  let name: [UInt8]

  init(_ route: RouteClass, path: [PathSegment], name: [UInt8]?) {
    id = route.id
    segments = path.map { segment in
      switch segment {
      case .literal(let text): .literal(Array(text.utf8))
      case .field(let field): .field(field)
      }
    }
    pathFields = path.enumerated().compactMap { index, segment in
      if case .field(let field) = segment { return CompiledField(field, segment: index) }
      return nil
    }
    queryFields = route.query.fields.map { CompiledField($0) }
    self.name = name ?? []
  }
}

extension SegmentPattern: Sendable {}
extension CompiledField: Sendable {}

private enum RouteMatch {
  case none
  case prefix(missing: String)
  case full(CompiledRoute)
}

@inline(__always) private func lower(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c | 0x20 : c }
@inline(__always) private func isLetter(_ c: UInt8) -> Bool { (lower(c) >= 0x61 && lower(c) <= 0x7A) }
@inline(__always) private func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

@inline(__always) private func equal(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, _ word: [UInt8]) -> Bool {
  guard r.count == word.count else { return false }
  guard let base = b.baseAddress else { return r.isEmpty }
  return word.withUnsafeBytes { other in
    let mine = UnsafeRawPointer(base + r.lowerBound)
    var k = 0
    // Eight bytes at a time, then the rest.
    while k + 8 <= r.count {
      if mine.loadUnaligned(fromByteOffset: k, as: UInt64.self)
        != other.loadUnaligned(fromByteOffset: k, as: UInt64.self)
      {
        return false
      }
      k += 8
    }
    while k < r.count {
      if mine.load(fromByteOffset: k, as: UInt8.self) != other[k] { return false }
      k += 1
    }
    return true
  }
}

@inline(__always) private func equal(_ b: UnsafeBufferPointer<UInt8>, _ x: Range<Int>, _ y: Range<Int>) -> Bool {
  guard x.count == y.count else { return false }
  var j = y.lowerBound
  for i in x {
    if b[i] != b[j] { return false }
    j += 1
  }
  return true
}

@inline(__always) private func equalsLowered(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, _ word: [UInt8])
  -> Bool
{
  guard r.count == word.count else { return false }
  var k = 0
  for i in r {
    if lower(b[i]) != word[k] { return false }
    k += 1
  }
  return true
}

private func string(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> String {
  String(decoding: UnsafeBufferPointer(rebasing: b[r]), as: UTF8.self)
}
