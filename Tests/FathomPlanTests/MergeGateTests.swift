import FathomCore
@testable import FathomPlan
import FathomRegistration
import FathomSimulator
import FathomTestSupport
import Foundation
import Testing

/// The merge's gates against wrong merges that millimetres of pose change let through: scans that do
/// not overlap are never merged whatever small jitter their recorded poses carry, and one room scanned
/// in two sessions still merges at the true placement.
@Suite struct MergeGateTests {
    /// Largest shift of a jittered frame's recorded pose along each axis, metres.
    static let jitterShift: Float = 0.003
    /// Largest turn of a jittered frame's recorded pose about the vertical, radians (0.03°).
    static let jitterYaw: Float = 0.03 * .pi / 180
    /// How far a merged scan's placement may lie from its true session origin, metres.
    static let placementTolerance: Float = 0.05
    /// How far a merged scan's placement may turn from its true session origin, radians (1°).
    static let placementAngle: Float = .pi / 180

    /// `frames` with each recorded pose moved by a seeded jitter of up to `jitterShift` and `jitterYaw`
    /// (what a change of the pose refinement does to a walk: millimetres, hundredths of a degree).
    static func jittered(_ frames: [SensorFrame], seed: UInt64) -> [SensorFrame] {
        var g = SeededGenerator(seed: seed)
        return frames.map { frame in
            var f = frame
            guard let pose = f.camera.worldFromCamera else { return f }
            let yaw = Float.random(in: -jitterYaw...jitterYaw, using: &g)
            let shift = SIMD3(
                Float.random(in: -jitterShift...jitterShift, using: &g), Float.random(in: -jitterShift...jitterShift, using: &g),
                Float.random(in: -jitterShift...jitterShift, using: &g))
            let delta = RigidTransform(rotation: Matrix3x3.rotation(axis: SIMD3(0, 1, 0), angle: yaw), translation: shift)
            f.camera.cameraTransform = (delta * pose).matrix
            return f
        }
    }

    /// The 6 × 2.4 m hall of another home (`DriftAndMergeTests.scansWithoutOverlapAreNotMerged`).
    static var hall: SceneDescription {
        SceneDescription(
            rooms: [
                RoomDescription(
                    polygon: [SIMD2(0, 0), SIMD2(0, 2.4), SIMD2(6, 2.4), SIMD2(6, 0)], height: 2.5,
                    openings: [OpeningDescription(kind: .window, wall: 3, offset: 2.0, width: 1.5, bottom: 0.9, top: 2.0)])
            ],
            path: .walk(
                WalkPath(
                    waypoints: [SIMD2(1.0, 0.9), SIMD2(1.0, 1.5), SIMD2(5.0, 1.5), SIMD2(5.0, 0.9)], sweepDegrees: 10,
                    closed: true)))
    }

    /// A room and the hall of another home, in a session turned 40° and moved, the hall's recorded
    /// poses jittered by millimetres (seeded): never merged, a plan each and a message naming the hall.
    @Test(arguments: [UInt64(1), 2, 3])
    func scansWithoutOverlapAreNeverMergedUnderPoseJitter(seed: UInt64) throws {
        let sensors = PlanFixtures.depthOnly(every: 6)
        let simA = try ScanSimulation(description: PlanFixtures.oneRoom, sensors: sensors, seed: 1)
        let origin = RigidTransform(
            rotation: Matrix3x3.rotation(axis: SIMD3(0, 1, 0), angle: 40 * .pi / 180), translation: SIMD3(-2, 0, 1))
        let simB = try ScanSimulation(description: Self.hall, sensors: sensors, seed: 2, sceneFromSession: origin)
        let result = try FloorPlanExtractor().extract(scans: [Array(simA.frames), Self.jittered(Array(simB.frames), seed: seed)])
        print("jitter \(seed), no-overlap messages: \(result.messages)")
        #expect(result.plans.count == 2, "seed \(seed): \(result.messages)")
        #expect(result.messages.contains { $0.contains("scan 2 could not be registered") }, "\(result.messages)")
    }

    /// Scans of two different homes, the second's recorded poses jittered by millimetres: never merged.
    @Test(arguments: [UInt64(1), 2])
    func differentHomesAreNeverMergedUnderPoseJitter(seed: UInt64) throws {
        let pair = try MergeFixtures.differentHomes(seed: seed)
        let frames = [pair.frames[0], Self.jittered(pair.frames[1], seed: seed &+ 100)]
        let result = try FloorPlanExtractor().extract(scans: frames, labels: pair.labels)
        print("jitter \(seed), different-homes messages: \(result.messages)")
        #expect(result.plans.count == 2, "seed \(seed): \(result.messages)")
        #expect(result.plans.map { $0.scans.map(\.scanIndex) } == [[0], [1]])
    }

    /// One room scanned in two sessions (the second turned 50° and moved 2 m, its poses jittered): a
    /// true merge, kept: one plan, the second scan placed at its session origin.
    @Test func oneRoomScannedTwiceStillMerges() throws {
        let sensors = PlanFixtures.depthOnly(every: 6)
        let simA = try ScanSimulation(description: PlanFixtures.oneRoom, sensors: sensors, seed: 1)
        let origin = RigidTransform(
            rotation: Matrix3x3.rotation(axis: SIMD3(0, 1, 0), angle: 50 * .pi / 180), translation: SIMD3(2, 0.1, -1))
        let simB = try ScanSimulation(description: PlanFixtures.oneRoom, sensors: sensors, seed: 6, sceneFromSession: origin)
        let result = try FloorPlanExtractor().extract(scans: [Array(simA.frames), Self.jittered(Array(simB.frames), seed: 5)])
        print("one room twice messages: \(result.messages)")
        #expect(result.plans.count == 1, "\(result.messages)")
        if result.plans.count == 1, result.plans[0].scans.count == 2 {
            let placement = result.plans[0].scans[1].planFromScan
            #expect(
                placement.isApproximatelyEqual(
                    to: origin, translationTolerance: Self.placementTolerance, angleTolerance: Self.placementAngle),
                "\(placement)")
            let c = FloorPlanComparison(
                found: result.plans[0].result.plan, truth: PlanFixtures.oneRoom.floorPlanTruth, iouCellSize: 0.02)
            #expect(c.meanWallPositionError <= 0.02, "\(c.meanWallPositionError)")
        }
    }

    /// Points of a wall along x = 0, z 0…2 m every `step` metres, 0.05…2.4 m up every 5 cm.
    static func wallAlongZ(step: Float) -> [SIMD3<Float>] {
        stride(from: Float(0), through: 2, by: step).flatMap { z in
            stride(from: Float(0.05), through: 2.4, by: 0.05).map { y in SIMD3<Float>(0, y, z) }
        }
    }

    /// Floor points (y = 0) every 5 cm over `xs` × z 0…2 m.
    static func floorStrip(_ xs: ClosedRange<Float>) -> [SIMD3<Float>] {
        stride(from: xs.lowerBound, through: xs.upperBound, by: 0.05).flatMap { x in
            stride(from: Float(0), through: 2, by: 0.05).map { z in SIMD3<Float>(x, 0, z) }
        }
    }

    /// Hand-made: a wall along x = 0 (0–2.4 m up, 2 m long) that both clouds hold. Floor seen by both on
    /// the same side (x < 0) is an overlap; floor seen by each on its own side (a wall seen from its two
    /// faces) is not.
    @Test func wallsSeenFromOppositeSidesAreNotAnOverlap() {
        let wall = Self.wallAlongZ(step: 0.02)
        let floor = Self.floorStrip
        let extractor = FloorPlanExtractor()
        let target = wall + floor(-1.5 ... -0.02)
        let sameSide = extractor.sharedViewFigures(target: target, source: wall + floor(-1 ... -0.02), floorY: 0)
        #expect(sameSide.matched == wall.count - wall.filter { $0.y < 0.3 || $0.y > 1.8 }.count)
        #expect(sameSide.coViewed == sameSide.matched)
        #expect(extractor.sharedViewConflict(target: target, source: wall + floor(-1 ... -0.02), floorY: 0) == nil)
        let backToBack = extractor.sharedViewFigures(target: target, source: wall + floor(0.02...1.5), floorY: 0)
        #expect(backToBack.matched == sameSide.matched && backToBack.coViewed == 0)
        #expect(extractor.sharedViewConflict(target: target, source: wall + floor(0.02...1.5), floorY: 0) != nil)
    }

    /// Hand-made: a wall along x = 0 (0–2.4 m up, 2 m long) with floor on one side, in two clouds at
    /// the same place. Seen from the same side by both, its matched points are same-side and the
    /// placement stands; seen from its two faces (each cloud's floor on its own side: the slide of one
    /// room's partition face onto the other's, back to back), every matched point is back to back and
    /// the placement is refused.
    @Test func wallFacesSeenFromOppositeSidesAreRefused() {
        let wall = Self.wallAlongZ(step: 0.05)
        let floor = Self.floorStrip
        let extractor = FloorPlanExtractor()
        let registrar = PointCloudRegistrar(configuration: FloorPlanExtractor.mergeRegistration)
        func faces(_ points: [SIMD3<Float>]) -> FloorPlanExtractor.SeenFaces {
            let view = MergeSightView(
                points: points, cameras: [], floorY: 0, cell: FloorPlanExtractor.mergeCheckCell,
                obstacleBand: FloorPlanExtractor.mergeObstacleBand, floorTolerance: FloorPlanExtractor.floorPointTolerance,
                reach: 4, cameraLimit: 1, endMargin: FloorPlanExtractor.sightLineEndMargin)
            return extractor.seenFaces(of: registrar.prepare(PointCloud(unchecked: points)), view: view)
        }
        let target = faces(wall + floor(-1.5 ... -0.05))
        #expect(!target.points.isEmpty && target.sides.allSatisfy { $0.x < -0.9 }, "the target saw the wall from -x")
        let distance = FloorPlanExtractor.mergeRegistration.inlierDistance
        let same = FloorPlanExtractor.faceFigures(
            source: faces(wall + floor(-1 ... -0.05)), target: target, targetFromSource: .identity, matchDistance: distance)
        #expect(same.sameSide > 0 && same.backToBack == 0, "\(same)")
        #expect(extractor.faceRefusal(same) == nil)
        let opposite = FloorPlanExtractor.faceFigures(
            source: faces(wall + floor(0.05...1.5)), target: target, targetFromSource: .identity, matchDistance: distance)
        #expect(opposite.backToBack > 0 && opposite.sameSide == 0, "\(opposite)")
        #expect(extractor.faceRefusal(opposite) != nil)
    }
}
