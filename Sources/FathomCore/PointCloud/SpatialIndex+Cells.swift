extension SpatialIndex {
    /// The number of cells of the grid (cell identifiers run over `0 ..< cellCount`).
    @inlinable
    public var cellCount: Int { storage.cellStart.count - 1 }

    /// The grid's cells along x, y and z: cell (x, y, z) has the identifier (z · cellsPerAxis.y + y) ·
    /// cellsPerAxis.x + x, and the product of the three is `cellCount`.
    @inlinable
    public var cellsPerAxis: SIMD3<Int> { storage.dims }

    /// The identifier of the cell that holds `position` (positions beyond the grid are clamped into
    /// its outermost cells, as indexed points are), or `nil` for a non-finite position.
    @inlinable
    public func cell(containing position: SIMD3<Float>) -> Int? {
        guard position.isFinite else { return nil }
        let s = storage
        let c = s.cellCoordinate(position)
        return (c.z * s.dims.y + c.y) * s.dims.x + c.x
    }

    /// The number of indexed points in `cell`.
    /// - Complexity: O(1).
    @inlinable
    public func pointCount(inCell cell: Int) -> Int {
        precondition(cell >= 0 && cell < cellCount, "cell \(cell) is outside the grid's 0..<\(cellCount)")
        return Int(storage.cellStart[cell + 1] - storage.cellStart[cell])
    }

    /// Calls `body(index, position)` for every indexed point in `cell`, in the index's order, until
    /// `body` returns `false`. Returns whether every point was visited. Allocation-free.
    /// - Complexity: O(points in the cell).
    @inlinable @discardableResult
    public func forEachPoint(
        inCell cell: Int, _ body: (_ index: Int, _ position: SIMD3<Float>) -> Bool
    ) -> Bool {
        precondition(cell >= 0 && cell < cellCount, "cell \(cell) is outside the grid's 0..<\(cellCount)")
        let s = storage
        return s.sortedPositions.withUnsafeBufferPointer { pts in
            s.sortedIndices.withUnsafeBufferPointer { ids in
                var k = Int(s.cellStart[cell])
                let end = Int(s.cellStart[cell + 1])
                while k < end {
                    guard body(Int(ids[k]), pts[k]) else { return false }
                    k += 1
                }
                return true
            }
        }
    }

    /// Calls `body(neighbour)` for each of the up to 26 cells that share a face, an edge or a corner
    /// with `cell` (not `cell` itself): every point within one cell edge of a point of `cell` lies in
    /// `cell` or in one of them.
    /// - Complexity: O(1); allocation-free.
    @inlinable
    public func forEachNeighborCell(of cell: Int, _ body: (_ neighbour: Int) -> Void) {
        precondition(cell >= 0 && cell < cellCount, "cell \(cell) is outside the grid's 0..<\(cellCount)")
        let d = storage.dims
        let x = cell % d.x, y = (cell / d.x) % d.y, z = cell / (d.x * d.y)
        for nz in max(z - 1, 0)...min(z + 1, d.z - 1) {
            for ny in max(y - 1, 0)...min(y + 1, d.y - 1) {
                for nx in max(x - 1, 0)...min(x + 1, d.x - 1) where nx != x || ny != y || nz != z {
                    body((nz * d.y + ny) * d.x + nx)
                }
            }
        }
    }
}
