import LinkContract
import LinkParser

/// The Ordering service as the coordinator sees it: it authorizes one target for one binding.
public protocol OrderingService {
  mutating func authorize(_ request: AuthorizationRequest) -> AuthorizationAnswer
}

/// Where destinations mount. Mounting takes an `AuthorizedTarget`, which only the coordinator
/// makes, so a destination cannot start a read or a mutation for a target nobody authorized.
public protocol DestinationPort {
  mutating func mount(_ target: AuthorizedTarget)
}

/// A read or a mutation a destination performs.
public struct DestinationAccess: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable {
    case read
    case mutation
  }

  public let kind: Kind
  /// What is read or changed, such as `cart ca_0000Cart00000001` or `checkout provider session`.
  public let resource: String
  public let target: AuthorizedTarget

  public init(kind: Kind, resource: String, target: AuthorizedTarget) {
    self.kind = kind
    self.resource = resource
    self.target = target
  }
}

/// An inert destination: it performs nothing and records every read a real destination would
/// make on mounting (the references the link names, then the route class's automatic reads),
/// with the authorization that cleared it.
public struct InertDestinationRecorder: DestinationPort, Sendable {
  public let contract: Contract
  public private(set) var accesses: [DestinationAccess] = []

  public init(contract: Contract) { self.contract = contract }

  public mutating func mount(_ target: AuthorizedTarget) {
    for resource in Self.reads(of: target.route, in: contract) {
      accesses.append(DestinationAccess(kind: .read, resource: resource, target: target))
    }
  }

  /// The reads a destination starts when it mounts: each field's resource, then the route
  /// class's automatic reads.
  public static func reads(of route: Route, in contract: Contract) -> [String] {
    route.fields.map { "\($0.name) \($0.value)" } + (contract.routeClass(route.routeClass)?.automaticReads ?? [])
  }
}

/// One thing the handling session did, in order, so that tests can prove what came first.
public enum HandlingRecord: Sendable, Hashable {
  case asked(AuthorizationRequest)
  case answered(request: Int, AuthorizationAnswer)
  case mounted(AuthorizedTarget)
}

/// The coordinator wired to an Ordering service and a destination port: authorization requests
/// go to Ordering at once, and authorized targets are mounted.
public struct LinkHandlingSession<Ordering: OrderingService, Destination: DestinationPort> {
  public private(set) var coordinator: IntentCoordinator
  public private(set) var ordering: Ordering
  public private(set) var destination: Destination
  public private(set) var records: [HandlingRecord] = []

  public init(coordinator: IntentCoordinator, ordering: Ordering, destination: Destination) {
    self.coordinator = coordinator
    self.ordering = ordering
    self.destination = destination
  }

  /// Handles one app event, and the Ordering answers it leads to.
  public mutating func handle(_ event: LifecycleEvent) -> [Observation] {
    var observations = coordinator.handle(event)
    var index = 0
    while index < observations.count {
      switch observations[index] {
      case .requestAuthorization(_, let number):
        if let request = coordinator.outstandingRequest, request.number == number {
          records.append(.asked(request))
          let answer = ordering.authorize(request)
          records.append(.answered(request: number, answer))
          observations += coordinator.handle(.authorizationAnswered(request: number, answer))
        }
      case .show(.destination):
        if let target = coordinator.lastAuthorizedTarget {
          records.append(.mounted(target))
          destination.mount(target)
        }
      default: break
      }
      index += 1
    }
    return observations
  }
}
