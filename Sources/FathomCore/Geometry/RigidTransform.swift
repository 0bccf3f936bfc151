/// A rotation followed by a translation: `p' = rotation · p + translation`.
///
/// Name every instance after the direction it maps, `worldFromCamera`, `cameraFromWorld`,
/// `targetFromSource` (Open3D's lesson: an unnamed "extrinsic" is a bug waiting to happen). Then
/// `worldFromCamera * cameraFromAnchor` reads as `worldFromAnchor`.
public struct RigidTransform: Hashable, Sendable {
    /// The rotation part (orthonormal, determinant +1).
    public var rotation: Matrix3x3
    /// The translation part, metres.
    public var translation: SIMD3<Float>

    /// Creates a transform without validation; `rotation` must be a rotation matrix.
    @inlinable
    public init(rotation: Matrix3x3 = .identity, translation: SIMD3<Float> = .zero) {
        self.rotation = rotation
        self.translation = translation
    }

    /// Creates a transform from a 4×4 matrix; `nil` when the matrix is not finite, its upper-left
    /// block is not a rotation, or its last row is not (0, 0, 0, 1).
    public init?(_ matrix: Matrix4x4) {
        let m = matrix
        guard m.isFinite, m.upperLeft3x3.isRotation,
            abs(m.columns.0.w) < 1e-5, abs(m.columns.1.w) < 1e-5, abs(m.columns.2.w) < 1e-5,
            abs(m.columns.3.w - 1) < 1e-5
        else { return nil }
        self.init(rotation: m.upperLeft3x3.orthonormalized, translation: m.translation)
    }

    /// The identity transform.
    public static let identity = RigidTransform()

    /// The 4×4 matrix form.
    public var matrix: Matrix4x4 {
        let r = rotation.columns
        return Matrix4x4(
            columns: SIMD4(r.0, 0), SIMD4(r.1, 0), SIMD4(r.2, 0), SIMD4(translation, 1))
    }

    /// The inverse transform (`cameraFromWorld` for `worldFromCamera`).
    @inlinable
    public var inverse: RigidTransform {
        let rt = rotation.transposed
        return RigidTransform(rotation: rt, translation: -(rt * translation))
    }

    /// Maps a point.
    @inlinable @inline(__always)
    public func apply(to point: SIMD3<Float>) -> SIMD3<Float> { rotation * point + translation }

    /// Maps a direction (rotation only).
    @inlinable @inline(__always)
    public func applyToDirection(_ direction: SIMD3<Float>) -> SIMD3<Float> { rotation * direction }

    /// Composition: `(a * b).apply(to: p) == a.apply(to: b.apply(to: p))`.
    @inlinable
    public static func * (a: RigidTransform, b: RigidTransform) -> RigidTransform {
        RigidTransform(rotation: a.rotation * b.rotation, translation: a.rotation * b.translation + a.translation)
    }

    /// The transform placing an object at `eye` whose −Z axis looks towards `target`, with +Y as
    /// close to `up` as possible (a camera's `worldFromCamera`). `nil` if `eye == target` or the view
    /// direction is parallel to `up`.
    public static func lookAt(eye: SIMD3<Float>, target: SIMD3<Float>, up: SIMD3<Float> = SIMD3(0, 1, 0))
        -> RigidTransform?
    {
        guard let forward = (target - eye).normalized, let right = forward.cross(up).normalized else { return nil }
        let trueUp = right.cross(forward)
        return RigidTransform(rotation: Matrix3x3(columns: right, trueUp, -forward), translation: eye)
    }

    /// Whether both parts agree within the given tolerances (metres, radians).
    public func isApproximatelyEqual(
        to other: RigidTransform, translationTolerance: Float = 1e-4, angleTolerance: Float = 1e-4
    ) -> Bool {
        translation.distance(to: other.translation) <= translationTolerance
            && (rotation.transposed * other.rotation).rotationAngle <= angleTolerance
    }
}
