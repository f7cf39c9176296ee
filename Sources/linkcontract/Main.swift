// Module LinkContractCLI (the `linkcontract` executable): the command line: parsing arguments,
// reading and writing files, printing diagnostics and each phase's time, and exit codes. The
// work is the library modules' (LinkContract, LinkParser, ContractArtifacts, SiteGenerator,
// ReleaseChecks), which it imports; nothing depends on it but its tests.

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

@main
struct Main {
  static func main() {
    // The arguments' bytes exactly as the process received them: `CommandLine.arguments` would
    // repair invalid UTF-8, turning one byte of a link into three.
    let arguments: [[UInt8]] = (1..<Int(CommandLine.argc)).map { index in
      guard let argument = CommandLine.unsafeArgv[index] else { return [] }
      return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
    }
    exit(runTool(bytes: arguments, console: .standard))
  }
}
