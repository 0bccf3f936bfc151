import FathomCore
import Foundation

/// Small dense linear algebra in double precision for the fitters: symmetric eigen-decomposition
/// (cyclic Jacobi) and Cholesky solves. Matrices are row-major `[Double]` of `n × n` entries.
package enum SmallLinearAlgebra {
    /// Sweeps of the Jacobi method; 3×3 and 6×6 matrices converge in well under this.
    static let jacobiSweeps = 30
    /// Off-diagonal magnitude below which the Jacobi method stops.
    static let jacobiTolerance = 1e-30

    /// Eigenvalues (ascending) and unit eigenvectors (`vectors[k]` belongs to `values[k]`) of the
    /// symmetric `n × n` matrix `a`.
    package static func symmetricEigen(_ input: [Double], n: Int) -> (values: [Double], vectors: [[Double]]) {
        var a = input
        var v = [Double](repeating: 0, count: n * n)
        for i in 0..<n { v[i * n + i] = 1 }
        for _ in 0..<jacobiSweeps {
            var off = 0.0
            for p in 0..<n { for q in (p + 1)..<n { off += a[p * n + q] * a[p * n + q] } }
            if off < jacobiTolerance { break }
            for p in 0..<n {
                for q in (p + 1)..<n {
                    let apq = a[p * n + q]
                    if abs(apq) < 1e-300 { continue }
                    let theta = (a[q * n + q] - a[p * n + p]) / (2 * apq)
                    let t = (theta >= 0 ? 1.0 : -1.0) / (abs(theta) + (theta * theta + 1).squareRoot())
                    let c = 1 / (t * t + 1).squareRoot(), s = t * c
                    for k in 0..<n {
                        let akp = a[k * n + p], akq = a[k * n + q]
                        a[k * n + p] = c * akp - s * akq
                        a[k * n + q] = s * akp + c * akq
                    }
                    for k in 0..<n {
                        let apk = a[p * n + k], aqk = a[q * n + k]
                        a[p * n + k] = c * apk - s * aqk
                        a[q * n + k] = s * apk + c * aqk
                    }
                    for k in 0..<n {
                        let vkp = v[k * n + p], vkq = v[k * n + q]
                        v[k * n + p] = c * vkp - s * vkq
                        v[k * n + q] = s * vkp + c * vkq
                    }
                }
            }
        }
        let order = (0..<n).sorted { a[$0 * n + $0] < a[$1 * n + $1] }
        let values = order.map { a[$0 * n + $0] }
        let vectors = order.map { j in (0..<n).map { v[$0 * n + j] } }
        return (values, vectors)
    }

    /// Eigen-decomposition of a symmetric 3×3 matrix given by its six distinct entries.
    static func symmetricEigen3(
        xx: Double, xy: Double, xz: Double, yy: Double, yz: Double, zz: Double
    ) -> (values: SIMD3<Double>, vectors: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)) {
        let r = symmetricEigen([xx, xy, xz, xy, yy, yz, xz, yz, zz], n: 3)
        func vec(_ k: Int) -> SIMD3<Double> { SIMD3(r.vectors[k][0], r.vectors[k][1], r.vectors[k][2]) }
        return (SIMD3(r.values[0], r.values[1], r.values[2]), (vec(0), vec(1), vec(2)))
    }

    /// The eigenvalues of a symmetric 3×3 matrix given by its six distinct entries, ascending, in closed
    /// form (trigonometric solution of the characteristic cubic); allocation-free.
    @inline(__always)
    static func eigenvalues3(xx: Double, xy: Double, xz: Double, yy: Double, yz: Double, zz: Double) -> SIMD3<Double> {
        let offDiagonal = xy * xy + xz * xz + yz * yz
        let q = (xx + yy + zz) / 3
        let p2 = (xx - q) * (xx - q) + (yy - q) * (yy - q) + (zz - q) * (zz - q) + 2 * offDiagonal
        guard p2 > 1e-30 else { return SIMD3(repeating: q) }
        let p = (p2 / 6).squareRoot()
        let a = (xx - q) / p, b = (yy - q) / p, c = (zz - q) / p
        let d = xy / p, e = xz / p, f = yz / p
        let halfDeterminant = (a * (b * c - f * f) - d * (d * c - f * e) + e * (d * f - b * e)) / 2
        let phi = acos(min(1, max(-1, halfDeterminant))) / 3
        let largest = q + 2 * p * cos(phi)
        let smallest = q + 2 * p * cos(phi + 2 * Double.pi / 3)
        return SIMD3(smallest, 3 * q - largest - smallest, largest)
    }

    /// Solves `a x = b` for symmetric positive definite `a` (n × n) by Cholesky; `nil` when `a` is not
    /// numerically positive definite.
    static func choleskySolve(_ a: [Double], _ b: [Double], n: Int) -> [Double]? {
        var l = [Double](repeating: 0, count: n * n)
        for i in 0..<n {
            for j in 0...i {
                var s = a[i * n + j]
                for k in 0..<j { s -= l[i * n + k] * l[j * n + k] }
                if i == j {
                    guard s > 0, s.isFinite else { return nil }
                    l[i * n + i] = s.squareRoot()
                } else {
                    l[i * n + j] = s / l[j * n + j]
                }
            }
        }
        var y = [Double](repeating: 0, count: n)
        for i in 0..<n {
            var s = b[i]
            for k in 0..<i { s -= l[i * n + k] * y[k] }
            y[i] = s / l[i * n + i]
        }
        var x = [Double](repeating: 0, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            var s = y[i]
            for k in (i + 1)..<n { s -= l[k * n + i] * x[k] }
            x[i] = s / l[i * n + i]
        }
        return x
    }

    /// Solves the 3×3 system with rows `r0, r1, r2` by Cramer's rule; `nil` when it is singular.
    static func solve3(_ r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>, _ b: SIMD3<Double>)
        -> SIMD3<Double>?
    {
        let det = r0.dot(r1.cross(r2))
        let scale = r0.length * r1.length * r2.length
        guard abs(det) > 1e-12 * max(scale, 1e-300) else { return nil }
        // Columns of the inverse are the cross products of the rows.
        let c0 = r1.cross(r2), c1 = r2.cross(r0), c2 = r0.cross(r1)
        return (c0 * b.x + c1 * b.y + c2 * b.z) / det
    }

    /// A unit vector perpendicular to unit `a`, and a second one completing a right-handed basis.
    @inline(__always)
    static func basis(perpendicularTo a: SIMD3<Double>) -> (SIMD3<Double>, SIMD3<Double>) {
        let u = a.anyPerpendicular
        return (u, a.cross(u))
    }
}
