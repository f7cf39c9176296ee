/// How any command prints text it did not write itself (a value read from a file, a header a
/// server sent, a URL given on the command line): the one rule, so that no output echoes a
/// control character, a secret or a megabyte.
public enum Printed {
  /// What stands in place of a secret: a URL's userinfo, or the value of a forbidden key.
  public static let redacted = "[redacted]"
  /// The most characters of a foreign value a message quotes.
  public static let excerptLimit = 80

  /// `text` safe to print: each control character (C0, DEL, C1) written as `\u{XX}`, and, past
  /// `limit` characters, cut with `…` and the full length in bytes.
  public static func excerpt(_ text: some StringProtocol, limit: Int = excerptLimit) -> String {
    excerpt(text.unicodeScalars, byteCount: text.utf8.count, limit: limit)
  }

  /// `text` whole, each control character written as `\u{XX}` as `excerpt` writes it: a path
  /// printed before a diagnostic (a newline in a file's name must not start a forged line).
  public static func escaped(_ text: some StringProtocol) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return String(text) }
    return excerpt(text.unicodeScalars, byteCount: text.utf8.count, limit: .max)
  }

  /// Bytes that may not be UTF-8, printed as `excerpt` prints text; invalid bytes read as U+FFFD.
  public static func excerpt(bytes: some Collection<UInt8>, limit: Int = excerptLimit) -> String {
    let head = String(decoding: bytes.prefix(4 * limit + 4), as: UTF8.self)
    return excerpt(head.unicodeScalars, byteCount: bytes.count, limit: limit)
  }

  private static func excerpt(
    _ scalars: some Sequence<Unicode.Scalar>, byteCount: Int, limit: Int
  ) -> String {
    var result = ""
    var count = 0
    var cut = false
    for scalar in scalars {
      if count == limit {
        cut = true
        break
      }
      count += 1
      if isControl(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    if cut { result += "… (\(byteCount) bytes)" }
    return result
  }

  /// A URL as printed: its userinfo and the value of every query or fragment item whose key
  /// `forbidden` names read `[redacted]`; then as `excerpt`.
  public static func url(_ text: some StringProtocol, forbidden: ForbiddenWords, limit: Int = 200) -> String {
    excerpt(redactingURL(String(text), forbidden: forbidden), limit: limit)
  }

  /// `text` with a URL's secrets replaced, and nothing else changed; text with no `://` or `?`
  /// is returned as it is.
  public static func redactingURL(_ text: String, forbidden: ForbiddenWords) -> String {
    var rest = Substring(text)
    var head = ""
    if let scheme = rest.firstRange(of: "://") {
      head = String(rest[..<scheme.upperBound])
      rest = rest[scheme.upperBound...]
      let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
      if let at = rest[..<authorityEnd].lastIndex(of: "@") {
        head += redacted + "@"
        rest = rest[rest.index(after: at)...]
      }
    }
    guard let mark = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) else { return head + rest }
    head += rest[...mark]
    rest = rest[rest.index(after: mark)...]
    var items: [String] = []
    var item = ""
    func flush() {
      if let equals = item.firstIndex(of: "="), forbidden.matches(item[..<equals]) {
        items.append(item[...equals] + redacted)
      } else {
        items.append(item)
      }
      item = ""
    }
    var separators: [Character] = []
    for character in rest {
      if character == "&" || character == ";" || character == "#" {
        flush()
        separators.append(character)
      } else {
        item.append(character)
      }
    }
    flush()
    var result = head + items[0]
    for (separator, next) in zip(separators, items.dropFirst()) {
      result.append(separator)
      result += next
    }
    return result
  }

  /// Whether `scalar` is a control character: C0, DEL or C1.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
