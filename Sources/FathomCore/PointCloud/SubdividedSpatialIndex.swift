/// A finer level over a `SpatialIndex`: each of its crowded cells is split into `subdivisions`³
/// subcells, so a small radius query scans about what it returns instead of whole coarse cells.
///
/// The coarse index stays as it is (its users keep their results); this level is built from it, holds
/// only the points of cells with at least `minimumPointsToSubdivide` points (a sparse table: one
/// row of subcell starts per crowded cell, found by binary search), and answers
/// `forEachNeighbor(of:radius:_:)` with **exactly** the coarse index's points, squared distances and
/// order: the points within the radius are marked in a bit set over their cell's range of the coarse
/// index's cell-sorted arrays and read back in that order.
///
/// Immutable and `Sendable`: any number of threads may query it at once.
///
/// - Complexity: build O(n + cells of the coarse grid); a radius-r query scans the subcells the ball
///   reaches in crowded cells (and whole cells elsewhere), plus one bit per point of each crowded
///   cell it reaches.
public struct SubdividedSpatialIndex: Sendable {
    /// The coarse index this level refines.
    public let coarse: SpatialIndex
    @usableFromInline let fine: Fine

    /// Coarse cells with fewer points than this are scanned whole (default of the initialiser).
    public static let defaultMinimumPointsToSubdivide = 32
    /// The largest number of subcells along each axis of a coarse cell.
    public static let maximumSubdivisions = 6

    /// Builds the finer level.
    /// - Parameters:
    ///   - coarse: the index to refine.
    ///   - subdivisions: subcells along each axis of a coarse cell, clamped to 1…`maximumSubdivisions`
    ///     (1: no finer level, every query is the coarse one).
    ///   - minimumPointsToSubdivide: coarse cells with fewer points are scanned whole.
    public init(_ coarse: SpatialIndex, subdivisions: Int, minimumPointsToSubdivide: Int = defaultMinimumPointsToSubdivide) {
        self.coarse = coarse
        fine = Fine(
            coarse.storage, subdivisions: min(max(subdivisions, 1), Self.maximumSubdivisions),
            minimumPoints: max(minimumPointsToSubdivide, 1))
    }

    /// The subdivisions that leave about `pointsPerSubcell` points in a subcell of a typical crowded
    /// cell of `coarse`, measured on the cloud itself: the cells' occupancy as a point sees it
    /// (Σn² / Σn over the cells with at least `minimumPointsToSubdivide` points), split as over a
    /// surface (k² subcells of a cell meet it), clamped to 1…`maximumSubdivisions`.
    /// - Complexity: O(cells of the coarse grid).
    public static func subdivisions(
        for coarse: SpatialIndex, pointsPerSubcell: Float,
        minimumPointsToSubdivide: Int = defaultMinimumPointsToSubdivide
    ) -> Int {
        var sum = 0.0, squares = 0.0
        coarse.storage.cellStart.withUnsafeBufferPointer { starts in
            var c = 0
            let cells = starts.count - 1
            while c < cells {
                let n = Int(starts[c + 1] - starts[c])
                if n >= minimumPointsToSubdivide {
                    sum += Double(n)
                    squares += Double(n) * Double(n)
                }
                c += 1
            }
        }
        guard sum > 0, pointsPerSubcell > 0, pointsPerSubcell.isFinite else { return 1 }
        let k = (squares / sum / Double(pointsPerSubcell)).squareRoot().rounded()
        return Int(min(max(k, 1), Double(maximumSubdivisions)))
    }

    /// Subcells along each axis of a crowded coarse cell.
    public var subdivisions: Int { fine.k }
    /// The number of coarse cells that are subdivided.
    public var subdividedCellCount: Int { fine.denseCells.count }

    /// Calls `body(index, squaredDistance)` for every indexed point within `radius` of `center`: the
    /// same points, squared distances and order as `coarse.forEachNeighbor(of:radius:_:)`.
    /// Allocation-free for cells of up to a few thousand points (a stack bit set).
    @inlinable
    public func forEachNeighbor(
        of center: SIMD3<Float>, radius: Float, _ body: (_ index: Int, _ squaredDistance: Float) -> Void
    ) {
        let f = fine
        guard f.k > 1, !f.denseCells.isEmpty else {
            coarse.forEachNeighbor(of: center, radius: radius, body)
            return
        }
        let s = coarse.storage
        guard s.indexedCount > 0, radius >= 0, center.isFinite, radius.isFinite else { return }
        let r2 = radius * radius
        let lo = s.cellCoordinate(center - radius), hi = s.cellCoordinate(center + radius)
        let q = (center - s.origin) * s.inverseCellSize
        let reach = radius * s.inverseCellSize
        let bound = reach + SpatialIndex.Storage.cutMargin * (1 + reach + max(abs(q.x), abs(q.y), abs(q.z)))
        guard q.isFinite && bound.isFinite else {
            coarse.forEachNeighbor(of: center, radius: radius, body)
            return
        }
        let bound2 = bound * bound
        let k = f.k, kf = Float(f.k), rowStride = f.k * f.k * f.k + 1
        let fineBound = bound * kf
        let minimum = f.minimumPoints
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: f.maximumWords) { bits in
            s.cellStart.withUnsafeBufferPointer { starts in
                s.sortedPositions.withUnsafeBufferPointer { pts in
                    s.sortedIndices.withUnsafeBufferPointer { ids in
                        f.denseCells.withUnsafeBufferPointer { dense in
                            f.subStart.withUnsafeBufferPointer { sub in
                                f.finePositions.withUnsafeBufferPointer { fp in
                                    f.fineRanks.withUnsafeBufferPointer { fr in
                                        for z in lo.z...hi.z {
                                            let dz = SpatialIndex.Storage.gap(q.z, z, s.dims.z)
                                            for y in lo.y...hi.y {
                                                let dy = SpatialIndex.Storage.gap(q.y, y, s.dims.y)
                                                let rowRest = bound2 - dz * dz - dy * dy
                                                if rowRest < 0 { continue }
                                                for x in lo.x...hi.x {
                                                    let dx = SpatialIndex.Storage.gap(q.x, x, s.dims.x)
                                                    if dx * dx > rowRest { continue }
                                                    let c = (z * s.dims.y + y) * s.dims.x + x
                                                    let begin = Int(starts[c]), end = Int(starts[c + 1])
                                                    if begin == end { continue }
                                                    if end - begin < minimum {
                                                        var j = begin
                                                        while j < end {
                                                            let d2 = pts[j].distanceSquared(to: center)
                                                            if d2 <= r2 { body(Int(ids[j]), d2) }
                                                            j += 1
                                                        }
                                                        continue
                                                    }
                                                    let slot = Fine.slot(of: Int32(truncatingIfNeeded: c), in: dense)
                                                    let base = slot * rowStride
                                                    // The centre in this cell's subcell units, and the
                                                    // subcells the ball's box reaches (clamped: points
                                                    // beyond the cell are clamped into its edge subcells).
                                                    let fq = (q - SIMD3<Float>(Float(x), Float(y), Float(z))) * kf
                                                    let flo = Fine.clampedFloor(fq - fineBound, k)
                                                    let fhi = Fine.clampedFloor(fq + fineBound, k)
                                                    let words = (end - begin + 63) >> 6
                                                    for w in 0..<words { bits[w] = 0 }
                                                    for sz in flo.z...fhi.z {
                                                        for sy in flo.y...fhi.y {
                                                            let row = base + (sz * k + sy) * k
                                                            var j = Int(sub[row + flo.x])
                                                            let rowEnd = Int(sub[row + fhi.x + 1])
                                                            while j < rowEnd {
                                                                if fp[j].distanceSquared(to: center) <= r2 {
                                                                    let b = Int(fr[j]) - begin
                                                                    bits[b >> 6] |= 1 << UInt64(b & 63)
                                                                }
                                                                j += 1
                                                            }
                                                        }
                                                    }
                                                    // Read back in the coarse arrays' order.
                                                    for w in 0..<words {
                                                        var word = bits[w]
                                                        while word != 0 {
                                                            let j = begin + (w << 6) + word.trailingZeroBitCount
                                                            body(Int(ids[j]), pts[j].distanceSquared(to: center))
                                                            word &= word &- 1
                                                        }
                                                    }
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
