/// A found sphere.
public struct SphereSurface: Sendable, Hashable {
    /// The centre, metres.
    public var center: SIMD3<Float>
    /// The radius, metres.
    public var radius: Float
    /// Fit quality and inliers.
    public var fit: SurfaceFit

    /// Creates a sphere result.
    public init(center: SIMD3<Float>, radius: Float, fit: SurfaceFit) {
        self.center = center
        self.radius = radius
        self.fit = fit
    }
}
