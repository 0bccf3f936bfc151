import FathomCore
import FathomTestSupport
import Foundation
import Testing

@testable import FathomIO

/// Inputs found by the fuzzers (scripts/fuzz, docs/fuzzing.md) that broke a reader, kept so the fixes
/// stay fixed. Each reads a fixture and checks the outcome is a result or a clear error.
@Suite struct FuzzRegressionTests {
    private func fixture(_ name: String, _ ext: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Fixtures"))
    }

    @Test func plyWithHugeCoordinatesIsSummarised() throws {
        let url = try fixture("ply-spatial-index-hang", "ply")
        let result = try PLYFile.read(url)
        #expect(result.cloud.count == 6)
        let summary = PointCloudFileSummary(fileName: url.lastPathComponent, result: result)
        // Three points near the origin and three beyond 1e20 m: the far ones' nearest distances
        // overflow Float (squared beyond 3.4e38), so the mean is +inf — but it is computed.
        #expect(summary.pointCount == 6)
        #expect(summary.meanSpacing == .infinity)
        #expect(summary.bounds != nil)
    }

    @Test func colorStreamWithHugeSidesIsAClearError() throws {
        // 2,533,359,624 × 4,132,225,321 pixels: the product overflowed Int and trapped.
        let url = try fixture("stream-color-size-overflow", "bin")
        #expect { try ScanStreamReader(url: url, kind: .color) } throws: { error in
            guard let e = error as? ScanPackageError else { return false }
            return e.kind == .corrupt && e.file == url.path && e.offset == 8
                && e.problem == "invalid size 2533359624×4132225321"
        }
    }
}
