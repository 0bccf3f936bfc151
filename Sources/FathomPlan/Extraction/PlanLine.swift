import Foundation

/// An infinite line in the plan, `point + direction·t` (metres, `direction` of unit length).
struct PlanLine: Sendable, Equatable {
    /// A point on the line, `[x, z]` metres.
    var origin: SIMD2<Double>
    /// Unit direction.
    var direction: SIMD2<Double>

    /// Lines closer to parallel than this (|sin| of the angle) have no useful intersection.
    static let parallelSine = 0.05

    /// The unit normal, the direction turned +90° in (x, z).
    var normal: SIMD2<Double> { SIMD2(-direction.y, direction.x) }

    /// The point at coordinate `t`, metres.
    func point(at t: Double) -> SIMD2<Double> { origin + direction * t }
    /// The coordinate of the projection of `p`, metres.
    func coordinate(of p: SIMD2<Double>) -> Double { ((p - origin) * direction).sum() }
    /// Distance of `p` along the normal, metres.
    func signedDistance(to p: SIMD2<Double>) -> Double { ((p - origin) * normal).sum() }

    /// |sin| of the angle between the two lines' directions.
    func sine(with other: PlanLine) -> Double {
        abs(direction.x * other.direction.y - direction.y * other.direction.x)
    }

    /// The intersection point, or nil when the lines are nearly parallel.
    func intersection(with other: PlanLine) -> SIMD2<Double>? {
        let cross = direction.x * other.direction.y - direction.y * other.direction.x
        guard abs(cross) > Self.parallelSine else { return nil }
        let d = other.origin - origin
        let t = (d.x * other.direction.y - d.y * other.direction.x) / cross
        return point(at: t)
    }

    /// The total-least-squares line through the points, or nil for fewer than two distinct points.
    static func fit(_ points: [SIMD2<Double>]) -> PlanLine? {
        guard points.count >= 2 else { return nil }
        var mean = SIMD2<Double>.zero
        for p in points { mean += p }
        mean /= Double(points.count)
        var sxx = 0.0
        var sxy = 0.0
        var syy = 0.0
        for p in points {
            let d = p - mean
            sxx += d.x * d.x
            sxy += d.x * d.y
            syy += d.y * d.y
        }
        guard sxx + syy > 1e-12 else { return nil }
        // Direction of the larger eigenvalue of [[sxx, sxy], [sxy, syy]].
        let angle = 0.5 * atan2(2 * sxy, sxx - syy)
        return PlanLine(origin: mean, direction: SIMD2(cos(angle), sin(angle)))
    }
}
