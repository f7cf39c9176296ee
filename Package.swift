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
    .target(name: "CFileExchange"),
    .target(name: "LinkContract"),
    .target(name: "LinkParser", dependencies: ["LinkContract"]),
    .target(name: "LinkLifecycle", dependencies: ["LinkContract", "LinkParser"]),
    .target(name: "ContractArtifacts", dependencies: ["LinkContract", "LinkParser", "LinkLifecycle"]),
    .target(
      name: "SiteGenerator",
      dependencies: [
        "LinkContract", "LinkParser", "LinkLifecycle", "ContractArtifacts", "CCmark", "CLibXML2",
        "CFileExchange",
      ]),
    .executableTarget(
      name: "LinkContractCLI",
      dependencies: ["LinkContract", "LinkParser", "ContractArtifacts", "SiteGenerator"],
      path: "Sources/linkcontract"),
    .target(name: "FuzzDriver", path: "Sources/Fuzz/FuzzDriver"),
    .executableTarget(
      name: "LinkParserFuzz", dependencies: ["LinkContract", "LinkParser", "ContractArtifacts", "FuzzDriver"],
      path: "Sources/Fuzz/LinkParserFuzz"),
    .executableTarget(
      name: "ContentFuzz", dependencies: ["LinkContract", "LinkParser", "SiteGenerator", "FuzzDriver"],
      path: "Sources/Fuzz/ContentFuzz"),
    .executableTarget(
      name: "ParserBench", dependencies: ["LinkContract", "LinkParser", "ContractArtifacts"],
      path: "Sources/ParserBench"),
    .testTarget(name: "LinkContractTests", dependencies: ["LinkContract"]),
    .testTarget(name: "LinkParserTests", dependencies: ["LinkContract", "LinkParser"]),
    .testTarget(name: "LinkLifecycleTests", dependencies: ["LinkContract", "LinkParser", "LinkLifecycle"]),
    .testTarget(
      name: "ContractArtifactsTests",
      dependencies: ["LinkContract", "LinkParser", "ContractArtifacts"],
      exclude: ["RealAssociationFiles"]),
    .testTarget(
      name: "SiteGeneratorTests",
      dependencies: ["LinkContract", "LinkParser", "ContractArtifacts", "SiteGenerator"]),
    .testTarget(name: "CommandLineTests", dependencies: ["LinkContractCLI", "ContractArtifacts"]),
  ],
  swiftLanguageModes: [.v6]
)
