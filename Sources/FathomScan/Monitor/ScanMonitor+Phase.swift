extension ScanMonitor {
    /// Where the monitored scan is in its life.
    public enum Phase: Hashable, Sendable {
        /// No frame yet.
        case notStarted
        /// Scanning: every rule runs.
        case scanning
        /// Tracking lost or app backgrounded: the scan is paused since the given time (seconds) and
        /// waits for tracking to be normal again; pose rules do not run.
        case relocating(since: Double)
        /// Aborted by the given event (13 drift, 80 relocation timeout); later frames are ignored.
        case aborted(ScanEventCode)
        /// `finish()` was called; later frames are ignored.
        case finished
    }
}
