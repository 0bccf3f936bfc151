/// Where a running import is, for progress lines.
public struct ImportProgress: Sendable, Equatable {
    /// Frames written so far.
    public var completed: Int
    /// Frames to write.
    public var total: Int

    /// Creates a progress report.
    public init(completed: Int, total: Int) {
        self.completed = completed
        self.total = total
    }

    /// `completed / total`, 0…1 (1 for an empty import).
    public var fraction: Double { total > 0 ? Double(completed) / Double(total) : 1 }
}
