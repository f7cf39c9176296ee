// The `linkcontract` executable of this repository: the commands of LinkContractTool run on the
// Customer App's contract, its own adopter. An adopting app's `main` is the same line with its
// own values (Examples/StoreApp).

import CustomerApp
import LinkContractTool

LinkContractTool.main(contract: .customerApp)
