/// A stable kebab-case id the app declares with one of its values (a route class, a gate, a
/// layer, a troubleshooting row, a verification item, a revalidation trigger), written as a
/// string literal where it is used (`RouteClass(id: "checkout", ...)`).
public protocol ContractID: RawRepresentable<String>, Sendable, Hashable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  init(rawValue: String)
}

extension ContractID {
  /// The id `rawValue`.
  public init(_ rawValue: String) { self.init(rawValue: rawValue) }
  /// The id the literal spells.
  public init(stringLiteral value: String) { self.init(rawValue: value) }
  /// The id itself.
  public var description: String { rawValue }
}
