import FathomCore
import FathomSimulator
import Testing

@testable import FathomSurfaces

/// The finer index level answers every query with exactly the coarse index's points, squared
/// distances and order (the growth's results depend on the order), on a crowded scene and on clouds
/// made to hit its edge cases: points on cell and subcell boundaries, queries outside the grid,
/// radii from below a subcell to beyond a cell.
@Suite struct SubdividedSpatialIndexTests {
    /// What a query calls its body with, in order.
    static func answer(_ query: (SIMD3<Float>, Float, (Int, Float) -> Void) -> Void, _ c: SIMD3<Float>, _ r: Float)
        -> [Pair]
    {
        var out: [Pair] = []
        query(c, r) { i, d2 in out.append(Pair(index: i, squaredDistance: d2)) }
        return out
    }

    struct Pair: Equatable { let index: Int; let squaredDistance: Float }

    /// Compares the two levels over `queries` random centres near the points and radii in `radii`
    /// (fractions of the coarse cell edge); returns the number of points returned in all.
    static func compare(
        _ positions: [SIMD3<Float>], cellsPerPoint: Float, subdivisions: Int, minimumPoints: Int,
        radii: [Float], queries: Int, seed: UInt64
    ) -> Int {
        let coarse = SpatialIndex(positions: positions, cellsPerPoint: cellsPerPoint)
        let fine = SubdividedSpatialIndex(coarse, subdivisions: subdivisions, minimumPointsToSubdivide: minimumPoints)
        var g = SeededGenerator(seed: seed)
        var returned = 0
        for q in 0..<queries {
            let base = positions[Int.random(in: 0..<positions.count, using: &g)]
            // Half the queries on a point, half offset (some far outside the grid).
            let offset = q % 2 == 0 ? SIMD3<Float>.zero
                : SIMD3<Float>(Float.random(in: -1...1, using: &g), Float.random(in: -1...1, using: &g),
                               Float.random(in: -1...1, using: &g)) * coarse.cellSize * Float(q % 7)
            let center = base + offset
            for fraction in radii {
                let r = fraction * coarse.cellSize
                let expected = answer(coarse.forEachNeighbor, center, r)
                let got = answer(fine.forEachNeighbor, center, r)
                #expect(got == expected, "query \(q) radius \(r): \(got.count) vs \(expected.count) points")
                returned += expected.count
            }
        }
        return returned
    }

    static let radii: [Float] = [0, 0.1, 0.3, 0.5, 0.8, 1, 1.7, 3]

    @Test func crowdedSceneQueriesMatchTheCoarseIndex() throws {
        let scene = SyntheticCrowdedScene(.sphere, totalPoints: 20_000, sensor: .lidar(noise: 0.005), seed: 3)
        for k in [2, 4, 6] {
            let returned = Self.compare(
                scene.positions, cellsPerPoint: 4, subdivisions: k, minimumPoints: 8, radii: Self.radii,
                queries: 150, seed: UInt64(k))
            #expect(returned > 10_000)
        }
        // The level is really used: the finder's choice subdivides the scene's crowded cells.
        let finder = try SurfaceFinder(positions: scene.positions)
        #expect(finder.fineIndex.subdivisions > 1)
        #expect(finder.fineIndex.subdividedCellCount > 0)
    }

    /// Points on a lattice whose spacing divides the cell and subcell edges (points exactly on the
    /// boundaries), a few non-finite points, and coarse cells both below and above the threshold.
    @Test func latticeOnBoundariesMatchesTheCoarseIndex() {
        var positions: [SIMD3<Float>] = []
        for x in 0..<24 { for y in 0..<24 { for z in 0..<3 {
            positions.append(SIMD3(Float(x) * 0.125, Float(y) * 0.125, Float(z) * 0.5))
        } } }
        positions.append(SIMD3(.nan, 0, 0))
        positions.append(SIMD3(0, .infinity, 0))
        // A lone far point: an empty-ish grid corner.
        positions.append(SIMD3(9, 9, 9))
        for k in [2, 3, 5] {
            _ = Self.compare(
                positions, cellsPerPoint: 1.0 / 16, subdivisions: k, minimumPoints: 4, radii: Self.radii,
                queries: 80, seed: 10 + UInt64(k))
        }
    }

    /// One subdivision, or no cell crowded enough, leaves the coarse index answering.
    @Test func withoutCrowdedCellsTheCoarseIndexAnswers() {
        let positions = (0..<50).map { SIMD3<Float>(Float($0) * 0.1, 0, 0) }
        let coarse = SpatialIndex(positions: positions)
        #expect(SubdividedSpatialIndex(coarse, subdivisions: 1).subdividedCellCount == 0)
        let sparse = SubdividedSpatialIndex(coarse, subdivisions: 4, minimumPointsToSubdivide: 1000)
        #expect(sparse.subdividedCellCount == 0)
        let c = SIMD3<Float>(1, 0, 0)
        #expect(Self.answer(sparse.forEachNeighbor, c, 0.25) == Self.answer(coarse.forEachNeighbor, c, 0.25))
        #expect(Self.answer(sparse.forEachNeighbor, c, 0.25).map(\.index).sorted() == [8, 9, 10, 11, 12])
    }

    /// The subdivisions follow the cloud's own density: a plane lattice of 1 cm spacing in cells of
    /// 8 cm holds 64 points in each cell, so k² subcells of about `pointsPerSubcell` points each give
    /// k = round(√(64 / pointsPerSubcell)).
    @Test func subdivisionsFollowTheMeasuredDensity() {
        // A quarter-spacing shift (the extra point sets the grid's origin) keeps every lattice point
        // off the cell boundaries; that point's own cell is too sparse to count.
        var positions: [SIMD3<Float>] = [SIMD3(-0.0025, -0.0025, 0)]
        for x in 0..<64 { for y in 0..<64 { positions.append(SIMD3(Float(x) * 0.01, Float(y) * 0.01, 0)) } }
        let coarse = SpatialIndex(positions: positions, cellSize: 0.08)
        #expect(coarse.pointCount(inCell: coarse.cell(containing: SIMD3(0.2, 0.2, 0))!) == 64)
        #expect(SubdividedSpatialIndex.subdivisions(for: coarse, pointsPerSubcell: 8) == 3)
        #expect(SubdividedSpatialIndex.subdivisions(for: coarse, pointsPerSubcell: 4) == 4)
        #expect(SubdividedSpatialIndex.subdivisions(for: coarse, pointsPerSubcell: 1) == SubdividedSpatialIndex.maximumSubdivisions)
        #expect(SubdividedSpatialIndex.subdivisions(for: coarse, pointsPerSubcell: 100) == 1)
        // No cell crowded enough (the corner cell holds the extra point too: 65): no subdivision.
        #expect(SubdividedSpatialIndex.subdivisions(for: coarse, pointsPerSubcell: 8, minimumPointsToSubdivide: 66) == 1)
    }
}
