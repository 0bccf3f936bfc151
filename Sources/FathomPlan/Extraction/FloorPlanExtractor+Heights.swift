extension FloorPlanExtractor {
    /// Bin height of the height histogram, metres.
    static let heightBin: Float = 0.01
    /// The floor lies at least this far below the camera, metres.
    static let floorBelowCamera: Float = 0.5
    /// The ceiling lies at least this far above the camera, metres.
    static let ceilingAboveCamera: Float = 0.3
    /// A ceiling peak holds at least this many times the typical bin's points or capped cells (walls alone give a
    /// flat histogram).
    static let ceilingPeakRatio = 4
    /// Half-width of the window a peak height is refined in, metres.
    static let peakRefineHalfWidth: Float = 0.02
    /// Horizontal cell edge of the ceiling test, metres.
    static let ceilingCell: Float = 0.1
    /// Air a ceiling cell shows under it: its lowest point lies at least this far above the bottom of
    /// the range searched (a wall's cell holds points all the way down), metres.
    static let ceilingAirBelow: Float = 0.1
    /// A ceiling is seen over at least this many cells (0.25 m² at 10 cm cells).
    static let minimumCeilingCells = 25
    /// The walls end at a ceiling: of the cells holding points 0.1–0.3 m below a candidate ceiling, at
    /// most this share may hold points more than 0.1 m above it (a door's or a window's head is a
    /// surface with air under it too, but the wall runs on above it).
    static let maximumWallsAboveCeiling: Float = 0.25
    /// How far below a candidate ceiling the walls are probed (from `ceilingAirBelow` down), metres.
    static let ceilingWallProbe: Float = 0.3

    /// Floor and ceiling heights found in a cloud.
    struct Heights {
        /// World y of the floor, metres.
        var floorY: Double
        /// Floor-to-ceiling distance, metres.
        var ceilingHeight: Double
        /// Whether a ceiling was seen (else the height is the highest wall point).
        var ceilingSeen: Bool
    }

    /// The floor as the strongest horizontal peak of the height histogram well below the camera, the
    /// ceiling as the height where most cells are capped from above (`ceilingBin`; or, when none
    /// stands out, the top of the points).
    func findHeights(_ points: [SIMD3<Float>], cameraHeights: [Float]) -> Heights {
        var lo = Float.infinity
        var hi = -Float.infinity
        for p in points where p.y.isFinite {
            lo = min(lo, p.y)
            hi = max(hi, p.y)
        }
        let count = max(1, Int((hi - lo) / Self.heightBin) + 1)
        var histogram = [Int](repeating: 0, count: count)
        for p in points where p.y.isFinite { histogram[min(count - 1, Int((p.y - lo) / Self.heightBin))] += 1 }
        let cameraY: Float
        if cameraHeights.isEmpty {
            cameraY = (lo + hi) / 2
        } else {
            cameraY = cameraHeights.sorted()[cameraHeights.count / 2]
        }
        func bin(_ y: Float) -> Int { max(0, min(count - 1, Int((y - lo) / Self.heightBin))) }
        func peak(_ range: ClosedRange<Int>) -> Int? {
            guard !range.isEmpty, range.lowerBound <= range.upperBound else { return nil }
            return range.max { histogram[$0] < histogram[$1] }
        }
        func refine(_ b: Int) -> Float {
            let centre = lo + (Float(b) + 0.5) * Self.heightBin
            var sum: Double = 0
            var n = 0
            for p in points where abs(p.y - centre) <= Self.peakRefineHalfWidth {
                sum += Double(p.y)
                n += 1
            }
            return n > 0 ? Float(sum / Double(n)) : centre
        }
        let floorTop = bin(cameraY - Self.floorBelowCamera)
        let floorBin = peak(0...floorTop) ?? 0
        let floorY = refine(floorBin)
        let ceilingBottom = bin(cameraY + Self.ceilingAboveCamera)
        var above = histogram[ceilingBottom...].filter { $0 > 0 }
        above.sort()
        let typical = above.isEmpty ? 0 : above[above.count / 2]
        if let c = ceilingBin(points, above: lo + Float(ceilingBottom) * Self.heightBin, binCount: count, lowest: lo) {
            return Heights(floorY: Double(floorY), ceilingHeight: Double(refine(c) - floorY), ceilingSeen: true)
        }
        // No ceiling: the highest bin still holding a fair share of a typical bin's points.
        var top = count - 1
        while top > ceilingBottom && histogram[top] * 5 < typical { top -= 1 }
        let topY = lo + Float(top + 1) * Self.heightBin
        return Heights(floorY: Double(floorY), ceilingHeight: Double(topY - floorY), ceilingSeen: false)
    }

    /// The height bin of the ceiling above `bottom` (world y, metres), or nil when no horizontal surface
    /// is seen there. The point count per height cannot tell a ceiling from walls seen from below (their
    /// density falls with the height above the eye, so the lowest bins are the strongest); a ceiling is
    /// told by its shape instead: over a horizontal surface seen from below there is air, so its 10 cm
    /// cells have their lowest point at the surface, while a wall's cells hold points all the way down.
    /// A bin (summed over the refining window) where cells have their lowest point, with air under it,
    /// is a candidate when it holds at least `minimumCeilingCells` cells and `ceilingPeakRatio` times
    /// the typical bin's; the strongest candidate the walls end at (`maximumWallsAboveCeiling`) is the
    /// ceiling.
    func ceilingBin(_ points: [SIMD3<Float>], above bottom: Float, binCount: Int, lowest lo: Float) -> Int? {
        var minX = Float.infinity, minZ = Float.infinity, maxX = -Float.infinity, maxZ = -Float.infinity
        for p in points where p.y >= bottom && p.x.isFinite && p.z.isFinite {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minZ = min(minZ, p.z); maxZ = max(maxZ, p.z)
        }
        guard minX <= maxX else { return nil }
        let columns = Int((maxX - minX) / Self.ceilingCell) + 1
        let rows = Int((maxZ - minZ) / Self.ceilingCell) + 1
        guard columns > 0, rows > 0, columns.multipliedReportingOverflow(by: rows).overflow == false,
            columns * rows <= 1 << 26
        else { return nil }
        // The cell of a point, nil outside the grid (points below `bottom` may lie outside it).
        let cellOf = { (p: SIMD3<Float>) -> Int? in
            guard p.x.isFinite, p.z.isFinite else { return nil }
            let ix = Int(((p.x - minX) / Self.ceilingCell).rounded(.down))
            let iz = Int(((p.z - minZ) / Self.ceilingCell).rounded(.down))
            guard ix >= 0, ix < columns, iz >= 0, iz < rows else { return nil }
            return ix + columns * iz
        }
        var cellLowest = [Float](repeating: .infinity, count: columns * rows)
        for p in points where p.y >= bottom {
            guard let i = cellOf(p) else { continue }
            cellLowest[i] = min(cellLowest[i], p.y)
        }
        var capped = [Int](repeating: 0, count: binCount)
        for y in cellLowest where y.isFinite && y >= bottom + Self.ceilingAirBelow {
            capped[max(0, min(binCount - 1, Int((y - lo) / Self.heightBin)))] += 1
        }
        let half = Int((Self.peakRefineHalfWidth / Self.heightBin).rounded())
        let first = max(0, min(binCount - 1, Int((bottom - lo) / Self.heightBin)))
        var windowed = [Int](repeating: 0, count: binCount)
        for b in first..<binCount {
            for k in max(first, b - half)...min(binCount - 1, b + half) { windowed[b] += capped[k] }
        }
        // The typical bin over the whole range, empty bins included (walls leave nearly all of them
        // empty; counting only the occupied ones would make a lone ceiling its own typical bin).
        let sorted = windowed[first...].sorted()
        let needed = max(Self.minimumCeilingCells, Self.ceilingPeakRatio * max(1, sorted[sorted.count / 2]))
        // Candidates: local peaks that stand out, strongest first; the first the walls end at.
        let candidates = (first..<binCount).filter { b in
            windowed[b] >= needed && (b == first || windowed[b - 1] <= windowed[b])
                && (b == binCount - 1 || windowed[b + 1] < windowed[b])
        }.sorted { windowed[$0] > windowed[$1] }
        for c in candidates {
            let y = lo + (Float(c) + 0.5) * Self.heightBin
            var below = [Bool](repeating: false, count: columns * rows)
            var belowCount = 0
            for p in points where p.y >= y - Self.ceilingWallProbe && p.y <= y - Self.ceilingAirBelow {
                guard let i = cellOf(p), !below[i] else { continue }
                below[i] = true
                belowCount += 1
            }
            var above = Set<Int>()
            for p in points where p.y > y + Self.ceilingAirBelow {
                if let i = cellOf(p), below[i] { above.insert(i) }
            }
            if Float(above.count) <= Self.maximumWallsAboveCeiling * Float(belowCount) { return c }
        }
        return nil
    }
}
