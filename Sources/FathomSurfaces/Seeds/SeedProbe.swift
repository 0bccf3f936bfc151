import FathomCore

/// How to choose a seed from a screen probe: the probe circle around a screen point selects the
/// cloud points whose projections fall inside it, and one of them becomes the seed.
///
/// Defaults follow the FindSurface feature-point demo: a 4-pixel probe, the point nearest the camera,
/// a seed-radius circle of a quarter of the view's half-height, depths 5 cm … 10 m.
public struct SeedProbe: Sendable, Hashable {
    /// Which probed point becomes the seed.
    public enum Rule: String, Sendable, Hashable, CaseIterable {
        /// The probed point nearest the camera centre (the feature-point demo's choice).
        case nearestToCamera
        /// The probed point whose projection is nearest the screen point.
        case nearestToRay
    }

    /// The screen point, pixels (u right, v down) at the camera intrinsics' resolution.
    public var screenPoint: SIMD2<Float>
    /// The probe circle's radius, pixels.
    public var probeRadius: Float
    /// Which probed point becomes the seed.
    public var rule: Rule
    /// The seed-radius circle (the pinch circle) as a fraction of the view's half-height; the seed
    /// radius is this circle's size at the seed's depth.
    public var circleFraction: Float
    /// Points nearer than this to the camera are ignored, metres.
    public var minimumDepth: Float
    /// Points farther than this from the camera are ignored, metres.
    public var maximumDepth: Float

    /// Creates a probe.
    public init(
        screenPoint: SIMD2<Float>, probeRadius: Float = 4, rule: Rule = .nearestToCamera,
        circleFraction: Float = 0.25, minimumDepth: Float = 0.05, maximumDepth: Float = 10
    ) {
        self.screenPoint = screenPoint
        self.probeRadius = probeRadius
        self.rule = rule
        self.circleFraction = circleFraction
        self.minimumDepth = minimumDepth
        self.maximumDepth = maximumDepth
    }
}

/// A seed chosen by a screen probe.
public struct PickedSeed: Sendable, Hashable {
    /// The seed point's index in the cloud.
    public var index: Int
    /// The seed point, metres.
    public var position: SIMD3<Float>
    /// The seed's depth along the camera's viewing direction, metres.
    public var depth: Float
    /// The seed radius from the probe's circle at that depth, metres.
    public var seedRadius: Float
    /// The seed's distance from the screen point, pixels.
    public var pixelDistance: Float
}
