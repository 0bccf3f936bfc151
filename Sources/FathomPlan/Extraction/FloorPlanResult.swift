/// A floor plan found in a scan, with the figures that say how far to trust it.
public struct FloorPlanResult: Sendable, Equatable {
    /// The plan (world x, z metres).
    public var plan: FloorPlan
    /// How the plan was made and how well it fits the points.
    public var quality: FloorPlanQuality
    /// What a user should know, one sentence each (no closed room, ceiling not seen, …).
    public var messages: [String]
    /// Every camera pose of the scan after drift refinement (empty when refinement is off), in frame
    /// order.
    public var refinedPoses: [RefinedCameraPose]

    /// Creates a result.
    public init(
        plan: FloorPlan, quality: FloorPlanQuality, messages: [String] = [], refinedPoses: [RefinedCameraPose] = []
    ) {
        self.plan = plan
        self.quality = quality
        self.messages = messages
        self.refinedPoses = refinedPoses
    }
}
