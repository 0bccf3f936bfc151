import Foundation
import FathomCore

/// Small dense linear algebra for registration: symmetric eigenvectors and normal equations of up to
/// six unknowns, in double precision, without allocation.
enum SmallMatrixMath {
    /// Pivots smaller than this make a system singular.
    static let singularPivot: Double = 1e-12

    /// The unit eigenvector of the smallest eigenvalue of a symmetric 3×3 matrix (given by its six
    /// distinct entries), and the eigenvalues in ascending order. `nil` for a non-finite matrix.
    ///
    /// Eigenvalues by the trigonometric closed form; the eigenvector as the largest cross product of
    /// two rows of `A − λ·I`.
    static func smallestEigenvector(
        xx: Double, xy: Double, xz: Double, yy: Double, yz: Double, zz: Double
    ) -> (vector: SIMD3<Double>, eigenvalues: SIMD3<Double>)? {
        guard xx.isFinite, xy.isFinite, xz.isFinite, yy.isFinite, yz.isFinite, zz.isFinite else { return nil }
        let p1 = xy * xy + xz * xz + yz * yz
        let q = (xx + yy + zz) / 3
        var l0: Double, l1: Double, l2: Double
        if p1 <= 1e-30 {
            let s = [xx, yy, zz].sorted()
            (l0, l1, l2) = (s[0], s[1], s[2])
        } else {
            let p2 = (xx - q) * (xx - q) + (yy - q) * (yy - q) + (zz - q) * (zz - q) + 2 * p1
            let p = (p2 / 6).squareRoot()
            let bxx = (xx - q) / p, byy = (yy - q) / p, bzz = (zz - q) / p
            let bxy = xy / p, bxz = xz / p, byz = yz / p
            let detB = bxx * (byy * bzz - byz * byz) - bxy * (bxy * bzz - byz * bxz) + bxz * (bxy * byz - byy * bxz)
            let r = max(-1, min(1, detB / 2))
            let phi = acos(r) / 3
            l2 = q + 2 * p * cos(phi)
            l0 = q + 2 * p * cos(phi + 2 * Double.pi / 3)
            l1 = 3 * q - l0 - l2
        }
        let r0 = SIMD3(xx - l0, xy, xz), r1 = SIMD3(xy, yy - l0, yz), r2 = SIMD3(xz, yz, zz - l0)
        let c01 = r0.cross(r1), c02 = r0.cross(r2), c12 = r1.cross(r2)
        let d01 = c01.lengthSquared, d02 = c02.lengthSquared, d12 = c12.lengthSquared
        var v = c01
        var d = d01
        if d02 > d { v = c02; d = d02 }
        if d12 > d { v = c12; d = d12 }
        let eigen = SIMD3(l0, l1, l2)
        guard d > 1e-30 else {
            // Two or three equal small eigenvalues: any vector orthogonal to the dominant row works.
            let big = [r0, r1, r2].max { $0.lengthSquared < $1.lengthSquared }!
            guard big.lengthSquared > 1e-30 else { return (SIMD3(0, 1, 0), eigen) }
            return (big.anyPerpendicular, eigen)
        }
        return (v / d.squareRoot(), eigen)
    }

    /// Solves the `n × n` system `A·x = b` (`A` row-major in `a`, `n ≤ 6`) by Gaussian elimination with
    /// partial pivoting; `nil` when singular.
    static func solve(_ a: [Double], _ b: [Double], n: Int) -> [Double]? {
        var m = a
        var r = b
        for col in 0..<n {
            var pivot = col
            for row in (col + 1)..<max(col + 1, n) where abs(m[row * n + col]) > abs(m[pivot * n + col]) { pivot = row }
            guard abs(m[pivot * n + col]) > singularPivot else { return nil }
            if pivot != col {
                for k in 0..<n { m.swapAt(col * n + k, pivot * n + k) }
                r.swapAt(col, pivot)
            }
            let inv = 1 / m[col * n + col]
            for row in (col + 1)..<max(col + 1, n) {
                let f = m[row * n + col] * inv
                guard f != 0 else { continue }
                for k in col..<n { m[row * n + k] -= f * m[col * n + k] }
                r[row] -= f * r[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var s = r[row]
            for k in (row + 1)..<max(row + 1, n) { s -= m[row * n + k] * x[k] }
            x[row] = s / m[row * n + row]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }

    /// The eigenvector of the largest eigenvalue of a symmetric 4×4 matrix (row-major), by cyclic
    /// Jacobi rotations.
    static func largestEigenvector4(_ input: [Double]) -> SIMD4<Double> {
        var a = input
        var v: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        for _ in 0..<50 {
            var off = 0.0
            for p in 0..<4 { for q in (p + 1)..<4 { off += a[p * 4 + q] * a[p * 4 + q] } }
            if off < 1e-22 { break }
            for p in 0..<3 {
                for q in (p + 1)..<4 {
                    let apq = a[p * 4 + q]
                    guard abs(apq) > 1e-300 else { continue }
                    let theta = (a[q * 4 + q] - a[p * 4 + p]) / (2 * apq)
                    let t = (theta >= 0 ? 1 : -1) / (abs(theta) + (theta * theta + 1).squareRoot())
                    let c = 1 / (t * t + 1).squareRoot(), s = t * c
                    for k in 0..<4 {
                        let akp = a[k * 4 + p], akq = a[k * 4 + q]
                        a[k * 4 + p] = c * akp - s * akq
                        a[k * 4 + q] = s * akp + c * akq
                    }
                    for k in 0..<4 {
                        let apk = a[p * 4 + k], aqk = a[q * 4 + k]
                        a[p * 4 + k] = c * apk - s * aqk
                        a[q * 4 + k] = s * apk + c * aqk
                    }
                    for k in 0..<4 {
                        let vkp = v[k * 4 + p], vkq = v[k * 4 + q]
                        v[k * 4 + p] = c * vkp - s * vkq
                        v[k * 4 + q] = s * vkp + c * vkq
                    }
                }
            }
        }
        var best = 0
        for i in 1..<4 where a[i * 4 + i] > a[best * 4 + best] { best = i }
        return SIMD4(v[best], v[4 + best], v[8 + best], v[12 + best])
    }

    /// The rotation best mapping the centred `source` points onto the centred `target` points (least
    /// squares, Horn's quaternion method); both arrays hold at least three non-collinear points.
    static func bestRotation(source: [SIMD3<Double>], target: [SIMD3<Double>]) -> Matrix3x3 {
        var s = [Double](repeating: 0, count: 9)
        for (p, q) in zip(source, target) {
            for i in 0..<3 { for j in 0..<3 { s[i * 3 + j] += p[i] * q[j] } }
        }
        let (sxx, sxy, sxz) = (s[0], s[1], s[2])
        let (syx, syy, syz) = (s[3], s[4], s[5])
        let (szx, szy, szz) = (s[6], s[7], s[8])
        let n: [Double] = [
            sxx + syy + szz, syz - szy, szx - sxz, sxy - syx,
            syz - szy, sxx - syy - szz, sxy + syx, szx + sxz,
            szx - sxz, sxy + syx, -sxx + syy - szz, syz + szy,
            sxy - syx, szx + sxz, syz + szy, -sxx - syy + szz,
        ]
        let q = largestEigenvector4(n)
        // Matrix3x3(quaternion:) takes (x, y, z, w).
        let quaternion = SIMD4<Float>(Float(q[1]), Float(q[2]), Float(q[3]), Float(q[0]))
        let l = (quaternion * quaternion).sum().squareRoot()
        return Matrix3x3(quaternion: quaternion / max(l, 1e-20)).orthonormalized
    }
}
