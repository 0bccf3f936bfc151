extension FloorPlanExtractor {
    /// Fewest points the wall seen above a piece's top must hold, per metre of the piece's front
    /// (a 2 cm voxel grid gives about 50 a metre for each 2 cm of height seen; this asks for a band
    /// of at least 0.1 m, the probe step of `seenPastProbeStep`, seen over the whole front).
    static let minimumHiddenWallPointsPerMetre = 250.0

    /// The faces with each piece's front (`WallFace.isFurnitureFront`) that stands for a wall
    /// hidden behind it moved back onto that wall, where the room was seen to go on behind the
    /// front. A wall runs from the floor to the ceiling; a piece stops below it, so the cameras see
    /// the wall behind the piece above the piece's top (the views that made it a piece,
    /// `splittingAtFurniturePieces`). Those points lie between `minimumFurnitureDepth` and
    /// `maximumFurnitureDepth` behind the front, above the front's top (`localTops`, median, plus
    /// `aboveTopMargin`) and below the ceiling's fit margin, away from the front's ends
    /// (`fitEndMargin`: the side walls there); their densest depth (`wallInlierDistance` bins) is
    /// the wall, when it was seen over at least `seenPastFraction` of the front's stations with
    /// `minimumHiddenWallPointsPerMetre`. The side walls also give a depth: a face at a front's end,
    /// across it (within `outlineSnapSine` of square) and seen past the front's line, runs on to
    /// where it was last seen. The farthest of these is the room's end. The front becomes a hidden
    /// wall (`isHiddenWall`) at that depth, bounding the room and drawn as a wall without points; a
    /// side face at one of its ends is lengthened to it (a wall runs to the corner), and an end with
    /// none is closed by a hidden side (`isInferred`, not drawn) from the front's end back to the
    /// hidden wall (the piece stands in a recess beside the face it was in line with). A front
    /// without such evidence stays as it was.
    /// - Parameters:
    ///   - ceilingHeight: metres above the floor (seen or the highest wall point).
    func closingBehindFurnitureFronts(
        _ faces: [WallFace], grid: PlanPointGrid, ceilingHeight: Double
    ) -> [WallFace] {
        var out = faces
        var added: [WallFace] = []
        for f in faces.indices where faces[f].isFurnitureFront {
            let front = faces[f]
            let behind = -front.observedNormal
            // The front's own top.
            let tops = localTops(front, grid: grid).compactMap { $0 }.sorted()
            guard !tops.isEmpty else { continue }
            let top = tops[tops.count / 2]
            var depth = hiddenWallDepth(front, grid: grid, above: top + Self.aboveTopMargin, ceilingHeight: ceilingHeight)
            // The side faces at each end and how far past the front's line they were seen.
            var sideAt: [Int?] = [nil, nil]
            for (e, t) in [front.t0, front.t1].enumerated() {
                let corner = front.line.point(at: t)
                // Of the faces there, the one reaching farthest behind the front's line (a stub seen
                // running on past it, rather than the wall it continues).
                var best: (k: Int, reach: Double)? = nil
                for k in faces.indices where k != f && !faces[k].isFurnitureFront {
                    let side = faces[k]
                    guard side.line.sine(with: front.line) >= (1 - Self.outlineSnapSine * Self.outlineSnapSine).squareRoot()
                    else { continue }
                    let distance = abs(side.line.signedDistance(to: corner))
                    let u = side.line.coordinate(of: corner)
                    guard distance <= Self.outlineSnapDistance, u >= side.t0 - Self.outlineSnapDistance,
                        u <= side.t1 + Self.outlineSnapDistance
                    else { continue }
                    let reach = max(((side.start - corner) * behind).sum(), ((side.end - corner) * behind).sum())
                    if reach > (best?.reach ?? -.infinity) { best = (k, reach) }
                }
                guard let (k, _) = best else { continue }
                sideAt[e] = k
                let side = faces[k]
                let seen = [side.line.point(at: side.observedT0), side.line.point(at: side.observedT1)]
                    .map { (($0 - corner) * behind).sum() }.max() ?? 0
                if seen > Self.minimumFurnitureDepth && seen <= Self.maximumFurnitureDepth {
                    depth = max(depth ?? 0, seen)
                }
            }
            guard let d = depth else { continue }
            var wall = front
            wall.line = PlanLine(origin: front.line.origin + behind * d, direction: front.line.direction)
            wall.isFurnitureFront = false
            wall.isHiddenWall = true
            wall.openings = []
            wall.pointCount = 0
            wall.rms = 0
            if Self.debugging {
                print("hidden wall behind the front \(front.start)–\(front.end): \(d) m back")
            }
            out[f] = wall
            for (e, t) in [front.t0, front.t1].enumerated() {
                if let k = sideAt[e] {
                    // The side runs on to the hidden wall.
                    guard let x = out[k].line.intersection(with: wall.line) else { continue }
                    let u = out[k].line.coordinate(of: x)
                    if u > out[k].t1 { out[k].t1 = u }
                    if u < out[k].t0 { out[k].t0 = u }
                } else {
                    let a = front.line.point(at: t)
                    var side = WallFace(line: PlanLine(origin: a, direction: behind), t0: 0, t1: d)
                    side.side = ((front.line.point(at: (front.t0 + front.t1) / 2) - a) * side.line.normal).sum() >= 0 ? 1 : -1
                    side.isInferred = true
                    side.isHiddenWall = true
                    added.append(side)
                }
            }
        }
        return out + added
    }

    /// How far behind a piece's front (metres) the wall seen above its top stands: the densest
    /// depth of the points above `above` (metres above the floor) and below the ceiling's fit margin
    /// behind the front's inner stretch, or nil when too little of it was seen.
    func hiddenWallDepth(_ front: WallFace, grid: PlanPointGrid, above: Double, ceilingHeight: Double) -> Double? {
        let margin = min(Self.fitEndMargin, front.length / 4)
        let t0 = front.t0 + margin
        let t1 = front.t1 - margin
        guard t1 > t0 else { return nil }
        let behind = -front.observedNormal
        let lo = Float(above)
        let hi = Float(ceilingHeight) - Self.wallFitHeightMargin
        guard hi > lo else { return nil }
        let bin = configuration.wallInlierDistance
        let near = Self.minimumFurnitureDepth
        let far = Self.maximumFurnitureDepth
        let bins = Int(((far - near) / bin).rounded(.up))
        let stationCount = max(1, Int(((t1 - t0) / Self.supportStation).rounded(.up)))
        var counts = [Int](repeating: 0, count: bins)
        var depths: [(depth: Double, station: Int)] = []
        // The probe line runs halfway into the band; `forEachPoint(near:)` takes points within a
        // distance on both sides.
        let middle = (near + far) / 2
        let probe = PlanLine(origin: front.line.origin + behind * middle, direction: front.line.direction)
        grid.forEachPoint(near: probe, from: t0, to: t1, within: (far - near) / 2) { i, t in
            let h = grid.heights[i]
            guard h > lo, h < hi else { return }
            let d = ((grid.positions[i] - front.line.point(at: t)) * behind).sum()
            guard d >= near, d < far else { return }
            counts[min(bins - 1, Int((d - near) / bin))] += 1
            depths.append((d, min(stationCount - 1, max(0, Int((t - t0) / Self.supportStation)))))
        }
        // The densest pair of neighbouring bins.
        var best = -1
        var bestCount = 0
        for b in 0..<(bins - 1) where counts[b] + counts[b + 1] > bestCount {
            best = b
            bestCount = counts[b] + counts[b + 1]
        }
        guard best >= 0, Double(bestCount) >= Self.minimumHiddenWallPointsPerMetre * (t1 - t0) else { return nil }
        let centre = near + Double(best + 1) * bin
        let onWall = depths.filter { abs($0.depth - centre) <= bin }
        var covered = Set<Int>()
        for p in onWall { covered.insert(p.station) }
        guard Double(covered.count) >= Self.seenPastFraction * Double(stationCount) else { return nil }
        let sorted = onWall.map(\.depth).sorted()
        return sorted[sorted.count / 2]
    }
}
