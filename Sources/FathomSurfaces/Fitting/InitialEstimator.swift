import FathomCore
import Foundation

/// Candidate primitives from a seed neighbourhood: algebraic fits and minimal samples of oriented
/// points (after Schnabel, Wahl and Klein, "Efficient RANSAC for point-cloud shape detection", 2007),
/// and for surfaces of revolution the axis as the line meeting all normal lines (Plücker coordinates,
/// after Pottmann and Wallner's line-geometric fitting).
enum InitialEstimator {
    /// Random minimal samples tried per type.
    static let sampleCount = 32
    /// Smallest |n₁ × n₂| for two normals to define an axis (about 6°).
    static let minimumNormalSeparation = 0.1
    /// Oriented points per random torus subset.
    static let torusSubsetSize = 10

    /// Candidates of `type` (which must not be `.any`).
    static func candidates(_ type: SurfaceType, _ nb: SeedNeighbourhood, generator: inout SeededGenerator)
        -> [SurfaceModel]
    {
        var out: [SurfaceModel] = []
        let o = nb.oriented
        func pair() -> (Int, Int)? {
            guard o.count >= 2 else { return nil }
            let i = Int.random(in: 0..<o.count, using: &generator)
            var j = Int.random(in: 0..<(o.count - 1), using: &generator)
            if j >= i { j += 1 }
            return (i, j)
        }
        switch type {
        case .plane, .any:
            if let m = OrthogonalDistanceFitter.fitPlane(nb.points) { out.append(m) }
            for _ in 0..<sampleCount where nb.points.count >= 3 {
                let a = nb.points[Int.random(in: 0..<nb.points.count, using: &generator)]
                let b = nb.points[Int.random(in: 0..<nb.points.count, using: &generator)]
                let c = nb.points[Int.random(in: 0..<nb.points.count, using: &generator)]
                if let n = (b - a).cross(c - a).normalized { out.append(.plane(point: a, normal: n)) }
            }
        case .sphere:
            if let m = algebraicSphere(nb.points) { out.append(m) }
            for _ in 0..<sampleCount {
                guard let (i, j) = pair(), let m = sphere(o[i], o[j]) else { continue }
                out.append(m)
            }
        case .cylinder:
            if let m = cylinderFromAllNormals(nb) { out.append(m) }
            for _ in 0..<sampleCount {
                guard let (i, j) = pair(), let m = cylinder(o[i], o[j]) else { continue }
                out.append(m)
            }
        case .cone:
            if let m = coneFromAxis(o) { out.append(m) }
            if o.count > torusSubsetSize {
                for _ in 0..<(sampleCount / 4) {
                    var subset = o
                    for t in 0..<torusSubsetSize {
                        subset.swapAt(t, Int.random(in: t..<subset.count, using: &generator))
                    }
                    if let m = coneFromAxis(Array(subset.prefix(torusSubsetSize))) { out.append(m) }
                }
            }
            for _ in 0..<(sampleCount * 2) where o.count >= 3 {
                let i = Int.random(in: 0..<o.count, using: &generator)
                let j = Int.random(in: 0..<o.count, using: &generator)
                let k = Int.random(in: 0..<o.count, using: &generator)
                guard i != j, j != k, i != k, let m = cone(o[i], o[j], o[k]) else { continue }
                out.append(m)
            }
        case .torus:
            if let m = torus(o) { out.append(m) }
            if o.count > torusSubsetSize {
                for _ in 0..<(sampleCount / 2) {
                    var subset = o
                    for t in 0..<torusSubsetSize {
                        subset.swapAt(t, Int.random(in: t..<subset.count, using: &generator))
                    }
                    if let m = torus(Array(subset.prefix(torusSubsetSize))) { out.append(m) }
                }
            }
        }
        return out.filter(\.isValid)
    }

    // MARK: Spheres

    /// The algebraic (Kåsa) sphere: least squares on |p|² = 2c·p + k.
    static func algebraicSphere(_ points: [SIMD3<Double>]) -> SurfaceModel? {
        guard points.count >= 4 else { return nil }
        var mean = SIMD3<Double>.zero
        for p in points { mean += p }
        mean /= Double(points.count)
        var a = [Double](repeating: 0, count: 16), b = [Double](repeating: 0, count: 4)
        for p in points {
            let d = p - mean
            let row = [2 * d.x, 2 * d.y, 2 * d.z, 1.0]
            let rhs = d.lengthSquared
            for i in 0..<4 {
                b[i] += row[i] * rhs
                for j in 0..<4 { a[i * 4 + j] += row[i] * row[j] }
            }
        }
        guard let x = SmallLinearAlgebra.choleskySolve(a, b, n: 4) else { return nil }
        let c = SIMD3(x[0], x[1], x[2])
        let r2 = x[3] + c.lengthSquared
        guard r2 > 0 else { return nil }
        return .sphere(center: mean + c, radius: r2.squareRoot())
    }

    /// The sphere through two oriented points: the midpoint of their normal lines' closest points.
    static func sphere(_ a: (point: SIMD3<Double>, normal: SIMD3<Double>), _ b: (point: SIMD3<Double>, normal: SIMD3<Double>))
        -> SurfaceModel?
    {
        guard let (s, t) = closestParameters(a.point, a.normal, b.point, b.normal) else { return nil }
        let c = (a.point + a.normal * s + b.point + b.normal * t) / 2
        let r = (a.point.distance(to: c) + b.point.distance(to: c)) / 2
        return .sphere(center: c, radius: r)
    }

    /// Parameters (s, t) of the closest points of lines p + s·d and q + t·e; `nil` when parallel.
    static func closestParameters(_ p: SIMD3<Double>, _ d: SIMD3<Double>, _ q: SIMD3<Double>, _ e: SIMD3<Double>)
        -> (Double, Double)?
    {
        let w = p - q
        let a = d.dot(d), b = d.dot(e), c = e.dot(e), dd = d.dot(w), ee = e.dot(w)
        let den = a * c - b * b
        guard den > 1e-6 * a * c else { return nil }
        return ((b * ee - c * dd) / den, (a * ee - b * dd) / den)
    }

    // MARK: Cylinders

    /// The cylinder whose axis is most perpendicular to all normals, radius from a circle fit of the
    /// points projected along it.
    static func cylinderFromAllNormals(_ nb: SeedNeighbourhood) -> SurfaceModel? {
        guard nb.oriented.count >= 3 else { return nil }
        var xx = 0.0, xy = 0.0, xz = 0.0, yy = 0.0, yz = 0.0, zz = 0.0
        for (_, n) in nb.oriented {
            xx += n.x * n.x; xy += n.x * n.y; xz += n.x * n.z
            yy += n.y * n.y; yz += n.y * n.z; zz += n.z * n.z
        }
        let axis = SmallLinearAlgebra.symmetricEigen3(xx: xx, xy: xy, xz: xz, yy: yy, yz: yz, zz: zz).vectors.0
        let (u, v) = SmallLinearAlgebra.basis(perpendicularTo: axis)
        let flat = nb.oriented.map { SIMD2($0.point.dot(u), $0.point.dot(v)) }
        guard let circle = algebraicCircle(flat) else { return nil }
        let point = u * circle.center.x + v * circle.center.y + axis * nb.seed.dot(axis)
        return .cylinder(point: point, axis: axis, radius: circle.radius)
    }

    /// The cylinder through two oriented points: axis n₁ × n₂, centre where the normals meet in the
    /// cross-section.
    static func cylinder(_ a: (point: SIMD3<Double>, normal: SIMD3<Double>), _ b: (point: SIMD3<Double>, normal: SIMD3<Double>))
        -> SurfaceModel?
    {
        let c = a.normal.cross(b.normal)
        guard c.length > minimumNormalSeparation, let axis = c.normalized else { return nil }
        // Project onto the cross-section plane and intersect the normal lines there.
        let pa = a.point - axis * a.point.dot(axis), pb = b.point - axis * b.point.dot(axis)
        let na = a.normal - axis * a.normal.dot(axis), nb = b.normal - axis * b.normal.dot(axis)
        guard let (s, t) = closestParameters(pa, na, pb, nb) else { return nil }
        let center = (pa + na * s + pb + nb * t) / 2
        let r = (pa.distance(to: center) + pb.distance(to: center)) / 2
        return .cylinder(point: center + axis * a.point.dot(axis), axis: axis, radius: r)
    }

    /// The algebraic circle fit in 2D.
    static func algebraicCircle(_ points: [SIMD2<Double>]) -> (center: SIMD2<Double>, radius: Double)? {
        guard points.count >= 3 else { return nil }
        var mean = SIMD2<Double>.zero
        for p in points { mean += p }
        mean /= Double(points.count)
        var a = [Double](repeating: 0, count: 9), b = [Double](repeating: 0, count: 3)
        for p in points {
            let d = p - mean
            let row = [2 * d.x, 2 * d.y, 1.0]
            let rhs = (d * d).sum()
            for i in 0..<3 {
                b[i] += row[i] * rhs
                for j in 0..<3 { a[i * 3 + j] += row[i] * row[j] }
            }
        }
        guard let x = SmallLinearAlgebra.choleskySolve(a, b, n: 3) else { return nil }
        let c = SIMD2(x[0], x[1])
        let r2 = x[2] + (c * c).sum()
        guard r2 > 0 else { return nil }
        return (mean + c, r2.squareRoot())
    }

    // MARK: Cones

    /// The cone through three oriented points: the apex where their tangent planes meet, the axis
    /// normal to the plane of the unit directions from the apex.
    static func cone(
        _ a: (point: SIMD3<Double>, normal: SIMD3<Double>), _ b: (point: SIMD3<Double>, normal: SIMD3<Double>),
        _ c: (point: SIMD3<Double>, normal: SIMD3<Double>)
    ) -> SurfaceModel? {
        guard let apex = SmallLinearAlgebra.solve3(
            a.normal, b.normal, c.normal,
            SIMD3(a.normal.dot(a.point), b.normal.dot(b.point), c.normal.dot(c.point))),
            let ta = (a.point - apex).normalized, let tb = (b.point - apex).normalized,
            let tc = (c.point - apex).normalized,
            var axis = (tb - ta).cross(tc - ta).normalized
        else { return nil }
        if axis.dot(ta + tb + tc) < 0 { axis = -axis }
        let angle = (acos(min(1, axis.dot(ta))) + acos(min(1, axis.dot(tb))) + acos(min(1, axis.dot(tc)))) / 3
        guard angle > 0.005, angle < 1.45 else { return nil }
        return .cone(apex: apex, axis: axis, halfAngle: angle)
    }

    /// The cone whose axis meets all normal lines, apex and angle from a line fit of the profile
    /// (distance from the axis against height along it).
    static func coneFromAxis(_ o: [(point: SIMD3<Double>, normal: SIMD3<Double>)]) -> SurfaceModel? {
        guard o.count >= 6, let (q, a0) = axisMeetingNormals(o) else { return nil }
        var sh = 0.0, sr = 0.0, shh = 0.0, shr = 0.0
        for (p, _) in o {
            let d = p - q
            let h = d.dot(a0)
            let rho = (d - a0 * h).length
            sh += h; sr += rho; shh += h * h; shr += h * rho
        }
        let n = Double(o.count)
        let den = n * shh - sh * sh
        guard den > 1e-12 else { return nil }
        let slope = (n * shr - sh * sr) / den
        let intercept = (sr - slope * sh) / n
        guard abs(slope) > 1e-6 else { return nil }
        // ρ = slope·h + intercept is zero at the apex; the axis points to where ρ grows.
        let apex = q + a0 * (-intercept / slope)
        let axis = slope > 0 ? a0 : -a0
        let angle = atan(abs(slope))
        guard angle > 0.005, angle < 1.45 else { return nil }
        return .cone(apex: apex, axis: axis, halfAngle: angle)
    }

    // MARK: Tori

    /// The torus whose axis meets all normal lines (smallest eigenvector of the 6×6 moment matrix of
    /// the normal lines' Plücker coordinates), tube centre where the normals meet in the profile plane.
    static func torus(_ o: [(point: SIMD3<Double>, normal: SIMD3<Double>)]) -> SurfaceModel? {
        guard o.count >= 6, let axisLine = axisMeetingNormals(o) else { return nil }
        let (q, a) = axisLine
        // Profile coordinates: ρ (distance from the axis), h (height along it).
        var m = [Double](repeating: 0, count: 4), rhs = SIMD2<Double>.zero
        var profile: [SIMD2<Double>] = []
        for (p, n) in o {
            let d = p - q
            let h = d.dot(a)
            let w = d - a * h
            let rho = w.length
            guard rho > 1e-12 else { continue }
            let dir2 = SIMD2(n.dot(w / rho), n.dot(a))
            guard let unit = dir2.normalizedIfPossible else { continue }
            // Least-squares meeting point of the 2D normal lines: Σ (I − d dᵀ) x = Σ (I − d dᵀ) p.
            let p2 = SIMD2(rho, h)
            profile.append(p2)
            let pxx = 1 - unit.x * unit.x, pxy = -unit.x * unit.y, pyy = 1 - unit.y * unit.y
            m[0] += pxx; m[1] += pxy; m[2] += pxy; m[3] += pyy
            rhs += SIMD2(pxx * p2.x + pxy * p2.y, pxy * p2.x + pyy * p2.y)
        }
        let det = m[0] * m[3] - m[1] * m[2]
        guard profile.count >= 3, abs(det) > 1e-9 else { return nil }
        let center2 = SIMD2((m[3] * rhs.x - m[1] * rhs.y) / det, (m[0] * rhs.y - m[2] * rhs.x) / det)
        var r = 0.0
        for p in profile { r += ((p - center2) * (p - center2)).sum().squareRoot() }
        r /= Double(profile.count)
        guard r > 0 else { return nil }
        return .torus(center: q + a * center2.y, axis: a, majorRadius: abs(center2.x), minorRadius: r)
    }

    /// The line (point nearest the points' centroid, unit direction) that best meets every normal line.
    static func axisMeetingNormals(_ o: [(point: SIMD3<Double>, normal: SIMD3<Double>)])
        -> (point: SIMD3<Double>, axis: SIMD3<Double>)?
    {
        var centroid = SIMD3<Double>.zero
        for (p, _) in o { centroid += p }
        centroid /= Double(o.count)
        var scale = 0.0
        for (p, _) in o { scale += p.distance(to: centroid) }
        scale = max(scale / Double(o.count), 1e-9)
        var mat = [Double](repeating: 0, count: 36)
        for (p, n) in o {
            let pn = ((p - centroid) / scale).cross(n)
            let row = [pn.x, pn.y, pn.z, n.x, n.y, n.z]
            for i in 0..<6 { for j in 0..<6 { mat[i * 6 + j] += row[i] * row[j] } }
        }
        let e = SmallLinearAlgebra.symmetricEigen(mat, n: 6)
        let v = e.vectors[0]
        let dir = SIMD3(v[0], v[1], v[2]), moment = SIMD3(v[3], v[4], v[5])
        let l2 = dir.lengthSquared
        guard l2 > 1e-6, let axis = dir.normalized else { return nil }
        let nearest = dir.cross(moment) / l2
        return (centroid + nearest * scale, axis)
    }
}

extension SIMD2 where Scalar == Double {
    /// The unit vector, or `nil` for a zero or non-finite vector.
    var normalizedIfPossible: SIMD2<Double>? {
        let l = (self * self).sum().squareRoot()
        guard l > 0, l.isFinite else { return nil }
        return self / l
    }
}
