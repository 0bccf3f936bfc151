import FathomCore
import FathomTestSupport
import Testing

@testable import FathomRegistration

/// The structure search (`registerByStructure`): vertical planes, their pairing into placements, the
/// floor lift, and the whole search on two rooms that meet at a doorway.
@Suite struct StructureSearchTests {
    /// The defaults (5 cm voxels) with the inlier RMSE gate of merged fused scans (3 cm, as
    /// `FloorPlanExtractor.mergeMaximumRMSE`).
    static var configuration: RegistrationConfiguration {
        var c = RegistrationConfiguration()
        c.maximumRMSE = 0.03
        return c
    }

    /// Points on an axis-aligned vertical rectangle `x` or `z` = `at`, spanning `along` on the other
    /// horizontal axis and `height` (floor at 0), every `step` metres; `door` (a span of `along`, 2 m
    /// high) is left open.
    static func wall(x at: Float? = nil, z: Float? = nil, along: ClosedRange<Float>, height: Float, door: ClosedRange<Float>? = nil)
        -> [SIMD3<Float>]
    {
        var points: [SIMD3<Float>] = []
        for s in stride(from: along.lowerBound, through: along.upperBound, by: step) {
            for y in stride(from: Float(0), through: height, by: step) where !(door?.contains(s) == true && y < 2) {
                points.append(at != nil ? SIMD3(at!, y, s) : SIMD3(s, y, z!))
            }
        }
        return points
    }

    /// Points on a horizontal rectangle at height `y`.
    static func slab(x: ClosedRange<Float>, z: ClosedRange<Float>, y: Float) -> [SIMD3<Float>] {
        var points: [SIMD3<Float>] = []
        for a in stride(from: x.lowerBound, through: x.upperBound, by: step) {
            for b in stride(from: z.lowerBound, through: z.upperBound, by: step) { points.append(SIMD3(a, y, b)) }
        }
        return points
    }

    /// Sample spacing of the hand-built rooms, metres.
    static let step: Float = 0.02
    /// Room height, metres.
    static let height: Float = 2.5

    /// Two rooms side by side with a 15 cm wall between them (x from 4 to 4.15) and a door in it
    /// (z from 1 to 1.9): room A is 4 × 3.5 m, room B 3.85 × 3 m with a cupboard (a box 1 m wide,
    /// 0.6 m deep, 1.8 m high) against its back wall. The scan from room A sees all of A and B within
    /// `reach` of the door; the scan from room B the reverse.
    static func rooms(reach: Float) -> (a: [SIMD3<Float>], b: [SIMD3<Float>]) {
        let roomA =
            wall(x: 0, along: 0...3.5, height: height) + wall(z: 0, along: 0...4, height: height)
            + wall(z: 3.5, along: 0...4, height: height) + wall(x: 4, along: 0...3.5, height: height, door: 1...1.9)
            + slab(x: 0...4, z: 0...3.5, y: 0) + slab(x: 0...4, z: 0...3.5, y: height)
        let cupboard =
            wall(x: 6, along: 2.4...3, height: 1.8) + wall(x: 7, along: 2.4...3, height: 1.8) + wall(z: 2.4, along: 6...7, height: 1.8)
            + slab(x: 6...7, z: 2.4...3, y: 1.8)
        let roomB =
            wall(x: 4.15, along: 0...3, height: height, door: 1...1.9) + wall(z: 0, along: 4.15...8, height: height)
            + wall(z: 3, along: 4.15...8, height: height) + wall(x: 8, along: 0...3, height: height)
            + slab(x: 4.15...8, z: 0...3, y: 0) + slab(x: 4.15...8, z: 0...3, y: height) + cupboard
        let door = SIMD3<Float>(4.075, 0, 1.45)
        func near(_ p: SIMD3<Float>) -> Bool { ((p.x - door.x) * (p.x - door.x) + (p.z - door.z) * (p.z - door.z)).squareRoot() <= reach }
        return (roomA + roomB.filter(near), roomB + roomA.filter(near))
    }

    @Test func verticalPlanesOfARoomAreItsWalls() {
        let room = Self.wall(x: 0, along: 0...3.5, height: Self.height) + Self.wall(x: 4, along: 0...3.5, height: Self.height)
            + Self.wall(z: 0, along: 0...4, height: Self.height) + Self.wall(z: 3.5, along: 0...4, height: Self.height)
            + Self.slab(x: 0...4, z: 0...3.5, y: 0)
        let cloud = RegistrationCloud(positions: room, configuration: Self.configuration)
        let planes = cloud.verticalPlanes()
        #expect(planes.count == 4, "\(planes)")
        // Each wall found once, within a centimetre (offsets signed by the normal found).
        let truth: [(normal: SIMD3<Float>, offset: Float)] = [
            (SIMD3(1, 0, 0), 0), (SIMD3(1, 0, 0), 4), (SIMD3(0, 0, 1), 0), (SIMD3(0, 0, 1), 3.5),
        ]
        for t in truth {
            let hits = planes.filter { p in
                abs(p.normal.dot(t.normal)) > 0.999 && abs((p.normal.dot(t.normal) > 0 ? p.offset : -p.offset) - t.offset) < 0.01
            }
            #expect(hits.count == 1, "wall \(t): \(planes)")
        }
    }

    @Test func twoPerpendicularPlanesFixTheTranslation() {
        // Source planes x = 1 and z = 2 laid on target planes x = 3.5 and z = −1 (the second with its
        // normal flipped: −z · p = 1): the translation is (2.5, 0, −3).
        let s = VerticalPlane(normal: SIMD3(1, 0, 0), offset: 1, pointCount: 1)
        let u = VerticalPlane(normal: SIMD3(0, 0, 1), offset: 2, pointCount: 1)
        let a = VerticalPlane(normal: SIMD3(1, 0, 0), offset: 3.5, pointCount: 1)
        let b = VerticalPlane(normal: SIMD3(0, 0, -1), offset: 1, pointCount: 1)
        let t = PointCloudRegistrar.translation(laying: s, on: a, and: u, on: b)
        #expect(t.map { isClose($0, SIMD3(2.5, 0, -3), tolerance: 1e-5) } == true, "\(String(describing: t))")
        #expect(PointCloudRegistrar.translation(laying: s, on: a, and: s, on: a) == nil)
        // A plane moved by a placement lies where the placement puts its points.
        let placement = RegistrationFixtures.yawTransform(0.7, SIMD3(1, 0.3, -2))
        let moved = s.moved(by: placement)
        let p = placement.apply(to: SIMD3(1, 0.4, 5))
        #expect(isClose(moved.normal.dot(p), moved.offset, tolerance: 1e-5))
    }

    @Test func theFloorLiftIsWhereFloorsAndCeilingsAgree() {
        let (a, b) = Self.rooms(reach: 1.5)
        let lift: Float = 0.23
        let configuration = Self.configuration
        let target = RegistrationCloud(positions: a, configuration: configuration)
        let source = RegistrationCloud(positions: b.map { $0 - SIMD3(0, lift, 0) }, configuration: configuration)
        let offsets = PointCloudRegistrar.verticalOffsets(
            source: source.horizontalSurfaceHeights(bin: configuration.voxelSize),
            target: target.horizontalSurfaceHeights(bin: configuration.voxelSize), bin: configuration.voxelSize)
        #expect(offsets.first.map { abs($0 - lift) < 0.02 } == true, "\(offsets)")
    }

    /// The scan of room B, in a session turned 70° and moved (3, 0.2, −2) m, placed on the scan of
    /// room A through their 1.5 m of shared view around the door: the true placement, trusted.
    @Test func roomsMeetingAtADoorwayAreRegistered() {
        let (a, b) = Self.rooms(reach: 1.5)
        let targetFromSource = RegistrationFixtures.yawTransform(70 * .pi / 180, SIMD3(3, 0.2, -2))
        let registrar = PointCloudRegistrar(configuration: Self.configuration)
        let result = registrar.registerByStructure(
            source: registrar.prepare(PointCloud(unchecked: b.map(targetFromSource.inverse.apply(to:)))),
            target: registrar.prepare(PointCloud(unchecked: a)))
        #expect(result.isTrusted, "\(String(describing: result.failure))")
        #expect(
            result.targetFromSource.isApproximatelyEqual(to: targetFromSource, translationTolerance: 0.01, angleTolerance: 0.2 * .pi / 180),
            "\(result.targetFromSource)")
    }

    /// Without a vertical plane there is nothing to pair: not found, and why.
    @Test func aFloorAloneGivesNoHypothesis() {
        let floor = Self.slab(x: 0...3, z: 0...3, y: 0)
        let registrar = PointCloudRegistrar(configuration: Self.configuration)
        let cloud = registrar.prepare(PointCloud(unchecked: floor))
        let result = registrar.registerByStructure(source: cloud, target: cloud)
        #expect(!result.isFound && result.failure == .noConsistentHypothesis)
    }
}
