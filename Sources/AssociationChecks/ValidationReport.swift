import ContractArtifacts
import LinkContract

/// Where the kind of a validated file came from.
public enum KindSource: String, Sendable, Hashable {
  case name
  case option
  case content
}

/// What `validate` found in one file.
public struct FileValidation: Sendable, Hashable {
  public enum Verdict: String, Sendable, Hashable {
    case valid
    case invalid
    case unreadable
  }
  public let path: String
  public let kind: AssociationKind?
  public let kindSource: KindSource?
  public let byteCount: Int?
  public let readProblem: FileReadProblem?
  /// The findings, each located in `path`.
  public let messages: [Diagnostic]

  /// Validates `bytes` read from `path`: the kind comes from the name, else `kind`, else the
  /// content; with none, the file is invalid and says how to name its kind. `servedOverHTTPS`
  /// is how the file is served (an `http` include is refused only from an https file). The
  /// values of `forbidden` keys in the file's URLs are never quoted.
  public init(
    path: String, bytes: [UInt8], kind option: AssociationKind?, servedOverHTTPS: Bool = true,
    forbidden: ForbiddenWords
  ) {
    self.path = path
    readProblem = nil
    byteCount = bytes.count
    var source: KindSource?
    var kind: AssociationKind?
    if let named = AssociationKind(fileName: path) {
      (kind, source) = (named, .name)
    } else if let option {
      (kind, source) = (option, .option)
    } else if let sniffed = AssociationKind(sniffing: bytes) {
      (kind, source) = (sniffed, .content)
    }
    self.kind = kind
    kindSource = source
    if let kind {
      messages = validateAssociation(bytes, kind: kind, servedOverHTTPS: servedOverHTTPS, forbidden: forbidden).map {
        $0.located(in: path)
      }
    } else {
      messages = [
        Diagnostic(
          .kindUnknown, .error,
          "cannot tell the kind: the name is neither apple-app-site-association nor assetlinks.json, and the "
            + "content is neither a JSON object nor a JSON array; pass --kind aasa or --kind assetlinks"
        ).located(in: path)
      ]
    }
  }

  /// A file that could not be read at all.
  public init(path: String, problem: FileReadProblem, detail: String = "") {
    self.path = path
    readProblem = problem
    kind = AssociationKind(fileName: path)
    kindSource = kind == nil ? nil : .name
    byteCount = nil
    messages = [Diagnostic(problem.id, .error, problem.text(detail)).located(in: path)]
  }

  public var errorCount: Int { messages.count { $0.severity == .error } }
  public var warningCount: Int { messages.count - errorCount }

  public var verdict: Verdict {
    if readProblem != nil { return .unreadable }
    return errorCount == 0 ? .valid : .invalid
  }

  /// Each message as `path:line:column: severity: text`.
  public var diagnostics: String { messages.lines }

  /// The one-line summary printed on standard output.
  public var summary: String {
    let name = kind?.fileName ?? "association file"
    let counts = "(\(errorCount) error(s), \(warningCount) warning(s))"
    return "\(Printed.escaped(path)): \(verdict.rawValue) \(name) \(counts)\n"
  }

  var json: JSON {
    .object([
      ("path", .string(path)),
      ("kind", kind.map { .string($0.rawValue) } ?? .null),
      ("kindFrom", kindSource.map { .string($0.rawValue) } ?? .null),
      ("bytes", byteCount.map { .int($0) } ?? .null),
      ("verdict", .string(verdict.rawValue)),
      ("readProblem", readProblem.map { .string($0.rawValue) } ?? .null),
      ("errors", .int(errorCount)),
      ("warnings", .int(warningCount)),
      ("messages", .array(messages.map(\.json))),
    ])
  }
}

/// The `validate --format json` report (`validateReportSchemaVersion`), one entry per file in
/// argument order.
public struct ValidationReport: Sendable, Hashable {
  public let files: [FileValidation]

  public init(files: [FileValidation]) { self.files = files }

  /// Whether any file is invalid or unreadable.
  public var failed: Bool { files.contains { $0.verdict != .valid } }

  public var json: JSON {
    .object([
      ("schemaVersion", .int(validateReportSchemaVersion)),
      ("files", .array(files.map(\.json))),
      (
        "summary",
        .object(
          FileValidation.Verdict.allVerdicts.map { verdict in
            (verdict.rawValue, .int(files.count { $0.verdict == verdict }))
          })
      ),
    ])
  }
}

extension FileValidation.Verdict {
  static let allVerdicts: [Self] = [.valid, .invalid, .unreadable]
}
