import FathomCore

extension SurfaceFinder {
    /// Builds the public result of a solution, with canonical signs and the inliers' extents.
    func makeSurface(_ s: Solution, search: SurfaceSearch) -> FoundSurface {
        let fit = SurfaceFit(rms: s.rms, inlierIndices: s.inliers, pointCount: positions.count, typeDecision: s.decision)
        // The inliers in double precision, for the types whose extents they give (spheres and tori
        // need none: a 25 k-entry copy was 1.5% of a sphere search at 100 k points).
        var points: [SIMD3<Double>] {
            s.inliers.map { SIMD3<Double>(positions[$0]) }
        }
        switch s.model {
        case let .plane(q, n0):
            let viewpoint = SIMD3<Double>(search.viewpoint ?? .zero)
            var n = n0
            let side = n.dot(viewpoint - q)
            if side < 0 || (abs(side) < 1e-12 && !Self.isCanonical(n)) { n = -n }
            // The inliers' bounding rectangle along their principal directions in the plane: their
            // moments summed about the plane's point in one pass over the cloud's positions, then one
            // pass for the rectangle (no double-precision copy of the inliers: on a fused cloud the
            // inliers lie scattered through its positions, and every pass over them costs a cache
            // miss per inlier, issue 16 ninth pass).
            var sum = SIMD3<Double>.zero
            var xx = 0.0, xy = 0.0, xz = 0.0, yy = 0.0, yz = 0.0, zz = 0.0
            for i in s.inliers {
                let d = SIMD3<Double>(positions[i]) - q
                sum += d
                xx += d.x * d.x; xy += d.x * d.y; xz += d.x * d.z
                yy += d.y * d.y; yz += d.y * d.z; zz += d.z * d.z
            }
            let k = 1 / Double(max(s.inliers.count, 1))
            let m = sum * k
            let principal = SmallLinearAlgebra.symmetricEigen3(
                xx: xx * k - m.x * m.x, xy: xy * k - m.x * m.y, xz: xz * k - m.x * m.z,
                yy: yy * k - m.y * m.y, yz: yz * k - m.y * m.z, zz: zz * k - m.z * m.z)
            var e1 = principal.vectors.2 - n * principal.vectors.2.dot(n)
            e1 = e1.normalized ?? n.anyPerpendicular
            let e2 = n.cross(e1)
            var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
            for i in s.inliers {
                let d = SIMD3<Double>(positions[i]) - q
                let c = SIMD2(d.dot(e1), d.dot(e2))
                lo = pointwiseMin(lo, c)
                hi = pointwiseMax(hi, c)
            }
            let origin = q - n * 0
            func at(_ a: Double, _ b: Double) -> SIMD3<Float> { SIMD3<Float>(origin + e1 * a + e2 * b) }
            let corners = [at(lo.x, lo.y), at(hi.x, lo.y), at(hi.x, hi.y), at(lo.x, hi.y)]
            let center = at((lo.x + hi.x) / 2, (lo.y + hi.y) / 2)
            return .plane(PlaneSurface(center: center, normal: SIMD3<Float>(n), corners: corners, fit: fit))
        case let .sphere(c, r):
            return .sphere(SphereSurface(center: SIMD3<Float>(c), radius: Float(r), fit: fit))
        case let .cylinder(q, a0, r):
            let a = Self.isCanonical(a0) ? a0 : -a0
            let (lo, hi) = Self.extent(points, from: q, along: a)
            return .cylinder(CylinderSurface(
                axis: SIMD3<Float>(a), bottom: SIMD3<Float>(q + a * lo), top: SIMD3<Float>(q + a * hi),
                radius: Float(r), fit: fit))
        case let .cone(apex, a, t):
            let (lo0, hi) = Self.extent(points, from: apex, along: a)
            let lo = max(lo0, 0)
            return .cone(ConeSurface(
                axis: SIMD3<Float>(a), apex: SIMD3<Float>(apex), bottom: SIMD3<Float>(apex + a * lo),
                top: SIMD3<Float>(apex + a * hi), bottomRadius: Float(lo * tan(t)), topRadius: Float(hi * tan(t)),
                halfAngle: Float(t), fit: fit))
        case let .torus(c, a0, big, small):
            let a = Self.isCanonical(a0) ? a0 : -a0
            return .torus(TorusSurface(
                center: SIMD3<Float>(c), axis: SIMD3<Float>(a), meanRadius: Float(big), tubeRadius: Float(small),
                fit: fit))
        }
    }

    /// Whether a direction follows the fixed sign rule: its largest-magnitude component is positive.
    static func isCanonical(_ a: SIMD3<Double>) -> Bool {
        let m = SIMD3(abs(a.x), abs(a.y), abs(a.z))
        if m.x >= m.y && m.x >= m.z { return a.x >= 0 }
        if m.y >= m.z { return a.y >= 0 }
        return a.z >= 0
    }

    /// The smallest and largest coordinates of `points` along `axis` from `origin`.
    static func extent(_ points: [SIMD3<Double>], from origin: SIMD3<Double>, along axis: SIMD3<Double>)
        -> (Double, Double)
    {
        var lo = Double.infinity, hi = -Double.infinity
        for p in points {
            let h = (p - origin).dot(axis)
            lo = min(lo, h)
            hi = max(hi, h)
        }
        return lo <= hi ? (lo, hi) : (0, 0)
    }
}

import Foundation
