/// How a worker takes and holds jobs.
public struct JobWorkerConfiguration: Sendable, Equatable {
    /// How long a claim lasts without renewal, seconds; a dead worker's job is re-taken after it.
    public var leaseSeconds: Double
    /// How often an idle worker looks for work, seconds.
    public var pollSeconds: Double
    /// Takes of one job before it is failed (a scan that kills every worker must not loop forever).
    public var maximumAttempts: Int
    /// Longest one conversion may run, seconds.
    public var timeLimitSeconds: Double

    /// Defaults: 30 s lease (renewed every 10 s), 0.25 s poll, 3 attempts, 30 min per job.
    public init(leaseSeconds: Double = 30, pollSeconds: Double = 0.25, maximumAttempts: Int = 3, timeLimitSeconds: Double = 1800) {
        self.leaseSeconds = leaseSeconds
        self.pollSeconds = pollSeconds
        self.maximumAttempts = maximumAttempts
        self.timeLimitSeconds = timeLimitSeconds
    }
}
