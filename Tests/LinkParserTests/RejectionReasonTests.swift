import DesignFixture
import LinkContract
import LinkParser
import Testing

// Hand-written cases for every row of docs/design.md's rejection-reason table. The expectations
// are written from docs/design.md, not from the parser. Each template runs on both builds:
//   {h} the build's web host          {s} the build's custom scheme
//   {H} the host in uppercase         {S} the scheme in uppercase
//   {hm} the host in mixed case       {sm} the scheme in mixed case
//   {oh} the other build's host       {os} the other build's custom scheme
//   {b} {c} {p} {ca} {o} reserved business, category, product, cart and order references
//   {code} a 32-character code, {code128} a 128-character one

/// Reserved documentation references and codes used by the hand-written cases.
enum LinkSamples {
  static let business = "bz_0000Business0001"
  static let category = "ct_0000Category0001"
  static let product = "pr_0000Product00001"
  static let cart = "ca_0000Cart00000001"
  static let order = "or_0000Order0000001"

  /// A base64url code of exactly `length` characters.
  static func code(_ length: Int) -> String {
    let alphabet = Array("0000DocCode_-ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    return String((0..<length).map { alphabet[$0 % alphabet.count] })
  }

  /// A reference with `prefix` and a reserved body of exactly `bodyLength` characters.
  static func reference(_ prefix: String, bodyLength: Int) -> String {
    let body = Array("0000Abcdefghijklmnopqrstuvwxyz0123456789")
    return prefix + String((0..<bodyLength).map { body[$0 % body.count] })
  }

  static var production: Build { Contract.design.build(named: "production")! }
  static var staging: Build { Contract.design.build(named: "staging")! }
  static var builds: [Build] { [production, staging] }

  static func other(than build: Build) -> Build {
    Contract.design.builds.first { $0.name != build.name }!
  }

  /// Alternating case: `lInKs.ExAmPlE.CoM`.
  static func mixedCase(_ text: String) -> String {
    var upper = false
    return String(
      text.map { character -> Character in
        guard character.isLetter else { return character }
        upper.toggle()
        return upper ? Character(character.uppercased()) : Character(character.lowercased())
      })
  }

  /// Expands a template's placeholders for `build`.
  static func expand(_ template: String, for build: Build) -> String {
    let other = other(than: build)
    let replacements: [(String, String)] = [
      ("{code128}", code(128)), ("{code}", code(32)),
      ("{hm}", mixedCase(build.webHost)), ("{sm}", mixedCase(build.customScheme)),
      ("{oh}", other.webHost), ("{os}", other.customScheme),
      ("{h}", build.webHost), ("{s}", build.customScheme),
      ("{H}", build.webHost.uppercased()), ("{S}", build.customScheme.uppercased()),
      ("{ca}", cart), ("{b}", business), ("{c}", category), ("{p}", product), ("{o}", order),
    ]
    var text = template
    for (token, value) in replacements {
      text = text.replacing(token, with: value)
    }
    return text
  }

  /// `prefix`, then `filler` as often as fits, then `a`s, to exactly `total` UTF-8 bytes.
  static func padded(_ prefix: String, to total: Int, filler: Character = "a") -> String {
    var text = prefix
    let fillerBytes = String(filler).utf8.count
    while text.utf8.count + fillerBytes <= total { text.append(filler) }
    while text.utf8.count < total { text.append("a") }
    return text
  }

  /// A printable form of a link for test names: control, space and non-ASCII characters escaped,
  /// long links shortened.
  static func printable(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar.value <= 0x20 || scalar.value >= 0x7F {
        out += "\\u{" + String(scalar.value, radix: 16) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    if out.count > 96 { out = String(out.prefix(80)) + "...(\(text.utf8.count) bytes)" }
    return out
  }
}

/// One hand-written rejection: a link on one build and the one reason docs/design.md gives it.
struct ReasonCase: Sendable, CustomTestStringConvertible {
  let build: Build
  let label: String
  let input: String
  let reason: RejectionReason
  let field: String?

  var testDescription: String {
    "\(build.name) \(label) -> \(reason.rawValue)" + (field.map { " " + $0 } ?? "")
  }

  /// The case for each build, from a template.
  static func each(
    _ reason: RejectionReason, _ field: String? = nil, _ templates: String...
  ) -> [ReasonCase] {
    templates.flatMap { template in
      LinkSamples.builds.map { build in
        ReasonCase(
          build: build, label: LinkSamples.printable(template),
          input: LinkSamples.expand(template, for: build), reason: reason, field: field)
      }
    }
  }

  /// The case for each build, from a function of the build.
  static func each(
    _ reason: RejectionReason, _ field: String? = nil, label: String,
    _ make: (Build) -> String
  ) -> [ReasonCase] {
    LinkSamples.builds.map { build in
      ReasonCase(build: build, label: label, input: make(build), reason: reason, field: field)
    }
  }
}

/// One hand-written accepted link and the route docs/design.md gives it.
struct AcceptCase: Sendable, CustomTestStringConvertible {
  let build: Build
  let label: String
  let input: String
  let route: Route

  var testDescription: String { "\(build.name) \(label) -> \(route.routeClass.rawValue)" }

  static func each(_ route: Route, _ templates: String...) -> [AcceptCase] {
    templates.flatMap { template in
      LinkSamples.builds.map { build in
        AcceptCase(
          build: build, label: LinkSamples.printable(template),
          input: LinkSamples.expand(template, for: build), route: route)
      }
    }
  }
}

/// A link with two faults: the reason checked first must win.
struct OrderCase: Sendable, CustomTestStringConvertible {
  let build: Build
  let label: String
  let input: String
  let first: RejectionReason
  let field: String?
  let later: RejectionReason

  var testDescription: String { "\(build.name) \(label): \(first.rawValue) before \(later.rawValue)" }

  static func each(
    _ first: RejectionReason, _ field: String? = nil, before later: RejectionReason,
    _ templates: String...
  ) -> [OrderCase] {
    templates.flatMap { template in
      LinkSamples.builds.map { build in
        OrderCase(
          build: build, label: LinkSamples.printable(template),
          input: LinkSamples.expand(template, for: build), first: first, field: field, later: later)
      }
    }
  }

  static func each(
    _ first: RejectionReason, before later: RejectionReason, label: String,
    _ make: (Build) -> String
  ) -> [OrderCase] {
    LinkSamples.builds.map { build in
      OrderCase(build: build, label: label, input: make(build), first: first, field: nil, later: later)
    }
  }
}

/// The parts, in order, as one array.
func concatenated<T>(_ parts: [T]...) -> [T] { parts.flatMap { $0 } }

enum RejectionCases {
  static let oversized: [ReasonCase] = concatenated(
    ReasonCase.each(.oversized, label: "https start with a query, 1025 bytes") {
      LinkSamples.padded("https://\($0.webHost)/start?x=", to: 1025)
    },
    ReasonCase.each(.oversized, label: "custom scheme start with a query, 1025 bytes") {
      LinkSamples.padded("\($0.customScheme)://start?x=", to: 1025)
    },
    ReasonCase.each(.oversized, label: "1025 bytes, mostly two-byte characters (fewer than 1024 characters)") {
      LinkSamples.padded("https://\($0.webHost)/", to: 1025, filler: "é")
    },
    ReasonCase.each(.oversized, label: "4096 bytes") {
      LinkSamples.padded("https://\($0.webHost)/business/", to: 4096)
    },
    ReasonCase.each(.oversized, label: "1025 spaces") { _ in String(repeating: " ", count: 1025) })

  static let malformedURL: [ReasonCase] = concatenated(
    ReasonCase.each(
      .malformedURL, nil,
      "",
      " https://{h}/start",
      "https://{h}/start ",
      "https://{h}/st art",
      "https://{h}/start\t",
      "https://{h}/start\n",
      "https://{h}/start\r\n",
      "https://{h}/start\u{0}",
      "https://{h}/start\u{7F}",
      "https://{h}/start\u{1B}",
      "https://{h}\\start",
      "https://{h}/business\\{b}",
      "https://{h}/café",
      "https://{h}/start\u{A0}",
      "https://{h}/start?x=\u{2028}",
      "{h}/start",
      "//{h}/start",
      "https:/{h}/start",
      "https:{h}/start",
      "https//{h}/start",
      "://{h}/start",
      "1https://{h}/start",
      "{s}:start",
      "{s}:/start",
      "https://{h}/start?",
      "{s}://start?",
      "{s}://oauth-complete?",
      "https://{h}/start?a=1&&b=2",
      "https://{h}/start?&&",
      "{s}://oauth-complete?code={code}&&error=access_denied",
      "https://{h}/start?=x",
      "https://{h}/start?=",
      "https://{h}/start?a=1&=2",
      "https://{h}/start?&a=1",
      "https://{h}/start?a=1&",
      "{s}://oauth-complete?=x"
    ),
    ReasonCase.each(.malformedURL, label: "1024 bytes with a two-byte character") {
      LinkSamples.padded("https://\($0.webHost)/", to: 1024, filler: "é")
    })

  static let malformedEncoding: [ReasonCase] = ReasonCase.each(
    .malformedEncoding, nil,
    "https://{h}/business/bz_0000Business%30001",
    "https://{h}/%73tart",
    "https://{h}/start%",
    "https://{h}/start?x=%41",
    "https://{h}/start?%78=1",
    "https://{h}/start#%41",
    "https://%6Cinks.example.com/start",
    "https://{h}%2E/start",
    "{s}://oauth-complete?code=%41{code}",
    "{s}://st%61rt",
    "https://{h}/%2e%2e/start",
    "https://{h}/start?x=%",
    "http://{h}/%41",
    "https://user%40@{h}/start",
    "https://{h}:%34%34%33/start",
    "https://{h}/start?password=%41#%"
  )

  static let schemeNotAllowed: [ReasonCase] = ReasonCase.each(
    .schemeNotAllowed, nil,
    "http://{h}/start",
    "HTTP://{h}/start",
    "http://{h}/business/{b}",
    "ftp://{h}/start",
    "wss://{h}/start",
    "httpss://{h}/start",
    "http+s://{h}/start",
    "{os}://start",
    "{os}://oauth-complete?code={code}",
    "{s}x://start",
    "x{s}://start",
    "com.example://start",
    "javascript://{h}/start",
    "http://user@{h}:80/start#x"
  )

  static let userinfoPresent: [ReasonCase] = ReasonCase.each(
    .userinfoPresent, nil,
    "https://user@{h}/start",
    "https://user:pass@{h}/start",
    "https://@{h}/start",
    "https://{h}@evil.example/start",
    "https://a@b@{h}/start",
    "https://user@{h}:443/start",
    "https://user@{oh}/start",
    "{s}://me@start",
    "{s}://me@oauth-complete?code={code}",
    "https://u@{h}"
  )

  static let portPresent: [ReasonCase] = ReasonCase.each(
    .portPresent, nil,
    "https://{h}:443/start",
    "https://{h}:8443/start",
    "https://{h}:80/business/{b}",
    "https://{h}:/start",
    "https://{h}:443",
    "https://{h}:443?x=1",
    "https://{H}:443/start",
    "https://{oh}:443/start",
    "https://evil.example:443/start",
    "https://[::1]:443/start",
    "{s}://start:443",
    "{s}://oauth-complete:1?code={code}",
    "https://{h}:443/start#x"
  )

  static let hostNotConfigured: [ReasonCase] = ReasonCase.each(
    .hostNotConfigured, nil,
    "https://{h}./start",
    "https://{H}./start",
    "https://127.0.0.1/start",
    "https://93.184.216.34/business/{b}",
    "https://[::1]/start",
    "https://[2001:db8::1]/start",
    "https://{oh}/start",
    "https://{oh}/business/{b}",
    "https://example.com/start",
    "https://evil{h}/start",
    "https://{h}.evil.example/start",
    "https:///start",
    "https://{oh}/start#x",
    "https://{oh}/start?password=hunter2"
  )

  static let fragmentPresent: [ReasonCase] = ReasonCase.each(
    .fragmentPresent, nil,
    "https://{h}/start#",
    "https://{h}/start#top",
    "https://{h}/business/{b}#x",
    "https://{h}/start?x=1#y",
    "https://{h}/start#a?password=hunter2",
    "https://{h}/start?password=hunter2#x",
    "https://{h}/nope#x",
    "https://{h}#x",
    "{s}://start#x",
    "{s}://oauth-complete?code={code}#state"
  )

  static let forbiddenField: [ReasonCase] = ReasonCase.each(
    .forbiddenField, nil,
    "https://{h}/start?password=hunter2",
    "https://{h}/start?PASSWORD=hunter2",
    "https://{h}/start?Password=hunter2",
    "https://{h}/start?token=hunter2",
    "https://{h}/start?access_token=hunter2",
    "https://{h}/start?Access_Token=hunter2",
    "https://{h}/start?session=hunter2",
    "https://{h}/start?sessionId=hunter2",
    "https://{h}/start?card=4111111111111111",
    "https://{h}/start?cvv=123",
    "https://{h}/start?email=someone@example.com",
    "https://{h}/start?phone=5551234",
    "https://{h}/start?lat=51.5",
    "https://{h}/start?lng=-0.12",
    "https://{h}/start?LNG=-0.12",
    "https://{h}/start?location=home",
    "https://{h}/start?token",
    "https://{h}/start?password=",
    "https://{h}/business/{b}?email=hunter2",
    "https://{h}/start?x=1&password=hunter2&x=2",
    "https://{h}/start?utm_source=a&token=hunter2",
    "https://{h}/nope?email=hunter2",
    "https://{h}/business?cvv=hunter2",
    "https://{h}/business/nonsense?token=hunter2",
    "{s}://oauth-complete?code={code}&access_token=hunter2",
    "{s}://oauth-complete?token=hunter2",
    "{s}://start?session=hunter2"
  )

  static let duplicateField: [ReasonCase] = ReasonCase.each(
    .duplicateField, nil,
    "https://{h}/start?utm_source=a&utm_source=b",
    "https://{h}/start?a&a",
    "https://{h}/start?a=1&a=1",
    "https://{h}/start?a=&a=",
    "https://{h}/start?a=1&b=2&a=3",
    "https://{h}/business/{b}?x=1&x=2",
    "https://{h}/nope?a=1&a=2",
    "https://{h}/business?a=1&a=2",
    "https://{h}/business/nonsense?a=1&a=2",
    "{s}://oauth-complete?code={code}&code={code}",
    "{s}://oauth-complete?error=access_denied&error=access_denied",
    "{s}://oauth-complete?code=&code=",
    "{s}://start?x&x"
  )

  static let unknownRoute: [ReasonCase] = ReasonCase.each(
    .unknownRoute, nil,
    "https://{h}",
    "https://{h}/",
    "https://{h}?x=1",
    "https://{h}/?x=1",
    "https://{h}/Start",
    "https://{h}/START",
    "https://{h}/start/",
    "https://{h}//start",
    "https://{h}/start//",
    "https://{h}/./start",
    "https://{h}/start/.",
    "https://{h}/start/..",
    "https://{h}/start/x",
    "https://{h}/nope",
    "https://{h}/nope?x=1",
    "https://{h}/Business/{b}",
    "https://{h}/BUSINESS",
    "https://{h}/business/{b}/",
    "https://{h}/business//",
    "https://{h}/business/{b}/nonsense",
    "https://{h}/business/{b}/Category/{c}",
    "https://{h}/business/{b}/category/{c}/product/{p}/",
    "https://{h}/business/{b}/category/{c}/product/{p}/extra",
    "https://{h}/business/{b}/product/{p}",
    "https://{h}/order/{o}",
    "https://{h}/Orders/{o}",
    "https://{h}/checkout/{ca}/",
    "https://{h}/carts/{ca}",
    "https://{h}/oauth-complete?code={code}",
    "{s}://",
    "{s}://Start",
    "{s}://START",
    "{s}://start/",
    "{s}://start/x",
    "{s}://business",
    "{s}://business/{b}",
    "{s}://checkout",
    "{s}://OAuth-Complete?code={code}",
    "{s}://oauth-complete/?code={code}",
    "{s}://oauth_complete?code={code}",
    "{s}://oauth-complete/",
    "{s}:///start",
    "{s}://nope?x=1"
  )

  static let missingField: [ReasonCase] = concatenated(
    ReasonCase.each(
      .missingField, "business",
      "https://{h}/business",
      "https://{h}/business?x=1",
      "https://{hm}/business"
    ),
    ReasonCase.each(
      .missingField, "category",
      "https://{h}/business/{b}/category",
      "https://{h}/business/nonsense/category",
      "https://{h}/business/{b}/category?x=1"
    ),
    ReasonCase.each(
      .missingField, "product",
      "https://{h}/business/{b}/category/{c}",
      "https://{h}/business/{b}/category/{c}/product",
      "https://{h}/business/x/category/y",
      "https://{h}/business/{b}/category/{c}?utm_source=x"
    ),
    ReasonCase.each(.missingField, "cart", "https://{h}/checkout", "https://{h}/checkout?x=1"),
    ReasonCase.each(.missingField, "order", "https://{h}/orders", "https://{h}/orders?x"),
    ReasonCase.each(
      .missingField, "code",
      "{s}://oauth-complete",
      "{S}://oauth-complete",
      "{s}://oauth-complete?state=x"
    ))

  static let extraField: [ReasonCase] = concatenated(
    ReasonCase.each(
      .extraField, "utm_source",
      "https://{h}/start?utm_source=newsletter",
      "{s}://start?utm_source=newsletter",
      "https://{h}/business/{b}?utm_source=x",
      "https://{h}/checkout/{ca}?utm_source=x&utm_medium=y",
      "https://{h}/orders/{o}?utm_source",
      "{s}://oauth-complete?code={code}&utm_source=x",
      "{s}://oauth-complete?utm_source=x&code={code}"
    ),
    ReasonCase.each(
      .extraField, "x",
      "https://{h}/business/nonsense?x=1",
      "https://{h}/start?x",
      "https://{h}/start?x=",
      "https://{h}/start?x=a=b",
      "https://{h}/business/{b}/category/{c}/product/{p}?x=1",
      "{s}://oauth-complete?code=bad&x=1",
      "{s}://oauth-complete?code={code}&x"
    ),
    ReasonCase.each(
      .extraField, "error",
      "{s}://oauth-complete?code={code}&error=access_denied",
      "{s}://oauth-complete?error=access_denied&code={code}",
      "{s}://oauth-complete?code=bad&error=bad",
      "{s}://oauth-complete?error=access_denied&code="
    ),
    ReasonCase.each(.extraField, "business", "https://{h}/business/{b}?business={b}"),
    ReasonCase.each(.extraField, "code", "{s}://start?code={code}", "https://{h}/start?code={code}"),
    ReasonCase.each(.extraField, "x", label: "https start with a query, 1024 bytes") {
      LinkSamples.padded("https://\($0.webHost)/start?x=", to: 1024)
    },
    ReasonCase.each(.extraField, "x", label: "custom scheme start with a query, 1024 bytes") {
      LinkSamples.padded("\($0.customScheme)://start?x=", to: 1024)
    })

  static let invalidValue: [ReasonCase] = concatenated(
    ReasonCase.each(
      .invalidValue, "business",
      "https://{h}/business/nonsense",
      "https://{h}/business/ct_0000Category0001",
      "https://{h}/business/BZ_0000Business0001",
      "https://{h}/business/Bz_0000Business0001",
      "https://{h}/business/bz0000Business0001",
      "https://{h}/business/bz-0000Business0001",
      "https://{h}/business/bz_",
      "https://{h}/business/bz_0000Busine-s0001",
      "https://{h}/business/bz_0000Busine_s0001",
      "https://{h}/business/bz_0000Busine.s0001",
      "https://{h}/business/bz_0000Busine~s0001",
      "https://{h}/business/bz_0000Busine=s0001",
      "https://{h}/business/bz_0000Busine:s0001",
      "https://{h}/business/bz_0000Busine@s0001",
      "https://{h}/business/bz_0000Busi'ness0001",
      "https://{h}/business/.../category/ct_x/product/pr_x",
      "https://{h}/business/x/category/{c}/product/{p}"
    ),
    ReasonCase.each(.invalidValue, "business", label: "business with an 11-character body") {
      "https://\($0.webHost)/business/" + LinkSamples.reference("bz_", bodyLength: 11)
    },
    ReasonCase.each(.invalidValue, "business", label: "business with a 33-character body") {
      "https://\($0.webHost)/business/" + LinkSamples.reference("bz_", bodyLength: 33)
    },
    ReasonCase.each(
      .invalidValue, "category",
      "https://{h}/business/{b}/category/{b}/product/{p}",
      "https://{h}/business/{b}/category/x/product/x"
    ),
    ReasonCase.each(
      .invalidValue, "product",
      "https://{h}/business/{b}/category/{c}/product/{c}",
      "https://{h}/business/{b}/category/{c}/product/pr_0000"
    ),
    ReasonCase.each(
      .invalidValue, "cart",
      "https://{h}/checkout/{o}",
      "https://{h}/checkout/ca_0000Cart0000000-",
      "https://{h}/checkout/CA_0000Cart00000001"
    ),
    ReasonCase.each(
      .invalidValue, "order",
      "https://{h}/orders/{ca}",
      "https://{h}/orders/or_0000"
    ),
    ReasonCase.each(
      .invalidValue, "code",
      "{s}://oauth-complete?code=",
      "{s}://oauth-complete?code",
      "{s}://oauth-complete?code=short",
      "{s}://oauth-complete?code={code}=",
      "{s}://oauth-complete?code={code}={code}",
      "{s}://oauth-complete?code={code}.",
      "{s}://oauth-complete?code={code}+/",
      "{s}://oauth-complete?code={code}?",
      "{s}://oauth-complete?code={code}/x"
    ),
    ReasonCase.each(.invalidValue, "code", label: "code of 31 characters") {
      "\($0.customScheme)://oauth-complete?code=" + LinkSamples.code(31)
    },
    ReasonCase.each(.invalidValue, "code", label: "code of 129 characters") {
      "\($0.customScheme)://oauth-complete?code=" + LinkSamples.code(129)
    },
    ReasonCase.each(
      .invalidValue, "error",
      "{s}://oauth-complete?error=",
      "{s}://oauth-complete?error",
      "{s}://oauth-complete?error=ACCESS_DENIED",
      "{s}://oauth-complete?error=Access_denied",
      "{s}://oauth-complete?error=access_denied_",
      "{s}://oauth-complete?error=access-denied",
      "{s}://oauth-complete?error=login_required",
      "{s}://oauth-complete?error=access_denied=1"
    ))

  static let all: [ReasonCase] =
    oversized + malformedURL + malformedEncoding + schemeNotAllowed + userinfoPresent
    + portPresent + hostNotConfigured + fragmentPresent + forbiddenField + duplicateField
    + unknownRoute + missingField + extraField + invalidValue

  static let accepted: [AcceptCase] = concatenated(
    AcceptCase.each(
      .start(.https), "https://{h}/start", "HTTPS://{h}/start", "https://{H}/start",
      "HTTPS://{H}/start", "hTtPs://{hm}/start"),
    AcceptCase.each(.start(.customScheme), "{s}://start", "{S}://start", "{sm}://start"),
    AcceptCase.each(.business(business: LinkSamples.business), "https://{h}/business/{b}", "HTTPS://{H}/business/{b}"),
    AcceptCase.each(
      .product(business: LinkSamples.business, category: LinkSamples.category, product: LinkSamples.product),
      "https://{h}/business/{b}/category/{c}/product/{p}"),
    AcceptCase.each(.checkout(cart: LinkSamples.cart), "https://{h}/checkout/{ca}"),
    AcceptCase.each(.order(order: LinkSamples.order), "https://{h}/orders/{o}", "https://{hm}/orders/{o}"),
    AcceptCase.each(
      .oauthComplete(.code(LinkSamples.code(32))), "{s}://oauth-complete?code={code}",
      "{S}://oauth-complete?code={code}"),
    AcceptCase.each(.oauthComplete(.code(LinkSamples.code(128))), "{s}://oauth-complete?code={code128}"),
    AcceptCase.each(.oauthComplete(.error("access_denied")), "{s}://oauth-complete?error=access_denied"),
    AcceptCase.each(.oauthComplete(.error("invalid_request")), "{s}://oauth-complete?error=invalid_request"),
    AcceptCase.each(.oauthComplete(.error("server_error")), "{s}://oauth-complete?error=server_error"),
    AcceptCase.each(
      .oauthComplete(.error("temporarily_unavailable")), "{s}://oauth-complete?error=temporarily_unavailable"),
    AcceptCase.each(
      .business(business: LinkSamples.reference("bz_", bodyLength: 12)),
      "https://{h}/business/" + LinkSamples.reference("bz_", bodyLength: 12)),
    AcceptCase.each(
      .business(business: LinkSamples.reference("bz_", bodyLength: 32)),
      "https://{h}/business/" + LinkSamples.reference("bz_", bodyLength: 32)),
    AcceptCase.each(
      .checkout(cart: "ca_000000000000"), "https://{h}/checkout/ca_000000000000"))

  static let ordered: [OrderCase] = concatenated(
    OrderCase.each(.oversized, before: .malformedURL, label: "1025 bytes with a space") {
      LinkSamples.padded("https://\($0.webHost)/start? ", to: 1025)
    },
    OrderCase.each(.oversized, before: .malformedEncoding, label: "1025 bytes with a percent") {
      LinkSamples.padded("https://\($0.webHost)/start?x=%", to: 1025)
    },
    OrderCase.each(.oversized, before: .forbiddenField, label: "1025 bytes with a password") {
      LinkSamples.padded("https://\($0.webHost)/start?password=", to: 1025)
    },
    OrderCase.each(.malformedURL, before: .malformedEncoding, "https://{h}/st art%41", "https://{h}/start?%41&&b"),
    OrderCase.each(.malformedURL, before: .schemeNotAllowed, "http://{h}/start?", "ftp://{h}/ x"),
    OrderCase.each(.malformedURL, before: .fragmentPresent, "https://{h}/start?#x"),
    OrderCase.each(.malformedURL, before: .forbiddenField, "https://{h}/start?password=hunter2&&x"),
    OrderCase.each(.malformedEncoding, before: .schemeNotAllowed, "http://{h}/%41", "{os}://start?x=%41"),
    OrderCase.each(.malformedEncoding, before: .userinfoPresent, "https://u%40@{h}/start"),
    OrderCase.each(.malformedEncoding, before: .fragmentPresent, "https://{h}/start#%41"),
    OrderCase.each(.schemeNotAllowed, before: .userinfoPresent, "http://u@{h}/start", "{os}://u@start"),
    OrderCase.each(.schemeNotAllowed, before: .portPresent, "http://{h}:80/start"),
    OrderCase.each(.schemeNotAllowed, before: .hostNotConfigured, "http://{oh}/start"),
    OrderCase.each(.userinfoPresent, before: .portPresent, "https://u@{h}:443/start", "{s}://u@start:1"),
    OrderCase.each(.userinfoPresent, before: .hostNotConfigured, "https://u@{oh}/start"),
    OrderCase.each(
      .portPresent, before: .hostNotConfigured, "https://evil.example:443/start", "https://{oh}:443/start"),
    OrderCase.each(.portPresent, before: .fragmentPresent, "https://{h}:443/start#x"),
    OrderCase.each(.hostNotConfigured, before: .fragmentPresent, "https://{oh}/start#x", "https://{h}./start#x"),
    OrderCase.each(.hostNotConfigured, before: .unknownRoute, "https://{oh}/nope"),
    OrderCase.each(.fragmentPresent, before: .forbiddenField, "https://{h}/start?password=hunter2#x"),
    OrderCase.each(.fragmentPresent, before: .unknownRoute, "https://{h}/nope#x", "{s}://nope#x"),
    OrderCase.each(.forbiddenField, before: .duplicateField, "https://{h}/start?a=1&a=2&token=hunter2"),
    OrderCase.each(.forbiddenField, before: .unknownRoute, "https://{h}/nope?email=hunter2"),
    OrderCase.each(.forbiddenField, before: .extraField, "https://{h}/start?utm_source=x&cvv=hunter2"),
    OrderCase.each(.duplicateField, before: .unknownRoute, "https://{h}/nope?a=1&a=2", "{s}://nope?a&a"),
    OrderCase.each(.duplicateField, before: .missingField, "https://{h}/business?a=1&a=2"),
    OrderCase.each(.duplicateField, before: .extraField, "https://{h}/start?a=1&a=2"),
    OrderCase.each(.unknownRoute, before: .missingField, "{s}://oauth-complete/", "{s}://Oauth-complete"),
    OrderCase.each(.unknownRoute, before: .extraField, "https://{h}/nope?x=1", "{s}://nope?x=1"),
    OrderCase.each(.unknownRoute, before: .invalidValue, "https://{h}/business/nonsense/"),
    OrderCase.each(.missingField, "business", before: .extraField, "https://{h}/business?utm_source=x"),
    OrderCase.each(.missingField, "code", before: .extraField, "{s}://oauth-complete?state=x"),
    OrderCase.each(.extraField, "x", before: .invalidValue, "https://{h}/business/nonsense?x=1"),
    OrderCase.each(.extraField, "x", before: .invalidValue, "{s}://oauth-complete?code=bad&x=1"),
    OrderCase.each(
      .invalidValue, "business", before: .invalidValue,
      "https://{h}/business/x/category/y/product/z"))
}

@Suite struct RejectionReasons {
  @Test("Every reason of docs/design.md's table has several hand-written cases on both builds")
  func coverage() {
    for reason in RejectionReason.allCases {
      for build in LinkSamples.builds {
        let count = RejectionCases.all.filter { $0.reason == reason && $0.build.name == build.name }.count
        #expect(count >= 3, "\(build.name) has only \(count) cases for \(reason.rawValue)")
      }
    }
  }

  @Test(arguments: RejectionCases.all)
  func rejected(_ item: ReasonCase) {
    let outcome = LinkParser(contract: .design, build: item.build).parse(item.input)
    #expect(outcome == .unsupported(Rejection(item.reason, field: item.field)))
    #expect(outcome.route == nil)
  }

  @Test(arguments: RejectionCases.accepted)
  func accepted(_ item: AcceptCase) {
    let outcome = LinkParser(contract: .design, build: item.build).parse(item.input)
    #expect(outcome == .recognized(item.route))
  }

  @Test("A link with two faults gets the reason checked first", arguments: RejectionCases.ordered)
  func order(_ item: OrderCase) {
    #expect(item.first <= item.later)
    let outcome = LinkParser(contract: .design, build: item.build).parse(item.input)
    #expect(outcome == .unsupported(Rejection(item.first, field: item.field)))
  }

  @Test("The bytes entry point agrees with the string entry point", arguments: RejectionCases.all)
  func bytes(_ item: ReasonCase) {
    let parser = LinkParser(contract: .design, build: item.build)
    let bytes = Array(item.input.utf8)
    let outcome = bytes.withUnsafeBufferPointer { parser.parse(bytes: $0) }
    #expect(outcome == parser.parse(item.input))
  }
}
