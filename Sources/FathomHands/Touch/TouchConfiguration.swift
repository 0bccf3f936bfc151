import FathomCore

/// Settings for turning fingertips into touch points (`TouchScene`, `TouchTracker`).
public struct TouchConfiguration: Hashable, Sendable {
    /// How far above the hit surface the touch point sits, metres (ARML's 1 cm).
    public var surfaceOffset: Float
    /// The farthest hit considered, metres from the camera.
    public var maximumDistance: Float
    /// The radius around the ray within which cloud points count as hit, metres.
    public var pointCloudHitRadius: Float
    /// The fewest cloud points that make a hit.
    public var minimumPointCloudHits: Int
    /// How long a touch is held without a new fingertip hit before it is lost, seconds.
    public var lostTimeout: Double
    /// How the camera image is displayed (`.right`: a portrait screen over the landscape sensor
    /// image), used to turn the fingertip's displayed point back into a camera-image point.
    public var displayOrientation: ImageOrientation
    /// The smoothing filter's settings.
    public var smoothing: OneEuroFilter.Parameters

    /// Creates settings; the defaults suit a hand over a table seen from 0.2–1 m.
    public init(
        surfaceOffset: Float = 0.01, maximumDistance: Float = 5, pointCloudHitRadius: Float = 0.02,
        minimumPointCloudHits: Int = 3, lostTimeout: Double = 0.3, displayOrientation: ImageOrientation = .up,
        smoothing: OneEuroFilter.Parameters = OneEuroFilter.Parameters()
    ) {
        self.surfaceOffset = surfaceOffset
        self.maximumDistance = maximumDistance
        self.pointCloudHitRadius = pointCloudHitRadius
        self.minimumPointCloudHits = max(1, minimumPointCloudHits)
        self.lostTimeout = lostTimeout
        self.displayOrientation = displayOrientation
        self.smoothing = smoothing
    }
}
