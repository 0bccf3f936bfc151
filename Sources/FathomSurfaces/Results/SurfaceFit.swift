/// The part every found surface shares: how well it fits and which points it covers.
public struct SurfaceFit: Sendable, Hashable {
    /// The root mean square of the inliers' orthogonal distances to the surface, metres.
    public var rms: Float
    /// The indices (into the searched cloud) of the inliers, ascending.
    public var inlierIndices: [Int]
    /// The number of points in the searched cloud.
    public var pointCount: Int
    /// How the type was decided when a smart conversion could apply (`nil` for searches without one).
    public var typeDecision: SurfaceTypeDecision?

    /// Creates a fit summary.
    public init(rms: Float, inlierIndices: [Int], pointCount: Int, typeDecision: SurfaceTypeDecision? = nil) {
        self.rms = rms
        self.inlierIndices = inlierIndices
        self.pointCount = pointCount
        self.typeDecision = typeDecision
    }

    /// The number of inliers.
    public var inlierCount: Int { inlierIndices.count }
}
