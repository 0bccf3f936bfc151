import Foundation

/// A 3×3 single-precision matrix stored by columns, as simd's `simd_float3x3` is.
///
/// Used for rotations (orthonormal, determinant +1) and for camera intrinsics.
public struct Matrix3x3: Hashable, Sendable {
    /// The first, second and third columns.
    public var columns: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)

    /// Creates a matrix from its three columns.
    @inlinable
    public init(columns c0: SIMD3<Float>, _ c1: SIMD3<Float>, _ c2: SIMD3<Float>) {
        columns = (c0, c1, c2)
    }

    /// Creates a matrix from its three rows.
    @inlinable
    public init(rows r0: SIMD3<Float>, _ r1: SIMD3<Float>, _ r2: SIMD3<Float>) {
        columns = (SIMD3(r0.x, r1.x, r2.x), SIMD3(r0.y, r1.y, r2.y), SIMD3(r0.z, r1.z, r2.z))
    }

    /// Creates a matrix from 9 numbers in column-major order; `nil` unless there are exactly 9.
    public init?(columnMajor values: [Float]) {
        guard values.count == 9 else { return nil }
        columns = (
            SIMD3(values[0], values[1], values[2]), SIMD3(values[3], values[4], values[5]),
            SIMD3(values[6], values[7], values[8])
        )
    }

    /// The identity matrix.
    public static let identity = Matrix3x3(columns: SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1))

    /// The 9 entries in column-major order.
    public var columnMajor: [Float] {
        [columns.0.x, columns.0.y, columns.0.z, columns.1.x, columns.1.y, columns.1.z,
         columns.2.x, columns.2.y, columns.2.z]
    }

    /// Row `i` (0…2).
    @inlinable
    public func row(_ i: Int) -> SIMD3<Float> { SIMD3(columns.0[i], columns.1[i], columns.2[i]) }

    /// The transpose (the inverse, for a rotation).
    @inlinable
    public var transposed: Matrix3x3 { Matrix3x3(columns: row(0), row(1), row(2)) }

    /// The determinant.
    @inlinable
    public var determinant: Float { columns.0.dot(columns.1.cross(columns.2)) }

    /// The matrix times a column vector.
    @inlinable @inline(__always)
    public static func * (m: Matrix3x3, v: SIMD3<Float>) -> SIMD3<Float> {
        m.columns.0 * v.x + m.columns.1 * v.y + m.columns.2 * v.z
    }

    /// The matrix product.
    @inlinable
    public static func * (a: Matrix3x3, b: Matrix3x3) -> Matrix3x3 {
        Matrix3x3(columns: a * b.columns.0, a * b.columns.1, a * b.columns.2)
    }

    /// Entry-wise equality within `tolerance`.
    public func isApproximatelyEqual(to other: Matrix3x3, tolerance: Float = 1e-5) -> Bool {
        zip(columnMajor, other.columnMajor).allSatisfy { abs($0 - $1) <= tolerance }
    }

    public static func == (a: Matrix3x3, b: Matrix3x3) -> Bool { a.columnMajor == b.columnMajor }
    public func hash(into hasher: inout Hasher) { hasher.combine(columnMajor) }
}

extension Matrix3x3 {
    /// Tolerance on `RᵀR − I` and `det R − 1` for accepting a matrix as a rotation.
    public static let rotationTolerance: Float = 1e-3

    /// The rotation by `angle` radians about the unit `axis` (right-hand rule).
    public static func rotation(axis: SIMD3<Float>, angle: Float) -> Matrix3x3 {
        let a = axis.normalized ?? SIMD3(0, 1, 0)
        let c = cos(angle), s = sin(angle), t = 1 - c
        return Matrix3x3(
            rows: SIMD3(t * a.x * a.x + c, t * a.x * a.y - s * a.z, t * a.x * a.z + s * a.y),
            SIMD3(t * a.x * a.y + s * a.z, t * a.y * a.y + c, t * a.y * a.z - s * a.x),
            SIMD3(t * a.x * a.z - s * a.y, t * a.y * a.z + s * a.x, t * a.z * a.z + c))
    }

    /// The rotation of a unit quaternion (x, y, z, w), Hamilton convention, scalar last.
    public init(quaternion q: SIMD4<Float>) {
        let n = (q * q).sum().squareRoot()
        let (x, y, z, w) = n > 0 ? (q.x / n, q.y / n, q.z / n, q.w / n) : (0, 0, 0, 1)
        self.init(
            rows: SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)),
            SIMD3(2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)),
            SIMD3(2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)))
    }

    /// `true` when the matrix is orthonormal with determinant +1, within `rotationTolerance`.
    public var isRotation: Bool {
        guard columnMajor.allSatisfy(\.isFinite) else { return false }
        let p = transposed * self
        return p.isApproximatelyEqual(to: .identity, tolerance: Self.rotationTolerance)
            && abs(determinant - 1) <= Self.rotationTolerance
    }

    /// The angle of this rotation in radians (0…π).
    ///
    /// Computed as `atan2(sin θ, cos θ)` from the skew-symmetric part and the trace, which stays accurate
    /// for tiny angles (an `acos` of the trace loses everything below ~5e-4 rad in single precision).
    public var rotationAngle: Float {
        let trace = columns.0.x + columns.1.y + columns.2.z
        let skew = SIMD3(columns.1.z - columns.2.y, columns.2.x - columns.0.z, columns.0.y - columns.1.x)
        return atan2(skew.length / 2, (trace - 1) / 2)
    }

    /// The nearest rotation (re-orthonormalised by Gram–Schmidt on the columns).
    public var orthonormalized: Matrix3x3 {
        let x = columns.0.normalized ?? SIMD3(1, 0, 0)
        var y = columns.1 - x * x.dot(columns.1)
        y = y.normalized ?? x.anyPerpendicular
        return Matrix3x3(columns: x, y, x.cross(y))
    }
}
