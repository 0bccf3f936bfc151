import FathomCore
import FathomTestSupport
import Testing

@testable import FathomSurfaces

/// A found plane's centre and corners (the inliers' bounding rectangle along their principal
/// directions in the plane, from their moments summed in one pass over the cloud's positions) on a
/// hand-made rectangle far from the origin, with its points in scan order and shuffled.
@Suite struct PlaneExtentTests {
    /// Where the rectangle lies, metres (far from the origin: the moments are summed about the
    /// plane's point, so they keep their precision there).
    static let offset = SIMD3<Float>(100, 50, 3)
    /// Largest error of the centre and the sides, metres (the grid's 1 cm spacing is exact; noise 0.5 mm).
    static let tolerance: Float = 0.003

    /// A 1 m × 0.6 m grid (1 cm spacing) around `offset`, seeded noise of 0.5 mm along z.
    static func rectangle(shuffled: Bool) -> [SIMD3<Float>] {
        var g = SeededGenerator(seed: 12)
        var points: [SIMD3<Float>] = []
        for i in 0..<100 {
            for j in 0..<60 {
                points.append(offset + SIMD3(Float(i) * 0.01, Float(j) * 0.01, Float(g.nextGaussian()) * 0.0005))
            }
        }
        if shuffled { points.shuffle(using: &g) }
        return points
    }

    @Test(arguments: [false, true])
    func cornersBoundTheRectangleFarFromTheOrigin(shuffled: Bool) throws {
        let finder = try SurfaceFinder(positions: Self.rectangle(shuffled: shuffled))
        var search = SurfaceSearch(
            type: .plane, seed: .point(Self.offset + SIMD3(0.5, 0.3, 0)), seedRadius: 0.1, accuracy: 0.001)
        search.viewpoint = Self.offset + SIMD3(0.5, 0.3, 2)
        guard case let .plane(p)? = try finder.find(search).surface else {
            Issue.record("no plane")
            return
        }
        #expect(p.fit.inlierCount >= 5950)
        #expect(isClose(p.center, Self.offset + SIMD3(0.495, 0.295, 0), tolerance: Self.tolerance))
        // The long side (x, 0.99 m between the outermost points) first: the largest principal direction.
        #expect(isClose(p.size.x, 0.99, tolerance: Self.tolerance), "size \(p.size)")
        #expect(isClose(p.size.y, 0.59, tolerance: Self.tolerance), "size \(p.size)")
        for corner in p.corners {
            let d = corner - Self.offset
            #expect(min(abs(d.x), abs(d.x - 0.99)) <= Self.tolerance && min(abs(d.y), abs(d.y - 0.59)) <= Self.tolerance,
                    "corner \(d) off the rectangle's")
        }
    }
}
