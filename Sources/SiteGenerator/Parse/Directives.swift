import LinkContract
import LinkLifecycle
import LinkParser

/// The words of a fenced block opened with `contract NAME [ARGS]`.
struct DirectiveCall {
  let name: String
  let arguments: [String]

  init?(info: String) {
    guard info.mayStartWith(UInt8(ascii: "c")) else { return nil }
    let words = info.words.map(String.init)
    guard words.first == "contract" else { return nil }
    name = words.count > 1 ? words[1] : ""
    arguments = Array(words.dropFirst(2))
  }
}

/// Ids of the anchors directives generate, so that links can name them.
enum DirectiveAnchor {
  static func route(_ id: RouteClassID) -> String { "route-\(id.rawValue)" }
  static func reason(_ reason: RejectionReason) -> String { "reason-\(reason.rawValue)" }
  static func stage(_ id: StageID) -> String { "stage-\(id.rawValue)" }
  static func symptom(_ id: SymptomID) -> String { "symptom-\(id.rawValue)" }
  static func layer(_ id: LayerID) -> String { "layer-\(id.rawValue)" }
  static func verification(_ id: VerificationID) -> String { "verify-\(id.rawValue)" }
  static func revalidation(_ id: RevalidationID) -> String { "revalidate-\(id.rawValue)" }
  static func build(_ name: String) -> String { "build-\(name)" }
  static func association(_ name: String) -> String { "association-\(name)" }
}

/// A block of generated material, checked when the page is read.
enum Directive: Sendable, Hashable {
  case layers
  case routeClasses
  case route(RouteClassID)
  /// Every route class, each as a section with its facts and checked examples.
  case routes
  /// One checked example link for each rejection reason.
  case reasonExamples
  /// Each kind of reference with its prefix and a reserved documentation value.
  case references
  case rejectionReasons
  case forbiddenFields
  case handlingStages
  case gates
  case troubleshooting
  case verification
  case revalidation
  case builds
  case association(String)
  case conformance
  case lifecycle
  /// The link checker's form: a build chooser, a link, and the outcome `check.js` writes.
  case linkChecker

  static let names: [String] = contractBlockNames

  /// The directive a call names, or a message saying what is wrong with it.
  static func parse(_ call: DirectiveCall, contract: Contract) -> Result<Directive, DirectiveError> {
    func noArguments(_ directive: Directive) -> Result<Directive, DirectiveError> {
      call.arguments.isEmpty
        ? .success(directive)
        : .failure(
          .init(
            "`contract \(call.name)` takes no arguments, got `\(Printed.excerpt(call.arguments.joined(separator: " ")))`"
          ))
    }
    guard let kind = BlockKind(rawValue: call.name) else {
      guard !call.name.isEmpty else {
        return .failure(.init("`contract` block without a name (known: \(names.joined(separator: ", ")))"))
      }
      return .failure(
        .init(
          "unknown contract block `\(Printed.excerpt(call.name))` \(Suggestion.known(call.name, among: names))",
          fixIts: Suggestion.fixIts(call.name, among: names)))
    }
    switch kind {
    case .layers: return noArguments(.layers)
    case .routeClasses: return noArguments(.routeClasses)
    case .routes: return noArguments(.routes)
    case .reasonExamples: return noArguments(.reasonExamples)
    case .references: return noArguments(.references)
    case .rejectionReasons: return noArguments(.rejectionReasons)
    case .forbiddenFields: return noArguments(.forbiddenFields)
    case .handlingStages: return noArguments(.handlingStages)
    case .gates: return noArguments(.gates)
    case .troubleshooting: return noArguments(.troubleshooting)
    case .verification: return noArguments(.verification)
    case .revalidation: return noArguments(.revalidation)
    case .builds: return noArguments(.builds)
    case .conformance: return noArguments(.conformance)
    case .lifecycle: return noArguments(.lifecycle)
    case .linkChecker: return noArguments(.linkChecker)
    case .route:
      let known = contract.routeClasses.map(\.id.rawValue)
      guard call.arguments.count == 1 else {
        return .failure(.init("`contract route` takes one route class id (\(known.joined(separator: ", ")))"))
      }
      guard let route = contract.routeClasses.first(where: { $0.id.rawValue == call.arguments[0] }) else {
        return .failure(
          .init(
            "unknown route class `\(Printed.excerpt(call.arguments[0]))` \(Suggestion.known(call.arguments[0], among: known))",
            fixIts: Suggestion.fixIts(call.arguments[0], among: known)))
      }
      return .success(.route(route.id))
    case .association:
      let known = contract.builds.map(\.name)
      guard call.arguments.count == 1 else {
        return .failure(.init("`contract association` takes one build name (\(known.joined(separator: ", ")))"))
      }
      guard contract.build(named: call.arguments[0]) != nil else {
        return .failure(
          .init(
            "unknown build `\(Printed.excerpt(call.arguments[0]))` \(Suggestion.known(call.arguments[0], among: known))",
            fixIts: Suggestion.fixIts(call.arguments[0], among: known)))
      }
      return .success(.association(call.arguments[0]))
    }
  }

  /// Whether other pages link to the anchors this block generates, so that it may appear on
  /// one page only; a block that only lists (the route class table, the forbidden words, the
  /// gates, the conformance table) may be repeated, its links pointing at the owning pages.
  var definesAnchors: Bool {
    switch self {
    case .routeClasses, .forbiddenFields, .gates, .conformance: false
    case .layers, .route, .routes, .reasonExamples, .references, .rejectionReasons, .handlingStages, .troubleshooting,
      .verification, .revalidation, .builds, .association, .lifecycle, .linkChecker:
      true
    }
  }

  /// The anchors this directive puts on its page.
  func anchors(_ contract: Contract) -> Set<String> {
    switch self {
    case .layers: Set(contract.layers.map { DirectiveAnchor.layer($0.id) })
    case .routeClasses: ["route-classes-table"]
    case .route(let id): [DirectiveAnchor.route(id)]
    case .routes: Set(contract.routeClasses.map { DirectiveAnchor.route($0.id) })
    case .reasonExamples: ["reason-examples"]
    case .references: ["references-table"]
    case .rejectionReasons: Set(contract.rejectionRules.map { DirectiveAnchor.reason($0.reason) })
    case .forbiddenFields: ["forbidden-fields"]
    case .handlingStages:
      Set(contract.stages.map { DirectiveAnchor.stage($0.id) }).union([
        "handling-sequence-diagram", "handling-sequence-title", "arrow",
      ])
    case .gates: ["gates-table"]
    case .troubleshooting: Set(contract.troubleshooting.map { DirectiveAnchor.symptom($0.id) })
    case .verification: Set(contract.verification.map { DirectiveAnchor.verification($0.id) })
    case .revalidation: Set(contract.revalidation.map { DirectiveAnchor.revalidation($0.id) })
    case .builds: Set(contract.builds.map { DirectiveAnchor.build($0.name) })
    case .association(let build): [DirectiveAnchor.association(build)]
    case .conformance: ["conformance-table"]
    case .linkChecker: ["link-checker", "check-form", "check-build", "check-link", "outcome"]
    case .lifecycle:
      Set(
        ["lifecycle-states", "lifecycle-coverage", "lifecycle-states-title", "state-arrow"]
          + Scenarios.all(contract).map { "scenario-\($0.id)" })
    }
  }
}

/// The kinds of `contract` block, each named once: `Directive.parse` switches over them, so a
/// kind added here is read, and its directive's anchors and render are switches the compiler
/// holds complete.
enum BlockKind: String, CaseIterable {
  case layers
  case routeClasses = "route-classes"
  case route
  case routes
  case rejectionReasons = "rejection-reasons"
  case reasonExamples = "reason-examples"
  case forbiddenFields = "forbidden-fields"
  case handlingStages = "handling-stages"
  case gates
  case troubleshooting
  case verification
  case revalidation
  case builds
  case association
  case conformance
  case lifecycle
  case references
  case linkChecker = "link-checker"
}

/// The names a `contract` block can have, in the order errors list them.
public let contractBlockNames = BlockKind.allCases.map(\.rawValue)

struct DirectiveError: Error {
  let message: String
  /// The nearest known name, for a mistyped one.
  let fixIts: [FixIt]
  init(_ message: String, fixIts: [FixIt] = []) {
    self.message = message
    self.fixIts = fixIts
  }
}
