import FathomPlan
import FathomSimulator
import Testing

@Suite struct FloorPlanComparisonTests {
    @Test func aPlanMatchesItself() {
        let truth = ScenePreset.apartment.description.floorPlanTruth
        let c = FloorPlanComparison(found: truth, truth: truth, iouCellSize: 0.02)
        #expect(c.missedWallCount == 0 && c.meanWallPositionError < 1e-9 && c.meanWallLengthError < 1e-9)
        #expect(c.spuriousWallIds.isEmpty)
        #expect(c.matchedRoomCount == 3 && c.spuriousRoomIds.isEmpty && c.minimumRoomIoU == 1)
        #expect(c.doorAndWindowRecall == 1 && c.inventedOpeningIds.isEmpty && c.maximumOpeningWidthError < 1e-9)
        #expect(c.rooms.allSatisfy { $0.labelMatches == true })
    }

    /// Moving every wall 5 cm sideways and stretching one by 10 %, hand-computed errors.
    @Test func shiftedWallsAndOffsetRooms() {
        let truth = FloorPlan(
            floorY: 0, ceilingHeight: 2.5,
            walls: [
                FloorPlanWall(id: "a", start: SIMD2(0, 0), end: SIMD2(4, 0), height: 2.5),
                FloorPlanWall(id: "b", start: SIMD2(0, 0), end: SIMD2(0, 2), height: 2.5),
            ],
            openings: [
                FloorPlanOpening(
                    id: "d", wallId: "a", kind: .door, start: SIMD2(1, 0), end: SIMD2(1.9, 0), bottom: 0, top: 2)
            ],
            rooms: [FloorPlanRoom(id: "r", polygon: [SIMD2(0, 0), SIMD2(0, 2), SIMD2(2, 2), SIMD2(2, 0)])])
        let found = FloorPlan(
            floorY: 0, ceilingHeight: 2.5,
            walls: [
                FloorPlanWall(id: "a'", start: SIMD2(0, 0.05), end: SIMD2(4.4, 0.05), height: 2.5),
                FloorPlanWall(id: "b'", start: SIMD2(0.05, 0), end: SIMD2(0.05, 2), height: 2.5),
                FloorPlanWall(id: "z", start: SIMD2(9, 9), end: SIMD2(9, 10), height: 2.5),
            ],
            openings: [
                FloorPlanOpening(
                    id: "x", wallId: "a'", kind: .door, start: SIMD2(1, 0), end: SIMD2(1.95, 0), bottom: 0, top: 2),
                FloorPlanOpening(
                    id: "y", wallId: "a'", kind: .window, start: SIMD2(3, 0), end: SIMD2(3.5, 0), bottom: 1, top: 2),
            ],
            rooms: [
                FloorPlanRoom(id: "s", polygon: [SIMD2(1, 0), SIMD2(1, 2), SIMD2(3, 2), SIMD2(3, 0)]),
                FloorPlanRoom(id: "t", polygon: [SIMD2(5, 5), SIMD2(5, 6), SIMD2(6, 6), SIMD2(6, 5)]),
            ])
        let c = FloorPlanComparison(found: found, truth: truth, iouCellSize: 0.01)
        #expect(abs(c.meanWallPositionError - 0.05) < 1e-9)
        #expect(abs(c.walls[0].lengthError! - 0.1) < 1e-9 && abs(c.walls[1].lengthError!) < 1e-9)
        #expect(c.spuriousWallIds == ["z"])
        // Two 2×2 squares overlapping by half: IoU 2 / 6.
        #expect(c.missedRoomCount == 1 && c.spuriousRoomIds == ["s", "t"])
        #expect(abs(FloorPlanComparison.intersectionOverUnion(truth.rooms[0].polygon, found.rooms[0].polygon) - 1.0 / 3)
            < 0.005)
        #expect(c.openings[0].foundOpeningId == "x" && abs(c.openings[0].widthError! - 0.05) < 1e-9)
        #expect(c.inventedOpeningIds == ["y"])
    }
}
