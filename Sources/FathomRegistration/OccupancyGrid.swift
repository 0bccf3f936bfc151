import FathomCore

/// Which cells of a regular grid hold points of a cloud, for asking whether a place lies inside what
/// the cloud enclosed: a place with the cloud's points on all four horizontal sides (±x, ±z) lies
/// within its walls, where a scanner that saw those walls also saw the space between them.
struct OccupancyGrid: Sendable {
    /// The lower corner of cell (0, 0, 0), metres.
    let origin: SIMD3<Float>
    /// The cell edge, metres.
    let cell: Float
    /// Cells along x, y and z.
    let dims: SIMD3<Int>
    /// Occupancy, x fastest.
    let occupied: [Bool]

    /// Most cells along one axis (coarser cells for larger clouds).
    static let maximumCellsPerAxis = 256

    /// The occupancy of `points` at cells of edge `cell` (metres, positive), coarser when the cloud's
    /// bounds would need more than `maximumCellsPerAxis` along an axis.
    init(_ points: [SIMD3<Float>], cell requested: Float) {
        var lo = SIMD3<Float>(repeating: .infinity), hi = SIMD3<Float>(repeating: -.infinity)
        for p in points where p.isFinite {
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        guard lo.x <= hi.x else {
            origin = .zero; cell = requested; dims = .zero; occupied = []
            return
        }
        let size = hi - lo
        let edge = max(requested, size.max() / Float(Self.maximumCellsPerAxis - 1), 1e-4)
        origin = lo
        cell = edge
        dims = SIMD3<Int>(Int(size.x / edge) + 1, Int(size.y / edge) + 1, Int(size.z / edge) + 1)
        var grid = [Bool](repeating: false, count: dims.x * dims.y * dims.z)
        for p in points where p.isFinite {
            let c = Self.truncated((p - lo) / edge)
            grid[(c.z * dims.y + c.y) * dims.x + c.x] = true
        }
        occupied = grid
    }

    /// Whether a cell within one cell of `p`'s holds a point: `false` means no point lies within
    /// `cell` of `p`.
    func hasPoints(around p: SIMD3<Float>) -> Bool {
        guard !occupied.isEmpty, p.isFinite else { return false }
        let f = ((p - origin) / cell).rounded(.down)
        guard f.x >= -1, f.y >= -1, f.z >= -1, f.x <= Float(dims.x), f.y <= Float(dims.y), f.z <= Float(dims.z) else {
            return false
        }
        let c = Self.truncated(f)
        for z in max(0, c.z - 1)...min(dims.z - 1, c.z + 1) {
            for y in max(0, c.y - 1)...min(dims.y - 1, c.y + 1) {
                for x in max(0, c.x - 1)...min(dims.x - 1, c.x + 1) where occupied[(z * dims.y + y) * dims.x + x] {
                    return true
                }
            }
        }
        return false
    }

    /// Whether marching from `p` along +x, −x, +z and −z meets an occupied cell every time (`p` inside
    /// the grid's bounds; places outside them are never enclosed).
    func enclosesHorizontally(_ p: SIMD3<Float>) -> Bool {
        guard !occupied.isEmpty, p.isFinite else { return false }
        let f = (p - origin) / cell
        guard f.x >= 0, f.y >= 0, f.z >= 0 else { return false }
        let c = Self.truncated(f)
        guard c.x < dims.x, c.y < dims.y, c.z < dims.z else { return false }
        for (axis, step) in Self.horizontalSteps {
            var q = c
            var hit = false
            while true {
                q[axis] += step
                guard q[axis] >= 0, q[axis] < dims[axis] else { break }
                if occupied[(q.z * dims.y + q.y) * dims.x + q.x] { hit = true; break }
            }
            if !hit { return false }
        }
        return true
    }

    /// The four horizontal directions marched by `enclosesHorizontally`: (axis, step).
    static let horizontalSteps = [(0, 1), (0, -1), (2, 1), (2, -1)]

    /// `v` rounded toward zero, per lane (as `SIMD3<Int>(v)`, whose generic conversion is not
    /// specialised and cost more than the grid look-ups it serves).
    @inline(__always)
    static func truncated(_ v: SIMD3<Float>) -> SIMD3<Int> {
        SIMD3<Int>(Int(v.x), Int(v.y), Int(v.z))
    }
}
