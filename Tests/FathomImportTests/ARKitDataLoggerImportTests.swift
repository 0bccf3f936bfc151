import FathomCore
import FathomIO
import FathomSurfaces
import FathomTestSupport
import Foundation
import Testing

@testable import FathomImport

@Suite struct ARKitDataLoggerImportTests {
    /// The real ARKit-Data-Logger sample (MIT, see Fixtures/arkit-data-logger/NOTICE.md).
    static func fixture() throws -> URL {
        guard let url = Bundle.module.url(forResource: "arkit-data-logger", withExtension: nil, subdirectory: "Fixtures") else {
            throw ImportError(.missingFile, file: "Fixtures/arkit-data-logger", problem: "test fixture missing")
        }
        return url
    }

    /// Every pose (2,762 at 60 Hz over 46 s, 23 m walked) and every landmark (14,644) is kept, the
    /// landmarks as one feature-point frame on the last pose.
    @Test func keepsEveryPoseAndLandmark() throws {
        let dir = try makeTemporaryDirectory("logger")
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("scan")
        let report = try CaptureImport.importScan(from: try Self.fixture(), to: output)
        #expect(report.format == .arkitLogger)
        #expect(report.frameCount == 2762)
        #expect(report.featurePointCount == 14644)
        #expect(report.warnings.isEmpty)
        let package = try ScanPackage(url: output)
        let frames = package.cameraFrames
        #expect(frames.count == 2762)
        let duration = frames.last!.timestamp - frames.first!.timestamp
        #expect(abs(duration - 46) < 1)
        var walked: Float = 0
        for (a, b) in zip(frames, frames.dropFirst()) {
            walked += a.cameraTransform.translation.distance(to: b.cameraTransform.translation)
        }
        #expect(abs(walked - 23) < 1.5, "walked \(walked) m")
        // The first pose as written: translation (−0.042176, 0.137348, 0.463405).
        #expect(frames[0].cameraTransform.translation.distance(to: SIMD3(-0.042176, 0.137348, 0.463405)) < 1e-6)
        let all = try SimulatedCaptures.frames(of: package)
        let features = all.compactMap(\.features)
        #expect(features.count == 1)
        #expect(features[0].frameNumber == 2761)
        #expect(Set(features[0].identifiers).count == 14644)
    }

    /// A plane search from a seed in the dense layer about 0.7 m below the start finds a plane of at
    /// least 2,000 landmarks. Gravity is not forced: the layer's best plane tilts about 8° (a drifted
    /// map), and the finder must find it as it is.
    @Test func planeInTheDenseLayer() throws {
        let dir = try makeTemporaryDirectory("logger-plane")
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("scan")
        _ = try CaptureImport.importScan(from: try Self.fixture(), to: output)
        let package = try ScanPackage(url: output)
        let points = try SimulatedCaptures.frames(of: package).compactMap(\.features).flatMap(\.positions)
        let start = package.cameraFrames[0].cameraTransform.translation
        let finder = try SurfaceFinder(positions: points)
        // The seed: the landmark with the most neighbours within 0.2 m among those 0.5–0.9 m below the start.
        let layer = points.indices.filter { (start.y - 0.9...start.y - 0.5).contains(points[$0].y) }
        let density = layer.map { finder.index.count(within: 0.2, of: points[$0]) }
        let seed = layer[density.indices.max { density[$0] < density[$1] }!]
        let search = SurfaceSearch(
            type: .plane, seed: .index(seed), seedRadius: 0.3, accuracy: 0.02, conversions: [])
        let result = try finder.find(search)
        guard case let .plane(plane)? = result.surface else {
            Issue.record("no plane found: \(String(describing: result.reason))")
            return
        }
        #expect(plane.fit.inlierCount >= 2000, "plane holds \(plane.fit.inlierCount) landmarks")
        let tilt = acos(min(1, abs(plane.normal.y))) * 180 / .pi
        #expect(tilt > 2 && tilt < 15, "tilt \(tilt)°")
    }
}
