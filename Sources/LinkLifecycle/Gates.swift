import LinkContract

extension RouteClass {
  /// Whether the server must authorize the target before the destination mounts: every route
  /// that names a server resource. A start link names none; a route that completes a flow the
  /// app started belongs to that flow.
  public var needsAuthorization: Bool {
    authority.requirement.admits != .flowInitiator && !fields.isEmpty
  }

  /// Whether navigation queues and gates this route, rather than handing it straight to the
  /// flow the app started or to the fallback. A disabled route never is: its destination is
  /// never presented from a link.
  public var isNavigationIntent: Bool {
    authority.requirement.admits != .flowInitiator && !carriers.isEmpty && !publication.isDisabled
  }

  /// Whether one of this route's gates is passed by signing in.
  public var needsSignIn: Bool { gates.contains { $0.kind == .signIn } }

  /// The first of this route's gates that `context` has not passed, in the contract's order.
  public func outstandingGate(in context: AppContext) -> Gate? {
    gates.first { gate in
      switch gate.kind {
      case .signIn:
        switch (authority.requirement.admits, context.identity) {
        case (_, .account), (.flowInitiator, _): false
        case (.anyone, .guest), (.accountOrAuthorizedGuest, .guest): false
        case (.accountOrGrant, .guest): !context.holdsGrant
        case (.account, .guest), (_, .signedOut): true
        }
      case .account: context.isSignedIn && context.outstandingGates.contains(gate)
      case .device: context.outstandingGates.contains(gate)
      }
    }
  }

  /// The gate rule in readers' words: who may open it, as its requirement's title says, and its gates.
  public var gateSummary: String {
    let names = gates.map(\.title).joined(separator: ", ")
    let who = "\(authority.requirement.title) may open it"
    return gates.isEmpty ? "\(who); no gate." : "\(who); gates, in order: \(names)."
  }
}
