import Foundation

extension FloorPlanExtractor {
    /// A closed room outline and the fraction of it that lies on found walls.
    struct FoundRoom {
        var polygon: [SIMD2<Double>]
        var closure: Double
    }

    /// Wall faces are drawn this much longer at both ends, so that corners close, metres.
    static let rasterWallExtension = 0.08
    /// Cells whose centre lies within this many cell edges of a face are wall.
    static let rasterWallHalfWidth = 0.75
    /// Margin around the walls' extent in the raster, metres.
    static let rasterMargin = 0.5
    /// Raster outlines are simplified with this tolerance before snapping to walls, metres.
    static let outlineSimplification = 0.1
    /// An outline edge snaps to a wall line at most this far from its middle, metres.
    static let outlineSnapDistance = 0.25
    /// An outline edge snaps to a wall line differing by at most this angle (|sin|).
    static let outlineSnapSine = 0.26
    /// Outline edges that found no wall and are shorter than this are dropped, metres.
    static let shortFreeEdge = 0.5

    /// Rooms: the closed spaces between the faces (drawn across their openings) that the camera stood in
    /// for at least `minimumCameraFramesPerRoom` frames, outlined on the wall lines.
    func findRooms(faces: [WallFace], cameras: [SIMD2<Double>]) -> [FoundRoom] {
        guard !faces.isEmpty else { return [] }
        let cell = configuration.roomCellSize
        var lo = SIMD2<Double>(repeating: .infinity)
        var hi = SIMD2<Double>(repeating: -.infinity)
        for f in faces {
            lo = pointwiseMin(lo, pointwiseMin(f.start, f.end))
            hi = pointwiseMax(hi, pointwiseMax(f.start, f.end))
        }
        lo -= SIMD2(repeating: Self.rasterMargin)
        hi += SIMD2(repeating: Self.rasterMargin)
        let w = Int(((hi.x - lo.x) / cell).rounded(.up)) + 1
        let d = Int(((hi.y - lo.y) / cell).rounded(.up)) + 1
        guard w * d <= Self.maximumRasterCells else { return [] }
        // 0 free, 1 wall, 2+ component label.
        var raster = [Int32](repeating: 0, count: w * d)
        func centre(_ x: Int, _ z: Int) -> SIMD2<Double> { lo + SIMD2(Double(x) + 0.5, Double(z) + 0.5) * cell }
        let halfWidth = Self.rasterWallHalfWidth * cell
        for f in faces {
            let t0 = f.t0 - Self.rasterWallExtension
            let t1 = f.t1 + Self.rasterWallExtension
            let a = f.line.point(at: t0)
            let b = f.line.point(at: t1)
            let bl = pointwiseMin(a, b) - SIMD2(repeating: halfWidth)
            let bh = pointwiseMax(a, b) + SIMD2(repeating: halfWidth)
            let x0 = max(0, Int((bl.x - lo.x) / cell))
            let x1 = min(w - 1, Int((bh.x - lo.x) / cell))
            let z0 = max(0, Int((bl.y - lo.y) / cell))
            let z1 = min(d - 1, Int((bh.y - lo.y) / cell))
            guard x0 <= x1, z0 <= z1 else { continue }
            for z in z0...z1 {
                for x in x0...x1 {
                    let p = centre(x, z)
                    let t = f.line.coordinate(of: p)
                    guard t >= t0 - halfWidth, t <= t1 + halfWidth else { continue }
                    if abs(f.line.signedDistance(to: p)) <= halfWidth { raster[z * w + x] = 1 }
                }
            }
        }
        // Label free components (4-connected); note those touching the border.
        var label: Int32 = 2
        var touchesBorder: [Bool] = [false, false]
        var sizes: [Int] = [0, 0]
        var stack: [Int] = []
        for start in raster.indices where raster[start] == 0 {
            raster[start] = label
            stack.append(start)
            var border = false
            var size = 0
            while let k = stack.popLast() {
                size += 1
                let x = k % w
                let z = k / w
                if x == 0 || z == 0 || x == w - 1 || z == d - 1 { border = true }
                for (inside, next) in [(x > 0, k - 1), (x < w - 1, k + 1), (z > 0, k - w), (z < d - 1, k + w)]
                where inside && raster[next] == 0 {
                    raster[next] = label
                    stack.append(next)
                }
            }
            touchesBorder.append(border)
            sizes.append(size)
            label += 1
        }
        var frames = [Int](repeating: 0, count: Int(label))
        for p in cameras {
            let x = Int((p.x - lo.x) / cell)
            let z = Int((p.y - lo.y) / cell)
            guard x >= 0, x < w, z >= 0, z < d else { continue }
            let l = Int(raster[z * w + x])
            if l >= 2 { frames[l] += 1 }
        }
        let minimumCells = Int(configuration.minimumRoomArea / (cell * cell))
        var rooms: [FoundRoom] = []
        for l in 2..<Int(label)
        where !touchesBorder[l] && sizes[l] >= minimumCells && frames[l] >= configuration.minimumCameraFramesPerRoom {
            let outline = RoomOutline.trace(raster: raster, width: w, depth: d, label: Int32(l))
                .map { lo + $0 * cell }
            let simplified = RoomOutline.simplify(outline, tolerance: Self.outlineSimplification)
            if let room = snapOutline(simplified, faces: faces) { rooms.append(room) }
        }
        return rooms
    }

    /// The most raster cells a plan is separated into rooms on (bounds memory).
    static let maximumRasterCells = 40_000_000

    /// Replaces each outline edge by the wall line it runs along and intersects consecutive lines.
    func snapOutline(_ outline: [SIMD2<Double>], faces: [WallFace]) -> FoundRoom? {
        let n = outline.count
        guard n >= 3 else { return nil }
        // Per edge: its line (a wall's or its own) and whether it is a wall's.
        var edges: [(line: PlanLine, wall: Int?, length: Double, end: SIMD2<Double>)] = []
        for i in 0..<n {
            let p = outline[i]
            let q = outline[(i + 1) % n]
            let length = FloorPlanGeometry.distance(p, q)
            guard length > 1e-9 else { continue }
            let own = PlanLine(origin: p, direction: (q - p) / length)
            let mid = (p + q) / 2
            var best: (Int, Double)? = nil
            for (k, f) in faces.enumerated() where own.sine(with: f.line) <= Self.outlineSnapSine {
                let distance = abs(f.line.signedDistance(to: mid))
                let t = f.line.coordinate(of: mid)
                guard distance <= Self.outlineSnapDistance, t >= f.t0 - Self.outlineSnapDistance,
                    t <= f.t1 + Self.outlineSnapDistance
                else { continue }
                if distance < (best?.1 ?? .infinity) { best = (k, distance) }
            }
            if let (k, _) = best {
                edges.append((faces[k].line, k, length, q))
            } else if length >= Self.shortFreeEdge {
                edges.append((own, nil, length, q))
            }
        }
        // Merge consecutive edges on the same wall.
        var merged: [(line: PlanLine, wall: Int?, length: Double, end: SIMD2<Double>)] = []
        for e in edges {
            if let last = merged.last, let w = e.wall, last.wall == w {
                merged[merged.count - 1].length += e.length
                merged[merged.count - 1].end = e.end
            } else {
                merged.append(e)
            }
        }
        if merged.count > 1, let first = merged.first, let last = merged.last, first.wall != nil, first.wall == last.wall {
            merged[0].length += last.length
            merged.removeLast()
        }
        guard merged.count >= 3 else { return nil }
        var polygon: [SIMD2<Double>] = []
        for i in merged.indices {
            let a = merged[i].line
            let b = merged[(i + 1) % merged.count].line
            if let x = a.intersection(with: b) {
                polygon.append(x)
            } else {
                // Parallel neighbours (a step): join them straight across.
                let corner = merged[i].end
                polygon.append(a.point(at: a.coordinate(of: corner)))
                polygon.append(b.point(at: b.coordinate(of: corner)))
            }
        }
        let total = merged.reduce(0) { $0 + $1.length }
        let onWalls = merged.filter { $0.wall != nil }.reduce(0) { $0 + $1.length }
        guard abs(FloorPlanGeometry.signedArea(polygon)) >= configuration.minimumRoomArea else { return nil }
        return FoundRoom(polygon: polygon, closure: total > 0 ? onWalls / total : 0)
    }
}
