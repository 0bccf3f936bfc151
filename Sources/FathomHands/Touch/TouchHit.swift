import FathomCore

/// Where a fingertip ray meets the real world.
public struct TouchHit: Hashable, Sendable {
    /// What the ray hit.
    public enum Target: Hashable, Sendable {
        /// The surface at this index of `TouchScene.surfaces`.
        case surface(Int)
        /// The scene's point cloud.
        case pointCloud
    }

    /// The hit point on the surface or among the points, metres, world space.
    public var position: SIMD3<Float>
    /// The unit direction a touch is lifted along: the surface normal on the ray's side, or back along
    /// the ray for a point-cloud hit.
    public var liftDirection: SIMD3<Float>
    /// The distance from the ray's origin to the hit, metres.
    public var distance: Float
    /// What was hit.
    public var target: Target

    /// Creates a hit record.
    public init(position: SIMD3<Float>, liftDirection: SIMD3<Float>, distance: Float, target: Target) {
        self.position = position
        self.liftDirection = liftDirection
        self.distance = distance
        self.target = target
    }
}
