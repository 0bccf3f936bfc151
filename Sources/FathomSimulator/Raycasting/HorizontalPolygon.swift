/// A horizontal planar polygon at height `y` (a floor or a ceiling), vertices `[x, z]`.
struct HorizontalPolygon: Sendable, Equatable {
    var y: Float
    var vertices: [SIMD2<Float>]
    /// +1 for a floor (normal up), −1 for a ceiling.
    var normalSign: Float
    var minXZ: SIMD2<Float>
    var maxXZ: SIMD2<Float>

    init(y: Float, vertices: [SIMD2<Float>], normalSign: Float) {
        self.y = y
        self.vertices = vertices
        self.normalSign = normalSign
        minXZ = vertices.reduce(SIMD2(repeating: .infinity)) { pointwiseMin($0, $1) }
        maxXZ = vertices.reduce(SIMD2(repeating: -.infinity)) { pointwiseMax($0, $1) }
    }

    var normal: SIMD3<Float> { SIMD3(0, normalSign, 0) }
    var area: Float { abs(PolygonMath.signedArea(vertices)) }

    var boundingCenter: SIMD3<Float> {
        let c = (minXZ + maxXZ) / 2
        return SIMD3(c.x, y, c.y)
    }
    var boundingRadius: Float {
        let e = (maxXZ - minXZ) / 2
        return (e * e).sum().squareRoot()
    }

    @inline(__always)
    func contains(x: Float, z: Float) -> Bool {
        guard x >= minXZ.x, x <= maxXZ.x, z >= minXZ.y, z <= maxXZ.y else { return false }
        return PolygonMath.contains(SIMD2(x, z), polygon: vertices)
    }

    @inline(__always)
    func intersect(_ o: SIMD3<Float>, _ d: SIMD3<Float>, tMin: Float, tMax: Float) -> Float? {
        guard abs(d.y) > 1e-12 else { return nil }
        let t = (y - o.y) / d.y
        guard t > tMin, t < tMax else { return nil }
        return contains(x: o.x + d.x * t, z: o.z + d.z * t) ? t : nil
    }

    func distance(to p: SIMD3<Float>) -> Float {
        let dy = p.y - y
        if contains(x: p.x, z: p.z) { return abs(dy) }
        let e = PolygonMath.distanceToBoundary(SIMD2(p.x, p.z), polygon: vertices)
        return (dy * dy + e * e).squareRoot()
    }
}
