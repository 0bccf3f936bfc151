/// A position or direction in 3D space, metres unless stated otherwise.
///
/// Fathom uses the standard library's `SIMD3<Float>` (ARKit's `simd_float3` layout) for points and
/// directions so that data can cross into Apple frameworks without copying. These helpers replace the
/// `simd` module's free functions, which do not exist on Linux.
public typealias Vector3 = SIMD3<Float>

extension SIMD3 where Scalar: FloatingPoint {
    /// The dot product with `other`.
    @inlinable @inline(__always)
    public func dot(_ other: Self) -> Scalar { x * other.x + y * other.y + z * other.z }

    /// The cross product `self × other` (right-handed).
    @inlinable @inline(__always)
    public func cross(_ other: Self) -> Self {
        Self(y * other.z - z * other.y, z * other.x - x * other.z, x * other.y - y * other.x)
    }

    /// The squared Euclidean length.
    @inlinable @inline(__always)
    public var lengthSquared: Scalar { dot(self) }

    /// The Euclidean length.
    @inlinable @inline(__always)
    public var length: Scalar { lengthSquared.squareRoot() }

    /// This vector scaled to unit length, or `nil` when its length is zero or not finite.
    @inlinable
    public var normalized: Self? {
        let l = length
        guard l > 0, l.isFinite else { return nil }
        return self / l
    }

    /// The Euclidean distance to `other`.
    @inlinable @inline(__always)
    public func distance(to other: Self) -> Scalar { (self - other).length }

    /// The squared Euclidean distance to `other`.
    @inlinable @inline(__always)
    public func distanceSquared(to other: Self) -> Scalar { (self - other).lengthSquared }

    /// `true` when all three components are finite.
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

    /// A unit vector perpendicular to this one (which must be non-zero); deterministic.
    @inlinable
    public var anyPerpendicular: Self {
        let a = Self(abs(x), abs(y), abs(z))
        let helper: Self = a.x <= a.y && a.x <= a.z ? Self(1, 0, 0) : (a.y <= a.z ? Self(0, 1, 0) : Self(0, 0, 1))
        let p = cross(helper)
        return p / p.length
    }
}

extension SIMD3 where Scalar == Float {
    /// Converts a double-precision vector.
    @inlinable
    public init(_ v: SIMD3<Double>) { self.init(Float(v.x), Float(v.y), Float(v.z)) }
}

extension SIMD3 where Scalar == Double {
    /// Converts a single-precision vector.
    @inlinable
    public init(_ v: SIMD3<Float>) { self.init(Double(v.x), Double(v.y), Double(v.z)) }
}
