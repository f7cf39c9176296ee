// Module ContractArtifacts: every file derived from the contract (conformance table, lifecycle
// scenarios, association files and native snippets, contract document, report schemas with the
// ids they list), the association files' model and Apple's matching of them, the claim table and
// the spots. Imports LinkContract, LinkParser and LinkLifecycle; no system library, no I/O, and
// nothing that reads a file: reading and judging files from elsewhere is AssociationChecks'.

import LinkContract

/// A generated file: its path relative to the repository root and its bytes.
public struct Artifact: Sendable, Hashable {
  public let path: String
  public let contents: String

  public init(path: String, contents: String) {
    self.path = path
    self.contents = contents
  }
}

/// Every generated file that is not a page of the site, derived from `contract`: the site's
/// generated files, and the conformance table as a Swift source at `conformanceTests` (a path
/// from the project's root) when the project's parser tests take it. Their headers name `tool`.
public func contractArtifacts(
  _ contract: Contract, conformanceTests: String? = nil, tool: ToolName = .linkcontract
) -> [Artifact] {
  let table = ConformanceTable(contract: contract)
  return (conformanceTests.map { [Artifact(path: $0, contents: table.swiftSource(tool: tool))] } ?? [])
    + siteArtifacts(contract, table: table, tool: tool)
}

/// The generated files the site publishes (paths under `Site/`), without the test sources.
public func siteArtifacts(_ contract: Contract, tool: ToolName = .linkcontract) -> [Artifact] {
  siteArtifacts(contract, table: ConformanceTable(contract: contract), tool: tool)
}

/// The files of `artifacts` that the site publishes, by path relative to `Site/`.
public func publishedFiles(_ artifacts: [Artifact]) -> [String: String] {
  var published: [String: String] = [:]
  for file in artifacts where file.path.hasPrefix("Site/") {
    published[String(file.path.dropFirst("Site/".count))] = file.contents
  }
  return published
}

/// `siteArtifacts(contract)`, from its conformance table made before.
public func siteArtifacts(_ contract: Contract, table: ConformanceTable, tool: ToolName = .linkcontract) -> [Artifact] {
  [
    Artifact(path: "Site/conformance.json", contents: table.json(tool: tool)),
    Artifact(path: "Site/schema/conformance.schema.json", contents: conformanceSchema(contract).pretty),
  ] + lifecycleArtifacts(contract, tool: tool) + associationArtifacts(contract, tool: tool)
    + releaseCheckSchemaArtifacts(contract) + contractDocumentArtifacts(contract, tool: tool)
    + ReportSchemas.artifacts()
}
