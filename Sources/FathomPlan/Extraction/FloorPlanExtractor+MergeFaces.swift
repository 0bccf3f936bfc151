import FathomCore
import FathomRegistration
import Foundation

extension FloorPlanExtractor {
    /// Smallest |cosine| between the seen sides of two matched wall points for the match to say
    /// anything (60°): points at a corner, whose normals are near perpendicular, say neither.
    static let faceSideCosine: Float = 0.5
    /// Largest cosine between a point's normal and the vertical for it to count as upright (cos 80°:
    /// the registrar's `structureTilt`, 10° from the horizontal).
    static let faceUprightSine: Float = sin(10 * .pi / 180)

    /// How a placement's matched wall points were seen: from the same side by both scans (an
    /// overlap), or from opposite sides (one wall's two faces laid on each other, back to back).
    struct FaceFigures: Equatable, Sendable {
        /// Source wall points matched to a target wall point seen from the same side.
        var sameSide = 0
        /// Source wall points matched to a target wall point seen from the opposite side.
        var backToBack = 0

        /// Back-to-back matches among the matches that said a side (0 when none did).
        var backToBackRate: Double {
            sameSide + backToBack > 0 ? Double(backToBack) / Double(sameSide + backToBack) : 0
        }
    }

    /// One scan's upright points in the obstacle band, each with the side it was seen from.
    struct SeenFaces: Sendable {
        /// Plan cell edge of `grid`, metres.
        let cell: Float
        /// Point positions, metres, the scan's own frame.
        let points: [SIMD3<Float>]
        /// Per point, the unit horizontal direction (x, z) towards the side where the scan saw floor.
        let sides: [SIMD2<Float>]
        /// Plan cell → indices of `points`.
        let grid: [SIMD2<Int32>: [Int]]
    }

    /// The upright points of `cloud` (a scan's registration cloud, its own frame) within
    /// `mergeObstacleBand` of the floor of `view` (the same scan's sight view), each with the side it
    /// was seen from: the side of its plane where the scan saw floor `sharedViewInnerRing` to
    /// `sharedViewOuterRing` cells away with no wall between (`seesFloor`). A point with floor seen
    /// on both sides, or on neither, is left out: it says no side.
    func seenFaces(of cloud: RegistrationCloud, view: MergeSightView) -> SeenFaces {
        let cell = view.cell
        var points: [SIMD3<Float>] = []
        var sides: [SIMD2<Float>] = []
        var grid: [SIMD2<Int32>: [Int]] = [:]
        for (p, n) in zip(cloud.positions, cloud.normals) {
            guard abs(n.y) <= Self.faceUprightSine, Self.mergeObstacleBand.contains(p.y - view.floorY) else { continue }
            let h = SIMD2(n.x, n.z)
            let length = (h.x * h.x + h.y * h.y).squareRoot()
            guard length > 0 else { continue }
            let u = h / length
            let plus = Self.seesFloor(from: p, along: u, in: view)
            let minus = Self.seesFloor(from: p, along: -u, in: view)
            guard plus != minus else { continue }
            grid[view.key(p), default: []].append(points.count)
            points.append(p)
            sides.append(plus ? u : -u)
        }
        return SeenFaces(cell: cell, points: points, sides: sides, grid: grid)
    }

    /// Whether `view`'s floor lies `sharedViewInnerRing` to `sharedViewOuterRing` cells from `p` along
    /// the unit plan direction `u` (x, z) with no wall between: probed every half cell, a wall cell
    /// farther than `faceNoise` from `p` (beyond the point's own face and its depth noise) stops the
    /// probe, so the floor on the far side of a partition (its other face a wall's thickness away) is
    /// not taken for the side a face was seen from.
    static func seesFloor(from p: SIMD3<Float>, along u: SIMD2<Float>, in view: MergeSightView) -> Bool {
        let own = view.key(p)
        let step = view.cell / 2
        let steps = Int(Float(sharedViewOuterRing) * view.cell / step)
        for s in 1...steps {
            let d = Float(s) * step
            let k = view.key(SIMD3(p.x + u.x * d, p.y, p.z + u.y * d))
            guard k != own else { continue }
            if view.walls.contains(k) {
                if d > faceNoise { return false }
                continue
            }
            if d >= Float(sharedViewInnerRing) * view.cell && view.floor.contains(k) { return true }
        }
        return false
    }

    /// Distance from a wall point within which wall cells are taken for its own face (its voxel and
    /// depth noise), metres: the merge's voxel.
    static let faceNoise: Float = mergeVoxelSize

    /// The source's seen wall points placed on the target's by `targetFromSource`: each matched to
    /// the nearest target wall point within `matchDistance` metres (the registrar's inlier distance),
    /// and counted as seen from the same side or back to back (`faceSideCosine`).
    static func faceFigures(
        source: SeenFaces, target: SeenFaces, targetFromSource: RigidTransform, matchDistance: Float
    ) -> FaceFigures {
        var f = FaceFigures()
        let limit = matchDistance * matchDistance
        for (p, s) in zip(source.points, source.sides) {
            let q = targetFromSource.apply(to: p)
            let turned = targetFromSource.rotation * SIMD3(s.x, 0, s.y)
            let k = SIMD2(Int32((q.x / target.cell).rounded(.down)), Int32((q.z / target.cell).rounded(.down)))
            var best = limit, bestIndex = -1
            for dz in Int32(-1)...1 {
                for dx in Int32(-1)...1 {
                    for i in target.grid[k &+ SIMD2(dx, dz)] ?? [] {
                        let d = target.points[i] - q
                        let d2 = d.x * d.x + d.y * d.y + d.z * d.z
                        if d2 <= best { (best, bestIndex) = (d2, i) }
                    }
                }
            }
            guard bestIndex >= 0 else { continue }
            let c = turned.x * target.sides[bestIndex].x + turned.z * target.sides[bestIndex].y
            if c >= faceSideCosine { f.sameSide += 1 } else if c <= -faceSideCosine { f.backToBack += 1 }
        }
        return f
    }

    /// Why the placement that gave `figures` lays walls back to back, or nil when it does not: at
    /// most `maximumFreeSpaceConflict` of the matched wall points that say a side may be seen from
    /// the other side by the other scan. The two faces of one wall are a wall's thickness apart; laid
    /// on each other they give many inliers (a slide across a partition by its thickness) but each
    /// scan saw that wall from its own room.
    func faceRefusal(_ figures: FaceFigures) -> String? {
        guard figures.backToBackRate > Self.maximumFreeSpaceConflict else { return nil }
        return String(
            format: "%d of %d matching wall points were seen from opposite sides by the two scans (one wall's two faces laid on each other)",
            figures.backToBack, figures.backToBack + figures.sameSide)
    }
}
