/// Where a search starts: a point of the cloud.
public enum SurfaceSeed: Sendable, Hashable {
    /// The point with this index in the cloud.
    case index(Int)
    /// A 3D position, metres; the search starts at the cloud point nearest to it.
    case point(SIMD3<Float>)
}
