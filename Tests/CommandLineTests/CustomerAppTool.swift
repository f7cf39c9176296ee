import CustomerApp
import LinkContract

@testable import LinkContractTool

// The command-line tests run the commands on the Customer App's contract, as the repository's
// `linkcontract` does.

/// `runTool` on the Customer App's contract.
func runTool(_ arguments: [String], console: Console, root: String = ".") -> Int32 {
  runTool(arguments, console: console, root: root, contract: .customerApp)
}

/// `runTool(bytes:)` on the Customer App's contract.
func runTool(bytes: [[UInt8]], console: Console, root: String = ".") -> Int32 {
  runTool(bytes: bytes, console: console, root: root, contract: .customerApp)
}
