/// What a `DepthFusionPipeline` did so far.
public struct DepthFusionReport: Sendable, Equatable {
    /// Frames offered.
    public var frameCount = 0
    /// Frames with a depth reading.
    public var depthFrameCount = 0
    /// Depth frames fused.
    public var fusedFrameCount = 0
    /// Fused depth frames that had no colour image (their points are uncoloured).
    public var framesWithoutColor = 0
    /// Depth frames that could not be enlarged for lack of a guide image (fused at their own size).
    public var framesNotUpsampled = 0
    /// Depth frames skipped, with the reason (invalid pose, empty map, …), in order.
    public var skipped: [String] = []
    /// Sample counts summed over the fused frames.
    public var samples = DepthCloudStatistics()

    /// Creates an empty report.
    public init() {}
}
