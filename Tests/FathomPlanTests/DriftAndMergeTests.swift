import FathomCore
import FathomIO
import FathomPlan
import FathomSimulator
import FathomTestSupport
import Foundation
import Testing

/// Drifting walks (refinement against the depth) and several scans of one home (registration).
@Suite struct DriftAndMergeTests {
    /// The bedroom walked with a drift of 5 cm and 1.5° by the end. Without refinement the plan is off
    /// (a wall drawn twice or the room wrong); with it, no wall is drawn twice, the walls lie within
    /// 2 cm and the refined poses end at most half as far from the truth as the recorded ones. (At this
    /// test's 128 × 96 depth the room itself does not yet reach the 0.98 IoU target; the report's
    /// full-resolution drifting walks do, see docs/floorplans.md.)
    @Test func driftIsRefinedAway() throws {
        var scene = FurnishedRoomTests.bedroom.scene
        let truth = FurnishedRoomTests.bedroom.floorPlanTruth
        let sensors = PlanFixtures.depthOnly(every: 6)
        let duration = try ScanSimulation(description: scene, sensors: sensors).duration
        scene.faults = [.drift(start: 0, duration: duration, offset: SIMD3(0.04, 0, -0.03), yawDegrees: 1.5)]
        let sim = try ScanSimulation(description: scene, sensors: sensors, seed: 8)
        let frames = (0..<sim.frameCount).map { sim.frame($0) }

        let raw = try FloorPlanExtractor(configuration: .init(refinesPoses: false)).extract(frames: frames)
        let rawComparison = FloorPlanComparison(found: raw.plan, truth: truth, iouCellSize: 0.02)
        #expect(!raw.plan.doubledWalls().isEmpty || rawComparison.minimumRoomIoU < 0.98 || rawComparison.meanWallPositionError > 0.02)
        #expect(raw.refinedPoses.isEmpty)

        let refined = try FloorPlanExtractor().extract(frames: frames)
        let c = FloorPlanComparison(found: refined.plan, truth: truth, iouCellSize: 0.02)
        #expect(refined.plan.doubledWalls().isEmpty, "\(refined.plan.walls)")
        #expect(c.meanWallPositionError <= 0.02)
        #expect(refined.refinedPoses.count == sim.frameCount)
        let last = refined.refinedPoses.last!
        let truePose = sim.groundTruthWorldFromCamera(frame: last.frameNumber)
        let recorded = frames.last!.camera.worldFromCamera!
        let before = recorded.translation.distance(to: truePose.translation)
        let after = last.worldFromCamera.translation.distance(to: truePose.translation)
        print("drift at the end: recorded \(before) m, refined \(after) m")
        #expect(before > 0.04)
        #expect(after < before / 2)
    }

    /// Two rooms scanned in two sessions with unrelated origins (the second turned 70° and moved
    /// 3 m), each walk stepping through the door into the other room: one plan, both rooms within the
    /// targets, the shared wall once, both labels kept.
    @Test
    func twoScansOfAdjacentRoomsMerge() throws {
        let scene = RandomFloorPlanLayout.scene(seed: 2, roomCount: 2)
        guard case .walk(let walk) = scene.path else { Issue.record("a walk"); return }
        let n = walk.waypoints.count
        var first = scene
        var second = scene
        var a = walk
        a.waypoints = Array(walk.waypoints.prefix(n * 2 / 3))
        var b = walk
        b.waypoints = Array(walk.waypoints.suffix(n * 2 / 3))
        first.path = .walk(a)
        second.path = .walk(b)
        let sensors = PlanFixtures.depthOnly(every: 6)
        let simA = try ScanSimulation(description: first, sensors: sensors, seed: 1)
        let origin = RigidTransform(
            rotation: Matrix3x3.rotation(axis: SIMD3(0, 1, 0), angle: 70 * .pi / 180), translation: SIMD3(3, 0.2, -2))
        let simB = try ScanSimulation(description: second, sensors: sensors, seed: 2, sceneFromSession: origin)
        let merged = try FloorPlanExtractor().extract(
            scans: [Array(simA.frames), Array(simB.frames)], labels: [simA.labels, simB.labels])
        print("merge messages: \(merged.messages)")
        #expect(merged.plans.count == 1)
        let plan = merged.plans[0].result.plan
        let c = FloorPlanComparison(found: plan, truth: scene.floorPlanTruth, iouCellSize: 0.02)
        #expect(c.matchedRoomCount == 2 && c.minimumRoomIoU >= 0.98, "\(c.rooms)")
        #expect(c.meanWallPositionError <= 0.02 && c.spuriousWallIds.isEmpty)
        #expect(plan.doubledWalls().isEmpty)
        #expect(Set(plan.rooms.compactMap(\.label)) == Set(scene.floorPlanTruth.rooms.compactMap(\.label)))
        // The second scan's placement is the inverse of its session origin.
        let scans = merged.plans[0].scans
        #expect(scans.count == 2)
        if scans.count == 2 {
            #expect(scans[1].planFromScan.translation.distance(to: origin.translation) < 0.03)
        }
    }

    /// Two scans that do not overlap (a room and a 6 × 2.4 m hall of another home, in a session
    /// turned 40° and moved): not merged, a plan each, and a message naming the scan that could not
    /// be registered.
    @Test func scansWithoutOverlapAreNotMerged() throws {
        let sensors = PlanFixtures.depthOnly(every: 6)
        let simA = try ScanSimulation(description: PlanFixtures.oneRoom, sensors: sensors, seed: 1)
        let hall = MergeGateTests.hall
        let origin = RigidTransform(
            rotation: Matrix3x3.rotation(axis: SIMD3(0, 1, 0), angle: 40 * .pi / 180), translation: SIMD3(-2, 0, 1))
        let simB = try ScanSimulation(description: hall, sensors: sensors, seed: 2, sceneFromSession: origin)
        let result = try FloorPlanExtractor().extract(scans: [Array(simA.frames), Array(simB.frames)])
        print("no-overlap messages: \(result.messages)")
        #expect(result.plans.count != 1)
        #expect(result.plans.count == 2 && result.plans.allSatisfy { $0.result.plan.rooms.count == 1 })
        #expect(result.messages.contains { $0.contains("scan 2 could not be registered") })
    }

    /// Scans of two different homes (random two-room layouts, the second session's origin drawn from
    /// the seed) are never merged: a plan each, each holding its own scan, and a message naming the
    /// second scan.
    @Test(arguments: [UInt64(1), 2])
    func scansOfDifferentHomesAreNotMerged(seed: UInt64) throws {
        let pair = try MergeFixtures.differentHomes(seed: seed)
        let result = try FloorPlanExtractor().extract(scans: pair.frames, labels: pair.labels)
        #expect(result.plans.count == 2, "seed \(seed): \(result.messages)")
        #expect(result.plans.map { $0.scans.map(\.scanIndex) } == [[0], [1]])
        #expect(result.messages.contains { $0.hasPrefix("scan 2 could not be registered") }, "\(result.messages)")
    }

    /// Two adjacent rooms of a random layout scanned in two sessions (each walk stepping through the
    /// shared door): merged only at the true placement (within `placementTolerance` of the session
    /// origin, walls within 2 cm of the truth), otherwise a plan each with a message; never a wrong merge.
    @Test(arguments: [UInt64(3)])
    func adjacentRoomsAreNeverMergedWrongly(seed: UInt64) throws {
        let pair = try MergeFixtures.adjacentRooms(seed: seed)
        let result = try FloorPlanExtractor().extract(scans: pair.frames, labels: pair.labels)
        if result.plans.count == 1 {
            let placement = result.plans[0].scans[1].planFromScan
            #expect(placement.isApproximatelyEqual(to: pair.secondOrigin, translationTolerance: Self.placementTolerance, angleTolerance: Self.placementAngle), "seed \(seed)")
            let c = FloorPlanComparison(found: result.plans[0].result.plan, truth: pair.scene.floorPlanTruth, iouCellSize: 0.02)
            #expect(c.meanWallPositionError <= 0.02 && result.plans[0].result.plan.doubledWalls().isEmpty)
        } else {
            #expect(result.plans.count == 2)
            #expect(result.messages.contains { $0.hasPrefix("scan 2 could not be registered") }, "\(result.messages)")
        }
    }

    /// Names that do not match the packages one to one are a clear error before any scan is fused.
    @Test func namesMustMatchThePackages() throws {
        let sim = try ScanSimulation(description: PlanFixtures.oneRoom, sensors: PlanFixtures.depthOnly(every: 8), seed: 1, duration: 1)
        let dir = try makeTemporaryDirectory().appendingPathComponent("scan")
        try sim.write(to: dir)
        let package = try ScanPackage(url: dir)
        #expect {
            try FloorPlanExtractor().extract(packages: [package, package], names: ["kitchen"])
        } throws: { error in
            (error as? FloorPlanError)?.problem == "1 name(s) given for 2 scans: give one name per scan"
        }
    }

    /// How far a merged scan's placement may lie from its true session origin, metres.
    static let placementTolerance: Float = 0.05
    /// How far a merged scan's placement may turn from its true session origin, radians (1°).
    static let placementAngle: Float = .pi / 180
}
