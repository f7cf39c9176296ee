// Fuzz target LinkParserFuzz: properties of the strict parser on any bytes. Imports the
// contract, the parser, ContractArtifacts (expected outcomes) and FuzzDriver.

import ContractArtifacts
import CustomerApp
import Foundation
import FuzzDriver
import LinkContract
import LinkParser

/// Properties the strict parser must hold for any input, on every build of the contract.
enum LinkParserProperties {
  static let contract = Contract.customerApp
  static let parsers = contract.builds.map { LinkParser(contract: contract, build: $0) }
  /// A value no fuzz input is expected to hold; put under a forbidden key, it must never come out.
  static let secret = "Zq7Secret9Marker"

  /// Checks every property for one raw input; the first failure stops the process.
  static func check(_ data: [UInt8]) {
    for parser in parsers {
      let outcome = data.withUnsafeBufferPointer { parser.parse(bytes: $0) }
      let fromString = parser.parse(String(decoding: data, as: UTF8.self))
      if String(validating: data, as: UTF8.self) != nil, outcome != fromString {
        fail(data, parser, "parse(bytes:) gives \(outcome), parse(_:) gives \(fromString)")
      }
      checkOutcome(outcome, of: data, parser)
      checkForbiddenValue(data, parser)
    }
  }

  /// Round trip for recognized links, shape of rejections.
  static func checkOutcome(_ outcome: LinkOutcome, of data: [UInt8], _ parser: LinkParser) {
    if data.count > contract.maximumLinkBytes, outcome.rejection?.reason != .oversized {
      fail(data, parser, "a link of \(data.count) bytes is not oversized: \(outcome)")
    }
    switch outcome {
    case .recognized(let route):
      guard let printed = route.link(in: parser.build, contract: contract) else {
        fail(data, parser, "recognized \(route), which has no form to print it back in")
      }
      let again = parser.parse(printed)
      if again != .recognized(route) {
        fail(data, parser, "recognized \(route), printed back as `\(printed)`, parses to \(again)")
      }
      let shouted = shout(data, hostToo: route.carrier == .https)
      let loud = shouted.withUnsafeBufferPointer { parser.parse(bytes: $0) }
      if loud != outcome {
        fail(data, parser, "recognized \(route), but with scheme and host in capitals: \(loud)")
      }
      if route.carrier == .https, !Array(data.prefix(5)).map(ASCII.lowercased).elementsEqual("https".utf8) {
        fail(data, parser, "https route \(route) recognized from another scheme")
      }
    case .unsupported(let rejection):
      if outcome.route != nil { fail(data, parser, "unsupported outcome carries a route") }
      if rejection.reason.namesField != (rejection.field != nil) {
        fail(data, parser, "rejection \(rejection) names a field against its reason")
      }
      if let field = rejection.field {
        if rejection.reason == .extraField {
          if field == FieldName.redacted {
            if queryKeys(data).allSatisfy({ FieldName.isPlain($0) }) {
              fail(data, parser, "extra-field is redacted, but every query key of the link is plain")
            }
          } else if !queryKeys(data).contains(field) {
            fail(data, parser, "extra-field names `\(field)`, which is no query key of the link")
          }
          if !FieldName.isPlain(field), field != FieldName.redacted {
            fail(data, parser, "extra-field prints `\(field)`, which is not a plain key")
          }
          if contract.forbiddenKeys.matches(field) {
            fail(data, parser, "extra-field names the forbidden key `\(field)`")
          }
        } else if !declaredFields.contains(field) {
          fail(data, parser, "\(rejection.reason.rawValue) names `\(field)`, which no route declares")
        }
      }
    }
  }

  /// Embeds the secret under a forbidden key in the input's query and checks that no output of
  /// the parser (its outcome, the CLI's JSON, recognized fields) holds it.
  static func checkForbiddenValue(_ data: [UInt8], _ parser: LinkParser) {
    let text = String(decoding: data, as: UTF8.self)
    guard !text.contains(secret) else { return }
    let forbidden = contract.forbiddenKeys.words
    let seed = data.reduce(UInt32(0)) { $0 &* 31 &+ UInt32($1) }
    let word = forbidden[Int(seed % UInt32(forbidden.count))]
    let key = seed & 1 == 0 ? word : word.uppercased()
    let item = "\(key)=\(secret)"
    let fragment = text.firstIndex(of: "#") ?? text.endIndex
    let head = text[..<fragment]
    let tail = text[fragment...]
    var variants: [String] = []
    if let question = head.firstIndex(of: "?") {
      variants.append(String(head[...question]) + item + "&" + head[head.index(after: question)...] + tail)
      variants.append(String(head) + "&" + item + tail)
    } else {
      variants.append(String(head) + "?" + item + tail)
    }
    variants.append(text + "?" + item)
    for link in variants {
      let outcome = parser.parse(link)
      let rendered = [
        String(describing: outcome), outcome.expectation.json.compact,
        String(describing: outcome.rejection as Any),
      ]
      if rendered.contains(where: { $0.contains(secret) }) {
        fail(Array(link.utf8), parser, "the value of forbidden key `\(key)` appears in \(rendered)")
      }
      if let route = outcome.route, route.fields.contains(where: { $0.value.contains(secret) }) {
        fail(Array(link.utf8), parser, "recognized \(route) carries the value of forbidden key `\(key)`")
      }
    }
  }

  static let declaredFields: Set<String> = Set(
    contract.routeClasses.flatMap { route in
      (route.httpsPath ?? []).compactMap { segment -> String? in
        if case .field(let field) = segment { return field.name }
        return nil
      } + route.query.fields.map(\.name)
    })

  /// The query keys of a raw link, split as the contract splits them.
  static func queryKeys(_ data: [UInt8]) -> Set<String> {
    guard let question = data.firstIndex(of: UInt8(ascii: "?")) else { return [] }
    let end = data.firstIndex(of: UInt8(ascii: "#")) ?? data.endIndex
    guard question < end else { return [] }
    let items = data[(question + 1)..<end].split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false)
    return Set(
      items.map { item in
        String(decoding: item.prefix { $0 != UInt8(ascii: "=") }, as: UTF8.self)
      })
  }

  /// The link with its scheme, and its host when `hostToo`, in capitals: the same link to the
  /// contract, which compares both ignoring case.
  static func shout(_ data: [UInt8], hostToo: Bool) -> [UInt8] {
    guard let colon = data.firstIndex(of: UInt8(ascii: ":")) else { return data }
    var end = colon
    if hostToo {
      end = data[(colon + 3)...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? data.endIndex
    }
    return data.enumerated().map { index, byte in
      index < end && ASCII.isLowercase(byte) ? byte ^ 0x20 : byte
    }
  }

  static func fail(_ data: [UInt8], _ parser: LinkParser, _ message: String) -> Never {
    let shown = String(decoding: data.prefix(300), as: UTF8.self).debugDescription
    FileHandle.standardError.write(
      Data("LinkParserFuzz property failed (\(parser.build.name) build): \(message)\ninput: \(shown)\n".utf8))
    abort()
  }
}

/// libFuzzer's entry point: one input is one raw link.
@_cdecl("LLVMFuzzerTestOneInput")
public func linkParserFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let data = bytes.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  LinkParserProperties.check(data)
  return 0
}

#if !FUZZING
  /// Replays the files given as arguments through the properties, without libFuzzer.
  @main
  struct LinkParserFuzzReplay {
    static func main() { replay(CommandLine.arguments.dropFirst(), through: linkParserFuzzTestOneInput) }
  }
#else
  /// The entry point SwiftPM links as `main` for this target: hands over to libFuzzer.
  @_cdecl("LinkParserFuzz_main")
  public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, linkParserFuzzTestOneInput)
  }
#endif
