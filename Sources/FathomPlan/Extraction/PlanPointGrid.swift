/// The fused points seen from above: plan positions `[x, z]` and heights above the floor (metres),
/// bucketed in square cells for neighbourhood queries.
struct PlanPointGrid: Sendable {
    /// Plan position of each point, metres.
    let positions: [SIMD2<Double>]
    /// Height of each point above the floor, metres.
    let heights: [Float]
    /// Lower corner of the grid, metres.
    let origin: SIMD2<Double>
    /// Cell edge, metres.
    let cellSize: Double
    /// Cells along x and z.
    let width: Int
    let depth: Int
    /// Points of cell `c` are `order[starts[c]..<starts[c + 1]]`.
    private let starts: [Int32]
    private let order: [Int32]

    /// Buckets the points; `cellSize` in metres.
    init(positions: [SIMD2<Double>], heights: [Float], cellSize: Double) {
        self.positions = positions
        self.heights = heights
        self.cellSize = cellSize
        var lo = SIMD2<Double>(repeating: .infinity)
        var hi = SIMD2<Double>(repeating: -.infinity)
        for p in positions {
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        if positions.isEmpty {
            lo = .zero
            hi = .zero
        }
        origin = lo
        width = max(1, Int(((hi.x - lo.x) / cellSize).rounded(.down)) + 1)
        depth = max(1, Int(((hi.y - lo.y) / cellSize).rounded(.down)) + 1)
        var counts = [Int32](repeating: 0, count: width * depth + 1)
        var cellOf = [Int32](repeating: 0, count: positions.count)
        for (i, p) in positions.enumerated() {
            let cx = min(width - 1, Int((p.x - lo.x) / cellSize))
            let cz = min(depth - 1, Int((p.y - lo.y) / cellSize))
            let c = cz * width + cx
            cellOf[i] = Int32(c)
            counts[c + 1] += 1
        }
        for c in 0..<(width * depth) { counts[c + 1] += counts[c] }
        starts = counts
        var fill = counts
        var order = [Int32](repeating: 0, count: positions.count)
        for i in positions.indices {
            let c = Int(cellOf[i])
            order[Int(fill[c])] = Int32(i)
            fill[c] += 1
        }
        self.order = order
    }

    /// Calls `body` with the index of every point whose cell meets the box `lo…hi` (metres); points
    /// slightly outside the box may be included.
    func forEachPoint(from lo: SIMD2<Double>, to hi: SIMD2<Double>, _ body: (Int) -> Void) {
        let x0 = max(0, Int(((lo.x - origin.x) / cellSize).rounded(.down)))
        let x1 = min(width - 1, Int(((hi.x - origin.x) / cellSize).rounded(.down)))
        let z0 = max(0, Int(((lo.y - origin.y) / cellSize).rounded(.down)))
        let z1 = min(depth - 1, Int(((hi.y - origin.y) / cellSize).rounded(.down)))
        guard x0 <= x1, z0 <= z1 else { return }
        for cz in z0...z1 {
            for cx in x0...x1 {
                let c = cz * width + cx
                for k in Int(starts[c])..<Int(starts[c + 1]) { body(Int(order[k])) }
            }
        }
    }

    /// Calls `body` with the index and the along-line coordinate `t` (metres) of every point within
    /// `distance` of the segment `origin + direction·t`, `t ∈ t0…t1`.
    func forEachPoint(
        near line: PlanLine, from t0: Double, to t1: Double, within distance: Double, _ body: (Int, Double) -> Void
    ) {
        let a = line.point(at: t0)
        let b = line.point(at: t1)
        let pad = SIMD2<Double>(repeating: distance)
        forEachPoint(from: pointwiseMin(a, b) - pad, to: pointwiseMax(a, b) + pad) { i in
            let p = positions[i]
            let t = line.coordinate(of: p)
            guard t >= t0, t <= t1, abs(line.signedDistance(to: p)) <= distance else { return }
            body(i, t)
        }
    }
}
