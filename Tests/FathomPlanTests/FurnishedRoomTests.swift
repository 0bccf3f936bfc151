import FathomCore
import FathomPlan
import FathomSimulator
import Foundation
import Testing

/// Furnished rooms (tall storage against walls, kitchen runs, beds, sofas, tables) with exact truth.
@Suite struct FurnishedRoomTests {
    /// The plan and its comparisons for a furnished layout.
    static func run(seed: UInt64, rooms: Int, drift: Bool = false) throws
        -> (FloorPlanResult, FloorPlanComparison, FloorPlanObjectComparison, FurnishedScene)
    {
        let furnished = FurnishedFloorPlanLayout.scene(seed: seed, roomCount: rooms)
        var scene = furnished.scene
        let sensors = PlanFixtures.depthOnly(every: 6)
        if drift {
            let duration = try ScanSimulation(description: scene, sensors: sensors).duration
            scene.faults.append(FurnishedFloorPlanLayout.drift(seed: seed, duration: duration))
        }
        let sim = try ScanSimulation(description: scene, sensors: sensors, seed: seed)
        let result = try FloorPlanExtractor().extract(frames: sim.frames, labels: sim.labels)
        let truth = furnished.floorPlanTruth
        let c = FloorPlanComparison(found: result.plan, truth: truth, iouCellSize: 0.02)
        let o = FloorPlanObjectComparison(found: result.plan.objects, truth: truth.objects, iouCellSize: 0.02)
        return (result, c, o, furnished)
    }

    @Test(arguments: [UInt64(1), 2])
    func furnishedRoomsCloseAndKeepFurnitureOutOfTheWalls(seed: UInt64) throws {
        let (result, c, o, furnished) = try Self.run(seed: seed, rooms: 2)
        print("furnished \(seed): objects \(furnished.objects.map { "\($0.category) top \($0.top)" })")
        print("  walls \(result.plan.walls.count) rooms \(result.plan.rooms.count) spurious walls \(c.spuriousWallIds) IoU \(c.minimumRoomIoU) area \(c.maximumRoomAreaError) pos \(c.meanWallPositionError) len \(c.meanWallLengthError) d+w \(c.doorAndWindowRecall) invented \(c.inventedOpeningIds)")
        print("  objects found \(o.recall) within \(o.recallWithinTargets) spurious \(o.spuriousObjectIds.count): \(o.matches.map { "\($0.category) c \($0.centerError ?? -1) iou \($0.iou ?? -1) top \($0.topError ?? -1)" })")
        for w in result.plan.walls { print("  wall \(w.start) \(w.end)") }
        for f in result.plan.objects { print("  object \(f.category) \(f.center) top \(f.top) corners \(f.corners)") }
        for t in furnished.objects { print("  true \(t.category) \(t.center) top \(t.top) corners \(t.corners)") }
        print(result.messages)
        for r in furnished.scene.rooms { print("  true room \(r.polygon)") }
        #expect(c.spuriousWallIds.isEmpty)
        #expect(c.matchedRoomCount == c.rooms.count)
        #expect(c.minimumRoomIoU >= 0.98)
    }
}
