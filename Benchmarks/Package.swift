// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package (as swift-collections does) so the library never carries
// benchmark code or dependencies. Run: `swift run -c release --package-path Benchmarks fathom-bench`.
let package = Package(
    name: "FathomBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Fathom", path: "..")],
    targets: [
        .executableTarget(
            name: "fathom-bench",
            dependencies: [.product(name: "Fathom", package: "Fathom")])
    ]
)
