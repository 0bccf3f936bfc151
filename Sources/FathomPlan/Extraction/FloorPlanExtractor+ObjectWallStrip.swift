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
    static func wallStripClosed(_ box: PlanBox, faces: [WallFace]) -> PlanBox {
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
                    nearest = min(nearest, gap)
                }
                if nearest.isFinite { grow[index] = nearest }
            }
            guard grow[0] > 0 || grow[1] > 0 else { continue }
            out.centre += a * ((grow[1] - grow[0]) / 2)
            if axis == 0 { out.size.x += grow[0] + grow[1] } else { out.size.y += grow[0] + grow[1] }
        }
        return out
    }
}
