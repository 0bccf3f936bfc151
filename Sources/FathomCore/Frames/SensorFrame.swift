/// Everything one AR frame carries: the unit of Fathom's data flow.
///
/// A stream of these, from a scan package, the simulator or (on Apple devices) a live ARKit session,
/// feeds the point sources, the scan monitor and the anchors.
public struct SensorFrame: Sendable, Equatable {
    /// Pose, intrinsics and states.
    public var camera: CameraFrame
    /// The LiDAR reading of this frame, when there is one.
    public var depth: DepthFrame?
    /// The (downsampled) camera image of this frame, when recorded.
    public var color: ColorFrame?
    /// Raw feature points of this frame, when recorded.
    public var features: FeaturePointFrame?

    /// Creates a frame.
    public init(camera: CameraFrame, depth: DepthFrame? = nil, color: ColorFrame? = nil,
                features: FeaturePointFrame? = nil) {
        self.camera = camera
        self.depth = depth
        self.color = color
        self.features = features
    }

    /// The frame number.
    public var frameNumber: Int { camera.frameNumber }
    /// The capture time, seconds.
    public var timestamp: Double { camera.timestamp }
}
