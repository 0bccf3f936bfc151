/// Counters of an `InferenceScheduler`.
public struct InferenceStatistics: Hashable, Sendable {
    /// Frames submitted.
    public var submitted = 0
    /// Inferences started.
    public var started = 0
    /// Inferences finished (successfully or not) and published.
    public var finished = 0
    /// Inferences whose model threw.
    public var failed = 0
    /// Frames never processed because a newer frame replaced them (or the scheduler was finished).
    public var dropped = 0

    /// Zero counters.
    public init() {}
}
