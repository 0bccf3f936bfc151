extension SpatialIndex {
    /// Grids rebuilt for appended points leave this fraction of the points' extent free on every
    /// side, so a cloud that grows a little past its first box is merged rather than rebuilt.
    static let appendingPadding: Float = 0.1
    /// The cell geometry is rebuilt once the cloud holds this many times the points it was chosen for
    /// (the cells would otherwise hold ever more points each).
    static let appendingGrowthLimit = 2

    /// The points the index was built over, in their original order, metres (the index's own array,
    /// shared rather than copied: after `appending(_:)`, the whole grown cloud).
    public var positions: [SIMD3<Float>] { storage.original }

    /// The index over the indexed points followed by `newPositions` (their indices continue from
    /// `pointCount`), built incrementally: while the new points fall inside the grid and the cloud has
    /// less than doubled since the grid's geometry was chosen, they are merged into the cell-sorted
    /// arrays (one copy of the arrays, no re-sort of the old points); otherwise the grid is rebuilt
    /// over everything, with a margin around the points' box for what comes next.
    ///
    /// - Complexity: merging O(n + k log k + cells) memory traffic for k new points (a bulk copy of
    ///   the sorted arrays and one pass adding offsets to the cell table); a rebuild O(n + k + cells).
    public func appending(_ newPositions: [SIMD3<Float>]) -> SpatialIndex {
        guard !newPositions.isEmpty else { return self }
        let s = storage
        if let merged = Self.merged(s, newPositions) { return SpatialIndex(storage: merged) }
        return SpatialIndex(storage: Storage(
            positions: s.original + newPositions, cellSize: s.fixedCellSize ? s.cellSize : nil,
            cellsPerPoint: s.cellsPerPoint, padding: Self.appendingPadding))
    }

    init(storage: Storage) {
        self.storage = storage
    }

    /// The merged storage, or `nil` when a new point lies outside the grid or the geometry is stale.
    static func merged(_ s: Storage, _ newPositions: [SIMD3<Float>]) -> Storage? {
        let first = s.pointCount
        // The new points' cells (non-finite points are kept in `original` but not indexed).
        var entries: [(cell: Int32, index: Int32)] = []
        entries.reserveCapacity(newPositions.count)
        let dims = s.dims
        for (k, p) in newPositions.enumerated() where p.isFinite {
            let q = (p - s.origin) * s.inverseCellSize
            guard q.x >= 0, q.y >= 0, q.z >= 0 else { return nil }
            let x = Int(q.x), y = Int(q.y), z = Int(q.z)
            guard x < dims.x, y < dims.y, z < dims.z else { return nil }
            entries.append((Int32(truncatingIfNeeded: (z * dims.y + y) * dims.x + x), Int32(truncatingIfNeeded: first + k)))
        }
        let indexed = s.indexedCount + entries.count
        guard s.fixedCellSize || indexed <= appendingGrowthLimit * max(s.geometryCount, 1) else { return nil }
        entries.sort { $0.cell < $1.cell || ($0.cell == $1.cell && $0.index < $1.index) }
        let cells = s.cellStart.count - 1
        var starts = s.cellStart
        var positions = [SIMD3<Float>]()
        var indices = [Int32]()
        positions.reserveCapacity(indexed)
        indices.reserveCapacity(indexed)
        s.sortedPositions.withUnsafeBufferPointer { oldP in
            s.sortedIndices.withUnsafeBufferPointer { oldI in
                starts.withUnsafeMutableBufferPointer { st in
                    var copied = 0  // old entries copied so far
                    var k = 0
                    var offset: Int32 = 0  // new entries placed before the current cell
                    var nextCell = 0  // the first cell whose start has not been shifted yet
                    while k < entries.count {
                        let cell = Int(entries[k].cell)
                        // Cells before this one shift by the new entries placed so far.
                        if offset != 0 {
                            for c in nextCell...cell { st[c] &+= offset }
                        }
                        nextCell = cell + 1
                        // Old entries up to the end of this cell, then the new ones of this cell.
                        let end = Int(s.cellStart[cell + 1])
                        positions.append(contentsOf: oldP[copied..<end])
                        indices.append(contentsOf: oldI[copied..<end])
                        copied = end
                        while k < entries.count, Int(entries[k].cell) == cell {
                            positions.append(newPositions[Int(entries[k].index) - first])
                            indices.append(entries[k].index)
                            offset &+= 1
                            k += 1
                        }
                    }
                    if nextCell <= cells {
                        for c in nextCell...cells { st[c] &+= offset }
                    }
                    positions.append(contentsOf: oldP[copied...])
                    indices.append(contentsOf: oldI[copied...])
                }
            }
        }
        return Storage(
            geometryOf: s, cellStart: starts, sortedPositions: positions, sortedIndices: indices,
            original: s.original + newPositions, indexedCount: indexed)
    }
}
