import ContractArtifacts
import Foundation
import LinkContract
import LinkParser

/// Where a command reads and writes, so that tests can run commands in memory.
struct Console: Sendable {
  var readLine: @Sendable () -> String?
  var out: @Sendable (String) -> Void
  var err: @Sendable (String) -> Void

  static let standard = Console(
    readLine: { Swift.readLine(strippingNewline: true) },
    out: { FileHandle.standardOutput.write(Data($0.utf8)) },
    err: { FileHandle.standardError.write(Data($0.utf8)) })
}

/// Exit codes, as documented in the README.
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

let toolHelp = """
  linkcontract \(version): the Customer App's link contract, from typed values to docs,
  association files, native snippets and conformance tables.

  Usage: linkcontract COMMAND [OPTIONS]

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

  Run `linkcontract COMMAND --help` for a command's options.
  Exit codes: 0 success, 1 errors found (content, stale files, differences, release-check
  problems), 2 usage error.

  """

/// Runs one invocation and returns its exit code.
func runTool(_ arguments: [String], console: Console, root: String = ".") -> Int32 {
  guard let command = arguments.first else {
    console.err(toolHelp)
    return ExitCode.usage
  }
  let rest = Array(arguments.dropFirst())
  do {
    switch command {
    case "--help", "-h", "help":
      console.out(toolHelp)
      return ExitCode.success
    case "--version":
      console.out("linkcontract \(version)\n")
      return ExitCode.success
    case "parse": return try ParseCommand(rest).run(console)
    case "generate": return try GenerateCommand(rest, root: root).run(console)
    case "check": return try CheckCommand(rest, root: root).run(console)
    case "build": return try BuildCommand(rest, root: root).run(console)
    case "validate": return try ValidateCommand(rest).run(console)
    case "diff": return try DiffCommand(rest, root: root).run(console)
    case "watch": return try WatchCommand(rest, root: root).run(console)
    case "verify-host": return try VerifyHostCommand(rest).run(console)
    case "audit": return try AuditCommand(rest).run(console)
    default:
      throw UsageError(message: "unknown command '\(command)'")
    }
  } catch let error as UsageError {
    console.err("linkcontract: error: \(error.message)\nRun `linkcontract --help` for usage.\n")
    return ExitCode.usage
  } catch {
    console.err("linkcontract: error: \(error)\n")
    return ExitCode.failure
  }
}

/// A small option reader: flags, options with one value, and positional arguments after them.
struct Options {
  private(set) var positional: [String] = []
  private var values: [String: [String]] = [:]
  private var flags: Set<String> = []

  init(_ arguments: [String], flags known: Set<String>, options: Set<String>) throws {
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        positional += arguments[index...]
        break
      }
      if argument == "-" || !argument.hasPrefix("-") {
        positional.append(argument)
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

  /// `--format text|json`: whether JSON was asked for.
  func format() throws -> Bool {
    switch value("--format") ?? "text" {
    case "text": return false
    case "json": return true
    case let other: throw UsageError(message: "--format must be text or json, not '\(other)'")
    }
  }
}
