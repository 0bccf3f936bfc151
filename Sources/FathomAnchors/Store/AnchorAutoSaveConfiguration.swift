/// Settings of `AnchorAutoSaver`'s debounced saving.
public struct AnchorAutoSaveConfiguration: Sendable, Hashable {
    /// Saves once the anchors have stayed unchanged this long, seconds; `nil` disables debounced saving
    /// (only lifecycle events save). Default 1 s.
    public var quietInterval: Double?
    /// Saves at the latest this long after the first unsaved change, even while changes keep coming,
    /// seconds. Default 5 s.
    public var maximumDelay: Double
    /// After a failed save, waits this long before trying again, seconds. Default 2 s.
    public var retryInterval: Double

    /// Creates a configuration; negative or non-finite values become the defaults.
    public init(quietInterval: Double? = 1, maximumDelay: Double = 5, retryInterval: Double = 2) {
        self.quietInterval = quietInterval.map { $0.isFinite && $0 >= 0 ? $0 : 1 }
        self.maximumDelay = maximumDelay.isFinite && maximumDelay >= 0 ? maximumDelay : 5
        self.retryInterval = retryInterval.isFinite && retryInterval >= 0 ? retryInterval : 2
    }
}
