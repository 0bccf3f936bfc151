import Foundation
import Logging
import ServiceLifecycle

/// The store and blobs chosen at start-up, with the services the store needs running (PostgreSQL's
/// connection pool).
public struct ServerStorage: Sendable {
    /// The store.
    public var store: any ServerStore
    /// The blobs.
    public var blobs: BlobStore
    /// Services to run beside the server (empty for SQLite).
    public var services: [any Service]

    /// Opens the store the configuration names and migrates it once its services run.
    public static func open(_ configuration: ServerConfiguration, logger: Logger) throws -> ServerStorage {
        try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
        let blobs = try BlobStore(root: configuration.blobDirectory)
        if let url = configuration.databaseURL {
            let store = try PostgresStore(url: url, logger: logger)
            return ServerStorage(store: store, blobs: blobs, services: [store.client])
        }
        let store = try SQLiteStore(path: configuration.dataDirectory.appendingPathComponent("fathom.sqlite").path)
        return ServerStorage(store: store, blobs: blobs, services: [])
    }

    /// The worker and webhook services for `role`.
    public func backgroundServices(_ configuration: ServerConfiguration, logger: Logger) -> [any Service] {
        var services: [any Service] = [WebhookSender(store: store, configuration: configuration.webhooks, logger: logger)]
        if configuration.role != .api {
            let host = ProcessInfo.processInfo.hostName
            let pid = ProcessInfo.processInfo.processIdentifier
            for index in 0..<max(1, configuration.workerCount) {
                var workerLogger = logger
                let id = "\(host)-\(pid)-\(index)-\(Identifiers.randomHex(byteCount: 3))"
                workerLogger[metadataKey: "worker"] = "\(id)"
                services.append(
                    JobWorker(store: store, blobs: blobs, configuration: configuration.worker, workerID: id, logger: workerLogger))
            }
        }
        return services
    }
}
