import Foundation
import GRDB

/// Lists, maps and anchors in SQLite.
extension SQLiteStore {
    public func scans(accountID: String, limit: Int) async throws -> [ScanRecord] {
        try await pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM scans WHERE account_id = ? ORDER BY created_at DESC, id LIMIT ?",
                arguments: [accountID, limit]
            ).map(Self.scanRecord)
        }
    }

    public func jobs(accountID: String, limit: Int) async throws -> [JobRecord] {
        try await pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM jobs WHERE account_id = ? ORDER BY created_at DESC, id LIMIT ?",
                arguments: [accountID, limit]
            ).map(Self.job)
        }
    }

    public func insertMap(_ m: MapRecord) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "INSERT INTO maps (id, account_id, created_at, scan_id, point_count, extent) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [m.id, m.accountID, m.createdAt, m.scanID, m.pointCount, StoreCoding.encode(m.extent)])
        }
    }

    public func map(id: String, accountID: String) async throws -> MapRecord? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM maps WHERE id = ? AND account_id = ?", arguments: [id, accountID])
                .map(Self.mapRecord)
        }
    }

    public func maps(accountID: String, limit: Int) async throws -> [MapRecord] {
        try await pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM maps WHERE account_id = ? ORDER BY created_at DESC, id LIMIT ?",
                arguments: [accountID, limit]
            ).map(Self.mapRecord)
        }
    }

    public func deleteMap(id: String, accountID: String) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM anchors WHERE map_id = ? AND account_id = ?", arguments: [id, accountID])
            try db.execute(sql: "DELETE FROM maps WHERE id = ? AND account_id = ?", arguments: [id, accountID])
            return db.changesCount == 1
        }
    }

    public func insertAnchor(_ a: AnchorRecord) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "INSERT INTO anchors (id, map_id, account_id, created_at, anchor) VALUES (?, ?, ?, ?, ?)",
                arguments: [a.id, a.mapID, a.accountID, a.createdAt, a.anchorJSON])
        }
    }

    public func anchors(mapID: String, accountID: String) async throws -> [AnchorRecord] {
        try await pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM anchors WHERE map_id = ? AND account_id = ? ORDER BY created_at, id",
                arguments: [mapID, accountID]
            ).map {
                AnchorRecord(
                    id: $0["id"], mapID: $0["map_id"], accountID: $0["account_id"], createdAt: $0["created_at"],
                    anchorJSON: $0["anchor"])
            }
        }
    }

    public func deleteAnchor(id: String, mapID: String, accountID: String) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "DELETE FROM anchors WHERE id = ? AND map_id = ? AND account_id = ?", arguments: [id, mapID, accountID])
            return db.changesCount == 1
        }
    }

    static func scanRecord(_ row: Row) -> ScanRecord {
        ScanRecord(
            id: row["id"], accountID: row["account_id"], createdAt: row["created_at"], byteCount: row["byte_count"],
            summaryJSON: row["summary"])
    }

    static func mapRecord(_ row: Row) -> MapRecord {
        MapRecord(
            id: row["id"], accountID: row["account_id"], createdAt: row["created_at"], scanID: row["scan_id"],
            pointCount: row["point_count"], extent: StoreCoding.decodeNumbers(row["extent"]))
    }
}
