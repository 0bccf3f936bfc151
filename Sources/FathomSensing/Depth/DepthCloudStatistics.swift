/// What happened to the samples of one depth frame.
public struct DepthCloudStatistics: Sendable, Hashable {
    /// Samples in the depth map.
    public var sampleCount: Int
    /// Samples with no reading: zero, negative, NaN or infinite depth.
    public var invalidCount: Int
    /// Valid samples below the minimum confidence.
    public var lowConfidenceCount: Int
    /// Valid, confident samples nearer than the minimum or farther than the maximum distance.
    public var outOfRangeCount: Int
    /// Samples kept as points.
    public var keptCount: Int
    /// Whether the points are coloured (a colour image was available).
    public var isColored: Bool

    /// Creates statistics.
    public init(sampleCount: Int = 0, invalidCount: Int = 0, lowConfidenceCount: Int = 0,
                outOfRangeCount: Int = 0, keptCount: Int = 0, isColored: Bool = false) {
        self.sampleCount = sampleCount
        self.invalidCount = invalidCount
        self.lowConfidenceCount = lowConfidenceCount
        self.outOfRangeCount = outOfRangeCount
        self.keptCount = keptCount
        self.isColored = isColored
    }
}
