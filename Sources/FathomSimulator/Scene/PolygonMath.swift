/// Floor-plan polygon helpers (`[x, z]` vertices).
enum PolygonMath {
    /// Whether `p` lies inside the polygon (even-odd rule).
    static func contains(_ p: SIMD2<Float>, polygon: [SIMD2<Float>]) -> Bool {
        var inside = false
        var j = polygon.count - 1
        for i in 0..<polygon.count {
            let a = polygon[i]
            let b = polygon[j]
            if (a.y > p.y) != (b.y > p.y) {
                let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
                if p.x < x { inside.toggle() }
            }
            j = i
        }
        return inside
    }

    /// Signed area, positive for counter-clockwise seen from above (+Y).
    ///
    /// Seen from above with x to the right, +z points towards the viewer's bottom; the shoelace sum
    /// over (x, z) is therefore negated so that counter-clockwise-from-above is positive.
    static func signedArea(_ polygon: [SIMD2<Float>]) -> Float {
        var s: Float = 0
        for i in 0..<polygon.count {
            let a = polygon[i]
            let b = polygon[(i + 1) % polygon.count]
            s += a.x * b.y - b.x * a.y
        }
        return -s / 2
    }

    /// The distance from `p` to the segment `a`–`b`.
    static func distanceToSegment(_ p: SIMD2<Float>, _ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Float {
        let ab = b - a
        let ap = p - a
        let l2 = (ab * ab).sum()
        let t = l2 > 0 ? max(0, min(1, (ap * ab).sum() / l2)) : 0
        let d = ap - ab * t
        return ((d * d).sum()).squareRoot()
    }

    /// The distance from `p` to the polygon's boundary.
    static func distanceToBoundary(_ p: SIMD2<Float>, polygon: [SIMD2<Float>]) -> Float {
        var best = Float.infinity
        for i in 0..<polygon.count {
            best = min(best, distanceToSegment(p, polygon[i], polygon[(i + 1) % polygon.count]))
        }
        return best
    }

    /// Whether segments `a`–`b` and `c`–`d` intersect properly (crossing interiors) or touch.
    static func segmentsIntersect(_ a: SIMD2<Float>, _ b: SIMD2<Float>, _ c: SIMD2<Float>, _ d: SIMD2<Float>) -> Bool {
        func cross(_ o: SIMD2<Float>, _ p: SIMD2<Float>, _ q: SIMD2<Float>) -> Float {
            (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x)
        }
        let d1 = cross(c, d, a)
        let d2 = cross(c, d, b)
        let d3 = cross(a, b, c)
        let d4 = cross(a, b, d)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
        return false
    }

    /// Whether the polygon is simple: no two non-adjacent edges cross, no repeated vertex.
    static func isSimple(_ polygon: [SIMD2<Float>]) -> Bool {
        let n = polygon.count
        for i in 0..<n {
            for j in stride(from: i + 1, to: n, by: 1) where polygon[i] == polygon[j] { return false }
        }
        for i in 0..<n {
            for j in stride(from: i + 2, to: n, by: 1) {
                if i == 0 && j == n - 1 { continue }
                if segmentsIntersect(polygon[i], polygon[(i + 1) % n], polygon[j], polygon[(j + 1) % n]) {
                    return false
                }
            }
        }
        return true
    }
}
