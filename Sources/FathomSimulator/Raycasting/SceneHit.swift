/// Where a ray meets the scene first.
public struct SceneHit: Sendable, Equatable {
    /// Distance along the ray, metres.
    public var distance: Float
    /// The hit point, world metres.
    public var point: SIMD3<Float>
    /// Unit surface normal at the hit, facing the ray (`normal · ray.direction ≤ 0`).
    public var normal: SIMD3<Float>
    /// The surface hit: an index into `SimulatedScene.surfaces`.
    public var surfaceID: Int
    /// What the surface is.
    public var kind: SurfaceKind
    /// The surface's albedo (linear RGB, 0…1) at the hit, texture included.
    public var albedo: SIMD3<Float>

    /// Creates a hit.
    public init(
        distance: Float, point: SIMD3<Float>, normal: SIMD3<Float>, surfaceID: Int, kind: SurfaceKind,
        albedo: SIMD3<Float>
    ) {
        self.distance = distance
        self.point = point
        self.normal = normal
        self.surfaceID = surfaceID
        self.kind = kind
        self.albedo = albedo
    }
}
