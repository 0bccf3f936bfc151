import FathomCore
import FathomTestSupport
import Testing

@testable import FathomRegistration

/// `NearestPointGrid` (ICP's and the verdict's nearest-point queries) against a brute-force scan of
/// every point, on a furnished room's points and on hand-made cases at the grid's edges.
@Suite struct NearestPointGridTests {
    /// The nearest point within `radius` by a plain loop over every point (the lowest index of equals),
    /// or nil.
    static func reference(_ p: SIMD3<Float>, in points: [SIMD3<Float>], within radius: Float) -> (Int, Float)? {
        var best: (Int, Float)? = nil
        for (i, q) in points.enumerated() where q.isFinite {
            let d2 = q.distanceSquared(to: p)
            if d2 <= radius * radius, best == nil || d2 < best!.1 { best = (i, d2) }
        }
        return best
    }

    @Test func findsTheSameNearestPointAsABruteForceScan() {
        let points = RegistrationFixtures.furnishedCorner(seed: 7)
        var g = SeededGenerator(seed: 11)
        // Query edges from far below to far above the radii, and radii from 0 to several edges.
        for edge: Float in [0.02, 0.08, 0.3] {
            let grid = NearestPointGrid(positions: points, edge: edge)
            var found = 0
            for _ in 0..<400 {
                let base = points[Int.random(in: 0..<points.count, using: &g)]
                // Offsets of up to 3 edges: queries near the points and in empty space beside them.
                let reach = 3 * edge
                let p = base + SIMD3(
                    Float.random(in: -reach...reach, using: &g), Float.random(in: -reach...reach, using: &g),
                    Float.random(in: -reach...reach, using: &g))
                let radius = Float.random(in: 0...(4 * edge), using: &g)
                let expected = Self.reference(p, in: points, within: radius)
                let got = grid.nearest(to: p, within: radius)
                #expect(got?.index == expected?.0, "edge \(edge), radius \(radius), query \(p)")
                #expect(got?.squaredDistance == expected?.1)
                if got != nil { found += 1 }
            }
            // Both outcomes were exercised: points found and none within the radius.
            #expect(found > 40 && found < 400, "\(found) of 400 found at edge \(edge)")
        }
    }

    @Test func handlesQueriesOutsideTheGridAndDegenerateInput() {
        let points: [SIMD3<Float>] = [SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(.nan, 0, 0), SIMD3(1, 1, 1)]
        let grid = NearestPointGrid(positions: points, edge: 0.1)
        // Beyond the grid's box on every side: found only when the radius reaches a point.
        #expect(grid.nearest(to: SIMD3(-0.5, 0, 0), within: 0.4) == nil)
        #expect(grid.nearest(to: SIMD3(-0.5, 0, 0), within: 0.5)?.index == 0)
        #expect(grid.nearest(to: SIMD3(1.25, 1, 1), within: 0.3)?.index == 3)
        #expect(grid.nearest(to: SIMD3(1, 0, 0), within: 0)?.index == 1)
        // The non-finite point is never returned, nor is anything for a non-finite query or radius.
        #expect(grid.nearest(to: SIMD3(.nan, 0, 0), within: 10) == nil)
        #expect(grid.nearest(to: SIMD3(0.5, 0, 0), within: .infinity) == nil)
        #expect(grid.nearest(to: SIMD3(0.4, 0, 0), within: 10)?.index == 0)
        // Equidistant points: the first in cell order (here also the lower index).
        #expect(grid.nearest(to: SIMD3(0.5, 0, 0), within: 10)?.index == 0)
        // No finite point at all.
        let empty = NearestPointGrid(positions: [SIMD3(.infinity, 0, 0)], edge: 0.1)
        #expect(empty.nearest(to: .zero, within: 1) == nil)
    }

    @Test func farOutliersCoarsenTheGridInsteadOfGrowingTheTable() {
        var points = RegistrationFixtures.furnishedCorner(seed: 3)
        points.append(SIMD3(1e6, -1e6, 1e6))
        let grid = NearestPointGrid(positions: points, edge: 0.05)
        let cells = grid.dims.x * grid.dims.y * grid.dims.z
        #expect(cells <= points.count * NearestPointGrid.maximumCellsPerPoint + NearestPointGrid.extraCells)
        #expect(grid.edge > 0.05)
        // Still exact.
        let p = points[10] + SIMD3(0.01, 0.02, 0)
        #expect(grid.nearest(to: p, within: 0.1)?.index == Self.reference(p, in: points, within: 0.1)?.0)
        #expect(grid.nearest(to: SIMD3(1e6, -1e6, 1e6), within: 1)?.index == points.count - 1)
    }
}
