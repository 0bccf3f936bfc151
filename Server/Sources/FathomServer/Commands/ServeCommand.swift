import ArgumentParser
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// `fathom-server serve`: runs the API, the workers, or both.
public struct ServeCommand: AsyncParsableCommand {
    /// The command's name and abstract.
    public static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the server: the HTTP API, job workers, or both (--role).")

    /// Address to listen on.
    @Option(help: "Address to listen on.") public var host = "127.0.0.1"
    /// Port.
    @Option(help: "Port to listen on (0: any free port).") public var port = 8080
    /// Storage.
    @OptionGroup public var storage: StorageOptions
    /// Role.
    @Option(help: "What this process runs: api, worker or all.") public var role: ServerRole = .all
    /// Worker count.
    @Option(help: "Job workers in this process (role worker or all).") public var workers = 1
    /// Upload limit.
    @Option(name: .customLong("max-upload-mb"), help: "Largest upload, MiB (413 above).") public var maximumUploadMiB = 1024
    /// Expansion ratio.
    @Option(name: .customLong("max-zip-ratio"), help: "Largest zip expansion ratio (422 above).")
    public var maximumZipRatio = 100.0
    /// Lease.
    @Option(name: .customLong("lease-seconds"), help: "Job lease, seconds (a dead worker's job is re-taken after it).")
    public var leaseSeconds = 30.0
    /// Webhook backoff.
    @Option(name: .customLong("webhook-backoff"), help: "First webhook retry delay, seconds (then ×4, 3 retries).")
    public var webhookBackoff = 1.0
    /// Log level.
    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    public var logLevel = "info"

    /// Creates the command with defaults.
    public init() {}

    /// Checks the numbers.
    public func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535") }
        guard workers >= 1 else { throw ValidationError("--workers must be at least 1") }
        guard maximumUploadMiB >= 1 else { throw ValidationError("--max-upload-mb must be at least 1") }
        guard maximumZipRatio >= 1 else { throw ValidationError("--max-zip-ratio must be at least 1") }
        guard leaseSeconds >= 1 else { throw ValidationError("--lease-seconds must be at least 1") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("unknown --log-level '\(logLevel)'") }
    }

    /// The configuration the options describe.
    public var serverConfiguration: ServerConfiguration {
        var c = ServerConfiguration(
            host: host, port: port, dataDirectory: URL(fileURLWithPath: storage.data), databaseURL: storage.database,
            role: role, workerCount: workers, maximumUploadByteCount: Int64(maximumUploadMiB) << 20)
        c.zipLimits.maximumExpansionRatio = maximumZipRatio
        c.worker.leaseSeconds = leaseSeconds
        c.webhooks.backoffSeconds = webhookBackoff
        c.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        return c
    }

    public func run() async throws {
        let configuration = serverConfiguration
        if role == .worker {
            var logger = Logger(label: "fathom-server")
            logger.logLevel = configuration.logLevel
            let storage = try ServerStorage.open(configuration, logger: logger)
            let services =
                storage.services
                + [MigrationThen(store: storage.store, services: storage.backgroundServices(configuration, logger: logger), logger: logger)]
            let group = ServiceGroup(
                configuration: .init(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
            try await group.run()
        } else {
            let app = try await buildApplication(configuration)
            try await app.runService()
        }
    }
}
