/// A found plane, reported as the bounding rectangle of its inliers.
///
/// The normal points towards the search's viewpoint (the coordinate origin when none was given).
public struct PlaneSurface: Sendable, Hashable {
    /// The centre of the inliers' bounding rectangle, metres.
    public var center: SIMD3<Float>
    /// The unit normal.
    public var normal: SIMD3<Float>
    /// The rectangle's corners, metres, counter-clockwise seen from the normal's side; the rectangle
    /// is aligned with the inliers' principal directions in the plane.
    public var corners: [SIMD3<Float>]
    /// Fit quality and inliers.
    public var fit: SurfaceFit

    /// Creates a plane result.
    public init(center: SIMD3<Float>, normal: SIMD3<Float>, corners: [SIMD3<Float>], fit: SurfaceFit) {
        self.center = center
        self.normal = normal
        self.corners = corners
        self.fit = fit
    }

    /// Width and height of the rectangle, metres.
    public var size: SIMD2<Float> {
        guard corners.count == 4 else { return .zero }
        return SIMD2(corners[0].distance(to: corners[1]), corners[1].distance(to: corners[2]))
    }
}

import FathomCore
