/// The scan monitor's event vocabulary, numbered as the CubiCasa SDK numbers its status codes.
///
/// Raw values are the SDK's codes, so a `feedback.json` written by Fathom reads like one written by
/// the SDK. Each code has a default message (`defaultMessage`) and a severity (`severity`): playback
/// jumps between warnings, and tests assert that clean scans raise none.
public enum ScanEventCode: Int, Hashable, Sendable, Codable, CaseIterable {
    /// The device reached landscape orientation (the scan can start).
    case landscapeOrientationReached = 0
    /// The scan started (first frame fed to the monitor).
    case scanStarted = 1
    /// The scan finished with enough data.
    case finishedWithEnoughData = 2
    /// The scan finished without enough data.
    case finishedNotEnoughData = 3
    /// Tracking lost: too dark / too few features (ARKit `insufficientFeatures`). Starts relocation.
    case trackingLostTooDark = 8
    /// Tracking lost: excessive motion (ARKit `excessiveMotion`). Starts relocation.
    case trackingLostExcessiveMotion = 9
    /// Drift: the position moved more than the drift distance (10 m) within the drift window (2 s).
    /// The scan is aborted.
    case driftDetected = 13
    /// Unrecoverable error: the scan's files were removed.
    case scanRemoved = 15
    /// The device is in reverse-landscape orientation (after having been in landscape).
    case reverseLandscape = 17
    /// Scanning the floor: the camera pitch has been too low for a while.
    case scanningFloor = 21
    /// Scanning the ceiling: the camera pitch has been too high for a while.
    case scanningCeiling = 22
    /// Not scanning the floor or the ceiling anymore: the pitch is valid again.
    case pitchValidAgain = 23
    /// Not in the wrong orientation anymore (back to landscape).
    case orientationValidAgain = 24
    /// Not walking sideways anymore.
    case notWalkingSideways = 27
    /// Scanning back to normal: rotation speed normal again, or tracking normal and the scan resumed.
    case scanningBackToNormal = 28
    /// Walking sideways to the left (seen from the camera).
    case walkingSidewaysLeft = 29
    /// Walking sideways to the right (seen from the camera).
    case walkingSidewaysRight = 30
    /// Scanning horizontally: the camera has been held level (not tilted down) for a while.
    case scanningHorizontally = 31
    /// Not scanning horizontally anymore.
    case notScanningHorizontally = 32
    /// Zipping the scan failed (the archive was faulty twice). The scan is removed (15).
    case zippingFailed = 51
    /// The zip archive failed verification; zipping again.
    case invalidZipRezipping = 53
    /// Invalid position values (a non-finite or non-rigid pose, or a frame out of order).
    case invalidPosition = 66
    /// Thermal state nominal.
    case thermalNominal = 70
    /// Thermal state fair.
    case thermalFair = 71
    /// Thermal state serious.
    case thermalSerious = 72
    /// Thermal state critical.
    case thermalCritical = 73
    /// Low-power mode switched on.
    case lowPowerOn = 74
    /// Low-power mode switched off.
    case lowPowerOff = 75
    /// The system sent a memory warning.
    case memoryWarning = 77
    /// Storage is running out: minutes of recording left.
    case storageMinutesLeft = 78
    /// Relocation timed out (tracking not normal again within the relocation timeout, 60 s). The scan
    /// is aborted.
    case relocationTimedOut = 80
    /// The app went to the background: the scan pauses and relocates when it comes back.
    case backgrounded = 83
    /// Scanning too close (median depth below the near limit).
    case tooClose = 85
    /// Scanning too far (median depth beyond the far limit).
    case tooFar = 86
    /// Rotating too fast.
    case rotatingTooFast = 87
    /// Scanning distance back in range.
    case distanceBackInRange = 88

    /// How an event matters to the user.
    public enum Severity: String, Hashable, Sendable, Codable {
        /// Lifecycle and device information (start, finish, thermal nominal, low power off).
        case info
        /// Something is going wrong; the user should act.
        case warning
        /// A warning's condition has ended.
        case recovery
        /// The scan is over: aborted or removed.
        case fatal
    }

    /// The code's severity.
    public var severity: Severity {
        switch self {
        case .landscapeOrientationReached, .scanStarted, .finishedWithEnoughData, .thermalNominal,
            .thermalFair, .lowPowerOff:
            .info
        case .notWalkingSideways, .scanningBackToNormal, .pitchValidAgain, .orientationValidAgain,
            .notScanningHorizontally, .distanceBackInRange:
            .recovery
        case .driftDetected, .scanRemoved, .relocationTimedOut, .zippingFailed:
            .fatal
        default:
            .warning
        }
    }

    /// `true` for warnings and fatal events (what playback's jump-to-warning stops at).
    public var isWarning: Bool { severity == .warning || severity == .fatal }

    /// A short English message, as the SDK words it.
    public var defaultMessage: String {
        switch self {
        case .landscapeOrientationReached: "Device in landscape orientation"
        case .scanStarted: "Scan started"
        case .finishedWithEnoughData: "Finished recording"
        case .finishedNotEnoughData: "Finished recording - not enough data"
        case .trackingLostTooDark: "Tracking lost: insufficient light"
        case .trackingLostExcessiveMotion: "Tracking lost: excessive motion"
        case .driftDetected: "Scan drifted: position changed by over 10 meters within 2 seconds"
        case .scanRemoved: "Error, removing scan"
        case .reverseLandscape: "Device in reverse-landscape orientation"
        case .scanningFloor: "Scanning floor"
        case .scanningCeiling: "Scanning ceiling"
        case .pitchValidAgain: "Not scanning ceiling or floor"
        case .orientationValidAgain: "Not wrong orientation anymore"
        case .notWalkingSideways: "Not walking sideways anymore"
        case .scanningBackToNormal: "Scanning state back to normal"
        case .walkingSidewaysLeft: "Walking sideways (left)"
        case .walkingSidewaysRight: "Walking sideways (right)"
        case .scanningHorizontally: "Horizontal scanning"
        case .notScanningHorizontally: "Not scanning horizontally anymore"
        case .zippingFailed: "Zipping the scan failed"
        case .invalidZipRezipping: "Invalid zip archive, attempting rezipping"
        case .invalidPosition: "Unable to get correct values for the device's position"
        case .thermalNominal: "Thermal state nominal"
        case .thermalFair: "Thermal state fair"
        case .thermalSerious: "Thermal state serious"
        case .thermalCritical: "Thermal state critical"
        case .lowPowerOn: "Low power mode activated"
        case .lowPowerOff: "Low power mode deactivated"
        case .memoryWarning: "Received memory warning"
        case .storageMinutesLeft: "Storage: minutes left"
        case .relocationTimedOut: "Relocation timed out"
        case .backgrounded: "Scanning interrupted: app went to the background"
        case .tooClose: "Scanning too close"
        case .tooFar: "Scanning too far"
        case .rotatingTooFast: "Too fast rotations"
        case .distanceBackInRange: "Scanning distance back in acceptable range"
        }
    }
}
