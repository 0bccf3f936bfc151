/// Settings of `FeaturePointAccumulator` (defaults are the FindSurface feature-point demo's).
public struct FeatureAccumulatorConfiguration: Sendable, Hashable {
    /// Samples kept per identifier; older ones are dropped first. Default 100.
    public var maximumSamplesPerFeature: Int
    /// k in the k·σ outlier cut of `FeatureSampleFilter`. Default 2.
    public var sigmaMultiplier: Float
    /// Passes of the outlier cut (`FeatureSampleFilter`); 1 is the demo's method. Default 1.
    public var filterPasses: Int
    /// Whether kept samples are combined by ray-weighted least squares (`FeatureSampleFilter`), using
    /// the camera position of each sample's frame, instead of averaged. Default `false` (the demo's mean).
    public var rayWeighting: Bool
    /// Across-ray over along-ray noise of the samples, for ray weighting. Default 0.1 (ARKit-like
    /// needles: ~1 mm/m across, ~1 cm/m along).
    public var noiseRatio: Float
    /// Identifiers tracked; when a new identifier would exceed it, the least recently seen tenth is
    /// forgotten. Default 100,000.
    public var maximumFeatureCount: Int
    /// Samples nearer than this to the camera centre are ignored, metres. Default 0.25 m.
    public var minimumCameraDistance: Float

    /// Creates a configuration; counts are clamped to ≥ 1 and distances and k to ≥ 0.
    public init(maximumSamplesPerFeature: Int = 100, sigmaMultiplier: Float = 2, filterPasses: Int = 1,
                rayWeighting: Bool = false, noiseRatio: Float = 0.1,
                maximumFeatureCount: Int = 100_000, minimumCameraDistance: Float = 0.25) {
        self.maximumSamplesPerFeature = max(1, maximumSamplesPerFeature)
        self.sigmaMultiplier = sigmaMultiplier.isFinite ? max(0, sigmaMultiplier) : 2
        self.filterPasses = max(1, filterPasses)
        self.rayWeighting = rayWeighting
        self.noiseRatio = noiseRatio.isFinite && noiseRatio > 0 ? min(1, noiseRatio) : 0.1
        self.maximumFeatureCount = max(1, maximumFeatureCount)
        self.minimumCameraDistance = minimumCameraDistance.isFinite ? max(0, minimumCameraDistance) : 0.25
    }
}
