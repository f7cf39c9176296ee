/// The stable, kebab-case name of one kind of diagnostic. This enumeration is the one list of
/// them: the "Diagnostic ids" table of docs/diagnostics.md shows each id with its severity and meaning, and a
/// test keeps the two in step.
public enum DiagnosticID: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
  // The contract's values (`Contract.problems()`).
  case duplicateValue = "duplicate-value"
  case unknownReference = "unknown-reference"
  case rejectionRuleMissing = "rejection-rule-missing"
  case forbiddenWordInvalid = "forbidden-word-invalid"
  case forbiddenQueryField = "forbidden-query-field"
  case reservedBodyPrefixInvalid = "reserved-body-prefix-invalid"
  case routeClassIDInvalid = "route-class-id-invalid"
  case idInvalid = "id-invalid"
  case fieldFormatInvalid = "field-format-invalid"
  case fieldNameInvalid = "field-name-invalid"
  case routeCarrierInvalid = "route-carrier-invalid"
  case httpsPathInvalid = "https-path-invalid"
  case customSchemeNameInvalid = "custom-scheme-name-invalid"
  case fallbackRouteCount = "fallback-route-count"
  case routesOverlap = "routes-overlap"
  case callbackDeclarationInvalid = "callback-declaration-invalid"
  case snippetWithoutCallback = "snippet-without-callback"
  case buildValueInvalid = "build-value-invalid"
  case fingerprintMissing = "fingerprint-missing"
  case fingerprintInvalid = "fingerprint-invalid"
  case snippetFileMissing = "snippet-file-missing"
  // The generated association files (`associationSelfCheck`).
  case claimMismatch = "claim-mismatch"
  case canonicalLinkMismatch = "canonical-link-mismatch"
  case probeParsesAsRoute = "probe-parses-as-route"
  case componentUnreachable = "component-unreachable"
  case generatedAssociationInvalid = "generated-association-invalid"
  // Association files (`validate`, `diff`, `verify-host`).
  case fileNotFound = "file-not-found"
  case fileIsDirectory = "file-is-directory"
  case fileNotRegular = "file-not-regular"
  case fileUnreadable = "file-unreadable"
  case kindUnknown = "kind-unknown"
  case fileTooLarge = "file-too-large"
  case notUTF8 = "not-utf8"
  case jsonSyntax = "json-syntax"
  case aasaInvalid = "aasa-invalid"
  case aasaSuspicious = "aasa-suspicious"
  case componentShadowed = "component-shadowed"
  case assetLinksInvalid = "assetlinks-invalid"
  case assetLinksSuspicious = "assetlinks-suspicious"
  case unknownKey = "unknown-key"
  case legacyKey = "legacy-key"
  // Content, Templates and the built site (`build`, `generate`, `check`, `watch`).
  case contentUnreadable = "content-unreadable"
  case contentLink = "content-link"
  case contentTooDeep = "content-too-deep"
  case outputPathClash = "output-path-clash"
  case pageNameInvalid = "page-name-invalid"
  case pageNameClash = "page-name-clash"
  case textInvalid = "text-invalid"
  case frontMatterInvalid = "front-matter-invalid"
  case blockInvalid = "block-invalid"
  case blockShownTwice = "block-shown-twice"
  case rawHTML = "raw-html"
  case markdownExtension = "markdown-extension"
  case taskList = "task-list"
  case image = "image"
  case imageTooLarge = "image-too-large"
  case svgUnsafe = "svg-unsafe"
  case tableInvalid = "table-invalid"
  case linkInvalid = "link-invalid"
  case httpLink = "http-link"
  case linkExampleInvalid = "link-example-invalid"
  case linkExampleMismatch = "link-example-mismatch"
  case placeholderInvalid = "placeholder-invalid"
  case routeUndocumented = "route-undocumented"
  case buildUndocumented = "build-undocumented"
  case templateInvalid = "template-invalid"
  case pageNotWellFormed = "page-not-well-formed"
  case duplicateAnchor = "duplicate-anchor"
  case siteUnwritable = "site-unwritable"
  case outputRefused = "output-refused"
  case outputLocked = "output-locked"
  case nestingTooDeep = "nesting-too-deep"
  // Release checks (`verify-host`, `audit`).
  case notHTTPS = "not-https"
  case unreachable = "unreachable"
  case timeout = "timeout"
  case status = "status"
  case redirect = "redirect"
  case contentType = "content-type"
  case byteOrderMark = "byte-order-mark"
  case tooLarge = "too-large"
  case invalid = "invalid"
  case differs = "differs"
  case hostWarning = "host-warning"
  case hostHarmlessChange = "host-harmless-change"
  case auditMatches = "audit-matches"
  case auditStale = "audit-stale"
  case auditPlaceholder = "audit-placeholder"
  case auditForeignBuild = "audit-foreign-build"
  case auditMissing = "audit-missing"
  case auditUnreadable = "audit-unreadable"
  case auditComputed = "audit-computed"
  case truncated = "truncated"

  public var description: String { rawValue }

  public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

  /// The problems `verify-host` reports, in the order it checks for them.
  public static let hostProblems: [DiagnosticID] = [
    .notHTTPS, .unreachable, .timeout, .truncated, .status, .redirect, .contentType, .byteOrderMark, .tooLarge,
    .invalid, .differs,
  ]

  /// The severity a diagnostic of this id has.
  public var severity: String {
    switch self {
    case .aasaSuspicious, .assetLinksSuspicious, .unknownKey, .legacyKey, .componentShadowed, .routeUndocumented,
      .buildUndocumented, .httpLink:
      "warning"
    case .hostWarning, .hostHarmlessChange, .auditMatches, .auditComputed: "note"
    default: "error"
    }
  }

  /// What a diagnostic of this id means, one sentence for docs/diagnostics.md.
  public var meaning: String {
    switch self {
    case .duplicateValue: "A contract value that must be unique (an id, a build's host, scheme or app id) is used twice"
    case .unknownReference: "A contract value names a troubleshooting row, layer or stage that does not exist"
    case .rejectionRuleMissing: "A rejection reason has no rejection rule"
    case .forbiddenWordInvalid: "A forbidden word is not 2 or more lowercase letters or digits"
    case .forbiddenQueryField: "A route class's query field is a key the forbidden words forbid"
    case .reservedBodyPrefixInvalid: "The reserved body prefix is empty or not alphanumeric"
    case .routeClassIDInvalid: "A route class id is not kebab-case"
    case .idInvalid:
      "A layer, troubleshooting row, gate, forbidden-word group, account requirement, resource scope, verification or revalidation id is not kebab-case, or a scope id is one the lifecycle reserves"
    case .fieldFormatInvalid: "A field's reference prefix, length or enumeration is unusable"
    case .fieldNameInvalid: "A field name is not plain, or is repeated in its route class"
    case .routeCarrierInvalid: "A route class's https path and custom-scheme name do not fit its publication"
    case .httpsPathInvalid: "A route class's https path does not start with a literal or has a bad segment"
    case .customSchemeNameInvalid: "A route class's custom-scheme name is not kebab-case"
    case .fallbackRouteCount: "The contract does not have exactly one never-claimed route class"
    case .routesOverlap: "Two route classes can match the same link"
    case .callbackDeclarationInvalid:
      "A route class's OAuth callback has no custom-scheme name, is not the flow's initiator or has a completion page that is not a path, or two route classes declare one"
    case .snippetWithoutCallback:
      "The contract lists a native snippet of an OAuth callback (`identity-allowlist`, `maui-callback-activity`), and no route class declares one"
    case .buildValueInvalid: "A build's web host, team id, bundle id, package or scheme is malformed"
    case .fingerprintMissing: "A build lists no Android certificate fingerprint"
    case .fingerprintInvalid: "A certificate fingerprint is malformed, all zero or a placeholder"
    case .snippetFileMissing: "A native snippet the contract lists goes into a file its checkout layout does not have"
    case .claimMismatch: "The generated association files claim a link other than the contract says"
    case .canonicalLinkMismatch: "A route class's canonical link does not parse as that route class"
    case .probeParsesAsRoute: "A link that no route should claim parses as a route"
    case .componentUnreachable: "A generated applinks component is covered by an earlier one"
    case .generatedAssociationInvalid: "A generated association file fails validation"
    case .fileNotFound: "The file to validate does not exist"
    case .fileIsDirectory: "The file to validate is a directory"
    case .fileNotRegular: "The file to validate is a FIFO, device or socket, and is not read"
    case .fileUnreadable: "The file to validate cannot be read"
    case .kindUnknown: "Neither the name nor the content tells which association file it is"
    case .fileTooLarge: "An apple-app-site-association file is over 128 KB, which Apple does not read"
    case .notUTF8: "An association file is not UTF-8 text"
    case .jsonSyntax: "An association file is not valid JSON"
    case .aasaInvalid: "An apple-app-site-association value that Apple refuses or misreads"
    case .aasaSuspicious:
      "An apple-app-site-association value Apple accepts but that almost certainly means something else"
    case .componentShadowed: "An applinks component can never match: an earlier one covers it"
    case .assetLinksInvalid: "An assetlinks.json value that Google's verifier refuses"
    case .assetLinksSuspicious: "An assetlinks.json value Google accepts but that almost certainly means something else"
    case .unknownKey: "An association file has a key its platform ignores"
    case .legacyKey: "An apple-app-site-association file uses a key or format of iOS 12 and earlier"
    case .contentUnreadable: "The Content folder or a page cannot be read"
    case .contentLink: "A symbolic link under Content leads outside the Content folder, or to a folder"
    case .contentTooDeep: "A folder under Content is nested more than 8 folders deep"
    case .outputPathClash:
      "A page's or image's path in the site lies inside a path the site holds as a file (a Content folder named `index.html`)"
    case .pageNameInvalid: "A page's file name uses characters other than letters, digits, `-`, `_` and `.`"
    case .pageNameClash: "Two pages have the same name ignoring case"
    case .textInvalid: "A page is not UTF-8 or holds a character that cannot be shown"
    case .frontMatterInvalid: "A page's front matter is missing, malformed or incomplete"
    case .blockInvalid: "A `contract` block is unknown or has bad arguments"
    case .blockShownTwice: "A `contract` block is shown twice, on one page or on two"
    case .rawHTML:
      "A page holds HTML Content does not keep (only a few inline elements), or an inline element it does not close"
    case .markdownExtension: "A page uses a Markdown extension that is not supported (strikethrough, autolinks)"
    case .taskList: "A page holds a task list item"
    case .image:
      "A page's image is missing, unreadable, not a file beside the pages or has no alt text, or a Content image has the path of a template's file"
    case .imageTooLarge: "A Content image is larger than the image size limit (10 MB unless `--max-image-size` says)"
    case .svgUnsafe:
      "An SVG image a page shows holds a script, an event handler, a `foreignObject` or a reference outside itself"
    case .tableInvalid: "A Markdown table is malformed"
    case .linkInvalid: "A link names a missing page, heading, route class or a refused external address"
    case .httpLink: "A link leads to another site over `http:`, unencrypted"
    case .linkExampleInvalid: "A `contract link-example` block is malformed"
    case .linkExampleMismatch: "A link example's outcome is not what the build's parser answers"
    case .placeholderInvalid:
      "A page names a placeholder that cannot be filled, or writes a contract value literally instead of its placeholder"
    case .routeUndocumented: "A route class is documented on no page"
    case .buildUndocumented:
      "A build's association files are shown on no page, and a Content page holds the name of its generated page"
    case .templateInvalid: "The page template is not HTML, or its slots are unknown, repeated or missing"
    case .pageNotWellFormed: "A rendered page is not well-formed"
    case .duplicateAnchor: "A rendered page uses one id twice"
    case .siteUnwritable: "The site cannot be written"
    case .outputRefused:
      "The output is not absent, empty or a site this tool wrote, or it is or holds the sources or the project;"
        + " or the site would replace something in it the tool did not write (a file changed by hand, a link, a folder)"
    case .outputLocked: "Another build is writing the same output"
    case .nestingTooDeep: "A page nests quotes or lists deeper than a page can be rendered"
    case .notHTTPS: "verify-host was given a base URL that is not https, and fetched nothing"
    case .unreachable: "The web host could not be reached"
    case .timeout: "The web host did not answer in time"
    case .status: "The web host answers with a status other than 200"
    case .redirect: "The web host answers with a redirect"
    case .contentType: "The file is not served as application/json"
    case .byteOrderMark: "The served file starts with a byte-order mark"
    case .tooLarge: "The served file is over 128 KB"
    case .invalid: "The served file fails validation"
    case .differs: "The served file means something other than the generated one"
    case .hostWarning: "The served file has a validation warning (a note of `verify-host`)"
    case .hostHarmlessChange: "The served file differs from the generated one in formatting or comments only"
    case .auditMatches: "An app checkout registers a contract value as the contract says"
    case .auditStale: "An app checkout registers a value the contract no longer has"
    case .auditPlaceholder: "An app checkout registers a placeholder where a contract value belongs"
    case .auditForeignBuild: "An app checkout registers another build's value"
    case .auditMissing: "An app checkout does not register a contract value where one is expected"
    case .auditUnreadable: "An app checkout file that holds contract values cannot be read or parsed"
    case .auditComputed:
      "An app checkout computes a value audit cannot compare (a variable, a template, an undecided condition)"
    case .truncated: "The web host closed the connection before the whole file was sent"
    }
  }
}
