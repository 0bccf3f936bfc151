import Foundation
import Logging

/// Everything a server process needs to start: address, storage, role and limits.
public struct ServerConfiguration: Sendable {
    /// Address to listen on.
    public var host: String
    /// Port (0 picks a free one).
    public var port: Int
    /// The data directory: `fathom.sqlite` (without `databaseURL`) and `blobs/`.
    public var dataDirectory: URL
    /// `postgres://user:password@host:port/database`, or `nil` for SQLite in the data directory.
    public var databaseURL: String?
    /// What this process runs.
    public var role: ServerRole
    /// Worker tasks in this process (role worker or all).
    public var workerCount: Int
    /// Largest upload, bytes.
    public var maximumUploadByteCount: Int64
    /// Zip limits.
    public var zipLimits: ZipLimits
    /// Longest time checking one upload may take, seconds.
    public var checkTimeLimitSeconds: Double
    /// Lease and polling of workers.
    public var worker: JobWorkerConfiguration
    /// Webhook retries.
    public var webhooks: WebhookSender.Configuration
    /// Log level.
    public var logLevel: Logger.Level

    /// A configuration with defaults: 127.0.0.1:8080, `./data`, SQLite, role all, 1 worker, 1 GiB uploads.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, dataDirectory: URL = URL(fileURLWithPath: "data"),
        databaseURL: String? = nil, role: ServerRole = .all, workerCount: Int = 1,
        maximumUploadByteCount: Int64 = 1 << 30, zipLimits: ZipLimits = ZipLimits(), checkTimeLimitSeconds: Double = 300,
        worker: JobWorkerConfiguration = JobWorkerConfiguration(),
        webhooks: WebhookSender.Configuration = WebhookSender.Configuration(), logLevel: Logger.Level = .info
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.databaseURL = databaseURL
        self.role = role
        self.workerCount = workerCount
        self.maximumUploadByteCount = maximumUploadByteCount
        self.zipLimits = zipLimits
        self.checkTimeLimitSeconds = checkTimeLimitSeconds
        self.worker = worker
        self.webhooks = webhooks
        self.logLevel = logLevel
    }

    /// The blob folder.
    public var blobDirectory: URL { dataDirectory.appendingPathComponent("blobs", isDirectory: true) }
}
