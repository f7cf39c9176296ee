import ContractArtifacts
import Foundation
import LinkContract
import Testing

@testable import LinkContractTool

// `init` writes a new app's package: its files, the names and example values made from the
// app's name, and its refusals. That the package builds, tests and checks clean as written is
// scripts/test_init.sh's (`make init-check`), which builds it.

@Suite("init writes a new app's package")
struct InitCommandTests {
  /// A temporary folder for one test, removed at its end.
  final class Scratch {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("init-\(UUID().uuidString)").path
    deinit { try? FileManager.default.removeItem(atPath: path) }

    func run(_ arguments: [String]) -> (code: Int32, stdout: String, stderr: String) {
      let captured = CapturedConsole()
      let code = runTool(arguments, console: captured.console, root: path, contract: .design)
      return (code, captured.stdout, captured.stderr)
    }

    func read(_ file: String) -> String? {
      FileManager.default.contents(atPath: path + "/" + file).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every file under `folder`, by path from it.
    func files(_ folder: String) -> Set<String> {
      let root = path + "/" + folder
      var found: Set<String> = []
      let enumerator = FileManager.default.enumerator(atPath: root)
      while let file = enumerator?.nextObject() as? String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: root + "/" + file, isDirectory: &isFolder), !isFolder.boolValue {
          found.insert(file)
        }
      }
      return found
    }
  }

  /// The linkcontract checkout these tests run from: the package `init` depends on by path.
  static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  @Test("The package's files, named after the app")
  func files() throws {
    let scratch = Scratch()
    let result = scratch.run(["init", "app", "--name", "Ferry App", "--linkcontract", Self.checkout])
    #expect(result.code == 0, "\(result.stderr)")
    let app = NewApp("Ferry App")
    let expected: Set<String> = [
      "Package.swift", "Sources/FerryAppContract/FerryApp.swift", "Sources/ferry-app-links/main.swift",
      "Tests/FerryAppTests/FerryAppTests.swift", "Content/index.md", "Content/routes.md", "Content/input-rules.md",
      "Content/builds.md", "Content/association-production.md", "Content/association-staging.md",
      "Content/troubleshooting.md", "Content/check.md", "Makefile", ".gitignore", "README.md",
    ]
    #expect(scratch.files("app") == expected)
    let manifest = try #require(scratch.read("app/Package.swift"))
    #expect(manifest.contains(".package(name: \"linkcontract\", path: \"\(Self.checkout)\")"), "\(manifest)")
    #expect(manifest.contains("name: \"FerryApp\""))
    #expect(manifest.contains(".executableTarget(\n      name: \"ferry-app-links\""), "\(manifest)")
    #expect(manifest.contains(".testTarget(\n      name: \"FerryAppTests\""), "\(manifest)")
    let values = try #require(scratch.read("app/" + app.valuesFile))
    #expect(values.contains("public static let ferryApp = Contract(\n    appName: \"Ferry App\","))
    for build in NewApp.builds {
      #expect(values.contains("webHost: \"\(app.host(build))\""), "\(build)")
      #expect(values.contains("customScheme: \"\(app.appID(build))\""), "\(build)")
      #expect(values.contains("\"\(app.fingerprint(build))\""), "\(build)")
    }
    #expect(app.host("production") == "links.ferry-app.example")
    #expect(app.appID("staging") == "com.example.ferryapp.staging")
    let main = try #require(scratch.read("app/Sources/ferry-app-links/main.swift"))
    #expect(main.contains("LinkContractTool.main(contract: .ferryApp, conformanceTests: \"\(app.conformanceTable)\")"))
    let tests = try #require(scratch.read("app/Tests/FerryAppTests/FerryAppTests.swift"))
    #expect(tests.contains("arguments: LinkConformance.cases"))
    let makefile = try #require(scratch.read("app/Makefile"))
    for target in ["site", "test", "check"] { #expect(makefile.contains("\n\(target): "), "\(target)") }
    #expect(makefile.contains("\n\t$(TOOL) generate\n"))
    let readme = try #require(scratch.read("app/README.md"))
    #expect(readme.contains("    make site ") && readme.contains("    make test "))
    #expect(
      result.stdout.contains("make site") && result.stdout.contains("make test") && result.stdout.contains("make check")
    )
  }

  @Test("Content states no value: every host, scheme, app id and fingerprint is a placeholder")
  func contentHasNoValue() throws {
    let scratch = Scratch()
    #expect(scratch.run(["init", "app", "--name", "Ferry App", "--linkcontract", Self.checkout]).code == 0)
    let app = NewApp("Ferry App")
    let values = NewApp.builds.flatMap { [app.host($0), app.appID($0), app.fingerprint($0)] } + [app.teamID]
    for page in scratch.files("app/Content") {
      let text = try #require(scratch.read("app/Content/" + page))
      for value in values { #expect(!text.contains(value), "\(page) states \(value)") }
    }
  }

  @Test(
    "The example values made from a name pass the rules of a build's values",
    arguments: ["Ferry App", "X", "Harbour-Ferries 2", "ABC Links 2000"])
  func exampleValuesAreValid(_ name: String) {
    #expect(NewApp.problem(name) == nil)
    let app = NewApp(name)
    for build in NewApp.builds {
      let values = Build(
        name: build, webHost: app.host(build), teamID: app.teamID, bundleID: app.appID(build),
        androidPackage: app.appID(build), customScheme: app.appID(build),
        androidCertificateFingerprints: [app.fingerprint(build)])
      #expect(values.problems().isEmpty, "\(name): \(values.problems())")
    }
    #expect(app.fingerprint("production") != app.fingerprint("staging"))
  }

  @Test("A URL is a dependency on its branch main; no source and no known checkout, the placeholder URL")
  func urlDependency() throws {
    let scratch = Scratch()
    let url = "https://git.example.org/team/linkcontract.git"
    #expect(scratch.run(["init", "app", "--name", "Ferry App", "--linkcontract", url]).code == 0)
    let manifest = try #require(scratch.read("app/Package.swift"))
    #expect(manifest.contains(".package(url: \"\(url)\", branch: \"main\")"), "\(manifest)")
    #expect(
      NewPackage.manifest(NewApp("Ferry App"), source: .url(LinkcontractSource.placeholderURL)).contains(
        ".package(url: \"\(LinkcontractSource.placeholderURL)\", branch: \"main\")"))
    #expect(LinkcontractSource.runningPackage == Self.checkout)
  }

  @Test("An empty folder is used; a folder that is not empty, or a file, is refused with exit 2")
  func refusesFolders() throws {
    let scratch = Scratch()
    try FileManager.default.createDirectory(atPath: scratch.path + "/empty", withIntermediateDirectories: true)
    #expect(scratch.run(["init", "empty", "--name", "Ferry App", "--linkcontract", Self.checkout]).code == 0)
    let again = scratch.run(["init", "empty", "--name", "Ferry App", "--linkcontract", Self.checkout])
    #expect(again.code == 2)
    #expect(
      again.stderr.contains("error: 'empty' exists and is not empty: give a new or empty folder"), "\(again.stderr)")
    #expect(scratch.read("empty/README.md")?.hasPrefix("# Ferry App link contract") == true)
    try Data("notes\n".utf8).write(to: URL(fileURLWithPath: scratch.path + "/file"))
    let file = scratch.run(["init", "file", "--name", "Ferry App", "--linkcontract", Self.checkout])
    #expect(file.code == 2)
    #expect(file.stderr.contains("'file' exists and is not a folder"), "\(file.stderr)")
    #expect(scratch.read("file") == "notes\n")
  }

  @Test(
    "A name that cannot make the package's names is refused with exit 2, writing nothing",
    arguments: [
      ("", "is empty"), ("9 Lives", "must start with a letter"), ("Café", "may hold only"),
      ("Ferry \"App\"", "may hold only"), ("Ferry/App", "may hold only"), ("Default", "Swift or Java reserves"),
      ("Link", "which linkcontract has"), (String(repeating: "A", count: 41), "longer than 40"),
    ])
  func refusesNames(_ name: String, _ why: String) {
    let scratch = Scratch()
    let result = scratch.run(["init", "app", "--name", name, "--linkcontract", Self.checkout])
    #expect(result.code == 2)
    #expect(result.stderr.contains(why), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path + "/app"))
  }

  @Test(
    "A command line without a folder, a name or a linkcontract package is refused with exit 2",
    arguments: [
      (["init", "--name", "Ferry App"], "init needs one DIR"),
      (["init", "app"], "init needs --name"),
      (["init", "app", "other", "--name", "Ferry App"], "init needs one DIR"),
      (
        ["init", "app", "--name", "Ferry App", "--linkcontract", "/nonexistent"], "is not a folder with linkcontract's"
      ),
    ])
  func refusesCommandLines(_ arguments: [String], _ why: String) {
    let scratch = Scratch()
    let result = scratch.run(arguments)
    #expect(result.code == 2)
    #expect(result.stderr.contains(why), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path + "/app"))
  }
}
