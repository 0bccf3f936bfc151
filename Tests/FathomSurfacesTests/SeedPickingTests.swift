import FathomCore
import FathomTestSupport
import Testing

@testable import FathomSurfaces

/// Seed picking from a screen probe, against hand-placed points.
@Suite struct SeedPickingTests {
    /// A camera at the origin looking down −Z (identity pose), 1920×1440, fx = fy = 1450.
    static let camera = PinholeCamera(intrinsics: .iPhoneWide1920x1440, worldFromCamera: .identity)

    /// Points on the view axis at 1 m and 2 m, one 2 px off-axis at 1.5 m, and one far off-axis.
    static let points: [SIMD3<Float>] = [
        SIMD3(0, 0, -2),
        SIMD3(2 * 1.5 / 1450, 0, -1.5),
        SIMD3(0.5, 0.5, -1),
        SIMD3(3 * 1 / 1450, 0, -1),
    ]

    @Test func nearestToCameraPicksTheClosestPointInsideTheProbe() throws {
        let finder = try SurfaceFinder(positions: Self.points)
        let centre = SIMD2<Float>(959.5, 719.5)
        let seed = try #require(finder.pickSeed(camera: Self.camera, probe: SeedProbe(screenPoint: centre, probeRadius: 4)))
        #expect(seed.index == 3)
        #expect(isClose(seed.depth, 1, tolerance: 1e-4))
        // A quarter of the half-height at 1 m: 0.25 · 720 / 1450.
        #expect(isClose(seed.seedRadius, 0.25 * 720 / 1450, tolerance: 1e-5))
        #expect(isClose(seed.pixelDistance, 3, tolerance: 0.01))
    }

    @Test func nearestToRayPicksTheBestAlignedPoint() throws {
        let finder = try SurfaceFinder(positions: Self.points)
        let probe = SeedProbe(screenPoint: SIMD2(959.5, 719.5), probeRadius: 4, rule: .nearestToRay)
        let seed = try #require(finder.pickSeed(camera: Self.camera, probe: probe))
        #expect(seed.index == 0)
        #expect(isClose(seed.seedRadius, 0.25 * 720 / 1450 * 2, tolerance: 1e-5))
    }

    @Test func smallProbeExcludesOffAxisPoints() throws {
        let finder = try SurfaceFinder(positions: Self.points)
        let seed = try #require(finder.pickSeed(
            camera: Self.camera, probe: SeedProbe(screenPoint: SIMD2(959.5, 719.5), probeRadius: 1)))
        #expect(seed.index == 0)
    }

    @Test func emptyProbeGivesNoSeed() throws {
        let finder = try SurfaceFinder(positions: Self.points)
        #expect(finder.pickSeed(camera: Self.camera, probe: SeedProbe(screenPoint: SIMD2(100, 100))) == nil)
        #expect(finder.pickSeed(camera: Self.camera, probe: SeedProbe(screenPoint: SIMD2(959.5, 719.5), probeRadius: 0)) == nil)
    }

    @Test func picksOnAPosedCameraInADenseCloud() throws {
        // A wall of points at z = −3 seen by a camera at (1, 0.5, 0) looking down −Z: the picked seed
        // is the wall point under the screen point.
        var pts: [SIMD3<Float>] = []
        for i in 0..<200 { for j in 0..<200 { pts.append(SIMD3(Float(i) * 0.01 - 1, Float(j) * 0.01 - 1, -3)) } }
        let finder = try SurfaceFinder(positions: pts)
        let camera = PinholeCamera(
            intrinsics: .iPhoneWide1920x1440,
            worldFromCamera: RigidTransform(rotation: .identity, translation: SIMD3(0.5, 0.25, 0)))
        let seed = try #require(finder.pickSeed(camera: camera, probe: SeedProbe(screenPoint: SIMD2(959.5, 719.5), probeRadius: 8)))
        #expect(isClose(seed.position, SIMD3(0.5, 0.25, -3), tolerance: 0.011))
    }
}
