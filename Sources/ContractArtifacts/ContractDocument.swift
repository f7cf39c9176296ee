import LinkContract
import LinkParser

// `Site/contract.json`: the contract as data for other platforms (builds, route classes with
// their forms and field formats, forbidden words, rejection reasons in order), with its JSON
// Schema and the contract's digest.

/// The version of the shape of `contract.json`; bumped when a member changes meaning or goes.
/// 2: `parsing` (the parser's steps as a specification) and each build's `returnUrlPolicy`,
/// which with `oauthCallback` is there only for an app that declares an OAuth callback.
public let contractSchemaVersion = 2

/// The contract's digest: `sha256:` and the SHA-256, in lowercase hex, of the compact JSON
/// serialization of `contract.json` without its `schemaVersion`, `digest` and `generated`
/// members, keys in the order written. Two contracts have the same digest exactly when they
/// publish the same data to other platforms, whatever tool wrote them.
public func contractDigest(_ contract: Contract) -> String {
  "sha256:" + SHA256.hex(contractData(contract).compact.utf8)
}

/// `contract.json`, as a JSON value: the schema version, the digest, which tool wrote it, then
/// the data.
public func contractDocument(_ contract: Contract, tool: ToolName = .linkcontract) -> JSON {
  guard case .object(let members) = contractData(contract) else { return .null }
  return .object(
    [
      ("schemaVersion", .int(contractSchemaVersion)), ("digest", .string(contractDigest(contract))),
      ("generated", .string(tool.byGenerate + "; do not edit")),
    ] + members)
}

/// `contract.json`, its schema, and `contract.js`: the same document as a script that sets
/// `self.contractDocument`, which the docs' link checker reads from any base path and from
/// `file://`.
func contractDocumentArtifacts(_ contract: Contract, tool: ToolName) -> [Artifact] {
  let document = contractDocument(contract, tool: tool)
  return [
    Artifact(path: "Site/contract.json", contents: document.pretty),
    Artifact(
      path: "Site/contract.js",
      contents:
        "/* \(tool.generatedBy) from the contract values: contract.json for the link checker (check.js). Do not edit. */\n"
        + "self.contractDocument = " + document.compact + ";\n"),
    Artifact(path: "Site/schema/contract.schema.json", contents: contractSchema(contract).pretty),
  ]
}

/// Everything `contract.json` says about the contract, in a fixed order, but the members that
/// say what the document is (`schemaVersion`, `digest`, `generated`).
private func contractData(_ contract: Contract) -> JSON {
  .object([
    ("app", .string(contract.appName)),
    ("maximumLinkBytes", .int(contract.maximumLinkBytes)),
    ("reservedBodyPrefix", .string(contract.reservedBodyPrefix)),
    ("builds", .array(contract.builds.map { buildData($0, contract) })),
    ("routeClasses", .array(contract.routeClasses.map(routeData))),
    (
      "gates",
      .array(
        contract.gates.map { gate in
          .object([
            ("id", .string(gate.id.rawValue)), ("title", .string(gate.title)), ("kind", .string(gate.kind.rawValue)),
          ])
        })
    ),
    (
      "forbiddenWords",
      .object([
        ("rule", .string(ForbiddenWords.rule)),
        (
          "kinds",
          .array(
            contract.forbiddenKeys.groups.map { group in
              .object([
                ("kind", .string(group.id)), ("title", .string(group.title)),
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
    ("parsing", parsingData),
  ])
}

/// The parser's algorithm, step by step: what another implementation needs beyond the values.
private let parsingData: JSON = .object([
  ("parts", .string(ParsingSteps.parts)),
  (
    "invalidBytes",
    .array(
      ParsingSteps.invalidBytes.map {
        .object([("from", .int(Int($0.lowerBound))), ("to", .int(Int($0.upperBound)))])
      })
  ),
  (
    "steps",
    .array(
      RejectionReason.allCases.map {
        .object([("reason", .string($0.rawValue)), ("check", .string(ParsingSteps.check($0)))])
      })
  ),
  ("recognized", .string(ParsingSteps.recognized)),
  (
    "fieldNames",
    .object([
      ("rule", .string(ParsingSteps.fieldNames)), ("plain", .string(ParsingSteps.plainFieldName)),
      ("redacted", .string(FieldName.redacted)),
    ])
  ),
  ("outcomeLine", .string(ParsingSteps.outcomeLine)),
])

private func buildData(_ build: Build, _ contract: Contract) -> JSON {
  var members: [(String, JSON)] = [
    ("name", .string(build.name)),
    ("webHost", .string(build.webHost)),
    ("teamId", .string(build.teamID)),
    ("bundleId", .string(build.bundleID)),
    ("appId", .string(build.appID)),
    ("androidPackage", .string(build.androidPackage)),
    ("customScheme", .string(build.customScheme)),
    ("androidCertificateFingerprints", .array(build.androidCertificateFingerprints.map(JSON.string))),
  ]
  if let callback = contract.oauthCallbackRoute?.oauthCallback, let url = contract.oauthCallback(in: build) {
    members += [
      ("oauthCallback", .string(url)),
      (
        "returnUrlPolicy",
        .object([
          ("allowedSchemes", .array(callback.allowedReturnSchemes(in: build).map(JSON.string))),
          ("uiBaseUrl", .string(callback.completionPageURL(in: build))),
        ])
      ),
    ]
  }
  return .object(members)
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
    case .disabled(let because): .object([("kind", .string("disabled")), ("because", .string(because))])
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
        ("requirement", .string(route.authority.requirement.id)), ("needs", .string(route.authority.needs)),
      ])
    ),
    ("gates", .array(route.gates.map { .string($0.id.rawValue) })),
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

/// `Site/schema/contract.schema.json` for `contract`, JSON Schema draft 2020-12, with a
/// description of every member; a build's `oauthCallback` and `returnUrlPolicy` only for an app
/// that declares an OAuth callback. It uses only `type`, `required`, `properties`,
/// `additionalProperties`, `items`, `enum`, `pattern`, `const`, `minimum`, `minItems`, `oneOf` and
/// `description`, so that a small checker on any platform can apply it.
public func contractSchema(_ contract: Contract) -> JSON {
  /// `schema` with a description.
  func about(_ description: String, _ schema: JSON) -> JSON {
    guard case .object(let members) = schema else { return schema }
    return .object([("description", .string(description))] + members)
  }
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
  /// An object of described members, all required.
  func object(_ properties: [(String, String, JSON)], description: String? = nil) -> JSON {
    var members: [(String, JSON)] = [("type", .string("object"))]
    if let description { members.append(("description", .string(description))) }
    members += [
      ("required", .array(properties.map { .string($0.0) })),
      ("properties", .object(properties.map { ($0.0, about($0.1, $0.2)) })),
      ("additionalProperties", .bool(false)),
    ]
    return .object(members)
  }
  let range = object([
    ("min", "The least, inclusive.", integer(minimum: 0)), ("max", "The most, inclusive.", integer(minimum: 0)),
  ])
  let name = "^[a-z0-9]+(-[a-z0-9]+)*$"
  let format: JSON = .object([
    (
      "oneOf",
      .array([
        object(
          [
            ("kind", "A server-issued opaque reference.", constant("reference")),
            ("prefix", "The bytes the value starts with, underscore included.", string("^[A-Za-z0-9]+_$")),
            ("bodyAlphabet", "The characters allowed after the prefix.", constant("[0-9A-Za-z]")),
            ("bodyLength", "How many characters follow the prefix.", range),
          ], description: "The prefix, then bodyLength characters of bodyAlphabet."),
        object(
          [
            ("kind", "A token of the base64url alphabet.", constant("base64url")),
            ("alphabet", "The characters allowed.", constant("[A-Za-z0-9_-]")),
            ("length", "How many characters.", range),
          ], description: "length characters of alphabet."),
        object(
          [
            ("kind", "One value of a closed list.", constant("enumeration")),
            ("values", "The values, compared byte for byte.", array(string(), minItems: 1)),
          ], description: "Exactly one of values."),
      ])
    )
  ])
  let publication: JSON = .object([
    (
      "oneOf",
      .array([
        object([("kind", "Claimed by the association files.", constant("published"))]),
        object([
          ("kind", "Recognized by the parser but carved out of the association files.", constant("excluded")),
          ("because", "Why it is excluded.", string()),
        ]),
        object([
          (
            "kind",
            "Recognized by the parser but disabled: carved out of the association files, and the app never presents its destination from a link (it drops the intent and applies its fallback).",
            constant("disabled")
          ),
          ("because", "Why it is disabled.", string()),
        ]),
        object([
          (
            "kind",
            "Not an app link: no association file claims it, its https form is a web page the parser does not accept (`unknown-route`), and only its custom-scheme form, if any, reaches the app.",
            constant("not-an-app-link")
          ),
          ("because", "What it is instead.", string()),
        ]),
        object([("kind", "The fallback no association file claims.", constant("never-claimed"))]),
      ])
    )
  ])
  let query: JSON = .object([
    (
      "oneOf",
      .array([
        object([("rule", "The route class takes no query item: every key is an extra field.", constant("none"))]),
        object([
          (
            "rule",
            "Exactly one of fields: the first of them, in this order, that the link gives is chosen; every other key is an extra field.",
            constant("exactly-one")
          ),
          ("fields", "The query fields' names, in the order they are chosen.", array(string(), minItems: 1)),
        ]),
      ])
    )
  ])
  let sensitivity: JSON = .object([
    (
      "oneOf",
      .array([
        about("Not sensitive.", .object([("type", .string("null"))])),
        object(
          [
            ("boundToAccount", "The link acts only for the account it was issued to.", boolean),
            ("boundToSessionGeneration", "The link acts only within the session generation it was issued in.", boolean),
            ("consumedOnce", "The link acts at most once.", boolean),
            ("freshnessSeconds", "How long after issue the link still acts, in seconds.", integer(minimum: 0)),
          ], description: "How a sensitive route class's link is bound."),
      ])
    )
  ])
  let segments: JSON = .object([
    ("type", .array([.string("array"), .string("null")])),
    (
      "items",
      .object([
        (
          "oneOf",
          .array([
            object([("literal", "A segment the link must give byte for byte.", string())]),
            object([("field", "A segment that holds the named field's value.", string())]),
          ])
        )
      ])
    ),
  ])
  let fingerprint = "^[0-9A-F]{2}(:[0-9A-F]{2}){31}$"
  var buildMembers: [(String, String, JSON)] = [
    ("name", "The build's stable name.", string(name)),
    ("webHost", "The https host of the build's app links, compared case-insensitively.", string("^[a-z0-9.-]+$")),
    ("teamId", "The Apple developer team id.", string("^[A-Z0-9]{10}$")),
    ("bundleId", "The iOS bundle id.", string()),
    ("appId", "The iOS application id, teamId.bundleId.", string()),
    ("androidPackage", "The Android application id.", string()),
    ("customScheme", "The build's custom URL scheme, compared case-insensitively.", string()),
    (
      "androidCertificateFingerprints", "SHA-256 fingerprints of the Android signing certificates.",
      array(string(fingerprint), minItems: 1)
    ),
  ]
  if contract.oauthCallbackRoute != nil {
    buildMembers += [
      (
        "oauthCallback", "The OAuth callback the native app registers: the declared route class's custom-scheme link.",
        string()
      ),
      (
        "returnUrlPolicy",
        "The identity provider's return-URL policy for this build: a return URL that is an absolute URI whose scheme is in allowedSchemes (case-insensitively; http and https never match) is echoed exactly; anything else goes to uiBaseUrl.",
        object([
          ("allowedSchemes", "The allow-listed return-URL schemes.", array(string())),
          (
            "uiBaseUrl",
            "Where a completion goes when the return URL is not allow-listed: the declared completion page.",
            string()
          ),
        ])
      ),
    ]
  }
  let build = object(buildMembers)
  let field = object([
    ("name", "The field's name: a path field's, or a query item's key.", string("^[A-Za-z0-9_-]{1,64}$")),
    ("in", "Where the field is carried.", enumeration(["path", "query"])),
    ("format", "What the field's value must be; an empty value never is.", format),
    ("summary", "The format in one line, for readers.", string()),
    ("meaning", "What the field means, for readers.", string()),
  ])
  let route = object([
    ("id", "The route class's stable id.", string(name)), ("title", "Its title, for readers.", string()),
    (
      "carriers",
      "The carriers on which the app accepts its links (a not-an-app-link route class's https form is not one).",
      array(enumeration(Carrier.allCases.map(\.rawValue)))
    ),
    ("httpsPattern", "The https path with fields in braces, for readers; null without one.", nullable("^(/[^/]+)+$")),
    ("httpsPath", "The https path's segments, in order; null when the route class has no https form.", segments),
    (
      "customSchemeName", "The custom-scheme link's authority (`<scheme>://<name>`, empty path); null without one.",
      nullable()
    ),
    ("fields", "Its fields: path fields in path order, then query fields.", array(field)),
    ("query", "Which query items it takes.", query),
    ("publication", "Whether the association files claim it.", publication),
    ("sensitivity", "How its links are bound, when it is sensitive.", sensitivity),
    (
      "authority",
      "What it takes to act on the link.",
      object([
        ("requirement", "Who may act: the kebab-case id of one of the app's own account requirements.", string(name)),
        ("needs", "What acting needs, for readers.", string()),
      ])
    ),
    (
      "gates", "The ids of the gates (prerequisites) that may come before the destination, in order.",
      array(string(name))
    ),
    ("boundary", "What recognizing the link does not prove.", string()),
    ("destination", "Where the link is meant to lead.", string()),
  ])
  let kinds = object([
    ("kind", "The group's stable kebab-case id, the app's own.", string(name)),
    ("title", "What the words name, for readers.", string()),
    (
      "words", "The listed words, lowercase.", array(string("^[a-z0-9]{2,\(ForbiddenWords.longestWord)}$"), minItems: 1)
    ),
  ])
  let reason = object([
    ("reason", "The reason's stable id.", enumeration(RejectionReason.allCases.map(\.rawValue))),
    ("when", "When it applies, in readers' words; parsing.steps says it exactly.", string()),
    ("namesField", "Whether a rejection for it names a field.", boolean),
    ("securityEvent", "Whether a link rejected for it is a security event, whose values are never echoed.", boolean),
  ])
  let parsing = object([
    ("parts", "How a link is cut into scheme, authority, path, query items and fragment.", string()),
    (
      "invalidBytes", "The bytes no link may hold, as inclusive ranges.",
      array(
        object([
          ("from", "The first byte of the range.", integer(minimum: 0)),
          ("to", "The last byte of the range.", integer(minimum: 0)),
        ]))
    ),
    (
      "steps", "The checks in the order they run; the first that rejects gives the outcome.",
      array(
        object([
          ("reason", "The reason this step gives.", enumeration(RejectionReason.allCases.map(\.rawValue))),
          ("check", "Exactly when it rejects.", string()),
        ]), minItems: 1)
    ),
    ("recognized", "What a link that passes every step carries.", string()),
    (
      "fieldNames", "How outputs print a field name taken from a link.",
      object([
        ("rule", "The rule, for readers.", string()),
        ("plain", "A plain name, as a regular expression; any other is printed as redacted.", string()),
        ("redacted", "What is printed in place of a name that is not plain.", string()),
      ])
    ),
    ("outcomeLine", "The line the tool's `parse` command prints for an outcome.", string()),
  ])
  let document = object(
    [
      ("schemaVersion", "The version of this document's shape.", .object([("const", .int(contractSchemaVersion))])),
      (
        "digest",
        "sha256: and the SHA-256, in lowercase hex, of the compact JSON of this document without schemaVersion, digest and generated, keys in the order written.",
        string("^sha256:[0-9a-f]{64}$")
      ),
      ("generated", "Which tool's command made the file.", string()), ("app", "The app's name.", string()),
      ("maximumLinkBytes", "The longest link the parser reads, in bytes.", integer(minimum: 1)),
      (
        "reservedBodyPrefix", "References whose body starts with this are reserved for documentation and tests.",
        string("^[0-9A-Za-z]+$")
      ),
      ("builds", "The builds; a link is read against one of them.", array(build, minItems: 1)),
      ("routeClasses", "The route classes, in the order the parser tries them.", array(route, minItems: 1)),
      (
        "gates",
        "The gates the route classes name, each once, in the order they first appear.",
        array(
          object([
            ("id", "The gate's stable id.", string(name)), ("title", "Its name, for readers.", string()),
            (
              "kind",
              "What passes it: `sign-in` (signing in, or a guest context the route admits), `account` (a prerequisite of the signed-in account, cleared with it) or `device` (a prerequisite of the app on the device, whoever is signed in).",
              enumeration(GateKind.allCases.map(\.rawValue))
            ),
          ]))
      ),
      (
        "forbiddenWords",
        "The word rule of forbidden query keys and its words.",
        object([
          ("rule", "The word rule.", string()),
          ("kinds", "The listed words by what they name.", array(kinds, minItems: 1)),
        ])
      ),
      ("rejectionReasons", "The rejection reasons, in the order they are checked.", array(reason, minItems: 1)),
      ("parsing", "The parser's algorithm, step by step, for other implementations.", parsing),
    ],
    description:
      "The link contract as data (docs/design.md, Artifacts): with its schema, everything another team needs to implement the parser."
  )
  guard case .object(let members) = document else { return document }
  return .object(
    [
      ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
      ("$id", .string("contract.schema.json")),
      ("title", .string("Site/contract.json")),
    ] + members)
}

extension Sensitivity {
  /// The rules as the contract document and `Site/lifecycle.json` write them.
  var json: JSON {
    .object([
      ("boundToAccount", .bool(boundToAccount)), ("boundToSessionGeneration", .bool(boundToSessionGeneration)),
      ("consumedOnce", .bool(consumedOnce)), ("freshnessSeconds", .int(freshnessSeconds)),
    ])
  }
}
