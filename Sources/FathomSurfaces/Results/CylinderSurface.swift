/// A found cylinder, cut to the inliers' extent along its axis.
///
/// Axis sign rule: the axis's largest-magnitude component is positive; `bottom` is the end with the
/// smaller coordinate along the axis, so `axis` points from `bottom` to `top`.
public struct CylinderSurface: Sendable, Hashable {
    /// The unit axis.
    public var axis: SIMD3<Float>
    /// The axis point at the inliers' lowest extent along the axis, metres.
    public var bottom: SIMD3<Float>
    /// The axis point at the inliers' highest extent along the axis, metres.
    public var top: SIMD3<Float>
    /// The radius, metres.
    public var radius: Float
    /// Fit quality and inliers.
    public var fit: SurfaceFit

    /// Creates a cylinder result.
    public init(axis: SIMD3<Float>, bottom: SIMD3<Float>, top: SIMD3<Float>, radius: Float, fit: SurfaceFit) {
        self.axis = axis
        self.bottom = bottom
        self.top = top
        self.radius = radius
        self.fit = fit
    }

    /// The length between the end centres, metres.
    public var height: Float { (top - bottom).length }
}

import FathomCore
