import FathomCore

/// The world-space points of one depth frame, with what was dropped and why.
public struct DepthCloud: Sendable, Equatable {
    /// The frame the points come from.
    public var frameNumber: Int
    /// Points in world space, metres, with colours (when a colour image was given) and confidences.
    public var points: PointCloud
    /// Counts of kept and dropped samples.
    public var statistics: DepthCloudStatistics

    /// Creates a depth cloud.
    public init(frameNumber: Int, points: PointCloud, statistics: DepthCloudStatistics) {
        self.frameNumber = frameNumber
        self.points = points
        self.statistics = statistics
    }
}
