extension FloorPlanExtractor {
    /// Points from `ceilingProbeNear` up to `ceilingProbeDepth` in front of a face are probed for the
    /// ceiling meeting its top, metres (nearer, they are the face's own points).
    static let ceilingProbeNear = 0.05
    /// The far end of the strip probed for the ceiling in front of a face, metres.
    static let ceilingProbeDepth = 0.3
    /// A face's points run on upwards across gaps no wider than this, metres (the ceiling above a
    /// piece of furniture, within the face's reach of its line, lies farther above its top).
    static let faceRunGap: Float = 0.1

    /// Fraction of a front's extent (5 cm stations, its ends left out) where the ceiling was seen
    /// meeting it: the highest point 5–30 cm in front of it (on the side it was seen from) lies above
    /// the wall band, and the front's own points run on up from the band, without a gap wider than
    /// `faceRunGap`, to within `aboveTopMargin` of it. A wall runs up to the ceiling; a piece of
    /// furniture has a top below the ceiling, and the ceiling seen in front of it lies higher. A front
    /// whose top was never seen (the view ended on it) shows no ceiling in front of it either: the
    /// rays that would reach the ceiling just in front of it are steeper still.
    func ceilingMeetsTop(_ front: WallFace, side: Double, grid: PlanPointGrid) -> Double {
        let margin = min(Self.aboveTopMargin, front.length / 4)
        let lo = front.t0 + margin
        let hi = front.t1 - margin
        let count = max(1, Int(((hi - lo) / Self.supportStation).rounded(.up)))
        func station(_ t: Double) -> Int { min(count - 1, max(0, Int((t - lo) / Self.supportStation))) }
        let band = configuration.wallBand
        var ceiling = [Float](repeating: -.infinity, count: count)
        let near = Self.ceilingProbeNear
        let far = Self.ceilingProbeDepth
        // A line through the middle of the probed strip, so that one query covers it.
        let middle = PlanLine(
            origin: front.line.origin + front.line.normal * (side * (near + far) / 2), direction: front.line.direction)
        grid.forEachPoint(near: middle, from: lo, to: hi, within: (far - near) / 2) { i, t in
            let s = station(t)
            ceiling[s] = max(ceiling[s], grid.heights[i])
        }
        var heights = [[Float]](repeating: [], count: count)
        grid.forEachPoint(near: front.line, from: lo, to: hi, within: configuration.wallInlierDistance * 0.67) { i, t in
            heights[station(t)].append(grid.heights[i])
        }
        var meets = 0
        for s in 0..<count where Double(ceiling[s]) > band.upperBound {
            // The top of the front's points running on up from the band.
            var top = Float(band.lowerBound)
            for h in heights[s].sorted() where h > top {
                guard h - top <= Self.faceRunGap || h <= Float(band.upperBound) else { break }
                top = h
            }
            if Double(top) >= Double(ceiling[s]) - Self.aboveTopMargin { meets += 1 }
        }
        return Double(meets) / Double(count)
    }

    /// The unseen side wall of a recess: a front found to be a wall (the ceiling meets its top) ends
    /// where a parallel wall `depth` behind it begins, and no face closes that end (`endsBesideWall`).
    /// Walks passing a recess's side wall in its plane see it edge-on and never find it; the corner
    /// between the two faces is bridged by a face across from the front's end to the wall's beginning
    /// (halfway between the two, along the wall), seen from the side of the wall's extent. Nil when
    /// the wall does not begin near one of the front's ends (`lo…hi`, coordinates on the wall's line)
    /// or that end is closed by another face.
    func recessSide(front f: Int, from lo: Double, to hi: Double, wall w: Int, depth: Double, faces: [WallFace])
        -> (face: WallFace, side: Double)?
    {
        let front = faces[f]
        let wall = faces[w]
        // The front's end where the wall begins, and the direction along the wall's line towards the wall.
        let corner: (u: Double, towardsWall: Double)
        if abs(wall.t0 - hi) <= depth && wall.t1 > hi + depth {
            corner = ((hi + wall.t0) / 2, 1)
        } else if abs(wall.t1 - lo) <= depth && wall.t0 < lo - depth {
            corner = ((lo + wall.t1) / 2, -1)
        } else {
            return nil
        }
        let end = wall.line.point(at: corner.towardsWall > 0 ? hi : lo)
        let onFront = front.line.point(at: front.line.coordinate(of: end))
        guard !closedEnd(onFront, of: f, besides: w, depth: depth, faces: faces) else { return nil }
        // From the front's line to the wall's line, across at `corner.u`.
        let onWall = wall.line.point(at: corner.u)
        let start = onWall - front.line.normal * front.line.signedDistance(to: onWall)
        let length = FloorPlanGeometry.distance(start, onWall)
        guard length > 0 else { return nil }
        let direction = (onWall - start) / length
        var face = WallFace(line: PlanLine(origin: start, direction: direction), t0: 0, t1: length)
        // Nothing was seen of it: no openings are sought in it.
        face.observedT0 = 0
        face.observedT1 = 0
        face.isInferred = true
        let side = (face.line.normal * wall.line.direction).sum() * corner.towardsWall > 0 ? 1.0 : -1.0
        face.side = side
        return (face, side)
    }

    /// Whether a face across the front `f` (other than `f` and the wall `w`) passes near its end `end`
    /// and reaches there (or would, extended to the corner as `snapCorners` does): within the thickest
    /// wall (`maximumWallThickness`), or half the front's depth before the wall when more.
    /// A face ending below the ceiling (`endsBelowCeiling[g]`, seen past above its top) is a piece of
    /// furniture's side, not a wall: it closes no end (a wardrobe in a corner has its side there).
    func closedEnd(
        _ end: SIMD2<Double>, of f: Int, besides w: Int, depth: Double, faces: [WallFace],
        endsBelowCeiling: [Bool] = []
    ) -> Bool {
        let front = faces[f]
        let near = max(configuration.maximumWallThickness, depth / 2)
        return faces.indices.contains { g in
            let other = faces[g]
            guard g != f, g != w, !(g < endsBelowCeiling.count && endsBelowCeiling[g]),
                other.line.sine(with: front.line) >= Self.cornerSine,
                abs(other.line.signedDistance(to: end)) <= near
            else { return false }
            let u = other.line.coordinate(of: end)
            return u >= other.t0 - Self.cornerExtensionDistance && u <= other.t1 + Self.cornerExtensionDistance
        }
    }
}
