import Foundation

/// An orientation as yaw, pitch and roll in degrees: `R = Ry(yaw) · Rx(pitch) · Rz(roll)`, each a
/// right-handed rotation about the world axis named (+Y up, +X, +Z). A pitch of 90° turns local +Y
/// (a cylinder's axis) onto world +Z; a roll of 90° turns it onto world −X.
public struct YawPitchRoll: Sendable, Equatable, Codable {
    /// Rotation about +Y, degrees.
    public var yaw: Float
    /// Rotation about +X, degrees.
    public var pitch: Float
    /// Rotation about +Z, degrees.
    public var roll: Float

    /// Creates an orientation (degrees).
    public init(yaw: Float = 0, pitch: Float = 0, roll: Float = 0) {
        self.yaw = yaw
        self.pitch = pitch
        self.roll = roll
    }

    /// No rotation.
    public static let zero = YawPitchRoll()

    enum CodingKeys: String, CodingKey { case yaw, pitch, roll }

    /// Decodes an orientation; missing angles are 0.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        yaw = try c.decodeIfPresent(Float.self, forKey: .yaw) ?? 0
        pitch = try c.decodeIfPresent(Float.self, forKey: .pitch) ?? 0
        roll = try c.decodeIfPresent(Float.self, forKey: .roll) ?? 0
    }

    /// The rotation matrix `Ry(yaw) · Rx(pitch) · Rz(roll)`.
    public var matrix: Matrix3x3 {
        let d = Float.pi / 180
        return Matrix3x3.rotation(axis: SIMD3(0, 1, 0), angle: yaw * d)
            * Matrix3x3.rotation(axis: SIMD3(1, 0, 0), angle: pitch * d)
            * Matrix3x3.rotation(axis: SIMD3(0, 0, 1), angle: roll * d)
    }
}
