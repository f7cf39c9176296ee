// The adopters the tests run over: the Customer App, the design fixture, the ferry app, the ferry
// with a resource scope, and the Customer App's checkout with only the manifest's intent filters
// chosen (its layout holds a MAUI activity it did not choose), each named for a test's description.

import CustomerApp
import LinkContract

/// An adopter's contract, named for a test's description.
public struct AdopterCase: Sendable, CustomStringConvertible {
  public let name: String
  public let contract: Contract
  public var description: String { name }

  public static let customerApp = AdopterCase(name: "the Customer App", contract: .customerApp)
  public static let design = AdopterCase(name: "the design fixture", contract: .design)
  public static let ferry = AdopterCase(name: "the ferry app", contract: .ferry)
  /// The Customer App's checkout, which holds a MAUI activity, with the manifest's intent filters
  /// (App Links and the custom scheme's) chosen and no MAUI snippet.
  public static let manifestOnly = AdopterCase(
    name: "the Customer App's layout with manifest snippets only",
    contract: Contract.customerApp.replacing(
      nativeSnippets: [.iosAssociatedDomains, .androidIntentFilter, .androidSchemeFilter, .runbook]))

  /// The ferry app, had it declared a fleet as a resource scope its passengers switch between.
  public static let ferryWithFleet = AdopterCase(
    name: "the ferry app with fleets",
    contract: Contract.ferry.replacing(scopes: [ResourceScope(id: "fleet", title: "fleet")]))

  /// The three adopters.
  public static let three = [customerApp, design, ferry]
  /// The three adopters and the ferry with a resource scope of its own.
  public static let scoped = three + [ferryWithFleet]
  /// The three adopters and the manifest-only variant.
  public static let all = three + [manifestOnly]
}
