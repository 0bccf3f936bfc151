import FathomSensing

/// Settings of `WorldMapBuilder`.
public struct WorldMapBuilderConfiguration: Sendable, Hashable {
    /// How feature samples become one position per feature. Default: `WorldMapBuilderConfiguration.mapAccumulator`
    /// (the 2σ cut repeated to convergence, at most 3 passes, and ray-weighted: a saved map is built
    /// once and relocalized against many times, so it takes the most accurate filter rather than the
    /// FindSurface demo's one pass).
    public var accumulator: FeatureAccumulatorConfiguration
    /// Features seen in fewer frames than this are left out of the map (ARKit's spurious points appear
    /// once). Counted up to the accumulator's `maximumSamplesPerFeature`. Default 3.
    public var minimumObservationCount: Int
    /// Edge of the thinning voxels, metres: at most one feature per voxel is kept (the one seen most
    /// often). Default 0.02 m.
    public var voxelSize: Float
    /// The most points a map holds; when thinning at `voxelSize` leaves more, the voxel edge grows by
    /// `voxelGrowthFactor` until they fit. Default 20,000.
    public var maximumPointCount: Int
    /// Whether the map carries normals estimated from each point's neighbours. Default `true`.
    public var estimatesNormals: Bool
    /// Neighbours (nearest filtered features, the point included) fitted by a plane for a normal. Default 16.
    public var normalNeighbourCount: Int
    /// Only neighbours within this distance count, metres. Default 0.5 m (room surfaces carry about ten
    /// features per square metre).
    public var normalRadius: Float
    /// Fewer neighbours than this within `normalRadius` give no plane: the normal is then the direction
    /// to the camera that last saw the feature. Default 5.
    public var minimumNormalNeighbourCount: Int
    /// Whether only frames with normal tracking and a valid pose are used (feature positions of limited
    /// tracking can be off by the drift being corrected). Default `true`.
    public var requiresNormalTracking: Bool

    /// The accumulator settings maps use by default: 3 passes of the 2σ cut, ray weighting.
    public static let mapAccumulator = FeatureAccumulatorConfiguration(filterPasses: 3, rayWeighting: true)
    /// The factor by which the voxel edge grows while a map has too many points.
    public static let voxelGrowthFactor: Float = 1.25

    /// Creates a configuration; counts are clamped to ≥ 1 (neighbour counts to ≥ 3), lengths to be
    /// positive and finite (else the default).
    public init(
        accumulator: FeatureAccumulatorConfiguration = WorldMapBuilderConfiguration.mapAccumulator,
        minimumObservationCount: Int = 3, voxelSize: Float = 0.02, maximumPointCount: Int = 20_000,
        estimatesNormals: Bool = true, normalNeighbourCount: Int = 16, normalRadius: Float = 0.5,
        minimumNormalNeighbourCount: Int = 5, requiresNormalTracking: Bool = true
    ) {
        self.accumulator = accumulator
        self.minimumObservationCount = max(1, minimumObservationCount)
        self.voxelSize = voxelSize.isFinite && voxelSize > 0 ? voxelSize : 0.02
        self.maximumPointCount = max(1, maximumPointCount)
        self.estimatesNormals = estimatesNormals
        self.normalNeighbourCount = max(3, normalNeighbourCount)
        self.normalRadius = normalRadius.isFinite && normalRadius > 0 ? normalRadius : 0.5
        self.minimumNormalNeighbourCount = max(3, minimumNormalNeighbourCount)
        self.requiresNormalTracking = requiresNormalTracking
    }
}
