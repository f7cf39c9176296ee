import AssociationChecks
import ContractArtifacts
import CustomerApp
import LinkContract

// The validator reads a file's URLs with a contract's forbidden keys hidden; these tests read
// them with the Customer App's.

func validateAssociation(_ bytes: [UInt8], kind: AssociationKind, servedOverHTTPS: Bool = true) -> [Diagnostic] {
  validateAssociation(
    bytes, kind: kind, servedOverHTTPS: servedOverHTTPS, forbidden: Contract.customerApp.forbiddenKeys)
}

func decodeAssetLinks(
  _ json: JSON, servedOverHTTPS: Bool = true
) -> (statements: [AssetLinkStatement], messages: [Diagnostic]) {
  decodeAssetLinks(json, servedOverHTTPS: servedOverHTTPS, forbidden: Contract.customerApp.forbiddenKeys)
}
