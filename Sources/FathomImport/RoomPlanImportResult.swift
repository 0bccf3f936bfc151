import FathomPlan

/// A RoomPlan `CapturedRoom` turned into a floor plan, with what was skipped or assumed.
public struct RoomPlanImportResult: Sendable, Equatable {
    /// The plan: one wall per CapturedRoom wall, one opening per door, window and opening, one
    /// object per CapturedRoom object, rooms from the floors (or from walls that close a loop).
    public var plan: FloorPlan
    /// Problems with single elements, each naming the file and element; those were skipped or repaired.
    public var warnings: [String]
    /// Notes on the file as a whole.
    public var notes: [String]

    /// Creates a result.
    public init(plan: FloorPlan, warnings: [String] = [], notes: [String] = []) {
        self.plan = plan
        self.warnings = warnings
        self.notes = notes
    }
}
