/// Where a running extraction is, for progress lines.
public struct FloorPlanExtractionProgress: Sendable, Equatable {
    /// The steps of an extraction, in order.
    public enum Stage: String, Sendable, CaseIterable {
        /// Fusing depth frames into the world cloud.
        case fusing
        /// Finding floor and ceiling heights.
        case heights
        /// Finding wall faces.
        case walls
        /// Finding doors, windows and openings.
        case openings
        /// Closing room outlines.
        case rooms
    }

    /// The current step.
    public var stage: Stage
    /// Units of work done in this step (frames while fusing).
    public var completed: Int
    /// Units of work in this step.
    public var total: Int

    /// Creates a progress report.
    public init(stage: Stage, completed: Int, total: Int) {
        self.stage = stage
        self.completed = completed
        self.total = total
    }
}
