import Foundation
import GRDB

/// The embedded store: one SQLite file (WAL mode) through GRDB. Jobs are claimed inside an immediate
/// transaction, so several processes on one machine may share the file; across machines use
/// `PostgresStore`.
public final class SQLiteStore: ServerStore {
    let pool: DatabasePool

    /// Opens (creating when missing) the database at `path`.
    public init(path: String) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        pool = try DatabasePool(path: path, configuration: configuration)
    }

    public func migrate() async throws {
        try await pool.write { db in
            for sql in StoreCoding.schema(autoIncrement: "INTEGER PRIMARY KEY AUTOINCREMENT", real: "REAL") {
                try db.execute(sql: sql)
            }
        }
    }

    public func now() async throws -> Double { Date().timeIntervalSince1970 }

    public func insertAccount(_ a: Account) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "INSERT INTO accounts (id, key_hash, webhook_url, webhook_secret, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [a.id, a.keyHash, a.webhookURL, a.webhookSecret, a.createdAt])
        }
    }

    public func account(keyHash: String) async throws -> Account? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM accounts WHERE key_hash = ?", arguments: [keyHash]).map(Self.account)
        }
    }

    public func account(id: String) async throws -> Account? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM accounts WHERE id = ?", arguments: [id]).map(Self.account)
        }
    }

    public func setWebhook(accountID: String, url: String?) async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE accounts SET webhook_url = ? WHERE id = ?", arguments: [url, accountID])
        }
    }

    public func insertScan(_ s: ScanRecord) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "INSERT INTO scans (id, account_id, created_at, byte_count, summary) VALUES (?, ?, ?, ?, ?)",
                arguments: [s.id, s.accountID, s.createdAt, s.byteCount, s.summaryJSON])
        }
    }

    public func scan(id: String, accountID: String) async throws -> ScanRecord? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM scans WHERE id = ? AND account_id = ?", arguments: [id, accountID])
                .map(Self.scanRecord)
        }
    }

    public func insertJob(_ j: JobRecord) async throws {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO jobs (id, account_id, scan_ids, state, progress, reason, attempts, worker_id, lease_expires_at,
                      finished_by, results, result_directory, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    j.id, j.accountID, StoreCoding.encode(j.scanIDs), j.state.rawValue, j.progress, j.reason, j.attempts,
                    j.workerID, j.leaseExpiresAt, j.finishedBy, StoreCoding.encode(j.results), j.resultDirectory,
                    j.createdAt, j.updatedAt,
                ])
        }
    }

    public func job(id: String, accountID: String) async throws -> JobRecord? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM jobs WHERE id = ? AND account_id = ?", arguments: [id, accountID])
                .map(Self.job)
        }
    }

    public func job(id: String) async throws -> JobRecord? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM jobs WHERE id = ?", arguments: [id]).map(Self.job)
        }
    }

    public func claimJob(workerID: String, leaseSeconds: Double, maximumAttempts: Int) async throws -> JobRecord? {
        let now = Date().timeIntervalSince1970
        return try await pool.write { db in
            guard
                let id = try String.fetchOne(
                    db,
                    sql: """
                        SELECT id FROM jobs WHERE (state = 'queued' OR (state = 'running' AND lease_expires_at < ?))
                          AND attempts < ? ORDER BY created_at, id LIMIT 1
                        """, arguments: [now, maximumAttempts])
            else { return nil }
            try db.execute(
                sql: """
                    UPDATE jobs SET state = 'running', worker_id = ?, lease_expires_at = ?, attempts = attempts + 1,
                      updated_at = ? WHERE id = ?
                    """, arguments: [workerID, now + leaseSeconds, now, id])
            return try Row.fetchOne(db, sql: "SELECT * FROM jobs WHERE id = ?", arguments: [id]).map(Self.job)
        }
    }

    public func renewLease(jobID: String, workerID: String, leaseSeconds: Double, progress: Double) async throws -> Bool {
        let now = Date().timeIntervalSince1970
        return try await pool.write { db in
            try db.execute(
                sql: """
                    UPDATE jobs SET lease_expires_at = ?, progress = ?, updated_at = ?
                    WHERE id = ? AND worker_id = ? AND state = 'running'
                    """, arguments: [now + leaseSeconds, progress, now, jobID, workerID])
            return db.changesCount == 1
        }
    }

    public func finishJob(
        jobID: String, workerID: String, state: JobState, reason: String?, results: [String], resultDirectory: String?
    ) async throws -> Bool {
        let now = Date().timeIntervalSince1970
        return try await pool.write { db in
            try db.execute(
                sql: """
                    UPDATE jobs SET state = ?, reason = ?, results = ?, result_directory = ?, finished_by = ?,
                      progress = CASE WHEN ? = 'done' THEN 1 ELSE progress END, lease_expires_at = NULL, updated_at = ?
                    WHERE id = ? AND worker_id = ? AND state = 'running'
                    """,
                arguments: [
                    state.rawValue, reason, StoreCoding.encode(results), resultDirectory, workerID, state.rawValue, now, jobID,
                    workerID,
                ])
            return db.changesCount == 1
        }
    }

    public func failExhaustedJobs(maximumAttempts: Int) async throws -> [JobRecord] {
        let now = Date().timeIntervalSince1970
        return try await pool.write { db in
            let ids = try String.fetchAll(
                db,
                sql: "SELECT id FROM jobs WHERE state = 'running' AND lease_expires_at < ? AND attempts >= ?",
                arguments: [now, maximumAttempts])
            var failed: [JobRecord] = []
            for id in ids {
                try db.execute(
                    sql: """
                        UPDATE jobs SET state = 'failed', reason = ?, lease_expires_at = NULL, updated_at = ? WHERE id = ?
                        """,
                    arguments: [JobWorker.exhaustedReason(maximumAttempts), now, id])
                if let job = try Row.fetchOne(db, sql: "SELECT * FROM jobs WHERE id = ?", arguments: [id]).map(Self.job) {
                    failed.append(job)
                }
            }
            return failed
        }
    }

    public func enqueueWebhook(accountID: String, jobID: String, url: String, secret: String, body: String) async throws {
        let now = Date().timeIntervalSince1970
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO webhook_deliveries (account_id, job_id, url, secret, body, attempts, state, next_attempt_at)
                    VALUES (?, ?, ?, ?, ?, 0, 'pending', ?)
                    """, arguments: [accountID, jobID, url, secret, body, now])
        }
    }

    public func claimWebhook(leaseSeconds: Double) async throws -> WebhookDelivery? {
        let now = Date().timeIntervalSince1970
        return try await pool.write { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT * FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= ?
                        ORDER BY next_attempt_at, id LIMIT 1
                        """, arguments: [now])
            else { return nil }
            let delivery = Self.delivery(row)
            try db.execute(
                sql: "UPDATE webhook_deliveries SET next_attempt_at = ? WHERE id = ?",
                arguments: [now + leaseSeconds, delivery.id])
            return delivery
        }
    }

    public func finishWebhook(id: Int64, delivered: Bool, retryAfterSeconds: Double?, error: String?) async throws {
        let state = delivered ? "delivered" : (retryAfterSeconds == nil ? "failed" : "pending")
        let retryAt = retryAfterSeconds.map { Date().timeIntervalSince1970 + $0 }
        try await pool.write { db in
            try db.execute(
                sql: """
                    UPDATE webhook_deliveries SET state = ?, attempts = attempts + 1, next_attempt_at = COALESCE(?, next_attempt_at),
                      last_error = ? WHERE id = ?
                    """, arguments: [state, retryAt, error, id])
        }
    }

    public func webhookStates(jobID: String) async throws -> [(state: String, attempts: Int)] {
        try await pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT state, attempts FROM webhook_deliveries WHERE job_id = ? ORDER BY id", arguments: [jobID]
            ).map { (state: $0["state"] as String, attempts: $0["attempts"] as Int) }
        }
    }

    static func account(_ row: Row) -> Account {
        Account(
            id: row["id"], keyHash: row["key_hash"], webhookURL: row["webhook_url"], webhookSecret: row["webhook_secret"],
            createdAt: row["created_at"])
    }

    static func job(_ row: Row) -> JobRecord {
        var job = JobRecord(
            id: row["id"], accountID: row["account_id"], scanIDs: StoreCoding.decode(row["scan_ids"]),
            createdAt: row["created_at"])
        job.state = JobState(rawValue: row["state"]) ?? .failed
        job.progress = row["progress"]
        job.reason = row["reason"]
        job.attempts = row["attempts"]
        job.workerID = row["worker_id"]
        job.leaseExpiresAt = row["lease_expires_at"]
        job.finishedBy = row["finished_by"]
        job.results = StoreCoding.decode(row["results"])
        job.resultDirectory = row["result_directory"]
        job.updatedAt = row["updated_at"]
        return job
    }

    static func delivery(_ row: Row) -> WebhookDelivery {
        WebhookDelivery(
            id: row["id"], accountID: row["account_id"], jobID: row["job_id"], url: row["url"], secret: row["secret"],
            body: row["body"], attempts: row["attempts"])
    }
}
