/// A floor plan found in a scan, with the figures that say how far to trust it.
public struct FloorPlanResult: Sendable, Equatable {
    /// The plan (world x, z metres).
    public var plan: FloorPlan
    /// How the plan was made and how well it fits the points.
    public var quality: FloorPlanQuality
    /// What a user should know, one sentence each (no closed room, ceiling not seen, …).
    public var messages: [String]

    /// Creates a result.
    public init(plan: FloorPlan, quality: FloorPlanQuality, messages: [String] = []) {
        self.plan = plan
        self.quality = quality
        self.messages = messages
    }
}
