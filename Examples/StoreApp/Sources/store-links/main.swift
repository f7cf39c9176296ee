// The Store app's `store-links` tool: linkcontract's commands on the Store's contract.

import LinkContractTool
import StoreAppContract

LinkContractTool.main(contract: .storeApp, conformanceTests: "Tests/StoreAppTests/ConformanceTable.generated.swift")
