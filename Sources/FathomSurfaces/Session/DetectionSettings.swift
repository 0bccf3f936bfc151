import FathomCore

/// What a detection session searches for and how (the demo app's controls).
///
/// Defaults: plane, a 4-pixel probe picking the point nearest the camera, a seed-radius circle of a
/// quarter of the view's half-height, 1 cm accuracy, lateral extension 10, radial expansion 5, all
/// conversions, captured surfaces' inliers excluded from later searches.
public struct DetectionSettings: Sendable, Hashable {
    /// The selected type.
    public var type: SurfaceType
    /// The probe circle's radius, pixels.
    public var probeRadius: Float
    /// Which probed point becomes the seed.
    public var pickingRule: SeedProbe.Rule
    /// The seed-radius (pinch) circle as a fraction of the view's half-height.
    public var circleFraction: Float
    /// The sensor's a-priori rms error of a point, metres.
    public var accuracy: Float
    /// The mean point spacing, metres; `nil` to estimate it.
    public var meanDistance: Float?
    /// Lateral extension level, 0…10.
    public var lateralExtension: Int
    /// Radial expansion level, 0…10.
    public var radialExpansion: Int
    /// Smart conversions.
    public var conversions: SurfaceConversions
    /// Whether the inliers of captured surfaces are left out of later searches.
    public var excludesCapturedInliers: Bool

    /// Creates settings.
    public init(
        type: SurfaceType = .plane, probeRadius: Float = 4, pickingRule: SeedProbe.Rule = .nearestToCamera,
        circleFraction: Float = 0.25, accuracy: Float = 0.01, meanDistance: Float? = nil, lateralExtension: Int = 10,
        radialExpansion: Int = 5, conversions: SurfaceConversions = .all, excludesCapturedInliers: Bool = true
    ) {
        self.type = type
        self.probeRadius = probeRadius
        self.pickingRule = pickingRule
        self.circleFraction = circleFraction
        self.accuracy = accuracy
        self.meanDistance = meanDistance
        self.lateralExtension = lateralExtension
        self.radialExpansion = radialExpansion
        self.conversions = conversions
        self.excludesCapturedInliers = excludesCapturedInliers
    }
}
