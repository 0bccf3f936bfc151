import Foundation
import PostgresNIO

/// Lists, maps and anchors in PostgreSQL.
extension PostgresStore {
    public func scans(accountID: String, limit: Int) async throws -> [ScanRecord] {
        try await scans(try await client.query(
            """
            SELECT id, account_id, created_at, byte_count, summary FROM scans WHERE account_id = \(accountID)
            ORDER BY created_at DESC, id LIMIT \(limit)
            """, logger: logger))
    }

    public func jobs(accountID: String, limit: Int) async throws -> [JobRecord] {
        try await jobs(try await client.query(
            """
            SELECT \(unescaped: Self.jobColumns) FROM jobs WHERE account_id = \(accountID)
            ORDER BY created_at DESC, id LIMIT \(limit)
            """, logger: logger))
    }

    public func insertMap(_ m: MapRecord) async throws {
        try await client.query(
            """
            INSERT INTO maps (id, account_id, created_at, scan_id, point_count, extent)
            VALUES (\(m.id), \(m.accountID), \(m.createdAt), \(m.scanID), \(m.pointCount), \(StoreCoding.encode(m.extent)))
            """, logger: logger)
    }

    public func map(id: String, accountID: String) async throws -> MapRecord? {
        try await maps(try await client.query(
            "SELECT \(unescaped: Self.mapColumns) FROM maps WHERE id = \(id) AND account_id = \(accountID)", logger: logger)
        ).first
    }

    public func maps(accountID: String, limit: Int) async throws -> [MapRecord] {
        try await maps(try await client.query(
            """
            SELECT \(unescaped: Self.mapColumns) FROM maps WHERE account_id = \(accountID)
            ORDER BY created_at DESC, id LIMIT \(limit)
            """, logger: logger))
    }

    public func deleteMap(id: String, accountID: String) async throws -> Bool {
        // The anchors go with it (ON DELETE CASCADE).
        try await count(try await client.query(
            "DELETE FROM maps WHERE id = \(id) AND account_id = \(accountID) RETURNING id", logger: logger)) == 1
    }

    public func insertAnchor(_ a: AnchorRecord) async throws {
        try await client.query(
            """
            INSERT INTO anchors (id, map_id, account_id, created_at, anchor)
            VALUES (\(a.id), \(a.mapID), \(a.accountID), \(a.createdAt), \(a.anchorJSON))
            """, logger: logger)
    }

    public func anchors(mapID: String, accountID: String) async throws -> [AnchorRecord] {
        let rows = try await client.query(
            """
            SELECT id, map_id, account_id, created_at, anchor FROM anchors
            WHERE map_id = \(mapID) AND account_id = \(accountID) ORDER BY created_at, id
            """, logger: logger)
        var result: [AnchorRecord] = []
        for try await (id, map, account, created, anchor) in rows.decode((String, String, String, Double, String).self) {
            result.append(AnchorRecord(id: id, mapID: map, accountID: account, createdAt: created, anchorJSON: anchor))
        }
        return result
    }

    public func deleteAnchor(id: String, mapID: String, accountID: String) async throws -> Bool {
        try await count(try await client.query(
            "DELETE FROM anchors WHERE id = \(id) AND map_id = \(mapID) AND account_id = \(accountID) RETURNING id",
            logger: logger)) == 1
    }

    static let mapColumns = "id, account_id, created_at, scan_id, point_count, extent"

    func scans(_ rows: PostgresRowSequence) async throws -> [ScanRecord] {
        var result: [ScanRecord] = []
        for try await (id, account, created, bytes, summary) in rows.decode((String, String, Double, Int64, String).self) {
            result.append(ScanRecord(id: id, accountID: account, createdAt: created, byteCount: bytes, summaryJSON: summary))
        }
        return result
    }

    func maps(_ rows: PostgresRowSequence) async throws -> [MapRecord] {
        var result: [MapRecord] = []
        for try await (id, account, created, scan, points, extent) in rows.decode((String, String, Double, String?, Int, String).self) {
            result.append(
                MapRecord(
                    id: id, accountID: account, createdAt: created, scanID: scan, pointCount: points,
                    extent: StoreCoding.decodeNumbers(extent)))
        }
        return result
    }
}
