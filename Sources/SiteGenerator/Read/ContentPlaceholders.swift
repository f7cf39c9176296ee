import LinkContract

/// Contract values in Content prose. A page never states one literally: it writes a
/// placeholder, which the build fills from the values, so that a changed value changes every
/// page that shows it.
///
/// - `{app}`: the app's name; `{max-link-bytes}`: the longest link, in bytes;
///   `{reserved-prefix}`: the body prefix of references reserved for documentation.
/// - `{host:BUILD}`, `{scheme:BUILD}`, `{bundle:BUILD}`, `{team:BUILD}`, `{app-id:BUILD}`,
///   `{package:BUILD}`: a build's web host, custom scheme, bundle id, team id, iOS app id and
///   Android package.
/// - `{prefix:FIELD}`, `{length:FIELD}`: a reference field's prefix, and its body's length
///   (`12 to 32`) or a token's length.
///
/// Any other braces (`{business}` in a path pattern, a link example's `{host}`) are left as they
/// are. A build's host, scheme, bundle id, package, team id, app id or fingerprint written
/// literally is an error at its place that names the placeholder to write.
struct ContentPlaceholders: Sendable {
  /// A value a page may not write, with the placeholder that says it.
  struct Literal: Sendable {
    let value: [UInt8]
    let what: String
    let placeholder: String
  }

  private let values: [String: String]
  private let builds: [String]
  private let fields: [String]
  /// Longest first, so that a value that holds another (`A1B2C3D4E5.com.example`) is named whole.
  private let literals: [Literal]

  init(contract: Contract) {
    var values = [
      "app": contract.appName, "max-link-bytes": String(contract.maximumLinkBytes),
      "reserved-prefix": contract.reservedBodyPrefix,
    ]
    var literals: [Literal] = []
    for build in contract.builds {
      let named: [(String, String, String)] = [
        ("host", build.webHost, "web host"), ("scheme", build.customScheme, "custom scheme"),
        ("app-id", build.appID, "iOS app id"), ("bundle", build.bundleID, "bundle id"),
        ("package", build.androidPackage, "Android package"), ("team", build.teamID, "team id"),
      ]
      for (key, value, what) in named {
        values["\(key):\(build.name)"] = value
        literals.append(
          Literal(value: Array(value.utf8), what: "\(build.name)'s \(what)", placeholder: "{\(key):\(build.name)}"))
      }
      for fingerprint in build.androidCertificateFingerprints {
        literals.append(
          Literal(
            value: Array(fingerprint.utf8), what: "a certificate fingerprint of \(build.name)",
            placeholder: "`contract builds` (fingerprints are shown by the generated tables, not written)"))
      }
    }
    var fields: [String] = []
    for field in contract.routeClasses.flatMap(\.fields) where !fields.contains(field.name) {
      fields.append(field.name)
      switch field.format {
      case .reference(let prefix, let length):
        values["prefix:\(field.name)"] = prefix
        values["length:\(field.name)"] = "\(length.lowerBound) to \(length.upperBound)"
      case .base64url(let length):
        values["length:\(field.name)"] = "\(length.lowerBound) to \(length.upperBound)"
      case .enumeration: break
      }
    }
    self.values = values
    builds = contract.builds.map(\.name)
    self.fields = fields
    // One value may be several things (a scheme equal to a bundle id): the first kind named wins.
    var seen = Set<[UInt8]>()
    self.literals = literals.filter { !$0.value.isEmpty && seen.insert($0.value).inserted }
      .sorted { $0.value.count > $1.value.count }
  }

  /// `source` with every placeholder filled, and a diagnostic for each unknown placeholder and
  /// each literal value, at its line and column in `source`.
  func fill(_ source: Substring, path: String) -> (text: Substring, diagnostics: [Diagnostic]) {
    var contiguous = source
    return contiguous.withUTF8 { bytes in
      let lines = LineStarts(bytes)
      var diagnostics = literalValues(in: bytes, lines: lines, path: path)
      var out: [UInt8] = []
      // The bytes up to `copied` are in `out` once a placeholder has been filled.
      var copied = 0
      var index = 0
      while let open = firstOffset(of: UInt8(ascii: "{"), in: bytes, from: index) {
        index = open + 1
        let window = UnsafeBufferPointer(rebasing: bytes[index..<min(bytes.count, index + 64)])
        guard let close = firstOffset(of: UInt8(ascii: "}"), in: window, from: 0).map({ $0 + index }) else { continue }
        let name = String(decoding: bytes[index..<close], as: UTF8.self)
        if let value = values[name] {
          if out.isEmpty { out.reserveCapacity(bytes.count + 64) }
          out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<open]))
          out.append(contentsOf: value.utf8)
          copied = close + 1
          index = close + 1
        } else if let (problem, fix) = problem(with: name) {
          let (line, column) = lines.position(of: open)
          diagnostics.append(
            Diagnostic(
              id: .placeholderInvalid, path: path, line: line, column: column,
              message: "`{\(Printed.excerpt(name))}`: \(problem)", fixIts: fix.map { [FixIt(replacement: $0)] } ?? []))
        }
      }
      guard copied > 0 else { return (source, diagnostics) }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
      return (Substring(String(decoding: out, as: UTF8.self)), diagnostics)
    }
  }

  /// Why `name` in braces is a placeholder that cannot be filled, with the placeholder it
  /// likely means; nil for braces that are no placeholder at all.
  private func problem(with name: String) -> (message: String, fix: String?)? {
    guard let colon = name.firstIndex(of: ":") else { return nil }
    let (key, argument) = (String(name[..<colon]), String(name[name.index(after: colon)...]))
    switch key {
    case "host", "scheme", "bundle", "team", "app-id", "package":
      return ("no build `\(Printed.excerpt(argument))` (builds: \(builds.joined(separator: ", ")))", nil)
    case "prefix", "length":
      return fields.contains(argument)
        ? ("field `\(argument)` has no \(key == "prefix" ? "prefix" : "length")", nil)
        : ("no field `\(Printed.excerpt(argument))` (fields: \(fields.joined(separator: ", ")))", nil)
    default:
      return unknown(key, argument: argument)
    }
  }

  /// The placeholders a page can write, as the docs list them.
  private static let known = [
    "app", "host:BUILD", "scheme:BUILD", "bundle:BUILD", "team:BUILD", "app-id:BUILD", "package:BUILD",
    "prefix:FIELD", "length:FIELD", "max-link-bytes", "reserved-prefix",
  ]

  /// Why `{key:argument}`, which names no placeholder, is a mistyped one: its argument names a
  /// build or field, or its key is a letter or two off a placeholder's (`hots`). Nil for other
  /// braces, such as a route pattern's `{id:int}`, left as written.
  private func unknown(_ key: String, argument: String) -> (message: String, fix: String?)? {
    guard let first = key.utf8.first, ASCII.isLetter(first),
      key.utf8.allSatisfy({ ASCII.isAlphanumeric($0) || $0 == UInt8(ascii: "-") }), !argument.isEmpty,
      argument.utf8.allSatisfy({ ASCII.isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
    else { return nil }
    let typed = Array(ASCII.lowercased(key).unicodeScalars)
    let distances = Self.known.map { known in
      Suggestion.restrictedEditDistance(typed, Array(known.prefix { $0 != ":" }.unicodeScalars))
    }
    let nearest = distances.min() ?? .max
    guard nearest <= max(1, typed.count / 3) || builds.contains(argument) || fields.contains(argument) else {
      return nil
    }
    let ordered = zip(Self.known, distances).enumerated().sorted {
      ($0.element.1, $0.offset) < ($1.element.1, $1.offset)
    }
    .map { "`{\($0.element.0)}`" }
    let best = zip(Self.known, distances).first { $0.1 == nearest && nearest <= max(1, typed.count / 3) }?.0
    let fix = best.map { known -> String in
      let name = known.prefix { $0 != ":" }
      return known.contains(":") ? "{\(name):\(argument)}" : "{\(name)}"
    }
    let guess = fix.map { "did you mean `\($0)`? " } ?? ""
    return (
      "no placeholder `\(Printed.excerpt(key))` (\(guess)placeholders, nearest first: \(ordered.joined(separator: ", ")))",
      fix
    )
  }

  /// The placeholder a page writes for `value`, and what it is (`staging's web host`), when
  /// `value` is a build's host, scheme, bundle id, package, team id or app id.
  func placeholder(filledAs value: String) -> (placeholder: String, what: String)? {
    let bytes = Array(ASCII.lowercased(value).utf8)
    guard !bytes.isEmpty,
      let literal = literals.first(where: {
        $0.placeholder.hasPrefix("{") && $0.value.count == bytes.count && $0.value.map(ASCII.lowercased) == bytes
      })
    else { return nil }
    return (literal.placeholder, literal.what)
  }

  /// A diagnostic for each contract value `bytes` hold literally.
  private func literalValues(in bytes: UnsafeBufferPointer<UInt8>, lines: LineStarts, path: String) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    var taken: [Range<Int>] = []
    for literal in literals {
      var start = 0
      while let offset = firstOffset(of: literal.value, in: bytes, from: start) {
        let found = offset..<(offset + literal.value.count)
        start = found.upperBound
        guard !taken.contains(where: { $0.overlaps(found) }) else { continue }
        taken.append(found)
        let (line, column) = lines.position(of: offset)
        diagnostics.append(
          Diagnostic(
            id: .placeholderInvalid, path: path, line: line, column: column,
            message:
              "`\(String(decoding: literal.value, as: UTF8.self))` is \(literal.what): write \(literal.placeholder), so that the page follows the contract",
            fixIts: literal.placeholder.hasPrefix("{") ? [FixIt(replacement: literal.placeholder)] : []))
      }
    }
    return diagnostics
  }
}

/// Where the lines of a text start, found when a position is first asked for: most pages
/// hold no problem.
private final class LineStarts {
  private let bytes: UnsafeBufferPointer<UInt8>
  private lazy var starts = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// The line and column, from 1, of the byte at `offset`.
  func position(of offset: Int) -> (line: Int, column: Int) {
    // The last line start at or before the offset, by halving.
    var (low, high) = (0, starts.count - 1)
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return (low + 1, offset - starts[low] + 1)
  }
}
