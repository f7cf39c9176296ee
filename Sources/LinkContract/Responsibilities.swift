/// A kind of server-issued opaque reference.
public struct ReferenceKind: Sendable, Hashable {
  /// The field name that carries it, such as `business`.
  public let field: String
  /// The prefix, underscore included, such as `bz_`.
  public let prefix: String

  public init(field: String, prefix: String) {
    self.field = field
    self.prefix = prefix
  }
}

/// Identifies a responsibility layer: a stable kebab-case id the contract declares with the
/// layer (`Layer(id: "parser", ...)`).
public struct LayerID: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { self.rawValue = value }

  public var description: String { rawValue }
}

/// A layer of responsibility between a tapped link and a destination.
public struct Layer: Sendable, Hashable {
  public let id: LayerID
  public let title: String
  public let responsibility: String
  public let doesNotProve: String
  /// Where this value is written.
  public let source: SourceLocation

  public init(
    id: LayerID, title: String, responsibility: String, doesNotProve: String, file: String = #filePath,
    line: Int = #line
  ) {
    self.source = SourceLocation(file: file, line: line)
    self.id = id
    self.title = title
    self.responsibility = responsibility
    self.doesNotProve = doesNotProve
  }
}

/// Identifies a handling stage.
public enum StageID: String, Sendable, Hashable, CaseIterable, DeclarationOrdered {
  case delivery
  case parse
  case readiness
  case authorization
  case presentation
  case completion
}

/// One stage of handling a link. A later stage is never inferred from an earlier one.
public struct HandlingStage: Sendable, Hashable {
  public let id: StageID
  public let title: String
  public let expectedResult: String
  public let failureOwner: String
  /// The layer that carries out this stage.
  public let layer: LayerID
  /// Where this value is written.
  public let source: SourceLocation

  public init(
    id: StageID, title: String, expectedResult: String, failureOwner: String, layer: LayerID, file: String = #filePath,
    line: Int = #line
  ) {
    self.source = SourceLocation(file: file, line: line)
    self.id = id
    self.title = title
    self.expectedResult = expectedResult
    self.failureOwner = failureOwner
    self.layer = layer
  }
}

/// Identifies a troubleshooting row: a stable kebab-case id the contract declares with the row
/// (`TroubleshootingRow(id: "app-does-not-open", ...)`), which rejection rules point at.
public struct SymptomID: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { self.rawValue = value }

  public var description: String { rawValue }
}

/// A row of the troubleshooting matrix: what is seen, how to read it, what to do next.
public struct TroubleshootingRow: Sendable, Hashable {
  public let id: SymptomID
  public let observation: String
  public let interpretation: String
  public let nextAction: String
  /// The stage whose failure this observation points at.
  public let stage: StageID
  /// Where this value is written.
  public let source: SourceLocation

  public init(
    id: SymptomID, observation: String, interpretation: String, nextAction: String,
    stage: StageID, file: String = #filePath, line: Int = #line
  ) {
    self.source = SourceLocation(file: file, line: line)
    self.id = id
    self.observation = observation
    self.interpretation = interpretation
    self.nextAction = nextAction
    self.stage = stage
  }
}

/// What a rejection reason means and where a reader looks next.
public struct RejectionRule: Sendable, Hashable {
  public let reason: RejectionReason
  /// When the reason applies, in readers' words.
  public let when: String
  public let troubleshooting: SymptomID
  /// Whether a link rejected for this reason is a security event whose values are never echoed.
  public let isSecurityEvent: Bool
  /// Where this value is written.
  public let source: SourceLocation

  public init(
    reason: RejectionReason, when: String, troubleshooting: SymptomID,
    isSecurityEvent: Bool = false, file: String = #filePath, line: Int = #line
  ) {
    self.source = SourceLocation(file: file, line: line)
    self.reason = reason
    self.when = when
    self.troubleshooting = troubleshooting
    self.isSecurityEvent = isSecurityEvent
  }
}

/// Identifies an item of the isolated verification checklist.
public enum VerificationID: String, Sendable, Hashable, CaseIterable {
  case routeClasses = "route-classes"
  case inputShapes = "input-shapes"
  case gates
  case generations
  case deliveryTiming = "delivery-timing"
  case noExistenceLeak = "no-existence-leak"
  case safeReturn = "safe-return"
  case noMutationBeforeAuthorization = "no-mutation-before-authorization"
}

/// An item an approved verification without live effects must cover.
public struct VerificationItem: Sendable, Hashable {
  public let id: VerificationID
  public let covers: String
  /// Where this value is written.
  public let source: SourceLocation

  public init(id: VerificationID, covers: String, file: String = #filePath, line: Int = #line) {
    self.source = SourceLocation(file: file, line: line)
    self.id = id
    self.covers = covers
  }
}

/// Identifies a change that calls for the isolated review to be repeated.
public enum RevalidationID: String, Sendable, Hashable, CaseIterable {
  case routesOrInputs = "routes-or-inputs"
  case nativeSchemeRegistration = "native-scheme-registration"
  case associationClaims = "association-claims"
  case signingCertificate = "signing-certificate"
  case destinationEffects = "destination-effects"
  case accountOrProjectGates = "account-or-project-gates"
  case notificationRouting = "notification-routing"
  case unsupportedFallback = "unsupported-fallback"
}

/// A change that calls for the isolated review to be repeated.
public struct RevalidationTrigger: Sendable, Hashable {
  public let id: RevalidationID
  public let when: String
  /// Where this value is written.
  public let source: SourceLocation

  public init(id: RevalidationID, when: String, file: String = #filePath, line: Int = #line) {
    self.source = SourceLocation(file: file, line: line)
    self.id = id
    self.when = when
  }
}
