import Foundation

extension FloorPlanExtractor {
    /// Outside the closed rooms, an object cell is searched only within this distance of a cell where
    /// the floor was seen, metres: furniture stands on the floor the walk saw around it (the middle of
    /// a 1.6 m bed lies 0.8 m from its sides), while beyond a gap in the walls, where the space the
    /// camera stood in runs out of the house, no floor is seen.
    static let objectFloorReach = 1.0

    /// The plan cells the object search looks at (`width` × `depth` cells of `cell` metres from
    /// `origin`): the cells inside a closed room, and, where a room does not close, the cells of the
    /// open space the cameras stood in (bounded by the wall faces, each drawn
    /// `rasterWallExtension` longer at both ends as the room raster draws them) that lie within
    /// `objectFloorReach` of seen floor. Furniture is furniture whether or not the room's outline
    /// closes. Cells within `objectWallClearance` (and half a cell) of a wall face are left out
    /// either way.
    ///
    /// - Complexity: O(cells × rooms' vertices + faces' bands + cells) time, O(cells) memory.
    func objectSearchRegion(
        rooms: [[SIMD2<Double>]], faces: [WallFace], cameras: [SIMD2<Double>], floorSeen: [Bool],
        origin: SIMD2<Double>, width w: Int, depth d: Int, cell: Double
    ) -> [Bool] {
        func centre(_ k: Int) -> SIMD2<Double> { origin + SIMD2(Double(k % w) + 0.5, Double(k / w) + 0.5) * cell }
        var inside = [Bool](repeating: false, count: w * d)
        if !rooms.isEmpty {
            for k in inside.indices {
                let c = centre(k)
                inside[k] = rooms.contains { FloorPlanGeometry.contains($0, c) }
            }
        }
        // Wall bands: cells near a face (run on at its ends) block the open space.
        var wall = [Bool](repeating: false, count: w * d)
        for face in faces {
            let a = face.start
            let b = face.end
            let runOn = Self.rasterWallExtension
            let pad = Self.objectWallClearance + cell + runOn
            let x0 = max(0, Int((min(a.x, b.x) - pad - origin.x) / cell))
            let x1 = min(w - 1, Int((max(a.x, b.x) + pad - origin.x) / cell))
            let z0 = max(0, Int((min(a.y, b.y) - pad - origin.y) / cell))
            let z1 = min(d - 1, Int((max(a.y, b.y) + pad - origin.y) / cell))
            guard x0 <= x1, z0 <= z1 else { continue }
            for z in z0...z1 {
                for x in x0...x1 {
                    let c = centre(z * w + x)
                    let t = face.line.coordinate(of: c)
                    guard abs(face.line.signedDistance(to: c)) <= Self.objectWallClearance + cell / 2 else { continue }
                    if t >= face.t0 - cell, t <= face.t1 + cell { inside[z * w + x] = false }
                    if t >= face.t0 - runOn, t <= face.t1 + runOn { wall[z * w + x] = true }
                }
            }
        }
        // The open space the cameras stood in outside the closed rooms (4-connected between the bands),
        // near seen floor.
        let reach = Self.floorReachable(
            floorSeen, width: w, depth: d, radius: Int((Self.objectFloorReach / cell).rounded()), blocked: wall)
        var open = [Bool](repeating: false, count: w * d)
        var stack: [Int] = []
        for p in cameras {
            let x = Int((p.x - origin.x) / cell)
            let z = Int((p.y - origin.y) / cell)
            guard x >= 0, x < w, z >= 0, z < d else { continue }
            let k = z * w + x
            guard !wall[k], !open[k], !inside[k] else { continue }
            open[k] = true
            stack.append(k)
            // Visits neighbour `n` of the flood (no array per cell: this runs once per open cell).
            func visit(_ n: Int) {
                guard !wall[n], !open[n] else { return }
                open[n] = true
                stack.append(n)
            }
            while let k = stack.popLast() {
                let x = k % w
                let z = k / w
                if x > 0 { visit(k - 1) }
                if x < w - 1 { visit(k + 1) }
                if z > 0 { visit(k - w) }
                if z < d - 1 { visit(k + w) }
            }
        }
        for k in inside.indices where open[k] && !wall[k] && reach[k] { inside[k] = true }
        return inside
    }

    /// Whether each cell lies within `radius` steps of a cell flagged in `seen` over cells not
    /// `blocked` (8-connected steps, so in open space the reach is the square of `radius` cells
    /// around each seen cell; a diagonal step between two blocked cells is not taken). The reach does
    /// not pass through a wall band: furniture stands on the floor seen around it on its own side
    /// of a wall, and the floor of a room says nothing about the inside of its walls (a window's
    /// sill and reveals, seen through the opening) or what lies behind them. A seen cell that is
    /// itself blocked seeds nothing. Without `blocked` (empty), by a summed-area table.
    ///
    /// - Complexity: O(width × depth) time and memory.
    static func floorReachable(_ seen: [Bool], width w: Int, depth d: Int, radius r: Int, blocked: [Bool]) -> [Bool] {
        guard !blocked.isEmpty else { return floorReachable(seen, width: w, depth: d, radius: r) }
        var steps = [Int32](repeating: -1, count: w * d)
        var queue = [Int](repeating: 0, count: w * d)
        var tail = 0
        for k in seen.indices where seen[k] && !blocked[k] {
            steps[k] = 0
            queue[tail] = k
            tail += 1
        }
        var head = 0
        while head < tail {
            let k = queue[head]
            head += 1
            let next = steps[k] + 1
            guard next <= Int32(r) else { continue }
            forEachNeighbour(of: k, width: w, depth: d) { n, dx, dz in
                guard steps[n] < 0, !blocked[n] else { return }
                // A diagonal step between two blocked cells passes through no gap.
                if dx != 0, dz != 0, blocked[k + dx], blocked[k + dz * w] { return }
                steps[n] = next
                queue[tail] = n
                tail += 1
            }
        }
        return steps.map { $0 >= 0 }
    }

    /// Whether each cell lies within `radius` cells (a square) of a cell flagged in `seen`, by a
    /// summed-area table. - Complexity: O(width × depth).
    static func floorReachable(_ seen: [Bool], width w: Int, depth d: Int, radius r: Int) -> [Bool] {
        var sums = [Int32](repeating: 0, count: (w + 1) * (d + 1))
        for z in 0..<d {
            var row: Int32 = 0
            for x in 0..<w {
                row += seen[z * w + x] ? 1 : 0
                sums[(z + 1) * (w + 1) + x + 1] = sums[z * (w + 1) + x + 1] + row
            }
        }
        var out = [Bool](repeating: false, count: w * d)
        for z in 0..<d {
            let z0 = max(0, z - r)
            let z1 = min(d, z + r + 1)
            for x in 0..<w {
                let x0 = max(0, x - r)
                let x1 = min(w, x + r + 1)
                let n = sums[z1 * (w + 1) + x1] - sums[z0 * (w + 1) + x1] - sums[z1 * (w + 1) + x0] + sums[z0 * (w + 1) + x0]
                out[z * w + x] = n > 0
            }
        }
        return out
    }
}
