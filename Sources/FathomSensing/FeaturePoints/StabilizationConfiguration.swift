/// Settings of `StabilizationGate`.
public struct StabilizationConfiguration: Sendable, Hashable {
    /// Feature points a frame must show to count towards stabilisation. Default 100.
    public var minimumFeatureCount: Int
    /// Camera travel needed to finish, metres; rotation counts too (see `metresPerRadian`). Default 1 m.
    public var requiredMotion: Float
    /// How much one radian of camera rotation counts as travel, metres. Default 0.25 m.
    public var metresPerRadian: Float
    /// Per-frame camera moves larger than this (metres of equivalent travel) are ignored as jumps.
    /// Default 0.2 m.
    public var maximumStep: Float
    /// Whether progress starts over when tracking is lost (`notAvailable` or relocalizing). Default `true`.
    public var resetsOnTrackingLoss: Bool

    /// Creates a configuration; values are clamped to be positive (counts ≥ 0).
    public init(minimumFeatureCount: Int = 100, requiredMotion: Float = 1, metresPerRadian: Float = 0.25,
                maximumStep: Float = 0.2, resetsOnTrackingLoss: Bool = true) {
        self.minimumFeatureCount = max(0, minimumFeatureCount)
        self.requiredMotion = requiredMotion.isFinite && requiredMotion > 0 ? requiredMotion : 1
        self.metresPerRadian = metresPerRadian.isFinite ? max(0, metresPerRadian) : 0.25
        self.maximumStep = maximumStep.isFinite && maximumStep > 0 ? maximumStep : 0.2
        self.resetsOnTrackingLoss = resetsOnTrackingLoss
    }
}
