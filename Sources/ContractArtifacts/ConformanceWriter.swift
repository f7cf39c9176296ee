import LinkContract
import LinkParser

extension ExpectedOutcome {
  /// The same object `linkcontract parse --format json` prints for this outcome.
  public var json: JSON {
    switch self {
    case .recognized(let route, let fields):
      .object([
        ("outcome", .string("recognized")), ("route", .string(route.rawValue)),
        ("fields", .object(fields.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
      ])
    case .unsupported(let reason, let field):
      .object(
        [("outcome", .string("unsupported")), ("reason", .string(reason.rawValue))]
          + (field.map { [("field", JSON.string($0))] } ?? []))
    }
  }
}

extension LinkOutcome {
  /// The expectation this outcome meets, with field values as parsed.
  public var expectation: ExpectedOutcome {
    switch self {
    case .recognized(let route):
      .recognized(
        route.routeClass,
        fields: Dictionary(route.fields.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a }))
    case .unsupported(let rejection): .unsupported(rejection.reason, field: rejection.field)
    }
  }
}

extension ConformanceTable {
  /// `conformance.json`: every case, for parser tests outside Swift, its header naming `tool`;
  /// `returnUrls` only for an app that declares an OAuth callback.
  public func json(tool: ToolName = .linkcontract) -> String {
    let links = links.map { item in
      JSON.object(
        [
          ("id", .string(item.id)), ("build", .string(item.build)), ("fault", .string(item.fault)),
          ("input", item.invalidUTF8 == nil ? .string(item.input) : .null),
        ] + (item.invalidUTF8.map { [("inputBase64", JSON.string(base64($0)))] } ?? []) + [
          ("expected", item.expected.json)
        ])
    }
    let returnURLs = returnURLs.map { item in
      JSON.object([
        ("id", .string(item.id)),
        ("returnUrl", item.returnURL.map(JSON.string) ?? .null),
        ("allowedSchemes", .array(item.allowedSchemes.map(JSON.string))),
        ("uiBaseUrl", .string(item.uiBaseURL)),
        (
          "expected",
          .object([
            ("target", .string(item.expected.isNative ? "native-callback" : "ui-base-url")),
            ("url", .string(item.expected.url)),
          ])
        ),
      ])
    }
    var members: [(String, JSON)] = [
      ("generated", .string(tool.byGenerate + "; do not edit")),
      ("schemaVersion", .int(conformanceSchemaVersion)), ("digest", .string(digest)),
      ("links", .array(links)),
    ]
    if hasReturnURLPolicy { members.append(("returnUrls", .array(returnURLs))) }
    return JSON.object(members).pretty
  }

  /// A Swift source that any test target can compile: the cases as literal values, its header
  /// naming `tool`.
  public func swiftSource(tool: ToolName = .linkcontract) -> String {
    var out = """
      // \(tool.generatedBy) from the contract values. Do not edit.
      // swift-format-ignore-file

      /// One case of the link contract's conformance table.
      struct LinkConformanceCase: Sendable {
        enum Expected: Sendable, Equatable {
          case recognized(route: String, fields: [String: String])
          case unsupported(reason: String, field: String?)
        }
        let id: String
        let build: String
        /// The input as text: for an input that is not UTF-8, with U+FFFD for each invalid
        /// sequence, and its bytes in `invalidUTF8`.
        let input: String
        var invalidUTF8: [UInt8]? = nil
        let expected: Expected

        /// The bytes the parser reads.
        var bytes: [UInt8] { invalidUTF8 ?? Array(input.utf8) }
      }


      """
    if hasReturnURLPolicy {
      out += """
        /// One case of the OAuth return-URL policy.
        struct ReturnURLConformanceCase: Sendable {
          let id: String
          let returnURL: String?
          let allowedSchemes: [String]
          let uiBaseURL: String
          let expectsNativeCallback: Bool
          let expectedURL: String
        }


        """
    }
    out += """
      enum LinkConformance {

      """
    // The cases go in small functions: one array literal of thousands of elements makes the
    // type checker take minutes and gigabytes, and the table grows with every route.
    let chunk = 64
    let parts = stride(from: 0, to: links.count, by: chunk).map { start in
      links[start..<min(start + chunk, links.count)]
    }
    out += "  static let cases: [LinkConformanceCase] = {\n    var all: [LinkConformanceCase] = []\n"
    for index in parts.indices { out += "    all += part\(index)()\n" }
    out += "    return all\n  }()\n"
    for (index, part) in parts.enumerated() {
      out +=
        "\n  private static func part\(index)() -> [LinkConformanceCase] {\n    var c: [LinkConformanceCase] = []\n"
      for item in part { out += "    c.append(" + caseLiteral(item) + ")\n" }
      out += "    return c\n  }\n"
    }
    if hasReturnURLPolicy {
      out += "\n  static let returnURLCases: [ReturnURLConformanceCase] = [\n"
      for item in returnURLs {
        let schemes = "[" + item.allowedSchemes.map(swiftLiteral).joined(separator: ", ") + "]"
        out +=
          "    ReturnURLConformanceCase(id: \(swiftLiteral(item.id)), returnURL: \(item.returnURL.map(swiftLiteral) ?? "nil"), allowedSchemes: \(schemes), uiBaseURL: \(swiftLiteral(item.uiBaseURL)), expectsNativeCallback: \(item.expected.isNative), expectedURL: \(swiftLiteral(item.expected.url))),\n"
      }
      out += "  ]\n"
    }
    out += "}\n"
    return out
  }

  /// One case as a Swift initializer call, with every type written out for the type checker.
  func caseLiteral(_ item: ConformanceCase) -> String {
    let expected: String
    switch item.expected {
    case .recognized(let route, let fields):
      let dictionary =
        fields.isEmpty
        ? "[:]"
        : "["
          + fields.sorted { $0.key < $1.key }.map { "\(swiftLiteral($0.key)): \(swiftLiteral($0.value))" }
          .joined(separator: ", ") + "]"
      expected = ".recognized(route: \(swiftLiteral(route.rawValue)), fields: \(dictionary))"
    case .unsupported(let reason, let field):
      expected =
        ".unsupported(reason: \(swiftLiteral(reason.rawValue)), field: \(field.map(swiftLiteral) ?? "nil"))"
    }
    let bytes =
      item.invalidUTF8.map { ", invalidUTF8: [" + $0.map { "0x" + hex($0) }.joined(separator: ", ") + "]" } ?? ""
    return
      "LinkConformanceCase(id: \(swiftLiteral(item.id)), build: \(swiftLiteral(item.build)), input: \(swiftLiteral(item.input))\(bytes), expected: \(expected))"
  }
}

extension ConformanceTable {
  /// Whether the table has the return-URL policy's cases: only an app that declares an OAuth
  /// callback has them.
  var hasReturnURLPolicy: Bool { !returnURLs.isEmpty }
}

extension CompletionTarget {
  var isNative: Bool {
    if case .nativeCallback = self { return true }
    return false
  }
}

/// `text` as a Swift string literal, with every byte outside printable ASCII escaped.
func swiftLiteral(_ text: String) -> String {
  var out = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case "\t": out += "\\t"
    case "\r": out += "\\r"
    default:
      if scalar.value < 0x20 || scalar.value >= 0x7F {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
  }
  return out + "\""
}

/// The version of `conformance.json`'s shape; bump on an incompatible change. 2: `input` is
/// null for an input that is not UTF-8, whose bytes are `inputBase64`.
public let conformanceSchemaVersion = 2

/// The JSON Schema (draft 2020-12) of `conformance.json`; `returnUrls` only for an app that
/// declares an OAuth callback.
public func conformanceSchema(_ contract: Contract) -> JSON {
  let field = Schema.types(["string", "null"])
  let expected = JSON.object([
    (
      "oneOf",
      .array([
        Schema.object([
          ("outcome", .object([("const", .string("recognized"))])),
          ("route", Schema.oneOf(contract.routeClasses.map(\.id.rawValue))),
          (
            "fields",
            .object([("type", .string("object")), ("additionalProperties", Schema.type("string"))])
          ),
        ]),
        Schema.object(
          [
            ("outcome", .object([("const", .string("unsupported"))])),
            ("reason", Schema.oneOf(RejectionReason.allCases.map(\.rawValue))), ("field", Schema.type("string")),
          ], required: ["outcome", "reason"]),
      ])
    )
  ])
  let kebab = JSON.object([("type", .string("string")), ("pattern", .string("^[a-z0-9]+(-[a-z0-9]+)*$"))])
  let returnURLs: [(String, JSON)] =
    contract.oauthCallbackRoute == nil
    ? []
    : [
      (
        "returnUrls",
        Schema.array(
          Schema.object([
            ("id", kebab), ("returnUrl", field), ("allowedSchemes", Schema.array(Schema.type("string"))),
            ("uiBaseUrl", Schema.type("string")),
            (
              "expected",
              Schema.object([
                ("target", Schema.oneOf(["native-callback", "ui-base-url"])), ("url", Schema.type("string")),
              ])
            ),
          ]))
      )
    ]
  return Schema.document(
    id: "conformance.schema.json", title: "conformance table",
    [
      ("generated", Schema.type("string")),
      ("schemaVersion", .object([("const", .int(conformanceSchemaVersion))])),
      ("digest", .object([("type", .string("string")), ("pattern", .string("^sha256:[0-9a-f]{64}$"))])),
      (
        "links",
        Schema.array(
          Schema.object(
            [
              ("id", kebab), ("build", Schema.oneOf(contract.builds.map(\.name))), ("fault", kebab),
              ("input", field), ("inputBase64", Schema.type("string")), ("expected", expected),
            ], required: ["id", "build", "fault", "input", "expected"]))
      ),
    ] + returnURLs)
}

/// Two uppercase hex digits.
private func hex(_ byte: UInt8) -> String {
  let digits = Array("0123456789ABCDEF".utf8)
  return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
}

/// `bytes` in standard base64 (RFC 4648, with padding).
func base64(_ bytes: [UInt8]) -> String {
  let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
  var out: [UInt8] = []
  out.reserveCapacity((bytes.count + 2) / 3 * 4)
  var index = 0
  while index < bytes.count {
    let chunk = bytes[index..<min(index + 3, bytes.count)]
    let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
    for k in 0..<4 {
      out.append(k <= chunk.count ? alphabet[Int(value >> (18 - 6 * UInt32(k)) & 63)] : UInt8(ascii: "="))
    }
    index += 3
  }
  return String(decoding: out, as: UTF8.self)
}
