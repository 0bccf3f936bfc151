/// Running totals of a monitored scan.
public struct ScanStatistics: Hashable, Sendable {
    /// Frames fed to the monitor (including skipped ones).
    public var frameCount: Int = 0
    /// Frames skipped: timestamp not after the previous frame's.
    public var outOfOrderFrameCount: Int = 0
    /// Frames whose pose was not a finite rigid transform.
    public var invalidPoseFrameCount: Int = 0
    /// Timestamp of the first frame, seconds; `nil` before any frame.
    public var firstTimestamp: Double?
    /// Timestamp of the latest in-order frame, seconds; `nil` before any frame.
    public var lastTimestamp: Double?
    /// Time scanned with normal tracking and a valid pose, seconds (gaps between frames count up to
    /// 0.5 s each).
    public var trackedSeconds: Double = 0
    /// Horizontal distance walked, metres, counted in steps of at least 5 cm so that hand tremor does
    /// not add up.
    public var distanceWalkedMetres: Float = 0

    /// Creates empty statistics.
    public init() {}

    /// Time from the first to the latest frame, seconds (0 before two frames).
    public var durationSeconds: Double {
        guard let a = firstTimestamp, let b = lastTimestamp else { return 0 }
        return b - a
    }
}
