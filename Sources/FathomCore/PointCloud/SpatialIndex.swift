/// A uniform-grid spatial index over a fixed set of points, for radius and nearest-neighbour queries.
///
/// Points are bucketed into cubic cells by a counting sort, so building is O(n) (no tree to balance)
/// and the positions are stored again in cell order, which keeps queries cache-friendly. The index is
/// immutable once built and `Sendable`: any number of threads may query it at once.
///
/// Points with non-finite coordinates are not indexed and never returned.
///
/// - Complexity: build O(n + cells); a radius-r query visits ⌈2r/cellSize + 1⌉³ cells.
public struct SpatialIndex: Sendable {
    @usableFromInline let storage: Storage

    /// Builds the index. With `cellSize` nil, the cell edge is chosen so that there are about
    /// `cellsPerPoint` cells per point over the bounding box (several points per occupied cell for
    /// surface-like clouds; more cells mean finer cells and cheaper small-radius queries, at the cost
    /// of a larger cell table).
    /// - Parameters:
    ///   - positions: the points, metres.
    ///   - cellSize: the cell edge, metres; must be positive and finite if given.
    ///   - cellsPerPoint: the automatic size's target, clamped to 1/64…4 (the memory bound). Default 1.
    public init(positions: [SIMD3<Float>], cellSize: Float? = nil, cellsPerPoint: Float = 1) {
        if let cellSize { precondition(cellSize > 0 && cellSize.isFinite, "cell size must be positive") }
        let target = cellsPerPoint.isFinite
            ? min(max(cellsPerPoint, 1.0 / 64), Float(Storage.maximumCellsPerPoint)) : Storage.targetCellsPerPoint
        storage = Storage(positions: positions, cellSize: cellSize, cellsPerPoint: target)
    }

    /// The number of points the index was built over (including non-finite ones, never returned).
    public var pointCount: Int { storage.pointCount }
    /// The cell edge, metres.
    public var cellSize: Float { storage.cellSize }
    /// The original position of point `i`.
    @inlinable public func position(_ i: Int) -> SIMD3<Float> { storage.original[i] }

    /// Calls `body(index, squaredDistance)` for every indexed point within `radius` of `center`, in no
    /// particular order (the same order for the same index and query). Allocation-free.
    ///
    /// Only the cells the ball reaches are scanned: rows of cells (along x) whose distance from the
    /// centre exceeds the radius are skipped, and each row is cut to the ball's chord through it, so a
    /// query scans about the ball's volume in cells rather than its bounding cube.
    @inlinable
    public func forEachNeighbor(
        of center: SIMD3<Float>, radius: Float, _ body: (_ index: Int, _ squaredDistance: Float) -> Void
    ) {
        let s = storage
        guard s.indexedCount > 0, radius >= 0, center.isFinite, radius.isFinite else { return }
        let r2 = radius * radius
        let lo = s.cellCoordinate(center - radius), hi = s.cellCoordinate(center + radius)
        // The centre and radius in cell units, for the row and chord cuts; a margin covers the
        // rounding of the points' own cell coordinates. Without finite values every row is scanned.
        let q = (center - s.origin) * s.inverseCellSize
        let reach = radius * s.inverseCellSize
        let bound = reach + Storage.cutMargin * (1 + reach + max(abs(q.x), abs(q.y), abs(q.z)))
        let cut = q.isFinite && bound.isFinite
        let bound2 = bound * bound
        s.cellStart.withUnsafeBufferPointer { starts in
            s.sortedPositions.withUnsafeBufferPointer { pts in
                s.sortedIndices.withUnsafeBufferPointer { ids in
                    for z in lo.z...hi.z {
                        let dz = cut ? Storage.gap(q.z, z, s.dims.z) : 0
                        for y in lo.y...hi.y {
                            var x0 = lo.x, x1 = hi.x
                            if cut {
                                let dy = Storage.gap(q.y, y, s.dims.y)
                                let rest = bound2 - dz * dz - dy * dy
                                // The row lies wholly outside the ball.
                                if rest < 0 { continue }
                                let half = rest.squareRoot()
                                x0 = max(x0, Int(max(q.x - half, 0).rounded(.down)))
                                x1 = min(x1, Int(min(q.x + half, Float(s.dims.x - 1)).rounded(.down)))
                                if x0 > x1 { continue }
                            }
                            let rowBase = (z * s.dims.y + y) * s.dims.x
                            // Cells of one row are contiguous in the sorted arrays.
                            let begin = Int(starts[rowBase + x0]), end = Int(starts[rowBase + x1 + 1])
                            var k = begin
                            while k < end {
                                let d2 = pts[k].distanceSquared(to: center)
                                if d2 <= r2 { body(Int(ids[k]), d2) }
                                k += 1
                            }
                        }
                    }
                }
            }
        }
    }

    /// The indices of the points within `radius` of `center`, unordered.
    public func neighbors(of center: SIMD3<Float>, radius: Float) -> [Int] {
        var out: [Int] = []
        forEachNeighbor(of: center, radius: radius) { i, _ in out.append(i) }
        return out
    }

    /// The number of points within `radius` of `center`.
    public func count(within radius: Float, of center: SIMD3<Float>) -> Int {
        var n = 0
        forEachNeighbor(of: center, radius: radius) { _, _ in n += 1 }
        return n
    }

    /// The nearest indexed point to `point` other than index `excluding`, or `nil` when there is none.
    public func nearest(to point: SIMD3<Float>, excluding: Int = -1) -> (index: Int, distance: Float)? {
        nearest(to: point, k: 1, excluding: excluding).first
    }

    /// The `k` nearest indexed points to `point`, nearest first (fewer if the index holds fewer).
    /// - Parameter excluding: an index to leave out (the query point itself), or −1.
    public func nearest(to point: SIMD3<Float>, k: Int, excluding: Int = -1) -> [(index: Int, distance: Float)] {
        let s = storage
        guard k > 0, s.indexedCount > 0, point.isFinite else { return [] }
        let available = s.indexedCount - (excluding >= 0 && excluding < s.pointCount
            && s.original[excluding].isFinite ? 1 : 0)
        let want = min(k, available)
        guard want > 0 else { return [] }
        // Grow the search radius until it holds `want` points; all points within r are then found, so
        // the `want` nearest among them are the true nearest.
        // The radius doubles up to the largest finite float (coordinates near ±3.4e38 overflow the
        // distances to infinity), so the loop ends after at most ~256 rounds whatever the points.
        var radius = min(s.cellSize, .greatestFiniteMagnitude)
        let limit = s.diagonal + s.distanceToBounds(point) + s.cellSize
        if want == 1 {
            // The nearest alone: a running minimum, no list (ties: the lowest index).
            while true {
                var best = (index: -1, d2: Float.infinity)
                forEachNeighbor(of: point, radius: radius) { i, d2 in
                    // `best.index < 0` takes the first candidate even when its distance overflowed to +∞.
                    if i != excluding, best.index < 0 || d2 < best.d2 || (d2 == best.d2 && i < best.index) {
                        best = (i, d2)
                    }
                }
                if best.index >= 0 { return [(best.index, best.d2.squareRoot())] }
                if radius > limit || radius == .greatestFiniteMagnitude { return [] }
                radius = min(radius * 2, .greatestFiniteMagnitude)
            }
        }
        var found: [(index: Int, distance: Float)] = []
        while true {
            found.removeAll(keepingCapacity: true)
            forEachNeighbor(of: point, radius: radius) { i, d2 in
                if i != excluding { found.append((i, d2)) }
            }
            if found.count >= want || radius > limit || radius == .greatestFiniteMagnitude { break }
            radius = min(radius * 2, .greatestFiniteMagnitude)
        }
        found.sort { $0.distance < $1.distance || ($0.distance == $1.distance && $0.index < $1.index) }
        return found.prefix(want).map { ($0.index, $0.distance.squareRoot()) }
    }
}

extension SpatialIndex {
    /// The index's arrays, shared by copies of the index.
    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let cellSize: Float
        @usableFromInline let inverseCellSize: Float
        @usableFromInline let origin: SIMD3<Float>
        @usableFromInline let dims: SIMD3<Int>
        /// `cellStart[c] ..< cellStart[c + 1]` are cell c's entries in the sorted arrays.
        @usableFromInline let cellStart: [Int32]
        @usableFromInline let sortedPositions: [SIMD3<Float>]
        @usableFromInline let sortedIndices: [Int32]
        @usableFromInline let original: [SIMD3<Float>]
        @usableFromInline let pointCount: Int
        @usableFromInline let indexedCount: Int
        @usableFromInline let diagonal: Float
        /// The automatic cell size's target (kept for rebuilds when points are appended).
        let cellsPerPoint: Float
        /// Whether the cell size was given rather than chosen from the points.
        let fixedCellSize: Bool
        /// The number of finite points the cell geometry was chosen for.
        let geometryCount: Int

        /// Upper bound on cells per point, to bound memory for sparse, spread-out clouds.
        static let maximumCellsPerPoint = 4
        /// Target cells per point when the cell size is chosen automatically (default).
        static let targetCellsPerPoint: Float = 1

        /// Builds the grid over `positions`; `padding` widens the grid's box by this fraction of its
        /// extent on every side (room for appended points).
        init(positions: [SIMD3<Float>], cellSize requested: Float?, cellsPerPoint: Float, padding: Float = 0) {
            precondition(positions.count < Int(Int32.max), "spatial index holds at most 2³¹ − 1 points")
            let n = positions.count
            original = positions
            self.cellsPerPoint = cellsPerPoint
            fixedCellSize = requested != nil
            pointCount = n
            // One pass: bounds and the number of finite points.
            var lo = SIMD3<Float>(repeating: .infinity), hi = SIMD3<Float>(repeating: -.infinity)
            var finiteCount = 0
            positions.withUnsafeBufferPointer { P in
                for p in P where p.x.isFinite && p.y.isFinite && p.z.isFinite {
                    lo = pointwiseMin(lo, p)
                    hi = pointwiseMax(hi, p)
                    finiteCount += 1
                }
            }
            if finiteCount == 0 { lo = .zero; hi = .zero }
            geometryCount = finiteCount
            if padding > 0 {
                let margin = (hi - lo) * padding
                // Only when the padded box stays finite (coordinates near ±3.4e38 would overflow).
                let (paddedLo, paddedHi) = (lo - margin, hi + margin)
                if (paddedHi - paddedLo).max().isFinite && paddedLo.min().isFinite && paddedHi.max().isFinite {
                    lo = paddedLo
                    hi = paddedHi
                }
            }
            // Clamped to finite: the extent of coordinates near ±3.4e38 overflows.
            let extent = pointwiseMin(
                pointwiseMax(hi - lo, SIMD3(repeating: 1e-6)), SIMD3(repeating: .greatestFiniteMagnitude))
            let maxCells = Float(max(1, finiteCount) * Storage.maximumCellsPerPoint + 64)
            var size = requested ?? Storage.automaticCellSize(extent: extent, points: finiteCount, cellsPerPoint: cellsPerPoint)
            // Never allow more cells than the memory bound, whatever was asked for.
            while Storage.cellCount(extent: extent, size: size) > maxCells { size = min(size * 1.25, .greatestFiniteMagnitude) }
            cellSize = size
            let inv = 1 / size
            inverseCellSize = inv
            origin = lo
            diagonal = (hi - lo).length
            let dx = Int(extent.x * inv) + 1, dy = Int(extent.y * inv) + 1, dz = Int(extent.z * inv) + 1
            dims = SIMD3(dx, dy, dz)
            let cells = dx * dy * dz
            // Counting sort by cell: cell of each point, histogram, prefix sums, scatter of indices.
            var cellOf = [Int32](repeating: -1, count: n)
            var starts = [Int32](repeating: 0, count: cells + 1)
            positions.withUnsafeBufferPointer { P in
                cellOf.withUnsafeMutableBufferPointer { C in
                    starts.withUnsafeMutableBufferPointer { K in
                        for i in 0..<n {
                            let p = P[i]
                            guard p.x.isFinite && p.y.isFinite && p.z.isFinite else { continue }
                            let q = (p - lo) * inv
                            // Scalar conversions: SIMD float→int conversion is far slower here. Clamped
                            // as floats first: p − lo can overflow to +∞, which Int() cannot convert.
                            let x = Int(min(max(q.x, 0), Float(dx - 1))), y = Int(min(max(q.y, 0), Float(dy - 1)))
                            let z = Int(min(max(q.z, 0), Float(dz - 1)))
                            let c = (z * dy + y) * dx + x
                            C[i] = Int32(truncatingIfNeeded: c)
                            K[c + 1] &+= 1
                        }
                        for c in 0..<cells { K[c + 1] &+= K[c] }
                    }
                }
            }
            cellStart = starts
            var next = starts
            let indices = [Int32](unsafeUninitializedCapacity: finiteCount) { out, initialized in
                cellOf.withUnsafeBufferPointer { C in
                    next.withUnsafeMutableBufferPointer { N in
                        for i in 0..<n where C[i] >= 0 {
                            let c = Int(C[i])
                            let k = Int(N[c])
                            N[c] = Int32(truncatingIfNeeded: k + 1)
                            out[k] = Int32(truncatingIfNeeded: i)
                        }
                    }
                }
                initialized = finiteCount
            }
            sortedIndices = indices
            sortedPositions = [SIMD3<Float>](unsafeUninitializedCapacity: finiteCount) { out, initialized in
                positions.withUnsafeBufferPointer { P in
                    indices.withUnsafeBufferPointer { I in
                        for k in 0..<finiteCount { out[k] = P[Int(I[k])] }
                    }
                }
                initialized = finiteCount
            }
            indexedCount = finiteCount
        }

        /// An index from its parts (see `SpatialIndex.appending(_:)`).
        init(
            geometryOf g: Storage, cellStart: [Int32], sortedPositions: [SIMD3<Float>], sortedIndices: [Int32],
            original: [SIMD3<Float>], indexedCount: Int
        ) {
            cellSize = g.cellSize
            inverseCellSize = g.inverseCellSize
            origin = g.origin
            dims = g.dims
            diagonal = g.diagonal
            cellsPerPoint = g.cellsPerPoint
            fixedCellSize = g.fixedCellSize
            geometryCount = g.geometryCount
            self.cellStart = cellStart
            self.sortedPositions = sortedPositions
            self.sortedIndices = sortedIndices
            self.original = original
            pointCount = original.count
            self.indexedCount = indexedCount
        }

        static func cellCount(extent: SIMD3<Float>, size: Float) -> Float {
            // In Double: the product of three large per-axis counts overflows Float.
            let d = (SIMD3<Double>(extent) / Double(size)).rounded(.down) + 1
            return Float(d.x * d.y * d.z)
        }

        /// The cell edge giving about `targetCellsPerPoint` cells per point over the box.
        static func automaticCellSize(extent: SIMD3<Float>, points: Int, cellsPerPoint: Float) -> Float {
            let target = Float(max(1, points)) * cellsPerPoint
            var lo: Float = 1e-6, hi = min(max(extent.x, extent.y, extent.z) * 2, .greatestFiniteMagnitude)
            for _ in 0..<40 {
                let mid = Float((Double(lo) * Double(hi)).squareRoot())  // lo·hi overflows Float
                if cellCount(extent: extent, size: mid) > target { lo = mid } else { hi = mid }
            }
            return hi
        }

        /// The relative margin (of the radius and the coordinates, in cell units) by which the query's
        /// row and chord cuts are widened: the rounding of a point's cell coordinate and of its squared
        /// distance is far below it, so the cuts never drop a point within the radius.
        @usableFromInline static let cutMargin: Float = 1e-5

        /// The distance, in cell units, from coordinate `q` to cell `c`'s slab along one axis of
        /// `count` cells (0 inside; the outermost cells reach to infinity, as points beyond the grid
        /// are clamped into them).
        @inlinable @inline(__always)
        static func gap(_ q: Float, _ c: Int, _ count: Int) -> Float {
            let below = c == 0 ? 0 : Float(c) - q
            let above = c == count - 1 ? 0 : q - Float(c + 1)
            return max(below, above, 0)
        }

        /// The clamped integer cell coordinate of `p`.
        @inlinable @inline(__always)
        func cellCoordinate(_ p: SIMD3<Float>) -> SIMD3<Int> {
            let f = (p - origin) * inverseCellSize
            let clamped = pointwiseMin(pointwiseMax(f, SIMD3(repeating: 0)), SIMD3<Float>(dims &- 1))
            return SIMD3<Int>(Int(clamped.x), Int(clamped.y), Int(clamped.z))
        }

        /// Distance from `p` to the indexed bounding box (0 inside).
        func distanceToBounds(_ p: SIMD3<Float>) -> Float {
            let hi = origin + SIMD3<Float>(dims) * cellSize
            let d = pointwiseMax(pointwiseMax(origin - p, p - hi), .zero)
            return d.length
        }
    }
}
