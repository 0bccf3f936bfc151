/// A scene ready for exact queries: ray casting, distances to the true surfaces, per-surface truth.
///
/// Built from a validated `SceneDescription`. Immutable and `Sendable`; share it between threads.
public struct SimulatedScene: Sendable {
    /// The description it was built from.
    public let description: SceneDescription
    /// Every surface with its ground truth; `SceneHit.surfaceID` indexes this array.
    public let surfaces: [SurfaceTruth]
    let geometry: [SurfaceGeometry]
    /// Bounding spheres (centre xyz, radius w), one per surface.
    let boundingSpheres: [SIMD4<Float>]
    /// Materials, one per surface (kept apart so that shading does not copy `SurfaceTruth`).
    let materials: [SurfaceMaterial]

    /// Rays start counting hits beyond this distance, metres (avoids self-hits).
    public static let minimumHitDistance: Float = 1e-5

    /// Builds the scene.
    /// - Throws: `SceneValidationError` when the description is invalid.
    public init(_ description: SceneDescription) throws {
        try description.validate()
        self.description = description
        var builder = SceneBuilder()
        builder.build(description)
        geometry = builder.geometry
        surfaces = builder.truths
        boundingSpheres = builder.geometry.map(\.boundingSphere)
        materials = builder.truths.map(\.material)
    }

    /// The first surface the ray meets within `maxDistance` metres, or `nil`.
    public func raycast(_ ray: Ray, maxDistance: Float = .infinity) -> SceneHit? {
        guard let (t, id) = firstHit(origin: ray.origin, direction: ray.direction, maxDistance: maxDistance) else {
            return nil
        }
        let p = ray.point(at: t)
        var n = geometry[id].normal(ray.origin, ray.direction, t: t)
        if n.dot(ray.direction) > 0 { n = -n }
        return SceneHit(
            distance: t, point: p, normal: n, surfaceID: id, kind: surfaces[id].kind,
            albedo: materials[id].albedo(at: p))
    }

    /// The distance and surface of the first hit of `origin + t·direction` (unit direction) with
    /// `t < maxDistance`.
    @inline(__always)
    func firstHit(origin o: SIMD3<Float>, direction d: SIMD3<Float>, maxDistance: Float) -> (Float, Int)? {
        firstHit(origin: o, direction: d, maxDistance: maxDistance, candidates: 0..<geometry.count)
    }

    /// `firstHit` restricted to the surfaces in `candidates` (e.g. those whose bounds a view can see).
    @inline(__always)
    func firstHit<Candidates: Sequence>(
        origin o: SIMD3<Float>, direction d: SIMD3<Float>, maxDistance: Float, candidates: Candidates
    ) -> (Float, Int)? where Candidates.Element == Int {
        var best = maxDistance
        var bestID = -1
        let tMin = Self.minimumHitDistance
        for k in candidates {
            let s = boundingSpheres[k]
            let oc = SIMD3(s.x, s.y, s.z) - o
            let tca = oc.dot(d)
            let d2 = oc.dot(oc) - tca * tca
            let r2 = s.w * s.w
            if d2 > r2 { continue }
            let thc = (r2 - d2).squareRoot()
            if tca - thc >= best || tca + thc <= tMin { continue }
            if let t = geometry[k].intersect(o, d, tMin: tMin, tMax: best) {
                best = t
                bestID = k
            }
        }
        return bestID >= 0 ? (best, bestID) : nil
    }

    /// The exact orthogonal distance from `p` to the nearest true surface, metres: the accuracy
    /// yardstick for reconstructed points.
    public func distanceToNearestSurface(_ p: SIMD3<Float>) -> Float {
        nearestSurface(to: p).distance
    }

    /// The nearest surface to `p` and its distance, metres (`id` indexes `surfaces`).
    public func nearestSurface(to p: SIMD3<Float>) -> (id: Int, distance: Float) {
        var best = Float.infinity
        var bestID = 0
        for k in 0..<geometry.count {
            let s = boundingSpheres[k]
            // Lower bound from the bounding sphere lets far surfaces be skipped.
            if (SIMD3(s.x, s.y, s.z) - p).length - s.w >= best { continue }
            let d = geometry[k].distance(to: p)
            if d < best {
                best = d
                bestID = k
            }
        }
        return (bestID, best)
    }

    /// The index of the room whose floor polygon contains the floor-plan position of `p` and whose
    /// height range holds `p.y` (or any height when `ignoringHeight`), or `nil`.
    public func room(containing p: SIMD3<Float>, ignoringHeight: Bool = true) -> Int? {
        for (i, room) in description.rooms.enumerated() where room.contains(SIMD2(p.x, p.z)) {
            if ignoringHeight || (p.y >= room.floorY && p.y <= room.floorY + room.height) { return i }
        }
        return nil
    }

    /// The surfaces of the primitive objects (in description order).
    public var objectSurfaces: [SurfaceTruth] { surfaces.filter { $0.objectIndex != nil } }

    /// The surface of the object named `name`, or `nil`.
    public func surface(named name: String) -> SurfaceTruth? { surfaces.first { $0.name == name } }

    /// The axis-aligned bounds of all rooms, metres.
    public var bounds: BoundingBox {
        var box: BoundingBox? = nil
        for room in description.rooms {
            for v in room.polygon {
                let b = BoundingBox(min: SIMD3(v.x, room.floorY, v.y), max: SIMD3(v.x, room.floorY + room.height, v.y))
                box = box?.union(b) ?? b
            }
        }
        return box ?? BoundingBox(min: .zero, max: .zero)
    }

    /// Total area of all surfaces, square metres.
    public var totalArea: Float { surfaces.reduce(0) { $0 + $1.area } }

    /// A uniformly distributed point on surface `id` with the stored normal (world space).
    func samplePoint<G: RandomNumberGenerator>(onSurface id: Int, using g: inout G)
        -> (point: SIMD3<Float>, normal: SIMD3<Float>)
    {
        geometry[id].samplePoint(using: &g)
    }
}
