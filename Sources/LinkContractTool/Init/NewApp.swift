import ContractArtifacts
import Foundation

/// The names and example values of a new adopter's package, all made from the app's name
/// (`Ferry App`): its Swift names, its tool's name and the example values of its builds, which
/// the values file says to replace.
struct NewApp {
  /// The app's name as given: `Ferry App`.
  let appName: String
  /// The name's words: `Ferry`, `App`.
  let words: [Substring]

  /// Why `name` cannot name a new app's package, or nil when it can.
  static func problem(_ name: String) -> String? {
    guard !name.isEmpty else { return "is empty" }
    guard name.count <= 40 else { return "is longer than 40 characters" }
    guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else {
      return "must start with a letter (A to Z)"
    }
    let allowed = name.unicodeScalars.allSatisfy {
      $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == " " || $0 == "-")
    }
    guard allowed else { return "may hold only letters A to Z, digits, spaces and `-`" }
    let app = NewApp(name)
    if keywords.contains(app.valueName) || keywords.contains(app.joined) {
      return "makes `\(app.valueName)`, a word Swift or Java reserves: add a word, such as `\(name) App`"
    }
    if linkcontractModules.contains(app.module) || linkcontractModules.contains(app.testTarget) {
      return "makes the module `\(app.module)`, which linkcontract has: choose another name"
    }
    return nil
  }

  /// The app named `name`, which `problem(name)` accepts.
  init(_ name: String) {
    appName = name
    words = name.split { $0 == " " || $0 == "-" }
  }

  /// `FerryApp`: the package's name and the start of its targets' names.
  var typeName: String { words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() }
  /// `ferryApp`: the name of the contract value (`Contract.ferryApp`).
  var valueName: String {
    let type = typeName
    return type.prefix(1).lowercased() + type.dropFirst()
  }
  /// `FerryAppContract`: the library target with the values.
  var module: String { typeName + "Contract" }
  /// `FerryAppTests`: the test target.
  var testTarget: String { typeName + "Tests" }
  /// `ferry-app`: the name in a host.
  var kebab: String { words.map { $0.lowercased() }.joined(separator: "-") }
  /// `ferryapp`: the name in an app id, a package and a scheme.
  var joined: String { words.map { $0.lowercased() }.joined() }
  /// `ferry-app-links`: the tool's executable.
  var executable: String { kebab + "-links" }
  /// `FerryAppFields`: the namespace of the app's fields.
  var fields: String { typeName + "Fields" }
  /// `FerryAppWords`: the namespace of the app's words for each rejection reason.
  var wordsType: String { typeName + "Words" }
  /// Where the values are: `Sources/FerryAppContract/FerryApp.swift`.
  var valuesFile: String { "Sources/\(module)/\(typeName).swift" }
  /// Where the tool writes the conformance table for the tests.
  var conformanceTable: String { "Tests/\(testTarget)/ConformanceTable.generated.swift" }

  /// The example builds, production first.
  static let builds = ["production", "staging"]

  /// The example web host of `build`: `links.ferry-app.example`, `links.staging.ferry-app.example`
  /// (`.example` is reserved for documentation, RFC 2606).
  func host(_ build: String) -> String {
    build == "production" ? "links.\(kebab).example" : "links.\(build).\(kebab).example"
  }

  /// The example bundle id, Android package and custom scheme of `build`, reverse-DNS:
  /// `com.example.ferryapp`, `com.example.ferryapp.staging`.
  func appID(_ build: String) -> String {
    build == "production" ? "com.example.\(joined)" : "com.example.\(joined).\(build)"
  }

  /// The text whose SHA-256 is the example fingerprint of `build`.
  /// The app's name as a possessive: `Ferry App's`, `Harbour Ferries'`.
  var possessive: String { appName.hasSuffix("s") ? appName + "'" : appName + "'s" }

  func certificateText(_ build: String) -> String { "\(appName) documentation certificate: \(build)" }

  /// A well-formed fingerprint that is no certificate's: the SHA-256 of `certificateText`.
  func fingerprint(_ build: String) -> String {
    SHA256.hash(Array(certificateText(build).utf8)).map { byte in
      let digits = Array("0123456789ABCDEF")
      return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }.joined(separator: ":")
  }

  /// A well-formed Apple team id that is no team's: ten characters of the SHA-256 of the name.
  var teamID: String { String(SHA256.hex(Array("\(appName) documentation team".utf8)).prefix(10)).uppercased() }

  /// Words that Swift or Java reserve, which the contract value's name or a segment of an app
  /// id cannot be.
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
    "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
    "any", "as", "await", "false", "is", "nil", "self", "super", "throws", "true", "try", "abstract", "assert",
    "boolean", "byte", "char", "const", "double", "final", "finally", "float", "goto", "implements", "instanceof",
    "int", "interface", "long", "native", "new", "null", "package", "short", "strictfp", "synchronized", "this",
    "transient", "void", "volatile",
  ]

  /// The modules of linkcontract's package, which a new app's targets may not be named.
  static let linkcontractModules: Set<String> = [
    "LinkContract", "LinkParser", "LinkLifecycle", "ContractArtifacts", "AssociationChecks", "SiteGenerator",
    "ReleaseChecks", "LinkContractTool", "CustomerApp", "LinkContractCLI", "DesignFixture", "FuzzDriver",
    "LinkParserFuzz", "ContentFuzz", "ParserBench", "CCmark", "CLibXML2", "CCurl", "CFileExchange", "CHeapRoom",
    "CMarkdownArena",
  ]
}

/// Where the new package finds linkcontract: a local folder or a git URL.
enum LinkcontractSource: Equatable {
  case path(String)
  case url(String)

  /// The URL written when no source is given and the running tool's package is not known.
  static let placeholderURL = "https://git.example.com/linkcontract.git"

  /// The package that holds this file, when it is a linkcontract checkout on this machine
  /// rather than a copy that another package's build fetched.
  static var runningPackage: String? {
    let file = #filePath
    let parts = file.split(separator: "/", omittingEmptySubsequences: false)
    guard file.hasPrefix("/"), parts.count > 4, !parts.contains(".build"), !parts.contains("checkouts") else {
      return nil
    }
    let root = parts.dropLast(4).joined(separator: "/")
    return isLinkcontract(root) ? root : nil
  }

  /// Whether `folder` holds linkcontract's package.
  static func isLinkcontract(_ folder: String) -> Bool {
    guard let data = FileManager.default.contents(atPath: folder + "/Package.swift") else { return false }
    return String(decoding: data, as: UTF8.self).contains("name: \"linkcontract\"")
  }
}
