/// Where the server keeps accounts, scans, jobs and the webhook outbox: SQLite (`SQLiteStore`, the
/// default) or PostgreSQL (`PostgresStore`, shared by any number of API and worker processes).
///
/// Every read of a scan or job takes the account: a record of another account is `nil`, exactly as a
/// missing one (the API answers 404 for both). Blobs (uploads, extracted packages, results) live in
/// `BlobStore`, not here.
public protocol ServerStore: Sendable {
    /// Creates the tables when missing.
    func migrate() async throws
    /// Seconds since 1970 on the store's clock (leases are measured on it, so every machine agrees).
    func now() async throws -> Double

    /// Adds an account.
    func insertAccount(_ account: Account) async throws
    /// The account whose key hashes to `keyHash`.
    func account(keyHash: String) async throws -> Account?
    /// The account with `id`.
    func account(id: String) async throws -> Account?
    /// Sets (or clears) an account's webhook URL.
    func setWebhook(accountID: String, url: String?) async throws

    /// Adds a scan.
    func insertScan(_ scan: ScanRecord) async throws
    /// The scan `id` of `accountID`.
    func scan(id: String, accountID: String) async throws -> ScanRecord?

    /// The account's scans, newest first, at most `limit`.
    func scans(accountID: String, limit: Int) async throws -> [ScanRecord]

    /// Adds a queued job.
    func insertJob(_ job: JobRecord) async throws
    /// The job `id` of `accountID`.
    func job(id: String, accountID: String) async throws -> JobRecord?
    /// The job `id` whoever owns it (workers and tests).
    func job(id: String) async throws -> JobRecord?
    /// The account's jobs, newest first, at most `limit`.
    func jobs(accountID: String, limit: Int) async throws -> [JobRecord]
    /// Takes the oldest queued job, or a running one whose lease ran out (its worker died), for
    /// `workerID` for `leaseSeconds`: state running, attempts + 1. Two workers never take the same job;
    /// a job already taken `maximumAttempts` times is left for `failExhaustedJobs`.
    func claimJob(workerID: String, leaseSeconds: Double, maximumAttempts: Int) async throws -> JobRecord?
    /// Extends the lease and records progress; `false` when the worker no longer holds the job.
    func renewLease(jobID: String, workerID: String, leaseSeconds: Double, progress: Double) async throws -> Bool
    /// Marks the job done (with its results) or failed (with the reason) if `workerID` still holds
    /// it; `false` (nothing changed) otherwise, so a job finishes exactly once.
    func finishJob(
        jobID: String, workerID: String, state: JobState, reason: String?, results: [String], resultDirectory: String?
    ) async throws -> Bool
    /// Fails running jobs whose lease ran out after `maximumAttempts` takes (their input kills workers).
    func failExhaustedJobs(maximumAttempts: Int) async throws -> [JobRecord]

    /// Adds a world map.
    func insertMap(_ map: MapRecord) async throws
    /// The map `id` of `accountID`.
    func map(id: String, accountID: String) async throws -> MapRecord?
    /// The account's maps, newest first, at most `limit`.
    func maps(accountID: String, limit: Int) async throws -> [MapRecord]
    /// Deletes the map `id` of `accountID` with its anchors; `false` when there was none.
    func deleteMap(id: String, accountID: String) async throws -> Bool
    /// Adds an anchor to a map (the caller checked the map belongs to the anchor's account).
    func insertAnchor(_ anchor: AnchorRecord) async throws
    /// The anchors of map `mapID` of `accountID`, oldest first.
    func anchors(mapID: String, accountID: String) async throws -> [AnchorRecord]
    /// Deletes anchor `id` of map `mapID` of `accountID`; `false` when there was none.
    func deleteAnchor(id: String, mapID: String, accountID: String) async throws -> Bool

    /// Queues a webhook POST.
    func enqueueWebhook(accountID: String, jobID: String, url: String, secret: String, body: String) async throws
    /// Takes the next due delivery, hiding it from other senders for `leaseSeconds`.
    func claimWebhook(leaseSeconds: Double) async throws -> WebhookDelivery?
    /// Records the outcome of one attempt: delivered, retried after `retryAfterSeconds` or given up (`nil`).
    func finishWebhook(id: Int64, delivered: Bool, retryAfterSeconds: Double?, error: String?) async throws
    /// The deliveries of a job as (state, attempts) pairs, oldest first (tests and diagnostics).
    func webhookStates(jobID: String) async throws -> [(state: String, attempts: Int)]
}
