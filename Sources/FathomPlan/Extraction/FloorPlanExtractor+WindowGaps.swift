import FathomCore

extension FloorPlanExtractor {
    /// Share of a gap's stations (`supportStation` apart) at which the wall must be seen both below
    /// and above the wall band (a window's sill and head) for the gap to be a window in one wall.
    static let windowGapFraction = 0.5

    /// Joins two pieces of one wall found either side of a window. A window leaves the wall band
    /// empty from its sill to its head, and where drift moved the two sides of the wall apart by a
    /// few centimetres (more than the fit's scoring band), they come out as two faces on two lines
    /// that the wall line's gap bridging never joins: the room then leaks through the window.
    /// A wall runs on across its window: below the sill and above the head it is still there. Two
    /// faces within `duplicateSine` of parallel, each end of the shorter within `duplicateGap` of the
    /// longer's line, leaving a gap along it of at least the narrowest opening
    /// (`minimumOpeningWidth`) and at most `maximumWallGap`, are joined into one face (refitted on
    /// both pieces' points) when the line across the gap holds points both below the band (above
    /// `wallFitHeightMargin`: not the floor) and above it (below the ceiling by as much) at
    /// `windowGapFraction` of its 5 cm stations. A door has no sill (its gap is open to the floor)
    /// and a recess's mouth neither: they are not joined here.
    func joiningAcrossWindows(_ faces: [WallFace], grid: PlanPointGrid, ceilingHeight: Double) -> [WallFace] {
        var out = faces
        var joined = true
        while joined {
            joined = false
            search: for a in out.indices {
                for b in out.indices where b != a && out[b].length <= out[a].length {
                    let long = out[a]
                    let short = out[b]
                    guard long.line.sine(with: short.line) <= Self.duplicateSine,
                        abs(long.line.signedDistance(to: short.start)) <= Self.duplicateGap,
                        abs(long.line.signedDistance(to: short.end)) <= Self.duplicateGap
                    else { continue }
                    let u0 = long.line.coordinate(of: short.start)
                    let u1 = long.line.coordinate(of: short.end)
                    let lo = min(u0, u1)
                    let hi = max(u0, u1)
                    // The gap between them along the longer face's line, and its ends.
                    let gap: (from: SIMD2<Double>, to: SIMD2<Double>)
                    if lo >= long.t1 {
                        gap = (long.end, short.line.point(at: short.line.coordinate(of: long.line.point(at: lo))))
                    } else if hi <= long.t0 {
                        gap = (short.line.point(at: short.line.coordinate(of: long.line.point(at: hi))), long.start)
                    } else {
                        continue
                    }
                    let width = FloorPlanGeometry.distance(gap.from, gap.to)
                    guard width >= configuration.minimumOpeningWidth, width <= configuration.maximumWallGap,
                        windowSeen(from: gap.from, to: gap.to, grid: grid, ceilingHeight: ceilingHeight)
                    else { continue }
                    // One face over both pieces, from the line through both (the drift between them split),
                    // refitted on all their points.
                    let ends = [long.start, long.end, short.start, short.end]
                    guard var through = PlanLine.fit(ends) else { continue }
                    if (through.direction * long.line.direction).sum() < 0 {
                        through = PlanLine(origin: through.origin, direction: -through.direction)
                    }
                    let ts = ends.map { through.coordinate(of: $0) }
                    let t0 = ts.min()!
                    let t1 = ts.max()!
                    guard var face = fitFace(line: through, t0: t0, t1: t1, grid: grid, ceilingHeight: ceilingHeight)
                    else { continue }
                    face.observedT0 = t0
                    face.observedT1 = t1
                    if Self.debugging {
                        print("joined across a window \(gap.from)–\(gap.to): \(long.start)–\(long.end) and \(short.start)–\(short.end)")
                    }
                    out[a] = face
                    out.remove(at: b)
                    joined = true
                    break search
                }
            }
        }
        return out
    }

    /// Whether the wall's line from `a` to `b` holds points below the wall band and above it at
    /// `windowGapFraction` of its stations: a window's sill and head.
    func windowSeen(from a: SIMD2<Double>, to b: SIMD2<Double>, grid: PlanPointGrid, ceilingHeight: Double) -> Bool {
        let length = FloorPlanGeometry.distance(a, b)
        guard length > 0 else { return false }
        let line = PlanLine(origin: a, direction: (b - a) / length)
        let count = max(1, Int((length / Self.supportStation).rounded(.up)))
        var below = [Bool](repeating: false, count: count)
        var above = [Bool](repeating: false, count: count)
        let band = configuration.wallBand
        let floor = Double(Self.wallFitHeightMargin)
        let ceiling = ceilingHeight - Double(Self.wallFitHeightMargin)
        grid.forEachPoint(near: line, from: 0, to: length, within: configuration.wallInlierDistance) { i, t in
            let h = Double(grid.heights[i])
            let s = min(count - 1, max(0, Int(t / Self.supportStation)))
            if h > floor && h < band.lowerBound { below[s] = true }
            if h > band.upperBound && h < ceiling { above[s] = true }
        }
        let both = (0..<count).filter { below[$0] && above[$0] }.count
        return Double(both) >= Self.windowGapFraction * Double(count)
    }
}
