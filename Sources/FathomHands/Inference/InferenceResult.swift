import FathomCore

/// One finished inference published by `InferenceScheduler`.
public struct InferenceResult: Sendable {
    /// The frame's submission number (0 for the first frame submitted to the scheduler).
    public var frameNumber: Int
    /// The frame's timestamp as submitted, seconds.
    public var timestamp: Double
    /// The mask, or the error the model threw.
    public var mask: Result<GrayImage, any Error>

    /// Creates a result record.
    public init(frameNumber: Int, timestamp: Double, mask: Result<GrayImage, any Error>) {
        self.frameNumber = frameNumber
        self.timestamp = timestamp
        self.mask = mask
    }
}
