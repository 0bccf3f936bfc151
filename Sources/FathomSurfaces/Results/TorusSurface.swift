/// A found torus.
///
/// Axis sign rule: the axis's largest-magnitude component is positive.
public struct TorusSurface: Sendable, Hashable {
    /// The centre, metres.
    public var center: SIMD3<Float>
    /// The unit axis of revolution.
    public var axis: SIMD3<Float>
    /// The mean radius (centre to the tube's centre circle), metres.
    public var meanRadius: Float
    /// The tube radius, metres.
    public var tubeRadius: Float
    /// Fit quality and inliers.
    public var fit: SurfaceFit

    /// Creates a torus result.
    public init(center: SIMD3<Float>, axis: SIMD3<Float>, meanRadius: Float, tubeRadius: Float, fit: SurfaceFit) {
        self.center = center
        self.axis = axis
        self.meanRadius = meanRadius
        self.tubeRadius = tubeRadius
        self.fit = fit
    }
}
