/// An infinite plane: the points `p` with `normal · p = offset`.
public struct Plane: Hashable, Sendable, Codable {
    /// The unit normal.
    public var normal: SIMD3<Float>
    /// The signed distance of the plane from the origin along `normal`, metres.
    public var offset: Float

    /// Creates the plane through `point` with the given normal; `nil` when the normal has zero length.
    public init?(point: SIMD3<Float>, normal: SIMD3<Float>) {
        guard let n = normal.normalized, point.isFinite else { return nil }
        self.normal = n
        offset = n.dot(point)
    }

    /// The signed distance of `p` from the plane, positive on the normal's side.
    @inlinable
    public func signedDistance(to p: SIMD3<Float>) -> Float { normal.dot(p) - offset }

    /// The orthogonal projection of `p` onto the plane.
    public func projection(of p: SIMD3<Float>) -> SIMD3<Float> { p - normal * signedDistance(to: p) }

    /// The point of the plane nearest the origin.
    public var pointOnPlane: SIMD3<Float> { normal * offset }

    /// The distance along `ray` to the plane, or `nil` if the ray is parallel or points away.
    public func intersection(with ray: Ray) -> Float? { ray.intersectPlane(point: pointOnPlane, normal: normal) }
}
