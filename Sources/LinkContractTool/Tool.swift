// Module LinkContractTool: the command line of linkcontract for any app's contract: parsing
// arguments, reading and writing files, printing diagnostics and each phase's time, and exit
// codes. The work is the library modules' (LinkContract, LinkParser, ContractArtifacts,
// AssociationChecks, SiteGenerator, ReleaseChecks); an app's `main` runs it on its own contract.

import CHeapRoom
import ContractArtifacts
import Foundation
import LinkContract
import LinkParser
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Where a command reads and writes, so that tests can run commands in memory.
struct Console: Sendable {
  /// The next line of standard input as raw bytes, with its `\n` when it has one; nil at the end.
  /// A line of more than `limit` bytes before its `\n` comes back as its first `limit` bytes,
  /// without its `\n`; the rest of it is read and dropped.
  var readLine: @Sendable (_ limit: Int) -> [UInt8]?
  var out: @Sendable (String) -> Void
  var err: @Sendable (String) -> Void

  static let standard: Console = {
    let input = ByteLines { buffer in
      while true {
        let count = read(STDIN_FILENO, buffer.baseAddress, buffer.count)
        if count < 0, errno == EINTR { continue }
        return count
      }
    }
    return Console(
      readLine: { input.next(keeping: $0) },
      out: { FileHandle.standardOutput.write(Data($0.utf8)) },
      err: { FileHandle.standardError.write(Data($0.utf8)) })
  }()
}

/// Splits a byte stream into lines at `\n` only: every other byte, `\r` and invalid UTF-8
/// included, stays in its line. Each line keeps its `\n`; a last line without one is a line too.
final class ByteLines: Sendable {
  /// Fills the buffer with the next bytes and returns how many; 0 at the end, below 0 on error.
  private let read: @Sendable (UnsafeMutableRawBufferPointer) -> Int
  private let state = Mutex(State())

  private struct State {
    var buffer: [UInt8] = []
    var start = 0
    var ended = false
    var scratch = [UInt8](repeating: 0, count: 65_536)

    /// Appends the next bytes of the stream to the buffer, or marks its end.
    mutating func fill(_ read: (UnsafeMutableRawBufferPointer) -> Int) {
      let count = scratch.withUnsafeMutableBytes { read($0) }
      if count > 0 { buffer += scratch[..<count] } else { ended = true }
    }

    /// Drops the bytes up to the next `\n` (included), reading as far as it is.
    mutating func dropLine(_ read: (UnsafeMutableRawBufferPointer) -> Int) {
      while true {
        if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
          start = newline + 1
          return
        }
        buffer.removeAll(keepingCapacity: true)
        start = 0
        if ended { return }
        fill(read)
      }
    }
  }

  init(read: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Int) { self.read = read }

  /// The next line, its `\n` included when it has one; nil at the end of the stream. A line of
  /// more than `limit` bytes before its `\n` is its first `limit` bytes, without the `\n`: the
  /// rest is read and dropped, so that no more than `limit` bytes and a read are ever held.
  /// Each byte is looked at once, however long the line.
  func next(keeping limit: Int = .max) -> [UInt8]? {
    state.withLock { state in
      // The bytes from `start` to `scanned` hold no `\n`.
      var scanned = state.start
      while true {
        let held = state.buffer.count - state.start
        let end = held > limit ? state.start + limit + 1 : state.buffer.count
        if let newline = state.buffer[scanned..<end].firstIndex(of: UInt8(ascii: "\n")) {
          defer { state.start = newline + 1 }
          return Array(state.buffer[state.start...newline])
        }
        if held > limit {
          defer { state.dropLine(read) }
          state.start += limit
          return Array(state.buffer[(state.start - limit)..<state.start])
        }
        if state.ended {
          guard state.start < state.buffer.count else { return nil }
          defer { state.start = state.buffer.count }
          return Array(state.buffer[state.start...])
        }
        state.buffer.removeFirst(state.start)
        state.start = 0
        scanned = state.buffer.count
        state.fill(read)
      }
    }
  }
}

/// Exit codes, as documented in docs/command-line.md.
enum ExitCode {
  static let success: Int32 = 0
  /// Content errors, stale generated files, a failed check or a difference found.
  static let failure: Int32 = 1
  /// The command line itself is wrong.
  static let usage: Int32 = 2
}

struct UsageError: Error {
  let message: String
}

let version = "0.1.0"

/// The tool's name and version: `linkcontract 0.1.0`, or for an adopting app's tool
/// `store-links (linkcontract 0.1.0)`.
func versionLine(_ tool: ToolName) -> String {
  tool == .linkcontract ? "linkcontract \(version)" : "\(tool.name) (linkcontract \(version))"
}

func toolHelp(_ contract: Contract, tool: ToolName) -> String {
  """
  \(versionLine(tool)): the \(contract.appName)'s link contract, from typed values to docs,
  association files, native snippets and conformance tables.

  Usage: \(tool.name) COMMAND [OPTIONS]

  Commands:
    parse        Classify links against one build's contract
    generate     Write every generated file (conformance table, Site/)
    check        Regenerate into a temporary folder and list stale generated files
    build        Build the docs site from Content/ and Templates/ into Site/
    watch        Build, then rebuild whenever Content/ or Templates/ change
    validate     Check association files against Apple's and Google's rules
    diff         Compare two releases' association files and name the revalidation they need
    verify-host  Fetch the association files a web host serves and check them against the contract
    audit        Find every place an app checkout registers a contract value, and judge each
    init         Write a new app's link contract package, ready to build, test and check

  Run `\(tool.name) COMMAND --help` for a command's options.
  Exit codes: 0 success, 1 errors found (content, stale files, differences, release-check
  problems), 2 usage error.

  """
}

/// The `linkcontract` command line for one app's contract: what an adopting app's `main` runs
/// (`LinkContractTool.main(contract: .myApp)`), with every command working on that contract.
public enum LinkContractTool {
  /// Runs the process's command line on `contract`, in the current folder as the project's
  /// root, and exits with the command's code.
  /// `name` is what the tool calls itself in its help, its errors, the commands it prints and
  /// every generated file's header; nil takes the executable's name, the last component of the
  /// path it was run as (`store-links`).
  /// `conformanceTests` is where `generate` writes the conformance table as a Swift source for
  /// the app's parser tests (a path from the root, such as
  /// `Tests/LinkParserTests/ConformanceTable.generated.swift`); nil writes none.
  /// `builtInTemplates` is where `generate` writes the project's `Templates/` folder as the
  /// Swift source of linkcontract's built-in templates: given by linkcontract's own tool only
  /// (`Sources/SiteGenerator/Theme/BuiltInTemplates.generated.swift`), nil for an adopting app,
  /// whose site takes the built-in templates under its own.
  public static func main(
    contract: Contract, conformanceTests: String? = nil, builtInTemplates: String? = nil, name: String? = nil
  ) -> Never {
    // glibc grows a worker thread's heap by what each allocation needs, a system call a step:
    // thousands in a build whose workers allocate tens of megabytes. Room of 32 MB at a time
    // is address space only; memory is still taken as pages are first written.
    linkcontract_heap_room(32 << 20)
    // The arguments' bytes exactly as the process received them: `CommandLine.arguments` would
    // repair invalid UTF-8, turning one byte of a link into three.
    let arguments: [[UInt8]] = (1..<Int(CommandLine.argc)).map { index in
      guard let argument = CommandLine.unsafeArgv[index] else { return [] }
      return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
    }
    exit(
      runTool(
        bytes: arguments, console: .standard, contract: contract, conformanceTests: conformanceTests,
        builtInTemplates: builtInTemplates, tool: toolName(name)))
  }

  /// Runs one invocation on `contract` and returns its exit code, printing nothing itself but
  /// through `standardOutput` and `standardError`; `name` as `main` takes it.
  public static func run(
    _ arguments: [String], contract: Contract, conformanceTests: String? = nil, builtInTemplates: String? = nil,
    root: String = ".", name: String? = nil
  ) -> Int32 {
    runTool(
      bytes: arguments.map { Array($0.utf8) }, console: .standard, root: root, contract: contract,
      conformanceTests: conformanceTests, builtInTemplates: builtInTemplates, tool: toolName(name))
  }

  /// The tool's name: `name` when given, else the last path component of the path the process
  /// was run as.
  static func toolName(_ name: String?) -> ToolName {
    if let name { return ToolName(name) }
    guard CommandLine.argc > 0, let first = CommandLine.unsafeArgv[0] else { return .linkcontract }
    let path = String(decoding: UnsafeRawBufferPointer(start: first, count: strlen(first)), as: UTF8.self)
    return ToolName(path.split(separator: "/").last.map(String.init) ?? "")
  }
}

/// Runs one invocation and returns its exit code.
func runTool(
  _ arguments: [String], console: Console, root: String = ".", contract: Contract, tool: ToolName = .linkcontract
) -> Int32 {
  runTool(bytes: arguments.map { Array($0.utf8) }, console: console, root: root, contract: contract, tool: tool)
}

/// Runs one invocation given as the raw bytes of each argument, as the process received them:
/// `parse` classifies those bytes, the other commands read the arguments as UTF-8 text. The
/// tool calls itself `tool`.
func runTool(
  bytes: [[UInt8]], console: Console, root: String = ".", contract: Contract, conformanceTests: String? = nil,
  builtInTemplates: String? = nil, tool: ToolName = .linkcontract
) -> Int32 {
  let arguments = bytes.map { String(decoding: $0, as: UTF8.self) }
  guard let command = arguments.first else {
    console.err(toolHelp(contract, tool: tool))
    return ExitCode.usage
  }
  let rest = Array(arguments.dropFirst())
  do {
    switch command {
    case "--help", "-h", "help":
      console.out(toolHelp(contract, tool: tool))
      return ExitCode.success
    case "--version":
      console.out(versionLine(tool) + "\n")
      return ExitCode.success
    case "parse": return try ParseCommand(Array(bytes.dropFirst()), contract: contract, tool: tool).run(console)
    case "generate":
      return try GenerateCommand(
        rest, root: root, contract: contract, conformanceTests: conformanceTests, builtInTemplates: builtInTemplates,
        tool: tool
      ).run(console)
    case "check":
      return try CheckCommand(
        rest, root: root, contract: contract, conformanceTests: conformanceTests, builtInTemplates: builtInTemplates,
        tool: tool
      ).run(console)
    case "build":
      return try BuildCommand(
        rest, root: root, contract: contract, builtInTemplates: builtInTemplates, tool: tool
      ).run(console)
    case "validate": return try ValidateCommand(rest, contract: contract, tool: tool).run(console)
    case "diff": return try DiffCommand(rest, root: root, contract: contract, tool: tool).run(console)
    case "watch":
      return try WatchCommand(
        rest, root: root, contract: contract, builtInTemplates: builtInTemplates, tool: tool
      ).run(console)
    case "verify-host": return try VerifyHostCommand(rest, contract: contract, tool: tool).run(console)
    case "audit": return try AuditCommand(rest, contract: contract, tool: tool).run(console)
    case "init": return try InitCommand(rest, root: root, tool: tool).run(console)
    default:
      throw UsageError(message: "unknown command '\(command)'")
    }
  } catch let error as UsageError {
    console.err("\(tool.name): error: \(error.message)\nRun `\(tool.name) --help` for usage.\n")
    return ExitCode.usage
  } catch {
    console.err("\(tool.name): error: \(error)\n")
    return ExitCode.failure
  }
}

/// A small option reader: flags, options with one value, and positional arguments after them.
struct Options {
  private(set) var positional: [String] = []
  /// Where each positional argument stands in the arguments.
  private(set) var positionalIndices: [Int] = []
  private var values: [String: [String]] = [:]
  private var flags: Set<String> = []

  init(_ arguments: [String], flags known: Set<String>, options: Set<String>) throws {
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        positional += arguments[index...]
        positionalIndices += index..<arguments.count
        break
      }
      if argument == "-" || !argument.hasPrefix("-") {
        positional.append(argument)
        positionalIndices.append(index - 1)
        continue
      }
      var name = argument
      var inline: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      if known.contains(name), inline == nil {
        flags.insert(name)
      } else if options.contains(name) {
        if let inline {
          values[name, default: []].append(inline)
        } else if index < arguments.count {
          values[name, default: []].append(arguments[index])
          index += 1
        } else {
          throw UsageError(message: "\(name) needs a value")
        }
      } else {
        throw UsageError(message: "unknown option '\(name)'")
      }
    }
  }

  func flag(_ name: String) -> Bool { flags.contains(name) }
  func value(_ name: String) -> String? { values[name]?.last }
  /// Every value given to a repeatable option, in order.
  func values(_ name: String) -> [String] { values[name] ?? [] }

  /// `--max-image-size BYTES` (a whole number, or with `KB`, `MB` or `GB`, of 1,024): the
  /// largest image file the site build reads; nil when not given.
  func maximumImageSize() throws -> Int? {
    guard let text = value("--max-image-size") else { return nil }
    let units: [(suffix: String, factor: Int)] = [("KB", 1 << 10), ("MB", 1 << 20), ("GB", 1 << 30), ("", 1)]
    let unit = units.first { text.uppercased().hasSuffix($0.suffix) }!
    let digits = text.dropLast(unit.suffix.count)
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits),
      number > 0, number <= (1 << 31) / unit.factor
    else {
      throw UsageError(
        message:
          "--max-image-size must be a number of bytes from 1 to 2 GB, such as 20000000 or 20MB, not '\(Printed.excerpt(text))'"
      )
    }
    return number * unit.factor
  }

  /// `--format text|json`: whether JSON was asked for.
  func format() throws -> Bool {
    switch value("--format") ?? "text" {
    case "text": return false
    case "json": return true
    case let other: throw UsageError(message: "--format must be text or json, not '\(other)'")
    }
  }
}

extension Contract {
  /// The builds' names, for a usage message: `production, staging`.
  var buildNames: String { builds.map(\.name).joined(separator: ", ") }
}
