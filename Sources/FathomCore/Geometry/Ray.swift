/// A half-line from `origin` along the unit vector `direction`.
public struct Ray: Hashable, Sendable {
    /// The start point, metres.
    public var origin: SIMD3<Float>
    /// The unit direction.
    public var direction: SIMD3<Float>

    /// Creates a ray; `nil` when `direction` has zero length or either argument is not finite.
    public init?(origin: SIMD3<Float>, direction: SIMD3<Float>) {
        guard origin.isFinite, let d = direction.normalized else { return nil }
        self.origin = origin
        self.direction = d
    }

    /// Creates a ray without validation; `direction` must be a unit vector.
    @inlinable
    public init(unchecked origin: SIMD3<Float>, direction: SIMD3<Float>) {
        self.origin = origin
        self.direction = direction
    }

    /// The point at distance `t` (metres) along the ray.
    @inlinable
    public func point(at t: Float) -> SIMD3<Float> { origin + direction * t }

    /// The distance from `point` to the ray's supporting line.
    @inlinable
    public func distanceToLine(_ point: SIMD3<Float>) -> Float {
        let v = point - origin
        return (v - direction * v.dot(direction)).length
    }

    /// The ray mapped by a rigid transform (`worldFromCamera.apply(to: cameraRay)`).
    public func transformed(by transform: RigidTransform) -> Ray {
        Ray(unchecked: transform.apply(to: origin), direction: transform.applyToDirection(direction))
    }

    /// The distance `t ≥ 0` at which the ray meets the plane through `point` with normal `normal`, or
    /// `nil` when it is parallel to the plane or the plane lies behind the origin.
    public func intersectPlane(point: SIMD3<Float>, normal: SIMD3<Float>) -> Float? {
        let denom = direction.dot(normal)
        guard abs(denom) > 1e-8 else { return nil }
        let t = (point - origin).dot(normal) / denom
        return t >= 0 ? t : nil
    }
}
