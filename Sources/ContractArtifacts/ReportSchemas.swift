import LinkContract

// The reports of `validate` and `diff` are written by AssociationChecks, but their schemas are
// site files: the ids and versions the schemas list are declared here, beside them (as the
// audit's are in ReleaseCheckSchemas.swift), so that the site build needs nothing of the checks.

/// The version of the `validate --format json` report; bump on an incompatible change.
/// 2: each message's `id` and `path`.
public let validateReportSchemaVersion = 2

/// The version of the `diff --format json` report; bump on an incompatible change.
/// 2: a `new-invalid` change's `after` lists the new file's errors as diagnostics.
/// 3: build value changes (`host-changed`, ...) and their `cutovers`.
public let diffReportSchemaVersion = 3

/// How a file given to `validate` was read, before any rule was applied.
public enum FileReadProblem: String, Sendable, Hashable, CaseIterable {
  case notFound = "not-found"
  case directory = "directory"
  case notRegularFile = "not-regular-file"
  case unreadable = "unreadable"

  /// The sentence printed after the path.
  public func text(_ detail: String) -> String {
    switch self {
    case .notFound: "no such file"
    case .directory: "is a directory, not a file"
    case .notRegularFile: "is not a regular file (\(detail)); only regular files are read"
    case .unreadable: "cannot be read: \(detail)"
    }
  }

  /// The id of the diagnostic that reports it.
  public var id: DiagnosticID {
    switch self {
    case .notFound: .fileNotFound
    case .directory: .fileIsDirectory
    case .notRegularFile: .fileNotRegular
    case .unreadable: .fileUnreadable
    }
  }
}

/// What kind of difference a change is: stable kebab-case ids, listed in `--format json` and
/// in `Site/schema/diff-report.schema.json`.
public enum ChangeKind: String, Sendable, Hashable, CaseIterable {
  case fileAdded = "file-added"
  case fileRemoved = "file-removed"
  case unreadable
  case newInvalid = "new-invalid"
  case newOversized = "new-oversized"
  case formatting
  // apple-app-site-association
  case appIDAdded = "app-id-added"
  case appIDRemoved = "app-id-removed"
  case defaultsChanged = "defaults-changed"
  case substitutionVariableChanged = "substitution-variable-changed"
  case componentAdded = "component-added"
  case componentRemoved = "component-removed"
  case componentMoved = "component-moved"
  case commentChanged = "comment-changed"
  case claimChanged = "claim-changed"
  /// The matcher's bound ran out: the claims of the links left were not compared.
  case claimsUnchecked = "claims-unchecked"
  case webcredentialsAppAdded = "webcredentials-app-added"
  case webcredentialsAppRemoved = "webcredentials-app-removed"
  case appclipsAppAdded = "appclips-app-added"
  case appclipsAppRemoved = "appclips-app-removed"
  case activitycontinuationAppAdded = "activitycontinuation-app-added"
  case activitycontinuationAppRemoved = "activitycontinuation-app-removed"
  // assetlinks.json
  case packageAdded = "package-added"
  case packageRemoved = "package-removed"
  case fingerprintAdded = "fingerprint-added"
  case fingerprintRemoved = "fingerprint-removed"
  case certificateRotated = "certificate-rotated"
  case fingerprintReformatted = "fingerprint-reformatted"
  case relationAdded = "relation-added"
  case relationRemoved = "relation-removed"
  case siteAdded = "site-added"
  case siteRemoved = "site-removed"
  case includeAdded = "include-added"
  case includeRemoved = "include-removed"
  case dynamicComponentAdded = "dynamic-component-added"
  case dynamicComponentRemoved = "dynamic-component-removed"
  case dynamicComponentMoved = "dynamic-component-moved"
  // native snippets
  case allowedSchemeAdded = "allowed-scheme-added"
  case allowedSchemeRemoved = "allowed-scheme-removed"
  case lineAdded = "line-added"
  case lineRemoved = "line-removed"
  // build values (contract.json): each comes with a cutover plan
  case hostChanged = "host-changed"
  case schemeChanged = "scheme-changed"
  case appIDChanged = "app-id-changed"
  case packageChanged = "package-changed"
  case fingerprintChanged = "fingerprint-changed"
}

/// When a step of a cutover ships, in order.
public enum CutoverPhase: String, Sendable, Hashable, CaseIterable {
  /// What the servers hold: the new value served beside the old, then checked.
  case serveBoth = "serve-both"
  /// The new app binaries, on both platforms.
  case shipBinaries = "ship-binaries"
  /// The runbook's checks.
  case updateRunbook = "update-runbook"
  /// Once installed apps have updated: the old value goes.
  case retireOld = "retire-old"

  public var title: String {
    switch self {
    case .serveBoth: "Serve both, and verify, before any binary ships"
    case .shipBinaries: "Ship new binaries on iOS and Android"
    case .updateRunbook: "Update the release runbook"
    case .retireOld: "Retire the old value once installed apps have updated"
    }
  }
}

/// JSON Schemas (draft 2020-12) of the `--format json` reports of `validate`, `diff` and
/// `check`, generated from the same enumerations the reports use, published under
/// `Site/schema/`.
public enum ReportSchemas {
  /// Every schema as a site file.
  public static func artifacts() -> [Artifact] {
    [
      Artifact(path: "Site/schema/validate-report.schema.json", contents: validate.pretty),
      Artifact(path: "Site/schema/diff-report.schema.json", contents: diff.pretty),
      Artifact(path: "Site/schema/check-report.schema.json", contents: check.pretty),
    ]
  }

  static func type(_ names: String...) -> JSON {
    .object([("type", names.count == 1 ? .string(names[0]) : .array(names.map(JSON.string)))])
  }

  static func strings(_ values: [String], nullable: Bool = false) -> JSON {
    .object([("enum", .array(values.map(JSON.string) + (nullable ? [.null] : [])))])
  }

  static func object(_ properties: [(String, JSON)]) -> JSON { Schema.object(properties) }
  static func array(_ items: JSON) -> JSON { Schema.array(items) }
  static func document(_ id: String, _ title: String, _ body: [(String, JSON)]) -> JSON {
    Schema.document(id: id, title: title, body)
  }

  static let version: JSON = .object([("const", .int(1))])
  static func version(_ number: Int) -> JSON { .object([("const", .int(number))]) }
  static let count: JSON = .object([("type", .string("integer")), ("minimum", .int(0))])

  /// `linkcontract validate --format json`.
  public static let validate = document(
    "validate-report.schema.json", "validate report",
    [
      ("schemaVersion", version(validateReportSchemaVersion)),
      (
        "files",
        array(
          object([
            ("path", type("string")),
            ("kind", strings(AssociationKind.allCases.map(\.rawValue), nullable: true)),
            ("kindFrom", strings(["name", "option", "content"], nullable: true)),
            ("bytes", type("integer", "null")),
            ("verdict", strings(["valid", "invalid", "unreadable"])),
            ("readProblem", strings(FileReadProblem.allCases.map(\.rawValue), nullable: true)),
            ("errors", count), ("warnings", count),
            ("messages", array(Diagnostic.schema)),
          ]))
      ),
      ("summary", object([("valid", count), ("invalid", count), ("unreadable", count)])),
    ])

  /// `linkcontract diff --format json`.
  public static let diff = document(
    "diff-report.schema.json", "diff report",
    [
      ("schemaVersion", version(diffReportSchemaVersion)),
      (
        "changes",
        array(
          object([
            ("kind", strings(ChangeKind.allCases.map(\.rawValue))),
            ("file", type("string")),
            ("build", type("string", "null")),
            ("route", type("string", "null")),
            ("apps", array(type("string"))),
            ("detail", type("string")),
            ("before", .object([])),
            ("after", .object([])),
            ("triggers", array(strings(RevalidationID.releaseChecks.map(\.rawValue)))),
          ]))
      ),
      (
        "cutovers",
        array(
          object([
            ("build", type("string")),
            ("kind", strings(ChangeKind.allCases.map(\.rawValue))),
            ("before", array(type("string"))),
            ("after", array(type("string"))),
            ("triggers", array(strings(RevalidationID.releaseChecks.map(\.rawValue)))),
            ("consequences", array(type("string"))),
            (
              "steps",
              array(
                object([
                  ("order", type("integer")),
                  ("phase", strings(CutoverPhase.allCases.map(\.rawValue))),
                  ("spot", type("string", "null")),
                  ("place", type("string")),
                  ("key", type("string")),
                  ("before", array(type("string"))),
                  ("after", array(type("string"))),
                  ("command", type("string", "null")),
                ]))
            ),
          ]))
      ),
      (
        "triggers",
        array(object([("id", strings(RevalidationID.releaseChecks.map(\.rawValue))), ("when", type("string"))]))
      ),
    ])

  /// `linkcontract check --format json`.
  public static let check = document(
    "check-report.schema.json", "check report",
    [
      ("schemaVersion", version),
      (
        "files",
        array(
          object([
            ("path", type("string")),
            ("status", strings(["stale", "missing", "unexpected"])),
            ("diff", type("string", "null")),
          ]))
      ),
      ("summary", object([("current", count), ("stale", count), ("missing", count), ("unexpected", count)])),
    ])
}
