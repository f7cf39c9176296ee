import ContractArtifacts
import DesignFixture
import Foundation
import LinkContract
import ReleaseChecks
import Testing

// `audit`'s `android-application-id`: the application id the Android release build ships, read
// from Gradle files, .NET project files and manifests shaped as public projects write them
// (`Fixtures/build-files/`, whose values are placeholders filled from each adopter's builds).

/// A build-file fixture filled with `contract`'s values: `{package:N}` is build N's package,
/// `{suffix:N}` what build N's package adds to build 0's, `{build:N}` build N's name and
/// `{Build:N}` that name capitalized.
func buildFile(_ template: String, _ contract: Contract) -> String {
  var text = template
  let base = contract.builds[0].androidPackage
  for (index, build) in contract.builds.enumerated() {
    text = text.replacingOccurrences(of: "{package:\(index)}", with: build.androidPackage)
      .replacingOccurrences(of: "{suffix:\(index)}", with: String(build.androidPackage.dropFirst(base.count)))
      .replacingOccurrences(of: "{build:\(index)}", with: build.name)
      .replacingOccurrences(of: "{Build:\(index)}", with: build.name.prefix(1).uppercased() + build.name.dropFirst())
  }
  return text
}

@Suite("audit reads the application id the Android release build ships")
struct ApplicationIDTests {
  static let fixtures = Checkout.fixtures.appendingPathComponent("build-files")

  /// One finding a shape must give: in `file`, on the line holding `line` and at `at` in it
  /// (both templates), with its verdict, value (a template) and the index of its build.
  struct Expected: Sendable {
    let file: String
    let line: String
    let at: String
    let verdict: AuditVerdict
    let value: String
    let build: Int
  }

  /// Fixture files placed in a checkout, the build `audit` is told to judge (or none), the
  /// findings of the role, and the builds it reports missing.
  struct Shape: Sendable, CustomTestStringConvertible {
    let name: String
    let files: [String: String]
    var build: Int? = nil
    let expected: [Expected]
    var missing: [Int] = []
    var testDescription: String { name }
  }

  static let shapes: [Shape] = [
    Shape(
      name: "Groovy flavors named after the builds, a flavor no build stands for, a debug suffix",
      files: ["app/build.gradle": "environment-flavors.gradle"],
      expected: [
        Expected(
          file: "app/build.gradle", line: "applicationId \"{package:0}\"", at: "{package:0}", verdict: .matches,
          value: "{package:0}", build: 0),
        Expected(
          file: "app/build.gradle", line: "applicationIdSuffix \"{suffix:1}\"", at: "{suffix:1}",
          verdict: .matches, value: "{package:1}", build: 1),
      ]),
    Shape(
      name: "a Kotlin release build type whose suffix ships another build's package",
      files: ["app/build.gradle.kts": "release-suffix.gradle.kts"], build: 0,
      expected: [
        Expected(
          file: "app/build.gradle.kts", line: "applicationIdSuffix = \"{suffix:1}\"", at: "{suffix:1}",
          verdict: .foreignBuild, value: "{package:1}", build: 0)
      ], missing: [0]),
    Shape(
      name: "Kotlin flavors created by name in a script beside the build file",
      files: ["android/app/flavorizr.gradle.kts": "flavor-ids.gradle.kts"],
      expected: [
        Expected(
          file: "android/app/flavorizr.gradle.kts", line: "applicationId = \"{package:0}\"", at: "{package:0}",
          verdict: .matches, value: "{package:0}", build: 0),
        Expected(
          file: "android/app/flavorizr.gradle.kts", line: "applicationId = \"{package:1}\"", at: "{package:1}",
          verdict: .matches, value: "{package:1}", build: 1),
      ]),
    Shape(
      name: "a build type named after a build beside release and benchmark",
      files: ["app/build.gradle": "build-types.gradle"],
      expected: [
        Expected(
          file: "app/build.gradle", line: "applicationId '{package:0}'", at: "{package:0}", verdict: .matches,
          value: "{package:0}", build: 0),
        Expected(
          file: "app/build.gradle", line: "applicationIdSuffix '{suffix:1}'", at: "{suffix:1}", verdict: .matches,
          value: "{package:1}", build: 1),
      ]),
    Shape(
      name: "an applicationId from a version catalog is computed",
      files: ["app/build.gradle.kts": "computed.gradle.kts"],
      expected: [
        Expected(
          file: "app/build.gradle.kts", line: "defaultConfig.applicationId", at: "libs.versions", verdict: .computed,
          value: "libs.versions.applicationId.get()", build: 0)
      ]),
    Shape(
      name: "an interpolated applicationId is computed",
      files: ["app/build.gradle": "interpolated.gradle"],
      expected: [
        Expected(
          file: "app/build.gradle", line: "applicationId", at: "\"${", verdict: .computed,
          value: "\"${rootProject.ext.appIdBase}.app\"", build: 0)
      ]),
    Shape(
      name: "a release suffix set under a condition is computed",
      files: ["app/build.gradle": "branch.gradle"],
      expected: [
        Expected(
          file: "app/build.gradle", line: "applicationIdSuffix", at: "\"{suffix:1}\"", verdict: .computed,
          value: "\"{suffix:1}\"", build: 0)
      ]),
    Shape(
      name: "an application module's namespace stands for the id it does not set",
      files: ["app/build.gradle.kts": "namespace-only.gradle.kts"],
      expected: [
        Expected(
          file: "app/build.gradle.kts", line: "namespace", at: "{package:0}", verdict: .matches,
          value: "{package:0}", build: 0)
      ]),
    Shape(
      name: "a library module's namespace and manifest are no application id",
      files: [
        "feature/build.gradle.kts": "library.gradle.kts", "feature/src/main/AndroidManifest.xml": "AndroidManifest.xml",
      ],
      expected: [], missing: [0]),
    Shape(
      name: "a manifest's package below a module that sets the id is not read",
      files: [
        "app/build.gradle.kts": "release-suffix.gradle.kts", "app/src/main/AndroidManifest.xml": "AndroidManifest.xml",
      ],
      build: 0,
      expected: [
        Expected(
          file: "app/build.gradle.kts", line: "applicationIdSuffix = \"{suffix:1}\"", at: "{suffix:1}",
          verdict: .foreignBuild, value: "{package:1}", build: 0)
      ], missing: [0]),
    Shape(
      name: "a manifest's package where no build file sets the id",
      files: ["Platforms/Android/AndroidManifest.xml": "AndroidManifest.xml"],
      expected: [
        Expected(
          file: "Platforms/Android/AndroidManifest.xml", line: "package=", at: "{package:0}", verdict: .matches,
          value: "{package:0}", build: 0)
      ]),
    Shape(
      name: "a .NET Release override to another build's package",
      files: ["App/App.csproj": "release-override.csproj"], build: 0,
      expected: [
        Expected(
          file: "App/App.csproj", line: "<ApplicationId>{package:1}", at: "{package:1}", verdict: .foreignBuild,
          value: "{package:1}", build: 0)
      ], missing: [0]),
    Shape(
      name: "Debug, Release and a configuration named after a build, as element conditions",
      files: ["App/App.csproj": "element-conditions.csproj"],
      expected: [
        Expected(
          file: "App/App.csproj", line: "== 'Release'\">{package:0}<", at: "{package:0}", verdict: .matches,
          value: "{package:0}", build: 0),
        Expected(
          file: "App/App.csproj", line: "== '{Build:1}'\">{package:1}<", at: "{package:1}", verdict: .matches,
          value: "{package:1}", build: 1),
      ]),
    Shape(
      name: "the iOS id of a platform condition is not the Android one",
      files: ["App/App.csproj": "platform-conditions.csproj"],
      expected: [
        Expected(
          file: "App/App.csproj", line: "\t\t\t{package:0}", at: "{package:0}", verdict: .matches, value: "{package:0}",
          build: 0)
      ]),
    Shape(
      name: "an ApplicationId built from an MSBuild property is computed",
      files: ["App/App.csproj": "property.csproj"],
      expected: [
        Expected(
          file: "App/App.csproj", line: "<ApplicationId>", at: "$(", verdict: .computed,
          value: "$(ProductionApplicationId)", build: 0)
      ]),
    Shape(
      name: "an ApplicationId under a condition audit cannot decide is computed",
      files: ["App/App.csproj": "unknown-condition.csproj"],
      expected: [
        Expected(
          file: "App/App.csproj", line: "{package:0}.mono", at: "{package:0}", verdict: .computed,
          value: "{package:0}.mono", build: 0)
      ]),
    Shape(
      name: "a project that targets iOS alone is not read",
      files: ["App/App.csproj": "ios-only.csproj"], expected: [], missing: [0]),
  ]

  @Test(arguments: shapes, [AdopterCase.design, AdopterCase.ferry])
  func readsTheReleaseApplicationID(_ shape: Shape, _ adopter: AdopterCase) throws {
    let contract = adopter.contract
    let checkout = try Checkout(copying: nil)
    defer { checkout.remove() }
    for (path, fixture) in shape.files {
      let template = try String(contentsOf: Self.fixtures.appendingPathComponent(fixture), encoding: .utf8)
      try checkout.write(path, buildFile(template, contract))
    }
    let report = audit(contract, root: checkout.root.path, build: shape.build.map { contract.builds[$0] })
    let found = report.findings.filter { $0.role == .androidApplicationID && $0.verdict != .missing }
    var expected: [String] = []
    for item in shape.expected {
      let text = try checkout.read(item.file)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      let index = try #require(lines.firstIndex { $0.contains(buildFile(item.line, contract)) }, "\(item.line)")
      let column = try #require(lines[index].range(of: buildFile(item.at, contract)))
      let columnNumber = lines[index].distance(from: lines[index].startIndex, to: column.lowerBound) + 1
      expected.append(
        "\(item.file):\(index + 1):\(columnNumber) \(item.verdict.rawValue) \(contract.builds[item.build].name) "
          + buildFile(item.value, contract))
    }
    #expect(
      found.map { "\($0.path ?? ""):\($0.line):\($0.column) \($0.verdict.rawValue) \($0.build ?? "-") \($0.value)" }
        == expected, "\(report.text())")
    let missing = report.findings.filter { $0.role == .androidApplicationID && $0.verdict == .missing }
    #expect(missing.map(\.build) == shape.missing.map { contract.builds[$0].name })
    #expect(missing.allSatisfy { $0.value == contract.build(named: $0.build ?? "")?.androidPackage })
    // A computed id is a note, never a failure of its own.
    for finding in found where finding.verdict == .computed {
      #expect(finding.diagnostic.severity == .note)
      #expect(finding.message.contains("computed"))
    }
    #expect(SchemaCheck.problems(report.json, auditSchema(contract)) == [])
  }

  /// The message says how the release build's id is made up, line by line.
  @Test func theMessageNamesEachPieceOfTheID() throws {
    let contract = Contract.design
    let checkout = try Checkout(copying: nil)
    defer { checkout.remove() }
    let template = try String(
      contentsOf: Self.fixtures.appendingPathComponent("release-suffix.gradle.kts"), encoding: .utf8)
    try checkout.write("app/build.gradle.kts", buildFile(template, contract))
    let report = audit(contract, root: checkout.root.path, build: contract.builds[0])
    let finding = try #require(report.findings.first { $0.verdict == .foreignBuild })
    #expect(
      finding.message
        == "\(contract.builds[1].name)'s package, shipped by \(contract.builds[0].name)'s release build "
        + "(the release build: defaultConfig's applicationId (line 10) + the release build type's "
        + "applicationIdSuffix (line 21)); Digital Asset Links name the package the release build ships")
    #expect(report.text().contains("app/build.gradle.kts:21:36: error: foreign-build:"))
  }

  /// A Release id that is no build's package: a placeholder (the marker words every role knows,
  /// the .NET template's own id) or a stale one, which leaves no build's package missing beside it.
  @Test(arguments: [
    ("REPLACE_WITH_APPLICATION_ID", AuditVerdict.placeholder), ("com.companyname.app", .placeholder),
    ("{package:0}.old", .stale),
  ])
  func aReleaseIDOfNoBuild(_ template: String, _ verdict: AuditVerdict) throws {
    let contract = Contract.ferry
    let value = buildFile(template, contract)
    let checkout = try Checkout(copying: nil)
    defer { checkout.remove() }
    let before = "<Project><PropertyGroup><TargetFramework>net8.0-android</TargetFramework><ApplicationId>"
    try checkout.write("App/App.csproj", before + value + "</ApplicationId></PropertyGroup></Project>\n")
    let report = audit(contract, root: checkout.root.path)
    let found = report.findings.filter { $0.role == .androidApplicationID }
    #expect(found.map(\.verdict) == [verdict], "\(report.text())")
    #expect(found.map(\.value) == [value])
    #expect(found.map { [$0.line, $0.column] } == [[1, before.count + 1]])
  }

  /// An app with no Android snippet has no application id to check: its build files are not read.
  @Test func noAndroidSnippetNoRole() throws {
    let contract = Contract.ferry.replacing(nativeSnippets: [.iosAssociatedDomains, .iosURLTypes])
    #expect(!auditRoles(contract).contains(.androidApplicationID))
    let checkout = try Checkout(copying: nil)
    defer { checkout.remove() }
    let template = try String(
      contentsOf: Self.fixtures.appendingPathComponent("release-suffix.gradle.kts"), encoding: .utf8)
    try checkout.write("app/build.gradle.kts", buildFile(template, contract))
    let report = audit(contract, root: checkout.root.path)
    #expect(!report.findings.contains { $0.role == .androidApplicationID || $0.path == "app/build.gradle.kts" })
    #expect(!auditSchema(contract).pretty.contains(AuditRole.androidApplicationID.rawValue))
  }

  /// A checkout whose only finding is a computed id is clean: `audit` exits 0.
  @Test func aComputedIDAloneIsClean() throws {
    let contract = Contract.ferry.replacing(nativeSnippets: [.androidIntentFilter])
    let checkout = try Checkout(copying: nil)
    defer { checkout.remove() }
    let build = contract.builds[0]
    let filter = try #require(
      nativeSnippets(contract, build: build).first { $0.name == snippetFile(.androidIntentFilter) })
    try checkout.write("android/app/src/main/AndroidManifest.xml", filter.contents)
    try checkout.write(
      "android/app/build.gradle.kts",
      "android {\n  defaultConfig {\n    applicationId = providers.gradleProperty(\"appId\").get()\n  }\n}\n")
    let report = audit(contract, root: checkout.root.path, build: build)
    #expect(report.findings.map(\.verdict).sorted { $0.rawValue < $1.rawValue } == [.computed, .matches])
    #expect(report.isClean, "\(report.text())")
    #expect(report.text().contains("note: computed:"))
  }
}
