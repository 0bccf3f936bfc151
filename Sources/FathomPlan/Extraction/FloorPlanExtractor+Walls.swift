import FathomCore
import Foundation

extension FloorPlanExtractor {
    /// Height of the bins a wall cell's vertical coverage is counted in, metres.
    static let coverageBin = 0.1
    /// The second cell of a line hypothesis is drawn within this many cells of the first.
    static let hypothesisReach = 30
    /// Line hypotheses are scored on cells within this fraction of `wallInlierDistance`.
    static let scoringFraction = 0.5
    /// The most walls sought.
    static let maximumWallCount = 400
    /// Points this close to a face's ends are left out of its line fit (they may belong to the wall it
    /// meets), metres.
    static let fitEndMargin = 0.1
    /// Points nearer than this to the floor or the ceiling are left out of wall fits, metres.
    static let wallFitHeightMargin: Float = 0.1
    /// Walls meeting at a corner differ by at least this angle (|sin|).
    static let cornerSine = 0.34
    /// A wall end lies on another wall's line within this distance to split it, metres.
    static let junctionDistance = 0.06
    /// A split lies at least this far inside the wall it splits, metres.
    static let junctionInset = 0.2
    /// Floor points this far in front of a face (at most) tell the side it was seen from, metres.
    static let sideProbeDepth = 0.6
    /// Floor points within this height of the floor count as floor, metres.
    static let floorPointTolerance: Float = 0.04

    /// Wall faces as RANSAC lines on the cells whose points fill the wall band, split into stretches at
    /// gaps wider than `maximumWallGap`, each refitted on its raw points.
    func findWallFaces(_ grid: PlanPointGrid, ceilingHeight: Double) -> [WallFace] {
        let c = configuration
        let cell = c.wallCellSize
        let band = c.wallBand
        let binCount = max(1, Int(((band.upperBound - band.lowerBound) / Self.coverageBin).rounded()))
        let needed = max(1, Int((Double(binCount) * c.minimumWallBandCoverage).rounded(.up)))
        // Coverage mask per cell.
        let origin = grid.origin
        let w = max(1, Int(Double(grid.width) * grid.cellSize / cell) + 1)
        let d = max(1, Int(Double(grid.depth) * grid.cellSize / cell) + 1)
        var masks = [UInt32](repeating: 0, count: w * d)
        var sums = [SIMD3<Double>](repeating: .zero, count: w * d)
        for i in grid.positions.indices {
            let h = Double(grid.heights[i])
            guard h >= band.lowerBound, h < band.upperBound else { continue }
            let b = min(binCount - 1, Int((h - band.lowerBound) / Self.coverageBin))
            let p = grid.positions[i]
            let cx = min(w - 1, Int((p.x - origin.x) / cell))
            let cz = min(d - 1, Int((p.y - origin.y) / cell))
            masks[cz * w + cx] |= 1 << UInt32(b)
            sums[cz * w + cx] += SIMD3(p.x, p.y, 1)
        }
        var centres: [SIMD2<Double>] = []
        var cellIndex = [Int32](repeating: -1, count: w * d)
        for k in masks.indices where masks[k].nonzeroBitCount >= needed {
            cellIndex[k] = Int32(centres.count)
            // The mean of the cell's band points lies on the wall (a cell centre can be off by half a cell).
            centres.append(SIMD2(sums[k].x, sums[k].y) / sums[k].z)
        }
        var active = [Bool](repeating: true, count: centres.count)
        var activeList = Array(centres.indices)
        let minimumCells = max(3, Int(c.minimumWallLength / cell * 0.5))
        var generator = SeededGenerator(seed: c.seed)
        var faces: [WallFace] = []
        let tolerance = c.wallInlierDistance
        // Hypotheses are scored with a tighter band, so that a line slanting across a wall's two faces
        // scores less than either face.
        let scoring = tolerance * Self.scoringFraction

        for _ in 0..<Self.maximumWallCount {
            activeList.removeAll { !active[$0] }
            guard activeList.count >= minimumCells else { break }
            var best: (line: PlanLine, count: Int)? = nil
            for _ in 0..<c.ransacIterations {
                let i = activeList[Int.random(in: 0..<activeList.count, using: &generator)]
                let p = centres[i]
                let cx = Int((p.x - origin.x) / cell)
                let cz = Int((p.y - origin.y) / cell)
                // A second active cell nearby.
                var j = -1
                for _ in 0..<8 {
                    let qx = cx + Int.random(in: -Self.hypothesisReach...Self.hypothesisReach, using: &generator)
                    let qz = cz + Int.random(in: -Self.hypothesisReach...Self.hypothesisReach, using: &generator)
                    guard qx >= 0, qx < w, qz >= 0, qz < d, qx != cx || qz != cz else { continue }
                    let k = Int(cellIndex[qz * w + qx])
                    if k >= 0 && active[k] {
                        j = k
                        break
                    }
                }
                guard j >= 0 else { continue }
                let q = centres[j]
                let length = FloorPlanGeometry.distance(p, q)
                guard length > 2 * cell else { continue }
                let line = PlanLine(origin: p, direction: (q - p) / length)
                let n = line.normal
                var count = 0
                for k in activeList where abs(((centres[k] - p) * n).sum()) <= scoring { count += 1 }
                if count > (best?.count ?? 0) { best = (line, count) }
            }
            guard let hypothesis = best, hypothesis.count >= minimumCells else { break }
            // Refit on the inlier cells, then take the inliers of the refitted line.
            var line = hypothesis.line
            for _ in 0..<2 {
                let inliers = activeList.filter { abs(line.signedDistance(to: centres[$0])) <= tolerance }
                if let refit = PlanLine.fit(inliers.map { centres[$0] }) { line = refit }
            }
            let inliers = activeList.filter { abs(line.signedDistance(to: centres[$0])) <= tolerance }
            for k in inliers { active[k] = false }
            // Stretches along the line, without the few cells where other walls cross it.
            let ts = Self.trimmingStrayEnds(inliers.map { line.coordinate(of: centres[$0]) }.sorted(), cell: cell)
            guard !ts.isEmpty else { continue }
            var runStart = 0
            for k in 1...ts.count {
                if k == ts.count || ts[k] - ts[k - 1] > c.maximumWallGap {
                    let t0 = ts[runStart] - cell / 2
                    let t1 = ts[k - 1] + cell / 2
                    if t1 - t0 >= c.minimumWallLength, k - runStart >= minimumCells,
                        let face = fitFace(line: line, t0: t0, t1: t1, grid: grid, ceilingHeight: ceilingHeight)
                    {
                        faces.append(face)
                    }
                    runStart = k
                }
            }
        }
        return faces
    }

    /// Clusters of cells (split at gaps over two cells) shorter than this at the ends of a wall's
    /// stretch are other walls crossing its line and are dropped, metres.
    static let strayClusterLength = 0.15

    /// The sorted along-line coordinates without short clusters at the ends of each stretch.
    static func trimmingStrayEnds(_ ts: [Double], cell: Double) -> [Double] {
        guard ts.count > 1 else { return ts }
        // Clusters: index ranges split at gaps over two cells.
        var clusters: [Range<Int>] = []
        var start = 0
        for k in 1...ts.count where k == ts.count || ts[k] - ts[k - 1] > 2 * cell {
            clusters.append(start..<k)
            start = k
        }
        func short(_ r: Range<Int>) -> Bool { ts[r.upperBound - 1] - ts[r.lowerBound] < strayClusterLength }
        var keep = [Bool](repeating: true, count: clusters.count)
        // A short cluster apart from the rest on one side (or at the end of the line) is stray.
        for (i, r) in clusters.enumerated() where short(r) {
            let before = i == 0 ? Double.infinity : ts[r.lowerBound] - ts[clusters[i - 1].upperBound - 1]
            let after = i == clusters.count - 1 ? Double.infinity : ts[clusters[i + 1].lowerBound] - ts[r.upperBound - 1]
            if max(before, after) > 2 * cell { keep[i] = false }
        }
        return clusters.indices.filter { keep[$0] }.flatMap { ts[clusters[$0]] }
    }

    /// Refits a stretch of line on the raw points near it (ends excluded) and reports the fit.
    func fitFace(line: PlanLine, t0: Double, t1: Double, grid: PlanPointGrid, ceilingHeight: Double) -> WallFace? {
        var current = line
        var rms = 0.0
        var count = 0
        let lo = Self.wallFitHeightMargin
        let hi = Float(ceilingHeight) - Self.wallFitHeightMargin
        // Narrow the tolerance after the first fit.
        for tolerance in [configuration.wallInlierDistance, configuration.wallInlierDistance * 0.67] {
            var points: [SIMD2<Double>] = []
            let margin = min(Self.fitEndMargin, (t1 - t0) / 4)
            grid.forEachPoint(near: current, from: t0 + margin, to: t1 - margin, within: tolerance) { i, _ in
                let h = grid.heights[i]
                guard h > lo, h < hi else { return }
                points.append(grid.positions[i])
            }
            guard let refit = PlanLine.fit(points) else { return nil }
            // Keep the coordinate frame: origin at the projection of the old origin.
            var direction = refit.direction
            if (direction * current.direction).sum() < 0 { direction = -direction }
            let newLine = PlanLine(origin: refit.origin, direction: direction)
            let anchor = newLine.point(at: newLine.coordinate(of: current.origin))
            current = PlanLine(origin: anchor, direction: direction)
            var sq = 0.0
            for p in points {
                let e = current.signedDistance(to: p)
                sq += e * e
            }
            rms = (sq / Double(points.count)).squareRoot()
            count = points.count
        }
        return WallFace(line: current, t0: t0, t1: t1, pointCount: count, rms: rms)
    }

    /// Faces this close to parallel (|sin|) and on one line may be one face found twice.
    static let duplicateSine = 0.03
    /// Collinear faces whose extents overlap or leave at most this gap are merged, metres.
    static let duplicateGap = 0.1

    /// Merges faces found twice (collinear pieces of one wall that overlap or touch) into the longer
    /// one's line over the union of their extents.
    func mergeDuplicates(_ faces: [WallFace]) -> [WallFace] {
        var out = faces.sorted { $0.length > $1.length }
        var merged = true
        while merged {
            merged = false
            search: for a in out.indices {
                for b in out.indices where b > a {
                    let fa = out[a]
                    let fb = out[b]
                    guard fa.line.sine(with: fb.line) <= Self.duplicateSine,
                        abs(fa.line.signedDistance(to: fb.start)) <= configuration.wallInlierDistance,
                        abs(fa.line.signedDistance(to: fb.end)) <= configuration.wallInlierDistance
                    else { continue }
                    let u0 = fa.line.coordinate(of: fb.start)
                    let u1 = fa.line.coordinate(of: fb.end)
                    guard min(u0, u1) <= fa.t1 + Self.duplicateGap, max(u0, u1) >= fa.t0 - Self.duplicateGap else {
                        continue
                    }
                    out[a].t0 = min(fa.t0, min(u0, u1))
                    out[a].t1 = max(fa.t1, max(u0, u1))
                    out[a].observedT0 = out[a].t0
                    out[a].observedT1 = out[a].t1
                    out.remove(at: b)
                    merged = true
                    break search
                }
            }
        }
        return out
    }

    /// Weight of how far a corner lies beyond the other wall's extent when choosing among corners.
    static let outsidePenalty = 2.0
    /// Pieces of a wall split at a junction are kept when at least this long (the stub between a
    /// junction and a corner closes the room), metres.
    static let minimumJunctionPiece = 0.15

    /// A wall end is extended (never trimmed) to a corner this far ahead of it, metres: the ends of
    /// walls are often unseen (corners behind the camera, occluded by furniture).
    static let cornerExtensionDistance = 1.0

    /// Moves each wall end to the intersection with another wall's line when that lies within
    /// `cornerSnapDistance` of the end (or `cornerExtensionDistance` ahead of it) and near the other
    /// wall.
    /// Wall ends hidden behind furniture (`occluders`) extend further: only the part of an extension
    /// that is not behind furniture counts against the limits. With the sides the faces were seen from
    /// (`sides`, parallel to `faces`, nil where unknown), two faces meet only where they can bound one
    /// room (`canMeet`): never a face and a wall of the room across a partition.
    func snapCorners(_ faces: [WallFace], sides: [Double?] = [], occluders: [FurnitureOccluder] = []) -> [WallFace] {
        snappedFaces(faces, sides: sides, occluders: occluders).filter(isLongEnough)
    }

    /// Whether a face is kept as a wall: `minimumWallLength` long, or inferred (a recess's side bridges
    /// a corner whatever its depth).
    func isLongEnough(_ face: WallFace) -> Bool { face.isInferred || face.length >= configuration.minimumWallLength }

    /// The faces of `snapCorners` before the short ones are dropped (parallel to `faces`).
    func snappedFaces(_ faces: [WallFace], sides: [Double?] = [], occluders: [FurnitureOccluder] = []) -> [WallFace] {
        var out = faces
        let reach = configuration.cornerSnapDistance
        for a in faces.indices {
            for end in 0..<2 {
                let face = faces[a]
                let t = end == 0 ? face.t0 : face.t1
                let p = face.line.point(at: t)
                var best: (t: Double, distance: Double)? = nil
                for b in faces.indices where b != a {
                    let other = faces[b]
                    guard face.line.sine(with: other.line) >= Self.cornerSine,
                        let x = face.line.intersection(with: other.line),
                        sides.isEmpty || canMeet(face, sides[a], other, sides[b])
                    else { continue }
                    let distance = FloorPlanGeometry.distance(x, p)
                    let tx = face.line.coordinate(of: x)
                    let ahead = end == 0 ? tx < t : tx > t
                    // An inferred face (a recess's or a breast's side) spans from one line to the other:
                    // its end never moves back over half of it (onto the line its other end stands on).
                    if face.isInferred && !ahead && abs(tx - t) > face.length / 2 { continue }
                    let limit = ahead ? max(reach, Self.cornerExtensionDistance) : reach
                    let u = other.line.coordinate(of: x)
                    let hidden = ahead ? FurnitureOccluder.hiddenLength(p, x, behind: occluders) : 0
                    let otherEnd = other.line.point(at: min(max(u, other.t0), other.t1))
                    let otherHidden = FurnitureOccluder.hiddenLength(otherEnd, x, behind: occluders)
                    guard distance - hidden <= limit, u >= other.t0 - limit - otherHidden,
                        u <= other.t1 + limit + otherHidden
                    else { continue }
                    // Prefer corners that lie on the other wall: add how far outside its extent it is.
                    let score = distance + Self.outsidePenalty * max(0, other.t0 - u, u - other.t1)
                    guard score < (best?.distance ?? .infinity) else { continue }
                    // An extension never passes through another wall.
                    if ahead && distance - hidden > reach {
                        let blocked = faces.indices.contains { k in
                            k != a && k != b && Self.segmentsCross(p, x, faces[k].start, faces[k].end)
                        }
                        if blocked { continue }
                    }
                    best = (tx, score)
                }
                if let best {
                    if end == 0 {
                        out[a].t0 = best.t
                        out[a].observedT0 = max(face.t0, best.t)
                    } else {
                        out[a].t1 = best.t
                        out[a].observedT1 = min(face.t1, best.t)
                    }
                }
            }
        }
        return out
    }

    /// Where `other`'s ends lie relative to `face` seen from `side` (+1 along its line's normal):
    /// +1 on the seen side, −1 behind it, 0 one on each side (`other` runs on past the face's line)
    /// or none clear of the line. Ends within a wall's thickness (`maximumWallThickness`) of the line
    /// are left out: an end at a corner may lie on either side of it, on this face or on the far
    /// face of the wall.
    func placement(of other: WallFace, relativeTo face: WallFace, side: Double) -> Int {
        var sign = 0
        for p in [other.start, other.end] {
            let d = face.line.signedDistance(to: p) * side
            guard abs(d) > configuration.maximumWallThickness else { continue }
            let s = d > 0 ? 1 : -1
            if sign == 0 {
                sign = s
            } else if sign != s {
                return 0
            }
        }
        return sign
    }

    /// Whether two faces seen from `sideA` and `sideB` can meet at a corner of one room: each lies on
    /// the side the other was seen from (an ordinary corner), or each behind the other (the corner of
    /// a recess such as an L-shaped room's notch), or one runs on past the other that stands on its
    /// seen side (a T junction). A face lying behind the other while that one lies in front of it or
    /// runs on past it belongs to the room on the far side of a wall (the next room's back wall on
    /// the line of this room's side wall): the two never meet. Unknown sides allow any corner.
    func canMeet(_ a: WallFace, _ sideA: Double?, _ b: WallFace, _ sideB: Double?) -> Bool {
        guard let sideA, let sideB else { return true }
        let bFromA = placement(of: b, relativeTo: a, side: sideA)
        let aFromB = placement(of: a, relativeTo: b, side: sideB)
        return (bFromA == -1) == (aFromB == -1)
    }

    /// Splits each wall where other walls end on it (a T junction): the stretch between the two faces
    /// of a meeting wall is cut out, so that rooms on either side keep walls of their own.
    func splitAtJunctions(_ faces: [WallFace]) -> [WallFace] {
        var out: [WallFace] = []
        for (a, face) in faces.enumerated() {
            var cuts: [Double] = []
            for (b, other) in faces.enumerated() where b != a && face.line.sine(with: other.line) >= Self.cornerSine {
                for p in [other.start, other.end] where abs(face.line.signedDistance(to: p)) <= Self.junctionDistance {
                    let t = face.line.coordinate(of: p)
                    if t > face.t0 + Self.junctionInset && t < face.t1 - Self.junctionInset { cuts.append(t) }
                }
            }
            guard !cuts.isEmpty else {
                out.append(face)
                continue
            }
            cuts.sort()
            var groups: [(Double, Double)] = []
            for t in cuts {
                if let last = groups.last, t - last.1 <= configuration.maximumWallThickness + Self.junctionDistance {
                    groups[groups.count - 1].1 = t
                } else {
                    groups.append((t, t))
                }
            }
            var start = face.t0
            for (g0, g1) in groups + [(face.t1, face.t1)] {
                if g0 - start >= Self.minimumJunctionPiece {
                    var piece = face
                    piece.t0 = start
                    piece.t1 = g0
                    piece.observedT0 = max(face.observedT0, start)
                    piece.observedT1 = min(face.observedT1, g0)
                    out.append(piece)
                }
                start = g1
            }
        }
        return out
    }

    /// Faces whose wall band holds points along less than this fraction of their length bridge gaps
    /// between other walls and are dropped.
    static let minimumBandSupport = 0.3
    /// Step of the band-support count along a face, metres.
    static let supportStation = 0.05

    /// Drops faces with points along too little of their length (stretches that only bridge a gap
    /// between collinear walls of different rooms).
    /// Stretches hidden behind furniture (`occluders`) count as supported; inferred faces (a recess's
    /// unseen side, `recessSide`) are kept.
    func droppingUnsupported(_ faces: [WallFace], grid: PlanPointGrid, occluders: [FurnitureOccluder] = []) -> [WallFace] {
        let band = configuration.wallBand
        return faces.filter { face in
            guard !face.isInferred else { return true }
            let count = max(1, Int((face.length / Self.supportStation).rounded(.up)))
            var hit = (0..<count).map { k in
                let p = face.line.point(at: face.t0 + (Double(k) + 0.5) * Self.supportStation)
                return occluders.contains { $0.hides(p) }
            }
            grid.forEachPoint(near: face.line, from: face.t0, to: face.t1, within: configuration.wallInlierDistance) {
                i, t in
                let h = Double(grid.heights[i])
                guard h >= band.lowerBound, h <= band.upperBound else { return }
                hit[min(count - 1, max(0, Int((t - face.t0) / Self.supportStation)))] = true
            }
            return Double(hit.filter { $0 }.count) >= Self.minimumBandSupport * Double(count)
        }
    }

    /// The most cameras that vote on the side each face was seen from.
    static let maximumVotingCameras = 300

    /// Sets each face's seen side: the side of the cameras with a clear line of sight to it (no other
    /// face in between, within range). Faces no camera had a clear sight of lie behind other walls
    /// (seen through a window's reveal, or noise) and are dropped; without any camera pose the side
    /// with more floor points just in front of a face decides.
    func orientFaces(_ faces: inout [WallFace], grid: PlanPointGrid, cameras: [CameraSample]) {
        let voters = Self.subsample(cameras, atMost: Self.maximumVotingCameras).map {
            SIMD2(Double($0.position.x), Double($0.position.z))
        }
        let range = Double(configuration.maximumDepthDistance)
        var unseen = Set<Int>()
        for k in faces.indices {
            let face = faces[k]
            if voters.isEmpty {
                var balance = 0
                grid.forEachPoint(near: face.line, from: face.t0, to: face.t1, within: Self.sideProbeDepth) { i, _ in
                    guard abs(grid.heights[i]) <= Self.floorPointTolerance else { return }
                    balance += face.line.signedDistance(to: grid.positions[i]) > 0 ? 1 : -1
                }
                faces[k].side = balance >= 0 ? 1 : -1
                continue
            }
            let targets = [0.25, 0.5, 0.75].map { face.line.point(at: face.t0 + face.length * $0) }
            var votes = 0
            var clearViews = 0
            for eye in voters {
                for target in targets where FloorPlanGeometry.distance(eye, target) <= range {
                    var clear = true
                    for (j, other) in faces.enumerated() where j != k {
                        if Self.segmentsCross(eye, target, other.start, other.end) {
                            clear = false
                            break
                        }
                    }
                    if clear {
                        votes += face.line.signedDistance(to: eye) > 0 ? 1 : -1
                        clearViews += 1
                    }
                }
            }
            if clearViews == 0 { unseen.insert(k) }
            faces[k].side = votes >= 0 ? 1 : -1
        }
        faces = faces.indices.filter { !unseen.contains($0) }.map { faces[$0] }
    }
}
