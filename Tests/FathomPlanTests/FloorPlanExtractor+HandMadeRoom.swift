@testable import FathomPlan

extension FloorPlanExtractor {
    /// The hand-made room the object tests stand their pieces in: 4 m along x, 3.6 m along z, its
    /// four walls seen from inside (`WallFace.handMadeRoom`), ceiling 2.5 m above the floor.
    static let handMadeRoomWidth = 4.0
    /// Depth of the hand-made room along z, metres.
    static let handMadeRoomDepth = 3.6
    /// Ceiling height of the hand-made room, metres.
    static let handMadeRoomCeiling = 2.5

    /// The objects the search finds among hand-made points (floor-plan positions in metres, each
    /// with its height above the floor in metres) standing in the hand-made room.
    /// - Parameter ceilingSeen: whether the scan saw the ceiling (the tops' rule differs).
    static func objectsInHandMadeRoom(
        positions: [SIMD2<Double>], heights: [Float], ceilingSeen: Bool
    ) -> [FloorPlanObject] {
        let grid = PlanPointGrid(positions: positions, heights: heights, cellSize: pointGridCellSize)
        let (w, d) = (handMadeRoomWidth, handMadeRoomDepth)
        let room = [SIMD2(0.0, 0.0), SIMD2(w, 0.0), SIMD2(w, d), SIMD2(0.0, d)]
        return FloorPlanExtractor().findObjects(
            grid: grid, faces: WallFace.handMadeRoom(width: w, depth: d), rooms: [room],
            ceilingHeight: handMadeRoomCeiling, ceilingSeen: ceilingSeen)
    }
}
