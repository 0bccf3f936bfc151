import FathomCore

/// Orthogonal-distance least squares: Levenberg–Marquardt over a primitive's minimal local
/// parameterisation (axes tilt in their perpendicular plane), with exact geometric residuals and
/// analytic Jacobians, in double precision. Planes are solved in closed form (principal components).
enum OrthogonalDistanceFitter {
    /// Initial Levenberg–Marquardt damping, relative to the diagonal of JᵀJ.
    static let initialDamping = 1e-3
    /// Relative decrease of the squared-residual sum below which iteration stops.
    static let convergenceTolerance = 1e-4
    /// Damping above which the fitter gives up improving.
    static let maximumDamping = 1e8
    /// Damping increases tried per iteration before giving up.
    static let maximumDampingIncreases = 3
    /// Squared parameter-step length below which the fit has converged.
    static let minimumStepSquared = 1e-20

    /// The sum of squared orthogonal distances.
    static func cost(_ model: SurfaceModel, _ points: [SIMD3<Double>]) -> Double {
        var s = 0.0
        let ev = model.evaluator
        for p in points {
            let r = ev.signedDistance(p)
            s += r * r
        }
        return s
    }

    /// Refines `model` on `points`; returns the refined model (the input when it cannot improve it).
    static func refine(_ start: SurfaceModel, points: [SIMD3<Double>], maximumIterations: Int) -> SurfaceModel {
        if case .plane = start { return fitPlane(points) ?? start }
        let n = start.parameterCount
        guard points.count > n else { return start }
        var model = start
        var currentCost = cost(model, points)
        var lambda = initialDamping
        for _ in 0..<maximumIterations {
            let (u, v) = SmallLinearAlgebra.basis(perpendicularTo: model.direction)
            var rows = [SIMD8<Double>](repeating: .zero, count: n)
            var gradient = SIMD8<Double>.zero
            let ev = model.evaluator
            if n <= 4 {
                // JᵀJ as four rows of four.
                var r0 = SIMD4<Double>.zero, r1 = r0, r2 = r0, r3 = r0
                for p in points {
                    let (r, g8) = ev.residualAndGradient(p, u, v)
                    gradient += g8 * r
                    let g = g8.lowHalf
                    r0 += g * g[0]; r1 += g * g[1]; r2 += g * g[2]; r3 += g * g[3]
                }
                let all = [r0, r1, r2, r3]
                for i in 0..<n { rows[i] = SIMD8(lowHalf: all[i], highHalf: .zero) }
            } else if n == 5 {
                // JᵀJ as five rows of eight (the unused entries stay zero).
                var r0 = SIMD8<Double>.zero, r1 = r0, r2 = r0, r3 = r0, r4 = r0
                for p in points {
                    let (r, g) = ev.residualAndGradient(p, u, v)
                    gradient += g * r
                    r0 += g * g[0]; r1 += g * g[1]; r2 += g * g[2]; r3 += g * g[3]; r4 += g * g[4]
                }
                rows = [r0, r1, r2, r3, r4]
            } else {
                // JᵀJ as seven rows of eight (the unused entries stay zero).
                var r0 = SIMD8<Double>.zero, r1 = r0, r2 = r0, r3 = r0, r4 = r0, r5 = r0, r6 = r0
                for p in points {
                    let (r, g) = ev.residualAndGradient(p, u, v)
                    gradient += g * r
                    r0 += g * g[0]; r1 += g * g[1]; r2 += g * g[2]; r3 += g * g[3]
                    r4 += g * g[4]; r5 += g * g[5]; r6 += g * g[6]
                }
                let all = [r0, r1, r2, r3, r4, r5, r6]
                for i in 0..<n { rows[i] = all[i] }
            }
            var improved = false
            var tries = 0
            while lambda < maximumDamping && tries < maximumDampingIncreases {
                tries += 1
                var a = [Double](repeating: 0, count: n * n)
                var b = [Double](repeating: 0, count: n)
                for i in 0..<n {
                    for j in 0..<n { a[i * n + j] = rows[i][j] }
                    a[i * n + i] += lambda * max(rows[i][i], 1e-12)
                    b[i] = -gradient[i]
                }
                guard let step = SmallLinearAlgebra.choleskySolve(a, b, n: n) else {
                    lambda *= 10
                    continue
                }
                var s = SIMD8<Double>.zero
                for i in 0..<n { s[i] = step[i] }
                // A step this small (metres or radians) changes nothing measurable: converged.
                if (s * s).sum() < minimumStepSquared { return model }
                let candidate = model.updated(by: s, u, v)
                let c = candidate.isValid ? cost(candidate, points) : .infinity
                if c < currentCost {
                    let relative = (currentCost - c) / max(currentCost, 1e-300)
                    model = candidate
                    currentCost = c
                    lambda = max(lambda / 10, 1e-12)
                    improved = relative > convergenceTolerance
                    break
                }
                lambda *= 10
            }
            if !improved { break }
        }
        return model
    }

    /// The total-least-squares plane of `points` (centroid and smallest principal direction).
    static func fitPlane(_ points: [SIMD3<Double>]) -> SurfaceModel? {
        guard points.count >= 3 else { return nil }
        let pca = PrincipalComponents(points)
        guard pca.isValid else { return nil }
        return .plane(point: pca.centroid, normal: pca.axes.0)
    }
}

/// Centroid and principal axes of a point set (axes ascending by variance).
struct PrincipalComponents {
    /// The mean point.
    let centroid: SIMD3<Double>
    /// Variances along the axes, ascending.
    let variances: SIMD3<Double>
    /// Unit axes, smallest variance first.
    let axes: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

    init(_ points: [SIMD3<Double>]) {
        var c = SIMD3<Double>.zero
        for p in points { c += p }
        c /= Double(max(points.count, 1))
        var xx = 0.0, xy = 0.0, xz = 0.0, yy = 0.0, yz = 0.0, zz = 0.0
        for p in points {
            let d = p - c
            xx += d.x * d.x; xy += d.x * d.y; xz += d.x * d.z
            yy += d.y * d.y; yz += d.y * d.z; zz += d.z * d.z
        }
        let k = 1 / Double(max(points.count, 1))
        let e = SmallLinearAlgebra.symmetricEigen3(xx: xx * k, xy: xy * k, xz: xz * k, yy: yy * k, yz: yz * k, zz: zz * k)
        centroid = c
        variances = e.values
        axes = e.vectors
    }

    /// Whether the decomposition is finite.
    var isValid: Bool { centroid.isFinite && axes.0.isFinite && variances.x.isFinite }
}
