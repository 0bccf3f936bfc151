// swift-tools-version: 6.1
import PackageDescription

// Fathom Server: the self-hosted scan-conversion service. A nested package (as Benchmarks/ is), so the
// library and `swift run fathom demo` never build Hummingbird, GRDB or postgres-nio.
// Run: `swift run --package-path Server fathom-server --data ./data`.
let package = Package(
    name: "FathomServer",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "fathom-server", targets: ["fathom-server"]),
        .library(name: "FathomServer", targets: ["FathomServer"]),
    ],
    dependencies: [
        .package(name: "Fathom", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // MARK: Server library (routes, storage, workers)
        .target(
            name: "FathomServer",
            dependencies: [
                .product(name: "Fathom", package: "Fathom"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                "CServerZlib",
            ],
            resources: [.copy("Resources/openapi.json")]),

        // System zlib (raw inflate and CRC-32) for the server's own zip guard.
        .systemLibrary(name: "CServerZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),

        // MARK: Executable
        .executableTarget(name: "fathom-server", dependencies: ["FathomServer"]),

        // MARK: Tests
        .testTarget(
            name: "FathomServerTests",
            dependencies: [
                "FathomServer",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Fathom", package: "Fathom"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "_FathomTestSupport", package: "Fathom"),
            ],
            resources: [.copy("Fixtures")]),
    ]
)
