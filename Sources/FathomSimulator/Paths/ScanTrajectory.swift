import Foundation

/// A camera path with faults applied: per frame, the true pose, the recorded pose and the tracking
/// and world-mapping states. Every frame is computed independently of the others.
///
/// Tracking starts `limited:initializing` for `initializingDuration`; world mapping goes
/// `notAvailable` (while initializing) → `limited` → `extending` → `mapped` as the path is covered
/// (at `extendingFraction` and `mappedFraction` of the duration) and falls back to `limited` during
/// a tracking loss.
public struct ScanTrajectory: Sendable {
    /// The smooth path.
    public let path: CameraPath
    /// The faults.
    public let faults: [ScanFault]
    /// Frames per second.
    public let frameRate: Double
    /// Duration, seconds.
    public let duration: Double
    /// Scene, for faults that approach surfaces.
    let scene: SimulatedScene
    /// Maps scene coordinates to the session's world frame, in which recorded poses are expressed
    /// (identity: the session's world is the scene's).
    public let sessionFromScene: RigidTransform

    /// How long tracking initializes, seconds.
    public static let initializingDuration: Double = 1
    /// Fraction of the scan after which world mapping is `extending`.
    public static let extendingFraction: Double = 0.15
    /// Fraction of the scan after which world mapping is `mapped`.
    public static let mappedFraction: Double = 0.5
    /// Spin rates above this report `limited:excessiveMotion`, degrees per second.
    public static let excessiveMotionDegreesPerSecond: Float = 90
    /// Pitch reached by `lookAtFloor` / `lookAtCeiling`, degrees.
    public static let extremePitchDegrees: Float = 80
    /// Ramp-in and ramp-out time of orientation and approach faults, seconds (at most a quarter of
    /// the fault's duration).
    public static let rampTime: Double = 0.3

    /// Creates a trajectory.
    /// - Parameters:
    ///   - duration: seconds; `nil` uses the path's natural duration.
    ///   - sessionFromScene: the session's world frame (recorded poses are expressed in it).
    public init(
        path: CameraPath, faults: [ScanFault], scene: SimulatedScene, frameRate: Double, duration: Double? = nil,
        sessionFromScene: RigidTransform = .identity
    ) {
        self.sessionFromScene = sessionFromScene
        self.path = path
        self.faults = faults
        self.scene = scene
        self.frameRate = frameRate
        self.duration = duration ?? path.duration
    }

    /// The number of frames.
    public var frameCount: Int { max(1, Int((duration * frameRate).rounded(.down)) + 1) }

    /// The time of frame `i`, seconds.
    public func time(ofFrame i: Int) -> Double { Double(i) / frameRate }

    /// The true camera state at time `t` (path plus orientation and approach faults).
    public func trueSample(at t: Double) -> PathSample {
        var s = path.sample(at: t)
        for fault in faults {
            switch fault {
            case .fastSpin(let start, let d, let rate) where t >= start && t < start + d:
                let u = t - start
                let angle = Float(u < d / 2 ? u : d - u) * rate
                s.heading += angle * .pi / 180
            case .sidewaysWalk(let start, let d):
                let w = Self.ramp(t, start, d)
                guard w > 0 else { continue }
                // Look 90° left of the direction of motion, replacing the path's own look direction.
                let a = path.sample(at: t - 0.05).position
                let b = path.sample(at: t + 0.05).position
                let target = PathSample.heading(dx: b.x - a.x, dz: b.z - a.z) + .pi / 2
                var delta = remainder(target - s.heading, 2 * .pi)
                if !delta.isFinite { delta = 0 }
                s.heading += delta * w
            case .lookAtFloor(let start, let d):
                let w = Self.ramp(t, start, d)
                s.pitch = s.pitch * (1 - w) - Self.extremePitchDegrees * .pi / 180 * w
            case .lookAtCeiling(let start, let d):
                let w = Self.ramp(t, start, d)
                s.pitch = s.pitch * (1 - w) + Self.extremePitchDegrees * .pi / 180 * w
            default: break
            }
        }
        for case .tooCloseToWall(let start, let d, let distance) in faults {
            let w = Self.ramp(t, start, d)
            guard w > 0 else { continue }
            let f = s.horizontalForward
            if let (hit, _) = scene.firstHit(origin: s.position, direction: f, maxDistance: 20), hit > distance {
                s.position += f * ((hit - distance) * w)
            }
        }
        return s
    }

    /// The drift of a `.drift` fault at `weight` (0…1) of its growth: a turn of `weight · yawDegrees`
    /// about the vertical through `pivot` (world metres), then a shift of `weight · offset`.
    public static func driftTransform(
        weight: Float, offset: SIMD3<Float>, yawDegrees: Float, pivot: SIMD3<Float>
    ) -> RigidTransform {
        let rotation = Matrix3x3.rotation(axis: SIMD3(0, 1, 0), angle: weight * yawDegrees * .pi / 180)
        return RigidTransform(rotation: rotation, translation: pivot - rotation * pivot + offset * weight)
    }

    /// Smooth 0→1→0 weight of an interval with ramps at both ends.
    static func ramp(_ t: Double, _ start: Double, _ duration: Double) -> Float {
        guard t >= start, t < start + duration else { return 0 }
        let r = min(rampTime, duration / 4)
        let x = min(1, min(t - start, start + duration - t) / r)
        return Float(x * x * (3 - 2 * x))
    }

    /// The orientation the device is held in at time `t` (`landscapeRight` unless a
    /// `deviceOrientation` fault is active).
    public func deviceOrientation(at t: Double) -> DeviceOrientation {
        var o = DeviceOrientation.landscapeRight
        for case .deviceOrientation(let start, let d, let orientation) in faults where t >= start && t < start + d {
            o = orientation
        }
        return o
    }

    /// The true worldFromCamera at time `t`: the path sample's landscape pose, rolled about the
    /// viewing axis for the device orientation (portrait: camera +X points down, +Y right).
    public func truePose(at t: Double) -> RigidTransform {
        let pose = trueSample(at: t).worldFromCamera
        let degrees: Float
        switch deviceOrientation(at: t) {
        case .landscapeRight: return pose
        case .portrait: degrees = -90
        case .landscapeLeft: degrees = 180
        case .portraitUpsideDown: degrees = 90
        }
        return pose * RigidTransform(rotation: Matrix3x3.rotation(axis: SIMD3(0, 0, 1), angle: degrees * .pi / 180))
    }

    /// The pose of frame `i`.
    public func pose(frame i: Int) -> SimulatedPose {
        let t = time(ofFrame: i)
        let truth = truePose(at: t)
        var recordedTime = t
        var state: TrackingState = t < Self.initializingDuration ? .limited(.initializing) : .normal
        var lost = false
        for fault in faults {
            switch fault {
            case .fastSpin(let start, let d, let rate) where t >= start && t < start + d:
                if abs(rate) > Self.excessiveMotionDegreesPerSecond && state == .normal {
                    state = .limited(.excessiveMotion)
                }
            case .trackingLoss(let start, let d, let lossState, let reloc) where t >= start && t < start + d + reloc:
                state = t < start + d ? lossState : .limited(.relocalizing)
                lost = true
                // Frozen at the last frame before the loss.
                let lastFrame = max(0, Int((start * frameRate).rounded(.up)) - 1)
                recordedTime = min(recordedTime, time(ofFrame: lastFrame))
            default: break
            }
        }
        var recorded = recordedTime == t ? truth : truePose(at: recordedTime)
        for case .poseJump(let start, let d, let offset) in faults where recordedTime >= start {
            recorded.translation += offset * Float(min(1, (recordedTime - start) / d))
        }
        for case .drift(let start, let d, let offset, let yaw) in faults where recordedTime > start {
            recorded = Self.driftTransform(
                weight: Float(min(1, (recordedTime - start) / d)), offset: offset, yawDegrees: yaw,
                pivot: truePose(at: start).translation) * recorded
        }
        var matrix = (sessionFromScene * recorded).matrix
        for case .nanPose(let start, let d) in faults where t >= start && t < start + d {
            matrix.columns.3 = SIMD4(.nan, .nan, .nan, 1)
        }
        let mapping: WorldMappingStatus
        if t < Self.initializingDuration {
            mapping = .notAvailable
        } else if lost || t < Self.extendingFraction * duration {
            mapping = .limited
        } else if t < Self.mappedFraction * duration {
            mapping = .extending
        } else {
            mapping = .mapped
        }
        return SimulatedPose(
            frameNumber: i, timestamp: t, trueWorldFromCamera: truth, recordedTransform: matrix,
            trackingState: state, worldMappingStatus: mapping, orientation: deviceOrientation(at: t))
    }
}
