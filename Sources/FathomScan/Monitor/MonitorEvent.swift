/// One event raised by the scan monitor: a code, when, on which frame, and a message.
public struct MonitorEvent: Hashable, Sendable, Codable {
    /// What happened.
    public var code: ScanEventCode
    /// When, seconds, on the frames' clock.
    public var timestamp: Double
    /// The frame that raised it.
    public var frameNumber: Int
    /// A human-readable message (the code's default message, with details where useful).
    public var message: String

    /// Creates an event; `message` defaults to the code's default message.
    public init(code: ScanEventCode, timestamp: Double, frameNumber: Int, message: String? = nil) {
        self.code = code
        self.timestamp = timestamp
        self.frameNumber = frameNumber
        self.message = message ?? code.defaultMessage
    }
}
