import FathomCore
import FathomTestSupport
import Testing

@Suite struct SpatialIndexTests {
    /// A cloud of random points in a box, from a seed.
    static func randomCloud(_ n: Int, seed: UInt64) -> [SIMD3<Float>] {
        var g = SeededGenerator(seed: seed)
        return (0..<n).map { _ in
            SIMD3(Float.random(in: -2...2, using: &g), Float.random(in: 0...0.5, using: &g),
                  Float.random(in: -1...3, using: &g))
        }
    }

    @Test func radiusQueryMatchesBruteForce() {
        let pts = Self.randomCloud(5000, seed: 1)
        let index = SpatialIndex(positions: pts)
        var g = SeededGenerator(seed: 2)
        for _ in 0..<50 {
            let c = pts[Int.random(in: 0..<pts.count, using: &g)] + SIMD3(0.01, -0.02, 0.03)
            let r = Float.random(in: 0.01...0.6, using: &g)
            let expected = Set(pts.indices.filter { pts[$0].distanceSquared(to: c) <= r * r })
            #expect(Set(index.neighbors(of: c, radius: r)) == expected)
        }
    }

    @Test func nearestMatchesBruteForce() {
        let pts = Self.randomCloud(3000, seed: 3)
        let index = SpatialIndex(positions: pts)
        var g = SeededGenerator(seed: 4)
        for _ in 0..<50 {
            // Query points also far outside the cloud.
            let q = SIMD3<Float>(Float.random(in: -6...6, using: &g), Float.random(in: -3...3, using: &g),
                                 Float.random(in: -5...7, using: &g))
            let truth = pts.indices.map { ($0, pts[$0].distance(to: q)) }.sorted { $0.1 < $1.1 }
            let got = index.nearest(to: q, k: 7)
            #expect(got.map(\.index) == truth.prefix(7).map(\.0))
            #expect(isClose(got[0].distance, truth[0].1, tolerance: 1e-5))
        }
    }

    @Test func excludesSelfAndNonFinitePoints() {
        var pts: [SIMD3<Float>] = [SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(.nan, 0, 0), SIMD3(0, 2, 0)]
        pts.append(SIMD3(.infinity, 1, 1))
        let index = SpatialIndex(positions: pts)
        #expect(index.nearest(to: .zero, excluding: 0)?.index == 1)
        #expect(Set(index.neighbors(of: .zero, radius: 100)) == [0, 1, 3])
        #expect(index.nearest(to: .zero, k: 10).count == 3)
    }

    @Test func degenerateCloudsAreIndexed() {
        // All points identical, and a perfectly flat plane: zero extent along some axes.
        let same = [SIMD3<Float>](repeating: SIMD3(1, 2, 3), count: 100)
        #expect(SpatialIndex(positions: same).neighbors(of: SIMD3(1, 2, 3), radius: 0).count == 100)
        let flat = (0..<400).map { SIMD3<Float>(Float($0 % 20) * 0.1, 0, Float($0 / 20) * 0.1) }
        let index = SpatialIndex(positions: flat)
        #expect(index.count(within: 0.1001, of: SIMD3(1, 0, 1)) == 5)
        #expect(SpatialIndex(positions: []).nearest(to: .zero) == nil)
    }

    @Test func explicitCellSizeGivesSameAnswers() {
        let pts = Self.randomCloud(2000, seed: 5)
        let a = SpatialIndex(positions: pts, cellSize: 0.013)
        let b = SpatialIndex(positions: pts, cellSize: 1.7)
        let c = SIMD3<Float>(0.3, 0.2, 1.1)
        #expect(Set(a.neighbors(of: c, radius: 0.4)) == Set(b.neighbors(of: c, radius: 0.4)))
    }

    /// Four cells per point: cells 4^(1/3) ≈ 1.59× finer than the default, same answers.
    @Test func moreCellsPerPointMeansFinerCellsAndSameAnswers() {
        let pts = Self.randomCloud(4000, seed: 6)
        let coarse = SpatialIndex(positions: pts)
        let fine = SpatialIndex(positions: pts, cellsPerPoint: 4)
        let ratio = coarse.cellSize / fine.cellSize
        #expect(ratio > 1.4 && ratio < 1.8, "cell ratio \(ratio)")
        // Beyond the memory bound (4 cells per point) the request is clamped.
        #expect(SpatialIndex(positions: pts, cellsPerPoint: 100).cellSize == fine.cellSize)
        let c = SIMD3<Float>(-0.4, 0.25, 0.7)
        let expected = Set(pts.indices.filter { pts[$0].distanceSquared(to: c) <= 0.09 })
        #expect(Set(fine.neighbors(of: c, radius: 0.3)) == expected)
        #expect(fine.nearest(to: c)?.index == coarse.nearest(to: c)?.index)
    }

    /// Found by fuzzing the PLY reader (`fathom info`): coordinates near ±3.4e38 made the extent, the
    /// cell count and the distances overflow; building trapped and nearest() looped forever.
    @Test func extremeCoordinatesNeitherTrapNorLoop() {
        let huge: [SIMD3<Float>] = [SIMD3(-3.4e38, 0, 0), SIMD3(3.4e38, 1, 0), SIMD3(0, 0, 0)]
        let index = SpatialIndex(positions: huge)
        #expect(index.cellSize.isFinite)
        // The distances overflow to +inf, but every query answers, and a radius query sees the origin.
        for i in huge.indices { #expect(index.nearest(to: huge[i], excluding: i) != nil) }
        #expect(index.neighbors(of: .zero, radius: 1) == [2])
        // The fuzzer's cloud: three points near the origin, three beyond 1e20.
        let spread: [SIMD3<Float>] = [
            SIMD3(-4.38, -2.22, 0.10), SIMD3(2.59, 1.02, 1.31), SIMD3(2.69e20, 4.0e-11, 7.03e28),
            SIMD3(4.44e27, 2.07e-19, 7.68e31), SIMD3(4.54e30, 1.89e23, 7.14e31), SIMD3(-4.80, -3.67, 2.40),
        ]
        let index2 = SpatialIndex(positions: spread)
        let nearest = index2.nearest(to: spread[0], excluding: 0)
        #expect(nearest?.index == 5)
        #expect(abs((nearest?.distance ?? 0) - (spread[0] - spread[5]).length) < 1e-5)
        #expect(index2.nearest(to: spread[1], excluding: 1)?.index == 0)
    }
}

/// The row and chord cuts of radius queries and the cell-level calls.
@Suite struct SpatialIndexCellTests {
    /// Points on an exact lattice whose spacing equals the cell edge (so many lie exactly on cell
    /// faces), plus a flat random sheet with fine cells: every query matches brute force.
    @Test func queriesOnCellFacesMatchBruteForce() {
        var lattice: [SIMD3<Float>] = []
        for x in 0..<12 { for y in 0..<12 { for z in 0..<12 { lattice.append(SIMD3(Float(x), Float(y), Float(z)) * 0.1) } } }
        var g = SeededGenerator(seed: 9)
        let sheet = (0..<6000).map { _ in
            SIMD3<Float>(Float.random(in: 0...2, using: &g), Float.random(in: -0.001...0.001, using: &g),
                         Float.random(in: 0...2, using: &g))
        }
        for (pts, index) in [(lattice, SpatialIndex(positions: lattice, cellSize: 0.1)),
                             (sheet, SpatialIndex(positions: sheet, cellsPerPoint: 4))] {
            for _ in 0..<60 {
                let c = pts[Int.random(in: 0..<pts.count, using: &g)]
                    + SIMD3(Float.random(in: -0.05...0.05, using: &g), 0, Float.random(in: -0.05...0.05, using: &g))
                let r = Float.random(in: 0...0.35, using: &g)
                let expected = Set(pts.indices.filter { pts[$0].distanceSquared(to: c) <= r * r })
                #expect(Set(index.neighbors(of: c, radius: r)) == expected)
            }
            // Radii exactly a lattice step from a lattice point (points on the sphere's boundary).
            let step: Float = 0.1
            let onBoundary = pts.indices.filter { pts[$0].distanceSquared(to: pts[0]) <= step * step }
            #expect(index.count(within: step, of: pts[0]) == onBoundary.count)
        }
        // Centres far outside the grid.
        let index = SpatialIndex(positions: lattice, cellSize: 0.1)
        #expect(index.neighbors(of: SIMD3(-5, 0.5, 0.5), radius: 4.95).isEmpty)
        #expect(Set(index.neighbors(of: SIMD3(-5, 0.5, 0.5), radius: 5.0001)) == [Int(5 * 12 + 5)])
    }

    @Test func cellsPartitionThePoints() {
        let pts = SpatialIndexTests.randomCloud(3000, seed: 11) + [SIMD3(.nan, 0, 0)]
        let index = SpatialIndex(positions: pts, cellsPerPoint: 2)
        var seen = [Int](repeating: 0, count: pts.count)
        for c in 0..<index.cellCount {
            var n = 0
            index.forEachPoint(inCell: c) { i, p in
                #expect(index.cell(containing: p) == c)
                #expect(p == pts[i])
                seen[i] += 1
                n += 1
                return true
            }
            #expect(n == index.pointCount(inCell: c))
        }
        #expect(seen.dropLast().allSatisfy { $0 == 1 })
        #expect(seen.last == 0)
        #expect(index.cell(containing: SIMD3(.infinity, 0, 0)) == nil)
        // Stopping early reports it.
        let full = (0..<index.cellCount).first { index.pointCount(inCell: $0) >= 2 }!
        var visited = 0
        #expect(!index.forEachPoint(inCell: full) { _, _ in visited += 1; return false })
        #expect(visited == 1)
    }

    @Test func neighbourCellsSurroundTheCell() {
        let lattice: [SIMD3<Float>] = (0..<64).map { (k: Int) -> SIMD3<Float> in
            let x = Float(k % 4), y = Float((k / 4) % 4), z = Float(k / 16)
            return SIMD3(x, y, z) * 0.5
        }
        let index = SpatialIndex(positions: lattice, cellSize: 0.5)
        let corner = index.cell(containing: SIMD3<Float>(0, 0, 0))!
        let middle = index.cell(containing: SIMD3(0.75, 0.75, 0.75))!
        var counts: [Int] = []
        for c in [corner, middle] {
            var n = 0
            index.forEachNeighborCell(of: c) { d in
                #expect(d != c)
                // Every point of a neighbouring cell lies within one cell (per axis) of the cell's points.
                index.forEachPoint(inCell: d) { _, p in
                    index.forEachPoint(inCell: c) { _, q in
                        let d: SIMD3<Float> = p - q
                        #expect(max(abs(d.x), abs(d.y), abs(d.z)) <= 0.5)
                        return true
                    }
                    return true
                }
                n += 1
            }
            counts.append(n)
        }
        #expect(counts == [7, 26])
    }

    @Test func cellIdentifiersFollowTheAxes() {
        let lattice: [SIMD3<Float>] = (0..<60).map { (k: Int) -> SIMD3<Float> in
            SIMD3(Float(k % 5), Float((k / 5) % 4), Float(k / 20)) * 0.5
        }
        let index = SpatialIndex(positions: lattice, cellSize: 0.5)
        let n = index.cellsPerAxis
        #expect(n.x * n.y * n.z == index.cellCount)
        for p in lattice {
            let c = index.cell(containing: p)!
            // Cell coordinates from the identifier order points as their positions do.
            let q = index.cell(containing: p + SIMD3(0.5, 0, 0)).map { $0 - c }
            let r = index.cell(containing: p + SIMD3(0, 0.5, 0)).map { $0 - c }
            let s = index.cell(containing: p + SIMD3(0, 0, 0.5)).map { $0 - c }
            if p.x < 2 { #expect(q == 1) }
            if p.y < 1.5 { #expect(r == n.x) }
            if p.z < 1 { #expect(s == n.x * n.y) }
        }
    }
}
