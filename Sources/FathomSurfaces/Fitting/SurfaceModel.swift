import FathomCore
import Foundation

/// A primitive's parameters in double precision, as the fitters work with them.
///
/// Conventions: axes and normals are unit vectors; a cylinder's `point` lies on its axis; a cone's
/// axis points from the apex into the opening and `halfAngle` is in radians (0, π/2); a torus has
/// mean radius `majorRadius` (centre to tube centre) and tube radius `minorRadius`.
enum SurfaceModel: Sendable {
    case plane(point: SIMD3<Double>, normal: SIMD3<Double>)
    case sphere(center: SIMD3<Double>, radius: Double)
    case cylinder(point: SIMD3<Double>, axis: SIMD3<Double>, radius: Double)
    case cone(apex: SIMD3<Double>, axis: SIMD3<Double>, halfAngle: Double)
    case torus(center: SIMD3<Double>, axis: SIMD3<Double>, majorRadius: Double, minorRadius: Double)

    /// The number of free parameters of the minimal parameterisation.
    var parameterCount: Int {
        switch self {
        case .plane: 3
        case .sphere: 4
        case .cylinder: 5
        case .cone: 6
        case .torus: 7
        }
    }

    /// Whether every parameter is finite and the radii and angle are in range.
    var isValid: Bool {
        switch self {
        case let .plane(p, n): return p.isFinite && n.isFinite
        case let .sphere(c, r): return c.isFinite && r.isFinite && r > 0
        case let .cylinder(p, a, r): return p.isFinite && a.isFinite && r.isFinite && r > 0
        case let .cone(q, a, t): return q.isFinite && a.isFinite && t.isFinite && t > 0 && t < .pi / 2
        case let .torus(c, a, big, small):
            return c.isFinite && a.isFinite && big.isFinite && small.isFinite && small > 0 && big >= 0
        }
    }

    /// The signed orthogonal distance from `p` to the surface, metres (positive outside / on the
    /// normal's side). For many points, use `evaluator` once instead.
    func signedDistance(_ p: SIMD3<Double>) -> Double { evaluator.signedDistance(p) }

    /// A distance evaluator with the model's trigonometry precomputed.
    var evaluator: SurfaceEvaluator { SurfaceEvaluator(self) }

    /// The direction whose perpendicular basis parameterises axis/normal updates.
    var direction: SIMD3<Double> {
        switch self {
        case let .plane(_, n): n
        case .sphere: SIMD3(0, 0, 1)
        case let .cylinder(_, a, _): a
        case let .cone(_, a, _): a
        case let .torus(_, a, _, _): a
        }
    }

    /// The model moved by the local parameter step `s` (same layout as the gradient).
    func updated(by s: SIMD8<Double>, _ u: SIMD3<Double>, _ v: SIMD3<Double>) -> SurfaceModel {
        func tilt(_ a: SIMD3<Double>, _ alpha: Double, _ beta: Double) -> SIMD3<Double> {
            let t = a + u * alpha + v * beta
            return t / t.length
        }
        switch self {
        case let .plane(q, n):
            let n2 = tilt(n, s[0], s[1])
            return .plane(point: q + n * s[2], normal: n2)
        case let .sphere(c, r):
            return .sphere(center: c + SIMD3(s[0], s[1], s[2]), radius: r + s[3])
        case let .cylinder(q, a, r):
            return .cylinder(point: q + u * s[0] + v * s[1], axis: tilt(a, s[2], s[3]), radius: r + s[4])
        case let .cone(q, a, t):
            return .cone(apex: q + SIMD3(s[0], s[1], s[2]), axis: tilt(a, s[3], s[4]), halfAngle: t + s[5])
        case let .torus(c, a, big, small):
            return .torus(center: c + SIMD3(s[0], s[1], s[2]), axis: tilt(a, s[3], s[4]),
                          majorRadius: big + s[5], minorRadius: small + s[6])
        }
    }

    /// The primitive type.
    var type: SurfaceType {
        switch self {
        case .plane: .plane
        case .sphere: .sphere
        case .cylinder: .cylinder
        case .cone: .cone
        case .torus: .torus
        }
    }
}

/// Evaluates a model's distances and gradients with per-model constants computed once.
struct SurfaceEvaluator {
    let model: SurfaceModel
    let cosHalfAngle: Double
    let sinHalfAngle: Double

    init(_ model: SurfaceModel) {
        self.model = model
        if case let .cone(_, _, t) = model {
            cosHalfAngle = cos(t)
            sinHalfAngle = sin(t)
        } else {
            cosHalfAngle = 1
            sinHalfAngle = 0
        }
    }

    /// The signed orthogonal distance from `p` to the surface, metres (positive outside / on the
    /// normal's side).
    @inline(__always)
    func signedDistance(_ p: SIMD3<Double>) -> Double {
        switch model {
        case let .plane(q, n):
            return n.dot(p - q)
        case let .sphere(c, r):
            return (p - c).length - r
        case let .cylinder(q, a, r):
            let d = p - q
            let w = d - a * d.dot(a)
            return w.length - r
        case let .cone(q, a, _):
            let d = p - q
            let h = d.dot(a)
            let rho = (d - a * h).length
            let ct = cosHalfAngle, st = sinHalfAngle
            // Distance to the nappe's generating line in the (ρ, h) half-plane; beyond the apex the
            // nearest point is the apex itself.
            let along = rho * st + h * ct
            if along < 0 { return d.length }
            return rho * ct - h * st
        case let .torus(c, a, big, small):
            let d = p - c
            let h = d.dot(a)
            let rho = (d - a * h).length
            let e = rho - big
            return (e * e + h * h).squareRoot() - small
        }
    }

    /// The unit surface normal direction at the foot of `p` (the distance's gradient; its sign does
    /// not matter to callers), or `nil` where it is undefined (on an axis or at a centre).
    @inline(__always)
    func normalDirection(_ p: SIMD3<Double>) -> SIMD3<Double>? {
        let n: SIMD3<Double>
        switch model {
        case let .plane(_, normal):
            return normal
        case let .sphere(c, _):
            n = p - c
        case let .cylinder(q, a, _):
            let d = p - q
            n = d - a * d.dot(a)
        case let .cone(q, a, _):
            let d = p - q
            let h = d.dot(a)
            let w = d - a * h
            let rho = w.length
            guard rho > 1e-12 else { return nil }
            n = (w / rho) * cosHalfAngle - a * sinHalfAngle
        case let .torus(c, a, big, _):
            let d = p - c
            let h = d.dot(a)
            let w = d - a * h
            let rho = w.length
            guard rho > 1e-12 else { return nil }
            n = (w / rho) * (rho - big) + a * h
        }
        let l = n.length
        return l > 1e-12 ? n / l : nil
    }

    /// The residual and its gradient with respect to the local parameters (see `updated(by:)`).
    @inline(__always)
    func residualAndGradient(_ p: SIMD3<Double>, _ u: SIMD3<Double>, _ v: SIMD3<Double>)
        -> (r: Double, g: SIMD8<Double>)
    {
        switch model {
        case let .plane(q, n):
            let d = p - q
            return (n.dot(d), SIMD8(d.dot(u), d.dot(v), -1, 0, 0, 0, 0, 0))
        case let .sphere(c, r):
            let d = p - c
            let l = max(d.length, 1e-12)
            let g = -d / l
            return (l - r, SIMD8(g.x, g.y, g.z, -1, 0, 0, 0, 0))
        case let .cylinder(q, a, r):
            let d = p - q
            let h = d.dot(a)
            let w = d - a * h
            let rho = max(w.length, 1e-12)
            let wu = w.dot(u) / rho, wv = w.dot(v) / rho
            // Point moves by x·u + y·v; axis tilts to a + α·u + β·v about q.
            return (rho - r, SIMD8(-wu, -wv, -h * wu, -h * wv, -1, 0, 0, 0))
        case let .cone(q, a, _):
            let d = p - q
            let h = d.dot(a)
            let w = d - a * h
            let rho = max(w.length, 1e-12)
            let ct = cosHalfAngle, st = sinHalfAngle
            let dd = (w / rho) * ct - a * st
            let wu = w.dot(u) / rho, wv = w.dot(v) / rho
            let dAlpha = ct * (-h * wu) - st * d.dot(u)
            let dBeta = ct * (-h * wv) - st * d.dot(v)
            let dTheta = -rho * st - h * ct
            return (rho * ct - h * st, SIMD8(-dd.x, -dd.y, -dd.z, dAlpha, dBeta, dTheta, 0, 0))
        case let .torus(c, a, big, small):
            let d = p - c
            let h = d.dot(a)
            let w = d - a * h
            let rho = max(w.length, 1e-12)
            let e = rho - big
            let s = max((e * e + h * h).squareRoot(), 1e-12)
            let dd = ((w / rho) * e + a * h) / s
            let wu = w.dot(u) / rho, wv = w.dot(v) / rho
            let dAlpha = (e * (-h * wu) + h * d.dot(u)) / s
            let dBeta = (e * (-h * wv) + h * d.dot(v)) / s
            return (s - small, SIMD8(-dd.x, -dd.y, -dd.z, dAlpha, dBeta, -e / s, -1, 0))
        }
    }

}
