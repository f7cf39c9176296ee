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
let production = contract.build(named: "production")!
let table = ConformanceTable(contract: contract)
let conformanceInputs = table.links.filter { $0.build == "production" }.map(\.input)

/// Realistic traffic: mostly canonical links, with the usual tracking parameters and typos.
func realisticLinks(count: Int) -> [String] {
  var generator = SplitMix(seed: 20_261_201)
  let host = production.webHost
  var links: [String] = []
  for index in 0..<count {
    let body = String(format: "0000%012d", index % 1_000_000)
    switch generator.next() % 10 {
    case 0, 1, 2: links.append("https://\(host)/business/bz_\(body)")
    case 3: links.append("https://\(host)/checkout/ca_\(body)")
    case 4: links.append("https://\(host)/orders/or_\(body)")
    case 5: links.append("https://\(host)/start")
    case 6: links.append("https://\(host)/business/bz_\(body)?utm_source=newsletter&utm_medium=email")
    case 7: links.append("https://\(host)/business/bz_\(body)/category/ct_\(body)/product/pr_\(body)")
    case 8: links.append("\(production.customScheme)://oauth-complete?code=\(body)\(body)\(body)")
    default: links.append("https://www.\(host)/business/bz_\(body)#reviews")
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
  let forbidden: Set<String> = [
    "password", "token", "access_token", "session", "card", "cvv", "email", "phone", "lat", "lng",
  ]

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
    func reference(_ value: String, _ prefix: String) -> Bool {
      value.hasPrefix(prefix) && (12...32).contains(value.count - prefix.count)
        && value.dropFirst(prefix.count).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
    switch (https, segments.count, segments.first ?? "") {
    case (_, 1, "start"): return items.isEmpty ? "start" : "extra-field"
    case (true, 2, "business"):
      return !items.isEmpty ? "extra-field" : reference(segments[1], "bz_") ? "business" : "invalid-value"
    case (true, 2, "checkout"):
      return !items.isEmpty ? "extra-field" : reference(segments[1], "ca_") ? "checkout" : "invalid-value"
    case (true, 2, "orders"):
      return !items.isEmpty ? "extra-field" : reference(segments[1], "or_") ? "order" : "invalid-value"
    case (true, 6, "business") where segments[2] == "category" && segments[4] == "product":
      return !items.isEmpty
        ? "extra-field"
        : reference(segments[1], "bz_") && reference(segments[3], "ct_") && reference(segments[5], "pr_")
          ? "product" : "invalid-value"
    case (false, 1, "oauth-complete"):
      guard let item = items.first else { return "missing-field" }
      return items.count == 1 && item.name == "code" && (32...128).contains(item.value?.count ?? 0)
        ? "oauth-complete" : "invalid-value"
    default: return "unknown-route"
    }
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

let parser = LinkParser(contract: contract, build: production)
let baseline = URLComponentsClassifier(build: production, maximumLinkBytes: contract.maximumLinkBytes)
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
