import Fathom
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// A worker: takes jobs from the store, converts their scans (`PlanConversion`) on its own thread while
/// renewing its lease with the progress, writes the results into a per-attempt blob folder and marks
/// the job done or failed — only if it still holds the lease, so every job finishes exactly once.
/// Run by swift-service-lifecycle: on shutdown it stops taking jobs (a job in hand is abandoned and
/// re-taken by another worker after its lease).
public struct JobWorker: Service {
    /// The store.
    public var store: any ServerStore
    /// The blobs.
    public var blobs: BlobStore
    /// Lease, poll and limits.
    public var configuration: JobWorkerConfiguration
    /// This worker's name (host, process and a random part), recorded on the jobs it takes.
    public var workerID: String
    /// The logger.
    public var logger: Logger

    /// A worker on `store` and `blobs`.
    public init(store: any ServerStore, blobs: BlobStore, configuration: JobWorkerConfiguration, workerID: String, logger: Logger) {
        self.store = store
        self.blobs = blobs
        self.configuration = configuration
        self.workerID = workerID
        self.logger = logger
    }

    /// The reason given to a job failed after too many takes.
    static func exhaustedReason(_ attempts: Int) -> String {
        "the job was taken \(attempts) times and its worker stopped each time (lease expired)"
    }

    public func run() async throws {
        let events = JobEvents(store: store)
        logger.info("worker started", metadata: ["worker": "\(workerID)"])
        try await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    for job in try await store.failExhaustedJobs(maximumAttempts: configuration.maximumAttempts) {
                        await events.stateChanged(job, logger: logger)
                    }
                    if let job = try await store.claimJob(
                        workerID: workerID, leaseSeconds: configuration.leaseSeconds,
                        maximumAttempts: configuration.maximumAttempts)
                    {
                        await events.stateChanged(job, logger: logger)
                        try await process(job, events: events)
                        continue
                    }
                } catch is CancellationError {
                    return
                } catch {
                    logger.error("worker loop error", metadata: ["error": "\(error)"])
                }
                try? await Task.sleep(for: .milliseconds(Int(configuration.pollSeconds * 1000)))
            }
        }
    }

    /// Converts one claimed job and records the outcome.
    func process(_ job: JobRecord, events: JobEvents) async throws {
        var log = logger
        log[metadataKey: "job"] = "\(job.id)"
        log[metadataKey: "attempt"] = "\(job.attempts)"
        log.info("job taken")
        let progress = Locked(0.0)
        let resultPath = blobs.resultPath(jobID: job.id, attempt: job.attempts)
        let resultURL = blobs.url(resultPath)
        let packages = job.scanIDs.map { blobs.packageDirectory($0) }
        let store = self.store, configuration = self.configuration, workerID = self.workerID
        // Renew the lease (and publish progress) a few times per lease period.
        let renewal = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: .milliseconds(Int(configuration.leaseSeconds * 1000 / 3)))
                let fraction = progress.withLock { $0 }
                if try await !store.renewLease(
                    jobID: job.id, workerID: workerID, leaseSeconds: configuration.leaseSeconds, progress: fraction)
                {
                    return false
                }
            }
            return true
        }
        defer { renewal.cancel() }
        var state = JobState.done
        var reason: String?
        var results: [String] = []
        do {
            results = try await BlockingWork.run(timeLimit: configuration.timeLimitSeconds) {
                let opened = try packages.map { try ScanPackage(url: $0) }
                let result = try PlanConversion.convert(packages: opened, names: job.scanIDs) { f in progress.withLock { $0 = max($0, f) } }
                return try PlanConversion.writeResults(result, scanIDs: job.scanIDs, to: resultURL)
            }
        } catch {
            state = .failed
            reason = Self.describe(error, blobs: blobs)
            log.warning("job failed", metadata: ["reason": "\(reason ?? "")"])
        }
        renewal.cancel()
        if Task.isCancelled { throw CancellationError() }
        let finished = try await store.finishJob(
            jobID: job.id, workerID: workerID, state: state, reason: reason,
            results: state == .done ? results : [], resultDirectory: state == .done ? resultPath : nil)
        guard finished else {
            log.warning("lease lost: the job was taken by another worker; results dropped")
            try? FileManager.default.removeItem(at: resultURL)
            return
        }
        log.info("job finished", metadata: ["state": "\(state.rawValue)"])
        if let updated = try await store.job(id: job.id) { await events.stateChanged(updated, logger: log) }
    }

    /// A library error as a sentence without the server's folders.
    static func describe(_ error: any Error, blobs: BlobStore) -> String {
        if let limit = error as? BlockingWork.TimeLimitExceeded { return "the conversion \(limit)" }
        return String(describing: error).replacingOccurrences(of: blobs.root.path + "/", with: "")
    }
}
