extension FloorPlanExtractor {
    /// A cell's column split into a low part standing on the floor and a part hanging over it
    /// (`ObjectColumn.split`): the low part's points and top, and the hanging part's lowest point
    /// (its underside), metres above the floor.
    struct ObjectColumnSplit {
        /// Points of the low part (0 where the low part was not seen).
        var lowCount: Int32
        /// Top of the low part, metres (0 where it was not seen).
        var lowTop: Float
        /// Lowest point of the hanging part, metres.
        var highBottom: Float
    }
}
