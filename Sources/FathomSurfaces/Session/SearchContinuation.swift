/// A found surface kept so that the same search can continue on the same cloud once points have
/// been appended to it (`SurfaceFinder.find(_:continuing:)`), instead of growing the whole object
/// again: a live preview on a fused cloud that grows every frame.
///
/// It holds the fitted model and the inlier band the search grew with, which the public result
/// does not carry. Valid only for a cloud whose first `pointCount` points are the ones it was found
/// in (the session keeps one per point generation).
public struct SearchContinuation: Sendable {
    /// The search that found the surface (its seed refers to the cloud of `pointCount` points).
    public let search: SurfaceSearch
    /// The surface found; its inliers index the cloud of `pointCount` points.
    public let surface: FoundSurface
    /// The number of points of the cloud the surface was found in.
    public let pointCount: Int
    /// The index of the search's seed point in the cloud.
    let seedIndex: Int
    /// The seed point of the search, metres.
    let seedPosition: SIMD3<Float>
    /// The fitted model, double precision.
    let model: SurfaceModel
    /// The half-width of the inlier band the region was grown and confirmed with, metres.
    let band: Double

    /// A continuation from a solution found over a cloud of `pointCount` points.
    init(
        search: SurfaceSearch, surface: FoundSurface, pointCount: Int, seedIndex: Int, seedPosition: SIMD3<Float>,
        model: SurfaceModel, band: Double
    ) {
        self.search = search
        self.surface = surface
        self.pointCount = pointCount
        self.seedIndex = seedIndex
        self.seedPosition = seedPosition
        self.model = model
        self.band = band
    }
}
