/// An event raised during capture (`feedback.json`): a warning, an error or a state change, with
/// the CubiCasa SDK's numbering where one exists (e.g. 87 = too fast rotations, 53 = zip re-created).
public struct ScanEvent: Sendable, Equatable, Codable {
    /// The event code.
    public var code: Int
    /// When it happened, seconds (the frames' clock).
    public var timestamp: Double
    /// The frame current at that time.
    public var frameNumber: Int
    /// A human-readable message.
    public var message: String

    /// Creates an event.
    public init(code: Int, timestamp: Double, frameNumber: Int, message: String) {
        self.code = code
        self.timestamp = timestamp
        self.frameNumber = frameNumber
        self.message = message
    }
}
