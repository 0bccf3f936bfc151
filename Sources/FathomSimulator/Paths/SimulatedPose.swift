/// One frame's pose as the simulated device reports it, with the truth beside it.
public struct SimulatedPose: Sendable, Equatable {
    /// The frame number (0-based).
    public var frameNumber: Int
    /// Time since the start, seconds.
    public var timestamp: Double
    /// The device's true pose in scene coordinates (sceneFromCamera): what the sensors see from.
    public var trueWorldFromCamera: RigidTransform
    /// The pose as recorded (`cameraTransform`): the truth altered by faults (jumps, freezes, NaN),
    /// expressed in the session's world frame (`ScanTrajectory.sessionFromScene`).
    public var recordedTransform: Matrix4x4
    /// The reported tracking state.
    public var trackingState: TrackingState
    /// The reported world-mapping status.
    public var worldMappingStatus: WorldMappingStatus
    /// The orientation the device is held in.
    public var orientation: DeviceOrientation
}
