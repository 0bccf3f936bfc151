/// Outlines of labelled raster regions and their simplification.
enum RoomOutline {
    /// The outer boundary of the cells labelled `label`, as grid-corner coordinates (cell units,
    /// cell `(x, z)` spanning `x…x+1 × z…z+1`), counter-clockwise in (x, z), corners only.
    static func trace(raster: [Int32], width w: Int, depth d: Int, label: Int32) -> [SIMD2<Double>] {
        // Directed boundary edges with the region on the left; direction 0 +x, 1 +z, 2 −x, 3 −z.
        var from: [Int] = []
        var direction: [UInt8] = []
        var outgoing: [Int: [Int]] = [:]
        let stride = w + 1
        func add(_ x: Int, _ z: Int, _ dir: UInt8) {
            let key = z * stride + x
            outgoing[key, default: []].append(from.count)
            from.append(key)
            direction.append(dir)
        }
        func inside(_ x: Int, _ z: Int) -> Bool { x >= 0 && z >= 0 && x < w && z < d && raster[z * w + x] == label }
        for z in 0..<d {
            for x in 0..<w where raster[z * w + x] == label {
                if !inside(x, z - 1) { add(x, z, 0) }
                if !inside(x + 1, z) { add(x + 1, z, 1) }
                if !inside(x, z + 1) { add(x + 1, z + 1, 2) }
                if !inside(x - 1, z) { add(x, z + 1, 3) }
            }
        }
        let steps: [(Int, Int)] = [(1, 0), (0, 1), (-1, 0), (0, -1)]
        var used = [Bool](repeating: false, count: from.count)
        var best: [SIMD2<Double>] = []
        var bestArea = 0.0
        for start in from.indices where !used[start] {
            var loop: [SIMD2<Double>] = []
            var e = start
            var previous: UInt8 = 255
            while true {
                used[e] = true
                let key = from[e]
                let dir = direction[e]
                if dir != previous { loop.append(SIMD2(Double(key % stride), Double(key / stride))) }
                previous = dir
                let (dx, dz) = steps[Int(dir)]
                let next = key + dz * stride + dx
                let candidates = outgoing[next] ?? []
                var chosen: Int? = nil
                for turn in [(dir + 1) % 4, dir, (dir + 3) % 4] {
                    if let c = candidates.first(where: { direction[$0] == turn && (!used[$0] || $0 == start) }) {
                        chosen = c
                        break
                    }
                }
                guard let c = chosen, c != start else { break }
                e = c
            }
            if loop.count >= 2, direction[start] == previous { loop.removeFirst() }
            let area = FloorPlanGeometry.signedArea(loop)
            if area > bestArea {
                bestArea = area
                best = loop
            }
        }
        return best
    }

    /// The closed polygon simplified by Douglas–Peucker with `tolerance` (same units).
    static func simplify(_ polygon: [SIMD2<Double>], tolerance: Double) -> [SIMD2<Double>] {
        let n = polygon.count
        guard n > 3 else { return polygon }
        // Split at vertex 0 and the vertex farthest from it.
        var far = 0
        var farDistance = 0.0
        for i in 1..<n {
            let dist = FloorPlanGeometry.distance(polygon[i], polygon[0])
            if dist > farDistance {
                farDistance = dist
                far = i
            }
        }
        var keep = [Bool](repeating: false, count: n + 1)
        keep[0] = true
        keep[far] = true
        keep[n] = true
        let closed = polygon + [polygon[0]]
        func recurse(_ a: Int, _ b: Int) {
            guard b > a + 1 else { return }
            let p = closed[a]
            let q = closed[b]
            let length = FloorPlanGeometry.distance(p, q)
            var worst = a
            var worstDistance = 0.0
            for i in (a + 1)..<b {
                let r = closed[i]
                let dist: Double
                if length < 1e-12 {
                    dist = FloorPlanGeometry.distance(r, p)
                } else {
                    let u = (q - p) / length
                    dist = abs((r - p).x * u.y - (r - p).y * u.x)
                }
                if dist > worstDistance {
                    worstDistance = dist
                    worst = i
                }
            }
            if worstDistance > tolerance {
                keep[worst] = true
                recurse(a, worst)
                recurse(worst, b)
            }
        }
        recurse(0, far)
        recurse(far, n)
        return (0..<n).filter { keep[$0] }.map { closed[$0] }
    }
}
