/// One camera frame's pose and state: the part of an ARKit frame every consumer needs.
public struct CameraFrame: Hashable, Sendable {
    /// The frame's number, unique within a recording.
    public var frameNumber: Int
    /// Capture time, seconds (any origin; use differences).
    public var timestamp: Double
    /// ARKit's `camera.transform` as recorded: worldFromCamera. May be invalid (NaN, non-rigid) in bad
    /// recordings; `worldFromCamera` gives the validated form.
    public var cameraTransform: Matrix4x4
    /// Intrinsics at the camera image's full resolution (e.g. 1920×1440).
    public var intrinsics: CameraIntrinsics
    /// Tracking state.
    public var trackingState: TrackingState
    /// World-mapping status, when recorded.
    public var worldMappingStatus: WorldMappingStatus?
    /// Device orientation, when recorded.
    public var orientation: DeviceOrientation?

    /// Creates a frame.
    public init(
        frameNumber: Int, timestamp: Double, cameraTransform: Matrix4x4, intrinsics: CameraIntrinsics,
        trackingState: TrackingState = .normal, worldMappingStatus: WorldMappingStatus? = nil,
        orientation: DeviceOrientation? = nil
    ) {
        self.frameNumber = frameNumber
        self.timestamp = timestamp
        self.cameraTransform = cameraTransform
        self.intrinsics = intrinsics
        self.trackingState = trackingState
        self.worldMappingStatus = worldMappingStatus
        self.orientation = orientation
    }

    /// The pose as a rigid transform (camera → world), or `nil` when the recorded matrix is not a
    /// finite rigid transform.
    public var worldFromCamera: RigidTransform? { RigidTransform(cameraTransform) }

    /// The posed camera at the image resolution, or `nil` when the pose is invalid.
    public var camera: PinholeCamera? {
        worldFromCamera.map { PinholeCamera(intrinsics: intrinsics, worldFromCamera: $0) }
    }
}
