extension ScanEventCode {
    /// The warnings this "back to normal" event clears (empty for other codes).
    public var clearedCodes: [ScanEventCode] {
        switch self {
        case .pitchValidAgain: [.scanningFloor, .scanningCeiling]
        case .orientationValidAgain: [.reverseLandscape]
        case .notWalkingSideways: [.walkingSidewaysLeft, .walkingSidewaysRight]
        case .scanningBackToNormal:
            [.rotatingTooFast, .trackingLostTooDark, .trackingLostExcessiveMotion, .backgrounded]
        case .notScanningHorizontally: [.scanningHorizontally]
        case .distanceBackInRange: [.tooClose, .tooFar]
        default: []
        }
    }

    /// The warnings active after `events` (in time order): each warning stays active until an event
    /// that clears it. One-off warnings without a recovery (66, 77, 78, thermal, low power) are not
    /// included.
    public static func activeWarnings(after events: some Sequence<MonitorEvent>) -> [ScanEventCode] {
        var active: [ScanEventCode] = []
        for event in events {
            let code = event.code
            if code.severity == .recovery {
                active.removeAll { code.clearedCodes.contains($0) }
            } else if code.isLasting, !active.contains(code) {
                active.append(code)
            }
        }
        return active
    }

    /// `true` for warnings that last until a recovery event clears them.
    public var isLasting: Bool {
        ScanEventCode.allCases.contains { $0.severity == .recovery && $0.clearedCodes.contains(self) }
    }
}
