import Foundation

extension FloorPlanExtractor {
    /// Width of the strip beside a wall face in which the object search sees nothing, metres: the
    /// points within `objectWallClearance` of a face are the wall's, and the cell the clearance's
    /// edge runs through is left out with them (`objectSearchRegion`), so a piece's side found up to
    /// this far in front of a wall may stand anywhere in the strip.
    static var objectWallStrip: Double { objectWallClearance + objectCellSize }

    /// The box with each side that ends in the blind strip before a parallel wall face facing it
    /// (`objectWallStrip`: more than zero and at most that far from the face, the face spanning the
    /// side within its own ends) moved on to that face. Nothing inside the strip can be seen, so the
    /// side found there is only where the strip begins; furniture that comes that close to a wall
    /// stands against it: its back at the wall behind it, its end at the wall of the corner it
    /// stands in. A side in front of the strip keeps its place (the floor or the wall was seen
    /// between: the piece stands apart), and a side at or behind the face is left as it is.
    ///
    /// With the points (`grid`) and the piece's `top` (metres above the floor) given, a side goes to
    /// the wall only when the piece is not seen to end there (`continuesIntoStrip`): a piece standing
    /// a few centimetres from the wall of its corner keeps its gap.
    static func wallStripClosed(
        _ box: PlanBox, faces: [WallFace], grid: PlanPointGrid? = nil, top: Double = 0
    ) -> PlanBox {
        var out = box
        for axis in 0..<2 {
            let a = axis == 0 ? box.u : box.v
            let other = axis == 0 ? box.v : box.u
            let half = (axis == 0 ? box.size.x : box.size.y) / 2
            let span = (axis == 0 ? box.size.y : box.size.x) / 2
            // How far each side (−a, +a) is moved out, metres.
            var grow = [0.0, 0.0]
            for (index, sign) in [-1.0, 1.0].enumerated() {
                let side = box.centre + a * (sign * half)
                let ahead = a * sign
                var nearest = Double.infinity
                var wallNoise = 0.0
                for face in faces {
                    let n = face.line.normal
                    let facing = (ahead * n).sum()
                    guard abs(facing) >= cos(Self.furnitureParallelSine) else { continue }
                    // The box stands on the side the wall was seen from, the face ahead of the side.
                    guard face.line.signedDistance(to: box.centre) * face.side > 0 else { continue }
                    let gap = -face.line.signedDistance(to: side) / facing
                    guard gap > 0, gap <= Self.objectWallStrip else { continue }
                    let t0 = face.line.coordinate(of: side - other * span)
                    let t1 = face.line.coordinate(of: side + other * span)
                    guard min(t0, t1) >= face.t0 - Self.objectWallStrip, max(t0, t1) <= face.t1 + Self.objectWallStrip
                    else { continue }
                    if gap < nearest {
                        nearest = gap
                        wallNoise = face.rms
                    }
                }
                guard nearest.isFinite else { continue }
                if let grid {
                    let seenEnding = !continuesIntoStrip(
                        box, axis: axis, sign: sign, gap: nearest, wallBand: Self.wallBand(rms: wallNoise), top: top,
                        faces: faces, grid: grid)
                    if seenEnding { continue }
                }
                grow[index] = nearest
            }
            guard grow[0] > 0 || grow[1] > 0 else { continue }
            out.centre += a * ((grow[1] - grow[0]) / 2)
            if axis == 0 { out.size.x += grow[0] + grow[1] } else { out.size.y += grow[0] + grow[1] }
        }
        return out
    }

    /// Depth of a wall face's own points in front of it, metres: three times its measured RMS noise,
    /// at most the band the walls' fit takes as theirs (`wallInlierDistance` of the default
    /// configuration, 3 cm). What lies farther in front is not the wall.
    static func wallBand(rms: Double) -> Double {
        min(3 * rms, FloorPlanExtractionConfiguration().wallInlierDistance)
    }

    /// Half-width of the row of points along a seen side of a piece (its front face) in which the
    /// face is sought running on into the blind strip, metres (a cell).
    static var objectStripRowBand: Double { objectCellSize }

    /// Whether the piece of `box` is seen to go on into the blind strip beyond its side on `axis`
    /// (0: `u`, 1: `v`) and `sign` (−1, +1), which lies `gap` metres before a wall face whose own
    /// points reach `wallBand` metres in front of it. The piece's faces along the two sides that meet
    /// this one (its front, and its back or other end) and its top (points within
    /// `objectSameTopTolerance` under `top`, metres) are counted in the strip (from the side to the
    /// wall's band) and in as wide a stretch just inside the side: a face or top that goes on to the
    /// wall leaves as many points in the strip as inside, one that ends at the side at most half as
    /// many there (`objectEdgeLevel`, the edge rule of `surfaceEdges`). Points within
    /// `objectWallClearance` of a wall face running along those sides (the wall behind the piece)
    /// are the wall's and not counted. The one of them with the most points inside tells (the
    /// front seen from the room; a top hardly seen from below leaves a few scattered points); the
    /// piece goes on when it holds too few points inside (`objectEdgeMinimumPeak`) to tell, or the
    /// strip is narrower than a centimetre (`objectEdgeBin`).
    static func continuesIntoStrip(
        _ box: PlanBox, axis: Int, sign: Double, gap: Double, wallBand: Double, top: Double, faces: [WallFace],
        grid: PlanPointGrid
    ) -> Bool {
        let a = (axis == 0 ? box.u : box.v) * sign
        let other = axis == 0 ? box.v : box.u
        let half = (axis == 0 ? box.size.x : box.size.y) / 2
        let span = (axis == 0 ? box.size.y : box.size.x) / 2
        let width = gap - wallBand
        guard width >= objectEdgeBin else { return true }
        // The walls along the rows (their normals across the rows).
        let alongRows = faces.filter { abs(($0.line.normal * other).sum()) >= cos(furnitureParallelSine) }
        // Counts inside and in the strip for the rows at −span, +span and the top.
        var inside = [0, 0, 0]
        var strip = [0, 0, 0]
        let topLow = Float(top - objectSameTopTolerance)
        let topHigh = Float(top + objectSameTopTolerance)
        let (lo, hi) = box.bounds
        let pad = SIMD2<Double>(repeating: gap + objectStripRowBand)
        grid.forEachPoint(from: lo - pad, to: hi + pad) { i in
            let h = grid.heights[i]
            guard h > objectFloorClearance, h <= topHigh else { return }
            let p = grid.positions[i]
            let r = p - box.centre
            let along = (r * a).sum() - half
            guard along > -width, along <= width else { return }
            let across = (r * other).sum()
            let nearRow = abs(abs(across) - span) <= objectStripRowBand
            let onTop = h >= topLow && abs(across) <= span
            guard nearRow || onTop else { return }
            for face in alongRows where abs(face.line.signedDistance(to: p)) <= objectWallClearance {
                let t = face.line.coordinate(of: p)
                if t >= face.t0 - objectWallStrip && t <= face.t1 + objectWallStrip { return }
            }
            let inStrip = along > 0 ? 1 : 0
            if nearRow {
                let row = across < 0 ? 0 : 1
                if inStrip == 1 { strip[row] += 1 } else { inside[row] += 1 }
            }
            if onTop {
                if inStrip == 1 { strip[2] += 1 } else { inside[2] += 1 }
            }
        }
        // The best-seen of them tells (a top hardly seen from below, a few points, does not).
        guard let row = inside.indices.max(by: { inside[$0] < inside[$1] }), inside[row] >= objectEdgeMinimumPeak
        else { return true }
        return Double(strip[row]) > objectEdgeLevel * Double(inside[row])
    }
}
