import Foundation

/// A primitive object in its local frame plus the transforms to and from the world.
///
/// Intersections are exact: quadratics for sphere, cylinder and cone, slabs for the box; the torus is
/// found by marching its exact signed distance (never overshooting the first root) and bisecting the
/// bracketed root.
struct PrimitiveGeometry: Sendable, Equatable {
    var shape: PrimitiveShape
    var worldFromLocal: RigidTransform
    var localFromWorld: RigidTransform
    var boundingCenter: SIMD3<Float>
    var boundingRadius: Float

    /// Smallest march step for the torus, as a fraction of the tube radius: rays passing the tube
    /// closer than this to tangency may be reported as misses.
    static let torusMinimumStepFraction: Float = 0.01
    /// The torus march's convergence threshold on the signed distance, metres.
    static let torusHitTolerance: Float = 1e-6
    /// Iteration cap of the torus march.
    static let torusMaximumSteps = 4000

    init(shape: PrimitiveShape, worldFromLocal: RigidTransform) {
        self.shape = shape
        self.worldFromLocal = worldFromLocal
        localFromWorld = worldFromLocal.inverse
        let localCenter: SIMD3<Float>
        let radius: Float
        switch shape {
        case .box(let size): (localCenter, radius) = (.zero, size.length / 2)
        case .sphere(let r): (localCenter, radius) = (.zero, r)
        case .cylinder(let r, let h, _): (localCenter, radius) = (SIMD3(0, h / 2, 0), (r * r + h * h / 4).squareRoot())
        case .cone(let r0, let r1, let h, _):
            let r = max(r0, r1)
            (localCenter, radius) = (SIMD3(0, h / 2, 0), (r * r + h * h / 4).squareRoot())
        case .torus(let big, let small): (localCenter, radius) = (.zero, big + small)
        }
        boundingCenter = worldFromLocal.apply(to: localCenter)
        boundingRadius = radius
    }

    // MARK: Intersection

    /// The first hit in `(tMin, tMax)` of the world ray `o + t·d` (`d` unit): distance and local normal
    /// (outward, not yet flipped towards the ray).
    @inline(__always)
    func intersect(_ wo: SIMD3<Float>, _ wd: SIMD3<Float>, tMin: Float, tMax: Float) -> (
        t: Float, localNormal: SIMD3<Float>
    )? {
        let o = localFromWorld.apply(to: wo)
        let d = localFromWorld.applyToDirection(wd)
        switch shape {
        case .box(let size): return Self.intersectBox(o, d, half: size / 2, tMin, tMax)
        case .sphere(let r): return Self.intersectSphere(o, d, r, tMin, tMax)
        case .cylinder(let r, let h, let capped): return Self.intersectCone(o, d, r, r, h, capped, tMin, tMax)
        case .cone(let r0, let r1, let h, let capped): return Self.intersectCone(o, d, r0, r1, h, capped, tMin, tMax)
        case .torus(let big, let small): return Self.intersectTorus(o, d, big, small, tMin, tMax)
        }
    }

    static func intersectSphere(_ o: SIMD3<Float>, _ d: SIMD3<Float>, _ r: Float, _ tMin: Float, _ tMax: Float)
        -> (t: Float, localNormal: SIMD3<Float>)?
    {
        let b = o.dot(d)
        let c = o.dot(o) - r * r
        let disc = b * b - c
        guard disc >= 0 else { return nil }
        let s = disc.squareRoot()
        for t in [-b - s, -b + s] where t > tMin && t < tMax {
            return (t, (o + d * t) / r)
        }
        return nil
    }

    static func intersectBox(_ o: SIMD3<Float>, _ d: SIMD3<Float>, half: SIMD3<Float>, _ tMin: Float, _ tMax: Float)
        -> (t: Float, localNormal: SIMD3<Float>)?
    {
        var tNear = -Float.infinity
        var tFar = Float.infinity
        for i in 0..<3 {
            if abs(d[i]) < 1e-12 {
                if abs(o[i]) > half[i] { return nil }
            } else {
                let t1 = (-half[i] - o[i]) / d[i]
                let t2 = (half[i] - o[i]) / d[i]
                tNear = max(tNear, min(t1, t2))
                tFar = min(tFar, max(t1, t2))
            }
        }
        guard tNear <= tFar else { return nil }
        let t: Float
        if tNear > tMin && tNear < tMax {
            t = tNear
        } else if tFar > tMin && tFar < tMax {
            t = tFar
        } else {
            return nil
        }
        let p = o + d * t
        let q = SIMD3(abs(p.x) / half.x, abs(p.y) / half.y, abs(p.z) / half.z)
        var n = SIMD3<Float>.zero
        if q.x >= q.y && q.x >= q.z {
            n.x = p.x >= 0 ? 1 : -1
        } else if q.y >= q.z {
            n.y = p.y >= 0 ? 1 : -1
        } else {
            n.z = p.z >= 0 ? 1 : -1
        }
        return (t, n)
    }

    /// Cone frustum (cylinder when `r0 == r1`) along +Y from 0 to `h`.
    static func intersectCone(
        _ o: SIMD3<Float>, _ d: SIMD3<Float>, _ r0: Float, _ r1: Float, _ h: Float, _ capped: Bool,
        _ tMin: Float, _ tMax: Float
    ) -> (t: Float, localNormal: SIMD3<Float>)? {
        let k = (r1 - r0) / h
        var best: Float = tMax
        var normal = SIMD3<Float>.zero
        // Side: x² + z² = (r0 + k·y)².
        let ro = r0 + k * o.y
        let a = d.x * d.x + d.z * d.z - k * k * d.y * d.y
        let b = o.x * d.x + o.z * d.z - k * ro * d.y
        let c = o.x * o.x + o.z * o.z - ro * ro
        var roots: (Float, Float)? = nil
        if abs(a) > 1e-9 {
            let disc = b * b - a * c
            if disc >= 0 {
                let s = disc.squareRoot()
                let t1 = (-b - s) / a
                let t2 = (-b + s) / a
                roots = (min(t1, t2), max(t1, t2))
            }
        } else if abs(b) > 1e-12 {
            let t = -c / (2 * b)
            roots = (t, t)
        }
        if let (t1, t2) = roots {
            for t in [t1, t2] where t > tMin && t < best {
                let p = o + d * t
                if p.y >= 0 && p.y <= h {
                    let radial = SIMD3<Float>(p.x, 0, p.z)
                    let rho = radial.length
                    // Gradient of x² + z² − r(y)²: (x, −k·r(y), z); on the surface |(x, z)| = r(y).
                    let g = rho > 1e-9 ? SIMD3(p.x / rho, -k, p.z / rho) : SIMD3<Float>(0, k < 0 ? 1 : -1, 0)
                    best = t
                    normal = g / g.length
                    break
                }
            }
        }
        if capped && abs(d.y) > 1e-12 {
            for (y, r, ny) in [(Float(0), r0, Float(-1)), (h, r1, Float(1))] where r > 0 {
                let t = (y - o.y) / d.y
                if t > tMin && t < best {
                    let x = o.x + d.x * t
                    let z = o.z + d.z * t
                    if x * x + z * z <= r * r {
                        best = t
                        normal = SIMD3(0, ny, 0)
                    }
                }
            }
        }
        return best < tMax ? (best, normal) : nil
    }

    /// Signed distance to a torus with axis +Y.
    @inline(__always)
    static func torusSignedDistance(_ p: SIMD3<Float>, _ big: Float, _ small: Float) -> Float {
        let q = (p.x * p.x + p.z * p.z).squareRoot() - big
        return (q * q + p.y * p.y).squareRoot() - small
    }

    static func torusNormal(_ p: SIMD3<Float>, _ big: Float) -> SIMD3<Float> {
        let rho = (p.x * p.x + p.z * p.z).squareRoot()
        guard rho > 1e-9 else { return SIMD3(0, p.y >= 0 ? 1 : -1, 0) }
        let f = 1 - big / rho
        let n = SIMD3(p.x * f, p.y, p.z * f)
        return n.normalized ?? SIMD3(0, 1, 0)
    }

    static func intersectTorus(
        _ o: SIMD3<Float>, _ d: SIMD3<Float>, _ big: Float, _ small: Float, _ tMin: Float,
        _ tMax: Float
    ) -> (t: Float, localNormal: SIMD3<Float>)? {
        // Clip the ray to the bounding sphere.
        let bound = big + small
        let b = o.dot(d)
        let c = o.dot(o) - bound * bound
        let disc = b * b - c
        guard disc >= 0 else { return nil }
        let s = disc.squareRoot()
        var t = max(tMin, -b - s)
        let tEnd = min(tMax, -b + s)
        guard t < tEnd else { return nil }
        let minStep = small * torusMinimumStepFraction
        var f = torusSignedDistance(o + d * t, big, small)
        let inside = f < 0
        for _ in 0..<torusMaximumSteps {
            if abs(f) < torusHitTolerance && t > tMin {
                return (t, torusNormal(o + d * t, big))
            }
            let tNext = t + max(abs(f), minStep)
            if tNext >= tEnd + minStep { return nil }
            let fNext = torusSignedDistance(o + d * tNext, big, small)
            if (fNext < 0) != inside {
                // Bracketed root in [t, tNext]: bisect.
                var lo = t
                var hi = tNext
                for _ in 0..<40 {
                    let mid = (lo + hi) / 2
                    if (torusSignedDistance(o + d * mid, big, small) < 0) == inside { lo = mid } else { hi = mid }
                    if hi - lo < 1e-7 { break }
                }
                let tHit = (lo + hi) / 2
                guard tHit > tMin, tHit < tMax else { return nil }
                return (tHit, torusNormal(o + d * tHit, big))
            }
            t = tNext
            f = fNext
        }
        return nil
    }

    // MARK: Distance

    /// Exact distance from a world point to the primitive's surface, metres.
    func distance(to wp: SIMD3<Float>) -> Float {
        let p = localFromWorld.apply(to: wp)
        switch shape {
        case .box(let size):
            let h = size / 2
            let q = SIMD3(abs(p.x), abs(p.y), abs(p.z)) - h
            if q.x <= 0 && q.y <= 0 && q.z <= 0 { return -max(q.x, max(q.y, q.z)) }
            return pointwiseMax(q, .zero).length
        case .sphere(let r):
            return abs(p.length - r)
        case .cylinder(let r, let h, let capped):
            return Self.profileDistance(p, r, r, h, capped)
        case .cone(let r0, let r1, let h, let capped):
            return Self.profileDistance(p, r0, r1, h, capped)
        case .torus(let big, let small):
            return abs(Self.torusSignedDistance(p, big, small))
        }
    }

    /// Distance to a surface of revolution about +Y whose meridian is the side segment
    /// (r0, 0)–(r1, h) plus, when capped, the cap segments to the axis.
    static func profileDistance(_ p: SIMD3<Float>, _ r0: Float, _ r1: Float, _ h: Float, _ capped: Bool) -> Float {
        let q = SIMD2((p.x * p.x + p.z * p.z).squareRoot(), p.y)
        var best = PolygonMath.distanceToSegment(q, SIMD2(r0, 0), SIMD2(r1, h))
        if capped {
            if r0 > 0 { best = min(best, PolygonMath.distanceToSegment(q, SIMD2(0, 0), SIMD2(r0, 0))) }
            if r1 > 0 { best = min(best, PolygonMath.distanceToSegment(q, SIMD2(0, h), SIMD2(r1, h))) }
        }
        return best
    }

    // MARK: Truth, area, sampling

    var truth: PrimitiveTruth {
        let axis = worldFromLocal.applyToDirection(SIMD3(0, 1, 0))
        let origin = worldFromLocal.translation
        switch shape {
        case .box(let size): return .box(center: origin, rotation: worldFromLocal.rotation, size: size)
        case .sphere(let r): return .sphere(center: origin, radius: r)
        case .cylinder(let r, let h, let capped):
            return .cylinder(baseCenter: origin, axis: axis, radius: r, height: h, capped: capped)
        case .cone(let r0, let r1, let h, let capped):
            return .cone(baseCenter: origin, axis: axis, bottomRadius: r0, topRadius: r1, height: h, capped: capped)
        case .torus(let big, let small): return .torus(center: origin, axis: axis, majorRadius: big, minorRadius: small)
        }
    }

    var area: Float {
        switch shape {
        case .box(let s): return 2 * (s.x * s.y + s.y * s.z + s.x * s.z)
        case .sphere(let r): return 4 * .pi * r * r
        case .cylinder(let r, let h, let capped): return 2 * .pi * r * h + (capped ? 2 * .pi * r * r : 0)
        case .cone(let r0, let r1, let h, let capped):
            let slant = ((r0 - r1) * (r0 - r1) + h * h).squareRoot()
            return .pi * (r0 + r1) * slant + (capped ? .pi * (r0 * r0 + r1 * r1) : 0)
        case .torus(let big, let small): return 4 * .pi * .pi * big * small
        }
    }

    /// A uniformly distributed point of the surface with its outward normal, world space.
    func samplePoint<G: RandomNumberGenerator>(using g: inout G) -> (point: SIMD3<Float>, normal: SIMD3<Float>) {
        let (p, n) = sampleLocal(using: &g)
        return (worldFromLocal.apply(to: p), worldFromLocal.applyToDirection(n))
    }

    private func sampleLocal<G: RandomNumberGenerator>(using g: inout G) -> (SIMD3<Float>, SIMD3<Float>) {
        func unit() -> Float { Float.random(in: 0..<1, using: &g) }
        func disk(_ r: Float, _ y: Float, _ ny: Float) -> (SIMD3<Float>, SIMD3<Float>) {
            let rr = r * unit().squareRoot()
            let a = 2 * Float.pi * unit()
            return (SIMD3(rr * cos(a), y, rr * sin(a)), SIMD3(0, ny, 0))
        }
        switch shape {
        case .box(let s):
            let areas = [s.y * s.z, s.y * s.z, s.x * s.z, s.x * s.z, s.x * s.y, s.x * s.y]
            var pick = unit() * areas.reduce(0, +)
            var face = 5
            for (i, a) in areas.enumerated() {
                if pick < a {
                    face = i
                    break
                }
                pick -= a
            }
            let axis = face / 2
            let sign: Float = face % 2 == 0 ? 1 : -1
            var p = SIMD3((unit() - 0.5) * s.x, (unit() - 0.5) * s.y, (unit() - 0.5) * s.z)
            p[axis] = sign * s[axis] / 2
            var n = SIMD3<Float>.zero
            n[axis] = sign
            return (p, n)
        case .sphere(let r):
            let n = g.nextUnitVector()
            return (n * r, n)
        case .cylinder(let r, let h, let capped):
            let side = 2 * Float.pi * r * h
            let cap = capped ? Float.pi * r * r : 0
            let pick = unit() * (side + 2 * cap)
            if pick < side {
                let a = 2 * Float.pi * unit()
                let n = SIMD3(cos(a), 0, sin(a))
                return (n * r + SIMD3(0, unit() * h, 0), n)
            }
            return pick < side + cap ? disk(r, 0, -1) : disk(r, h, 1)
        case .cone(let r0, let r1, let h, let capped):
            let slant = ((r0 - r1) * (r0 - r1) + h * h).squareRoot()
            let side = Float.pi * (r0 + r1) * slant
            let cap0 = capped ? Float.pi * r0 * r0 : 0
            let cap1 = capped ? Float.pi * r1 * r1 : 0
            let pick = unit() * (side + cap0 + cap1)
            if pick < side {
                let k = (r1 - r0) / h
                let rMax = max(r0, r1)
                var y: Float = 0
                repeat { y = unit() * h } while unit() * rMax > r0 + k * y
                let a = 2 * Float.pi * unit()
                let r = r0 + k * y
                let radial = SIMD3(cos(a), 0, sin(a))
                let n = SIMD3(radial.x, -k, radial.z)
                return (radial * r + SIMD3(0, y, 0), n / n.length)
            }
            return pick < side + cap0 ? disk(r0, 0, -1) : disk(r1, h, 1)
        case .torus(let big, let small):
            while true {
                let u = 2 * Float.pi * unit()
                let v = 2 * Float.pi * unit()
                if unit() * (big + small) <= big + small * cos(v) {
                    let radial = SIMD3(cos(u), 0, sin(u))
                    let n = radial * cos(v) + SIMD3(0, sin(v), 0)
                    return (radial * big + n * small, n)
                }
            }
        }
    }
}
