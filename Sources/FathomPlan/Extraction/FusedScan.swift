import FathomCore

/// A scan's depth fused into one world cloud, with what the plan stage needs besides the points.
struct FusedScan: Sendable {
    /// Fused points (voxels seen at least twice), world metres.
    var points: [SIMD3<Float>]
    /// Depth frames read and fused.
    var depthFrameCount: Int
    var fusedFrameCount: Int
    /// Every camera frame (poses refined when refinement ran).
    var cameras: [CameraFrame]
    /// Room names with the frame at which each was said.
    var labels: [ScanLabel]
    /// Heading of the world −Z axis clockwise from true north, degrees, when known.
    var trueNorthDegrees: Double?
    /// Refined poses (empty without refinement).
    var refinedPoses: [RefinedCameraPose]
    /// Messages from fusion and refinement.
    var messages: [String]
    /// The fused depth frames kept coarse, for telling what the cameras saw past (empty when merged
    /// from several scans).
    var views: [CoarseDepthView] = []
}
