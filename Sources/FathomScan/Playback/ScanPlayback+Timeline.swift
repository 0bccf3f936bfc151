extension ScanPlayback {
    /// A one-line text timeline of `width` cells: `-` for time, `!` where a warning was raised, `x`
    /// for a fatal event, `|` for a label, and `^` marking the cursor (drawn last).
    public func timeline(width: Int) -> String {
        precondition(width > 0, "timeline width must be positive")
        var cells = [Character](repeating: "-", count: width)
        func cell(_ t: Double) -> Int {
            guard durationSeconds > 0 else { return 0 }
            return max(0, min(width - 1, Int((t - startTime) / durationSeconds * Double(width - 1) + 0.5)))
        }
        for label in labels { cells[cell(label.timestamp)] = "|" }
        for event in events where event.code.isWarning {
            let i = cell(event.timestamp)
            if cells[i] != "x" { cells[i] = event.code.severity == .fatal ? "x" : "!" }
        }
        cells[cell(currentTime)] = "^"
        return String(cells)
    }
}
