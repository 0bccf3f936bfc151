import FathomServer
import Foundation
import Logging
import PostgresNIO
import Testing

/// The stores every API test runs against: SQLite always; PostgreSQL when `FATHOM_TEST_POSTGRES_URL`
/// names a server (`.ci/steps/server.sh` starts one), each test in a database of its own.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// The kinds available here.
    static var available: [StoreKind] { postgresURL == nil ? [.sqlite] : [.sqlite, .postgres] }

    static var postgresURL: String? {
        let value = ProcessInfo.processInfo.environment["FATHOM_TEST_POSTGRES_URL"]
        return value?.isEmpty == false ? value : nil
    }

    /// A configuration on a fresh data folder (and a fresh PostgreSQL database).
    func configuration() async throws -> ServerConfiguration {
        var c = ServerConfiguration(dataDirectory: ServerFixtures.temporaryDirectory())
        c.logLevel = .warning
        c.worker.pollSeconds = 0.05
        c.webhooks.pollSeconds = 0.05
        c.webhooks.backoffSeconds = 0.05
        if self == .postgres, let base = Self.postgresURL {
            c.databaseURL = try await Self.freshDatabase(base)
        }
        return c
    }

    /// Creates a new database on the server of `base` and returns its URL.
    static func freshDatabase(_ base: String) async throws -> String {
        let name = "fathom_test_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))"
        let store = try PostgresStore(url: base, logger: Logger(label: "test"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await store.client.run() }
            try await store.client.query("CREATE DATABASE \(unescaped: name)")
            group.cancelAll()
        }
        var components = URLComponents(string: base)!
        components.path = "/" + name
        return components.string!
    }

    /// Opens the store of `configuration`, runs `body` with it migrated, then stops its services.
    static func withStore<T: Sendable>(
        _ configuration: ServerConfiguration, _ body: @Sendable @escaping (ServerStorage) async throws -> T
    ) async throws -> T {
        let storage = try ServerStorage.open(configuration, logger: Logger(label: "test"))
        return try await withThrowingTaskGroup(of: T?.self) { group in
            for service in storage.services { group.addTask { try await service.run(); return nil } }
            group.addTask {
                try await storage.store.migrate()
                return try await body(storage)
            }
            while let value = try await group.next() {
                if let value {
                    group.cancelAll()
                    return value
                }
            }
            preconditionFailure("the body returned no value")
        }
    }
}
