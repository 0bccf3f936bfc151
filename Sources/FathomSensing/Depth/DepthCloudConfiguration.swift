import FathomCore

/// Settings of `DepthCloudBuilder`: which depth samples become points.
public struct DepthCloudConfiguration: Sendable, Hashable {
    /// The lowest confidence kept. Default `.medium` (Apple's sample lets the user pick).
    public var minimumConfidence: ConfidenceLevel
    /// Samples nearer than this (depth along −Z, metres) are dropped. Default 0.1 m.
    public var minimumDistance: Float
    /// Samples farther than this (metres) are dropped. Default 5 m, the LiDAR's range.
    public var maximumDistance: Float

    /// Creates a configuration; distances are clamped so that `0 ≤ minimumDistance ≤ maximumDistance`.
    public init(minimumConfidence: ConfidenceLevel = .medium, minimumDistance: Float = 0.1,
                maximumDistance: Float = 5) {
        self.minimumConfidence = minimumConfidence
        let lo = minimumDistance.isFinite ? max(0, minimumDistance) : 0
        self.minimumDistance = lo
        self.maximumDistance = maximumDistance.isNaN ? .infinity : max(lo, maximumDistance)
    }
}
