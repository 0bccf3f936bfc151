/// A posed pinhole camera: intrinsics plus the `worldFromCamera` transform.
public struct PinholeCamera: Hashable, Sendable {
    /// Intrinsics at the resolution pixels are given in.
    public var intrinsics: CameraIntrinsics
    /// Maps camera-space points to world space.
    public var worldFromCamera: RigidTransform

    /// Creates a camera.
    public init(intrinsics: CameraIntrinsics, worldFromCamera: RigidTransform) {
        self.intrinsics = intrinsics
        self.worldFromCamera = worldFromCamera
    }

    /// The camera centre in world space.
    public var position: SIMD3<Float> { worldFromCamera.translation }

    /// The viewing direction (camera −Z) in world space.
    public var forward: SIMD3<Float> { -worldFromCamera.rotation.columns.2 }

    /// The world-space ray through pixel (u, v).
    public func ray(u: Float, v: Float) -> Ray {
        Ray(unchecked: position, direction: worldFromCamera.applyToDirection(intrinsics.direction(u: u, v: v)))
    }

    /// The world-space ray through a normalized image point (0…1 on both axes, origin top-left).
    public func ray(normalized p: SIMD2<Float>) -> Ray {
        ray(u: p.x * Float(intrinsics.width), v: p.y * Float(intrinsics.height))
    }

    /// The pixel and depth of a world point, or `nil` when it is behind the camera.
    public func project(_ worldPoint: SIMD3<Float>) -> (pixel: SIMD2<Float>, depth: Float)? {
        intrinsics.project(worldFromCamera.inverse.apply(to: worldPoint))
    }

    /// The world point at pixel (u, v) with depth `depth` metres.
    public func unproject(u: Float, v: Float, depth: Float) -> SIMD3<Float> {
        worldFromCamera.apply(to: intrinsics.unproject(u: u, v: v, depth: depth))
    }

    /// This camera with intrinsics scaled to another image resolution.
    public func scaled(toWidth width: Int, height: Int) -> PinholeCamera {
        PinholeCamera(intrinsics: intrinsics.scaled(toWidth: width, height: height), worldFromCamera: worldFromCamera)
    }
}
