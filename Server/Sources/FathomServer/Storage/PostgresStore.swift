import Foundation
import Logging
import PostgresNIO

/// The shared store: one PostgreSQL database for any number of API and worker processes on any number
/// of machines. Workers take jobs with `FOR UPDATE SKIP LOCKED` (two workers never wait on or take the
/// same row) and hold them by a lease measured on the database's clock; a job whose lease ran out is
/// taken again. Finishing checks the worker still holds the lease, so a job finishes exactly once.
public final class PostgresStore: ServerStore {
    /// The connection pool (a service: run it beside the server).
    public let client: PostgresClient
    let logger: Logger

    /// Connects to `postgres://user[:password]@host[:port]/database`.
    /// - Throws: `PostgresStore.URLError` when the URL is not of that form.
    public init(url: String, logger: Logger) throws {
        guard let c = URLComponents(string: url), c.scheme == "postgres" || c.scheme == "postgresql",
            let host = c.host, let user = c.user
        else { throw URLError(url: url) }
        let database = c.path.hasPrefix("/") ? String(c.path.dropFirst()) : nil
        var configuration = PostgresClient.Configuration(
            host: host, port: c.port ?? 5432, username: user, password: c.password,
            database: database?.isEmpty == false ? database : nil, tls: .disable)
        configuration.options.maximumConnections = 8
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
    }

    /// A database URL that is not `postgres://user[:password]@host[:port]/database`.
    public struct URLError: Error, CustomStringConvertible {
        /// The URL given.
        public var url: String
        /// A sentence.
        public var description: String { "--database must be postgres://user[:password]@host[:port]/database, not '\(url)'" }
    }

    static let epoch = "extract(epoch from clock_timestamp())::double precision"
    static let jobColumns =
        "id, account_id, scan_ids, state, progress, reason, attempts, worker_id, lease_expires_at, finished_by, results, result_directory, created_at, updated_at"

    public func migrate() async throws {
        try await client.withConnection { connection in
            // One migrating process at a time (several may start together).
            _ = try await connection.query("SELECT pg_advisory_lock(4242)", logger: logger)
            for sql in StoreCoding.schema(autoIncrement: "BIGSERIAL PRIMARY KEY", real: "DOUBLE PRECISION") {
                _ = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
            }
            _ = try await connection.query("SELECT pg_advisory_unlock(4242)", logger: logger)
        }
    }

    public func now() async throws -> Double {
        for try await value in try await client.query("SELECT \(unescaped: Self.epoch)", logger: logger).decode(Double.self) {
            return value
        }
        return Date().timeIntervalSince1970
    }

    public func insertAccount(_ a: Account) async throws {
        try await client.query(
            """
            INSERT INTO accounts (id, key_hash, webhook_url, webhook_secret, created_at)
            VALUES (\(a.id), \(a.keyHash), \(a.webhookURL), \(a.webhookSecret), \(a.createdAt))
            """, logger: logger)
    }

    public func account(keyHash: String) async throws -> Account? {
        try await accounts(try await client.query(
            "SELECT id, key_hash, webhook_url, webhook_secret, created_at FROM accounts WHERE key_hash = \(keyHash)",
            logger: logger)).first
    }

    public func account(id: String) async throws -> Account? {
        try await accounts(try await client.query(
            "SELECT id, key_hash, webhook_url, webhook_secret, created_at FROM accounts WHERE id = \(id)", logger: logger)).first
    }

    public func setWebhook(accountID: String, url: String?) async throws {
        try await client.query("UPDATE accounts SET webhook_url = \(url) WHERE id = \(accountID)", logger: logger)
    }

    public func insertScan(_ s: ScanRecord) async throws {
        try await client.query(
            """
            INSERT INTO scans (id, account_id, created_at, byte_count, summary)
            VALUES (\(s.id), \(s.accountID), \(s.createdAt), \(s.byteCount), \(s.summaryJSON))
            """, logger: logger)
    }

    public func scan(id: String, accountID: String) async throws -> ScanRecord? {
        try await scans(try await client.query(
            "SELECT id, account_id, created_at, byte_count, summary FROM scans WHERE id = \(id) AND account_id = \(accountID)",
            logger: logger)).first
    }

    public func insertJob(_ j: JobRecord) async throws {
        try await client.query(
            """
            INSERT INTO jobs (\(unescaped: Self.jobColumns))
            VALUES (\(j.id), \(j.accountID), \(StoreCoding.encode(j.scanIDs)), \(j.state.rawValue), \(j.progress), \(j.reason),
              \(j.attempts), \(j.workerID), \(j.leaseExpiresAt), \(j.finishedBy), \(StoreCoding.encode(j.results)),
              \(j.resultDirectory), \(j.createdAt), \(j.updatedAt))
            """, logger: logger)
    }

    public func job(id: String, accountID: String) async throws -> JobRecord? {
        try await jobs(try await client.query(
            "SELECT \(unescaped: Self.jobColumns) FROM jobs WHERE id = \(id) AND account_id = \(accountID)", logger: logger)).first
    }

    public func job(id: String) async throws -> JobRecord? {
        try await jobs(try await client.query("SELECT \(unescaped: Self.jobColumns) FROM jobs WHERE id = \(id)", logger: logger))
            .first
    }

    public func claimJob(workerID: String, leaseSeconds: Double, maximumAttempts: Int) async throws -> JobRecord? {
        try await jobs(try await client.query(
            """
            UPDATE jobs SET state = 'running', worker_id = \(workerID), attempts = attempts + 1,
              lease_expires_at = \(unescaped: Self.epoch) + \(leaseSeconds), updated_at = \(unescaped: Self.epoch)
            WHERE id = (
              SELECT id FROM jobs
              WHERE (state = 'queued' OR (state = 'running' AND lease_expires_at < \(unescaped: Self.epoch)))
                AND attempts < \(maximumAttempts)
              ORDER BY created_at, id
              FOR UPDATE SKIP LOCKED
              LIMIT 1)
            RETURNING \(unescaped: Self.jobColumns)
            """, logger: logger)).first
    }

    public func renewLease(jobID: String, workerID: String, leaseSeconds: Double, progress: Double) async throws -> Bool {
        try await count(try await client.query(
            """
            UPDATE jobs SET lease_expires_at = \(unescaped: Self.epoch) + \(leaseSeconds), progress = \(progress),
              updated_at = \(unescaped: Self.epoch)
            WHERE id = \(jobID) AND worker_id = \(workerID) AND state = 'running' RETURNING id
            """, logger: logger)) == 1
    }

    public func finishJob(
        jobID: String, workerID: String, state: JobState, reason: String?, results: [String], resultDirectory: String?
    ) async throws -> Bool {
        try await count(try await client.query(
            """
            UPDATE jobs SET state = \(state.rawValue), reason = \(reason), results = \(StoreCoding.encode(results)),
              result_directory = \(resultDirectory), finished_by = \(workerID),
              progress = CASE WHEN \(state.rawValue) = 'done' THEN 1 ELSE progress END,
              lease_expires_at = NULL, updated_at = \(unescaped: Self.epoch)
            WHERE id = \(jobID) AND worker_id = \(workerID) AND state = 'running' RETURNING id
            """, logger: logger)) == 1
    }

    public func failExhaustedJobs(maximumAttempts: Int) async throws -> [JobRecord] {
        try await jobs(try await client.query(
            """
            UPDATE jobs SET state = 'failed', reason = \(JobWorker.exhaustedReason(maximumAttempts)), lease_expires_at = NULL,
              updated_at = \(unescaped: Self.epoch)
            WHERE id IN (
              SELECT id FROM jobs WHERE state = 'running' AND lease_expires_at < \(unescaped: Self.epoch)
                AND attempts >= \(maximumAttempts) FOR UPDATE SKIP LOCKED)
            RETURNING \(unescaped: Self.jobColumns)
            """, logger: logger))
    }

    public func enqueueWebhook(accountID: String, jobID: String, url: String, secret: String, body: String) async throws {
        try await client.query(
            """
            INSERT INTO webhook_deliveries (account_id, job_id, url, secret, body, attempts, state, next_attempt_at)
            VALUES (\(accountID), \(jobID), \(url), \(secret), \(body), 0, 'pending', \(unescaped: Self.epoch))
            """, logger: logger)
    }

    public func claimWebhook(leaseSeconds: Double) async throws -> WebhookDelivery? {
        let rows = try await client.query(
            """
            UPDATE webhook_deliveries SET next_attempt_at = \(unescaped: Self.epoch) + \(leaseSeconds)
            WHERE id = (
              SELECT id FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= \(unescaped: Self.epoch)
              ORDER BY next_attempt_at, id FOR UPDATE SKIP LOCKED LIMIT 1)
            RETURNING id, account_id, job_id, url, secret, body, attempts
            """, logger: logger)
        for try await (id, account, job, url, secret, body, attempts) in rows.decode(
            (Int64, String, String, String, String, String, Int).self)
        {
            return WebhookDelivery(id: id, accountID: account, jobID: job, url: url, secret: secret, body: body, attempts: attempts)
        }
        return nil
    }

    public func finishWebhook(id: Int64, delivered: Bool, retryAfterSeconds: Double?, error: String?) async throws {
        let state = delivered ? "delivered" : (retryAfterSeconds == nil ? "failed" : "pending")
        try await client.query(
            """
            UPDATE webhook_deliveries SET state = \(state), attempts = attempts + 1, last_error = \(error),
              next_attempt_at = \(unescaped: Self.epoch) + \(retryAfterSeconds ?? 0)
            WHERE id = \(id)
            """, logger: logger)
    }

    public func webhookStates(jobID: String) async throws -> [(state: String, attempts: Int)] {
        var result: [(state: String, attempts: Int)] = []
        let rows = try await client.query(
            "SELECT state, attempts FROM webhook_deliveries WHERE job_id = \(jobID) ORDER BY id", logger: logger)
        for try await (state, attempts) in rows.decode((String, Int).self) { result.append((state, attempts)) }
        return result
    }

    func count(_ rows: PostgresRowSequence) async throws -> Int {
        var n = 0
        for try await _ in rows { n += 1 }
        return n
    }

    func accounts(_ rows: PostgresRowSequence) async throws -> [Account] {
        var result: [Account] = []
        for try await (id, hash, url, secret, created) in rows.decode((String, String, String?, String, Double).self) {
            result.append(Account(id: id, keyHash: hash, webhookURL: url, webhookSecret: secret, createdAt: created))
        }
        return result
    }

    func jobs(_ rows: PostgresRowSequence) async throws -> [JobRecord] {
        var result: [JobRecord] = []
        for try await row in rows {
            let r = row.makeRandomAccess()
            var job = JobRecord(
                id: try r["id"].decode(String.self), accountID: try r["account_id"].decode(String.self),
                scanIDs: StoreCoding.decode(try r["scan_ids"].decode(String.self)),
                createdAt: try r["created_at"].decode(Double.self))
            job.state = JobState(rawValue: try r["state"].decode(String.self)) ?? .failed
            job.progress = try r["progress"].decode(Double.self)
            job.reason = try r["reason"].decode(String?.self)
            job.attempts = try r["attempts"].decode(Int.self)
            job.workerID = try r["worker_id"].decode(String?.self)
            job.leaseExpiresAt = try r["lease_expires_at"].decode(Double?.self)
            job.finishedBy = try r["finished_by"].decode(String?.self)
            job.results = StoreCoding.decode(try r["results"].decode(String.self))
            job.resultDirectory = try r["result_directory"].decode(String?.self)
            job.updatedAt = try r["updated_at"].decode(Double.self)
            result.append(job)
        }
        return result
    }
}
