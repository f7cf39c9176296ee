/// The two association files a web host serves.
public enum AssociationKind: String, Sendable, Hashable, CaseIterable {
  case appleAppSiteAssociation = "aasa"
  case assetLinks = "assetlinks"

  /// The kind a file's name implies: `apple-app-site-association` (with or without `.json`) or
  /// `assetlinks.json`; nil for any other name.
  public init?(fileName path: String) {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    switch name {
    case "apple-app-site-association", "apple-app-site-association.json": self = .appleAppSiteAssociation
    case "assetlinks.json": self = .assetLinks
    default: return nil
    }
  }

  /// The kind the content implies: a JSON array is a statement list, an object an
  /// `apple-app-site-association` file; nil when the first byte after spaces (and a byte-order
  /// mark) is neither `[` nor `{`.
  public init?(sniffing bytes: [UInt8]) {
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let whitespace = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")]
    while index < bytes.count, whitespace.contains(bytes[index]) { index += 1 }
    guard index < bytes.count else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "["): self = .assetLinks
    case UInt8(ascii: "{"): self = .appleAppSiteAssociation
    default: return nil
    }
  }

  /// The file's name on the web host.
  public var fileName: String {
    switch self {
    case .appleAppSiteAssociation: "apple-app-site-association"
    case .assetLinks: "assetlinks.json"
    }
  }
}
