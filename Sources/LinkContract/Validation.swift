extension Diagnostic {
  /// A value of the contract that is wrong: where it is written (`subject`, such as
  /// `build production: webHost`), the value as written (empty for an absence) and why it is
  /// wrong, as `subject: "value" why`, at the line of the contract values when known.
  static func contract(
    _ id: DiagnosticID, _ subject: String, _ value: String, _ why: String, at location: SourceLocation? = nil
  ) -> Diagnostic {
    let shown = value.isEmpty ? "" : "\"\(value)\" "
    return Diagnostic(id: id, location: location.map(DiagnosticLocation.init), message: "\(subject): \(shown)\(why)")
  }
}

extension Contract {
  /// Every problem with the contract's values; empty when the contract is sound.
  public func problems() -> [Diagnostic] {
    var problems: [Diagnostic] = []
    func report(
      _ id: DiagnosticID, _ subject: String, _ value: String, _ why: String, at location: SourceLocation? = nil
    ) {
      problems.append(.contract(id, subject, value, why, at: location ?? source))
    }
    /// Each value whose key another value before it has, at the second one's line.
    func unique<Value, Key: Hashable>(
      _ kind: String, _ values: [Value], _ key: (Value) -> Key, _ text: (Key) -> String,
      at location: (Value) -> SourceLocation
    ) {
      var seen = Set<Key>()
      for value in values where !seen.insert(key(value)).inserted {
        report(.duplicateValue, kind, text(key(value)), "is used twice: give each one its own", at: location(value))
      }
    }
    var routeIDs = Set<RouteClassID>()
    for route in routeClasses where !routeIDs.insert(route.id).inserted {
      problems.append(
        .contract(
          .duplicateValue, "route class id", route.id.rawValue, "is used twice: give each route class its own id",
          at: route.source))
    }
    unique("build name", builds, \.name, { $0 }, at: \.source)
    unique("layer id", layers, \.id, \.rawValue, at: \.source)
    unique("stage id", stages, \.id, \.rawValue, at: \.source)
    unique("troubleshooting id", troubleshooting, \.id, \.rawValue, at: \.source)
    unique("verification id", verification, \.id, \.rawValue, at: \.source)
    unique("revalidation id", revalidation, \.id, \.rawValue, at: \.source)
    unique("rejection rule", rejectionRules, \.reason, \.rawValue, at: \.source)
    unique("build web host", builds, \.webHost, { $0 }, at: \.source)
    unique("build custom scheme", builds, \.customScheme, { $0 }, at: \.source)
    unique("build app id", builds, \.appID, { $0 }, at: \.source)
    unique("build Android package", builds, \.androidPackage, { $0 }, at: \.source)

    for reason in RejectionReason.allCases where rule(for: reason) == nil {
      report(.rejectionRuleMissing, "rejection reason", reason.rawValue, "has no rule")
    }
    let ids =
      layers.map { ("layer or troubleshooting row id", $0.id.rawValue, $0.source) }
      + troubleshooting.map { ("layer or troubleshooting row id", $0.id.rawValue, $0.source) }
      + verification.map { ("verification id", $0.id.rawValue, $0.source) }
      + revalidation.map { ("revalidation id", $0.id.rawValue, $0.source) }
    for (kind, id, location) in ids where !Self.isKebabCase(id) {
      report(
        .idInvalid, kind, id, "is not a kebab-case id (lowercase letters and digits joined by single `-`)",
        at: location)
    }
    for requirement in requirements where !Self.isKebabCase(requirement.id) {
      report(
        .idInvalid, "account requirement id", requirement.id,
        "is not a kebab-case id (lowercase letters and digits joined by single `-`)", at: requirement.source)
    }
    for requirement in routeClasses.map(\.authority.requirement) {
      guard let first = requirements.first(where: { $0.id == requirement.id }), first != requirement else { continue }
      report(
        .duplicateValue, "account requirement id", requirement.id,
        "is declared twice with different titles or admissions (the other is at \(first.source)): declare each requirement once and name that value",
        at: requirement.source)
      break
    }
    unique("resource scope id", scopes, \.id, { $0 }, at: { _ in source })
    for scope in scopes where !Self.isKebabCase(scope.id) || ResourceScope.reservedIDs.contains(scope.id) {
      report(
        .idInvalid, "resource scope id", scope.id,
        ResourceScope.reservedIDs.contains(scope.id)
          ? "is reserved by the lifecycle's own events (`account-switched`) and keys (`kind`): name the scope otherwise"
          : "is not a kebab-case id (lowercase letters and digits joined by single `-`)")
    }
    for gate in gates where !Self.isKebabCase(gate.id.rawValue) {
      problems.append(
        .contract(
          .idInvalid, "gate id", gate.id.rawValue,
          "is not a kebab-case id (lowercase letters and digits joined by single `-`)", at: gate.source))
    }
    for gate in routeClasses.flatMap(\.gates) {
      guard let first = gates.first(where: { $0.id == gate.id }), first.title != gate.title || first.kind != gate.kind
      else { continue }
      problems.append(
        .contract(
          .duplicateValue, "gate id", gate.id.rawValue,
          "is declared twice with different titles or kinds (the other is at \(first.source)): declare each gate once and name that value",
          at: gate.source))
      break
    }
    for rule in rejectionRules {
      guard let row = row(rule.troubleshooting) else {
        report(
          .unknownReference, "rejection rule \(rule.reason.rawValue)", rule.troubleshooting.rawValue,
          "names no troubleshooting row", at: rule.source)
        continue
      }
      // Every rejection stops a link at the parse stage, as the handling page says: its reader
      // starts at a row of that stage.
      if row.stage != .parse {
        report(
          .rejectionRuleStage, "rejection rule \(rule.reason.rawValue)", rule.troubleshooting.rawValue,
          "is a row of stage \(row.stage.rawValue), but the parser stops every rejected link at stage parse: point the rule at a parse row",
          at: rule.source)
      }
    }
    for stage in stages where layer(stage.layer) == nil {
      report(.unknownReference, "stage \(stage.id.rawValue)", stage.layer.rawValue, "names no layer", at: stage.source)
    }
    for row in troubleshooting where stage(row.stage) == nil {
      report(
        .unknownReference, "troubleshooting \(row.id.rawValue)", row.stage.rawValue, "names no stage", at: row.source)
    }
    for word in forbiddenKeys.words
    where !(2...ForbiddenWords.longestWord).contains(word.utf8.count)
      || !word.utf8.allSatisfy({ ASCII.isLowercase($0) || ASCII.isDigit($0) })
    {
      report(
        .forbiddenWordInvalid, "forbidden word", word,
        "must be 2 to \(ForbiddenWords.longestWord) lowercase letters or digits, one word as the word rule splits keys")
    }
    unique("forbidden word", forbiddenKeys.words, { $0 }, { $0 }, at: { _ in source })
    unique("forbidden word group id", forbiddenKeys.groups, \.id, { $0 }, at: { _ in source })
    for group in forbiddenKeys.groups where !Self.isKebabCase(group.id) {
      report(
        .idInvalid, "forbidden word group id", group.id,
        "is not a kebab-case id (lowercase letters and digits joined by single `-`)")
    }
    for route in routeClasses {
      for field in route.query.fields where forbiddenKeys.matches(field.name) {
        report(
          .forbiddenQueryField, "route class \(route.id.rawValue)", field.name,
          "is a query field that the forbidden words forbid", at: field.source)
      }
    }
    if reservedBodyPrefix.isEmpty || !reservedBodyPrefix.utf8.allSatisfy(ASCII.isAlphanumeric) {
      report(
        .reservedBodyPrefixInvalid, "reserved body prefix", reservedBodyPrefix, "is not a non-empty run of [0-9A-Za-z]")
    }
    for kind in nativeSnippets where checkout.file(for: kind) == nil {
      report(
        .snippetFileMissing, "native snippet", kind.rawValue,
        "goes into the checkout layout's `\(CheckoutLayout.property(for: kind))`, which is nil: name that file in `checkout`, or leave the snippet out of `nativeSnippets`"
      )
    }
    for build in builds { problems += build.problems() }
    problems += routeProblems()
    return problems
  }

  private func routeProblems() -> [Diagnostic] {
    var problems: [Diagnostic] = []
    for route in routeClasses {
      let subject = "route class \(route.id.rawValue)"
      func report(_ id: DiagnosticID, _ value: String, _ why: String, at location: SourceLocation? = nil) {
        problems.append(.contract(id, subject, value, why, at: location ?? route.source))
      }
      if !Self.isKebabCase(route.id.rawValue) {
        report(
          .routeClassIDInvalid, route.id.rawValue,
          "is not a kebab-case id (lowercase letters and digits joined by single `-`)")
      }
      for field in route.fields {
        switch field.format {
        case .reference(let prefix, let length):
          if !prefix.hasSuffix("_") || prefix.count < 2
            || !prefix.utf8.dropLast().allSatisfy({ ASCII.isLowercase($0) || ASCII.isDigit($0) })
          {
            report(
              .fieldFormatInvalid, prefix,
              "is not a reference prefix: write lowercase letters or digits, then `_` (like `bz_`)",
              at: field.source)
          }
          if length.lowerBound <= reservedBodyPrefix.count {
            report(
              .fieldFormatInvalid, field.name,
              "admits references no longer than the reserved prefix `\(reservedBodyPrefix)`: make the shortest body longer than \(reservedBodyPrefix.count)",
              at: field.source)
          }
        case .base64url(let length):
          if length.lowerBound < 1 {
            report(
              .fieldFormatInvalid, field.name, "admits an empty value: make the shortest length at least 1",
              at: field.source)
          }
        case .enumeration(let values):
          if values.isEmpty || values.contains(where: \.isEmpty) {
            report(
              .fieldFormatInvalid, field.name, "has an empty enumeration value: list only non-empty values",
              at: field.source)
          }
        }
        if !FieldName.isPlain(field.name) {
          report(
            .fieldNameInvalid, field.name, "is not a plain field name: use letters, digits, `_` and `-`",
            at: field.source)
        }
      }
      let names = route.fields.map(\.name)
      if Set(names).count != names.count {
        report(.fieldNameInvalid, names.joined(separator: ", "), "repeats a field name: give each field its own name")
      }
      let hasForm = route.httpsPath != nil || route.customSchemeName != nil
      if route.publication == .neverClaimed, hasForm {
        report(.routeCarrierInvalid, "", "is never claimed, so it must have no https path and no custom-scheme name")
      }
      if route.publication != .neverClaimed, !hasForm {
        report(
          .routeCarrierInvalid, "",
          "has neither an https path nor a custom-scheme name: give it one, or make it `.neverClaimed`")
      }
      if route.publication.isPublished, route.httpsPath == nil {
        report(
          .routeCarrierInvalid, "",
          "is published but has no https path: give it `httpsPath`, or publish it as `.notAnAppLink`")
      }
      if let segments = route.httpsPath, case .field = segments.first {
        report(
          .httpsPathInvalid, route.httpsPattern ?? "",
          "must start with a literal segment, such as `.literal(\"items\")`")
      }
      for case .literal(let text) in route.httpsPath ?? []
      where text.isEmpty || text == "." || text == ".." || text.contains("/") {
        report(.httpsPathInvalid, text, "is not a path segment: write one non-empty segment without `/`")
      }
      if let name = route.customSchemeName, !Self.isKebabCase(name) {
        report(
          .customSchemeNameInvalid, name,
          "is not a custom-scheme name: write lowercase letters and digits joined by `-`")
      }
      if let callback = route.oauthCallback {
        if route.customSchemeName == nil {
          report(
            .callbackDeclarationInvalid, "",
            "declares an OAuth callback but has no custom-scheme name: the identity provider returns to `<scheme>://<name>`",
            at: callback.source)
        }
        if route.authority.requirement.admits != .flowInitiator {
          report(
            .callbackDeclarationInvalid, route.authority.requirement.id,
            "declares an OAuth callback, which completes a flow the app started: give it `.flowInitiator`",
            at: callback.source)
        }
        if !Self.isPagePath(callback.completionPage) {
          report(
            .callbackDeclarationInvalid, callback.completionPage,
            "is not a completion page path: write an absolute path such as `/auth/complete`, without query or fragment",
            at: callback.source)
        }
      }
    }
    for route in routeClasses.filter({ $0.oauthCallback != nil }).dropFirst() {
      problems.append(
        .contract(
          .callbackDeclarationInvalid, "route class \(route.id.rawValue)", "",
          "declares a second OAuth callback (the first is \(oauthCallbackRoute?.id.rawValue ?? "")): an app has one",
          at: route.oauthCallback?.source ?? route.source))
    }
    if oauthCallbackRoute == nil {
      for kind in nativeSnippets where kind.needsOAuthCallback {
        problems.append(
          .contract(
            .snippetWithoutCallback, "native snippet", kind.rawValue,
            "serves an OAuth callback, and no route class declares one: declare it (`RouteClass(..., oauthCallback: OAuthCallback(completionPage: ...))`) or leave the snippet out of `nativeSnippets`",
            at: source))
      }
    }
    if routeClasses.filter({ $0.publication == .neverClaimed }).count != 1 {
      problems.append(
        .contract(
          .fallbackRouteCount, "route classes", "",
          "need exactly one `.neverClaimed` route class, the fallback for every other link", at: source))
    }
    for (index, first) in routeClasses.enumerated() {
      for second in routeClasses[(index + 1)...] {
        if let a = first.httpsPath, let b = second.httpsPath, Self.canOverlap(a, b) {
          problems.append(
            .contract(
              .routesOverlap, "route classes \(first.id.rawValue) and \(second.id.rawValue)",
              first.httpsPattern ?? "",
              "can match the same https link as \(second.httpsPattern ?? ""): make a literal segment differ",
              at: second.source))
        }
        if let a = first.customSchemeName, a == second.customSchemeName {
          problems.append(
            .contract(
              .routesOverlap, "route classes \(first.id.rawValue) and \(second.id.rawValue)", a,
              "can match the same custom-scheme link: give each its own name", at: second.source))
        }
      }
    }
    return problems
  }

  /// Whether `page` is an absolute path of printable ASCII, without a query, a fragment, an
  /// escape or a backslash.
  static func isPagePath(_ page: String) -> Bool {
    page.hasPrefix("/") && page.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && !"?#%\\".utf8.contains($0) }
  }

  /// Whether `text` is lowercase letters and digits joined by single hyphens.
  static func isKebabCase(_ text: String) -> Bool {
    let words = text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
    return !text.isEmpty
      && words.allSatisfy { word in
        !word.isEmpty && word.allSatisfy { ASCII.isLowercase($0) || ASCII.isDigit($0) }
      }
  }

  /// Whether two https path patterns can match the same path.
  public static func canOverlap(_ a: [PathSegment], _ b: [PathSegment]) -> Bool {
    guard a.count == b.count else { return false }
    return zip(a, b).allSatisfy { pair in
      switch pair {
      case (.literal(let x), .literal(let y)): x == y
      case (.literal(let x), .field(let f)), (.field(let f), .literal(let x)): f.format.admits(x)
      case (.field, .field): true
      }
    }
  }
}

extension Build {
  /// Every problem with this build's values.
  public func problems() -> [Diagnostic] {
    var problems: [Diagnostic] = []
    func report(_ key: String, _ value: String, _ why: String, _ id: DiagnosticID = .buildValueInvalid) {
      problems.append(.contract(id, "build \(name): \(key)", value, why, at: source))
    }
    if let why = Self.hostProblem(webHost) { report("webHost", webHost, why) }
    if !AppIdentifier.isTeamID(teamID) {
      report("teamID", teamID, "is not 10 characters of [0-9A-Z]")
    }
    if !AppIdentifier.isReverseDNS(bundleID, allowHyphen: true) {
      report("bundleID", bundleID, "is not a reverse-DNS identifier such as com.example.app")
    }
    if !AppIdentifier.isAndroidPackage(androidPackage) {
      report(
        "androidPackage", androidPackage,
        "is not a Java package name of two or more segments such as com.example.app")
    }
    if let why = Self.schemeProblem(customScheme) { report("customScheme", customScheme, why) }
    if androidCertificateFingerprints.isEmpty {
      report(
        "androidCertificateFingerprints", "",
        "is empty: Android cannot verify the app; list the signing certificate's SHA-256", .fingerprintMissing)
    }
    for fingerprint in androidCertificateFingerprints {
      if let why = Fingerprint.problem(fingerprint) {
        report("androidCertificateFingerprints", fingerprint, why, .fingerprintInvalid)
      }
    }
    return problems
  }

  static func hostProblem(_ host: String) -> String? {
    let bytes = Array(host.utf8)
    if bytes.isEmpty { return "is empty" }
    if bytes.contains(UInt8(ascii: ":")) { return "has a port or colon" }
    if bytes.last == UInt8(ascii: ".") { return "ends with a dot" }
    if bytes.contains(where: ASCII.isUppercase) { return "is not lowercase" }
    let labels = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    if labels.count < 2 { return "is not a fully qualified domain name" }
    for label in labels {
      if label.isEmpty || label.count > 63 { return "has an empty or overlong label" }
      let hyphen = UInt8(ascii: "-")
      if !label.allSatisfy({ ASCII.isAlphanumeric($0) || $0 == hyphen }) || label.first == hyphen
        || label.last == hyphen
      {
        return "has a label outside [a-z0-9-]"
      }
    }
    if labels.last?.allSatisfy(ASCII.isDigit) == true { return "is an IP address" }
    return nil
  }

  static func schemeProblem(_ scheme: String) -> String? {
    let bytes = Array(scheme.utf8)
    if bytes.isEmpty { return "is empty" }
    if !ASCII.isScheme(bytes) {
      return "is not a URI scheme (RFC 3986: a letter, then letters, digits, +, - or .)"
    }
    let lowered = ASCII.lowercased(scheme)
    if lowered == "http" || lowered == "https" { return "must not be http or https" }
    if bytes.contains(where: ASCII.isUppercase) { return "is not lowercase" }
    if !bytes.contains(UInt8(ascii: ".")) {
      return
        "has no dot: RFC 8252 asks for a reverse-DNS private-use scheme; write the app's bundle id or a domain the team owns, reversed (`com.example.\(scheme)`)"
    }
    return nil
  }
}

/// Checks on SHA-256 certificate fingerprints.
public enum Fingerprint {
  /// Why `value` is not a usable SHA-256 fingerprint: malformed, all zero or a placeholder.
  public static func problem(_ value: String) -> String? {
    guard let bytes = parse(value) else {
      return "is not 32 uppercase hex bytes joined by colons"
    }
    if bytes.allSatisfy({ $0 == 0 }) { return "is all zero" }
    if looksLikePlaceholder(bytes) { return "looks like a placeholder, not a real certificate" }
    return nil
  }

  /// The 32 bytes of a colon-joined uppercase hex fingerprint, or nil.
  public static func parse(_ value: String) -> [UInt8]? {
    let parts = value.utf8.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
    guard parts.count == 32 else { return nil }
    var bytes: [UInt8] = []
    for part in parts {
      guard part.count == 2, let high = part.first, let low = part.last, !ASCII.isLowercase(high),
        !ASCII.isLowercase(low), let highValue = ASCII.hexValue(high), let lowValue = ASCII.hexValue(low)
      else { return nil }
      bytes.append(highValue << 4 | lowValue)
    }
    return bytes
  }

  /// Few distinct bytes, bytes in a fixed step (00:01:02..., FF:FE:...), or a short run repeated
  /// (AA:BB:CC:... again and again, 12:34:56:78:90:AB:CD:EF twice or more) are not a digest.
  public static func looksLikePlaceholder(_ bytes: [UInt8]) -> Bool {
    guard bytes.count >= 2 else { return true }
    if Set(bytes).count < 8 { return true }
    let step = bytes[1] &- bytes[0]
    if zip(bytes, bytes.dropFirst()).allSatisfy({ $1 &- $0 == step }) { return true }
    return (1...(bytes.count / 2)).contains { period in
      bytes.indices.dropFirst(period).allSatisfy { bytes[$0] == bytes[$0 - period] }
    }
  }
}
