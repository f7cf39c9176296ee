/// The stores' identifier rules, shared by the contract's checks and the association-file
/// validator.
public enum AppIdentifier {
  /// Whether `id` is an Apple team id: 10 characters of `[0-9A-Z]`.
  public static func isTeamID(_ id: some StringProtocol) -> Bool {
    isTeamID(bytes: id.utf8)
  }

  /// Whether the UTF-8 `bytes` are an Apple team id.
  public static func isTeamID(bytes: some Collection<UInt8>) -> Bool {
    bytes.count == 10 && bytes.allSatisfy { ASCII.isDigit($0) || ASCII.isUppercase($0) }
  }

  /// Whether `name` is an Android application id: two or more dot-separated parts of
  /// `[A-Za-z][A-Za-z0-9_]*`.
  public static func isAndroidPackage(_ name: some StringProtocol) -> Bool {
    isReverseDNS(name, allowHyphen: false)
  }

  /// Whether `identifier` is two or more dot-separated parts, each a letter, then letters,
  /// digits, `_` and, where `allowHyphen`, `-`.
  public static func isReverseDNS(_ identifier: some StringProtocol, allowHyphen: Bool) -> Bool {
    let parts = identifier.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count >= 2 else { return false }
    return parts.allSatisfy { part in
      guard let first = part.first, ASCII.isLetter(first) else { return false }
      return part.allSatisfy {
        ASCII.isAlphanumeric($0) || $0 == UInt8(ascii: "_") || (allowHyphen && $0 == UInt8(ascii: "-"))
      }
    }
  }
}
