import FathomCore

/// The true primitive of a `SyntheticPrimitiveScene`, world metres (cylinders and cones unbounded).
public enum SyntheticPrimitive: Sendable, Equatable {
    /// A plane through `point` with unit `normal`.
    case plane(point: SIMD3<Float>, normal: SIMD3<Float>)
    /// A sphere.
    case sphere(center: SIMD3<Float>, radius: Float)
    /// An infinite cylinder around the line through `point` along the unit `axis`.
    case cylinder(point: SIMD3<Float>, axis: SIMD3<Float>, radius: Float)
    /// An infinite cone with its apex, unit axis (towards the opening) and half-angle, radians.
    case cone(apex: SIMD3<Float>, axis: SIMD3<Float>, halfAngle: Float)
    /// A torus: centre, unit axis, mean-circle radius and tube radius.
    case torus(center: SIMD3<Float>, axis: SIMD3<Float>, meanRadius: Float, tubeRadius: Float)
}
