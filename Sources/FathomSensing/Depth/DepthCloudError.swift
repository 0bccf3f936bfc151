/// Why a frame could not be turned into a depth cloud.
public enum DepthCloudError: Error, Equatable, CustomStringConvertible {
    /// The frame carries no depth reading.
    case missingDepth(frameNumber: Int)
    /// The frame's `cameraTransform` is not a finite rigid transform.
    case invalidPose(frameNumber: Int)
    /// The depth map has no pixels.
    case emptyDepthMap(frameNumber: Int)

    public var description: String {
        switch self {
        case let .missingDepth(f): "frame \(f): no depth reading"
        case let .invalidPose(f): "frame \(f): camera transform is not a finite rigid transform"
        case let .emptyDepthMap(f): "frame \(f): depth map is empty"
        }
    }
}
