/// A kind of server-issued opaque reference.
public struct ReferenceKind: Sendable, Hashable {
  /// The field name that carries it, such as `business`.
  public let field: String
  /// The prefix, underscore included, such as `bz_`.
  public let prefix: String

  /// A kind of reference: the field that carries it and its prefix.
  public init(field: String, prefix: String) {
    self.field = field
    self.prefix = prefix
  }
}

/// Identifies a responsibility layer: a stable kebab-case id the contract declares with the
/// layer (`Layer(id: "parser", ...)`).
public struct LayerID: ContractID {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }
}

/// A layer of responsibility between a tapped link and a destination.
public struct Layer: Sendable, Hashable {
  /// The layer's stable id, which stages name.
  public let id: LayerID
  /// The layer's name in readers' words (`Phone system`).
  public let title: String
  /// What the layer is responsible for, in a sentence.
  public let responsibility: String
  /// What the layer's success does not prove about the later ones.
  public let doesNotProve: String
  /// Where this value is written.
  public let source: SourceLocation

  /// A layer declared at this line of the app's values.
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
  /// The platform hands the link to the app (or to the browser).
  case delivery
  /// The app's parser reads the link into one route class, or refuses it with one reason.
  case parse
  /// The gates before the destination: sign-in, account and device prerequisites.
  case readiness
  /// The server decides whether this user may see or act on what the link names.
  case authorization
  /// The destination shows its loading, available, unavailable or error state.
  case presentation
  /// The destination's own effects, which nothing in the link authorizes.
  case completion
}

/// One stage of handling a link. A later stage is never inferred from an earlier one.
public struct HandlingStage: Sendable, Hashable {
  /// Which stage this is.
  public let id: StageID
  /// The stage's name in readers' words.
  public let title: String
  /// What a successful stage gives the next one.
  public let expectedResult: String
  /// Who owns a failure at this stage: a team or a role.
  public let failureOwner: String
  /// The layer that carries out this stage.
  public let layer: LayerID
  /// Where this value is written.
  public let source: SourceLocation

  /// A stage declared at this line of the app's values.
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
public struct SymptomID: ContractID {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }
}

/// A row of the troubleshooting matrix: what is seen, how to read it, what to do next.
public struct TroubleshootingRow: Sendable, Hashable {
  /// The row's stable id, which rejection rules point at.
  public let id: SymptomID
  /// What a user or tester sees.
  public let observation: String
  /// What it may mean.
  public let interpretation: String
  /// What to do next.
  public let nextAction: String
  /// The stage whose failure this observation points at.
  public let stage: StageID
  /// Where this value is written.
  public let source: SourceLocation

  /// A row declared at this line of the app's values.
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
  /// The reason this rule explains.
  public let reason: RejectionReason
  /// When the reason applies, in readers' words.
  public let when: String
  /// The troubleshooting row a reader of this rejection goes to.
  public let troubleshooting: SymptomID
  /// Whether a link rejected for this reason is a security event whose values are never echoed.
  public let isSecurityEvent: Bool
  /// Where this value is written.
  public let source: SourceLocation

  /// The rule for `reason`, declared at this line of the app's values.
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

/// Identifies an item of the isolated verification checklist: a stable kebab-case id the app
/// declares with the item (`VerificationItem(id: "offline-mode", ...)`). The lifecycle model's
/// scenarios cover the eight ids of `lifecycleModel`, which keep their ids; an app's own items
/// are covered by none.
public struct VerificationID: ContractID {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  /// Every route class, recognized and refused.
  public static let routeClasses: VerificationID = "route-classes"
  /// Complete, missing, extra and malformed input.
  public static let inputShapes: VerificationID = "input-shapes"
  /// Each gate, passed and not.
  public static let gates: VerificationID = "gates"
  /// A change of account, session or scope between the link and its destination.
  public static let generations: VerificationID = "generations"
  /// Cold start, warm start and a link that arrives during another.
  public static let deliveryTiming: VerificationID = "delivery-timing"
  /// Unknown and unauthorized targets look the same.
  public static let noExistenceLeak: VerificationID = "no-existence-leak"
  /// Back and close lead somewhere safe.
  public static let safeReturn: VerificationID = "safe-return"
  /// Nothing changes before authorization.
  public static let noMutationBeforeAuthorization: VerificationID = "no-mutation-before-authorization"

  /// The items the lifecycle model's scenarios cover, in checklist order: their ids are fixed.
  public static let lifecycleModel: [VerificationID] = [
    .routeClasses, .inputShapes, .gates, .generations, .deliveryTiming, .noExistenceLeak, .safeReturn,
    .noMutationBeforeAuthorization,
  ]
}

/// An item an approved verification without live effects must cover.
public struct VerificationItem: Sendable, Hashable {
  /// Which item this is.
  public let id: VerificationID
  /// What the verification covers for this item, in the app's words.
  public let covers: String
  /// Where this value is written.
  public let source: SourceLocation

  /// An item declared at this line of the app's values.
  public init(id: VerificationID, covers: String, file: String = #filePath, line: Int = #line) {
    self.source = SourceLocation(file: file, line: line)
    self.id = id
    self.covers = covers
  }
}

/// Identifies a change that calls for the isolated review to be repeated: a stable kebab-case id
/// the app declares with the trigger (`RevalidationTrigger(id: "routes-or-inputs", ...)`). The
/// release checks (`diff`, `verify-host`, the cutover plans) name the three of `releaseChecks`,
/// whose ids are fixed; every other trigger is the app's own.
public struct RevalidationID: ContractID {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  /// The custom scheme's registration changed.
  public static let nativeSchemeRegistration: RevalidationID = "native-scheme-registration"
  /// The association files claim a different set of links or apps.
  public static let associationClaims: RevalidationID = "association-claims"
  /// An Android signing certificate was added, removed or rotated.
  public static let signingCertificate: RevalidationID = "signing-certificate"

  /// The triggers the release checks report, in this order: their ids are fixed.
  public static let releaseChecks: [RevalidationID] = [
    .nativeSchemeRegistration, .associationClaims, .signingCertificate,
  ]
}

/// A change that calls for the isolated review to be repeated.
public struct RevalidationTrigger: Sendable, Hashable {
  /// Which trigger this is.
  public let id: RevalidationID
  /// The change that calls for the review again, in the app's words.
  public let when: String
  /// Where this value is written.
  public let source: SourceLocation

  /// A trigger declared at this line of the app's values.
  public init(id: RevalidationID, when: String, file: String = #filePath, line: Int = #line) {
    self.source = SourceLocation(file: file, line: line)
    self.id = id
    self.when = when
  }
}
