/// The life of a conversion job: queued → running → done or failed.
public enum JobState: String, Sendable, Codable, CaseIterable {
    /// Waiting for a worker.
    case queued
    /// Held by a worker under a lease; `progress` 0–1 is updated as it goes.
    case running
    /// Finished; the results can be downloaded.
    case done
    /// Finished without a plan; `reason` says why.
    case failed
}
