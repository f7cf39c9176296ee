// The `linkcontract` executable of this repository: the commands of LinkContractTool run on the
// Customer App's contract, its own adopter, whose parser tests take the conformance table as a
// Swift source. An adopting app's `main` is the same call with its own values (README,
// "Adopting linkcontract for your app").

import CustomerApp
import LinkContractTool

LinkContractTool.main(
  contract: .customerApp, conformanceTests: "Tests/LinkParserTests/ConformanceTable.generated.swift")
