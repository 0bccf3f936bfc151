/// Plane geometry on `[x, z]` points (metres) used by floor plans.
///
/// Orientation: the plan's 2D point is (x, z) of a right-handed world with +y up. Seen from
/// above (looking down −y), +x points right and +z points *down* the page, so a polygon that is
/// counter-clockwise seen from above has a *negative* shoelace sum over (x, z).
public enum FloorPlanGeometry {
    /// Euclidean distance between two points, metres.
    @inlinable
    public static func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let d = a - b
        return (d * d).sum().squareRoot()
    }

    /// Shoelace sum ½·Σ (xᵢ·zᵢ₊₁ − xᵢ₊₁·zᵢ), square metres: negative for counter-clockwise seen from above.
    public static func signedArea(_ polygon: [SIMD2<Double>]) -> Double {
        guard polygon.count >= 3 else { return 0 }
        var sum = 0.0
        for i in polygon.indices {
            let a = polygon[i]
            let b = polygon[(i + 1) % polygon.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum / 2
    }

    /// Perimeter of a closed polygon, metres.
    public static func perimeter(_ polygon: [SIMD2<Double>]) -> Double {
        guard polygon.count >= 2 else { return 0 }
        var sum = 0.0
        for i in polygon.indices { sum += distance(polygon[i], polygon[(i + 1) % polygon.count]) }
        return sum
    }

    /// The polygon, reversed if needed so that it runs counter-clockwise seen from above (+y).
    public static func counterClockwiseFromAbove(_ polygon: [SIMD2<Double>]) -> [SIMD2<Double>] {
        signedArea(polygon) > 0 ? Array(polygon.reversed()) : polygon
    }

    /// Whether `point` lies inside the polygon (even-odd rule; points on an edge may go either way).
    public static func contains(_ polygon: [SIMD2<Double>], _ point: SIMD2<Double>) -> Bool {
        var inside = false
        var j = polygon.count - 1
        for i in polygon.indices {
            let a = polygon[i], b = polygon[j]
            if (a.y > point.y) != (b.y > point.y) {
                let x = a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x)
                if point.x < x { inside.toggle() }
            }
            j = i
        }
        return inside
    }
}
