/// A 4×4 single-precision matrix stored by columns, as simd's `simd_float4x4` and ARKit's
/// `cameraTransform` are.
///
/// Recorded poses are kept in this raw form (they may be invalid: NaN, non-rigid); `RigidTransform`
/// is the validated form used for computation.
public struct Matrix4x4: Hashable, Sendable {
    /// The four columns.
    public var columns: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)

    /// Creates a matrix from its four columns.
    public init(columns c0: SIMD4<Float>, _ c1: SIMD4<Float>, _ c2: SIMD4<Float>, _ c3: SIMD4<Float>) {
        columns = (c0, c1, c2, c3)
    }

    /// Creates a matrix from 16 numbers in column-major order; `nil` unless there are exactly 16.
    public init?(columnMajor v: [Float]) {
        guard v.count == 16 else { return nil }
        columns = (
            SIMD4(v[0], v[1], v[2], v[3]), SIMD4(v[4], v[5], v[6], v[7]),
            SIMD4(v[8], v[9], v[10], v[11]), SIMD4(v[12], v[13], v[14], v[15])
        )
    }

    /// The identity matrix.
    public static let identity = Matrix4x4(
        columns: SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1))

    /// The 16 entries in column-major order.
    public var columnMajor: [Float] {
        [columns.0, columns.1, columns.2, columns.3].flatMap { [$0.x, $0.y, $0.z, $0.w] }
    }

    /// `true` when every entry is finite.
    public var isFinite: Bool { columnMajor.allSatisfy(\.isFinite) }

    /// The upper-left 3×3 block.
    public var upperLeft3x3: Matrix3x3 {
        Matrix3x3(
            columns: SIMD3(columns.0.x, columns.0.y, columns.0.z), SIMD3(columns.1.x, columns.1.y, columns.1.z),
            SIMD3(columns.2.x, columns.2.y, columns.2.z))
    }

    /// The translation column (x, y, z of the fourth column).
    public var translation: SIMD3<Float> { SIMD3(columns.3.x, columns.3.y, columns.3.z) }

    /// The matrix times a column vector.
    public static func * (m: Matrix4x4, v: SIMD4<Float>) -> SIMD4<Float> {
        m.columns.0 * v.x + m.columns.1 * v.y + m.columns.2 * v.z + m.columns.3 * v.w
    }

    /// The matrix product.
    public static func * (a: Matrix4x4, b: Matrix4x4) -> Matrix4x4 {
        Matrix4x4(columns: a * b.columns.0, a * b.columns.1, a * b.columns.2, a * b.columns.3)
    }

    public static func == (a: Matrix4x4, b: Matrix4x4) -> Bool { a.columnMajor == b.columnMajor }
    public func hash(into hasher: inout Hasher) { hasher.combine(columnMajor) }
}
