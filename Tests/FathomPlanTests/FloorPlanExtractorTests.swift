import FathomCore
import FathomIO
import FathomPlan
import FathomSimulator
import FathomTestSupport
import Foundation
import Testing

@Suite struct FloorPlanExtractorTests {
    /// The one-room scan: walls within 2 cm and 2 %, the room within 1 % of its area, the door and the
    /// window found with the right kinds and widths within 5 cm, nothing invented, the label given.
    @Test func oneRoomAgainstTruth() throws {
        let sim = try PlanFixtures.oneRoomSimulation()
        var stages = Set<FloorPlanExtractionProgress.Stage>()
        let result = try FloorPlanExtractor().extract(frames: sim.frames, labels: sim.labels, trueNorthDegrees: 30) {
            stages.insert($0.stage)
        }
        let truth = PlanFixtures.oneRoom.floorPlanTruth
        let c = FloorPlanComparison(found: result.plan, truth: truth, iouCellSize: 0.02)
        #expect(stages == Set(FloorPlanExtractionProgress.Stage.allCases))
        #expect(c.missedWallCount == 0, "\(c.walls)")
        #expect(c.spuriousWallIds.isEmpty)
        #expect(c.meanWallPositionError <= 0.02)
        #expect(c.meanWallLengthError <= 0.02)
        #expect(c.matchedRoomCount == 1 && c.spuriousRoomIds.isEmpty)
        #expect(c.maximumRoomAreaError <= 0.01 && c.minimumRoomIoU >= 0.98)
        #expect(c.doorAndWindowRecall == 1 && c.inventedOpeningIds.isEmpty)
        #expect(c.openings.allSatisfy { $0.kindMatches == true })
        #expect(c.maximumOpeningWidthError <= 0.05)
        #expect(result.plan.rooms.first?.label == "Study")
        #expect(result.plan.trueNorthDegrees == 30)
        #expect(abs(result.plan.floorY) < 0.01)
        #expect(result.quality.wallFitRMS < 0.01 && result.quality.roomClosure == [1])
        print(
            "one room: pos \(c.meanWallPositionError) m, len \(c.meanWallLengthError), area \(c.maximumRoomAreaError), "
                + "IoU \(c.minimumRoomIoU), width \(c.maximumOpeningWidthError) m; \(result.messages)")
    }

    /// An L-shaped room with a 45° wall: every wall, the room and the window found.
    @Test func lShapedRoomWithADiagonalWall() throws {
        let scene = PlanFixtures.lShapedRoom
        let sim = try ScanSimulation(description: scene, sensors: PlanFixtures.depthOnly(every: 8), seed: 9)
        let result = try FloorPlanExtractor().extract(frames: sim.frames, labels: sim.labels)
        let c = FloorPlanComparison(found: result.plan, truth: scene.floorPlanTruth, iouCellSize: 0.02)
        #expect(c.missedWallCount == 0 && c.spuriousWallIds.isEmpty, "\(c.walls)")
        #expect(c.meanWallPositionError <= 0.02 && c.meanWallLengthError <= 0.02)
        #expect(c.matchedRoomCount == 1 && c.spuriousRoomIds.isEmpty)
        #expect(c.maximumRoomAreaError <= 0.01 && c.minimumRoomIoU >= 0.98)
        #expect(c.doorAndWindowRecall == 1 && c.inventedOpeningIds.isEmpty)
        #expect(result.plan.rooms.first?.polygon.count == 7)
        #expect(result.plan.rooms.first?.label == "Hall")
    }

    /// Walking along one wall, looking ahead: the walls found are returned, no room, and a message
    /// says why.
    @Test func anOpenViewGivesWallsAndAMessage() throws {
        var scene = PlanFixtures.oneRoom
        scene.path = .walk(WalkPath(waypoints: [SIMD2(0.8, 2.6), SIMD2(2.6, 2.6)], sweepDegrees: 5))
        let sim = try ScanSimulation(description: scene, sensors: PlanFixtures.depthOnly(every: 8), seed: 3)
        let result = try FloorPlanExtractor().extract(frames: sim.frames)
        #expect(result.plan.rooms.isEmpty)
        #expect(!result.plan.walls.isEmpty)
        #expect(result.messages.contains { $0.contains("no closed room") })
    }

    /// A package without depth is a typed error naming the package.
    @Test func noDepthIsAnError() throws {
        var sensors = PlanFixtures.depthOnly(every: 0)
        sensors.featuresEveryNthFrame = 30
        let sim = try ScanSimulation(description: PlanFixtures.oneRoom, sensors: sensors, seed: 1, duration: 1)
        let dir = try makeTemporaryDirectory().appendingPathComponent("nodepth")
        try sim.write(to: dir)
        let package = try ScanPackage(url: dir)
        #expect {
            try FloorPlanExtractor().extract(package: package)
        } throws: { error in
            guard let e = error as? FloorPlanError else { return false }
            return e.file == dir.path && e.problem.contains("no depth frames")
        }
    }
}
