import AssociationChecks
import ContractArtifacts
import Foundation
import LinkContract

/// One thing wrong with a served association file: a diagnostic at the file's URL, with what
/// a `differs` problem changes and fires.
public struct HostProblem: Sendable, Hashable {
  public let diagnostic: Diagnostic
  /// The change a `differs` problem is, as `diff` names it.
  public let change: ChangeKind?
  /// The revalidation a `differs` problem fires, as `diff` reports it.
  public let triggers: [RevalidationID]

  public init(diagnostic: Diagnostic, change: ChangeKind? = nil, triggers: [RevalidationID] = []) {
    self.diagnostic = diagnostic
    self.change = change
    self.triggers = triggers
  }

  public var id: DiagnosticID { diagnostic.id }
  public var message: String { diagnostic.message }
}

/// What `verify-host` found for one `.well-known` path.
public struct ServedFileReport: Sendable, Hashable {
  public let path: String
  /// As printed: userinfo and forbidden keys' values redacted (`Printed.url`).
  public let url: String
  /// The HTTP status, nil when no response was read.
  public let status: Int?
  public let problems: [HostProblem]
  /// Differences that change nothing, such as formatting alone, and validator warnings.
  public let notes: [Diagnostic]
}

/// The whole `verify-host` report for one build.
public struct HostReport: Sendable, Hashable {
  public let build: String
  /// As printed, as `ServedFileReport.url`.
  public let baseURL: String
  public let files: [ServedFileReport]

  public var isClean: Bool { files.allSatisfy(\.problems.isEmpty) }

  /// Whether the run reached its timeout before fetching or checking everything.
  public var timedOut: Bool { files.contains { $0.problems.contains { $0.id == .timeout } } }

  /// The revalidation triggers that the differences fire, in the contract's order.
  public func triggers(_ contract: Contract) -> [RevalidationTrigger] {
    let fired = Set(files.flatMap(\.problems).flatMap(\.triggers))
    return contract.revalidation.filter { fired.contains($0.id) }
  }

  /// Compiler-style lines (`URL: error: id: message`), then the triggers and a count.
  public func text(_ contract: Contract) -> String {
    var out = ""
    for file in files {
      let status = file.status.map { "HTTP \($0)" } ?? "no response"
      out += "\(file.url): \(status)\n"
      for problem in file.problems { out += problem.diagnostic.rendered(showingID: true) + "\n" }
      out += file.notes.lines
    }
    let triggers = self.triggers(contract)
    if !triggers.isEmpty {
      out += "revalidation triggers fired:\n"
      for trigger in triggers { out += "  \(trigger.id.rawValue): \(trigger.when)\n" }
    }
    let count = files.map(\.problems.count).reduce(0, +)
    let stopped = timedOut ? " (the run reached its --timeout: what it had not done is a timeout problem)" : ""
    out +=
      count == 0
      ? "verify-host \(build): both files are served correctly and mean what the contract says\n"
      : "verify-host \(build): \(count) problem\(count == 1 ? "" : "s")\(stopped)\n"
    return out
  }

  /// The report for pipelines; its schema is `Site/schema/verify-host.schema.json`.
  public var json: JSON {
    .object([
      ("schemaVersion", .int(releaseCheckSchemaVersion)),
      ("build", .string(build)),
      ("baseUrl", .string(baseURL)),
      (
        "files",
        .array(
          files.map { file in
            .object([
              ("path", .string(file.path)),
              ("url", .string(file.url)),
              ("status", file.status.map(JSON.int) ?? .null),
              (
                "problems",
                .array(
                  file.problems.map { problem in
                    guard case .object(var members) = problem.diagnostic.json else { return problem.diagnostic.json }
                    if let change = problem.change { members.append(("change", .string(change.rawValue))) }
                    if !problem.triggers.isEmpty {
                      members.append(("triggers", .array(problem.triggers.map { .string($0.rawValue) })))
                    }
                    return .object(members)
                  })
              ),
              ("notes", .array(file.notes.map(\.json))),
            ])
          })
      ),
    ])
  }
}

/// Fetches both association files of `build` from `baseURL` (default `https://` + the build's
/// web host) and checks what Apple's and Google's verifiers check, then compares each with the
/// generated file by meaning. `timeout` bounds the whole run: both files are fetched at once,
/// then checked at once, each until the same deadline; what is not fetched or not checked by
/// then is a `timeout` problem.
public func verifyHost(
  _ contract: Contract, build: Build, baseURL: String? = nil, caFile: String? = nil, timeout: Double = 5
) -> HostReport {
  let deadline = ContinuousClock.now + .milliseconds(max(1, Int(timeout * 1000)))
  var base = baseURL ?? "https://\(build.webHost)"
  while base.hasSuffix("/") { base.removeLast() }
  let kinds = AssociationKind.allCases
  let paths = kinds.map { "/.well-known/" + $0.fileName }
  // Printed URLs never show the userinfo or a forbidden key's value that the fetch may use.
  let printedBase = Printed.url(base, forbidden: contract.forbiddenKeys)
  let shown = paths.map { printedBase + $0 }
  guard base.lowercased().hasPrefix("https://") else {
    let files = zip(paths, shown).map { path, url in
      ServedFileReport(
        path: path, url: url, status: nil,
        problems: [problem(.notHTTPS, url, "the verifiers fetch only https; \(url) was not fetched")], notes: [])
    }
    return HostReport(build: build.name, baseURL: printedBase, files: files)
  }
  let fetched = httpGetAll(
    paths.map { base + $0 }, caFile: caFile, timeout: timeout, limit: appSiteAssociationByteLimit)
  let checked = checkAll(fetched, kinds: kinds, shown: shown, contract: contract, build: build, deadline: deadline)
  var files: [ServedFileReport] = []
  for index in kinds.indices {
    let (path, url) = (paths[index], shown[index])
    switch fetched[index] {
    case .failure(.timeout(let seconds)):
      files.append(
        ServedFileReport(
          path: path, url: url, status: nil,
          problems: [problem(.timeout, url, "no complete answer within \(seconds) s")], notes: []))
    case .failure(.unreachable(let why)):
      files.append(
        ServedFileReport(
          path: path, url: url, status: nil, problems: [problem(.unreachable, url, Printed.excerpt(why))], notes: []))
    case .failure(.truncated(let status, let received, let expected)):
      let announced = expected.map { " of the \($0) it announced" } ?? ""
      files.append(
        ServedFileReport(
          path: path, url: url, status: status,
          problems: [
            problem(
              .truncated, url, "the connection closed after \(received) bytes\(announced); the file is incomplete")
          ], notes: []))
    case .success(let response):
      guard let (problems, notes) = checked[index] else {
        files.append(
          ServedFileReport(
            path: path, url: url, status: response.status,
            problems: [problem(.timeout, url, "the checks of the served file did not end within \(timeout) s")],
            notes: []))
        continue
      }
      files.append(ServedFileReport(path: path, url: url, status: response.status, problems: problems, notes: notes))
    }
  }
  return HostReport(build: build.name, baseURL: printedBase, files: files)
}

/// The checks of every fetched file, each on its own thread, until `deadline`: nil for a file
/// not fetched or whose checks had not ended by then (they stop soon after, their matcher
/// bound by the same deadline).
private func checkAll(
  _ fetched: [Result<HTTPResponse, FetchFailure>], kinds: [AssociationKind], shown: [String], contract: Contract,
  build: Build, deadline: ContinuousClock.Instant
) -> [(problems: [HostProblem], notes: [Diagnostic])?] {
  final class Results: @unchecked Sendable {
    let lock = NSLock()
    var values: [(problems: [HostProblem], notes: [Diagnostic])?]
    init(_ count: Int) { values = Array(repeating: nil, count: count) }
  }
  let results = Results(fetched.count)
  let group = DispatchGroup()
  for (index, result) in fetched.enumerated() {
    guard case .success(let response) = result else { continue }
    let (kind, url) = (kinds[index], shown[index])
    group.enter()
    Thread {
      let generated = Array(associationFile(kind, contract, build: build).utf8)
      let checked = checkServed(
        response, kind: kind, generated: generated, contract: contract, url: url, deadline: deadline)
      // Past the deadline the report is already made: a late result is dropped.
      if ContinuousClock.now < deadline { results.lock.withLock { results.values[index] = checked } }
      group.leave()
    }.start()
  }
  let left = ContinuousClock.now.duration(to: deadline).components
  let nanoseconds = max(0, left.seconds * 1_000_000_000 + left.attoseconds / 1_000_000_000)
  _ = group.wait(timeout: .now() + .nanoseconds(Int(nanoseconds)))
  return results.lock.withLock { results.values }
}

/// A `verify-host` problem with the file at `url`.
func problem(
  _ id: DiagnosticID, _ url: String, _ message: String, change: ChangeKind? = nil, triggers: [RevalidationID] = []
) -> HostProblem {
  HostProblem(
    diagnostic: Diagnostic(id: id, location: DiagnosticLocation(path: url), message: message), change: change,
    triggers: triggers)
}

/// The checks on one response, in the order a verifier meets them. Every message goes through
/// `Printed`: what the server sent (a header, a value of its file) never reaches a terminal raw.
package func checkServed(
  _ response: HTTPResponse, kind: AssociationKind, generated: [UInt8], contract: Contract, url: String = "",
  deadline: ContinuousClock.Instant? = nil
) -> (problems: [HostProblem], notes: [Diagnostic]) {
  var problems: [HostProblem] = []
  var notes: [Diagnostic] = []
  func problem(_ id: DiagnosticID, _ message: String, _ change: ChangeKind? = nil, _ triggers: [RevalidationID] = []) {
    problems.append(ReleaseChecks.problem(id, url, printedMessage(message), change: change, triggers: triggers))
  }
  func note(_ id: DiagnosticID, _ message: String) {
    notes.append(
      Diagnostic(id: id, severity: .note, location: DiagnosticLocation(path: url), message: printedMessage(message)))
  }
  if (300..<400).contains(response.status) {
    let target = response.location.map { " to \(Printed.url($0, forbidden: contract.forbiddenKeys))" } ?? ""
    problem(
      .redirect, "answers with a redirect (\(response.status))\(target); Apple's CDN and Android's verifier follow none"
    )
    return (problems, [])
  }
  if response.status != 200 {
    problem(.status, "answers \(response.status), not 200")
    return (problems, [])
  }
  let media = response.contentType.map { type in
    String(type.split(separator: ";", maxSplits: 1).first ?? "").trimmingCharacters(" \t").lowercased()
  }
  if media != associationContentType {
    problem(
      .contentType,
      "is served as \(response.contentType.map { "'\(Printed.excerpt($0))'" } ?? "no content type"), "
        + "not \(associationContentType)")
  }
  if response.overLimit {
    let reader = kind == .appleAppSiteAssociation ? "the most Apple reads" : "the most verify-host reads"
    problem(.tooLarge, "is larger than \(appSiteAssociationByteLimit) bytes, \(reader)")
    return (problems, [])
  }
  var body = response.body
  if body.starts(with: [0xEF, 0xBB, 0xBF]) {
    problem(.byteOrderMark, "starts with a UTF-8 byte-order mark, which the verifiers refuse")
    body.removeFirst(3)
  }
  let validation = validateAssociation(body, kind: kind, forbidden: contract.forbiddenKeys)
  let errors = validation.filter { $0.severity == .error }
  for error in errors { problem(.invalid, error.message) }
  for warning in validation where warning.severity == .warning { note(.hostWarning, "warning: \(warning.message)") }
  if errors.isEmpty {
    let diff = diffAssociationFile(kind.fileName, old: generated, new: body, contract: contract, deadline: deadline)
    for change in diff.changes {
      if change.kind == .claimsUnchecked, let deadline, ContinuousClock.now >= deadline {
        problem(.timeout, "the checks did not end within the time allowed: \(change.detail)")
      } else if change.kind == .formatting || change.kind == .commentChanged {
        note(.hostHarmlessChange, "\(change.kind.rawValue): \(change.detail)")
      } else {
        problem(.differs, "\(change.kind.rawValue): \(change.detail)", change.kind, change.triggers)
      }
    }
  }
  return (problems, notes)
}

/// A message built from what the served file says (a validator's or `diff`'s words quoting its
/// values): control characters escaped, and cut where a quoted value made it long.
func printedMessage(_ message: String) -> String {
  Printed.excerpt(message, limit: 8 * Printed.excerptLimit)
}

extension String {
  func trimmingCharacters(_ set: String) -> String {
    var text = Substring(self)
    while let first = text.first, set.contains(first) { text.removeFirst() }
    while let last = text.last, set.contains(last) { text.removeLast() }
    return String(text)
  }
}
