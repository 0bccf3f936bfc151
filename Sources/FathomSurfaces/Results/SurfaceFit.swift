/// The part every found surface shares: how well it fits and which points it covers.
public struct SurfaceFit: Sendable, Hashable {
    /// The root mean square of the inliers' orthogonal distances to the surface, metres.
    public var rms: Float
    /// The indices (into the searched cloud) of the inliers, ascending.
    public var inlierIndices: [Int]
    /// The number of points in the searched cloud.
    public var pointCount: Int

    /// Creates a fit summary.
    public init(rms: Float, inlierIndices: [Int], pointCount: Int) {
        self.rms = rms
        self.inlierIndices = inlierIndices
        self.pointCount = pointCount
    }

    /// The number of inliers.
    public var inlierCount: Int { inlierIndices.count }
}
