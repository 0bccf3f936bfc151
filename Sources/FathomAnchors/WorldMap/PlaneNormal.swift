import FathomCore

/// The normal of the plane best fitting a few points: the eigenvector of their covariance with the
/// smallest eigenvalue (total least squares), by cyclic Jacobi rotations in double precision.
enum PlaneNormal {
    /// Off-diagonal mass (relative to the squared trace) below which Jacobi stops.
    static let convergenceTolerance = 1e-24
    /// Jacobi sweeps at most (3×3 converges in a handful).
    static let maximumSweeps = 16

    /// The unit normal of the points' best plane, or `nil` for fewer than 3 points or a degenerate set
    /// (all on one point).
    static func normal(of points: some Collection<SIMD3<Float>>) -> SIMD3<Float>? {
        guard points.count >= 3 else { return nil }
        var mean = SIMD3<Double>.zero
        for p in points { mean += SIMD3<Double>(p) }
        mean /= Double(points.count)
        var a = [Double](repeating: 0, count: 9)
        for p in points {
            let d = SIMD3<Double>(p) - mean
            a[0] += d.x * d.x; a[1] += d.x * d.y; a[2] += d.x * d.z
            a[4] += d.y * d.y; a[5] += d.y * d.z; a[8] += d.z * d.z
        }
        a[3] = a[1]; a[6] = a[2]; a[7] = a[5]
        let trace = a[0] + a[4] + a[8]
        guard trace > 0, trace.isFinite else { return nil }
        let (values, vectors) = eigen(a)
        let i = values[0] <= values[1] ? (values[0] <= values[2] ? 0 : 2) : (values[1] <= values[2] ? 1 : 2)
        let n = SIMD3<Float>(Float(vectors[i]), Float(vectors[3 + i]), Float(vectors[6 + i]))
        return n.normalized
    }

    /// Eigenvalues and eigenvectors (the columns of the row-major 3×3 result) of a symmetric row-major matrix.
    static func eigen(_ matrix: [Double]) -> (values: [Double], vectors: [Double]) {
        var a = matrix
        var v: [Double] = [1, 0, 0, 0, 1, 0, 0, 0, 1]
        let scale = a[0] * a[0] + a[4] * a[4] + a[8] * a[8]
        for _ in 0..<maximumSweeps {
            let off = a[1] * a[1] + a[2] * a[2] + a[5] * a[5]
            if off <= convergenceTolerance * scale { break }
            for pair in 0..<3 {
                let p = pair == 2 ? 1 : 0, q = pair == 0 ? 1 : 2
                let apq = a[3 * p + q]
                if apq == 0 { continue }
                let theta = (a[3 * q + q] - a[3 * p + p]) / (2 * apq)
                let t = (theta >= 0 ? 1 : -1) / (abs(theta) + (theta * theta + 1).squareRoot())
                let c = 1 / (t * t + 1).squareRoot(), s = t * c
                for k in 0..<3 {  // A ← A·J
                    let akp = a[3 * k + p], akq = a[3 * k + q]
                    a[3 * k + p] = c * akp - s * akq
                    a[3 * k + q] = s * akp + c * akq
                }
                for k in 0..<3 {  // A ← Jᵀ·A
                    let apk = a[3 * p + k], aqk = a[3 * q + k]
                    a[3 * p + k] = c * apk - s * aqk
                    a[3 * q + k] = s * apk + c * aqk
                }
                for k in 0..<3 {  // V ← V·J
                    let vkp = v[3 * k + p], vkq = v[3 * k + q]
                    v[3 * k + p] = c * vkp - s * vkq
                    v[3 * k + q] = s * vkp + c * vkq
                }
            }
        }
        return ([a[0], a[4], a[8]], v)
    }
}
