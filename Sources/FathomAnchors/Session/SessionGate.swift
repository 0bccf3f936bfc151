import FathomCore

/// Decides, frame by frame, whether anchors may be placed, and what to tell the user otherwise: the
/// placement button's enabled state plus a coaching overlay's message.
///
/// Feed every frame to `update(_:)`. The status of a frame follows the table of `SessionStatus`
/// (placing needs normal tracking, a valid pose and world mapping `extending` or `mapped`); with a
/// `readyHoldDuration`, placing is allowed only once the frames have been ready for that long, while
/// any blocking frame blocks at once.
public struct SessionGate: Sendable {
    /// Hold duration and the assumption for frames without a mapping status.
    public let configuration: SessionGateConfiguration
    /// The status of the last frame (`trackingUnavailable` before the first).
    public private(set) var status: SessionStatus = .trackingUnavailable
    /// Whether the last `update` changed `allowsPlacement` or `status` (to refresh a UI only then).
    public private(set) var didChange = false
    /// The timestamp of the first frame of the current run of ready frames, seconds.
    private var readySince: Double?
    /// Whether the current run of ready frames has lasted `readyHoldDuration`.
    public private(set) var allowsPlacement = false

    /// Creates a gate that blocks until the first ready frame.
    public init(configuration: SessionGateConfiguration = SessionGateConfiguration()) {
        self.configuration = configuration
    }

    /// The message to show: the blocking state's coaching message, or "Ready to place" (also while
    /// the hold runs, the button still disabled).
    public var message: String { status.message }

    /// Feeds one frame (its camera state and timestamp).
    /// - Returns: whether placing is allowed after it.
    @discardableResult
    public mutating func update(_ frame: SensorFrame) -> Bool { update(camera: frame.camera) }

    /// Feeds one frame's camera state and timestamp.
    /// - Returns: whether placing is allowed after it.
    @discardableResult
    public mutating func update(camera: CameraFrame) -> Bool {
        let previous = (status, allowsPlacement)
        status = SessionStatus(camera: camera, mappingStatusWhenMissing: configuration.mappingStatusWhenMissing)
        if status.allowsPlacement {
            // A timestamp going backwards (a new recording) restarts the hold.
            if let since = readySince, camera.timestamp < since { readySince = nil }
            let since = readySince ?? camera.timestamp
            readySince = since
            allowsPlacement = camera.timestamp - since >= configuration.readyHoldDuration
        } else {
            readySince = nil
            allowsPlacement = false
        }
        didChange = previous != (status, allowsPlacement)
        return allowsPlacement
    }

    /// Starts over, blocking until the next ready frame.
    public mutating func reset() {
        status = .trackingUnavailable
        readySince = nil
        allowsPlacement = false
        didChange = false
    }
}
