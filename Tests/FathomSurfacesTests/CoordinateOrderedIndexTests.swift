import FathomCore
import Testing

/// `CoordinateOrderedIndex`: the answers of a `SpatialIndex`, in an order fixed by the coordinates.
@Suite struct CoordinateOrderedIndexTests {
    /// Random points in a box of this half-width, metres, on a coarse lattice so that some share a
    /// coordinate (ties decided by the next coordinate).
    static let halfWidth: Float = 1
    static let lattice: Float = 0.01
    static let pointCount = 5_000
    static let queryRadius: Float = 0.15

    static func cloud(seed: UInt64) -> [SIMD3<Float>] {
        var g = SeededGenerator(seed: seed)
        return (0..<pointCount).map { _ in
            SIMD3((Float.random(in: -halfWidth...halfWidth, using: &g) / lattice).rounded() * lattice,
                  (Float.random(in: -halfWidth...halfWidth, using: &g) / lattice).rounded() * lattice,
                  Float.random(in: -halfWidth...halfWidth, using: &g))
        }
    }

    /// The same points, indices and squared distances as a plain index, and, for a permuted cloud,
    /// the same points in the same order.
    @Test func answersAsAPlainIndexInAnOrderFreeOrder() {
        let positions = Self.cloud(seed: 3)
        let plain = SpatialIndex(positions: positions, cellsPerPoint: 4)
        let ordered = CoordinateOrderedIndex.build(positions: positions, cellsPerPoint: 4)
        var order = Array(positions.indices)
        var g = SeededGenerator(seed: 5)
        order.shuffle(using: &g)
        let permuted = CoordinateOrderedIndex.build(positions: order.map { positions[$0] }, cellsPerPoint: 4)
        for q in stride(from: 0, to: positions.count, by: 97) {
            var a: [Int] = [], b: [Int] = [], c: [Int] = []
            var da: [Int: Float] = [:]
            plain.forEachNeighbor(of: positions[q], radius: Self.queryRadius) { i, d2 in a.append(i); da[i] = d2 }
            ordered.forEachNeighbor(of: positions[q], radius: Self.queryRadius) { i, d2 in
                b.append(i)
                #expect(da[i] == d2)
            }
            permuted.forEachNeighbor(of: positions[q], radius: Self.queryRadius) { i, _ in c.append(order[i]) }
            #expect(a.sorted() == b.sorted())
            #expect(b == c, "query \(q): the permuted cloud's points come in another order")
        }
        #expect(CoordinateOrderedIndex.evenlySpaced(permuted, count: 64).map { order[$0] }
                == CoordinateOrderedIndex.evenlySpaced(ordered, count: 64))
    }

    /// Appending keeps the cells in coordinate order: the grown index enumerates as one built at once.
    @Test func appendingKeepsTheOrder() {
        let positions = Self.cloud(seed: 9)
        let half = positions.count / 2
        let whole = CoordinateOrderedIndex.build(positions: positions, cellsPerPoint: 4)
        let first = CoordinateOrderedIndex.build(positions: Array(positions[..<half]), cellsPerPoint: 4)
        let grown = CoordinateOrderedIndex.appending(first, Array(positions[half...]))
        for q in stride(from: 0, to: positions.count, by: 131) {
            var a: [Int] = [], b: [Int] = []
            grown.forEachNeighbor(of: positions[q], radius: Self.queryRadius) { i, _ in a.append(i) }
            whole.forEachNeighbor(of: positions[q], radius: Self.queryRadius) { i, _ in b.append(i) }
            #expect(a.sorted() == b.sorted())
            // Within a cell, coordinate order: the enumeration is sorted cell by cell, so the grown
            // index lists each cell's points as a fresh ordered index over the same grid would.
            var c = 0
            while c < grown.cellCount {
                var prev: SIMD3<Float>?
                grown.forEachPoint(inCell: c) { _, p in
                    if let r = prev { #expect(r.x < p.x || (r.x == p.x && (r.y < p.y || (r.y == p.y && r.z <= p.z)))) }
                    prev = p
                    return true
                }
                c += max(1, grown.cellCount / 500)
            }
        }
    }
}
