/// Values inside a field's format that are reserved for documentation and tests: references
/// whose body starts with the contract's reserved prefix, and codes that say they are not issued.
/// The one home of sample values: docs, conformance cases, scenarios and tests all take theirs here.
public enum DocumentationSample {
  /// `prefix`, then a body of exactly `length` characters that starts with `reserved` and
  /// names the field: `bz_0000Business0001`.
  public static func reference(_ prefix: String, field: String, reserved: String, length: Int) -> String {
    var body = reserved + field.prefix(1).uppercased() + field.dropFirst()
    body = String(body.filter { $0.isASCII && ($0.isLetter || $0.isNumber) })
    if body.count > length { body = String(body.prefix(length)) }
    while body.count < length - 1 { body += "0" }
    if body.count < length { body += "1" }
    return prefix + body
  }

  /// A base64url code of exactly `length` characters that reads as a documentation value.
  public static func code(length: Int) -> String {
    let pattern = Array("Doc_example-code-0000-not-issued-".utf8)
    return String(decoding: (0..<length).map { pattern[$0 % pattern.count] }, as: UTF8.self)
  }
}

extension Contract {
  /// A documentation value inside `field`'s format, `length` long where the format allows.
  public func sample(_ field: Field, length: Int? = nil) -> String {
    switch field.format {
    case .reference(let prefix, let bodyLength):
      DocumentationSample.reference(
        prefix, field: field.name, reserved: reservedBodyPrefix,
        length: length ?? max(bodyLength.lowerBound, min(16, bodyLength.upperBound)))
    case .base64url(let range):
      DocumentationSample.code(length: length ?? max(range.lowerBound, min(40, range.upperBound)))
    case .enumeration(let values): values.first ?? ""
    }
  }

  /// The route of `routeClass` with a documentation value in each path field and, when the
  /// route takes query fields, in the first of them: the route's canonical documentation link.
  public func sampleValues(of routeClass: RouteClass) -> [(Field, String)] {
    let path = (routeClass.httpsPath ?? []).compactMap { segment -> Field? in
      if case .field(let field) = segment { return field }
      return nil
    }
    return (path + routeClass.query.fields.prefix(1)).map { ($0, sample($0)) }
  }

  /// The https path of the route's canonical documentation link, or nil when it has no https form.
  public func canonicalPath(of routeClass: RouteClass) -> String? {
    routeClass.httpsPath.map { PathSegment.render($0) { sample($0) } }
  }
}
