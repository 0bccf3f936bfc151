import Fathom

/// Points on the surfaces of a 5 × 2.5 × 4 m room (walls, floor, ceiling), seeded.
func roomSurfacePoints(_ n: Int, seed: UInt64) -> [SIMD3<Float>] {
    var g = SeededGenerator(seed: seed)
    return (0..<n).map { _ in
        let u = Float.random(in: 0...1, using: &g), v = Float.random(in: 0...1, using: &g)
        switch Int.random(in: 0..<6, using: &g) {
        case 0: return SIMD3(u * 5, 0, v * 4)
        case 1: return SIMD3(u * 5, 2.5, v * 4)
        case 2: return SIMD3(0, u * 2.5, v * 4)
        case 3: return SIMD3(5, u * 2.5, v * 4)
        case 4: return SIMD3(u * 5, v * 2.5, 0)
        default: return SIMD3(u * 5, v * 2.5, 4)
        }
    }
}

var coreBenchmarks: [BenchmarkCase] { [
    BenchmarkCase(name: "index/build/100k", iterations: 30) {
        let pts = roomSurfacePoints(100_000, seed: 1)
        return { blackHole(SpatialIndex(positions: pts)) }
    },
    BenchmarkCase(name: "index/build/1M", iterations: 10) {
        let pts = roomSurfacePoints(1_000_000, seed: 2)
        return { blackHole(SpatialIndex(positions: pts)) }
    },
    BenchmarkCase(name: "index/radius-0.05m/1M (1000 queries)", iterations: 20) {
        let pts = roomSurfacePoints(1_000_000, seed: 3)
        let index = SpatialIndex(positions: pts)
        let queries = Array(pts.prefix(1000))
        return {
            var total = 0
            for q in queries { total += index.count(within: 0.05, of: q) }
            blackHole(total)
        }
    },
    BenchmarkCase(name: "index/knn-16/1M (1000 queries)", iterations: 10) {
        let pts = roomSurfacePoints(1_000_000, seed: 4)
        let index = SpatialIndex(positions: pts)
        let queries = Array(pts.prefix(1000))
        return {
            var total = 0
            for q in queries { total += index.nearest(to: q, k: 16).count }
            blackHole(total)
        }
    },
] }
