import ContractArtifacts
import DesignFixture
import Foundation
import LinkContract
import LinkParser
import Synchronization
import Testing

@testable import LinkContractTool

// The command line's `parse` output, run in memory through `runTool` with a captured Console.

/// Standard input, output and error for one in-memory run.
final class CapturedConsole: Sendable {
  private let input: ByteLines
  private let output = Mutex("")
  private let errors = Mutex("")

  /// Standard input holding these lines, each ended by `\n`.
  convenience init(stdin: [String] = []) { self.init(stdinBytes: Array(stdin.map { $0 + "\n" }.joined().utf8)) }

  /// Standard input holding exactly these bytes, handed out `chunk` bytes a read.
  init(stdinBytes: [UInt8], chunk: Int = 7) {
    let remaining = Mutex(stdinBytes[...])
    input = ByteLines { buffer in
      remaining.withLock { rest in
        let count = min(chunk, buffer.count, rest.count)
        buffer.copyBytes(from: rest.prefix(count))
        rest = rest.dropFirst(count)
        return count
      }
    }
  }

  var console: Console {
    Console(
      readLine: { self.input.next(keeping: $0) },
      out: { text in self.output.withLock { $0 += text } },
      err: { text in self.errors.withLock { $0 += text } })
  }

  var stdout: String { output.withLock { $0 } }
  var stderr: String { errors.withLock { $0 } }
  var stdoutLines: [String] {
    var lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}

/// The result of one run.
struct Run {
  let code: Int32
  let stdout: String
  let stderr: String
  let lines: [String]

  init(_ arguments: [String], stdin: [String] = []) {
    self.init(bytes: arguments.map { Array($0.utf8) }, captured: CapturedConsole(stdin: stdin))
  }

  /// A run given the raw bytes of each argument and of standard input.
  init(bytes arguments: [[UInt8]], stdin: [UInt8] = [], chunk: Int = 7) {
    self.init(bytes: arguments, captured: CapturedConsole(stdinBytes: stdin, chunk: chunk))
  }

  private init(bytes arguments: [[UInt8]], captured: CapturedConsole) {
    code = runTool(bytes: arguments, console: captured.console, root: "/nonexistent")
    stdout = captured.stdout
    stderr = captured.stderr
    lines = captured.stdoutLines
  }
}

/// The Customer App's contract, which the command line parses with. Links that name a route
/// class are made from its values, so that these tests follow a contract edit.
private let app = Contract.design

/// Each route class's documentation link on each of its carriers in `build`, with the exact
/// line `parse --format json` prints for it (fields in the route's order).
private func recognizedLines(_ build: Build) -> [JSONLineCase] {
  app.routeClasses.flatMap { routeClass in
    routeClass.carriers.compactMap { carrier -> JSONLineCase? in
      let route = Route(routeClass, carrier: carrier, values: app.sampleValues(of: routeClass))
      guard let link = route.link(in: build, contract: app) else { return nil }
      let fields = route.fields.map { #""\#($0.name)":"\#($0.value)""# }.joined(separator: ",")
      return JSONLineCase(
        build: build.name, link: link,
        line: #"{"outcome":"recognized","route":"\#(routeClass.id)","fields":{\#(fields)}}"#)
    }
  }
}

/// The conformance cases that reject a route's shape: a prefix, an extra field, a wrong value.
private func shapeLines() -> [JSONLineCase] {
  ConformanceTable(contract: app).links.filter { item in
    ["-https-prefix-1", "-https-extra-field", "-wrong-prefix", "-and-error"].contains { item.id.hasSuffix($0) }
  }.map { JSONLineCase(build: $0.build, link: $0.input, line: $0.expected.json.compact) }
}

private let business = "bz_0000Business0001"
private let category = "ct_0000Category0001"
private let product = "pr_0000Product00001"
private let code = "0000DocCode_-ABCDEFGHIJKLMNOPQRS"

/// One link on one build and the exact JSON line `parse --format json` prints for it.
struct JSONLineCase: Sendable, CustomTestStringConvertible {
  let build: String
  let link: String
  let line: String

  var testDescription: String { "\(build) \(link)" }

  static let all: [JSONLineCase] =
    app.builds.flatMap(recognizedLines) + shapeLines() + [
      JSONLineCase(
        build: "production", link: "http://links.example.com/start",
        line: #"{"outcome":"unsupported","reason":"scheme-not-allowed"}"#),
      JSONLineCase(
        build: "staging", link: "https://links.example.com/start",
        line: #"{"outcome":"unsupported","reason":"host-not-configured"}"#),
      JSONLineCase(
        build: "production", link: "com.example.customer.staging://start",
        line: #"{"outcome":"unsupported","reason":"scheme-not-allowed"}"#),
      JSONLineCase(
        build: "production", link: "https://links.example.com:443/start",
        line: #"{"outcome":"unsupported","reason":"port-present"}"#),
      JSONLineCase(
        build: "production", link: "https://guest@links.example.com/start",
        line: #"{"outcome":"unsupported","reason":"userinfo-present"}"#),
      JSONLineCase(
        build: "production", link: "https://links.example.com/start#top",
        line: #"{"outcome":"unsupported","reason":"fragment-present"}"#),
      JSONLineCase(
        build: "production", link: "https://links.example.com/start?password=hunter2",
        line: #"{"outcome":"unsupported","reason":"forbidden-field"}"#),
      JSONLineCase(
        build: "production", link: "https://links.example.com/start?a=1&a=2",
        line: #"{"outcome":"unsupported","reason":"duplicate-field"}"#),
      JSONLineCase(
        build: "production", link: "https://links.example.com/nowhere",
        line: #"{"outcome":"unsupported","reason":"unknown-route"}"#),
      JSONLineCase(
        build: "production", link: "https://links.example.com/start?x=%41",
        line: #"{"outcome":"unsupported","reason":"malformed-encoding"}"#),
      JSONLineCase(
        build: "production", link: "https://links.example.com/st art",
        line: #"{"outcome":"unsupported","reason":"malformed-url"}"#),
      JSONLineCase(
        build: "production", link: "", line: #"{"outcome":"unsupported","reason":"malformed-url"}"#),
      JSONLineCase(
        build: "staging", link: "https://links.staging.example.com/start?x=" + String(repeating: "a", count: 1000),
        line: #"{"outcome":"unsupported","reason":"oversized"}"#),
    ]
}

/// A usage error: the arguments and words of the message on standard error.
struct UsageCase: Sendable, CustomTestStringConvertible {
  let arguments: [String]
  let message: String

  var testDescription: String { arguments.isEmpty ? "(no arguments)" : arguments.joined(separator: " ") }

  static let link = "https://links.example.com/start"
  static let all: [UsageCase] = [
    UsageCase(arguments: ["parse", link], message: "parse needs --build NAME (production, staging)"),
    UsageCase(arguments: ["parse", "--format", "json", link], message: "parse needs --build NAME"),
    UsageCase(arguments: ["parse", "--build", "qa", link], message: "unknown build 'qa' (production, staging)"),
    UsageCase(arguments: ["parse", "--build", "Production", link], message: "unknown build 'Production'"),
    UsageCase(arguments: ["parse", "--build", "production", "--bogus", link], message: "unknown option '--bogus'"),
    UsageCase(arguments: ["parse", "--build", "production", "-x", link], message: "unknown option '-x'"),
    UsageCase(arguments: ["parse", "--build=production", "--redact=yes", link], message: "unknown option '--redact'"),
    UsageCase(arguments: ["frobnicate"], message: "unknown command 'frobnicate'"),
    UsageCase(arguments: ["Parse", "--build", "production", link], message: "unknown command 'Parse'"),
    UsageCase(
      arguments: ["parse", "--build", "production", "--format", "xml", link],
      message: "--format must be text or json, not 'xml'"),
    UsageCase(arguments: ["parse", "--build", "production", "--format=xml", link], message: "not 'xml'"),
    UsageCase(arguments: ["parse", "--build", "production"], message: "parse needs at least one LINK, or - for stdin"),
    UsageCase(arguments: ["parse", "--build"], message: "--build needs a value"),
    UsageCase(arguments: ["parse", "--build", "production", link, "--format"], message: "--format needs a value"),
  ]
}

@Suite struct ParseCommandOutput {
  @Test("One exact JSON object for one link", arguments: JSONLineCase.all)
  func jsonLine(_ item: JSONLineCase) throws {
    let run = Run(["parse", "--build", item.build, "--format", "json", "--", item.link])
    #expect(run.code == 0)
    #expect(run.stdout == item.line + "\n")
    #expect(run.stderr == "")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.lines[0].utf8)) as? [String: Any])
    #expect(object["outcome"] as? String == (item.line.contains(#""recognized""#) ? "recognized" : "unsupported"))
    if let reason = object["reason"] as? String {
      let namesField = ["missing-field", "extra-field", "invalid-value"].contains(reason)
      #expect((object["field"] != nil) == namesField, "field only where the reason names one")
      #expect(Set(object.keys).isSubset(of: ["outcome", "reason", "field"]))
    } else {
      #expect(Set(object.keys) == ["outcome", "route", "fields"])
    }
  }

  @Test("Many links: one line each, in input order, for each build")
  func manyLinks() {
    for build in ["production", "staging"] {
      let items = JSONLineCase.all.filter { $0.build == build }
      let run = Run(["parse", "--format", "json", "--build", build, "--"] + items.map(\.link))
      #expect(run.code == 0)
      #expect(run.lines == items.map(\.line))
      #expect(run.stderr == "")
    }
  }

  @Test("The input is never echoed, and a forbidden value never appears")
  func noEcho() {
    let links = [
      "https://links.example.com/start?password=hunter2",
      "https://links.example.com/start?PASSWORD=hunter2&x=hunter2",
      "https://links.example.com/business/\(business)?access_token=hunter2",
      "com.example.customer://oauth-complete?code=\(code)&token=hunter2",
      "https://links.example.com/hunter2",
      "https://hunter2@links.example.com/start",
      "https://links.example.com/start#hunter2",
      "https://links.example.com/start?hunter2",
      "https://links.example.com/start?email=hunter2%40example.com",
      "http://hunter2.example/start",
      "https://links.example.com/st art?password=hunter2",
    ]
    for format in ["json", "text"] {
      for extra in [[], ["--redact"]] {
        let run = Run(["parse", "--build", "production", "--format", format] + extra + ["--"] + links)
        #expect(run.code == 0)
        #expect(run.lines.count == links.count)
        #expect(!run.stdout.contains("hunter2") || run.lines[7].contains("hunter2"))
        for (index, line) in run.lines.enumerated() where index != 7 {
          #expect(!line.contains("hunter2"), "\(format) \(extra): line \(index + 1) shows the value: \(line)")
          #expect(!line.contains("links.example.com"))
        }
        #expect(!run.stderr.contains("hunter2"))
        #expect(run.stderr == "")
      }
    }
    let forbidden = Run(["parse", "--build", "production", "--format", "json", links[0]])
    #expect(forbidden.stdout == #"{"outcome":"unsupported","reason":"forbidden-field"}"# + "\n")
    let text = Run(["parse", "--build", "production", links[0]])
    #expect(text.stdout == "unsupported forbidden-field\n")
  }

  @Test("--redact replaces every field value")
  func redact() throws {
    let production = app.builds[0]
    let widest = try #require(
      app.routeClasses.filter { !$0.carriers.isEmpty }.max { $0.fields.count < $1.fields.count })
    let route = Route(widest, values: app.sampleValues(of: widest))
    let link = try #require(route.link(in: production, contract: app))
    let links = [link, "https://\(production.webHost)/\(widest.id)?utm_source=newsletter#top"]
    let json = Run(["parse", "--build", production.name, "--format", "json", "--redact"] + links)
    #expect(json.code == 0)
    let redacted = route.fields.map { #""\#($0.name)":"[redacted]""# }.joined(separator: ",")
    #expect(
      json.lines == [
        #"{"outcome":"recognized","route":"\#(widest.id)","fields":{\#(redacted)}}"#,
        #"{"outcome":"unsupported","reason":"fragment-present"}"#,
      ])
    for field in route.fields { #expect(!json.stdout.contains(field.value)) }
    let text = Run(["parse", "--redact", "--build", production.name] + links)
    #expect(
      text.lines == [
        (["recognized", widest.id.rawValue] + route.fields.map { "\($0.name)=[redacted]" }).joined(separator: " "),
        "unsupported fragment-present",
      ])
  }

  @Test("Text output, one line a link")
  func text() throws {
    let (production, staging) = (app.builds[0], app.builds[1])
    let recognized = try #require(recognizedLines(staging).first)
    let route = try #require(app.routeClass(RouteClassID(recognized.line.split(separator: "\"")[7].description)))
    let fields = Route(route, values: app.sampleValues(of: route)).fields.map { "\($0.name)=\($0.value)" }
    let run = Run([
      "parse", "--build", staging.name, recognized.link, "https://\(staging.webHost)/x?a=1&a=2",
      "https://\(production.webHost)/start",
    ])
    #expect(run.code == 0)
    #expect(
      run.lines == [
        (["recognized", route.id.rawValue] + fields).joined(separator: " "), "unsupported duplicate-field",
        "unsupported host-not-configured",
      ])
  }

  @Test("With -, links come from standard input, one a line, in order")
  func stdin() {
    let input = JSONLineCase.all.filter { $0.build == "staging" }
    let run = Run(["parse", "--build", "staging", "--format", "json", "-"], stdin: input.map(\.link))
    #expect(run.code == 0)
    #expect(run.lines == input.map(\.line))
    #expect(run.stderr == "")

    let mixed = Run(
      [
        "parse", "--build", "production", "--format=json", "https://links.example.com:443/start", "-",
        "http://x.example/",
      ],
      stdin: ["https://links.example.com/start#top", "", "https://links.example.com/start?password=hunter2"])
    #expect(mixed.code == 0)
    #expect(
      mixed.lines == [
        #"{"outcome":"unsupported","reason":"port-present"}"#,
        #"{"outcome":"unsupported","reason":"fragment-present"}"#,
        #"{"outcome":"unsupported","reason":"malformed-url"}"#,
        #"{"outcome":"unsupported","reason":"forbidden-field"}"#,
        #"{"outcome":"unsupported","reason":"scheme-not-allowed"}"#,
      ])
    #expect(!mixed.stdout.contains("hunter2"))

    let empty = Run(["parse", "--build", "production", "-"], stdin: [])
    #expect(empty.code == 0)
    #expect(empty.stdout == "")
  }

  @Test("After --, an argument starting with - is a link")
  func doubleDash() {
    let run = Run(["parse", "--build", "production", "--format", "json", "--", "--help", "-x"])
    #expect(run.code == 0)
    #expect(
      run.lines == [
        #"{"outcome":"unsupported","reason":"malformed-url"}"#, #"{"outcome":"unsupported","reason":"malformed-url"}"#,
      ])
  }

  @Test("Exit 0 whatever the outcomes")
  func exitZero() {
    let links = JSONLineCase.all.filter { $0.build == "production" }.map(\.link)
    for link in links {
      #expect(Run(["parse", "--build", "production", "--", link]).code == 0, "\(link)")
    }
  }

  @Test("A usage error exits 2 with its message on standard error", arguments: UsageCase.all)
  func usage(_ item: UsageCase) {
    let run = Run(item.arguments)
    #expect(run.code == 2)
    #expect(run.stdout == "")
    #expect(run.stderr.hasPrefix("linkcontract: error: "))
    #expect(run.stderr.contains(item.message), "\(run.stderr)")
    #expect(run.stderr.contains("linkcontract --help"))
    #expect(!run.stderr.contains(UsageCase.link))
  }

  @Test("No arguments prints the help on standard error and exits 2")
  func noArguments() {
    let run = Run([])
    #expect(run.code == 2)
    #expect(run.stdout == "")
    #expect(run.stderr.contains("Usage: linkcontract COMMAND"))
  }

  @Test("--help and --version")
  func helpAndVersion() {
    for arguments in [["--help"], ["-h"], ["help"]] {
      let run = Run(arguments)
      #expect(run.code == 0)
      #expect(run.stdout.contains("Usage: linkcontract COMMAND [OPTIONS]"))
      #expect(run.stdout.contains("parse"))
      #expect(run.stderr == "")
    }
    for arguments in [["parse", "--help"], ["parse", "-h"], ["parse", "--help", "--format", "json"]] {
      let run = Run(arguments)
      #expect(run.code == 0, "\(arguments)")
      #expect(run.stdout.contains("Usage: linkcontract parse --build NAME"))
      #expect(run.stdout.contains("--redact"))
      #expect(run.stderr == "")
    }
    let run = Run(["--version"])
    #expect(run.code == 0)
    #expect(run.stdout == "linkcontract \(version)\n")
    #expect(run.stdout == "linkcontract 0.1.0\n")
    #expect(run.stderr == "")
  }
}

/// A link as raw bytes, as an argument or a line of standard input would carry it.
struct ByteLinkCase: Sendable, CustomTestStringConvertible {
  let name: String
  let bytes: [UInt8]
  /// The answer `parse --format json` must print.
  let line: String

  var testDescription: String { name }

  static let start = Array("https://links.example.com/start".utf8)
  /// `https://links.example.com/start?x=aaa…` of exactly `count` bytes.
  static func padded(_ count: Int) -> [UInt8] {
    let head = Array("https://links.example.com/start?x=".utf8)
    return head + Array(repeating: 0x61, count: count - head.count)
  }

  static let all: [ByteLinkCase] = [
    ByteLinkCase(
      name: "an invalid UTF-8 byte is malformed-url", bytes: start + [0xFF],
      line: #"{"outcome":"unsupported","reason":"malformed-url"}"#),
    ByteLinkCase(
      name: "a lone continuation byte", bytes: Array("https://links.example.com/st".utf8) + [0x80] + Array("art".utf8),
      line: #"{"outcome":"unsupported","reason":"malformed-url"}"#),
    ByteLinkCase(
      name: "an invalid byte counts as one byte: 1023 bytes and one invalid byte is not oversized",
      bytes: padded(1023) + [0xFE], line: #"{"outcome":"unsupported","reason":"malformed-url"}"#),
    ByteLinkCase(
      name: "1024 bytes and one invalid byte is oversized", bytes: padded(1024) + [0xFE],
      line: #"{"outcome":"unsupported","reason":"oversized"}"#),
    ByteLinkCase(
      name: "1024 plain bytes are read", bytes: padded(1024),
      line: #"{"outcome":"unsupported","reason":"extra-field","field":"x"}"#),
    ByteLinkCase(
      name: "a carriage return is part of the link", bytes: start + [0x0D],
      line: #"{"outcome":"unsupported","reason":"malformed-url"}"#),
    ByteLinkCase(
      name: "a NUL byte is part of the link", bytes: start + [0x00],
      line: #"{"outcome":"unsupported","reason":"malformed-url"}"#),
    ByteLinkCase(
      name: "a valid link", bytes: start, line: #"{"outcome":"recognized","route":"start","fields":{}}"#),
    ByteLinkCase(
      name: "a key that is not plain is printed as the marker", bytes: start + Array("?utm:51.5072=1".utf8),
      line: #"{"outcome":"unsupported","reason":"extra-field","field":"[redacted-field]"}"#),
    ByteLinkCase(
      name: "a value run into a forbidden key", bytes: start + Array("?lat:51.5072=1".utf8),
      line: #"{"outcome":"unsupported","reason":"forbidden-field"}"#),
  ]
}

@Suite struct ParseCommandBytes {
  private let parser = LinkParser(contract: .design, build: Contract.design.build(named: "production")!)

  private func expected(_ bytes: [UInt8]) -> String {
    ParseCommand.render(bytes.withUnsafeBufferPointer { parser.parse(bytes: $0) }, json: true, redact: false)
  }

  @Test("An argument's bytes are the link, as the parser's byte entry point reads them", arguments: ByteLinkCase.all)
  func argument(_ item: ByteLinkCase) {
    let run = Run(
      bytes: ["parse", "--build", "production", "--format", "json", "--"].map { Array($0.utf8) } + [item.bytes])
    #expect(run.code == 0)
    #expect(run.lines == [item.line])
    #expect(run.lines == [expected(item.bytes)])
    #expect(!run.stdout.contains("51.5072"))
  }

  @Test("A line of standard input's bytes are the link", arguments: ByteLinkCase.all, [1, 7, 65_536])
  func standardInput(_ item: ByteLinkCase, chunk: Int) {
    let arguments = ["parse", "--build", "production", "--format", "json", "-"].map { Array($0.utf8) }
    let run = Run(bytes: arguments, stdin: item.bytes + [0x0A] + ByteLinkCase.start, chunk: chunk)
    #expect(run.code == 0)
    #expect(run.lines == [item.line, expected(ByteLinkCase.start)])
  }

  @Test("--crlf drops one carriage return before each line feed, and nothing else")
  func crlf() {
    let start = ByteLinkCase.start
    let input = start + [0x0D, 0x0A] + start + [0x0A] + start + [0x0D, 0x0D, 0x0A] + start + [0x0D]
    let recognized = #"{"outcome":"recognized","route":"start","fields":{}}"#
    let malformed = #"{"outcome":"unsupported","reason":"malformed-url"}"#
    let plain = Run(
      bytes: ["parse", "--build", "production", "--format", "json", "-"].map { Array($0.utf8) }, stdin: input)
    #expect(plain.lines == [malformed, recognized, malformed, malformed])
    let crlf = Run(
      bytes: ["parse", "--build", "production", "--crlf", "--format", "json", "-"].map { Array($0.utf8) }, stdin: input)
    #expect(crlf.lines == [recognized, recognized, malformed, malformed])
    #expect(crlf.stderr == "")
  }

  @Test(
    "Standard input splits after line feeds only; a last line without one counts",
    arguments: [
      ([UInt8](), [[UInt8]]()), ([0x0A], [[0x0A]]), ([0x61], [[0x61]]), ([0x61, 0x0A], [[0x61, 0x0A]]),
      ([0x61, 0x0A, 0x0A, 0x62], [[0x61, 0x0A], [0x0A], [0x62]]), ([0x0D, 0x0A, 0xFF], [[0x0D, 0x0A], [0xFF]]),
      ([0x61, 0x0B, 0x0C, 0x62, 0x0A], [[0x61, 0x0B, 0x0C, 0x62, 0x0A]]),
    ])
  func lines(_ input: [UInt8], _ expected: [[UInt8]]) {
    for chunk in [1, 2, 3, 65_536] {
      let captured = CapturedConsole(stdinBytes: input, chunk: chunk)
      var lines: [[UInt8]] = []
      while let line = captured.console.readLine(.max) { lines.append(line) }
      #expect(lines == expected, "\(input) in chunks of \(chunk)")
    }
  }
}

/// Lines of standard input longer than any link: answered `oversized` without being held whole.
@Suite struct ParseCommandLongLines {
  private static let limit = Contract.design.maximumLinkBytes
  private let parser = LinkParser(contract: .design, build: Contract.design.build(named: "production")!)

  /// The answer to one line of standard input, from the parser given the whole line.
  private func expected(_ line: [UInt8], crlf: Bool) -> String {
    var link = line
    if crlf, link.last == 0x0D { link.removeLast() }
    return ParseCommand.render(link.withUnsafeBufferPointer { parser.parse(bytes: $0) }, json: true, redact: false)
  }

  @Test(
    "A line around or far past the longest link gets the answer of the whole line",
    arguments: [1, 7, 1_024, 65_536], [false, true])
  func aroundTheLimit(chunk: Int, crlf: Bool) {
    let limit = Self.limit
    var lines: [[UInt8]] = []
    for count in (limit - 2)...(limit + 3) {
      lines += [
        ByteLinkCase.padded(count), ByteLinkCase.padded(count - 1) + [0x0D], ByteLinkCase.padded(count) + [0x0D],
      ]
    }
    lines += [ByteLinkCase.padded(20_000), ByteLinkCase.padded(20_000) + [0x0D], ByteLinkCase.start, []]
    let input = lines.flatMap { $0 + [0x0A] } + ByteLinkCase.padded(limit + 5)
    let arguments = ["parse", "--build", "production", "--format", "json"] + (crlf ? ["--crlf"] : []) + ["-"]
    let run = Run(bytes: arguments.map { Array($0.utf8) }, stdin: input, chunk: chunk)
    #expect(run.code == 0)
    #expect(run.lines == (lines + [ByteLinkCase.padded(limit + 5)]).map { expected($0, crlf: crlf) })
  }

  @Test(
    "A line past the limit is cut to it, without its line feed, and the next line is whole",
    arguments: [1, 2, 3, 65_536])
  func cutLines(chunk: Int) {
    let captured = CapturedConsole(stdinBytes: Array("abcdef\nabc\nxy\nabcd".utf8), chunk: chunk)
    var lines: [String] = []
    while let line = captured.console.readLine(3) { lines.append(String(decoding: line, as: UTF8.self)) }
    #expect(lines == ["abc", "abc\n", "xy\n", "abc"])
  }

  @Test("One line of many megabytes on standard input is answered, and the next line too")
  func oneHugeLine() {
    // Searched for its end from its start after every read of 64 KB, a line of 32 MB took
    // 196 s in the debug build the tests run (8 MB: 12 s, 16 MB: 49 s; release build, 30 MB:
    // 4.0 s); searched once, and dropped as it is read past the limit, 0.85 s (release build,
    // 30 MB and 300 MB: 0.08 s, 21 MB of memory). The growth is measured by `make bench-hostile`
    // (scripts/hostile-growth/parse.sh); this test checks the answers only.
    let huge = ByteLinkCase.padded(32 << 20) + [0x0A] + ByteLinkCase.start
    let run = Run(
      bytes: ["parse", "--build", "production", "--format", "json", "-"].map { Array($0.utf8) }, stdin: huge,
      chunk: 65_536)
    #expect(run.code == 0)
    #expect(
      run.lines == [#"{"outcome":"unsupported","reason":"oversized"}"#, expected(ByteLinkCase.start, crlf: false)])
  }
}

@Suite struct UnifiedDiffTests {
  @Test("A long changed line is shown around where it first differs")
  func longLines() {
    let before = String(repeating: "<p>same</p>", count: 60)
    let old = "header\n" + before + "<p>old text</p>" + before + "\nfooter\n"
    let new = "header\n" + before + "<p>new text</p>" + before + "\nfooter\n"
    let head = UnifiedDiff.head(old: old, new: new, oldName: "a", newName: "b")
    let lines = head.split(separator: "\n").map(String.init)
    #expect(lines.contains(" header"))
    let removed = lines.first { $0.hasPrefix("-<") || $0.hasPrefix("-…") }
    let added = lines.first { $0.hasPrefix("+<") || $0.hasPrefix("+…") }
    #expect(removed?.contains("<p>old text</p>") == true, "\(head)")
    #expect(added?.contains("<p>new text</p>") == true, "\(head)")
    #expect(lines.allSatisfy { $0.count <= 163 }, "\(head)")
  }

  @Test("Short lines are shown whole")
  func shortLines() {
    let head = UnifiedDiff.head(old: "a\nb\nc\n", new: "a\nB\nc\n", oldName: "x", newName: "y")
    #expect(head == "--- x\n+++ y\n@@ -1,4 +1,4 @@\n a\n-b\n+B\n c\n \n")
  }
}
