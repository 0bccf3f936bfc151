import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// The HTTP application: routes, middleware, the store and, by role, the workers and webhook sender,
/// all run by one service group. Tests build the very same application and call it in process.
/// - Throws: when the store cannot be opened or migrated.
public func buildApplication(_ configuration: ServerConfiguration) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "fathom-server")
    logger.logLevel = configuration.logLevel
    let storage = try ServerStorage.open(configuration, logger: logger)
    if storage.services.isEmpty { try await Migration.run(storage.store, logger: logger) }
    let router = buildRouter(configuration, storage: storage)
    var services = storage.services
    let background = storage.backgroundServices(configuration, logger: logger)
    // The store's own services (PostgreSQL's pool) start first; migrating needs them.
    services.append(MigrationThen(store: storage.store, services: background, logger: logger))
    return Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "fathom-server"),
        services: services, logger: logger)
}

/// The router: the web page at `/`, `/health`, `/openapi.json`, and the authenticated `/v1` routes.
public func buildRouter(_ configuration: ServerConfiguration, storage: ServerStorage) -> Router<ServerRequestContext> {
    let router = Router(context: ServerRequestContext.self)
    router.add(middleware: ErrorMiddleware())
    router.add(middleware: LogRequestsMiddleware(.info))
    router.get("health") { _, _ in ["status": "ok"] }
    router.get { _, _ in
        Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: WebPage.html)))
    }
    router.get("openapi.json") { _, _ in
        Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(bytes: OpenAPIDocument.data)))
    }
    let v1 = router.group("v1").add(middleware: AuthenticationMiddleware(store: storage.store))
    ScansController(
        store: storage.store, blobs: storage.blobs, maximumUploadByteCount: configuration.maximumUploadByteCount,
        zipLimits: configuration.zipLimits, checkTimeLimitSeconds: configuration.checkTimeLimitSeconds
    ).addRoutes(to: v1.group("scans"))
    JobsController(store: storage.store, blobs: storage.blobs).addRoutes(to: v1.group("jobs"))
    MapsController(
        store: storage.store, blobs: storage.blobs, library: MapLibrary(blobs: storage.blobs),
        timeLimitSeconds: configuration.checkTimeLimitSeconds
    ).addRoutes(to: v1.group("maps"))
    AccountController(store: storage.store).addRoutes(to: v1)
    return router
}

/// Migrates the store, then runs `services` (workers, webhook sender) until shutdown.
struct MigrationThen: Service {
    var store: any ServerStore
    var services: [any Service]
    var logger: Logger

    func run() async throws {
        try await Migration.run(store, logger: logger)
        try await withThrowingDiscardingTaskGroup { group in
            for service in services { group.addTask { try await service.run() } }
        }
    }
}

/// Creates the tables, retrying while the database is still starting.
enum Migration {
    static func run(_ store: any ServerStore, logger: Logger, attempts: Int = 20) async throws {
        for attempt in 1...attempts {
            do {
                try await store.migrate()
                return
            } catch {
                if attempt == attempts { throw error }
                logger.warning("database not ready, retrying", metadata: ["error": "\(error)"])
                try await Task.sleep(for: .milliseconds(500))
            }
        }
    }
}
