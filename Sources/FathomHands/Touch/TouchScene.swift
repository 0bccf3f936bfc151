import FathomCore

/// The real-world geometry touches land on: bounded support surfaces and, optionally, a point cloud
/// (LiDAR or feature points) for everything else.
///
/// The index over the point cloud is built once, at initialisation, and reused by every query; the
/// scene is an immutable value and safe to query from any thread.
public struct TouchScene: Sendable {
    /// The support surfaces.
    public let surfaces: [TouchSurface]
    /// The point cloud positions (world, metres), possibly empty.
    public let points: [SIMD3<Float>]
    let cloudIndex: SpatialIndex?

    /// Creates a scene; `cloud` may be empty.
    public init(surfaces: [TouchSurface], cloud: PointCloud = PointCloud()) {
        self.surfaces = surfaces
        points = cloud.positions
        cloudIndex = cloud.isEmpty ? nil : SpatialIndex(positions: cloud.positions)
    }

    /// Where `ray` first meets the scene, or `nil` when it meets nothing within
    /// `configuration.maximumDistance`.
    ///
    /// The nearest surface hit within its extent wins; only when no surface is hit is the point cloud
    /// searched: the ray is marched in steps of `configuration.pointCloudHitRadius`, and the first step
    /// whose neighbourhood holds at least `configuration.minimumPointCloudHits` points within that
    /// radius of the ray (and in front of its origin) gives the hit, at the mean distance along the ray
    /// of those points.
    public func hit(_ ray: Ray, configuration: TouchConfiguration = TouchConfiguration()) -> TouchHit? {
        var best: TouchHit?
        for (i, surface) in surfaces.enumerated() {
            guard let t = surface.intersectionDistance(with: ray), t <= configuration.maximumDistance,
                  t < (best?.distance ?? .infinity)
            else { continue }
            let n = ray.direction.dot(surface.normal) > 0 ? -surface.normal : surface.normal
            best = TouchHit(position: ray.point(at: t), liftDirection: n, distance: t, target: .surface(i))
        }
        if best != nil { return best }
        return pointCloudHit(ray, configuration: configuration)
    }

    /// How far the search sphere around each marching step reaches, in units of the hit radius: it
    /// covers the cylinder slice of one step (√(1 + ¼) ≈ 1.12) with room to spare.
    static let marchingSphereFactor: Float = 1.2

    func pointCloudHit(_ ray: Ray, configuration c: TouchConfiguration) -> TouchHit? {
        guard let index = cloudIndex, c.pointCloudHitRadius > 0 else { return nil }
        let r = c.pointCloudHitRadius
        var t: Float = 0
        while t <= c.maximumDistance {
            var n = 0
            var sumT: Float = 0
            index.forEachNeighbor(of: ray.point(at: t), radius: r * Self.marchingSphereFactor) { i, _ in
                let p = points[i]
                let along = (p - ray.origin).dot(ray.direction)
                guard along >= 0, ray.distanceToLine(p) <= r else { return }
                n += 1
                sumT += along
            }
            if n >= c.minimumPointCloudHits {
                let meanT = sumT / Float(n)
                return TouchHit(position: ray.point(at: meanT), liftDirection: -ray.direction, distance: meanT,
                                target: .pointCloud)
            }
            t += r
        }
        return nil
    }
}
