import FathomPlan

/// A simulated home with furniture, and the exact truth of its furniture as the floor-plan format
/// states objects: oriented boxes standing on the floor.
public struct FurnishedScene: Sendable {
    /// The scene to simulate (rooms, furniture made of boxes, labels, walk).
    public var scene: SceneDescription
    /// Every piece of furniture as its true oriented bounding box (`corners` in order around the
    /// footprint, `[x, z]` metres; `bottom` and `top` metres above the floor; confidence 1), with the
    /// category it was made as.
    public var objects: [FloorPlanObject]

    /// Creates a furnished scene.
    public init(scene: SceneDescription, objects: [FloorPlanObject]) {
        self.scene = scene
        self.objects = objects
    }

    /// The true floor plan of the scene (`SceneDescription.floorPlanTruth`) with the furniture as its
    /// objects.
    public var floorPlanTruth: FloorPlan {
        var plan = scene.floorPlanTruth
        plan.objects = objects
        return plan
    }
}
