/// A found cone, cut to the inliers' extent along its axis.
///
/// Axis sign rule: the axis points from the apex into the opening; `bottom` is the end nearer the
/// apex (the smaller radius) and `top` the farther one.
public struct ConeSurface: Sendable, Hashable {
    /// The unit axis, from the apex into the opening.
    public var axis: SIMD3<Float>
    /// The apex, metres.
    public var apex: SIMD3<Float>
    /// The axis point of the inliers' extent nearest the apex, metres.
    public var bottom: SIMD3<Float>
    /// The axis point of the inliers' extent farthest from the apex, metres.
    public var top: SIMD3<Float>
    /// The radius at `bottom`, metres.
    public var bottomRadius: Float
    /// The radius at `top`, metres.
    public var topRadius: Float
    /// The half opening angle, radians.
    public var halfAngle: Float
    /// Fit quality and inliers.
    public var fit: SurfaceFit

    /// Creates a cone result.
    public init(
        axis: SIMD3<Float>, apex: SIMD3<Float>, bottom: SIMD3<Float>, top: SIMD3<Float>, bottomRadius: Float,
        topRadius: Float, halfAngle: Float, fit: SurfaceFit
    ) {
        self.axis = axis
        self.apex = apex
        self.bottom = bottom
        self.top = top
        self.bottomRadius = bottomRadius
        self.topRadius = topRadius
        self.halfAngle = halfAngle
        self.fit = fit
    }

    /// The half opening angle, degrees.
    public var halfAngleDegrees: Float { halfAngle * 180 / .pi }
}
