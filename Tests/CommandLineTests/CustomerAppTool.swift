import DesignFixture
import LinkContract

@testable import LinkContractTool

// The command-line tests run the commands on the design's pinned contract (Tests/DesignFixture),
// whose values are the ones the tests spell, so that a change of the Customer App's values
// breaks none of them; the commands that compare with the repository's generated files
// (`check`, `generate`) pass the Customer App's contract themselves.

/// `runTool` on the design's contract.
func runTool(_ arguments: [String], console: Console, root: String = ".") -> Int32 {
  runTool(arguments, console: console, root: root, contract: .design)
}

/// `runTool(bytes:)` on the design's contract.
func runTool(bytes: [[UInt8]], console: Console, root: String = ".") -> Int32 {
  runTool(bytes: bytes, console: console, root: root, contract: .design)
}
