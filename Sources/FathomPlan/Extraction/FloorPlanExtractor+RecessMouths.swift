import FathomCore
import Foundation

extension FloorPlanExtractor {
    /// The least share of a gap a recess's back spans (`recessBack`): a face behind a small part of the
    /// gap is something seen through it, not the recess's back.
    static let recessBackMinimumSpan = 0.5

    /// Cuts faces drawn across the mouth of a recess. A wall line is fitted across gaps up to
    /// `maximumWallGap` wide (doors, windows, furniture hiding the band), so the two pieces of a wall either
    /// side of a recess come out as one face drawn straight across its mouth, and the room misses the
    /// recess. A gap in a face's wall band is a recess's mouth when the recess's back stands behind it:
    /// a parallel face on the far side from the one the face was seen from (no camera sees through a
    /// wall: a face seen behind this one was seen through the gap), `minimumFurnitureDepth` to
    /// `maximumFurnitureDepth` behind it, lying within the gap (its ends within the thickest wall,
    /// `maximumWallThickness`, of the gap's ends) and spanning half of it or more. A door's gap has the
    /// next room beyond it, whose walls run on past the door; a window's has nothing. The face is cut
    /// at the gap, and each side of the recess that no found face closes is bridged by an inferred face
    /// from the mouth to the back (as `recessSide`), seen from inside the recess.
    ///
    /// A face the cameras saw past above its top (`endsBelowCeiling`, parallel to `faces`, from
    /// `endingBelowCeiling`) is furniture: it is neither cut, nor a recess's back, nor a recess's side.
    ///
    /// Returns the faces with the cut ones replaced by their pieces (with `endsBelowCeiling` carried
    /// over to them), and the inferred sides with the side each was seen from (an inferred face holds
    /// no points to judge).
    func cuttingRecessMouths(
        _ faces: [WallFace], grid: PlanPointGrid, cameras: [CameraSample], endsBelowCeiling: [Bool] = []
    ) -> (faces: [WallFace], endsBelowCeiling: [Bool], sides: [(face: WallFace, side: Double)]) {
        let below = faces.indices.map { $0 < endsBelowCeiling.count && endsBelowCeiling[$0] }
        guard faces.count >= 2 else { return (faces, below, []) }
        let seen = seenSides(faces, cameras: cameras, grid: grid)
        let band = configuration.wallBand
        var out: [WallFace] = []
        var outBelow: [Bool] = []
        var inferred: [(face: WallFace, side: Double)] = []
        // The source of each face kept whole (nil for a piece of a cut face), and the breasts' fronts.
        var outSource: [Int?] = []
        var breasts: Set<Int> = []
        for f in faces.indices {
            let face = faces[f]
            guard seen[f] != nil, !below[f], face.length > configuration.minimumOpeningWidth else {
                out.append(face)
                outBelow.append(below[f])
                outSource.append(f)
                continue
            }
            // The face's band points along its line; gaps between them wider than the narrowest opening.
            var ts: [Double] = []
            grid.forEachPoint(near: face.line, from: face.t0, to: face.t1, within: configuration.wallInlierDistance) {
                i, t in
                let h = Double(grid.heights[i])
                if h >= band.lowerBound && h < band.upperBound { ts.append(t) }
            }
            ts.sort()
            var cuts: [(g0: Double, g1: Double)] = []
            for k in ts.indices.dropFirst() where ts[k] - ts[k - 1] > configuration.minimumOpeningWidth {
                let g0 = ts[k - 1]
                let g1 = ts[k]
                // The recess's back (or the chimney breast's front), within the gap, spanning half of it.
                // Or a chimney breast's front before it (`breastFront`): the wall line was drawn across
                // the breast, and the breast's returns close the gap from the wall to the front.
                var breast = false
                var found = recessBack(of: f, from: g0, to: g1, faces: faces, sides: seen, leftOut: below)
                if found == nil {
                    found = breastFront(of: f, from: g0, to: g1, faces: faces, sides: seen, leftOut: below, grid: grid)
                    breast = found != nil
                }
                guard let back = found else {
                    // A line fitted on through a wall across its gap is two faces: cut, nothing bridged.
                    if wallCrossesGap(of: f, from: g0, to: g1, faces: faces, leftOut: below) { cuts.append((g0, g1)) }
                    continue
                }
                if breast { breasts.insert(back) }
                cuts.append((g0, g1))
                // The recess's sides, at each end of the mouth, unless a found face closes them.
                let wall = faces[back]
                let u0 = face.line.coordinate(of: wall.start)
                let u1 = face.line.coordinate(of: wall.end)
                for (mouth, backEnd, inwards) in [(g0, min(u0, u1), 1.0), (g1, max(u0, u1), -1.0)] {
                    let u = (mouth + backEnd) / 2
                    let onFace = face.line.point(at: u)
                    let onBack = wall.line.point(at: wall.line.coordinate(of: onFace))
                    let length = FloorPlanGeometry.distance(onFace, onBack)
                    guard length > 0, !recessSideFound(between: onFace, and: onBack, across: face.line, faces: faces, besides: below) else {
                        continue
                    }
                    let direction = (onBack - onFace) / length
                    var sideFace = WallFace(line: PlanLine(origin: onFace, direction: direction), t0: 0, t1: length)
                    // Nothing was seen of it: no openings are sought in it.
                    sideFace.observedT0 = 0
                    sideFace.observedT1 = 0
                    sideFace.isInferred = true
                    // Seen from inside the recess (towards the mouth's middle), or from beside the breast.
                    let facing = (sideFace.line.normal * face.line.direction).sum() * inwards * (breast ? -1 : 1)
                    let seenSide = facing > 0 ? 1.0 : -1.0
                    sideFace.side = seenSide
                    inferred.append((sideFace, seenSide))
                }
            }
            guard !cuts.isEmpty else {
                out.append(face)
                outBelow.append(false)
                outSource.append(f)
                continue
            }
            // The pieces between the mouths.
            var start = face.t0
            for cut in cuts + [(face.t1, face.t1)] {
                var piece = face
                piece.t0 = start
                piece.t1 = cut.g0
                piece.observedT0 = max(face.observedT0, start)
                piece.observedT1 = min(face.observedT1, cut.g0)
                piece.pointCount = Int((Double(face.pointCount) * piece.length / face.length).rounded())
                if piece.length >= configuration.minimumWallLength {
                    out.append(piece)
                    outBelow.append(false)
                    outSource.append(nil)
                }
                start = cut.g1
            }
        }
        for k in out.indices { if let source = outSource[k], breasts.contains(source) { out[k].isFullHeight = true } }
        return (out, outBelow, inferred)
    }

    /// The back of a recess behind the gap `g0…g1` in face `f` (coordinates on its line): a parallel face
    /// (`furnitureParallelSine`) `minimumFurnitureDepth` to `maximumFurnitureDepth` behind the face (on
    /// the far side from the one it was seen from: it was seen through the gap), lying within the gap
    /// (its ends within the thickest wall, `maximumWallThickness`, of the gap's ends) and spanning half
    /// of it or more (`recessBackMinimumSpan`). A face before the gap is not one: it hides the wall
    /// behind it as tall furniture does (a chimney breast looks the same up to its top). Faces `leftOut`
    /// (furniture) are never one.
    func recessBack(of f: Int, from g0: Double, to g1: Double, faces: [WallFace], sides: [Double?], leftOut: [Bool])
        -> Int?
    {
        let face = faces[f]
        guard let side = sides[f] else { return nil }
        let thickness = configuration.maximumWallThickness
        return faces.indices.first { b in
            guard b != f, !leftOut[b] else { return false }
            let other = faces[b]
            guard other.line.sine(with: face.line) <= Self.furnitureParallelSine else { return false }
            let u0 = face.line.coordinate(of: other.start)
            let u1 = face.line.coordinate(of: other.end)
            let lo = min(u0, u1)
            let hi = max(u0, u1)
            guard lo >= g0 - thickness, hi <= g1 + thickness, min(hi, g1) - max(lo, g0) >= Self.recessBackMinimumSpan * (g1 - g0) else {
                return false
            }
            let mid = other.line.point(at: (other.t0 + other.t1) / 2)
            let depth = -face.line.signedDistance(to: mid) * side
            return depth >= Self.minimumFurnitureDepth && depth <= Self.maximumFurnitureDepth
        }
    }

    /// Whether a found face closes a recess's side between `mouth` (on the mouth's line `mouthLine`) and
    /// `back` (on the back's line): a face across the mouth's line (at least `cornerSine`) passing within
    /// the thickest wall (`maximumWallThickness`) of the side's middle, its extent reaching that close to it,
    /// and not left out (`leftOut`, parallel to `faces`: furniture).
    func recessSideFound(
        between mouth: SIMD2<Double>, and back: SIMD2<Double>, across mouthLine: PlanLine, faces: [WallFace],
        besides leftOut: [Bool]
    ) -> Bool {
        let middle = (mouth + back) / 2
        let near = configuration.maximumWallThickness
        return faces.indices.contains { k in
            let other = faces[k]
            guard !leftOut[k], other.line.sine(with: mouthLine) >= Self.cornerSine, abs(other.line.signedDistance(to: middle)) <= near
            else { return false }
            let u = other.line.coordinate(of: middle)
            return u >= other.t0 - near && u <= other.t1 + near
        }
    }
}
