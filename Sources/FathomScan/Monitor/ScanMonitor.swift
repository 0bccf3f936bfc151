import FathomCore

/// Watches a scan frame by frame and raises numbered events (CubiCasa SDK codes) when something goes
/// wrong and when it is back to normal.
///
/// Feed every frame, in capture order, with `process(_:)`; call `finish()` at the end for the verdict.
/// The monitor is a value: copy it to branch, replay a recording through a fresh one to re-check it.
///
/// Rules (thresholds in `ScanMonitorConfiguration`):
/// - drift (13): displacement over 10 m within 2 s → aborted;
/// - tracking lost (8, 9) or backgrounded (83) → paused, relocating; normal again → resumed (28);
///   not normal within 60 s → relocation timed out (80), aborted;
/// - fast rotation (87 / 28), floor and ceiling (21, 22 / 23), horizontal scanning (31 / 32),
///   sideways walking (29, 30 / 27), proximity from median depth (85, 86 / 88), orientation
///   (0, 17 / 24), invalid poses and out-of-order frames (66);
/// - device signals: thermal state (70–73), low power (74/75), memory warning (77), storage (78).
///
/// Pose rules run only while scanning with normal tracking and a valid pose; after a pause their
/// windows restart, so a relocalisation jump is not taken for drift.
///
/// - Complexity: amortised O(1) per frame for the pose rules (the drift check scans its window only
///   when the path walked within it exceeds the drift distance).
public struct ScanMonitor: Sendable {
    /// The thresholds.
    public let configuration: ScanMonitorConfiguration
    /// Every event raised so far, in order.
    public internal(set) var events: [MonitorEvent] = []
    /// The scan's phase.
    public internal(set) var phase: Phase = .notStarted
    /// Running totals.
    public internal(set) var statistics = ScanStatistics()

    // Frame bookkeeping.
    var lastFrameNumber = 0
    var history = PoseHistory()
    var odometerAnchor: SIMD3<Float>?
    var lastTrackedTimestamp: Double?
    var lastInvalidEventTimestamp = -Double.infinity

    // Tracking and relocation.
    var hasTrackedNormally = false
    var trackingLost = SustainedCondition()
    var trackingNormal = SustainedCondition()

    // Orientation.
    var hasBeenLandscape = false
    var reportedOrientation: DeviceOrientation?
    var pendingOrientation = SustainedCondition()
    var pendingOrientationValue: DeviceOrientation?

    // Pose rules.
    var rotationWarning: HysteresisWarning
    var pitchWarning: HysteresisWarning
    var horizontalWarning: HysteresisWarning
    var sidewaysWarning: HysteresisWarning
    var proximityWarning: HysteresisWarning
    var depthTimestamps: [Double] = []
    var depthMedians: [Float] = []
    var depthScratch: [Float] = []

    // Device signals.
    var lastSignals: DeviceSignals?
    var lastReportedStorageMinutes = Int.max

    /// Creates a monitor.
    public init(configuration: ScanMonitorConfiguration = .default) {
        self.configuration = configuration
        let c = configuration
        rotationWarning = HysteresisWarning(
            enterSeconds: c.fastRotationEnterSeconds, exitSeconds: c.fastRotationExitSeconds,
            recovery: .scanningBackToNormal)
        pitchWarning = HysteresisWarning(
            enterSeconds: c.pitchEnterSeconds, exitSeconds: c.pitchExitSeconds, recovery: .pitchValidAgain)
        horizontalWarning = HysteresisWarning(
            enterSeconds: c.horizontalEnterSeconds, exitSeconds: c.horizontalExitSeconds,
            recovery: .notScanningHorizontally)
        sidewaysWarning = HysteresisWarning(
            enterSeconds: c.sidewaysEnterSeconds, exitSeconds: c.sidewaysExitSeconds, recovery: .notWalkingSideways,
            switchesBetweenCodes: false)
        proximityWarning = HysteresisWarning(
            enterSeconds: 0, exitSeconds: c.proximityExitSeconds, recovery: .distanceBackInRange)
    }

    /// The warnings raised and not yet cleared (fast rotation, pitch, horizontal, sideways,
    /// proximity), plus the tracking-lost or backgrounded code while relocating.
    public var activeWarnings: [ScanEventCode] {
        var codes = [
            rotationWarning.active, pitchWarning.active, horizontalWarning.active,
            sidewaysWarning.active, proximityWarning.active,
        ].compactMap { $0 }
        if case .relocating = phase,
            let cause = events.last(where: {
                [.trackingLostTooDark, .trackingLostExcessiveMotion, .backgrounded]
                    .contains($0.code)
            })
        {
            codes.append(cause.code)
        }
        return codes
    }

    /// `true` once the scan is aborted or finished.
    public var isOver: Bool {
        switch phase {
        case .aborted, .finished: true
        default: false
        }
    }

    /// Feeds one frame; returns the events it raised (also appended to `events`).
    ///
    /// Frames whose timestamp is before the previous frame's (or not finite) are skipped and reported
    /// (66, at most once a second); a frame repeating the previous timestamp is skipped silently.
    /// After an abort or `finish()` frames are ignored.
    public mutating func process(_ input: Input) -> [MonitorEvent] {
        guard !isOver else { return [] }
        let first = events.count
        let frame = input.camera
        let t = frame.timestamp
        statistics.frameCount += 1
        if let last = statistics.lastTimestamp, !(t > last) {
            statistics.outOfOrderFrameCount += 1
            // A repeated timestamp is a capture glitch (real streams have them): skipped silently.
            guard t != last else { return [] }
            raiseInvalid(
                at: last, frameNumber: frame.frameNumber,
                message: "Frame \(frame.frameNumber) out of order: timestamp \(t) s not after \(last) s; skipped")
            return Array(events[first...])
        }
        guard t.isFinite else {
            statistics.outOfOrderFrameCount += 1
            raiseInvalid(
                at: statistics.lastTimestamp ?? 0, frameNumber: frame.frameNumber,
                message: "Frame \(frame.frameNumber) has a non-finite timestamp; skipped")
            return Array(events[first...])
        }
        lastFrameNumber = frame.frameNumber
        if statistics.firstTimestamp == nil {
            statistics.firstTimestamp = t
            start(frame)
        }
        statistics.lastTimestamp = t

        updateSignals(input.signals, frame: frame)
        updateOrientation(frame)
        let pose = frame.worldFromCamera
        if pose == nil {
            statistics.invalidPoseFrameCount += 1
            raiseInvalid(at: t, frameNumber: frame.frameNumber, message: nil)
        }
        updateTracking(frame, isBackgrounded: input.signals.isBackgrounded, poseIsValid: pose != nil)
        if case .scanning = phase, let pose, frame.trackingState.isNormal {
            updatePoseRules(pose, depth: input.depth, frame: frame)
        } else {
            lastTrackedTimestamp = nil
        }
        return Array(events[first...])
    }

    /// Ends the scan: raises 2 (enough data) or 3 (not enough data) and returns the verdict. After an
    /// abort it raises nothing and returns the abort; calling it again returns the same verdict.
    public mutating func finish() -> ScanVerdict {
        if case .aborted(let code) = phase {
            let reason = events.last(where: { $0.code == code })?.message ?? code.defaultMessage
            return .aborted(code: code, reason: reason)
        }
        let verdict = enoughDataVerdict
        if phase != .finished {
            let code: ScanEventCode = verdict == .ok ? .finishedWithEnoughData : .finishedNotEnoughData
            let message = verdict == .ok ? nil : "\(code.defaultMessage): \(verdict.reason)"
            raise(code, at: statistics.lastTimestamp ?? 0, frameNumber: lastFrameNumber, message: message)
            phase = .finished
        }
        return verdict
    }

    /// The verdict the data so far would get (without finishing).
    public var enoughDataVerdict: ScanVerdict {
        if case .aborted(let code) = phase {
            return .aborted(code: code, reason: events.last(where: { $0.code == code })?.message ?? "")
        }
        let c = configuration
        if statistics.trackedSeconds < c.minimumTrackedSeconds {
            return .notEnoughData(
                reason:
                    "tracked \(Self.format(statistics.trackedSeconds)) s, need \(Self.format(c.minimumTrackedSeconds)) s"
            )
        }
        if statistics.distanceWalkedMetres < c.minimumDistanceWalkedMetres {
            return .notEnoughData(
                reason:
                    "walked \(Self.format(Double(statistics.distanceWalkedMetres))) m, need \(Self.format(Double(c.minimumDistanceWalkedMetres))) m"
            )
        }
        return .ok
    }

    // MARK: Internal helpers

    mutating func raise(_ code: ScanEventCode, at t: Double, frameNumber: Int, message: String? = nil) {
        events.append(MonitorEvent(code: code, timestamp: t, frameNumber: frameNumber, message: message))
    }

    mutating func raiseInvalid(at t: Double, frameNumber: Int, message: String?) {
        guard t - lastInvalidEventTimestamp >= configuration.invalidPositionRepeatSeconds else { return }
        lastInvalidEventTimestamp = t
        raise(.invalidPosition, at: t, frameNumber: frameNumber, message: message)
    }

    mutating func abort(_ code: ScanEventCode, at t: Double, frameNumber: Int, message: String? = nil) {
        raise(code, at: t, frameNumber: frameNumber, message: message)
        phase = .aborted(code)
    }

    private mutating func start(_ frame: CameraFrame) {
        if frame.orientation == .landscapeRight {
            hasBeenLandscape = true
            reportedOrientation = .landscapeRight
            raise(.landscapeOrientationReached, at: frame.timestamp, frameNumber: frame.frameNumber)
        } else {
            reportedOrientation = frame.orientation
        }
        raise(.scanStarted, at: frame.timestamp, frameNumber: frame.frameNumber)
        phase = .scanning
    }

    static func format(_ value: Double) -> String {
        let r = (value * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
