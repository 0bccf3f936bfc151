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
        case .rectangle(let r): r.intersect(o, d, tMin: tMin, tMax: tMax)
        case .polygon(let p): p.intersect(o, d, tMin: tMin, tMax: tMax)
        case .primitive(let g): g.intersect(o, d, tMin: tMin, tMax: tMax)?.t
        }
    }

    /// The unit normal at a hit found by `intersect` (orientation arbitrary).
    func normal(_ o: SIMD3<Float>, _ d: SIMD3<Float>, t: Float) -> SIMD3<Float> {
        switch self {
        case .rectangle(let r): return r.normal
        case .polygon(let p): return p.normal
        case .primitive(let g):
            // Re-intersect just before the hit to recover the local normal.
            let n =
                g.intersect(o, d, tMin: t - max(1e-4, t * 1e-4), tMax: t + max(1e-4, t * 1e-4))?.localNormal
                ?? SIMD3(0, 1, 0)
            return g.worldFromLocal.applyToDirection(n)
        }
    }

    /// Exact distance from `p` to the surface, metres.
    func distance(to p: SIMD3<Float>) -> Float {
        switch self {
        case .rectangle(let r): r.distance(to: p)
        case .polygon(let g): g.distance(to: p)
        case .primitive(let g): g.distance(to: p)
        }
    }

    /// Bounding sphere (centre, radius).
    var boundingSphere: SIMD4<Float> {
        switch self {
        case .rectangle(let r):
            return SIMD4(r.center, (r.width * r.width + r.height * r.height).squareRoot() / 2 + 1e-4)
        case .polygon(let p): return SIMD4(p.boundingCenter, p.boundingRadius + 1e-4)
        case .primitive(let g): return SIMD4(g.boundingCenter, g.boundingRadius + 1e-4)
        }
    }

    var area: Float {
        switch self {
        case .rectangle(let r): r.area
        case .polygon(let p): p.area
        case .primitive(let g): g.area
        }
    }

    /// A uniformly distributed surface point and a unit normal (orientation as stored).
    func samplePoint<G: RandomNumberGenerator>(using g: inout G) -> (point: SIMD3<Float>, normal: SIMD3<Float>) {
        switch self {
        case .rectangle(let r):
            let a = Float.random(in: 0...r.width, using: &g)
            let b = Float.random(in: 0...r.height, using: &g)
            return (r.origin + r.u * a + r.v * b, r.normal)
        case .polygon(let p):
            while true {
                let x = Float.random(in: p.minXZ.x...p.maxXZ.x, using: &g)
                let z = Float.random(in: p.minXZ.y...p.maxXZ.y, using: &g)
                if p.contains(x: x, z: z) { return (SIMD3(x, p.y, z), p.normal) }
            }
        case .primitive(let pg):
            return pg.samplePoint(using: &g)
        }
    }
}
