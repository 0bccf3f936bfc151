/// A scanning fault injected at a given time, seconds from the start of the scan. JSON:
/// `{"type": "poseJump", "start": 8, "duration": 1, "offset": [12, 0, 0]}`, `{"type": "drift", "start": 0,
/// "duration": 120, "offset": [0.05, 0, -0.03], "yawDegrees": 1.5}`, `{"type": "fastSpin",
/// "start": 5, "duration": 1, "degreesPerSecond": 200}`, `{"type": "sidewaysWalk", …}`,
/// `{"type": "tooCloseToWall", …, "distance": 0.15}`, `{"type": "lookAtFloor", …}`,
/// `{"type": "lookAtCeiling", …}`, `{"type": "trackingLoss", …, "state": "notAvailable",
/// "relocalizingDuration": 1}`, `{"type": "nanPose", …}`, `{"type": "orientation", …, "orientation":
/// "portrait"}`.
public enum ScanFault: Sendable, Equatable {
    /// The recorded pose drifts by `offset` (world metres) linearly over `duration` and keeps the
    /// offset afterwards; the true pose and tracking state are unaffected (ARKit does not notice).
    case poseJump(start: Double, duration: Double, offset: SIMD3<Float>)
    /// Slow tracking drift, as real visual-inertial odometry shows: the recorded pose differs from the
    /// true one by a transform growing linearly from nothing at `start` to a turn of `yawDegrees`
    /// about the vertical through the true camera position at `start` followed by a shift of
    /// `offset` (world metres) at `start + duration`, and kept afterwards. The true pose and tracking
    /// state are unaffected.
    case drift(start: Double, duration: Double, offset: SIMD3<Float>, yawDegrees: Float)
    /// The device spins about the vertical at `degreesPerSecond` — out for half the duration and back
    /// for the other half; tracking is `limited:excessiveMotion` while it lasts if the rate exceeds
    /// `ScanTrajectory.excessiveMotionDegreesPerSecond`.
    case fastSpin(start: Double, duration: Double, degreesPerSecond: Float)
    /// The camera looks 90° to the left of the direction of motion, replacing the path's own look
    /// direction (ramped in and out).
    case sidewaysWalk(start: Double, duration: Double)
    /// The camera moves towards the surface ahead until it is `distance` metres away.
    case tooCloseToWall(start: Double, duration: Double, distance: Float)
    /// The camera pitches down to `ScanTrajectory.extremePitchDegrees` below the horizon.
    case lookAtFloor(start: Double, duration: Double)
    /// The camera pitches up to `ScanTrajectory.extremePitchDegrees` above the horizon.
    case lookAtCeiling(start: Double, duration: Double)
    /// Tracking is `state` (`notAvailable` or `limited:…`) for `duration`, then
    /// `limited:relocalizing` for `relocalizingDuration`, then normal; the recorded pose stays frozen
    /// at the last frame before `start` until tracking is normal again.
    case trackingLoss(start: Double, duration: Double, state: TrackingState, relocalizingDuration: Double)
    /// The recorded pose's translation is NaN.
    case nanPose(start: Double, duration: Double)
    /// The device is held in another orientation (`portrait`, `landscapeLeft`, …): the camera rolls
    /// about its viewing axis accordingly and frames report that orientation.
    case deviceOrientation(start: Double, duration: Double, orientation: DeviceOrientation)

    /// Start time, seconds.
    public var start: Double {
        switch self {
        case .poseJump(let s, _, _), .drift(let s, _, _, _), .fastSpin(let s, _, _), .sidewaysWalk(let s, _), .tooCloseToWall(let s, _, _),
            .lookAtFloor(let s, _), .lookAtCeiling(let s, _), .trackingLoss(let s, _, _, _), .nanPose(let s, _),
            .deviceOrientation(let s, _, _):
            s
        }
    }

    /// Duration, seconds (for tracking loss, without the relocalizing phase).
    public var duration: Double {
        switch self {
        case .poseJump(_, let d, _), .drift(_, let d, _, _), .fastSpin(_, let d, _), .sidewaysWalk(_, let d), .tooCloseToWall(_, let d, _),
            .lookAtFloor(_, let d), .lookAtCeiling(_, let d), .trackingLoss(_, let d, _, _), .nanPose(_, let d),
            .deviceOrientation(_, let d, _):
            d
        }
    }

    /// The JSON type name.
    public var typeName: String {
        switch self {
        case .poseJump: "poseJump"
        case .drift: "drift"
        case .fastSpin: "fastSpin"
        case .sidewaysWalk: "sidewaysWalk"
        case .tooCloseToWall: "tooCloseToWall"
        case .lookAtFloor: "lookAtFloor"
        case .lookAtCeiling: "lookAtCeiling"
        case .trackingLoss: "trackingLoss"
        case .nanPose: "nanPose"
        case .deviceOrientation: "orientation"
        }
    }

    /// Checks the parameters.
    /// - Throws: `SceneValidationError.invalidFault` naming the fault's index.
    public func validate(index: Int) throws {
        guard start.isFinite, start >= 0 else {
            throw SceneValidationError.invalidFault(index: index, detail: "start \(start) s must be ≥ 0")
        }
        guard duration.isFinite, duration > 0 else {
            throw SceneValidationError.invalidFault(index: index, detail: "duration \(duration) s must be positive")
        }
        switch self {
        case .poseJump(_, _, let offset) where !offset.isFinite:
            throw SceneValidationError.invalidFault(index: index, detail: "offset is not finite")
        case .drift(_, _, let offset, let yaw) where !offset.isFinite || !yaw.isFinite:
            throw SceneValidationError.invalidFault(index: index, detail: "drift offset or yaw is not finite")
        case .fastSpin(_, _, let rate) where !rate.isFinite || rate == 0:
            throw SceneValidationError.invalidFault(index: index, detail: "spin rate \(rate)°/s is invalid")
        case .tooCloseToWall(_, _, let d) where !d.isFinite || d <= 0:
            throw SceneValidationError.invalidFault(index: index, detail: "distance \(d) m must be positive")
        case .trackingLoss(_, _, let state, let reloc):
            guard state != .normal else {
                throw SceneValidationError.invalidFault(index: index, detail: "a tracking loss cannot be 'normal'")
            }
            guard reloc.isFinite, reloc >= 0 else {
                throw SceneValidationError.invalidFault(
                    index: index, detail: "relocalizing duration \(reloc) s is invalid")
            }
        default: break
        }
    }
}

extension ScanFault: Codable {
    enum CodingKeys: String, CodingKey {
        case type, start, duration, offset, yawDegrees, degreesPerSecond, distance, state, relocalizingDuration, orientation
    }

    /// Decodes a fault; `duration` defaults to 1 s, `offset` to [12, 0, 0] (a drift's to [0, 0, 0]),
    /// `yawDegrees` to 0, `degreesPerSecond` to
    /// 200, `distance` to 0.15 m, `state` to `notAvailable`, `relocalizingDuration` to 1 s,
    /// `orientation` to `portrait`.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        let start = try c.decode(Double.self, forKey: .start)
        let duration = try c.decodeIfPresent(Double.self, forKey: .duration) ?? 1
        switch type {
        case "poseJump":
            self = .poseJump(
                start: start, duration: duration,
                offset: try c.decodeIfPresent(SIMD3<Float>.self, forKey: .offset) ?? SIMD3(12, 0, 0))
        case "drift":
            self = .drift(
                start: start, duration: duration,
                offset: try c.decodeIfPresent(SIMD3<Float>.self, forKey: .offset) ?? .zero,
                yawDegrees: try c.decodeIfPresent(Float.self, forKey: .yawDegrees) ?? 0)
        case "fastSpin":
            self = .fastSpin(
                start: start, duration: duration,
                degreesPerSecond: try c.decodeIfPresent(Float.self, forKey: .degreesPerSecond) ?? 200)
        case "sidewaysWalk": self = .sidewaysWalk(start: start, duration: duration)
        case "tooCloseToWall":
            self = .tooCloseToWall(
                start: start, duration: duration,
                distance: try c.decodeIfPresent(Float.self, forKey: .distance) ?? 0.15)
        case "lookAtFloor": self = .lookAtFloor(start: start, duration: duration)
        case "lookAtCeiling": self = .lookAtCeiling(start: start, duration: duration)
        case "trackingLoss":
            self = .trackingLoss(
                start: start, duration: duration,
                state: try c.decodeIfPresent(TrackingState.self, forKey: .state) ?? .notAvailable,
                relocalizingDuration: try c.decodeIfPresent(Double.self, forKey: .relocalizingDuration) ?? 1)
        case "nanPose": self = .nanPose(start: start, duration: duration)
        case "orientation":
            self = .deviceOrientation(
                start: start, duration: duration,
                orientation: try c.decodeIfPresent(DeviceOrientation.self, forKey: .orientation) ?? .portrait)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c, debugDescription: "unknown fault type '\(type)'")
        }
    }

    /// Encodes the fault with its `type`.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(typeName, forKey: .type)
        try c.encode(start, forKey: .start)
        try c.encode(duration, forKey: .duration)
        switch self {
        case .poseJump(_, _, let offset): try c.encode(offset, forKey: .offset)
        case .drift(_, _, let offset, let yaw):
            try c.encode(offset, forKey: .offset)
            try c.encode(yaw, forKey: .yawDegrees)
        case .fastSpin(_, _, let rate): try c.encode(rate, forKey: .degreesPerSecond)
        case .tooCloseToWall(_, _, let d): try c.encode(d, forKey: .distance)
        case .trackingLoss(_, _, let state, let reloc):
            try c.encode(state, forKey: .state)
            try c.encode(reloc, forKey: .relocalizingDuration)
        case .deviceOrientation(_, _, let orientation):
            try c.encode(orientation, forKey: .orientation)
        default: break
        }
    }
}
