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
  }

  /// Classifies one raw link.
  public func parse(_ link: String) -> LinkOutcome {
    var link = link
    return link.withUTF8 { parse(bytes: $0) }
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
    var hasPercent = false
    for byte in b {
      if byte <= 0x20 || byte >= 0x7F || byte == 0x5C { return .failure(Rejection(.malformedURL)) }
      if byte == 0x25 { hasPercent = true }
    }

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
    var fragmentStart = n
    var queryStart = n
    var authorityEnd = n
    var i = authorityStart
    while i < n {
      let c = b[i]
      if c == 0x23 {
        fragmentStart = i
        break
      }
      if c == 0x3F, queryStart == n { queryStart = i }
      if c == 0x2F || c == 0x3F, authorityEnd == n { authorityEnd = i }
      i += 1
    }
    if authorityEnd > fragmentStart { authorityEnd = fragmentStart }
    let pathEnd = min(queryStart, fragmentStart)
    if authorityEnd > pathEnd { authorityEnd = pathEnd }

    // query shape: no empty query, no empty item, no empty key
    var items: [QueryItem] = []
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
        items.append(
          QueryItem(key: itemStart..<keyEnd, value: (equals < 0 ? itemEnd : equals + 1)..<itemEnd))
        itemStart = itemEnd + 1
      }
    }
    if hasPercent { return .failure(Rejection(.malformedEncoding)) }

    let carrier: Carrier
    if equalsLowered(b, 0..<colon, httpsBytes) {
      carrier = .https
    } else if equalsLowered(b, 0..<colon, scheme) {
      carrier = .customScheme
    } else {
      return .failure(Rejection(.schemeNotAllowed))
    }

    let authority = authorityStart..<authorityEnd
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
    if carrier == .https, !equalsLowered(b, authority, host) {
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

    let path = authorityEnd..<pathEnd
    let match: RouteMatch
    switch carrier {
    case .https: match = matchPath(b, path)
    case .customScheme: match = matchName(b, authority, path)
    }
    let route: CompiledRoute
    var segments: [Range<Int>] = []
    switch match {
    case .none: return .failure(Rejection(.unknownRoute))
    case .prefix(let missing): return .failure(Rejection(.missingField, field: missing))
    case .full(let matched, let matchedSegments):
      route = matched
      segments = matchedSegments
    }

    let alternatives = route.queryFields
    var chosen = -1
    for (index, field) in alternatives.enumerated()
    where items.contains(where: { equal(b, $0.key, field.nameBytes) }) {
      chosen = index
      break
    }
    if !alternatives.isEmpty, chosen < 0 {
      return .failure(Rejection(.missingField, field: alternatives[0].field.name))
    }
    for item in items {
      let index = alternatives.firstIndex { equal(b, item.key, $0.nameBytes) }
      if index == nil || index! != chosen {
        return .failure(Rejection(.extraField, field: string(b, item.key)))
      }
    }

    var values: [String] = []
    for (segmentIndex, field) in route.pathFields {
      let range = segments[segmentIndex]
      guard field.format.admits(bytes: b[range]) else {
        return .failure(Rejection(.invalidValue, field: field.name))
      }
      values.append(string(b, range))
    }
    if chosen >= 0 {
      let field = alternatives[chosen]
      let item = items.first { equal(b, $0.key, field.nameBytes) }!
      guard field.field.format.admits(bytes: b[item.value]) else {
        return .failure(Rejection(.invalidValue, field: field.field.name))
      }
      values.append(string(b, item.value))
    }
    guard let typed = Self.typedRoute(route.id, carrier: carrier, values: values, chosen: chosen)
    else { return .failure(Rejection(.unknownRoute)) }
    return .success(typed)
  }

  private static func typedRoute(
    _ id: RouteClassID, carrier: Carrier, values: [String], chosen: Int
  ) -> Route? {
    switch (id, values.count) {
    case (.start, 0): .start(carrier)
    case (.business, 1): .business(business: values[0])
    case (.product, 3): .product(business: values[0], category: values[1], product: values[2])
    case (.checkout, 1): .checkout(cart: values[0])
    case (.order, 1): .order(order: values[0])
    case (.oauthComplete, 1): .oauthComplete(chosen == 0 ? .code(values[0]) : .error(values[0]))
    default: nil
    }
  }

  private func matchPath(_ b: UnsafeBufferPointer<UInt8>, _ path: Range<Int>) -> RouteMatch {
    guard !path.isEmpty else { return .none }
    var segments: [Range<Int>] = []
    var start = path.lowerBound + 1
    var k = start
    while k <= path.upperBound {
      if k == path.upperBound || b[k] == 0x2F {
        let segment = start..<k
        if segment.isEmpty { return .none }
        if segment.count <= 2, b[segment].allSatisfy({ $0 == 0x2E }) { return .none }
        segments.append(segment)
        start = k + 1
      }
      k += 1
    }
    var prefixMissing: String?
    for route in httpsRoutes {
      let literalsAgree = route.segments.indices.prefix(segments.count).allSatisfy { index in
        guard case .literal(let literal) = route.segments[index] else { return true }
        return equal(b, segments[index], literal)
      }
      guard literalsAgree else { continue }
      if segments.count == route.segments.count { return .full(route, segments) }
      if segments.count < route.segments.count, prefixMissing == nil {
        for index in segments.count..<route.segments.count {
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

  private func matchName(
    _ b: UnsafeBufferPointer<UInt8>, _ authority: Range<Int>, _ path: Range<Int>
  ) -> RouteMatch {
    guard path.isEmpty else { return .none }
    for route in schemeRoutes where equal(b, authority, route.name) { return .full(route, []) }
    return .none
  }

  private func isForbidden(_ b: UnsafeBufferPointer<UInt8>, _ key: Range<Int>) -> Bool {
    for (word, match) in forbidden {
      switch match {
      case .exactly:
        if equalsLowered(b, key, word) { return true }
      case .containing:
        guard key.count >= word.count else { continue }
        for start in key.lowerBound...(key.upperBound - word.count)
        where equalsLowered(b, start..<(start + word.count), word) {
          return true
        }
      }
    }
    return false
  }
}

private let httpsBytes: [UInt8] = Array("https".utf8)

private struct QueryItem {
  let key: Range<Int>
  let value: Range<Int>
}

private enum SegmentPattern {
  case literal([UInt8])
  case field(Field)
}

private struct CompiledField {
  let field: Field
  let nameBytes: [UInt8]
}

private struct CompiledRoute: Sendable {
  let id: RouteClassID
  let segments: [SegmentPattern]
  let pathFields: [(Int, Field)]
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
      if case .field(let field) = segment { return (index, field) }
      return nil
    }
    queryFields = route.query.fields.map { CompiledField(field: $0, nameBytes: Array($0.name.utf8)) }
    self.name = name ?? []
  }
}

extension SegmentPattern: Sendable {}
extension CompiledField: Sendable {}

private enum RouteMatch {
  case none
  case prefix(missing: String)
  case full(CompiledRoute, [Range<Int>])
}

@inline(__always) private func lower(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c | 0x20 : c }
@inline(__always) private func isLetter(_ c: UInt8) -> Bool { (lower(c) >= 0x61 && lower(c) <= 0x7A) }
@inline(__always) private func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

private func equal(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, _ word: [UInt8]) -> Bool {
  guard r.count == word.count else { return false }
  var k = 0
  for i in r {
    if b[i] != word[k] { return false }
    k += 1
  }
  return true
}

private func equal(_ b: UnsafeBufferPointer<UInt8>, _ x: Range<Int>, _ y: Range<Int>) -> Bool {
  guard x.count == y.count else { return false }
  var j = y.lowerBound
  for i in x {
    if b[i] != b[j] { return false }
    j += 1
  }
  return true
}

private func equalsLowered(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, _ word: [UInt8])
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
