import FathomCore
import FathomIO
import Foundation

/// The scan monitor replayed over a recorded package: what `fathom check` reports.
public struct ScanCheckReport: Sendable {
    /// The frames in the package.
    public var frameCount: Int
    /// Frames with a depth record.
    public var depthFrameCount: Int
    /// The events the replayed monitor raised (device signals are not recorded: nominal).
    public var events: [MonitorEvent]
    /// The verdict of the replay.
    public var verdict: ScanVerdict
    /// The replay's totals (duration, tracked time, distance walked).
    public var statistics: ScanStatistics
    /// The events recorded in `feedback.json` during capture.
    public var recordedEvents: [ScanEvent]
    /// What the package reader worked around (truncated records, count mismatches…).
    public var packageWarnings: [String]
    /// Per-frame depth statistics (`nil` for frames without a usable depth reading), by frame index.
    public var depthStatistics: [DepthStatistics?]

    /// Replays `package` through a fresh monitor.
    /// - Throws: `ScanPackageError` when a record cannot be read.
    public init(package: ScanPackage, configuration: ScanMonitorConfiguration = .default) throws {
        var monitor = ScanMonitor(configuration: configuration)
        var depth: [DepthStatistics?] = []
        depth.reserveCapacity(package.frameCount)
        var depthCount = 0
        try package.forEachFrame { frame in
            let stats = frame.depth.flatMap { DepthStatistics($0) }
            if frame.depth != nil { depthCount += 1 }
            depth.append(stats)
            _ = monitor.process(ScanMonitor.Input(camera: frame.camera, depth: stats))
        }
        verdict = monitor.finish()
        events = monitor.events
        statistics = monitor.statistics
        frameCount = package.frameCount
        depthFrameCount = depthCount
        recordedEvents = package.events
        packageWarnings = package.warnings
        depthStatistics = depth
    }

    /// The events grouped by code, codes ascending.
    public var eventsByCode: [(code: ScanEventCode, events: [MonitorEvent])] {
        Dictionary(grouping: events, by: \.code).sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key, $0.value) }
    }
}
