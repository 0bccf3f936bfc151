import FathomCore
import Foundation
import Testing

/// `SpatialIndex.appending(_:)` answers every query exactly as an index built over all the points.
@Suite struct SpatialIndexAppendingTests {
    static func cloud(_ count: Int, seed: UInt64, scale: Float = 1, offset: Float = 0) -> [SIMD3<Float>] {
        var g = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            SIMD3(Float.random(in: 0...scale, using: &g) + offset, Float.random(in: 0...scale, using: &g),
                  Float.random(in: 0...scale, using: &g))
        }
    }

    static func sameAnswers(_ a: SpatialIndex, _ b: SpatialIndex, probes: [SIMD3<Float>], radius: Float) -> Bool {
        for p in probes {
            if a.neighbors(of: p, radius: radius).sorted() != b.neighbors(of: p, radius: radius).sorted() { return false }
            if a.nearest(to: p)?.index != b.nearest(to: p)?.index { return false }
        }
        return true
    }

    @Test func mergedPointsInsideTheGridAnswerLikeAFreshBuild() {
        let first = Self.cloud(2000, seed: 1)
        var index = SpatialIndex(positions: first, cellsPerPoint: 4)
        var all = first
        // Three appends inside the box (merged), one with a non-finite point (kept, never returned).
        for (k, count) in [300, 500, 700].enumerated() {
            // Inside the first cloud's box (its points span nearly all of 0…1).
            var more = Self.cloud(count, seed: UInt64(10 + k), scale: 0.9, offset: 0.05).map { SIMD3($0.x, $0.y + 0.05, $0.z + 0.05) }
            if k == 1 { more[3] = SIMD3(.nan, 0, 0) }
            index = index.appending(more)
            all += more
        }
        #expect(index.pointCount == all.count)
        // The grown cloud in its original order (the non-finite point kept as given).
        #expect(index.positions.count == all.count)
        #expect(zip(index.positions, all).allSatisfy { $0 == $1 || (!$0.isFinite && !$1.isFinite) })
        #expect(index.cellSize == SpatialIndex(positions: first, cellsPerPoint: 4).cellSize)  // merged, not rebuilt
        let fresh = SpatialIndex(positions: all, cellsPerPoint: 4)
        let probes = Self.cloud(50, seed: 99)
        #expect(Self.sameAnswers(index, fresh, probes: probes, radius: 0.08))
        let everything = index.neighbors(of: SIMD3(0.5, 0.5, 0.5), radius: 10)
        #expect(everything.count == all.count - 1)
        #expect(!everything.contains(2000 + 300 + 3))
    }

    @Test func pointsOutsideTheGridRebuildIt() {
        let first = Self.cloud(1000, seed: 2)
        let far = Self.cloud(500, seed: 3, offset: 5)
        let index = SpatialIndex(positions: first).appending(far)
        let fresh = SpatialIndex(positions: first + far)
        #expect(index.pointCount == 1500)
        #expect(index.positions == first + far)
        #expect(Self.sameAnswers(index, fresh, probes: Self.cloud(40, seed: 4, scale: 6), radius: 0.3))
        #expect(index.nearest(to: SIMD3(5.5, 0.5, 0.5))?.index ?? 0 >= 1000)
    }
}
