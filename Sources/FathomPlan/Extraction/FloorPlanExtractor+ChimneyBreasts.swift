import FathomCore
import Foundation

extension FloorPlanExtractor {
    /// Farthest a chimney breast's front stands out from its wall, metres. A breast houses a flue in
    /// brick: it stands out 0.3–0.5 m (returns of 0.38–0.44 m are common); a front standing deeper
    /// before a wall is a wardrobe's (0.55–0.65 m deep) or a refrigerator's, whose tops a walk held at
    /// eye height often never sees, so that nothing else tells them from a breast.
    static let maximumBreastDepth = 0.5

    /// The front of a chimney breast standing before the gap `g0…g1` in face `f` (coordinates on its
    /// line), or nil. A chimney breast is wall: a floor-to-ceiling box of masonry standing out from the
    /// wall, with two short returns back to it. The wall line is fitted across it (the pieces of the
    /// wall either side are collinear, and the gap is narrower than `maximumWallGap`), and its front
    /// looks like tall furniture's up to its top. What tells it is what a wall is: nothing stands
    /// behind it and nothing is seen above it. The front is a parallel face (`furnitureParallelSine`)
    /// seen from the same side as the wall line, `minimumFurnitureDepth`–`maximumBreastDepth`
    /// before it, spanning the gap (each of its ends within the thickest wall, `maximumWallThickness`,
    /// of the gap's end: the returns meet the wall where its band points stop), and
    /// - the cameras never saw past it above its top (`leftOut`, from `endingBelowCeiling`);
    /// - its points run on up to the highest surface seen in front of it (`ceilingMeetsTop` over
    ///   `minimumWallAboveFraction` of its extent): the full seen height, as the room's walls do;
    /// - nothing was seen above its top in the space behind it (`spaceSeenAbove`), neither the
    ///   ceiling nor the wall's line (`wallSeenAbove`), each under `minimumWallAboveFraction` of its
    ///   extent: behind a wardrobe or a refrigerator the room goes on above the piece, behind a
    ///   breast's front there is masonry up to the ceiling.
    /// Inferred faces and faces whose side is unknown are never one.
    func breastFront(
        of f: Int, from g0: Double, to g1: Double, faces: [WallFace], sides: [Double?], leftOut: [Bool],
        grid: PlanPointGrid
    ) -> Int? {
        let face = faces[f]
        guard let side = sides[f] else { return nil }
        let thickness = configuration.maximumWallThickness
        for b in faces.indices where b != f && !leftOut[b] && !faces[b].isInferred {
            let front = faces[b]
            guard let frontSide = sides[b], front.line.sine(with: face.line) <= Self.furnitureParallelSine,
                (front.line.normal * frontSide * face.line.normal * side).sum() > 0.9
            else { continue }
            let u0 = face.line.coordinate(of: front.start)
            let u1 = face.line.coordinate(of: front.end)
            let lo = min(u0, u1)
            let hi = max(u0, u1)
            guard abs(lo - g0) <= thickness, abs(hi - g1) <= thickness else { continue }
            let mid = front.line.point(at: (front.t0 + front.t1) / 2)
            let depth = face.line.signedDistance(to: mid) * side
            guard depth >= Self.minimumFurnitureDepth, depth <= Self.maximumBreastDepth else { continue }
            let top = faceTop(front, grid: grid)
            let meets = ceilingMeetsTop(front, side: frontSide, grid: grid)
            let behind = spaceSeenAbove(front, side: frontSide, depth: depth, above: top, grid: grid)
            let above = wallSeenAbove(face.line, front: front, above: top, grid: grid)
            if Self.debugging {
                print(
                    "breast? front \(front.start)–\(front.end) before \(face.start)–\(face.end) depth \(depth) "
                        + "top \(top) wall top \(faceTop(face, grid: grid)) ceiling meets \(meets) "
                        + "seen behind \(behind) wall above \(above)")
            }
            guard meets >= Self.minimumWallAboveFraction, behind < Self.minimumWallAboveFraction,
                above < Self.minimumWallAboveFraction
            else { continue }
            return b
        }
        return nil
    }
}
