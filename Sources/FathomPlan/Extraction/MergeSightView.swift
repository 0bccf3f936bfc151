import FathomCore
import Foundation

/// What one scan saw, seen from above in its own frame, for judging a placement of another scan on it
/// (`FloorPlanExtractor.visibilityFigures`): its wall and furniture cells (0.3–1.8 m up), the cells
/// it observed anything in, the cells its cameras saw through at wall height, and its cameras.
struct MergeSightView: Sendable {
    /// Plan cell edge, metres.
    let cell: Float
    /// The scan's floor height in its own frame, metres.
    let floorY: Float
    /// Cells holding a wall or furniture point.
    let walls: Set<SIMD2<Int32>>
    /// Cells holding any point at or above the floor.
    let observed: Set<SIMD2<Int32>>
    /// Cells holding a floor point (within the floor tolerance of `floorY`).
    let floor: Set<SIMD2<Int32>>
    /// Cells a camera saw through towards a wall in sight (see `init`).
    let seenThrough: Set<SIMD2<Int32>>
    /// Camera positions, metres.
    let cameras: [SIMD3<Float>]

    /// The view of `points` and `cameras` (metres, the scan's own frame) with its floor at `floorY`,
    /// on cells of edge `cell`. For up to `cameraLimit` cameras (evenly strided), the straight line
    /// from the camera to each wall cell within `reach` metres that it meets no other wall cell on is a
    /// sight line; its cells but the last `endMargin` were seen through.
    init(
        points: [SIMD3<Float>], cameras: [SIMD3<Float>], floorY: Float, cell: Float, obstacleBand: ClosedRange<Float>,
        floorTolerance: Float, reach: Float, cameraLimit: Int, endMargin: Int
    ) {
        self.cell = cell
        self.floorY = floorY
        self.cameras = cameras
        var walls: Set<SIMD2<Int32>> = []
        var observed: Set<SIMD2<Int32>> = []
        var floor: Set<SIMD2<Int32>> = []
        for p in points where p.isFinite {
            let h = p.y - floorY
            let k = Self.key(p, cell: cell)
            if h >= -floorTolerance { observed.insert(k) }
            if abs(h) <= floorTolerance { floor.insert(k) }
            if obstacleBand.contains(h) { walls.insert(k) }
        }
        let steps = Int32((reach / cell).rounded(.up))
        let margin = Int32(endMargin)
        let wallList = Array(walls)
        var through: Set<SIMD2<Int32>> = []
        var line: [SIMD2<Int32>] = []
        line.reserveCapacity(Int(steps) + 1)
        for c in Swift.stride(from: 0, to: cameras.count, by: max(1, cameras.count / max(1, cameraLimit))) {
            let eye = Self.key(cameras[c], cell: cell)
            guard !walls.contains(eye) else { continue }
            for w in wallList {
                let d = w &- eye
                let n = max(abs(d.x), abs(d.y))
                guard n > margin, n <= steps else { continue }
                line.removeAll(keepingCapacity: true)
                var blocked = false
                for s in 1...(n - margin) {
                    let t = Float(s) / Float(n)
                    let k = SIMD2(Int32((Float(eye.x) + Float(d.x) * t).rounded()), Int32((Float(eye.y) + Float(d.y) * t).rounded()))
                    if walls.contains(k) {
                        blocked = true
                        break
                    }
                    line.append(k)
                }
                if !blocked { through.formUnion(line) }
            }
        }
        self.walls = walls
        self.observed = observed
        self.floor = floor
        self.seenThrough = through
    }

    /// The cell under `p` (metres, this view's frame).
    @inline(__always)
    func key(_ p: SIMD3<Float>) -> SIMD2<Int32> { Self.key(p, cell: cell) }

    /// The cell of edge `cell` under `p`.
    @inline(__always)
    static func key(_ p: SIMD3<Float>, cell: Float) -> SIMD2<Int32> {
        SIMD2(Int32((p.x / cell).rounded(.down)), Int32((p.z / cell).rounded(.down)))
    }

    /// Whether cell `k` is space this scan saw: floor seen there or a sight line across it, and no
    /// wall or furniture in it.
    @inline(__always)
    func isSeenSpace(_ k: SIMD2<Int32>) -> Bool {
        !walls.contains(k) && (floor.contains(k) || seenThrough.contains(k))
    }

    /// Whether a wall cell lies within one cell of `k`.
    func isNearWall(_ k: SIMD2<Int32>) -> Bool {
        for dz in Int32(-1)...1 {
            for dx in Int32(-1)...1 where walls.contains(k &+ SIMD2(dx, dz)) { return true }
        }
        return false
    }
}
