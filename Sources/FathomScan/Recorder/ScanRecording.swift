import Foundation

/// A finished recording: where it is, how it went.
public struct ScanRecording: Sendable {
    /// The package directory.
    public var directory: URL
    /// The verified zip, when one was requested.
    public var zipURL: URL?
    /// Whether the first zip failed its check and was re-created (event 53).
    public var zipWasRecreated: Bool
    /// The monitor's verdict.
    public var verdict: ScanVerdict
    /// Every event: the monitor's and the recorder's (53, 66 for frames that could not be written).
    public var events: [MonitorEvent]
    /// The monitor's totals.
    public var statistics: ScanStatistics
}
