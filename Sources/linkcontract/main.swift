// The `linkcontract` executable of this repository: the commands of LinkContractTool run on the
// Customer App's contract, its own adopter, whose parser tests take the conformance table as a
// Swift source. Its Templates folder is linkcontract's built-in templates, which `generate`
// compiles into the SiteGenerator module for every adopter; an adopting app's `main` is the
// same call with its own values and no `builtInTemplates` (README, "Adopting linkcontract for
// your app"), which names itself by its executable's name.

import CustomerApp
import LinkContractTool

LinkContractTool.main(
  contract: .customerApp, conformanceTests: "Tests/LinkParserTests/ConformanceTable.generated.swift",
  builtInTemplates: "Sources/SiteGenerator/Theme/BuiltInTemplates.generated.swift", name: "linkcontract")
