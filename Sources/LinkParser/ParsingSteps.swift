import LinkContract

/// The parser's algorithm written out for other implementations: `contract.json` publishes it
/// as `parsing`, and the docs' link checker runs from it. Each text says exactly what
/// `LinkParser` does, step by step, in the order of `RejectionReason`.
public enum ParsingSteps {
  /// The bytes no link may hold: whitespace and control characters, backslash, DEL and every
  /// byte of a non-ASCII character. The parser's byte table is made from this list.
  public static let invalidBytes: [ClosedRange<UInt8>] = [0x00...0x20, 0x5C...0x5C, 0x7F...0xFF]

  /// How a link is cut into parts before the steps run.
  public static let parts = """
    A link is read as bytes, never decoded or normalized. Its scheme is its first byte, an ASCII \
    letter, and the letters, digits, `+`, `-` and `.` after it up to the first `:`, which `//` \
    must follow. The authority runs from after `://` to the first `/`, `?` or `#`. The query is \
    there when a `?` comes after `://` and before any `#`: it runs from after the first such `?` \
    to the first `#` or the end; its items are split at every `&`, an item's key runs to its \
    first `=` and its value from there to the item's end (an item without `=` is a key with an \
    empty value). The fragment starts at the first `#`. The path runs from the authority's end \
    to the query or the fragment.
    """

  /// Exactly when a link is rejected for `reason`, every earlier step having passed.
  public static func check(_ reason: RejectionReason) -> String {
    switch reason {
    case .oversized: "The link has more bytes than `maximumLinkBytes`."
    case .malformedURL:
      "The link is empty; or it holds a byte of `invalidBytes`; or it has no scheme followed by `://`; or its query is empty (`?` alone), or one of its items has an empty key (`&&`, a leading or trailing `&`, `?=`)."
    case .malformedEncoding: "The link holds a `%` anywhere."
    case .schemeNotAllowed:
      "The scheme, compared case-insensitively (ASCII), is neither `https` nor the build's `customScheme`."
    case .userinfoPresent: "The authority holds an `@`."
    case .portPresent:
      "The authority holds a `:`; when it starts with `[`, only a `:` after the first `]` counts (none when there is no `]`: then any `:`)."
    case .hostNotConfigured:
      "The scheme is `https` and the authority, compared case-insensitively (ASCII), is not the build's `webHost`: a trailing dot, an IP literal or another build's host differ."
    case .fragmentPresent: "The link holds a `#`."
    case .forbiddenField: "A query item's key is forbidden by `forbiddenWords`."
    case .duplicateField:
      "Two query items have the same key, compared byte for byte: keys differing only in case are two keys."
    case .unknownRoute:
      "For `https`, only route classes whose `carriers` include `https` take part (the `httpsPath` of a `not-an-app-link` route class is a web page, not one of the app's routes). The path is split into segments at each `/` after its leading `/`; an empty path, an empty segment (`//`, a trailing `/`), a `.` or `..` segment, or more segments than any such route's `httpsPath` has, matches nothing. Route classes are tried in order: one whose `httpsPath` has at least as many segments agrees when each of its literal segments among the link's equals the link's segment byte for byte (field segments take anything); it matches when it has as many segments, and the first match wins. With no match, the first agreeing route class with a field segment beyond the link's segments takes the link as a prefix (see `missing-field`); with none, the link is rejected here. For the custom scheme, the path must be empty and the authority must equal a route class's `customSchemeName` byte for byte."
    case .missingField:
      "The path is a prefix of a route class (see `unknown-route`): names its first field segment beyond the link's segments. Or the route's `query.rule` is `exactly-one` and no item's key is one of `query.fields`: names the first of them. Otherwise the chosen query field is the first of `query.fields`, in their order, that an item's key equals."
    case .extraField:
      "A query item's key is not the chosen query field: with `query.rule` `none` every key is extra, and with `exactly-one` every key other than the chosen one is, another of `query.fields` included. Names the first such key in the link's order, printed by `fieldNames`."
    case .invalidValue:
      "A field's value is outside its `format`: each path field's segment in path order, then the chosen query field's value; an empty value is never inside a format. Names the first such field."
    }
  }

  /// What a recognized link carries.
  public static let recognized =
    "A link that passes every step is recognized as its route class, with each path field's segment in path order, then the chosen query field's value, as the link gives them."

  /// How outputs print a field name taken from a link.
  public static let fieldNames =
    "A field name taken from a link is printed when it is plain: 1 to \(FieldName.longestPlain) ASCII letters, digits, `_` and `-`; anything else prints as `\(FieldName.redacted)`, so that a value run into a key never leaks."

  /// `FieldName.isPlain` as a regular expression.
  public static let plainFieldName = "^[A-Za-z0-9_-]{1,\(FieldName.longestPlain)}$"

  /// The line `linkcontract parse` prints for an outcome.
  public static let outcomeLine =
    "`recognized ROUTE NAME=VALUE ...` (one NAME=VALUE per field, in the order above), or `unsupported REASON`, followed by ` FIELD` for a reason that names a field."
}
