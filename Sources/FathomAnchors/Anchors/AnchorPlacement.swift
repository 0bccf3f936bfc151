import FathomCore
import Foundation

/// Where a new anchor goes: `distance` metres in front of the camera, facing it.
///
/// The anchor's +z axis points from the anchor back to the camera centre (a pane placed this way shows
/// its front, +z, face to the viewer) and its +y axis is world up (+y, against gravity) made
/// perpendicular to +z, so the anchor never rolls with the device. When the camera looks straight up or
/// down (+z parallel to gravity within `degenerateUpCosine`), the camera's own +y axis takes the place
/// of world up.
///
/// With `orientation == .upright` the anchor stands vertical instead: +z is the horizontal part of the
/// direction to the camera, +y is exactly world up.
public struct AnchorPlacement: Sendable, Hashable {
    /// How the anchor is turned towards the camera.
    public enum Orientation: String, Sendable, Hashable, CaseIterable {
        /// +z points at the camera centre; +y is as close to world up as possible (no roll).
        case facingCamera
        /// +y is world up; +z is the horizontal direction to the camera (yaw only).
        case upright
    }

    /// Distance from the camera centre along its viewing direction, metres. Default 0.8 m.
    public let distance: Float
    /// How the anchor is turned. Default `.facingCamera`.
    public let orientation: Orientation

    /// The default placement distance, metres.
    public static let defaultDistance: Float = 0.8
    /// When |(+z)·up| exceeds this, world up is too close to +z to define +y, and the camera's +y is used.
    public static let degenerateUpCosine: Float = 0.999

    /// Creates a placement rule; `nil` unless `distance` is finite and positive.
    public init?(distance: Float = AnchorPlacement.defaultDistance, orientation: Orientation = .facingCamera) {
        guard distance.isFinite, distance > 0 else { return nil }
        self.distance = distance
        self.orientation = orientation
    }

    /// The default rule: 0.8 m in front, facing the camera.
    public static let standard = AnchorPlacement()!
}

extension AnchorPlacement {
    /// The anchor pose (anchor → world, metres) for a camera pose (camera → world, ARKit convention: the
    /// camera looks along its −z axis, +y up in the image).
    public func worldFromAnchor(worldFromCamera: RigidTransform) -> RigidTransform {
        let columns = worldFromCamera.rotation.columns
        let cameraUp = columns.1, cameraBack = columns.2
        let position = worldFromCamera.translation - cameraBack * distance
        let worldUp = SIMD3<Float>(0, 1, 0)
        let z: SIMD3<Float>
        switch orientation {
        case .facingCamera:
            z = cameraBack
        case .upright:
            // The horizontal part of the direction to the camera; straight down/up views use the image's up.
            let toCamera = abs(cameraBack.y) > Self.degenerateUpCosine ? -cameraUp : cameraBack
            z = SIMD3(toCamera.x, 0, toCamera.z).normalized ?? SIMD3(0, 0, 1)
        }
        let reference = abs(z.dot(worldUp)) > Self.degenerateUpCosine ? cameraUp : worldUp
        let y = (reference - z * z.dot(reference)).normalized ?? z.anyPerpendicular
        let x = y.cross(z)
        return RigidTransform(rotation: Matrix3x3(columns: x, y, z), translation: position)
    }

    /// A new anchor placed by this rule.
    /// - Parameters:
    ///   - worldFromCamera: the camera pose, camera → world.
    ///   - kind: the anchor kind (e.g. `"film-pane"`).
    ///   - createdAt: the placement time.
    ///   - payload: app data.
    public func anchor(
        worldFromCamera: RigidTransform, kind: String, createdAt: Date, payload: AnchorPayload = .null
    ) -> Anchor {
        Anchor(worldFromAnchor: worldFromAnchor(worldFromCamera: worldFromCamera), kind: kind, createdAt: createdAt,
               payload: payload)
    }
}
