import Foundation

/// Small helpers shared by the stores: lists stored as JSON text.
enum StoreCoding {
    /// `values` as a JSON array.
    static func encode(_ values: [String]) -> String {
        (try? String(decoding: JSONEncoder().encode(values), as: UTF8.self)) ?? "[]"
    }

    /// The JSON array `text` (empty when malformed).
    static func decode(_ text: String?) -> [String] {
        guard let text else { return [] }
        return (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
    }

    /// `values` as a JSON array of numbers.
    static func encode(_ values: [Float]) -> String {
        (try? String(decoding: JSONEncoder().encode(values), as: UTF8.self)) ?? "[]"
    }

    /// The JSON array of numbers `text` (empty when malformed).
    static func decodeNumbers(_ text: String) -> [Float] {
        (try? JSONDecoder().decode([Float].self, from: Data(text.utf8))) ?? []
    }

    /// The SQL creating every table (portable between SQLite and PostgreSQL but for the id column).
    static func schema(autoIncrement: String, real: String) -> [String] {
        [
            """
            CREATE TABLE IF NOT EXISTS accounts (id TEXT PRIMARY KEY, key_hash TEXT NOT NULL UNIQUE, webhook_url TEXT,
              webhook_secret TEXT NOT NULL, created_at \(real) NOT NULL)
            """,
            """
            CREATE TABLE IF NOT EXISTS scans (id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id),
              created_at \(real) NOT NULL, byte_count BIGINT NOT NULL, summary TEXT NOT NULL)
            """,
            """
            CREATE TABLE IF NOT EXISTS jobs (id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id),
              scan_ids TEXT NOT NULL, state TEXT NOT NULL, progress \(real) NOT NULL, reason TEXT, attempts INTEGER NOT NULL,
              worker_id TEXT, lease_expires_at \(real), finished_by TEXT, results TEXT NOT NULL, result_directory TEXT,
              created_at \(real) NOT NULL, updated_at \(real) NOT NULL)
            """,
            "CREATE INDEX IF NOT EXISTS jobs_state ON jobs (state, created_at)",
            """
            CREATE TABLE IF NOT EXISTS webhook_deliveries (id \(autoIncrement), account_id TEXT NOT NULL, job_id TEXT NOT NULL,
              url TEXT NOT NULL, secret TEXT NOT NULL, body TEXT NOT NULL, attempts INTEGER NOT NULL, state TEXT NOT NULL,
              next_attempt_at \(real) NOT NULL, last_error TEXT)
            """,
            "CREATE INDEX IF NOT EXISTS webhook_due ON webhook_deliveries (state, next_attempt_at)",
            // Since issue #18 (IF NOT EXISTS: a database of an earlier version gains them at start-up).
            """
            CREATE TABLE IF NOT EXISTS maps (id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id),
              created_at \(real) NOT NULL, scan_id TEXT, point_count INTEGER NOT NULL, extent TEXT NOT NULL)
            """,
            "CREATE INDEX IF NOT EXISTS maps_account ON maps (account_id, created_at)",
            """
            CREATE TABLE IF NOT EXISTS anchors (id TEXT NOT NULL, map_id TEXT NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
              account_id TEXT NOT NULL, created_at \(real) NOT NULL, anchor TEXT NOT NULL, PRIMARY KEY (map_id, id))
            """,
            "CREATE INDEX IF NOT EXISTS scans_account ON scans (account_id, created_at)",
            "CREATE INDEX IF NOT EXISTS jobs_account ON jobs (account_id, created_at)",
        ]
    }
}
