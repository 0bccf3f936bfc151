// swift-tools-version: 6.1
import PackageDescription

// Fathom: an open Swift toolkit for AR spatial perception.
//
// Grouped by role, as swift-numerics does: the public modules (one per capability) and
// the umbrella that re-exports them; the command-line tool; then the tests.
let package = Package(
    name: "Fathom",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "Fathom", targets: ["Fathom"]),
        .library(name: "FathomCore", targets: ["FathomCore"]),
        .library(name: "FathomIO", targets: ["FathomIO"]),
        .library(name: "FathomSimulator", targets: ["FathomSimulator"]),
        .library(name: "FathomSurfaces", targets: ["FathomSurfaces"]),
        .library(name: "FathomSensing", targets: ["FathomSensing"]),
        .library(name: "FathomScan", targets: ["FathomScan"]),
        .library(name: "FathomHands", targets: ["FathomHands"]),
        .library(name: "FathomPlan", targets: ["FathomPlan"]),
        .library(name: "FathomRegistration", targets: ["FathomRegistration"]),
        .library(name: "FathomAnchors", targets: ["FathomAnchors"]),
        .library(name: "FathomImport", targets: ["FathomImport"]),
        .library(name: "FathomCLI", targets: ["FathomCLI"]),
        .executable(name: "fathom", targets: ["fathom"]),
        // Not public API (underscored, as swift-numerics' `_TestSupport`): the test helpers, for the
        // nested packages' tests (Server/ drives the same headless browser).
        .library(name: "_FathomTestSupport", targets: ["FathomTestSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
    ],
    targets: [
        // MARK: Public modules
        .target(name: "FathomCore"),
        .target(
            name: "FathomIO",
            dependencies: ["FathomCore", "FathomZlib", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        // The simulator states its ground truth in the toolkit's own result types (e.g. floor plans).
        .target(name: "FathomSimulator", dependencies: ["FathomCore", "FathomIO", "FathomSensing", "FathomPlan"]),
        .target(name: "FathomSurfaces", dependencies: ["FathomCore"]),
        .target(name: "FathomSensing", dependencies: ["FathomCore"]),
        .target(name: "FathomScan", dependencies: ["FathomCore", "FathomIO"]),
        .target(name: "FathomHands", dependencies: ["FathomCore"]),
        .target(
            name: "FathomPlan", dependencies: ["FathomCore", "FathomIO", "FathomSensing", "FathomSurfaces", "FathomRegistration"]),
        // Point-cloud registration serves relocalization (anchors) and multi-scan floor plans alike.
        .target(name: "FathomRegistration", dependencies: ["FathomCore"]),
        .target(name: "FathomAnchors", dependencies: ["FathomCore", "FathomIO", "FathomSensing", "FathomRegistration"]),
        // Readers of other apps' captures (Stray Scanner, Record3D, ARKitScenes, ARKit-Data-Logger, RoomPlan).
        .target(name: "FathomImport", dependencies: ["FathomCore", "FathomIO", "FathomPlan"]),
        .target(
            name: "Fathom",
            dependencies: ["FathomCore", "FathomIO", "FathomSimulator", "FathomSurfaces", "FathomSensing", "FathomScan", "FathomHands",
                "FathomPlan", "FathomRegistration", "FathomAnchors", "FathomImport",
            ]),

        // MARK: Implementation details
        // System zlib (deflate/inflate for PNG); ZIPFoundation links the same library.
        .systemLibrary(
            name: "FathomZlib", path: "Sources/FathomZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),

        // MARK: Command-line tool
        .target(
            name: "FathomCLI",
            dependencies: ["Fathom", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(name: "fathom", dependencies: ["FathomCLI"]),

        // MARK: Tests
        .target(name: "FathomTestSupport", dependencies: ["FathomCore"], path: "Tests/FathomTestSupport"),
        .testTarget(name: "FathomCoreTests", dependencies: ["FathomCore", "FathomTestSupport"]),
        .testTarget(name: "FathomIOTests", dependencies: ["FathomIO", "FathomTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "FathomSimulatorTests", dependencies: ["FathomSimulator", "FathomTestSupport"]),
        .testTarget(
            name: "FathomSurfacesTests", dependencies: ["FathomSurfaces", "FathomSimulator", "FathomTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "FathomSensingTests", dependencies: ["FathomSensing", "FathomTestSupport"]),
        .testTarget(
            name: "FathomScanTests", dependencies: ["FathomScan", "FathomTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "FathomHandsTests", dependencies: ["FathomHands", "FathomTestSupport"]),
        .testTarget(
            name: "FathomPlanTests", dependencies: ["FathomPlan", "FathomSimulator", "FathomTestSupport"]),
        .testTarget(
            name: "FathomAnchorsTests", dependencies: ["FathomAnchors", "FathomSimulator", "FathomTestSupport"]),
        .testTarget(
            name: "FathomRegistrationTests", dependencies: ["FathomRegistration", "FathomTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "FathomImportTests", dependencies: ["FathomImport", "FathomSimulator", "FathomTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "FathomCLITests", dependencies: ["FathomCLI", "FathomTestSupport"]),
    ]
)
