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
    if let command = arguments.first,
      ["build", "generate", "check", "watch"].contains(String(decoding: command, as: UTF8.self))
    {
      AllocatorTuning.applyByRestarting()
    }
    exit(runTool(bytes: arguments, console: .standard))
  }
}

/// glibc's allocator, tuned for a site build: two threads allocate and free millions of small
/// nodes (cmark's, libxml2's, Swift's), and glibc's defaults send most frees through the shared
/// arena. Bigger per-thread caches and no fast bins keep them on the thread that made them;
/// `make bench` measured the 2,000-page build 12% faster. glibc reads these settings only when
/// a process starts, so the tool starts itself again once with them set. A `GLIBC_TUNABLES`
/// already in the environment is left as it is, and so is everything else when the restart
/// fails.
enum AllocatorTuning {
  static let tunables =
    "glibc.malloc.tcache_count=1000:glibc.malloc.mxfast=0:glibc.malloc.top_pad=67108864:glibc.malloc.trim_threshold=268435456"

  static func applyByRestarting() {
    #if canImport(Glibc)
      guard getenv("GLIBC_TUNABLES") == nil, getenv("LINKCONTRACT_NO_TUNING") == nil else { return }
      setenv("GLIBC_TUNABLES", tunables, 1)
      var argv: [UnsafeMutablePointer<CChar>?] = CommandLine.arguments.map { strdup($0) } + [nil]
      execv("/proc/self/exe", &argv)
      // Still here: the restart failed; build with the defaults, and say nothing to children.
      unsetenv("GLIBC_TUNABLES")
    #endif
  }
}
