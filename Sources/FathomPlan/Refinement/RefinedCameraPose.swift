import FathomCore

/// A camera pose after refinement against the scan's own depth (drift removed as far as the geometry
/// allows), for texturing or re-fusing the scan.
public struct RefinedCameraPose: Sendable, Equatable {
    /// The frame's number in the scan.
    public var frameNumber: Int
    /// The frame's time stamp, seconds.
    public var timestamp: Double
    /// The refined pose, world metres, in the scan's world frame.
    public var worldFromCamera: RigidTransform
    /// Whether the frame's depth was aligned to the model (false: the correction of the nearest
    /// aligned frame before it was applied to its recorded pose).
    public var isAligned: Bool

    /// Creates a refined pose.
    public init(frameNumber: Int, timestamp: Double, worldFromCamera: RigidTransform, isAligned: Bool) {
        self.frameNumber = frameNumber
        self.timestamp = timestamp
        self.worldFromCamera = worldFromCamera
        self.isAligned = isAligned
    }
}
