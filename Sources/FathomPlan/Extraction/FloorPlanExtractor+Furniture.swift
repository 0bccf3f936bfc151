import FathomCore
import Foundation

extension FloorPlanExtractor {
    /// Faces within this angle (|sin|) of a wall count as parallel to it (furniture against a wall).
    static let furnitureParallelSine = 0.09
    /// Deepest furniture standing before a wall, metres.
    static let maximumFurnitureDepth = 1.2
    /// Nearest a furniture front stands before its wall, metres: tall furniture is at least this deep
    /// (the shallowest bookcases and shoe cabinets are 0.17–0.28 m); a face closer before a parallel
    /// wall is that wall's own face, or the wall seen twice where tracking drift left a ghost of it
    /// (3–10 cm behind), which must not turn the wall itself into furniture.
    static let minimumFurnitureDepth = 0.15
    /// Fraction of a front's extent behind which something must be seen above its top (unless the
    /// wall runs on behind it, seen on both sides) for the front to be furniture.
    static let minimumWallAboveFraction = 0.2
    /// Quantile of point heights taken as the top of a face.
    static let faceTopQuantile = 0.97

    /// Splits the faces found in the wall band into walls and furniture fronts. A face is furniture
    /// when it stands 5 cm–1.2 m before a parallel wall, seen from the same side, and that wall runs
    /// on behind it (the wall's extent covers half of the front's), or the wall's line was seen above
    /// the front's top (`wallSeenAbove`, wherever the wall was found along its line), or the wall
    /// reaches at least the front's side and something is seen above the front in the space behind
    /// it (along a fifth of its extent, `spaceSeenAbove`), or the front ends in the open where the
    /// wall begins (`endsBesideWall`) and the ceiling was not seen meeting it (`ceilingMeetsTop`:
    /// then it is the wall of a recess whose side was never found, and that side is added,
    /// `recessSide`), or the cameras saw past it above its top (`endsBelowCeiling`, from
    /// `endingBelowCeiling`: then it is furniture even without any of those, and with no wall
    /// behind it at all it is a piece's side and is only taken out of the walls).
    /// A face ending below the ceiling is never the wall another face stands before. A face more
    /// than `furnitureParallelSine` off a wall but less than `cornerSine` is furniture only when it
    /// stands `minimumFurnitureDepth`–`maximumFurnitureDepth` before the wall at both its ends and the
    /// wall runs on behind it.
    /// Faces whose both ends lie in the space between a furniture front and its wall are the
    /// furniture's sides (`isSide`).
    /// The walls come with the side each was seen from (nil when no camera had a clear view of it),
    /// the inferred sides of recesses last.
    func separatingFurniture(
        _ faces: [WallFace], grid: PlanPointGrid, cameras: [CameraSample], endsBelowCeiling: [Bool] = []
    ) -> (walls: [WallFace], sides: [Double?], furniture: [FurnitureOccluder]) {
        guard faces.count >= 2 else { return (faces, faces.map { _ in nil }, []) }
        // An inferred face (a recess's side) holds no points: it keeps the side it was inferred with.
        let sides = zip(faces, seenSides(faces, cameras: cameras, grid: grid)).map { $0.isInferred ? $0.side : $1 }
        let tops = faces.map { faceTop($0, grid: grid) }
        var occluders: [FurnitureOccluder] = []
        var isFurniture = [Bool](repeating: false, count: faces.count)
        var recessSides: [(face: WallFace, side: Double)] = []
        for f in faces.indices {
            guard let sf = sides[f] else {
                // A face no camera had a clear view of may come into view once the furniture before
                // it is taken out; one ending below the ceiling is not a wall either way.
                if f < endsBelowCeiling.count && endsBelowCeiling[f] { isFurniture[f] = true }
                continue
            }
            let front = faces[f]
            // An inferred face is never furniture (nothing of it was seen), nor a wall behind furniture.
            if front.isInferred { continue }
            // A chimney breast's front (`breastFront`) is wall from the floor to the ceiling.
            if front.isFullHeight { continue }
            let mid = front.line.point(at: (front.t0 + front.t1) / 2)
            var best: (wall: Int, depth: Double)? = nil
            var seenOnlyAbove: (wall: Int, depth: Double)? = nil
            // A face the cameras saw past above its top stops below the ceiling: it is not a wall,
            // whatever stands behind it (`endingBelowCeiling`).
            let seenPastAbove = f < endsBelowCeiling.count && endsBelowCeiling[f]
            // A front the ceiling meets (`ceilingMeetsTop`) is not furniture merely for ending in the open.
            let reachesCeiling =
                !seenPastAbove && ceilingMeetsTop(front, side: sf, grid: grid) >= Self.minimumWallAboveFraction
            var recess: (face: WallFace, side: Double, depth: Double)? = nil
            // A face ending below the ceiling is no wall for furniture to stand against (a wardrobe's
            // front is not the wall behind the notch's side before it).
            for w in faces.indices
            where w != f && !faces[w].isInferred && !(w < endsBelowCeiling.count && endsBelowCeiling[w]) {
                guard let sw = sides[w] else { continue }
                let wall = faces[w]
                let sine = wall.line.sine(with: front.line)
                guard sine < Self.cornerSine, (front.line.normal * sf * wall.line.normal * sw).sum() > 0.9
                else { continue }
                let depth = wall.line.signedDistance(to: mid) * sw
                guard depth >= Self.minimumFurnitureDepth, depth <= Self.maximumFurnitureDepth else { continue }
                // A face oblique to the wall (a line fitted across several fronts and a wall's
                // cabinets) is furniture only where it stands before the wall over its whole extent
                // and the wall runs on behind it: a wall would hide the wall behind it.
                let oblique = sine > Self.furnitureParallelSine
                if oblique {
                    let ends = [front.start, front.end].map { wall.line.signedDistance(to: $0) * sw }
                    guard ends.allSatisfy({ $0 >= Self.minimumFurnitureDepth && $0 <= Self.maximumFurnitureDepth })
                    else { continue }
                }
                // Furniture stands in the room of the wall behind it, never across a partition.
                guard !partitionSeparates(front: f, seenFrom: sf, wall: w, faces: faces) else { continue }
                // The front's extent on the wall's line.
                let u0 = wall.line.coordinate(of: front.start)
                let u1 = wall.line.coordinate(of: front.end)
                let lo = min(u0, u1)
                let hi = max(u0, u1)
                let overlap = min(hi, wall.t1) - max(lo, wall.t0)
                // The wall runs on behind the front, or something is seen above the front, or the front
                // ends in the open beside the wall. (A wall merely ending where the front begins is not
                // enough: so does the back wall of an L-shaped room's notch, whose side wall closes it.)
                let runsBehind = overlap >= 0.5 * (hi - lo)
                if oblique && !runsBehind { continue }
                // Otherwise the wall must at least reach the front's side, or be seen itself on its line
                // above the front (a wall found elsewhere on the line says nothing about what stands
                // behind the front, but its line seen above the front's top is that wall running on).
                let reachesSide = runsBehind || overlap >= -depth
                guard
                    reachesSide
                        || wallSeenAbove(wall.line, front: front, above: tops[f], grid: grid)
                            >= Self.minimumWallAboveFraction
                else { continue }
                let seenAbove =
                    !runsBehind
                    && (!reachesSide
                        || spaceSeenAbove(
                            front, side: sf, depth: depth, above: tops[f], grid: grid,
                            within: ownRoomStretch(of: f, side: sf, faces: faces, grid: grid))
                            >= Self.minimumWallAboveFraction)
                let endsBeside =
                    !runsBehind && !seenAbove
                    && endsBesideWall(
                        front: f, from: lo, to: hi, wall: w, depth: depth, faces: faces,
                        endsBelowCeiling: endsBelowCeiling)
                if endsBeside && reachesCeiling {
                    // A recess whose side wall was never seen: the front is its wall, the side is bridged.
                    if depth < (recess?.depth ?? .infinity),
                        let side = recessSide(front: f, from: lo, to: hi, wall: w, depth: depth, faces: faces)
                    {
                        recess = (side.face, side.side, depth)
                    }
                    continue
                }
                guard runsBehind || seenAbove || endsBeside || seenPastAbove else { continue }
                // A wall known only from its line seen above the front counts when no wall reaching the
                // front's side does (a nearer line seen above may be the next room's wall behind a partition).
                if reachesSide {
                    if depth < (best?.depth ?? .infinity) { best = (w, depth) }
                } else if depth < (seenOnlyAbove?.depth ?? .infinity) {
                    seenOnlyAbove = (w, depth)
                }
            }
            if best == nil { best = seenOnlyAbove }
            if Self.debugging {
                print(
                    "face \(front.start)–\(front.end) side \(sf) top \(tops[f]) ceiling \(reachesCeiling) "
                        + "seen past above \(seenPastAbove): "
                        + (best.map { "furniture before \(faces[$0.wall].start)–\(faces[$0.wall].end), depth \($0.depth)" }
                            ?? recess.map { "wall of a recess, side \($0.face.start)–\($0.face.end)" } ?? "wall"))
            }
            guard let best else {
                if let recess { recessSides.append((recess.face, recess.side)) }
                // A face ending below the ceiling with no wall behind it is a piece's side or end (a
                // refrigerator's, a counter run's): not a wall, and it hides no wall.
                // A piece's front cut out of a wall line (`isFurnitureFront`) stands for the wall hidden
                // behind it: it stays to bound the room and is not drawn.
                if seenPastAbove && !front.isFurnitureFront { isFurniture[f] = true }
                continue
            }
            var face = front
            face.side = sf
            isFurniture[f] = true
            occluders.append(FurnitureOccluder(face: face, depth: best.depth, top: tops[f]))
        }
        // The sides of furniture: faces whose ends both lie behind a front (between it and its wall).
        for g in faces.indices where !isFurniture[g] && !faces[g].isInferred && !faces[g].isFullHeight {
            let face = faces[g]
            if occluders.contains(where: { isSide(face, of: $0) }) { isFurniture[g] = true }
        }
        let walls = faces.indices.filter { !isFurniture[$0] }
        return (
            walls.map { faces[$0] } + recessSides.map(\.face), walls.map { sides[$0] } + recessSides.map(\.side),
            occluders
        )
    }

    /// Whether a wall standing at the front (`faces[f]`) separates it from the parallel wall `faces[w]`
    /// behind it: a face across the front (its line crossing the front's line within the front's extent,
    /// and the face itself reaching to within the thickest wall, `maximumWallThickness`, of that line)
    /// whose line leaves the front's middle on one side and the wall on the other, each clear of it by
    /// more than the thickest wall (ends nearer may lie on either face of a wall at a corner). Such a
    /// face is a partition meeting the front (a T junction or a corner): the front is a wall of this
    /// room, the wall behind the next room's, and furniture never stands across a partition from its
    /// wall. (A piece in a corner has the corner's side wall at its end too, but the wall it stands
    /// against runs on on the piece's own side of it.) The partition must run into the room the front
    /// bounds, on the side it was seen from (`side`), by more than the thickest wall: a piece's own side
    /// face stands behind its front, between it and the wall, and where the wall behind the piece was
    /// found only beyond it (its band hidden), that side would otherwise pass for a partition.
    func partitionSeparates(front f: Int, seenFrom side: Double, wall w: Int, faces: [WallFace]) -> Bool {
        let front = faces[f]
        let wall = faces[w]
        let thickness = configuration.maximumWallThickness
        let middle = front.line.point(at: (front.t0 + front.t1) / 2)
        for p in faces.indices where p != f && p != w {
            let partition = faces[p]
            guard partition.line.sine(with: front.line) >= Self.cornerSine,
                let crossing = partition.line.intersection(with: front.line)
            else { continue }
            let t = front.line.coordinate(of: crossing)
            let u = partition.line.coordinate(of: crossing)
            let endNear =
                min(abs(front.line.signedDistance(to: partition.start)), abs(front.line.signedDistance(to: partition.end)))
                <= thickness
            guard t >= front.t0 - thickness, t <= front.t1 + thickness,
                endNear || (u >= partition.t0 - thickness && u <= partition.t1 + thickness)
            else { continue }
            // A partition runs into the room the front bounds; a piece's own side stands behind its front.
            let intoRoom = max(
                front.line.signedDistance(to: partition.start) * side, front.line.signedDistance(to: partition.end) * side)
            guard intoRoom > thickness else { continue }
            let frontSide = partition.line.signedDistance(to: middle)
            guard abs(frontSide) > thickness else { continue }
            var wallBeyond = false
            var wallBeside = false
            for q in [wall.start, wall.end] {
                let d = partition.line.signedDistance(to: q)
                guard abs(d) > thickness else { continue }
                if (d > 0) == (frontSide > 0) { wallBeside = true } else { wallBeyond = true }
            }
            if wallBeyond && !wallBeside { return true }
        }
        return false
    }

    /// Whether `face` is a side of the furniture whose front is `occluder`: both its ends lie behind
    /// the front (`FurnitureOccluder.hides`), or, for a face across the front, behind its line and
    /// within its extent widened by `fitEndMargin` at each end. A front's fitted extent stops short of
    /// the piece's corners by up to that margin (the points near a face's ends are left out of its
    /// fit, and its last stations may be unseen), so the side standing at the corner may begin just
    /// beyond it. A wall across the front runs on into the room past the front's line; a side stops
    /// between the front and the wall it stands against.
    func isSide(_ face: WallFace, of occluder: FurnitureOccluder) -> Bool {
        if occluder.hides(face.start) && occluder.hides(face.end) { return true }
        let front = occluder.face
        guard face.line.sine(with: front.line) >= Self.cornerSine else { return false }
        let widened = Self.fitEndMargin + FurnitureOccluder.margin
        return [face.start, face.end].allSatisfy { p in
            let t = front.line.coordinate(of: p)
            let behind = -front.line.signedDistance(to: p) * front.side
            return t >= front.t0 - widened && t <= front.t1 + widened
                && behind >= -FurnitureOccluder.margin / 2 && behind <= occluder.depth + FurnitureOccluder.margin
        }
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

    /// Whether the front (coordinates `lo…hi` on the wall's line) ends where the wall beside it
    /// begins — the wall's extent starts within `depth` of one of the front's ends and runs on away
    /// from it — and one of the front's ends is free: no other face across the front passes near it
    /// (within the thickest wall, `maximumWallThickness`, or half the depth when more: the end of a
    /// recess's front near its side wall is often unseen, and a corner may be seen on the other face
    /// of a wall). A wall ends at corners at both ends (the next room's wall, or the side walls of a
    /// recess such as an L-shaped room's notch); a piece of furniture standing in a corner or against
    /// a wall has a side that ends in the open, and the wall goes on behind it. (When the piece's side
    /// nearer the wall's seen part is found as a face, the free end is the other one.) A recess whose
    /// side wall was never seen also ends in the open: `separatingFurniture` tells it by the ceiling
    /// meeting its front (`ceilingMeetsTop`) and otherwise takes it for furniture (the room closes
    /// behind it instead of staying open); a deep piece whose side was seen as a face
    /// (≥ `minimumWallLength`) is told only by the wall seen above or beside it.
    /// A face ending below the ceiling (`endsBelowCeiling`) closes no end (`closedEnd`).
    func endsBesideWall(
        front f: Int, from lo: Double, to hi: Double, wall w: Int, depth: Double, faces: [WallFace],
        endsBelowCeiling: [Bool] = []
    ) -> Bool {
        let front = faces[f]
        let wall = faces[w]
        let begins =
            (abs(wall.t0 - hi) <= depth && wall.t1 > hi + depth) || (abs(wall.t1 - lo) <= depth && wall.t0 < lo - depth)
        guard begins else { return false }
        // Either end may be the free one: the piece's own side, found as a face, may close the end
        // where the wall begins.
        return [front.start, front.end].contains {
            !closedEnd($0, of: f, besides: w, depth: depth, faces: faces, endsBelowCeiling: endsBelowCeiling)
        }
    }

    /// Points this far above a front's top count as seen above it, metres (the fused voxels' size
    /// and the top quantile's spread stay below it).
    static let aboveTopMargin = 0.05

    /// Fraction of a front's extent (5 cm stations, its ends left out) behind which something was
    /// seen higher than its top: the wall behind it, the side walls of its corner or the ceiling,
    /// anywhere from 5 cm behind the front to `depth` + 3 cm (the wall it stands against). A wall
    /// reaching the ceiling hides everything behind it; furniture has a top, and the room goes on
    /// above it. With `stretch` (coordinates on the front's line, `ownRoomStretch`), only that part of
    /// the front's extent is judged: beyond a partition crossing the front lies the next room.
    func spaceSeenAbove(
        _ front: WallFace, side: Double, depth: Double, above top: Double, grid: PlanPointGrid,
        within stretch: ClosedRange<Double>? = nil
    ) -> Double {
        let extent = stretch ?? (front.t0...front.t1)
        let margin = min(Self.aboveTopMargin, (extent.upperBound - extent.lowerBound) / 4)
        let lo = extent.lowerBound + margin
        let hi = extent.upperBound - margin
        let count = max(1, Int(((hi - lo) / Self.supportStation).rounded(.up)))
        var hit = [Bool](repeating: false, count: count)
        let reach = depth + configuration.wallInlierDistance
        // A line through the middle of the space behind the front, so that one query covers it.
        let middle = PlanLine(
            origin: front.line.origin - front.line.normal * (side * reach / 2), direction: front.line.direction)
        grid.forEachPoint(near: middle, from: lo, to: hi, within: reach / 2) { i, t in
            guard Double(grid.heights[i]) > top + Self.aboveTopMargin else { return }
            let behind = -front.line.signedDistance(to: grid.positions[i]) * side
            guard behind >= Self.minimumFurnitureDepth, behind <= reach else { return }
            hit[min(count - 1, max(0, Int((t - lo) / Self.supportStation)))] = true
        }
        return Double(hit.filter { $0 }.count) / Double(count)
    }

    /// Fraction of a front's extent (5 cm stations, its ends left out) over which the wall line
    /// `wallLine` behind it was seen standing higher than the front's top: points within
    /// `wallInlierDistance` of the line in at least two `coverageBin` height bins above the top
    /// (`aboveTopMargin` over it; one bin alone may be the ceiling). That is the wall running on
    /// behind a piece of furniture, seen above it, where the wall band behind it was hidden and the
    /// wall was found only farther along its line.
    func wallSeenAbove(_ wallLine: PlanLine, front: WallFace, above top: Double, grid: PlanPointGrid) -> Double {
        let margin = min(Self.aboveTopMargin, front.length / 4)
        let lo = front.t0 + margin
        let hi = front.t1 - margin
        let count = max(1, Int(((hi - lo) / Self.supportStation).rounded(.up)))
        var bins = [Set<Int>](repeating: [], count: count)
        let floor = top + Self.aboveTopMargin
        // The wall line's stretch behind the front, in the wall line's coordinates.
        let a = wallLine.coordinate(of: front.line.point(at: lo))
        let b = wallLine.coordinate(of: front.line.point(at: hi))
        grid.forEachPoint(near: wallLine, from: min(a, b), to: max(a, b), within: configuration.wallInlierDistance) {
            i, _ in
            let h = Double(grid.heights[i])
            guard h > floor else { return }
            let t = front.line.coordinate(of: grid.positions[i])
            let station = min(count - 1, max(0, Int((t - lo) / Self.supportStation)))
            bins[station].insert(Int((h - floor) / Self.coverageBin))
        }
        return Double(bins.filter { $0.count >= 2 }.count) / Double(count)
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
