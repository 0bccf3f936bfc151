import Foundation
import FathomCore

extension PointCloudRegistrar {
    /// ICP stops when an update moves less than this, metres and radians.
    static let icpConvergence: Float = 1e-5

    /// Refines `initial` by point-to-plane ICP (point-to-point where the target is not planar), with
    /// a correspondence distance shrinking from `icpStartDistance` to `inlierDistance` and Tukey-like
    /// weights, on at most `maximumPoints` source points (evenly strided). The gravity-aligned mode
    /// solves for a yaw and a translation only.
    /// Given an `answer` (a transform ICP already converged to), it stops as soon as the transform comes
    /// within reach of it (`isWithinReach`): from there it would converge to that answer.
    /// - Returns: the refined transform and the iterations run.
    func refine(
        _ initial: RigidTransform, source: RegistrationCloud, target: RegistrationCloud, maximumPoints: Int = maximumICPPoints,
        stoppingNear answer: RigidTransform? = nil
    ) -> (RigidTransform, Int) {
        let c = configuration
        let gravity = c.mode == .gravityAligned
        let n = gravity ? 4 : 6
        let stride = max(1, source.count / max(1, maximumPoints))
        var transform = initial
        var iterations = 0
        var a = [Double](repeating: 0, count: 36)
        var b = [Double](repeating: 0, count: 6)
        var row = [Double](repeating: 0, count: 6)
        for it in 0..<c.icpIterations {
            iterations = it + 1
            let f = c.icpIterations > 1 ? Float(it) / Float(c.icpIterations - 1) : 1
            let radius = max(c.inlierDistance, c.icpStartDistance * (1 - 2 * f) + c.inlierDistance * 2 * f)
            for k in 0..<36 { a[k] = 0 }
            for k in 0..<6 { b[k] = 0 }
            var used = 0
            for s in Swift.stride(from: 0, to: source.count, by: stride) {
                let p = transform.apply(to: source.positions[s])
                guard let (bestIndex, best) = target.nearest(to: p, within: radius) else { continue }
                used += 1
                let q = target.positions[bestIndex]
                let u = best.squareRoot() / radius
                let w = Double((1 - u * u) * (1 - u * u))
                let pd = SIMD3<Double>(p), diff = SIMD3<Double>(p - q)
                if target.isPlanar[bestIndex] {
                    let nq = SIMD3<Double>(target.normals[bestIndex])
                    fillRow(&row, point: pd, direction: nq, gravity: gravity)
                    Self.accumulate(&a, &b, row: row, n: n, residual: nq.dot(diff), weight: w)
                } else {
                    for axis in 0..<3 {
                        var e = SIMD3<Double>.zero
                        e[axis] = 1
                        fillRow(&row, point: pd, direction: e, gravity: gravity)
                        Self.accumulate(&a, &b, row: row, n: n, residual: diff[axis], weight: w)
                    }
                }
            }
            guard used >= n, let x = SmallMatrixMath.solve(Array(a[0..<(n * n)]), Array(b[0..<n]), n: n) else { break }
            let delta: RigidTransform
            if gravity {
                delta = RigidTransform(
                    rotation: Matrix3x3.rotation(axis: SIMD3(0, 1, 0), angle: Float(x[0])),
                    translation: SIMD3(Float(x[1]), Float(x[2]), Float(x[3])))
            } else {
                let w = SIMD3<Float>(Float(x[0]), Float(x[1]), Float(x[2]))
                let angle = w.length
                delta = RigidTransform(
                    rotation: angle > 0 ? Matrix3x3.rotation(axis: w / angle, angle: angle) : .identity,
                    translation: SIMD3(Float(x[3]), Float(x[4]), Float(x[5])))
            }
            transform = delta * transform
            transform.rotation = transform.rotation.orthonormalized
            let step = x.reduce(0) { max($0, abs($1)) }
            if step < Double(Self.icpConvergence) && radius <= c.inlierDistance { break }
            if let answer, isWithinReach(transform, of: answer) { break }
        }
        return (transform, iterations)
    }

    /// Adds one weighted residual with Jacobian `row` to the normal equations `a` (n × n) and `b`.
    @inline(__always)
    static func accumulate(_ a: inout [Double], _ b: inout [Double], row: [Double], n: Int, residual: Double, weight: Double) {
        a.withUnsafeMutableBufferPointer { a in
            b.withUnsafeMutableBufferPointer { b in
                row.withUnsafeBufferPointer { row in
                    for i in 0..<n {
                        let wi = weight * row[i]
                        b[i] -= wi * residual
                        for j in 0..<n { a[i * n + j] += wi * row[j] }
                    }
                }
            }
        }
    }

    /// The Jacobian row of the residual `direction · (p − q)` with respect to the update
    /// (yaw, t) or (ω, t) at the transformed point `p`.
    @inline(__always)
    func fillRow(_ row: inout [Double], point p: SIMD3<Double>, direction d: SIMD3<Double>, gravity: Bool) {
        if gravity {
            // d(R_y(θ)·p)/dθ at 0 = (p.z, 0, −p.x).
            row[0] = d.x * p.z - d.z * p.x
            row[1] = d.x; row[2] = d.y; row[3] = d.z
        } else {
            let c = p.cross(d)
            row[0] = c.x; row[1] = c.y; row[2] = c.z
            row[3] = d.x; row[4] = d.y; row[5] = d.z
        }
    }
}
