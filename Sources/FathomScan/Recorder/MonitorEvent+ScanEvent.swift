import FathomIO

extension MonitorEvent {
    /// The event as `feedback.json` stores it.
    public var scanEvent: ScanEvent {
        ScanEvent(code: code.rawValue, timestamp: timestamp, frameNumber: frameNumber, message: message)
    }

    /// The monitor event of a stored event; `nil` when its code is not in the monitor's vocabulary.
    public init?(_ event: ScanEvent) {
        guard let code = ScanEventCode(rawValue: event.code) else { return nil }
        self.init(code: code, timestamp: event.timestamp, frameNumber: event.frameNumber, message: event.message)
    }

    /// The line written to `scan.log` for this event.
    var logLine: String {
        "event \(code.rawValue) at \(ScanMonitor.format(timestamp)) s, frame \(frameNumber): \(message)"
    }
}
