/// A planar rectangle `origin + a·u + b·v`, `a ∈ [0, width]`, `b ∈ [0, height]` (`u`, `v` orthonormal).
struct Rectangle3D: Sendable, Equatable {
    var origin: SIMD3<Float>
    var u: SIMD3<Float>
    var v: SIMD3<Float>
    var width: Float
    var height: Float
    /// `u × v`, unit.
    var normal: SIMD3<Float>

    init(origin: SIMD3<Float>, u: SIMD3<Float>, v: SIMD3<Float>, width: Float, height: Float) {
        self.origin = origin
        self.u = u
        self.v = v
        self.width = width
        self.height = height
        normal = u.cross(v)
    }

    var center: SIMD3<Float> { origin + u * (width / 2) + v * (height / 2) }
    var area: Float { width * height }

    @inline(__always)
    func intersect(_ o: SIMD3<Float>, _ d: SIMD3<Float>, tMin: Float, tMax: Float) -> Float? {
        let denom = d.dot(normal)
        guard abs(denom) > 1e-12 else { return nil }
        let t = (origin - o).dot(normal) / denom
        guard t > tMin, t < tMax else { return nil }
        let q = o + d * t - origin
        let a = q.dot(u)
        let b = q.dot(v)
        guard a >= 0, a <= width, b >= 0, b <= height else { return nil }
        return t
    }

    func distance(to p: SIMD3<Float>) -> Float {
        let q = p - origin
        let a = q.dot(u)
        let b = q.dot(v)
        let c = q.dot(normal)
        let da = max(0, max(-a, a - width))
        let db = max(0, max(-b, b - height))
        return (c * c + da * da + db * db).squareRoot()
    }
}
