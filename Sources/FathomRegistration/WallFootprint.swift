import FathomCore

/// What a cloud saw, seen from above, for scoring placements of another cloud's walls quickly: plan
/// cells (x, z) holding an upright surface point or next to one (walls), and the other cells holding
/// a level surface point (open floor: the scanner saw floor or ceiling there and no wall).
struct WallFootprint: Sendable {
    /// What a plan cell holds.
    enum Mark: UInt8 {
        /// Nothing seen there.
        case unseen
        /// Level surfaces (floor, ceiling) and no upright one within a cell.
        case open
        /// An upright surface within a cell.
        case wall
    }

    /// Plan cell edge, metres.
    let cell: Float
    /// The (x, z) corner of cell (0, 0), metres.
    private let origin: SIMD2<Float>
    /// Cells across x and z.
    private let width: Int, depth: Int
    /// Row-major over z.
    private let marks: [Mark]

    /// Most cells of a footprint: a wider cloud gets coarser cells.
    static let maximumCells: Float = 16_000_000

    /// The footprint of upright points `walls` and level points `floors` (metres, finite) on cells of
    /// edge `cell` (coarser when the cloud spans more than `maximumCells` of them).
    init(walls: [SIMD3<Float>], floors: [SIMD3<Float>], cell requested: Float) {
        precondition(requested > 0 && requested.isFinite, "the footprint cell must be positive")
        let xz = (walls + floors).map { SIMD2($0.x, $0.z) }
        guard !xz.isEmpty else {
            (cell, origin, width, depth, marks) = (requested, .zero, 0, 0, [])
            return
        }
        let low = xz.reduce(SIMD2<Float>(repeating: .infinity)) { pointwiseMin($0, $1) }
        let high = xz.reduce(SIMD2<Float>(repeating: -.infinity)) { pointwiseMax($0, $1) }
        let span = high - low + 5 * requested
        let cell = max(requested, (span.x * span.y / Self.maximumCells).squareRoot())
        // A margin of two cells: a point's cell and its neighbours stay inside whatever the rounding.
        let origin = low - 2 * cell
        let width = Int(((high.x - origin.x) / cell).rounded(.down)) + 3
        let depth = Int(((high.y - origin.y) / cell).rounded(.down)) + 3
        var marks = [Mark](repeating: .unseen, count: width * depth)
        func index(_ p: SIMD3<Float>) -> Int { Int((p.z - origin.y) / cell) * width + Int((p.x - origin.x) / cell) }
        for p in floors { marks[index(p)] = .open }
        for p in walls {
            let k = index(p)
            for dj in -1...1 { for di in -1...1 { marks[k + dj * width + di] = .wall } }
        }
        (self.cell, self.origin, self.width, self.depth, self.marks) = (cell, origin, width, depth, marks)
    }

    /// What the cell under `p` (metres) holds.
    @inline(__always)
    func mark(at p: SIMD3<Float>) -> Mark {
        let x = (p.x - origin.x) / cell, z = (p.z - origin.y) / cell
        guard x >= 0, z >= 0, x < Float(width), z < Float(depth) else { return .unseen }
        return marks[Int(z) * width + Int(x)]
    }

    /// Of `points` moved by `transform` that land on seen cells, the fraction landing on open floor
    /// (0 when none lands on a seen cell).
    func openFraction(of points: [SIMD3<Float>], movedBy transform: RigidTransform) -> Float {
        var open = 0, seen = 0
        for p in points {
            switch mark(at: transform.apply(to: p)) {
            case .open: open += 1; seen += 1
            case .wall: seen += 1
            case .unseen: break
            }
        }
        return seen > 0 ? Float(open) / Float(seen) : 0
    }
}
