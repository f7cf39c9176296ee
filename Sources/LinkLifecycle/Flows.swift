import LinkContract

/// A flow the app starts outside itself (a sign-in in the system browser, a payment in another
/// app) that a link of one flow-initiator route class completes. Its words come from that route:
/// a sign-in's for the route that declares the app's OAuth callback, the route's title otherwise.
public struct AppFlow: Sendable, Hashable {
  /// The flow-initiator route class whose link completes the flow.
  public let route: RouteClassID
  /// A stable kebab-case id: `sign-in` for the OAuth callback, the route class's id otherwise.
  /// The event is `<id>-flow-started`, the screen `<id>-completion` and the drop reason `no-<id>-flow`.
  public let id: String
  /// The link that completes it, in readers' words: `sign-in callback` for a sign-in, `<title> link`
  /// otherwise.
  public let link: String
  /// Whether the flow is a sign-in: its route class declares the app's OAuth callback.
  public let isSignIn: Bool

  /// The flow that a link of `route` completes.
  public init(completedBy route: RouteClass) {
    self.route = route.id
    self.isSignIn = route.oauthCallback != nil
    self.id = isSignIn ? "sign-in" : route.id.rawValue
    self.link = isSignIn ? "sign-in callback" : route.title.lowercased() + " link"
  }
}

extension RouteClass {
  /// Whether a link of this route class completes a flow the app started, rather than asking
  /// navigation for a destination.
  public var completesFlow: Bool {
    authority.requirement.admits == .flowInitiator && !carriers.isEmpty && !publication.isDisabled
  }
}

extension Contract {
  /// The flows the app can start, one per route class that completes one, in route order; empty
  /// for an app with no flow-initiator route class.
  public var flows: [AppFlow] { routeClasses.filter(\.completesFlow).map(AppFlow.init(completedBy:)) }

  /// The flow a link of the route class `id` completes, if it completes one.
  public func flow(completedBy id: RouteClassID) -> AppFlow? { flows.first { $0.route == id } }

  /// Whether a route class is disabled, so that the lifecycle drops its intents (`route-disabled`).
  public var hasDisabledRoute: Bool { routeClasses.contains { $0.publication.isDisabled } }
}
