/// An enumeration ordered as its cases are declared.
public protocol DeclarationOrdered: CaseIterable, Comparable {}

extension DeclarationOrdered {
  /// The case's place in declaration order.
  public var rank: Int { Self.allCases.prefix { $0 != self }.count }
  public static func < (a: Self, b: Self) -> Bool { a.rank < b.rank }
}
