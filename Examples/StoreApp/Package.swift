// swift-tools-version: 6.0
// The Store app's link contract: a second adopter of linkcontract, depending on it as any app
// would (here by path), with its own values, Content and Site, and linkcontract's built-in
// templates (a Templates/ folder would hold only the files it changes).
import PackageDescription

let package = Package(
  name: "StoreApp",
  dependencies: [.package(name: "linkcontract", path: "../..")],
  targets: [
    .target(name: "StoreAppContract", dependencies: [.product(name: "LinkContract", package: "linkcontract")]),
    .executableTarget(
      name: "store-links",
      dependencies: ["StoreAppContract", .product(name: "LinkContractTool", package: "linkcontract")]),
    .testTarget(
      name: "StoreAppTests",
      dependencies: [
        "StoreAppContract", .product(name: "LinkContract", package: "linkcontract"),
        .product(name: "LinkParser", package: "linkcontract"),
        .product(name: "LinkLifecycle", package: "linkcontract"),
        .product(name: "AssociationChecks", package: "linkcontract"),
        .product(name: "ContractArtifacts", package: "linkcontract"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
