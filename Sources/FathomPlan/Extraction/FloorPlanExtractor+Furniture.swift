import FathomCore
import Foundation

extension FloorPlanExtractor {
    /// Faces within this angle (|sin|) of a wall count as parallel to it (furniture against a wall).
    static let furnitureParallelSine = 0.09
    /// Deepest furniture standing before a wall, metres.
    static let maximumFurnitureDepth = 1.2
    /// Nearest a furniture front stands before its wall, metres (closer, it is the wall's own face).
    static let minimumFurnitureDepth = 0.05
    /// Fraction of a front's extent along which the wall behind must be seen above it (or beside it,
    /// on both sides) for the front to be furniture.
    static let minimumWallAboveFraction = 0.2
    /// Quantile of point heights taken as the top of a face.
    static let faceTopQuantile = 0.97

    /// Splits the faces found in the wall band into walls and furniture fronts. A face is furniture
    /// when it stands 5 cm–1.2 m before a parallel wall, seen from the same side, and that wall runs
    /// on behind it (the wall's extent covers half of the front's) or is seen above it (along a fifth
    /// of its extent). Faces whose both ends lie in the space between a furniture
    /// front and its wall are the furniture's sides.
    func separatingFurniture(_ faces: [WallFace], grid: PlanPointGrid, cameras: [CameraSample])
        -> (walls: [WallFace], furniture: [FurnitureOccluder])
    {
        guard faces.count >= 2 else { return (faces, []) }
        let sides = seenSides(faces, cameras: cameras, grid: grid)
        let tops = faces.map { faceTop($0, grid: grid) }
        var occluders: [FurnitureOccluder] = []
        var isFurniture = [Bool](repeating: false, count: faces.count)
        for f in faces.indices {
            guard let sf = sides[f] else { continue }
            let front = faces[f]
            let mid = front.line.point(at: (front.t0 + front.t1) / 2)
            var best: (wall: Int, depth: Double)? = nil
            for w in faces.indices where w != f {
                guard let sw = sides[w] else { continue }
                let wall = faces[w]
                guard wall.line.sine(with: front.line) <= Self.furnitureParallelSine,
                    (front.line.normal * sf * wall.line.normal * sw).sum() > 0.9
                else { continue }
                let depth = wall.line.signedDistance(to: mid) * sw
                guard depth >= Self.minimumFurnitureDepth, depth <= Self.maximumFurnitureDepth else { continue }
                // The front's extent on the wall's line.
                let u0 = wall.line.coordinate(of: front.start)
                let u1 = wall.line.coordinate(of: front.end)
                let lo = min(u0, u1)
                let hi = max(u0, u1)
                let overlap = min(hi, wall.t1) - max(lo, wall.t0)
                // The wall runs on behind the front, or is seen above it. (A wall merely ending where
                // the front begins is not enough: so does the back wall of an L-shaped room's notch.)
                let runsBehind = overlap >= 0.5 * (hi - lo)
                let seenAbove =
                    !runsBehind
                    && wallSeenAbove(wall, from: lo, to: hi, above: tops[f], grid: grid) >= Self.minimumWallAboveFraction
                guard runsBehind || seenAbove else { continue }
                if depth < (best?.depth ?? .infinity) { best = (w, depth) }
            }
            if Self.debugging {
                print(
                    "face \(front.start)–\(front.end) side \(sf) top \(tops[f]): "
                        + (best.map { "furniture before \(faces[$0.wall].start)–\(faces[$0.wall].end), depth \($0.depth)" } ?? "wall"))
            }
            guard let best else { continue }
            var face = front
            face.side = sf
            isFurniture[f] = true
            occluders.append(FurnitureOccluder(face: face, depth: best.depth, top: tops[f]))
        }
        // The sides of furniture: faces whose ends both lie behind a front (between it and its wall).
        for g in faces.indices where !isFurniture[g] {
            let face = faces[g]
            if occluders.contains(where: { $0.hides(face.start) && $0.hides(face.end) }) { isFurniture[g] = true }
        }
        return (faces.indices.filter { !isFurniture[$0] }.map { faces[$0] }, occluders)
    }

    /// Prints the furniture decisions (environment `FATHOM_PLAN_DEBUG`).
    static var debugging: Bool { ProcessInfo.processInfo.environment["FATHOM_PLAN_DEBUG"] != nil }

    /// The height below which `faceTopQuantile` of a face's points lie, metres above the floor.
    func faceTop(_ face: WallFace, grid: PlanPointGrid) -> Double {
        var heights: [Float] = []
        let margin = min(0.05, face.length / 4)
        grid.forEachPoint(
            near: face.line, from: face.t0 + margin, to: face.t1 - margin, within: configuration.wallInlierDistance * 0.67
        ) { i, _ in heights.append(grid.heights[i]) }
        guard !heights.isEmpty else { return 0 }
        heights.sort()
        return Double(heights[min(heights.count - 1, Int(Double(heights.count) * Self.faceTopQuantile))])
    }

    /// Fraction of the stretch `from…to` (coordinates on the wall's line) along which the wall holds
    /// points higher than `height` + 3 cm.
    func wallSeenAbove(_ wall: WallFace, from lo: Double, to hi: Double, above height: Double, grid: PlanPointGrid)
        -> Double
    {
        let count = max(1, Int(((hi - lo) / Self.supportStation).rounded(.up)))
        var hit = [Bool](repeating: false, count: count)
        grid.forEachPoint(near: wall.line, from: lo, to: hi, within: configuration.wallInlierDistance) { i, t in
            guard Double(grid.heights[i]) > height + 0.03 else { return }
            hit[min(count - 1, max(0, Int((t - lo) / Self.supportStation)))] = true
        }
        return Double(hit.filter { $0 }.count) / Double(count)
    }

    /// The side each face was seen from (+1 along its line's normal, −1 against it), by the cameras
    /// with a clear line of sight to it; nil when none had one. Without cameras, the side with more
    /// floor points just in front.
    func seenSides(_ faces: [WallFace], cameras: [CameraSample], grid: PlanPointGrid) -> [Double?] {
        var oriented = faces
        for k in oriented.indices { oriented[k].pointCount = k }
        orientFaces(&oriented, grid: grid, cameras: cameras)
        var sides = [Double?](repeating: nil, count: faces.count)
        for face in oriented { sides[face.pointCount] = face.side }
        return sides
    }
}
