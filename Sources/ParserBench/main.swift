import ContractArtifacts
// Times the strict parser against a Foundation URLComponents baseline doing the same
// classification, on the conformance table's inputs and on a stream of realistic links.
// Prints nanoseconds per link and the ratio. Run with `make bench`. Imports the contract, the
// parser and ContractArtifacts (for the conformance inputs).
import CustomerApp
import Foundation
import LinkContract
import LinkParser

let contract = Contract.customerApp
let build = contract.builds[0]
let table = ConformanceTable(contract: contract)
let conformanceInputs = table.links.filter { $0.build == build.name }.map(\.input)

/// Realistic traffic, made from the contract's route classes: mostly canonical links with
/// their references varied, with the usual tracking parameters and typos.
func realisticLinks(count: Int) -> [String] {
  var generator = SplitMix(seed: 20_261_201)
  let routes = contract.routeClasses.filter { !$0.carriers.isEmpty }
  var links: [String] = []
  for index in 0..<count {
    let route = routes[Int(generator.next() % UInt64(routes.count))]
    let value = { (field: Field) -> String in
      switch field.format {
      case .reference(let prefix, let length):
        var body = contract.reservedBodyPrefix + String(format: "%012d", index % 1_000_000)
        while body.count < length.lowerBound { body += "0" }
        return prefix + body.prefix(length.upperBound)
      case .base64url(let length):
        var code = String(format: "%012d", index % 1_000_000)
        while code.count < length.lowerBound { code += code }
        return String(code.prefix(length.upperBound))
      case .enumeration(let values): return values[index % values.count]
      }
    }
    let query = route.query.fields.first.map { "?\($0.name)=\(value($0))" } ?? ""
    guard let path = route.httpsPath else {
      links.append("\(build.customScheme)://\(route.customSchemeName ?? "")\(query)")
      continue
    }
    let link = "https://\(build.webHost)\(PathSegment.render(path, value: value))\(query)"
    switch generator.next() % 10 {
    case 0, 1: links.append(link + (query.isEmpty ? "?" : "&") + "utm_source=newsletter&utm_medium=email")
    case 2: links.append(link.replacing("https://", with: "https://www.", maxReplacements: 1) + "#reviews")
    default: links.append(link)
    }
  }
  return links
}

struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The same classification written with Foundation's URLComponents: what a team would write
/// without a strict parser. It agrees with the contract on ordinary links, not on every edge.
struct URLComponentsClassifier {
  let build: Build
  let maximumLinkBytes: Int
  let routes: [RouteClass]
  /// The listed words, compared with whole keys only.
  let forbidden: Set<String>

  init(contract: Contract, build: Build) {
    self.build = build
    maximumLinkBytes = contract.maximumLinkBytes
    routes = contract.routeClasses
    forbidden = Set(contract.forbiddenKeys.words)
  }

  func admits(_ format: FieldFormat, _ value: String) -> Bool {
    switch format {
    case .reference(let prefix, let length):
      value.hasPrefix(prefix) && length.contains(value.count - prefix.count)
        && value.dropFirst(prefix.count).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    case .base64url(let length):
      length.contains(value.count)
        && value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    case .enumeration(let values): values.contains(value)
    }
  }

  func classify(_ link: String) -> String {
    if link.utf8.count > maximumLinkBytes { return "oversized" }
    if link.contains("%") { return "malformed-encoding" }
    guard let components = URLComponents(string: link), let scheme = components.scheme?.lowercased() else {
      return "malformed-url"
    }
    let https = scheme == "https"
    guard https || scheme == build.customScheme else { return "scheme-not-allowed" }
    if components.user != nil || components.password != nil { return "userinfo-present" }
    if components.port != nil { return "port-present" }
    if https, components.host?.lowercased() != build.webHost { return "host-not-configured" }
    if components.fragment != nil { return "fragment-present" }
    let items = components.queryItems ?? []
    if items.contains(where: { forbidden.contains($0.name.lowercased()) }) { return "forbidden-field" }
    if Set(items.map(\.name)).count != items.count { return "duplicate-field" }
    let segments =
      https
      ? components.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
      : [components.host ?? ""]
    for route in routes {
      var valid = true
      if https {
        guard let path = route.httpsPath, path.count == segments.count else { continue }
        let literals = zip(path, segments).allSatisfy { pattern, segment in
          if case .literal(let text) = pattern { return text == segment }
          return true
        }
        guard literals else { continue }
        for case (.field(let field), let segment) in zip(path, segments) where !admits(field.format, segment) {
          valid = false
        }
      } else {
        guard route.customSchemeName == segments[0] else { continue }
      }
      guard let first = route.query.fields.first else {
        return !items.isEmpty ? "extra-field" : valid ? route.id.rawValue : "invalid-value"
      }
      guard let item = items.first else { return "missing-field" }
      return items.count == 1 && item.name == first.name && admits(first.format, item.value ?? "") && valid
        ? route.id.rawValue : "invalid-value"
    }
    return "unknown-route"
  }
}

/// Nanoseconds per link for one pass over every link.
func nanosecondsPerLink(_ links: [String], _ classify: (String) -> Int) -> (Double, Int) {
  var sink = 0
  let start = ContinuousClock.now
  for link in links { sink &+= classify(link) }
  let elapsed = ContinuousClock.now - start
  let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
  return (nanoseconds / Double(links.count), sink)
}

/// The best of `rounds` passes for each side, the two sides taking turns so that a slow spell
/// of the machine falls on both.
func compare(_ links: [String], rounds: Int = 15, ours: (String) -> Int, theirs: (String) -> Int?) -> (Double, Double) {
  var best = (Double.infinity, Double.infinity)
  var sink = 0
  for _ in 0..<rounds {
    let (a, x) = nanosecondsPerLink(links, ours)
    best.0 = min(best.0, a)
    sink &+= x
    if theirs("") != nil {
      let (b, y) = nanosecondsPerLink(links) { theirs($0) ?? 0 }
      best.1 = min(best.1, b)
      sink &+= y
    }
  }
  if sink == 42 { print("") }
  return best
}

let parser = LinkParser(contract: contract, build: build)
let baseline = URLComponentsClassifier(contract: contract, build: build)
let streams: [(String, [String])] = [
  (
    "conformance table (\(conformanceInputs.count) inputs, x20)",
    Array(repeating: conformanceInputs, count: 20).flatMap { $0 }
  ),
  ("realistic stream (10000 links, x10)", Array(repeating: realisticLinks(count: 10_000), count: 10).flatMap { $0 }),
]
print("parser: nanoseconds per link, best of 15 alternating rounds (lower is better)")
print("stream                                           linkcontract   URLComponents   ratio")
let oursOnly = CommandLine.arguments.contains("--only-linkcontract")
for (name, links) in streams {
  let (ours, theirs) = compare(
    links, ours: { parser.parse($0).rejection == nil ? 1 : 0 },
    theirs: { oursOnly ? nil : baseline.classify($0).utf8.count })
  let label = name.padding(toLength: 48, withPad: " ", startingAt: 0)
  let ratio = oursOnly ? "" : String(format: "%5.1fx faster", theirs / ours)
  print("\(label) \(String(format: "%10.0f", ours)) ns  \(String(format: "%10.0f", theirs)) ns   \(ratio)")
}
