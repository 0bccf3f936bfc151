/// What the simulated device measures and how noisy it is. Every field has a documented default
/// (`SensorConfiguration()` is an iPhone Pro–like device at 30 Hz).
///
/// LiDAR depth noise: σ = (`depthNoiseBase` + `depthNoisePerMetre`·d) / max(cos θ,
/// `minimumIncidenceCosine`), with d the true depth and θ the angle between the viewing ray and the
/// surface normal; the noise is added to the depth (along the pixel's ray).
public struct SensorConfiguration: Sendable, Equatable {
    /// Camera frames per second (default 30).
    public var frameRate: Double = 30
    /// Full-resolution camera intrinsics (default `CameraIntrinsics.iPhoneWide1920x1440`).
    public var cameraIntrinsics: CameraIntrinsics = .iPhoneWide1920x1440

    // MARK: LiDAR depth
    /// Depth map width, pixels (default 256).
    public var depthWidth = 256
    /// Depth map height, pixels (default 192).
    public var depthHeight = 192
    /// A depth map every this many frames; 0 = no depth (default 1: every frame).
    public var depthEveryNthFrame = 1
    /// Nothing is measured beyond this depth, metres (default 5).
    public var depthMaximumRange: Float = 5
    /// Noise σ at zero range, metres (default 0.001).
    public var depthNoiseBase: Float = 0.001
    /// Noise σ growth per metre of depth (default 0.002 m/m).
    public var depthNoisePerMetre: Float = 0.002
    /// Floor of cos θ in the noise formula (default 0.3).
    public var minimumIncidenceCosine: Float = 0.3
    /// Probability that a sample drops out (depth 0, confidence low) (default 0.01).
    public var depthDropoutProbability: Double = 0.01
    /// High confidence needs depth ≤ this, metres (default 3).
    public var highConfidenceMaximumRange: Float = 3
    /// High confidence needs cos θ ≥ this (default 0.5).
    public var highConfidenceMinimumCosine: Float = 0.5
    /// Medium confidence needs depth ≤ this, metres (default 4).
    public var mediumConfidenceMaximumRange: Float = 4
    /// Medium confidence needs cos θ ≥ this (default 0.25).
    public var mediumConfidenceMinimumCosine: Float = 0.25
    /// A sample is at a depth edge — confidence low — when a 4-neighbour's true depth differs by more
    /// than this fraction of its depth plus `depthEdgeAbsolute` (default 0.05).
    public var depthEdgeRelative: Float = 0.05
    /// Absolute part of the depth-edge threshold, metres (default 0.02).
    public var depthEdgeAbsolute: Float = 0.02

    // MARK: Feature points
    /// Feature points every this many frames; 0 = none (default 1).
    public var featuresEveryNthFrame = 1
    /// Landmarks per square metre on the room shell (default 10).
    public var landmarkDensity: Float = 10
    /// Landmarks per square metre on objects, which are richly textured (default 300).
    public var objectLandmarkDensity: Float = 300
    /// Landmarks are seen up to this distance, metres (default 6).
    public var featureMaximumRange: Float = 6
    /// Landmarks are seen from at least this distance, metres (default 0.1).
    public var featureMinimumRange: Float = 0.1
    /// Probability that a visible landmark is detected in a frame (default 0.8).
    public var featureDetectionProbability: Double = 0.8
    /// Noise σ along the viewing ray per metre of distance (default 0.01: 1 cm at 1 m).
    public var featureAlongRayNoisePerMetre: Float = 0.01
    /// Noise σ across the viewing ray per metre of distance (default 0.001: 1 mm at 1 m).
    public var featureAcrossRayNoisePerMetre: Float = 0.001
    /// Probability that a detected landmark's sample is mistriangulated (default 0.05): it keeps the
    /// landmark's identifier but lies on the viewing ray at `featureMismatchDepthRange` times the true
    /// distance. ARKit's raw feature points carry such samples (a feature matched to the wrong image
    /// point between frames); they are what the accumulator's 2σ cut is for.
    public var featureMismatchProbability: Double = 0.05
    /// Range of the distance factor of a mistriangulated sample (default 0.6…1.6).
    public var featureMismatchDepthRange: ClosedRange<Float> = 0.6...1.6
    /// Fraction of each frame's points that are spurious, with fresh identifiers (default 0.12).
    public var spuriousFeatureFraction: Double = 0.12
    /// Most feature points reported per frame (default 1000).
    public var maximumFeaturesPerFrame = 1000
    /// Fraction of the landmarks that this session detects at other texture spots than a session with
    /// the same seed and no churn (default 0): a second session re-detects only part of the first one's
    /// landmarks, and finds new ones on the same surfaces. Which ones follow from `landmarkChurnSeed`.
    public var landmarkChurn: Double = 0
    /// Seeds the choice and placement of churned landmarks (default 0).
    public var landmarkChurnSeed: UInt64 = 0

    // MARK: Camera image
    /// Camera image width, pixels, even (default 256).
    public var imageWidth = 256
    /// Camera image height, pixels, even (default 192).
    public var imageHeight = 192
    /// A camera image every this many frames; 0 = none (default 1).
    public var imageEveryNthFrame = 1

    /// The defaults.
    public init() {}

    /// A cheaper configuration for demos and debug builds: depth every 3rd frame (10 Hz at 30 Hz),
    /// a camera image every 10th frame, feature points every frame; everything else default.
    public static var lightweight: SensorConfiguration {
        var c = SensorConfiguration()
        c.depthEveryNthFrame = 3
        c.imageEveryNthFrame = 10
        return c
    }

    /// Depth intrinsics: `cameraIntrinsics` scaled to the depth map.
    public var depthIntrinsics: CameraIntrinsics { cameraIntrinsics.scaled(toWidth: depthWidth, height: depthHeight) }
    /// Image intrinsics: `cameraIntrinsics` scaled to the camera image.
    public var imageIntrinsics: CameraIntrinsics { cameraIntrinsics.scaled(toWidth: imageWidth, height: imageHeight) }

    /// The depth noise σ, metres, at true depth `depth` and incidence cosine `cosine`.
    @inlinable
    public func depthNoiseSigma(depth: Float, cosine: Float) -> Float {
        (depthNoiseBase + depthNoisePerMetre * depth) / max(cosine, minimumIncidenceCosine)
    }

    /// Checks the values.
    /// - Throws: `SensorConfigurationError` naming the field.
    public func validate() throws {
        func check(_ ok: Bool, _ name: String, _ value: Any) throws {
            if !ok { throw SensorConfigurationError.invalid(field: name, value: "\(value)") }
        }
        try check(frameRate.isFinite && frameRate > 0 && frameRate <= 240, "frameRate", frameRate)
        try check(depthWidth > 0 && depthHeight > 0, "depthWidth/depthHeight", "\(depthWidth)×\(depthHeight)")
        try check(
            imageWidth > 0 && imageHeight > 0 && imageWidth % 2 == 0 && imageHeight % 2 == 0,
            "imageWidth/imageHeight (positive, even)", "\(imageWidth)×\(imageHeight)")
        try check(depthEveryNthFrame >= 0, "depthEveryNthFrame", depthEveryNthFrame)
        try check(featuresEveryNthFrame >= 0, "featuresEveryNthFrame", featuresEveryNthFrame)
        try check(imageEveryNthFrame >= 0, "imageEveryNthFrame", imageEveryNthFrame)
        try check(depthMaximumRange > 0, "depthMaximumRange", depthMaximumRange)
        try check(depthNoiseBase >= 0 && depthNoisePerMetre >= 0, "depthNoiseBase/PerMetre", depthNoiseBase)
        try check(
            minimumIncidenceCosine > 0 && minimumIncidenceCosine <= 1, "minimumIncidenceCosine", minimumIncidenceCosine)
        try check((0...1).contains(depthDropoutProbability), "depthDropoutProbability", depthDropoutProbability)
        try check(landmarkDensity >= 0 && objectLandmarkDensity >= 0, "landmarkDensity", landmarkDensity)
        try check((0...1).contains(landmarkChurn), "landmarkChurn", landmarkChurn)
        try check(
            (0...1).contains(featureDetectionProbability), "featureDetectionProbability", featureDetectionProbability)
        try check((0..<1).contains(spuriousFeatureFraction), "spuriousFeatureFraction", spuriousFeatureFraction)
        try check((0...1).contains(featureMismatchProbability), "featureMismatchProbability", featureMismatchProbability)
        try check(
            featureMismatchDepthRange.lowerBound > 0 && featureMismatchDepthRange.upperBound.isFinite,
            "featureMismatchDepthRange", Double(featureMismatchDepthRange.lowerBound))
        try check(featureAlongRayNoisePerMetre >= 0 && featureAcrossRayNoisePerMetre >= 0, "feature noise", 0)
        try check(maximumFeaturesPerFrame >= 0, "maximumFeaturesPerFrame", maximumFeaturesPerFrame)
        try check(featureMaximumRange > featureMinimumRange, "featureMaximumRange", featureMaximumRange)
    }
}
