extension ScanMonitor {
    /// Evaluates the relocation timeout at `timestamp` (seconds, the frames' clock) without a frame:
    /// call it from a timer while no frames arrive (app in the background, camera stalled). Raises 80
    /// and aborts when relocation has lasted the timeout; returns the events raised.
    public mutating func checkTimeouts(at timestamp: Double) -> [MonitorEvent] {
        guard case .relocating(let since) = phase, timestamp.isFinite,
            timestamp - since >= configuration.relocationTimeoutSeconds
        else { return [] }
        abort(
            .relocationTimedOut, at: timestamp, frameNumber: lastFrameNumber,
            message: "Relocation timed out after \(Self.format(configuration.relocationTimeoutSeconds)) s; scan aborted"
        )
        return [events[events.count - 1]]
    }
}
