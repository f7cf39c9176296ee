// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "linkcontract",
  products: [
    .executable(name: "linkcontract", targets: ["LinkContractCLI"]),
    // What an app that adopts linkcontract depends on: the model to write its values in, the
    // parser, the artifacts, the checks of association files, the site generator, the release
    // checks, and the commands, which its own `main` runs on its contract (Examples/StoreApp).
    .library(name: "LinkContract", targets: ["LinkContract"]),
    .library(name: "LinkParser", targets: ["LinkParser"]),
    .library(name: "LinkLifecycle", targets: ["LinkLifecycle"]),
    .library(name: "ContractArtifacts", targets: ["ContractArtifacts"]),
    .library(name: "AssociationChecks", targets: ["AssociationChecks"]),
    .library(name: "SiteGenerator", targets: ["SiteGenerator"]),
    .library(name: "ReleaseChecks", targets: ["ReleaseChecks"]),
    .library(name: "LinkContractTool", targets: ["LinkContractTool"]),
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
    // The allocator's heap growth step (glibc's M_TOP_PAD), set once by the command line.
    .target(name: "CHeapRoom"),
    // A memory arena for cmark's parses: one of the Markdown parser's allocations per node and
    // buffer otherwise.
    .target(name: "CMarkdownArena", dependencies: ["CCmark"]),
    .target(name: "LinkContract"),
    .target(name: "LinkParser", dependencies: ["LinkContract"]),
    .target(name: "LinkLifecycle", dependencies: ["LinkContract", "LinkParser"]),
    .target(name: "ContractArtifacts", dependencies: ["LinkContract", "LinkParser", "LinkLifecycle"]),
    // Association files from anywhere, read and judged (`validate`, `diff`, the self-check): above
    // the artifacts, whose association model, matcher and spots it uses.
    .target(name: "AssociationChecks", dependencies: ["LinkContract", "LinkParser", "ContractArtifacts"]),
    .target(
      name: "SiteGenerator",
      dependencies: [
        "LinkContract", "LinkParser", "LinkLifecycle", "ContractArtifacts", "CCmark", "CLibXML2",
        "CFileExchange", "CMarkdownArena",
      ]),
    .target(
      name: "ReleaseChecks",
      dependencies: ["LinkContract", "ContractArtifacts", "AssociationChecks", "CCurl", "CLibXML2"]),
    .target(
      name: "LinkContractTool",
      dependencies: [
        "LinkContract", "LinkParser", "ContractArtifacts", "AssociationChecks", "SiteGenerator", "ReleaseChecks",
        "CHeapRoom",
      ]),
    // The Customer App, this repository's own adopter: its values, and the `linkcontract` tool
    // that runs the commands on them.
    .target(name: "CustomerApp", dependencies: ["LinkContract"]),
    .executableTarget(
      name: "LinkContractCLI", dependencies: ["LinkContractTool", "CustomerApp"], path: "Sources/linkcontract"),
    .target(name: "FuzzDriver", path: "Sources/Fuzz/FuzzDriver"),
    .executableTarget(
      name: "LinkParserFuzz",
      dependencies: ["LinkContract", "CustomerApp", "LinkParser", "ContractArtifacts", "FuzzDriver"],
      path: "Sources/Fuzz/LinkParserFuzz"),
    .executableTarget(
      name: "ContentFuzz", dependencies: ["LinkContract", "CustomerApp", "SiteGenerator", "FuzzDriver"],
      path: "Sources/Fuzz/ContentFuzz"),
    .executableTarget(
      name: "ParserBench", dependencies: ["LinkContract", "CustomerApp", "LinkParser", "ContractArtifacts"],
      path: "Sources/ParserBench"),
    .target(
      name: "DesignFixture", dependencies: ["LinkContract", "CustomerApp", "LinkParser"], path: "Tests/DesignFixture"),
    .testTarget(name: "LinkContractTests", dependencies: ["LinkContract", "CustomerApp", "DesignFixture"]),
    .testTarget(name: "LinkParserTests", dependencies: ["LinkContract", "CustomerApp", "LinkParser", "DesignFixture"]),
    .testTarget(
      name: "LinkLifecycleTests",
      dependencies: ["LinkContract", "CustomerApp", "LinkParser", "LinkLifecycle", "DesignFixture"]),
    .testTarget(
      name: "ContractArtifactsTests",
      dependencies: [
        "LinkContract", "CustomerApp", "LinkParser", "ContractArtifacts", "AssociationChecks", "DesignFixture",
      ]),
    .testTarget(
      name: "AssociationChecksTests",
      dependencies: ["LinkContract", "CustomerApp", "ContractArtifacts", "AssociationChecks", "DesignFixture"],
      exclude: ["RealAssociationFiles"]),
    .testTarget(
      name: "SiteGeneratorTests",
      dependencies: [
        "LinkContract", "CustomerApp", "LinkParser", "ContractArtifacts", "SiteGenerator", "DesignFixture",
      ]),
    .testTarget(
      name: "CommandLineTests",
      dependencies: ["LinkContractTool", "ContractArtifacts", "AssociationChecks", "DesignFixture", "CustomerApp"]),
    .testTarget(
      name: "ReleaseChecksTests",
      dependencies: ["LinkContract", "CustomerApp", "ContractArtifacts", "ReleaseChecks", "DesignFixture"],
      exclude: ["Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
