import Foundation

/// A job as the API shows it (`GET /v1/jobs/{id}`, `POST /v1/jobs` and every webhook body).
public struct JobDTO: Codable, Sendable, Equatable {
    /// One downloadable result.
    public struct Result: Codable, Sendable, Equatable {
        /// The file name (`plan.json`, `plan.svg`, `plan.dxf`, `plan.usdz`, `roomplan.json`).
        public var name: String
        /// Its path on this server.
        public var url: String
    }

    /// The job's identifier.
    public var id: String
    /// `queued`, `running`, `done` or `failed`.
    public var state: JobState
    /// Fraction done, 0–1.
    public var progress: Double
    /// Why it failed.
    public var reason: String?
    /// The scans converted.
    public var scans: [String]
    /// Times a worker took the job (more than 1 after a worker died).
    public var attempts: Int
    /// The results, when done.
    public var results: [Result]
    /// When it was created (ISO 8601).
    public var createdAt: String
    /// When it last changed (ISO 8601).
    public var updatedAt: String

    /// The API form of a stored job.
    public init(_ job: JobRecord) {
        id = job.id
        state = job.state
        progress = job.progress
        reason = job.reason
        scans = job.scanIDs
        attempts = job.attempts
        results = job.state == .done ? job.results.map { Result(name: $0, url: "/v1/jobs/\(job.id)/results/\($0)") } : []
        createdAt = Self.iso(job.createdAt)
        updatedAt = Self.iso(job.updatedAt)
    }

    /// ISO 8601 with milliseconds (a value type: no formatter object per call).
    static let isoStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static func iso(_ seconds: Double) -> String { isoStyle.format(Date(timeIntervalSince1970: seconds)) }
}
