import FathomCore

/// Says when motion tracking has settled, as the feature-point demo's "scan your surroundings"
/// screen does: progress 0…1 rises with camera motion (travel plus rotation) made while tracking is
/// normal and enough feature points are in view, and stalls otherwise, with the reason.
public struct StabilizationGate: Sendable {
    /// Why progress did not rise on the last update.
    public enum Stall: String, Sendable, Hashable, CaseIterable {
        /// Tracking is not normal (initialising, limited or lost).
        case trackingNotNormal
        /// Too few feature points are in view (blank wall, sky, darkness).
        case tooFewFeatures
        /// The camera is not moving (the image stays the same).
        case notMoving
        /// The camera jumped farther than `maximumStep` in one frame.
        case jump
    }

    /// Thresholds.
    public let configuration: StabilizationConfiguration
    /// Equivalent camera travel accumulated so far, metres.
    public private(set) var accumulatedMotion: Float = 0
    /// Why the last update did not advance, or `nil` when it did (or before any update).
    public private(set) var stall: Stall?
    private var previous: RigidTransform?

    /// Movement per frame below which the camera counts as still, metres of equivalent travel.
    public static let stillnessThreshold: Float = 1e-4

    /// Creates a gate at progress 0.
    public init(configuration: StabilizationConfiguration = StabilizationConfiguration()) {
        self.configuration = configuration
    }

    /// Progress towards stabilisation, 0…1.
    public var progress: Float { min(1, accumulatedMotion / configuration.requiredMotion) }

    /// Whether tracking has settled (progress reached 1).
    public var isStable: Bool { progress >= 1 }

    /// Feeds one frame: its camera state and the number of feature points it shows. Returns the
    /// progress after it.
    @discardableResult
    public mutating func update(camera: CameraFrame, featureCount: Int) -> Float {
        guard camera.trackingState.isNormal, let pose = camera.worldFromCamera else {
            if configuration.resetsOnTrackingLoss, !isStable {
                switch camera.trackingState {
                case .notAvailable, .limited(.relocalizing): accumulatedMotion = 0
                default: break
                }
            }
            stall = .trackingNotNormal
            previous = nil
            return progress
        }
        defer { previous = pose }
        guard featureCount >= configuration.minimumFeatureCount else {
            stall = .tooFewFeatures
            return progress
        }
        guard let last = previous else {
            stall = .notMoving
            return progress
        }
        let travel = pose.translation.distance(to: last.translation)
        let turn = (last.rotation.transposed * pose.rotation).rotationAngle
        let step = travel + turn * configuration.metresPerRadian
        if step > configuration.maximumStep {
            stall = .jump
        } else if step < Self.stillnessThreshold {
            stall = .notMoving
        } else {
            stall = nil
            accumulatedMotion += step
        }
        return progress
    }

    /// Starts over at progress 0.
    public mutating func reset() {
        accumulatedMotion = 0
        stall = nil
        previous = nil
    }
}
