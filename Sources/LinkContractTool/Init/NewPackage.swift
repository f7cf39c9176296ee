// The files `init` writes for a new app, one function a file (the values, the tests and the
// Content pages are in the files beside this one). Each is written against linkcontract's
// values API as it is: a change to that API changes these texts, and `make init-check` builds,
// tests and checks a package made from them.

/// The files of a new app's package, by path, in the order they are listed.
enum NewPackage {
  static func files(_ app: NewApp, source: LinkcontractSource) -> [(path: String, contents: String)] {
    [
      ("Package.swift", manifest(app, source: source)),
      (app.valuesFile, valuesFile(app)),
      ("Sources/\(app.executable)/main.swift", toolMain(app)),
      ("Tests/\(app.testTarget)/\(app.testTarget).swift", tests(app)),
    ] + contentPages(app).map { ("Content/" + $0.name, $0.text) } + [
      ("Makefile", makefile(app)),
      (".gitignore", gitignore),
      ("README.md", readme(app)),
    ]
  }

  static func manifest(_ app: NewApp, source: LinkcontractSource) -> String {
    let dependency: String
    switch source {
    case .path(let path):
      dependency = #"""
            // linkcontract from a folder on this machine; from its repository instead:
            // .package(url: "\#(LinkcontractSource.placeholderURL)", branch: "main"),
            .package(name: "linkcontract", path: \#(swiftLiteral(path))),
        """#
    case .url(let url):
      let which = url == LinkcontractSource.placeholderURL ? "a placeholder: write its git URL" : "branch main"
      dependency = #"""
            // linkcontract from its repository (\#(which)); from a folder instead:
            // .package(name: "linkcontract", path: "../linkcontract"),
            .package(url: \#(swiftLiteral(url)), branch: "main"),
        """#
    }
    return #"""
      // swift-tools-version: 6.0
      // The \#(app.possessive) link contract: its values (Sources/\#(app.module)), its tool
      // (`\#(app.executable)`: linkcontract's commands on those values) and its tests, which run the
      // parser on the conformance table the tool generates.
      import PackageDescription

      let package = Package(
        name: "\#(app.typeName)",
        dependencies: [
      \#(dependency)
        ],
        targets: [
          .target(name: "\#(app.module)", dependencies: [.product(name: "LinkContract", package: "linkcontract")]),
          .executableTarget(
            name: "\#(app.executable)",
            dependencies: ["\#(app.module)", .product(name: "LinkContractTool", package: "linkcontract")]),
          .testTarget(
            name: "\#(app.testTarget)",
            dependencies: [
              "\#(app.module)", .product(name: "LinkContract", package: "linkcontract"),
              .product(name: "LinkParser", package: "linkcontract"),
              .product(name: "LinkLifecycle", package: "linkcontract"),
              .product(name: "AssociationChecks", package: "linkcontract"),
            ]),
        ],
        swiftLanguageModes: [.v6]
      )

      """#
  }

  /// `text` as a Swift string literal.
  static func swiftLiteral(_ text: String) -> String {
    "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
  }

  static func toolMain(_ app: NewApp) -> String {
    #"""
    // The \#(app.possessive) tool: linkcontract's commands (`generate`, `check`, `parse`, `diff`,
    // `audit`, ...) on its values. It calls itself by its executable's name.

    import LinkContractTool
    import \#(app.module)

    LinkContractTool.main(contract: .\#(app.valueName), conformanceTests: "\#(app.conformanceTable)")

    """#
  }

  static func makefile(_ app: NewApp) -> String {
    #"""
    # The \#(app.possessive) link contract. `make site` builds the tool and writes every generated
    # file from the values in Sources/\#(app.module), Content/ and the built-in templates: the
    # conformance table the tests read and Site/. `make test` runs the tests, `make check` fails,
    # naming each stale file, when a generated file is not current.
    SWIFT ?= swift
    TOOL := .build/debug/\#(app.executable)
    PACKAGES := libcmark-dev libxml2-dev libcurl4-openssl-dev pkg-config

    .PHONY: site generate test check tool deps

    ## deps: the C libraries linkcontract is built with (cmark, libxml2, libcurl), installed with apt-get when pkg-config cannot find them
    deps:
    \#t@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libcmark libxml-2.0 libcurl; then \
    \#t  :; \
    \#telif [ "$$(id -u)" = 0 ]; then \
    \#t  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(PACKAGES); \
    \#telif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then \
    \#t  sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(PACKAGES); \
    \#telse \
    \#t  echo "linkcontract needs cmark, libxml2 and libcurl. Install them, then run make again:"; \
    \#t  echo "  sudo apt-get update && sudo apt-get install -y $(PACKAGES)"; \
    \#t  exit 1; \
    \#tfi

    tool: deps
    \#t$(SWIFT) build --product \#(app.executable)

    ## site: the conformance table and Site/, from the values and Content/
    site: tool
    \#t$(TOOL) generate

    generate: site

    ## test: the values' rules, the parser on the conformance table, the lifecycle scenarios
    test: site
    \#t$(SWIFT) build --build-tests
    \#t$(SWIFT) test --skip-build --disable-xctest

    ## check: fail, naming each stale file, when a generated file differs from a fresh one
    check: tool
    \#t$(TOOL) check

    """#
  }

  static let gitignore = """
    .build/
    .swiftpm/
    /.Site.linkcontract-cache
    /.Site.linkcontract-cache-pages

    """

  static func readme(_ app: NewApp) -> String {
    #"""
    # \#(app.appName) link contract

        make site     # build the tool, then write the conformance table and the docs into Site/
        make test     # run the tests

    The \#(app.possessive) links as typed values, and everything made from them by linkcontract.
    [`\#(app.valuesFile)`](\#(app.valuesFile)) holds the builds (web hosts, app ids, custom
    schemes, signing certificates), the route classes with their fields, the forbidden words,
    gates, layers and the words the docs use. Every value there is an example made from the
    app's name: replace each with the app's own, then run `make site`. A value the rules refuse
    is an error at its line.

    `make site` writes, from the values and from the pages in `Content/`:

    - `Site/`: the docs (open `Site/index.html`, which works from `file://`), with a link
      checker, `contract.json` and `conformance.json` for other platforms' tests;
    - `Site/association/<build>/`: the association files to serve on each build's web host and
      the native snippets for the app;
    - `\#(app.conformanceTable)`: the conformance table that the tests run the
      parser on.

    Commit the generated files with the change that made them: `make check` fails, naming each
    stale file, when one is not current. `Content/` pages never write a value literally: they
    write placeholders such as `{app}` and `{host:production}`, which the build fills.

    The tool is `.build/debug/\#(app.executable)`, linkcontract's commands on these values:

        .build/debug/\#(app.executable) parse --build production 'https://\#(app.host("production"))/search?topic=news'
        .build/debug/\#(app.executable) --help

    """#
  }
}
