/// Every threshold of the scan monitor, with documented defaults.
///
/// Each warning has an *enter* condition that must hold for a minimum duration before it is raised,
/// and a stricter *exit* condition that must hold for a minimum duration before its "back to normal"
/// event: the gap between the two thresholds and the durations are the hysteresis that keeps a
/// warning from flapping on noise. Enter durations are kept short (≤ 0.4 s) so a warning is raised
/// within half a second of its cause. Rates and velocities are measured over a time window (not
/// between consecutive frames), so near-duplicate timestamps cannot produce spikes.
///
/// Angles are degrees, distances metres, times seconds.
public struct ScanMonitorConfiguration: Hashable, Sendable {
    // MARK: Drift
    /// Drift: a displacement larger than this within `driftWindowSeconds` aborts the scan (13). 10 m.
    public var driftDistanceMetres: Float = 10
    /// Drift window. 2 s.
    public var driftWindowSeconds: Double = 2

    // MARK: Rotation
    /// Window over which the angular rate is measured. 0.2 s.
    public var rotationRateWindowSeconds: Double = 0.2
    /// Fast rotation: angular rate above this… (87). 90°/s.
    public var fastRotationEnterDegreesPerSecond: Float = 90
    /// …for at least this long. 0.25 s.
    public var fastRotationEnterSeconds: Double = 0.25
    /// Back to normal (28) when the rate stays below this… 60°/s.
    public var fastRotationExitDegreesPerSecond: Float = 60
    /// …for at least this long. 0.5 s.
    public var fastRotationExitSeconds: Double = 0.5

    // MARK: Pitch (the camera's viewing direction above the horizon; negative looks down)
    /// Scanning the floor (21): pitch below this… −60°.
    public var floorPitchEnterDegrees: Float = -60
    /// Scanning the ceiling (22): pitch above this… +60°.
    public var ceilingPitchEnterDegrees: Float = 60
    /// …for at least this long. 0.4 s.
    public var pitchEnterSeconds: Double = 0.4
    /// Pitch valid again (23) when it is within ± this… 50°.
    public var pitchExitDegrees: Float = 50
    /// …for at least this long. 0.4 s.
    public var pitchExitSeconds: Double = 0.4

    // MARK: Horizontal scanning
    /// Scanning horizontally (31): the camera held above this pitch (not tilted down)… −5°.
    public var horizontalPitchEnterDegrees: Float = -5
    /// …and below the ceiling limit, for at least this long. 5 s.
    public var horizontalEnterSeconds: Double = 5
    /// Not horizontally anymore (32) when the pitch is below this… −10°.
    public var horizontalPitchExitDegrees: Float = -10
    /// …for at least this long. 0.5 s.
    public var horizontalExitSeconds: Double = 0.5

    // MARK: Sideways walking
    /// Window over which the walking velocity is measured. 0.25 s.
    public var velocityWindowSeconds: Double = 0.25
    /// Walking counts when the horizontal speed is at least this. 0.25 m/s.
    public var walkingMinimumSpeedMetresPerSecond: Float = 0.25
    /// Speeds above this are not walking (tracking jumps); ignored by the sideways rule. 3 m/s.
    public var walkingMaximumSpeedMetresPerSecond: Float = 3
    /// Sideways when the angle between the horizontal velocity and the horizontal viewing direction is
    /// at least this (and at most 180° minus it). 60°.
    public var sidewaysEnterAngleDegrees: Float = 60
    /// …for at least this long (29 or 30). 0.25 s.
    public var sidewaysEnterSeconds: Double = 0.25
    /// Not sideways anymore (27) when the angle is below this (or 180° minus it), or the user stands
    /// still… 45°.
    public var sidewaysExitAngleDegrees: Float = 45
    /// …for at least this long. 1.5 s (hand-held orbits pause briefly without ending the episode).
    public var sidewaysExitSeconds: Double = 1.5

    // MARK: Proximity (median depth)
    /// Window over which per-frame median depths are pooled (median of medians). 0.5 s.
    public var depthWindowSeconds: Double = 0.5
    /// Too close (85) below this. 0.5 m.
    public var tooCloseEnterMetres: Float = 0.5
    /// Too far (86) beyond this. 4 m.
    public var tooFarEnterMetres: Float = 4
    /// Back in range (88) when the median is within these limits… 0.6 m.
    public var tooCloseExitMetres: Float = 0.6
    /// …and this. 3.5 m.
    public var tooFarExitMetres: Float = 3.5
    /// …for at least this long. 0.5 s.
    public var proximityExitSeconds: Double = 0.5
    /// Depth readings with less valid samples than this fraction are ignored. 0.1.
    public var minimumDepthValidFraction: Float = 0.1

    // MARK: Tracking and relocation
    /// Tracking counts as lost after it has been limited or unavailable this long (8/9). 0.25 s.
    public var trackingLostEnterSeconds: Double = 0.25
    /// The scan resumes (28) after tracking has been normal this long. 0.3 s.
    public var trackingResumeSeconds: Double = 0.3
    /// Relocation gives up after this long (80, aborted). 60 s.
    public var relocationTimeoutSeconds: Double = 60

    // MARK: Orientation
    /// An orientation change counts after it has held this long (17, 24). 0.3 s.
    public var orientationChangeSeconds: Double = 0.3

    // MARK: Invalid input
    /// Invalid-position events (66) are raised at most once per this interval. 1 s.
    public var invalidPositionRepeatSeconds: Double = 1

    // MARK: Device
    /// Storage warnings (78) start when fewer minutes of recording than this are left. 5 min.
    public var storageWarningMinutes: Double = 5

    // MARK: Verdict
    /// Enough data: at least this much time with normal tracking and a valid pose… 10 s.
    public var minimumTrackedSeconds: Double = 10
    /// …and at least this horizontal distance walked. 1 m.
    public var minimumDistanceWalkedMetres: Float = 1

    /// The defaults.
    public init() {}

    /// The defaults.
    public static let `default` = ScanMonitorConfiguration()
}
