/// The geometry of one scene surface, world space.
enum SurfaceGeometry: Sendable, Equatable {
    /// A planar rectangle (wall pieces, opening reveals).
    case rectangle(Rectangle3D)
    /// A floor or ceiling polygon.
    case polygon(HorizontalPolygon)
    /// A primitive object.
    case primitive(PrimitiveGeometry)

    /// The first hit in `(tMin, tMax)` and the outward (unflipped) world normal.
    @inline(__always)
    func intersect(_ o: SIMD3<Float>, _ d: SIMD3<Float>, tMin: Float, tMax: Float) -> Float? {
        switch self {
        case let .rectangle(r): r.intersect(o, d, tMin: tMin, tMax: tMax)
        case let .polygon(p): p.intersect(o, d, tMin: tMin, tMax: tMax)
        case let .primitive(g): g.intersect(o, d, tMin: tMin, tMax: tMax)?.t
        }
    }

    /// The unit normal at a hit found by `intersect` (orientation arbitrary).
    func normal(_ o: SIMD3<Float>, _ d: SIMD3<Float>, t: Float) -> SIMD3<Float> {
        switch self {
        case let .rectangle(r): return r.normal
        case let .polygon(p): return p.normal
        case let .primitive(g):
            // Re-intersect just before the hit to recover the local normal.
            let n = g.intersect(o, d, tMin: t - max(1e-4, t * 1e-4), tMax: t + max(1e-4, t * 1e-4))?.localNormal
                ?? SIMD3(0, 1, 0)
            return g.worldFromLocal.applyToDirection(n)
        }
    }

    /// Exact distance from `p` to the surface, metres.
    func distance(to p: SIMD3<Float>) -> Float {
        switch self {
        case let .rectangle(r): r.distance(to: p)
        case let .polygon(g): g.distance(to: p)
        case let .primitive(g): g.distance(to: p)
        }
    }

    /// Bounding sphere (centre, radius).
    var boundingSphere: SIMD4<Float> {
        switch self {
        case let .rectangle(r):
            return SIMD4(r.center, (r.width * r.width + r.height * r.height).squareRoot() / 2 + 1e-4)
        case let .polygon(p): return SIMD4(p.boundingCenter, p.boundingRadius + 1e-4)
        case let .primitive(g): return SIMD4(g.boundingCenter, g.boundingRadius + 1e-4)
        }
    }

    var area: Float {
        switch self {
        case let .rectangle(r): r.area
        case let .polygon(p): p.area
        case let .primitive(g): g.area
        }
    }

    /// A uniformly distributed surface point and a unit normal (orientation as stored).
    func samplePoint<G: RandomNumberGenerator>(using g: inout G) -> (point: SIMD3<Float>, normal: SIMD3<Float>) {
        switch self {
        case let .rectangle(r):
            let a = Float.random(in: 0...r.width, using: &g), b = Float.random(in: 0...r.height, using: &g)
            return (r.origin + r.u * a + r.v * b, r.normal)
        case let .polygon(p):
            while true {
                let x = Float.random(in: p.minXZ.x...p.maxXZ.x, using: &g)
                let z = Float.random(in: p.minXZ.y...p.maxXZ.y, using: &g)
                if p.contains(x: x, z: z) { return (SIMD3(x, p.y, z), p.normal) }
            }
        case let .primitive(pg):
            return pg.samplePoint(using: &g)
        }
    }
}
