extension ScanPlayback {
    /// What a playback control does.
    public enum Command: Hashable, Sendable {
        /// One frame forward.
        case stepForward
        /// One frame back.
        case stepBackward
        /// The next warning.
        case nextWarning
        /// The previous warning.
        case previousWarning
        /// The first frame.
        case start
        /// The last frame.
        case end
    }

    /// Performs a control; returns whether the cursor moved.
    @discardableResult
    public mutating func perform(_ command: Command) -> Bool {
        let before = currentIndex
        switch command {
        case .stepForward: step(by: 1)
        case .stepBackward: step(by: -1)
        case .nextWarning: jumpToNextWarning()
        case .previousWarning: jumpToPreviousWarning()
        case .start: step(by: -frames.count)
        case .end: step(by: frames.count)
        }
        return currentIndex != before
    }
}
