extension SubdividedSpatialIndex {
    /// The finer level's arrays, shared by copies of the index.
    @usableFromInline
    final class Fine: Sendable {
        /// Subcells along each axis of a crowded cell.
        @usableFromInline let k: Int
        /// Coarse cells with fewer points are scanned whole.
        @usableFromInline let minimumPoints: Int
        /// The subdivided coarse cells' identifiers, ascending.
        @usableFromInline let denseCells: [Int32]
        /// Per subdivided cell (in `denseCells` order) k³ + 1 starts into `finePositions` /
        /// `fineRanks`: subcell (x, y, z) of slot d holds entries
        /// `subStart[d·(k³+1) + (z·k + y)·k + x] ..< subStart[… + 1]`.
        @usableFromInline let subStart: [Int32]
        /// The subdivided cells' points, sorted by cell, then subcell, then coarse order, metres.
        @usableFromInline let finePositions: [SIMD3<Float>]
        /// Each entry's place in the coarse index's cell-sorted arrays.
        @usableFromInline let fineRanks: [Int32]
        /// 64-bit words of the bit set for the most crowded subdivided cell.
        @usableFromInline let maximumWords: Int

        init(_ s: SpatialIndex.Storage, subdivisions k: Int, minimumPoints: Int) {
            self.k = k
            self.minimumPoints = minimumPoints
            guard k > 1 else {
                denseCells = []
                subStart = []
                finePositions = []
                fineRanks = []
                maximumWords = 1
                return
            }
            let k3 = k * k * k, rowStride = k3 + 1
            var dense: [Int32] = []
            var total = 0, most = 0
            s.cellStart.withUnsafeBufferPointer { starts in
                let cells = starts.count - 1
                var c = 0
                while c < cells {
                    let n = Int(starts[c + 1] - starts[c])
                    if n >= minimumPoints {
                        dense.append(Int32(truncatingIfNeeded: c))
                        total += n
                        most = max(most, n)
                    }
                    c += 1
                }
            }
            var table = [Int32](repeating: 0, count: dense.count * rowStride)
            var codes = [UInt8](repeating: 0, count: total)
            let kf = Float(k), dims = s.dims
            // Pass 1: each point's subcell, counted per cell.
            s.cellStart.withUnsafeBufferPointer { starts in
                s.sortedPositions.withUnsafeBufferPointer { pts in
                    table.withUnsafeMutableBufferPointer { T in
                        codes.withUnsafeMutableBufferPointer { C in
                            var e = 0
                            for (d, cell) in dense.enumerated() {
                                let c = Int(cell)
                                let cx = c % dims.x, cy = (c / dims.x) % dims.y, cz = c / (dims.x * dims.y)
                                let corner = SIMD3<Float>(Float(cx), Float(cy), Float(cz))
                                let base = d * rowStride
                                for j in Int(starts[c])..<Int(starts[c + 1]) {
                                    let f = ((pts[j] - s.origin) * s.inverseCellSize - corner) * kf
                                    let code = Fine.clampedFloor(f, k)
                                    let sc = (code.z * k + code.y) * k + code.x
                                    C[e] = UInt8(truncatingIfNeeded: sc)
                                    T[base + sc + 1] &+= 1
                                    e += 1
                                }
                            }
                            // Prefix sums, continuing from one cell's row to the next.
                            var running: Int32 = 0
                            for d in 0..<dense.count {
                                let base = d * rowStride
                                T[base] = running
                                for sc in 0..<k3 { T[base + sc + 1] &+= T[base + sc] }
                                running = T[base + k3]
                            }
                        }
                    }
                }
            }
            // Pass 2: scatter, in coarse order within each subcell.
            var next = table
            var positions = [SIMD3<Float>](repeating: .zero, count: total)
            var ranks = [Int32](repeating: 0, count: total)
            s.cellStart.withUnsafeBufferPointer { starts in
                s.sortedPositions.withUnsafeBufferPointer { pts in
                    next.withUnsafeMutableBufferPointer { N in
                        codes.withUnsafeBufferPointer { C in
                            positions.withUnsafeMutableBufferPointer { P in
                                ranks.withUnsafeMutableBufferPointer { R in
                                    var e = 0
                                    for (d, cell) in dense.enumerated() {
                                        let c = Int(cell)
                                        let base = d * rowStride
                                        for j in Int(starts[c])..<Int(starts[c + 1]) {
                                            let at = base + Int(C[e])
                                            let place = Int(N[at])
                                            N[at] = Int32(truncatingIfNeeded: place + 1)
                                            P[place] = pts[j]
                                            R[place] = Int32(truncatingIfNeeded: j)
                                            e += 1
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            denseCells = dense
            subStart = table
            finePositions = positions
            fineRanks = ranks
            maximumWords = max(1, (most + 63) / 64)
        }

        /// The place of `cell` in `dense` (it must be there).
        @inlinable @inline(__always)
        static func slot(of cell: Int32, in dense: UnsafeBufferPointer<Int32>) -> Int {
            var lo = 0, hi = dense.count - 1
            while lo < hi {
                let mid = (lo + hi) >> 1
                if dense[mid] < cell { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }

        /// The integer parts of `f`, clamped to 0 … k − 1 (as floats first: `f` may be huge or −∞).
        @inlinable @inline(__always)
        static func clampedFloor(_ f: SIMD3<Float>, _ k: Int) -> SIMD3<Int> {
            let top = Float(k - 1)
            return SIMD3<Int>(
                Int(min(max(f.x, 0), top)), Int(min(max(f.y, 0), top)), Int(min(max(f.z, 0), top)))
        }
    }
}
