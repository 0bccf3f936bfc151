/// Builds `SpatialIndex` values whose queries enumerate the points in an order fixed by their
/// coordinates alone, so that an algorithm driven by that order (a flood fill, a sample taken as
/// every k-th point of a query's answer) gives the same result for any permutation of the cloud.
///
/// The indices answer every query with exactly the points, indices and squared distances of a
/// `SpatialIndex` built over the same positions (the cell geometry is the same: it depends on the
/// points' box and count only); only the order of the points within a cell differs: ascending by
/// x, then y, then z, then the point's index (the last only for points at the same position, which
/// are interchangeable). `SpatialIndex` itself keeps its cells in index order.
public enum CoordinateOrderedIndex {
    /// A spatial index over `positions` (metres) with its cells in coordinate order.
    /// - Parameters: as `SpatialIndex.init(positions:cellSize:cellsPerPoint:)`.
    /// - Complexity: the index's build plus a sort of each cell's points, O(n log m) for cells of
    ///   at most m points.
    public static func build(positions: [SIMD3<Float>], cellSize: Float? = nil, cellsPerPoint: Float = 1) -> SpatialIndex {
        let index = SpatialIndex(positions: positions, cellSize: cellSize, cellsPerPoint: cellsPerPoint)
        return SpatialIndex(storage: reordered(index.storage, cells: nil))
    }

    /// `index` (built by this type) followed by `newPositions` (metres; their indices continue from
    /// `index.pointCount`), updated incrementally as `SpatialIndex.appending(_:)` does, with the cells
    /// that received new points sorted again (every cell when the grid was rebuilt).
    /// - Complexity: `SpatialIndex.appending(_:)` plus a sort of the cells that changed.
    public static func appending(_ index: SpatialIndex, _ newPositions: [SIMD3<Float>]) -> SpatialIndex {
        guard !newPositions.isEmpty else { return index }
        let old = index.storage
        let grown = index.appending(newPositions)
        let s = grown.storage
        guard s.cellSize == old.cellSize, s.origin == old.origin, s.dims == old.dims else {
            return SpatialIndex(storage: reordered(s, cells: nil))
        }
        var touched: [Int] = []
        touched.reserveCapacity(newPositions.count)
        for p in newPositions { if let c = grown.cell(containing: p) { touched.append(c) } }
        touched.sort()
        return SpatialIndex(storage: reordered(s, cells: touched))
    }

    /// Whether point a (index `i`) precedes point b (index `j`) in the coordinate order.
    @inline(__always)
    static func precedes(_ a: SIMD3<Float>, _ i: Int32, _ b: SIMD3<Float>, _ j: Int32) -> Bool {
        if a.x != b.x { return a.x < b.x }
        if a.y != b.y { return a.y < b.y }
        if a.z != b.z { return a.z < b.z }
        return i < j
    }

    /// Cells of at most this many points are sorted in place by insertion; larger ones through a
    /// scratch array.
    static let insertionSortLimit = 24

    /// `s` with the points of `cells` (ascending, repeats allowed; every cell when `nil`) sorted
    /// into coordinate order.
    static func reordered(_ s: SpatialIndex.Storage, cells: [Int]?) -> SpatialIndex.Storage {
        var positions = s.sortedPositions
        var indices = s.sortedIndices
        let starts = s.cellStart
        positions.withUnsafeMutableBufferPointer { P in
            indices.withUnsafeMutableBufferPointer { I in
                var scratch: [(SIMD3<Float>, Int32)] = []
                func sortCell(_ c: Int) {
                    let begin = Int(starts[c]), end = Int(starts[c + 1])
                    let n = end - begin
                    guard n > 1 else { return }
                    if n <= insertionSortLimit {
                        for k in (begin + 1)..<end {
                            let p = P[k], i = I[k]
                            var t = k
                            while t > begin, precedes(p, i, P[t - 1], I[t - 1]) {
                                P[t] = P[t - 1]
                                I[t] = I[t - 1]
                                t -= 1
                            }
                            P[t] = p
                            I[t] = i
                        }
                        return
                    }
                    scratch.removeAll(keepingCapacity: true)
                    for k in begin..<end { scratch.append((P[k], I[k])) }
                    scratch.sort { precedes($0.0, $0.1, $1.0, $1.1) }
                    for (k, e) in scratch.enumerated() {
                        P[begin + k] = e.0
                        I[begin + k] = e.1
                    }
                }
                if let cells {
                    var last = -1
                    for c in cells where c != last {
                        sortCell(c)
                        last = c
                    }
                } else {
                    for c in 0..<(starts.count - 1) { sortCell(c) }
                }
            }
        }
        return SpatialIndex.Storage(
            geometryOf: s, cellStart: starts, sortedPositions: positions, sortedIndices: indices,
            original: s.original, indexedCount: s.indexedCount)
    }
}

extension CoordinateOrderedIndex {
    /// About `count` of the indexed points, every k-th in the index's cell order (cells in grid
    /// order, points within a cell in coordinate order for an index built by this type): a sample
    /// spread over the cloud and, for such an index, the same for any permutation of the cloud.
    /// - Complexity: O(count).
    public static func evenlySpaced(_ index: SpatialIndex, count: Int) -> [Int] {
        let s = index.storage
        let n = s.indexedCount
        guard n > 0, count > 0 else { return [] }
        let step = max(1, n / count)
        return stride(from: 0, to: n, by: step).map { Int(s.sortedIndices[$0]) }
    }
}
