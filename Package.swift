// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "linkcontract",
  products: [
    .executable(name: "linkcontract", targets: ["LinkContractCLI"]),
    .library(name: "LinkContract", targets: ["LinkContract"]),
    .library(name: "LinkParser", targets: ["LinkParser"]),
  ],
  targets: [
    .systemLibrary(
      name: "CCmark", pkgConfig: "libcmark",
      providers: [.apt(["libcmark-dev"])]),
    .systemLibrary(
      name: "CLibXML2", pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]),
    // libcurl's headers only (libcurl4-openssl-dev): the library is loaded when the first request
    // is made (Sources/CCurl/shim.h), so that no other command pays for loading it.
    .systemLibrary(name: "CCurl"),
    .target(name: "CFileExchange"),
    // A memory arena for cmark's parses: one of the Markdown parser's allocations per node and
    // buffer otherwise.
    .target(name: "CMarkdownArena", dependencies: ["CCmark"]),
    .target(name: "LinkContract"),
    .target(name: "LinkParser", dependencies: ["LinkContract"]),
    .target(name: "LinkLifecycle", dependencies: ["LinkContract", "LinkParser"]),
    .target(name: "ContractArtifacts", dependencies: ["LinkContract", "LinkParser", "LinkLifecycle"]),
    .target(
      name: "SiteGenerator",
      dependencies: [
        "LinkContract", "LinkParser", "LinkLifecycle", "ContractArtifacts", "CCmark", "CLibXML2",
        "CFileExchange", "CMarkdownArena",
      ]),
    .target(
      name: "ReleaseChecks", dependencies: ["LinkContract", "ContractArtifacts", "CCurl", "CLibXML2"]),
    .executableTarget(
      name: "LinkContractCLI",
      dependencies: ["LinkContract", "LinkParser", "ContractArtifacts", "SiteGenerator", "ReleaseChecks"],
      path: "Sources/linkcontract"),
    .target(name: "FuzzDriver", path: "Sources/Fuzz/FuzzDriver"),
    .executableTarget(
      name: "LinkParserFuzz", dependencies: ["LinkContract", "LinkParser", "ContractArtifacts", "FuzzDriver"],
      path: "Sources/Fuzz/LinkParserFuzz"),
    .executableTarget(
      name: "ContentFuzz", dependencies: ["LinkContract", "SiteGenerator", "FuzzDriver"],
      path: "Sources/Fuzz/ContentFuzz"),
    .executableTarget(
      name: "ParserBench", dependencies: ["LinkContract", "LinkParser", "ContractArtifacts"],
      path: "Sources/ParserBench"),
    .target(name: "DesignFixture", dependencies: ["LinkContract", "LinkParser"], path: "Tests/DesignFixture"),
    .testTarget(name: "LinkContractTests", dependencies: ["LinkContract", "DesignFixture"]),
    .testTarget(name: "LinkParserTests", dependencies: ["LinkContract", "LinkParser", "DesignFixture"]),
    .testTarget(
      name: "LinkLifecycleTests", dependencies: ["LinkContract", "LinkParser", "LinkLifecycle", "DesignFixture"]),
    .testTarget(
      name: "ContractArtifactsTests",
      dependencies: ["LinkContract", "LinkParser", "ContractArtifacts", "DesignFixture"],
      exclude: ["RealAssociationFiles"]),
    .testTarget(
      name: "SiteGeneratorTests",
      dependencies: ["LinkContract", "LinkParser", "ContractArtifacts", "SiteGenerator", "DesignFixture"]),
    .testTarget(name: "CommandLineTests", dependencies: ["LinkContractCLI", "ContractArtifacts"]),
    .testTarget(
      name: "ReleaseChecksTests",
      dependencies: ["LinkContract", "ContractArtifacts", "ReleaseChecks"],
      exclude: ["Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
