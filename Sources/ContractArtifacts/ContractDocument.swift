import LinkContract

// `Site/contract.json`: the contract as data for other platforms (builds, route classes with
// their forms and field formats, forbidden words, rejection reasons in order), with its JSON
// Schema and the contract's digest.

/// The version of the shape of `contract.json`; bumped when a member changes meaning or goes.
public let contractSchemaVersion = 1

/// The contract's digest: `sha256:` and the SHA-256, in lowercase hex, of the compact JSON
/// serialization of `contract.json` without its `schemaVersion` and `digest` members, keys in
/// the order written. Two contracts have the same
/// digest exactly when they publish the same data to other platforms.
public func contractDigest(_ contract: Contract) -> String {
  "sha256:" + SHA256.hex(contractData(contract).compact.utf8)
}

/// `contract.json`, as a JSON value: the schema version, the digest, then the data.
public func contractDocument(_ contract: Contract) -> JSON {
  guard case .object(let members) = contractData(contract) else { return .null }
  return .object(
    [("schemaVersion", .int(contractSchemaVersion)), ("digest", .string(contractDigest(contract)))] + members)
}

/// `contract.json` and its schema.
func contractDocumentArtifacts(_ contract: Contract) -> [Artifact] {
  [
    Artifact(path: "Site/contract.json", contents: contractDocument(contract).pretty),
    Artifact(path: "Site/schema/contract.schema.json", contents: contractSchema.pretty),
  ]
}

/// Everything `contract.json` says about the contract, in a fixed order.
private func contractData(_ contract: Contract) -> JSON {
  .object([
    ("generated", .string("by `linkcontract generate` (make generate); do not edit")),
    ("app", .string(contract.appName)),
    ("maximumLinkBytes", .int(contract.maximumLinkBytes)),
    ("reservedBodyPrefix", .string(contract.reservedBodyPrefix)),
    ("builds", .array(contract.builds.map(buildData))),
    ("routeClasses", .array(contract.routeClasses.map(routeData))),
    (
      "forbiddenWords",
      .object([
        ("rule", .string(ForbiddenWords.rule)),
        (
          "kinds",
          .array(
            contract.forbiddenKeys.groups.map { group in
              .object([
                ("kind", .string(group.kind.rawValue)), ("title", .string(group.kind.title)),
                ("words", .array(group.words.map(JSON.string))),
              ])
            })
        ),
      ])
    ),
    (
      "rejectionReasons",
      .array(
        contract.rejectionRules.sorted { $0.reason < $1.reason }.map { rule in
          .object([
            ("reason", .string(rule.reason.rawValue)), ("when", .string(rule.when)),
            ("namesField", .bool(rule.reason.namesField)), ("securityEvent", .bool(rule.isSecurityEvent)),
          ])
        })
    ),
  ])
}

private func buildData(_ build: Build) -> JSON {
  .object([
    ("name", .string(build.name)),
    ("webHost", .string(build.webHost)),
    ("teamId", .string(build.teamID)),
    ("bundleId", .string(build.bundleID)),
    ("appId", .string(build.appID)),
    ("androidPackage", .string(build.androidPackage)),
    ("customScheme", .string(build.customScheme)),
    ("androidCertificateFingerprints", .array(build.androidCertificateFingerprints.map(JSON.string))),
    ("oauthCallback", .string(build.oauthCallback)),
  ])
}

private func routeData(_ route: RouteClass) -> JSON {
  let pathFields = (route.httpsPath ?? []).compactMap { segment -> Field? in
    if case .field(let field) = segment { return field }
    return nil
  }
  let queryFields = route.query.fields
  func fieldData(_ field: Field, in place: String) -> JSON {
    .object([
      ("name", .string(field.name)), ("in", .string(place)), ("format", formatData(field.format)),
      ("summary", .string(field.format.summary)), ("meaning", .string(field.meaning)),
    ])
  }
  let query: JSON =
    switch route.query {
    case .none: .object([("rule", .string("none"))])
    case .exactlyOne(let fields):
      .object([("rule", .string("exactly-one")), ("fields", .array(fields.map { .string($0.name) }))])
    }
  let publication: JSON =
    switch route.publication {
    case .published: .object([("kind", .string("published"))])
    case .excluded(let because): .object([("kind", .string("excluded")), ("because", .string(because))])
    case .notAnAppLink(let because): .object([("kind", .string("not-an-app-link")), ("because", .string(because))])
    case .neverClaimed: .object([("kind", .string("never-claimed"))])
    }
  let sensitivity = route.sensitivity.map(\.json) ?? .null
  let segments: JSON =
    route.httpsPath.map { path in
      .array(
        path.map { segment in
          switch segment {
          case .literal(let text): .object([("literal", .string(text))])
          case .field(let field): .object([("field", .string(field.name))])
          }
        })
    } ?? .null
  return .object([
    ("id", .string(route.id.rawValue)),
    ("title", .string(route.title)),
    ("carriers", .array(route.carriers.map { .string($0.rawValue) })),
    ("httpsPattern", route.httpsPattern.map(JSON.string) ?? .null),
    ("httpsPath", segments),
    ("customSchemeName", route.customSchemeName.map(JSON.string) ?? .null),
    ("fields", .array(pathFields.map { fieldData($0, in: "path") } + queryFields.map { fieldData($0, in: "query") })),
    ("query", query),
    ("publication", publication),
    ("sensitivity", sensitivity),
    (
      "authority",
      .object([
        ("requirement", .string(route.authority.requirement.rawValue)), ("needs", .string(route.authority.needs)),
      ])
    ),
    ("gates", .array(route.gates.map { .string($0.rawValue) })),
    ("boundary", .string(route.boundary)),
    ("destination", .string(route.destination)),
  ])
}

private func formatData(_ format: FieldFormat) -> JSON {
  func range(_ bounds: ClosedRange<Int>) -> JSON {
    .object([("min", .int(bounds.lowerBound)), ("max", .int(bounds.upperBound))])
  }
  return switch format {
  case .reference(let prefix, let bodyLength):
    .object([
      ("kind", .string("reference")), ("prefix", .string(prefix)), ("bodyAlphabet", .string("[0-9A-Za-z]")),
      ("bodyLength", range(bodyLength)),
    ])
  case .base64url(let length):
    .object([("kind", .string("base64url")), ("alphabet", .string("[A-Za-z0-9_-]")), ("length", range(length))])
  case .enumeration(let values):
    .object([("kind", .string("enumeration")), ("values", .array(values.map(JSON.string)))])
  }
}

// MARK: - The schema

/// `Site/schema/contract.schema.json`, JSON Schema draft 2020-12. It uses only `type`,
/// `required`, `properties`, `additionalProperties`, `items`, `enum`, `pattern`, `const`,
/// `minimum`, `minItems` and `oneOf`, so that a small checker on any platform can apply it.
public let contractSchema: JSON = {
  func string(_ pattern: String? = nil) -> JSON {
    .object([("type", .string("string"))] + (pattern.map { [("pattern", .string($0))] } ?? []))
  }
  func nullable(_ pattern: String? = nil) -> JSON {
    .object(
      [("type", .array([.string("string"), .string("null")]))] + (pattern.map { [("pattern", .string($0))] } ?? []))
  }
  func integer(minimum: Int) -> JSON { .object([("type", .string("integer")), ("minimum", .int(minimum))]) }
  let boolean: JSON = .object([("type", .string("boolean"))])
  func array(_ items: JSON, minItems: Int = 0) -> JSON {
    .object([("type", .string("array")), ("items", items)] + (minItems > 0 ? [("minItems", .int(minItems))] : []))
  }
  func enumeration(_ values: [String]) -> JSON { .object([("enum", .array(values.map(JSON.string)))]) }
  func constant(_ value: String) -> JSON { .object([("const", .string(value))]) }
  func object(_ properties: [(String, JSON)], optional: Set<String> = [], description: String? = nil) -> JSON {
    var members: [(String, JSON)] = [("type", .string("object"))]
    if let description { members.append(("description", .string(description))) }
    members += [
      ("required", .array(properties.map(\.0).filter { !optional.contains($0) }.map(JSON.string))),
      ("properties", .object(properties)),
      ("additionalProperties", .bool(false)),
    ]
    return .object(members)
  }
  let range = object([("min", integer(minimum: 0)), ("max", integer(minimum: 0))])
  let name = "^[a-z0-9]+(-[a-z0-9]+)*$"
  let format: JSON = .object([
    (
      "oneOf",
      .array([
        object([
          ("kind", constant("reference")), ("prefix", string("^[A-Za-z0-9]+_$")),
          ("bodyAlphabet", constant("[0-9A-Za-z]")),
          ("bodyLength", range),
        ]),
        object([("kind", constant("base64url")), ("alphabet", constant("[A-Za-z0-9_-]")), ("length", range)]),
        object([("kind", constant("enumeration")), ("values", array(string(), minItems: 1))]),
      ])
    )
  ])
  let publication: JSON = .object([
    (
      "oneOf",
      .array([
        object([("kind", constant("published"))]),
        object([("kind", constant("excluded")), ("because", string())]),
        object([("kind", constant("not-an-app-link")), ("because", string())]),
        object([("kind", constant("never-claimed"))]),
      ])
    )
  ])
  let query: JSON = .object([
    (
      "oneOf",
      .array([
        object([("rule", constant("none"))]),
        object([("rule", constant("exactly-one")), ("fields", array(string(), minItems: 1))]),
      ])
    )
  ])
  let sensitivity: JSON = .object([
    (
      "oneOf",
      .array([
        .object([("type", .string("null"))]),
        object([
          ("boundToAccount", boolean), ("boundToSessionGeneration", boolean), ("consumedOnce", boolean),
          ("freshnessSeconds", integer(minimum: 0)),
        ]),
      ])
    )
  ])
  let segments: JSON = .object([
    ("type", .array([.string("array"), .string("null")])),
    ("items", .object([("oneOf", .array([object([("literal", string())]), object([("field", string())])]))])),
  ])
  let fingerprint = "^[0-9A-F]{2}(:[0-9A-F]{2}){31}$"
  let build = object([
    ("name", string(name)), ("webHost", string("^[a-z0-9.-]+$")), ("teamId", string("^[A-Z0-9]{10}$")),
    ("bundleId", string()), ("appId", string()), ("androidPackage", string()), ("customScheme", string()),
    ("androidCertificateFingerprints", array(string(fingerprint), minItems: 1)), ("oauthCallback", string()),
  ])
  let field = object([
    ("name", string("^[A-Za-z0-9_-]{1,64}$")), ("in", enumeration(["path", "query"])), ("format", format),
    ("summary", string()), ("meaning", string()),
  ])
  let route = object([
    ("id", string(name)), ("title", string()), ("carriers", array(enumeration(Carrier.allCases.map(\.rawValue)))),
    ("httpsPattern", nullable("^(/[^/]+)+$")), ("httpsPath", segments), ("customSchemeName", nullable()),
    ("fields", array(field)), ("query", query), ("publication", publication), ("sensitivity", sensitivity),
    (
      "authority",
      object([("requirement", enumeration(AccountRequirement.allCases.map(\.rawValue))), ("needs", string())])
    ),
    ("gates", array(enumeration(Gate.allCases.map(\.rawValue)))), ("boundary", string()), ("destination", string()),
  ])
  let kinds = object([
    ("kind", enumeration(SecretCategory.allCases.map(\.rawValue))), ("title", string()),
    ("words", array(string("^[a-z0-9]{2,\(ForbiddenWords.longestWord)}$"), minItems: 1)),
  ])
  let reason = object([
    ("reason", enumeration(RejectionReason.allCases.map(\.rawValue))), ("when", string()), ("namesField", boolean),
    ("securityEvent", boolean),
  ])
  let document = object(
    [
      ("schemaVersion", .object([("const", .int(contractSchemaVersion))])), ("digest", string("^sha256:[0-9a-f]{64}$")),
      ("generated", string()), ("app", string()), ("maximumLinkBytes", integer(minimum: 1)),
      ("reservedBodyPrefix", string("^[0-9A-Za-z]+$")), ("builds", array(build, minItems: 1)),
      ("routeClasses", array(route, minItems: 1)),
      ("forbiddenWords", object([("rule", string()), ("kinds", array(kinds, minItems: 1))])),
      ("rejectionReasons", array(reason, minItems: 1)),
    ],
    description:
      "The link contract as data (docs/design.md, Artifacts). digest is sha256: and the SHA-256, in lowercase hex, of the compact JSON of this document without schemaVersion and digest, keys in the order written."
  )
  guard case .object(let members) = document else { return document }
  return .object(
    [
      ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
      ("$id", .string("contract.schema.json")),
      ("title", .string("Site/contract.json")),
    ] + members)
}()

extension Sensitivity {
  /// The rules as the contract document and `Site/lifecycle.json` write them.
  var json: JSON {
    .object([
      ("boundToAccount", .bool(boundToAccount)), ("boundToSessionGeneration", .bool(boundToSessionGeneration)),
      ("consumedOnce", .bool(consumedOnce)), ("freshnessSeconds", .int(freshnessSeconds)),
    ])
  }
}
