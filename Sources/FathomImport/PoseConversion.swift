import FathomCore

/// Pose conventions converted at the import boundary: quaternion checks, axis-angle rotations and
/// the change from OpenCV camera axes to ARKit's.
public enum PoseConversion {
    /// A quaternion whose norm differs from 1 by at most this much is used as it is (float rounding in
    /// the writer's text).
    public static let unitTolerance: Float = 1e-3
    /// A quaternion whose norm differs from 1 by more than `unitTolerance` and at most this much is
    /// normalised with a warning; beyond it the pose is refused.
    public static let normalizableTolerance: Float = 0.1

    /// The outcome of checking a quaternion.
    public enum QuaternionCheck: Equatable, Sendable {
        /// Usable as it is (unit within `unitTolerance`), normalised.
        case unit(SIMD4<Float>)
        /// Normalised from a norm off by more than `unitTolerance`; the norm is given for the warning.
        case normalized(SIMD4<Float>, norm: Float)
        /// Not finite, or a norm off by more than `normalizableTolerance`: the pose is unusable.
        case refused(String)
    }

    /// Checks a quaternion (x, y, z, w).
    public static func check(quaternion q: SIMD4<Float>) -> QuaternionCheck {
        guard q.x.isFinite, q.y.isFinite, q.z.isFinite, q.w.isFinite else { return .refused("quaternion is not finite") }
        let norm = (q * q).sum().squareRoot()
        if abs(norm - 1) <= unitTolerance { return .unit(q / norm) }
        if abs(norm - 1) <= normalizableTolerance { return .normalized(q / norm, norm: norm) }
        return .refused("quaternion norm \(norm) is far from 1")
    }

    /// `worldFromCamera` in ARKit camera axes (x right, y up, looking along −z) of a pose given in
    /// OpenCV camera axes (x right, y down, looking along +z): the camera's y and z axes turn by 180°
    /// about x, i.e. `R · diag(1, −1, −1)`. The world frame is unchanged.
    public static func arkitFromOpenCV(_ worldFromOpenCVCamera: RigidTransform) -> RigidTransform {
        let r = worldFromOpenCVCamera.rotation
        return RigidTransform(
            rotation: Matrix3x3(columns: r.columns.0, -r.columns.1, -r.columns.2),
            translation: worldFromOpenCVCamera.translation)
    }

    /// The rotation of an axis-angle vector (radians; the direction is the axis, the length the angle),
    /// as OpenCV's `Rodrigues` gives it.
    public static func rotation(axisAngle v: SIMD3<Float>) -> Matrix3x3 {
        let angle = v.length
        guard angle > 1e-12 else { return .identity }
        return Matrix3x3.rotation(axis: v / angle, angle: angle)
    }

    /// The unit quaternion (x, y, z, w) of a rotation matrix (Shepperd's method), with w ≥ 0.
    public static func quaternion(of m: Matrix3x3) -> SIMD4<Float> {
        let (c0, c1, c2) = m.columns
        let (m00, m11, m22) = (c0.x, c1.y, c2.z)
        let trace = m00 + m11 + m22
        var q: SIMD4<Float>
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = SIMD4((c1.z - c2.y) / s, (c2.x - c0.z) / s, (c0.y - c1.x) / s, s / 4)
        } else if m00 > m11 && m00 > m22 {
            let s = (1 + m00 - m11 - m22).squareRoot() * 2
            q = SIMD4(s / 4, (c1.x + c0.y) / s, (c2.x + c0.z) / s, (c1.z - c2.y) / s)
        } else if m11 > m22 {
            let s = (1 + m11 - m00 - m22).squareRoot() * 2
            q = SIMD4((c1.x + c0.y) / s, s / 4, (c2.y + c1.z) / s, (c2.x - c0.z) / s)
        } else {
            let s = (1 + m22 - m00 - m11).squareRoot() * 2
            q = SIMD4((c2.x + c0.z) / s, (c2.y + c1.z) / s, s / 4, (c0.y - c1.x) / s)
        }
        if q.w < 0 { q = -q }
        return q / (q * q).sum().squareRoot()
    }
}
