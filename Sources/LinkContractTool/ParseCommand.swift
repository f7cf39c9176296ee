import ContractArtifacts
import LinkContract
import LinkParser

/// `linkcontract parse`: classifies links, one answer a line, never echoing the input.
struct ParseCommand {
  static func help(_ tool: ToolName) -> String {
    """
    Usage: \(tool.name) parse --build NAME [--format text|json] [--redact] [--] LINK...
           \(tool.name) parse --build NAME [--format text|json] [--redact] [--crlf] -

    Classifies each LINK against the contract of build NAME (one of the contract's builds). With `-`,
    reads one link a line from standard input. Links are read as bytes, exactly as given: an
    invalid UTF-8 byte is one byte of the link (and makes it malformed-url). A line ends at
    `\\n` only; a `\\r` before it is part of the link, unless --crlf says the input has CRLF line
    ends. Prints one answer a line, in input order, and never echoes the input. With
    --format json, each line is one JSON object:
      {"outcome":"recognized","route":"business","fields":{"business":"bz_..."}}
      {"outcome":"unsupported","reason":"extra-field","field":"utm_source"}
    --redact replaces field values, for pasting into tickets.
    Exit 0 when every input was read, whatever its outcome; 2 for a usage error.

    """
  }

  let help: Bool
  let contract: Contract
  /// What the tool calls itself.
  let tool: ToolName
  let build: Build?
  let json: Bool
  let redact: Bool
  /// Standard input has CRLF line ends: a `\r` before `\n` is not part of the link.
  let crlf: Bool
  /// The links as raw bytes; `-` stands for standard input.
  let links: [[UInt8]]

  init(_ arguments: [[UInt8]], contract: Contract, tool: ToolName = .linkcontract) throws {
    self.contract = contract
    self.tool = tool
    let options = try Options(
      arguments.map { String(decoding: $0, as: UTF8.self) }, flags: ["--help", "-h", "--redact", "--crlf"],
      options: ["--build", "--format"])
    help = options.flag("--help") || options.flag("-h")
    redact = options.flag("--redact")
    crlf = options.flag("--crlf")
    links = options.positionalIndices.map { arguments[$0] }
    switch options.value("--format") ?? "text" {
    case "text": json = false
    case "json": json = true
    case let other: throw UsageError(message: "--format must be text or json, not '\(other)'")
    }
    if help {
      build = nil
      return
    }
    guard let name = options.value("--build") else {
      throw UsageError(message: "parse needs --build NAME (\(contract.buildNames))")
    }
    guard let build = contract.build(named: name) else {
      throw UsageError(message: "unknown build '\(name)' (\(contract.buildNames))")
    }
    self.build = build
    if links.isEmpty { throw UsageError(message: "parse needs at least one LINK, or - for stdin") }
  }

  func run(_ console: Console) -> Int32 {
    if help {
      console.out(Self.help(tool))
      return ExitCode.success
    }
    let parser = LinkParser(contract: contract, build: build!)
    func answer(_ link: [UInt8]) {
      let outcome = link.withUnsafeBufferPointer { parser.parse(bytes: $0) }
      console.out(Self.render(outcome, json: json, redact: redact) + "\n")
    }
    // A longer line is oversized whatever its rest: one byte past the longest link, and a `\r`
    // that --crlf drops, are all of it that is read into memory.
    let keep = contract.maximumLinkBytes + 2
    for link in links {
      if link == [UInt8(ascii: "-")] {
        while var line = console.readLine(keep) {
          if line.last == UInt8(ascii: "\n") {
            line.removeLast()
            if crlf, line.last == UInt8(ascii: "\r") { line.removeLast() }
          }
          answer(line)
        }
      } else {
        answer(link)
      }
    }
    return ExitCode.success
  }

  /// One answer line. Rejections carry no value from the link, so only recognized fields are
  /// ever printed, and `redact` hides those too.
  static func render(_ outcome: LinkOutcome, json: Bool, redact: Bool) -> String {
    switch outcome {
    case .recognized(let route):
      let fields = route.fields.map { ($0.name, redact ? "[redacted]" : $0.value) }
      if json {
        return JSON.object([
          ("outcome", .string("recognized")), ("route", .string(route.routeClass.rawValue)),
          ("fields", .object(fields.map { ($0.0, .string($0.1)) })),
        ]).compact
      }
      return (["recognized", route.routeClass.rawValue] + fields.map { "\($0.0)=\($0.1)" })
        .joined(separator: " ")
    case .unsupported(let rejection):
      if json { return ExpectedOutcome.unsupported(rejection.reason, field: rejection.field).json.compact }
      return "unsupported \(rejection)"
    }
  }
}
