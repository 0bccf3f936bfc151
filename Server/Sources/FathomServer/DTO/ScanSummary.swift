import Fathom
import Foundation

/// What `GET /v1/scans/{id}` returns: the package's size and content, and `fathom check`'s verdict
/// and events (the scan monitor replayed over the upload).
public struct ScanSummary: Codable, Sendable, Equatable {
    /// One replayed monitor event.
    public struct Event: Codable, Sendable, Equatable {
        /// The event code (see docs/scan-monitor.md).
        public var code: Int
        /// Seconds on the scan's clock.
        public var timestamp: Double
        /// The frame that raised it.
        public var frameNumber: Int
        /// A sentence for people.
        public var message: String
    }

    /// The scan's identifier.
    public var id: String
    /// When it was uploaded (ISO 8601).
    public var createdAt: String
    /// Size of the uploaded zip, bytes.
    public var byteCount: Int64
    /// Camera frames.
    public var frameCount: Int
    /// Frames with depth.
    public var depthFrameCount: Int
    /// Whether the scan has LiDAR depth (a floor plan needs it).
    public var hasDepth: Bool
    /// Length of the scan, seconds.
    public var durationSeconds: Double
    /// Time with normal tracking, seconds.
    public var trackedSeconds: Double
    /// Distance walked, metres.
    public var distanceWalkedMetres: Double
    /// `ok`, `aborted` or `notEnoughData`.
    public var verdict: String
    /// Why, when the verdict is not `ok`.
    public var reason: String
    /// The replayed events.
    public var events: [Event]
    /// Event counts by code.
    public var eventCounts: [String: Int]
    /// Events recorded during capture (`feedback.json`).
    public var recordedEventCount: Int
    /// What the reader worked around.
    public var warnings: [String]

    /// The summary of a checked package.
    init(id: String, createdAt: Date, byteCount: Int64, package: ScanPackage, report r: ScanCheckReport) {
        self.id = id
        self.createdAt = JobDTO.isoStyle.format(createdAt)
        self.byteCount = byteCount
        frameCount = r.frameCount
        depthFrameCount = r.depthFrameCount
        hasDepth = package.hasDepth
        durationSeconds = r.statistics.durationSeconds
        trackedSeconds = r.statistics.trackedSeconds
        distanceWalkedMetres = Double(r.statistics.distanceWalkedMetres)
        verdict = r.verdict.name
        reason = r.verdict.reason
        events = r.events.map {
            Event(code: $0.code.rawValue, timestamp: $0.timestamp, frameNumber: $0.frameNumber, message: $0.message)
        }
        eventCounts = Dictionary(grouping: r.events, by: { String($0.code.rawValue) }).mapValues(\.count)
        recordedEventCount = r.recordedEvents.count
        warnings = r.packageWarnings.map { $0.replacingOccurrences(of: package.url.path, with: "") }
    }
}
