// The adopters the tests run over: the Customer App, the design fixture, the ferry app, the ferry
// with a resource scope, with a disabled route, without its return route, and the Customer App's
// checkout with only the manifest's intent filters chosen (its layout holds a MAUI activity it
// did not choose), each named for a test's description.

import CustomerApp
import LinkContract

/// An adopter's contract, named for a test's description.
public struct AdopterCase: Sendable, CustomStringConvertible {
  public let name: String
  public let contract: Contract
  public var description: String { name }

  /// An adopter's contract under a name for a test's description.
  public init(name: String, contract: Contract) {
    self.name = name
    self.contract = contract
  }

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

  /// The ferry app, had it kept its first published route with a custom-scheme form disabled
  /// (`Contract.ferryDisabledRoute`).
  public static let ferryWithDisabledRoute = AdopterCase(
    name: "the ferry app with a disabled route",
    contract: Contract.ferry.replacing(
      routeClasses: Contract.ferry.routeClasses.map { route in
        route.id == Contract.ferryDisabledRoute.id
          ? route.with(publication: .disabled(because: "its destination is not certified yet")) : route
      }))

  /// The ferry app without its flow-initiator route: it starts no flow that a link completes.
  public static let ferryWithoutFlow = AdopterCase(
    name: "the ferry app with no flow-initiator route",
    contract: Contract.ferry.replacing(
      routeClasses: Contract.ferry.routeClasses.filter { $0.authority.requirement.admits != .flowInitiator }))

  /// The adopters with a disabled route class: the Customer App and the ferry with one.
  public static let disabling = [customerApp, ferryWithDisabledRoute]

  /// The three adopters.
  public static let three = [customerApp, design, ferry]
  /// The three adopters and the ferry with a resource scope of its own.
  public static let scoped = three + [ferryWithFleet]
  /// The three adopters and the manifest-only variant.
  public static let all = three + [manifestOnly]
}
