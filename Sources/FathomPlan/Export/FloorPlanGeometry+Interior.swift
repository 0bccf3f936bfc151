extension FloorPlanGeometry {
    /// Grid cells per side in the first pass of `labelPoint(_:)`.
    static let labelSearchGridCount = 24
    /// Refinement passes of `labelPoint(_:)`; each shrinks the searched cell by `labelSearchGridCount / 4`.
    static let labelSearchRefinements = 4

    /// Distance from `point` to the segment `a`–`b`, metres.
    public static func distance(_ point: SIMD2<Double>, toSegment a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let ab = b - a
        let lengthSquared = (ab * ab).sum()
        guard lengthSquared > 0 else { return distance(point, a) }
        let t = max(0, min(1, ((point - a) * ab).sum() / lengthSquared))
        return distance(point, a + t * ab)
    }

    /// Distance from `point` to the polygon's outline, metres: positive inside, negative outside.
    public static func signedDistance(_ polygon: [SIMD2<Double>], _ point: SIMD2<Double>) -> Double {
        guard polygon.count >= 2 else { return -.infinity }
        var nearest = Double.infinity
        for i in polygon.indices {
            nearest = min(nearest, distance(point, toSegment: polygon[i], polygon[(i + 1) % polygon.count]))
        }
        return contains(polygon, point) ? nearest : -nearest
    }

    /// A point well inside the polygon for a label: close to the interior point farthest from the
    /// outline (the "pole of inaccessibility"), found by a grid search refined around the best cell.
    /// For a rectangle it is the centre; for an L-shape, the middle of its wider arm.
    /// Returns the vertex mean for a polygon with fewer than three points.
    public static func labelPoint(_ polygon: [SIMD2<Double>]) -> SIMD2<Double> {
        guard polygon.count >= 3 else {
            return polygon.isEmpty ? .zero : polygon.reduce(.zero, +) / Double(polygon.count)
        }
        var lower = polygon[0], upper = polygon[0]
        for p in polygon {
            lower = pointwiseMin(lower, p)
            upper = pointwiseMax(upper, p)
        }
        var best = (lower + upper) / 2
        var bestDistance = signedDistance(polygon, best)
        var centre = best
        var cell = (upper - lower) / Double(labelSearchGridCount)
        let n = labelSearchGridCount
        for pass in 0...labelSearchRefinements {
            let origin = pass == 0 ? lower + cell / 2 : centre - cell * Double(n / 2)
            for i in 0..<n {
                for j in 0..<n {
                    let p = origin + SIMD2(Double(i), Double(j)) * cell
                    let d = signedDistance(polygon, p)
                    if d > bestDistance {
                        bestDistance = d
                        best = p
                    }
                }
            }
            centre = best
            cell /= Double(labelSearchGridCount / 4)
        }
        return best
    }

    /// Triangles covering a simple polygon (ear clipping), as index triples into `polygon`,
    /// each wound like the polygon; at most `count − 2` of them, since vertices that become
    /// collinear with their neighbours are skipped rather than giving zero-area triangles.
    /// - Complexity: O(n²) for n vertices.
    public static func triangulate(_ polygon: [SIMD2<Double>]) -> [(Int, Int, Int)] {
        guard polygon.count >= 3 else { return [] }
        let orientation: Double = signedArea(polygon) >= 0 ? 1 : -1
        var remaining = Array(polygon.indices)
        var triangles: [(Int, Int, Int)] = []
        func cross(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>) -> Double {
            (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        }
        var guardCount = 0
        while remaining.count > 3 && guardCount < remaining.count {
            var clipped = false
            for k in remaining.indices {
                let ia = remaining[(k + remaining.count - 1) % remaining.count]
                let ib = remaining[k]
                let ic = remaining[(k + 1) % remaining.count]
                let a = polygon[ia], b = polygon[ib], c = polygon[ic]
                let turn = cross(a, b, c) * orientation
                if abs(turn) <= 1e-14 {
                    // Collinear: drop the middle vertex, it adds no area.
                    remaining.remove(at: k)
                    clipped = true
                    break
                }
                guard turn > 0 else { continue }
                let blocked = remaining.contains { i in
                    guard i != ia, i != ib, i != ic else { return false }
                    let p = polygon[i]
                    return cross(a, b, p) * orientation >= 0 && cross(b, c, p) * orientation >= 0
                        && cross(c, a, p) * orientation >= 0
                }
                if blocked { continue }
                triangles.append((ia, ib, ic))
                remaining.remove(at: k)
                clipped = true
                break
            }
            guardCount = clipped ? 0 : guardCount + 1
            if !clipped { break }
        }
        if remaining.count == 3 {
            let (a, b, c) = (polygon[remaining[0]], polygon[remaining[1]], polygon[remaining[2]])
            if abs(cross(a, b, c)) > 1e-14 { triangles.append((remaining[0], remaining[1], remaining[2])) }
        } else if remaining.count > 3 {
            // Not simple (self-intersecting): fall back to a fan over what is left.
            for k in 1..<(remaining.count - 1) { triangles.append((remaining[0], remaining[k], remaining[k + 1])) }
        }
        return triangles
    }
}
