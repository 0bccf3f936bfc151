import FathomCore

/// Whether the session is ready for placing anchors, and if not, why: the states of a coaching overlay.
///
/// | Tracking | World mapping | Status | Placing | Message |
/// |---|---|---|---|---|
/// | `notAvailable` | any | `trackingUnavailable` | no | "Tracking unavailable" |
/// | `limited(.initializing)` | any | `initializing` | no | "Move your device to start" |
/// | `limited(.excessiveMotion)` | any | `excessiveMotion` | no | "Move your device slowly" |
/// | `limited(.insufficientFeatures)` | any | `insufficientFeatures` | no | "Point at a well-lit, textured area" |
/// | `limited(.relocalizing)` | any | `relocalizing` | no | "Relocalizing…" |
/// | `normal`, pose not a finite rigid transform | any | `invalidPose` | no | "Tracking lost" |
/// | `normal` | `notAvailable` | `mappingNotAvailable` | no | "Move around to map the area" |
/// | `normal` | `limited` | `mappingLimited` | no | "Keep scanning" |
/// | `normal` | `extending` or `mapped` | `ready` | yes | "Ready to place" |
///
/// Tracking is checked before mapping: a limited-tracking frame reports the tracking reason whatever
/// the mapping status.
public enum SessionStatus: String, Sendable, Hashable, CaseIterable {
    /// Tracking is normal and the map covers the surroundings: placing is allowed.
    case ready
    /// No tracking (session not started or stopped).
    case trackingUnavailable
    /// Tracking is starting.
    case initializing
    /// The device moves too fast.
    case excessiveMotion
    /// Too few features are visible (dark, blank surfaces).
    case insufficientFeatures
    /// The session is relocalizing after an interruption.
    case relocalizing
    /// Tracking says normal but the pose is not a finite rigid transform.
    case invalidPose
    /// Tracking is normal but there is no map yet.
    case mappingNotAvailable
    /// Tracking is normal but the map is insufficient around the device.
    case mappingLimited

    /// The status of one camera frame (see the table).
    /// - Parameter mappingStatusWhenMissing: the status assumed when the frame has none.
    public init(camera: CameraFrame, mappingStatusWhenMissing: WorldMappingStatus = .notAvailable) {
        switch camera.trackingState {
        case .notAvailable: self = .trackingUnavailable
        case .limited(.initializing): self = .initializing
        case .limited(.excessiveMotion): self = .excessiveMotion
        case .limited(.insufficientFeatures): self = .insufficientFeatures
        case .limited(.relocalizing): self = .relocalizing
        case .normal:
            guard camera.worldFromCamera != nil else {
                self = .invalidPose
                return
            }
            switch camera.worldMappingStatus ?? mappingStatusWhenMissing {
            case .notAvailable: self = .mappingNotAvailable
            case .limited: self = .mappingLimited
            case .extending, .mapped: self = .ready
            }
        }
    }

    /// Whether placing anchors is allowed in this state (only `ready`).
    public var allowsPlacement: Bool { self == .ready }

    /// The coaching message shown for this state (see the table).
    public var message: String {
        switch self {
        case .ready: "Ready to place"
        case .trackingUnavailable: "Tracking unavailable"
        case .initializing: "Move your device to start"
        case .excessiveMotion: "Move your device slowly"
        case .insufficientFeatures: "Point at a well-lit, textured area"
        case .relocalizing: "Relocalizing…"
        case .invalidPose: "Tracking lost"
        case .mappingNotAvailable: "Move around to map the area"
        case .mappingLimited: "Keep scanning"
        }
    }
}
