/// A conversion job as stored.
public struct JobRecord: Sendable, Equatable {
    /// The job's identifier (`job_…`).
    public var id: String
    /// The owning account.
    public var accountID: String
    /// The scans converted together, in order.
    public var scanIDs: [String]
    /// The current state.
    public var state: JobState
    /// Fraction done while running, 0–1 (1 when done).
    public var progress: Double
    /// Why the job failed, when it did.
    public var reason: String?
    /// How many times a worker has taken the job.
    public var attempts: Int
    /// The worker holding (or that last held) the job.
    public var workerID: String?
    /// When the current lease runs out, seconds since 1970 (store clock).
    public var leaseExpiresAt: Double?
    /// The worker that finished the job.
    public var finishedBy: String?
    /// The result files, by name (`plan.json`, `plan.svg`, …), under `resultDirectory`.
    public var results: [String]
    /// The blob folder holding the results, relative to the blob root.
    public var resultDirectory: String?
    /// When the job was created, seconds since 1970.
    public var createdAt: Double
    /// When the job last changed, seconds since 1970.
    public var updatedAt: Double

    /// A new queued job.
    public init(id: String, accountID: String, scanIDs: [String], createdAt: Double) {
        self.id = id
        self.accountID = accountID
        self.scanIDs = scanIDs
        state = .queued
        progress = 0
        reason = nil
        attempts = 0
        workerID = nil
        leaseExpiresAt = nil
        finishedBy = nil
        results = []
        resultDirectory = nil
        self.createdAt = createdAt
        updatedAt = createdAt
    }
}
