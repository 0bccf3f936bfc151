import Foundation

/// The camera's state on its path at one time: position plus heading and pitch.
public struct PathSample: Sendable, Equatable {
    /// Camera position, world metres.
    public var position: SIMD3<Float>
    /// Heading, radians, right-handed about +Y; 0 looks along −Z.
    public var heading: Float
    /// Pitch, radians; positive looks up.
    public var pitch: Float

    /// Creates a sample.
    public init(position: SIMD3<Float>, heading: Float, pitch: Float) {
        self.position = position
        self.heading = heading
        self.pitch = pitch
    }

    /// The unit viewing direction.
    public var forward: SIMD3<Float> {
        SIMD3(-sin(heading) * cos(pitch), sin(pitch), -cos(heading) * cos(pitch))
    }

    /// The horizontal unit viewing direction.
    public var horizontalForward: SIMD3<Float> { SIMD3(-sin(heading), 0, -cos(heading)) }

    /// The device pose held landscape (camera +Y as close to world up as possible), worldFromCamera.
    public var worldFromCamera: RigidTransform {
        let f = forward
        let right = SIMD3(cos(heading), 0, -sin(heading))
        let up = right.cross(f)
        return RigidTransform(rotation: Matrix3x3(columns: right, up, -f), translation: position)
    }

    /// The heading of a horizontal direction `(dx, dz)`.
    static func heading(dx: Float, dz: Float) -> Float { atan2(-dx, -dz) }
}
