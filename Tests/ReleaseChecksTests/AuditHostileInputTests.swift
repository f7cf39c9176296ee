import ContractArtifacts
import CustomerApp
import DesignFixture
import Foundation
import LinkContract
import ReleaseChecks
import Testing

/// A binary property list assembled object by object, for the shapes no writer makes: cycles,
/// deep nesting, references and offsets out of range.
enum BinaryPlistBytes {
  static func bigEndian(_ value: Int, _ width: Int) -> [UInt8] {
    (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }

  /// A marker with its count: in the low four bits, or as the integer object after it.
  static func marker(_ type: UInt8, _ count: Int) -> [UInt8] {
    count < 15 ? [type << 4 | UInt8(count)] : [type << 4 | 0x0F, 0x13] + bigEndian(count, 8)
  }

  static func string(_ text: String) -> [UInt8] { marker(0x5, text.utf8.count) + Array(text.utf8) }
  static func array(_ references: [Int], width: Int = 2) -> [UInt8] {
    marker(0xA, references.count) + references.flatMap { bigEndian($0, width) }
  }
  static func dictionary(_ pairs: [(Int, Int)], width: Int = 2) -> [UInt8] {
    marker(0xD, pairs.count) + pairs.flatMap { bigEndian($0.0, width) } + pairs.flatMap { bigEndian($0.1, width) }
  }

  /// The file: header, objects, the offset table (4-byte offsets) and the trailer.
  static func file(_ objects: [[UInt8]], top: Int = 0, width: Int = 2, version: String = "00", count: Int? = nil)
    -> [UInt8]
  {
    var bytes = Array("bplist\(version)".utf8)
    var offsets: [Int] = []
    for object in objects {
      offsets.append(bytes.count)
      bytes += object
    }
    let table = bytes.count
    for offset in offsets { bytes += bigEndian(offset, 4) }
    return bytes + [0, 0, 0, 0, 0, 0, 4, UInt8(width)] + bigEndian(count ?? objects.count, 8) + bigEndian(top, 8)
      + bigEndian(table, 8)
  }
}

/// `body` run on a thread of its own, so that a body that takes minutes leaves the test's time
/// limit free to fire: run on the test's own thread, it can hold every thread of the pool that
/// the limit's timer needs.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: body()) }.start()
  }
}

/// `audit` of files written to hurt it: unreadable ones are `unreadable` findings with their
/// reason (never `missing`), nothing is expanded or fetched, and no input makes it quadratic.
struct AuditHostileInputTests {
  static let contract = Contract.design
  static let production = contract.builds[0]
  static let host = production.webHost
  static let scheme = production.customScheme
  static let domainsKey = "com.apple.developer.associated-domains"

  static func plist(_ body: String, doctype: String = "") -> [UInt8] {
    Array(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(doctype)<plist version=\"1.0\">\n<dict>\n\(body)</dict>\n</plist>\n"
        .utf8)
  }

  static let bomb: [UInt8] = {
    var entities = "<!ENTITY lol \"lol\">\n"
    for level in 1...9 {
      let previous = level == 1 ? "lol" : "lol\(level - 1)"
      entities += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
    }
    return plist(
      "<key>\(domainsKey)</key><array><string>applinks:&lol9;</string></array>\n",
      doctype: "<!DOCTYPE plist [\n\(entities)]>\n")
  }()

  /// One file the audit cannot read, and what it must say.
  struct Unreadable: Sendable, CustomTestStringConvertible {
    let name: String
    let file: String
    let bytes: [UInt8]
    /// Words of the finding's message.
    let reason: String
    /// The roles the file names, which must not also be reported missing.
    let roles: [AuditRole]
    var testDescription: String { name }
  }

  static let plistPath = "App/Platforms/iOS/Entitlements.plist"
  static let manifestPath = "App/Platforms/Android/AndroidManifest.xml"

  static let unreadable: [Unreadable] = [
    Unreadable(
      name: "an entity bomb (billion laughs)", file: plistPath, bytes: bomb, reason: "an entity bomb",
      roles: [.iosAssociatedDomain]),
    Unreadable(
      name: "an external entity (XXE)", file: plistPath,
      bytes: plist(
        "<key>\(domainsKey)</key><array><string>applinks:&xxe;</string></array>\n",
        doctype: "<!DOCTYPE plist [<!ENTITY xxe SYSTEM \"file:///etc/hostname\">]>\n"),
      reason: "refers to the entity '&xxe;'", roles: [.iosAssociatedDomain]),
    Unreadable(
      name: "an internal entity holding the host", file: plistPath,
      bytes: plist(
        "<key>\(domainsKey)</key><array><string>applinks:&h;</string></array>\n",
        doctype: "<!DOCTYPE plist [<!ENTITY h \"\(host)\">]>\n"),
      reason: "refers to the entity '&h;'", roles: [.iosAssociatedDomain]),
    Unreadable(
      name: "XML nested 300 deep", file: plistPath,
      bytes: plist(
        "<key>\(domainsKey)</key>" + String(repeating: "<array>", count: 300)
          + String(repeating: "</array>", count: 300)),
      reason: "deeper than 256 levels", roles: [.iosAssociatedDomain]),
    Unreadable(
      name: "a binary plist whose offset table lies past its end", file: plistPath,
      bytes: {
        var bytes = BinaryPlistBytes.file([BinaryPlistBytes.string(domainsKey)])
        bytes[bytes.count - 2] = 0x7F
        return bytes
      }(), reason: "does not fit the file", roles: [.iosAssociatedDomain]),
    Unreadable(
      name: "a binary plist that contains itself", file: plistPath,
      bytes: BinaryPlistBytes.file([BinaryPlistBytes.array([0])]), reason: "object 0 contains itself", roles: []),
    Unreadable(
      name: "a binary plist nested 300 deep", file: plistPath,
      bytes: BinaryPlistBytes.file((0..<300).map { BinaryPlistBytes.array($0 < 299 ? [$0 + 1] : []) }),
      reason: "deeper than 256 levels", roles: []),
    Unreadable(
      name: "a binary plist referring to no object", file: plistPath,
      bytes: BinaryPlistBytes.file([BinaryPlistBytes.array([7])]), reason: "an object that does not exist", roles: []),
    Unreadable(
      name: "a binary plist announcing 2^62 entries", file: plistPath,
      bytes: BinaryPlistBytes.file([[0xAF, 0x13] + BinaryPlistBytes.bigEndian(1 << 62, 8)]),
      reason: "runs past the end", roles: []),
    Unreadable(
      name: "a binary plist of another version", file: plistPath,
      bytes: BinaryPlistBytes.file([BinaryPlistBytes.string("x")], version: "15"),
      reason: "version 15 is not supported",
      roles: []),
    Unreadable(
      name: "a compiled (binary XML) manifest", file: manifestPath,
      bytes: [0x03, 0x00, 0x08, 0x00, 0x10, 0x00, 0x00, 0x00] + Array("intent-filter".utf8),
      reason: "could not read this manifest", roles: [.androidAppLinkHost, .androidCallbackScheme]),
    Unreadable(
      name: "a manifest host that refers to an entity", file: manifestPath,
      bytes: Array(
        """
        <?xml version="1.0" encoding="utf-8"?>
        <!DOCTYPE manifest [<!ENTITY h "x">]>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application><activity>
        <intent-filter android:autoVerify="true"><data android:scheme="https" android:host="&h;" /></intent-filter>
        </activity></application></manifest>

        """.utf8), reason: "could not read android:host", roles: [.androidAppLinkHost]),
    Unreadable(
      name: "a project file that is not XML", file: "App/App.csproj",
      bytes: Array("<Project><PropertyGroup><ApplicationId>x</PropertyGroup>".utf8),
      reason: "could not read this project file", roles: [.androidApplicationID]),
    Unreadable(
      name: "a project file's ApplicationId that refers to an entity", file: "App/App.csproj",
      bytes: Array(
        """
        <!DOCTYPE Project [<!ENTITY id "x">]>
        <Project><PropertyGroup><TargetFramework>net8.0-android</TargetFramework>
        <ApplicationId>&id;</ApplicationId></PropertyGroup></Project>

        """.utf8), reason: "could not read this <ApplicationId>", roles: [.androidApplicationID]),
    Unreadable(
      name: "a manifest package that refers to an entity", file: manifestPath,
      bytes: Array(
        """
        <?xml version="1.0" encoding="utf-8"?>
        <!DOCTYPE manifest [<!ENTITY p "x">]>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="&p;"><application /></manifest>

        """.utf8), reason: "could not read package", roles: [.androidApplicationID]),
    Unreadable(
      name: "an appsettings.json that is not JSON", file: "App/appsettings.json",
      bytes: Array("{\"PublicSite\": {\"BaseUrl\": }}".utf8), reason: "could not read this settings file",
      roles: [.publicBaseURL]),
  ]

  @Test(arguments: unreadable)
  func anUnreadableFileIsReportedAsSuch(_ input: Unreadable) throws {
    let checkout = try Checkout(copying: nil)
    defer { checkout.remove() }
    try checkout.write(input.file, bytes: input.bytes)
    let report = audit(Self.contract, root: checkout.root.path)
    let fromFile = report.findings.filter { $0.path == input.file }
    // Nothing is expected missing from a file that could not be read, either.
    #expect(fromFile.map(\.verdict) == [.unreadable], "\(report.text())")
    let finding = try #require(fromFile.first)
    #expect(finding.diagnostic.id == .auditUnreadable)
    #expect(finding.message.contains(input.reason), "\(finding.message)")
    #expect(finding.role == nil && finding.value.isEmpty)
    #expect(finding.build == Self.production.name)
    let missing = report.findings.filter { $0.verdict == .missing }.compactMap(\.role)
    #expect(Set(missing).isDisjoint(with: input.roles), "\(missing)")
    #expect(report.verdicts(Self.production).contains { $0.0 == .unreadable && $0.1 == 1 })
    #expect(SchemaCheck.problems(report.json, auditSchema(Self.contract)) == [])
    #expect(report.text().contains("error: unreadable: [\(Self.production.name)] could not read"))
  }

  /// A file shaped so that a scan reading it up to each value, or searching it from the start
  /// for each, is quadratic: many values, or many values on one line.
  enum Bulk: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case intentFilterLines
    case associatedDomainsOnOneLine
    case runbookURLsOnOneLine
    case allowlistOnOneLine
    case gradleFlavorsOnOneLine
    case projectOverridesOnOneLine

    var testDescription: String { rawValue }

    /// The file, its text, how many findings it gives, and text that its last value starts.
    var input: (file: String, text: String, count: Int, last: String) {
      let host = AuditHostileInputTests.host
      switch self {
      case .intentFilterLines:
        let line =
          "[IntentFilter(new[] { Intent.ActionView }, AutoVerify = true, DataScheme = \"https\", DataHost = \"\(host)\")]\n"
        return ("App/MainActivity.cs", String(repeating: line, count: 8_000) + "class A {}\n", 8_000, host)
      case .associatedDomainsOnOneLine:
        let keys = (0..<20_000).map {
          "<key>\(AuditHostileInputTests.domainsKey)</key><array><string>applinks:h\($0).\(host)</string></array>"
        }
        return (
          AuditHostileInputTests.plistPath,
          String(decoding: AuditHostileInputTests.plist(keys.joined()), as: UTF8.self),
          20_000, "applinks:h19999."
        )
      case .runbookURLsOnOneLine:
        let url = "https://\(host)\(wellKnownPaths[1])"
        return ("Docs/Runbook.md", Array(repeating: url, count: 60_000).joined(separator: " ") + "\n", 60_000, url)
      case .allowlistOnOneLine:
        let scheme = AuditHostileInputTests.scheme
        let items = Array(repeating: "\"\(scheme)\"", count: 40_000).joined(separator: ",")
        return ("App/appsettings.json", #"{"OAuth": {"AllowedReturnUrlSchemes": ["# + items + "]}}\n", 40_000, scheme)
      case .gradleFlavorsOnOneLine:
        // Flavors no build is named after, each shipping production's package.
        let package = AuditHostileInputTests.production.androidPackage
        let flavors = (0..<20_000).map { "f\($0) { applicationId \"\(package)\" }; " }.joined()
        return ("app/build.gradle", "android { productFlavors { \(flavors)} }\n", 20_000, package)
      case .projectOverridesOnOneLine:
        // The last Release override wins: one finding.
        let package = AuditHostileInputTests.production.androidPackage
        let override =
          "<PropertyGroup Condition=\"'$(Configuration)' == 'Release'\"><ApplicationId>\(package)</ApplicationId>"
          + "</PropertyGroup>"
        return (
          "App/App.csproj",
          "<Project><PropertyGroup><TargetFramework>net8.0-android</TargetFramework></PropertyGroup>"
            + String(repeating: override, count: 20_000) + "</Project>\n", 1, package
        )
      }
    }
  }

  /// Every value is found, at its line and column. These files were quadratic before their
  /// fixes; the test checks the findings, never the time (a slow machine must not fail it).
  /// `audit` of each file with
  /// the code before the fix, debug build (as the tests run) on 2 shared cores, then release;
  /// and with the fix, debug:
  /// - intentFilterLines (8,000 lines): 400 s, 77 s; 0.6 s.
  /// - associatedDomainsOnOneLine (20,000): 410 s, 351 s; 1.1 s.
  /// - runbookURLsOnOneLine (60,000): 332 s, (40,000: 100 s); 3.2 s.
  /// - allowlistOnOneLine (40,000): over 600 s (stopped), 45 s; 1.3 s.
  /// The build files were read in one pass from the start (debug, with the fix):
  /// - gradleFlavorsOnOneLine (20,000 flavors): 1.6 s; 80,000: 6.1 s.
  /// - projectOverridesOnOneLine (20,000 overrides): 0.4 s; 160,000: 4.8 s.
  @Test(arguments: Bulk.allCases)
  func manyValuesAreEachFound(_ bulk: Bulk) async throws {
    let checkout = try Checkout(copying: nil)
    defer { checkout.remove() }
    let input = bulk.input
    try checkout.write(input.file, input.text)
    let root = checkout.root.path
    let report = await onOwnThread { audit(Self.contract, root: root) }
    let found = report.findings.filter { $0.path == input.file && $0.verdict != .missing }
    #expect(found.count == input.count)
    let last = try #require(input.text.range(of: input.last, options: .backwards))
    let before = input.text[..<last.lowerBound]
    let line = before.filter { $0 == "\n" }.count + 1
    let column = before.reversed().prefix { $0 != "\n" }.count + 1
    #expect(found.last.map { [$0.line, $0.column] } == [line, column])
  }

  /// An attribute cut off at the end of a file is read to the end, not past it (the scan
  /// trapped on a range whose end came before its start).
  @Test(arguments: ["[IntentFilter(", "[IntentFilter(DataScheme = \"x", "[IntentFilter(("])
  func anUnclosedIntentFilterAtTheEndOfAFile(_ text: String) throws {
    let checkout = try Checkout(copying: nil)
    defer { checkout.remove() }
    try checkout.write("App/MainActivity.cs", text)
    let report = audit(Self.contract, root: checkout.root.path)
    #expect(report.findings.filter { $0.verdict != .missing }.allSatisfy { $0.line == 1 })
  }

  /// A binary plist as Foundation writes it (CFBinaryPList), read as the XML one is.
  @Test func aBinaryPlistIsRead() throws {
    let checkout = try Checkout(copying: nil)
    defer { checkout.remove() }
    let entitlements: [String: Any] = [
      Self.domainsKey: ["applinks:" + Self.host, "webcredentials:" + Self.host],
      "CFBundleURLTypes": [["CFBundleURLName": "é", "CFBundleURLSchemes": [Self.scheme]]],
    ]
    let data = try PropertyListSerialization.data(fromPropertyList: entitlements, format: .binary, options: 0)
    #expect(data.starts(with: Array("bplist00".utf8)))
    try checkout.write(Self.plistPath, bytes: Array(data))
    let report = audit(Self.contract, root: checkout.root.path)
    let fromFile = report.findings.filter { $0.path == Self.plistPath }
    #expect(
      Set(fromFile.map { "\($0.role?.rawValue ?? "-") \($0.value) \($0.verdict.rawValue) \($0.line)" }) == [
        "ios-associated-domain applinks:\(Self.host) matches 0", "ios-url-scheme \(Self.scheme) matches 0",
      ])
  }

  /// Arrays that each refer twice to the next, 64 deep: 2^64 paths, 65 objects. Each object is
  /// walked once, so the dictionary at the bottom gives one finding.
  @Test func aBinaryPlistSharingObjectsIsWalkedOnce() async throws {
    let checkout = try Checkout(copying: nil)
    defer { checkout.remove() }
    var objects = (0..<64).map { BinaryPlistBytes.array([$0 + 1, $0 + 1]) }
    objects.append(BinaryPlistBytes.dictionary([(65, 66)]))
    objects.append(BinaryPlistBytes.string(Self.domainsKey))
    objects.append(BinaryPlistBytes.array([67]))
    objects.append(BinaryPlistBytes.string("applinks:" + Self.host))
    try checkout.write(Self.plistPath, bytes: BinaryPlistBytes.file(objects))
    let root = checkout.root.path
    let report = await onOwnThread { audit(Self.contract, root: root) }
    #expect(report.findings.filter { $0.path == Self.plistPath }.map(\.verdict) == [.matches])
  }
}
