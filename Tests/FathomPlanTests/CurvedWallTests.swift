import FathomCore
import FathomPlan
import FathomSimulator
import Foundation
import Testing

/// A curved wall, as the simulator builds one: an arc of short flat segments.
@Suite struct CurvedWallTests {
    /// A 4 × 3.5 m room whose right side bulges out as an arc (sagitta 0.6 m) of 9 segments of ~0.43 m.
    static var bayRoom: SceneDescription {
        let sagitta: Float = 0.6, half: Float = 1.75
        let radius = (half * half + sagitta * sagitta) / (2 * sagitta)
        let centre = SIMD2<Float>(4 + sagitta - radius, 1.75)
        let span = asin(half / radius)
        var polygon: [SIMD2<Float>] = [SIMD2(0, 0), SIMD2(0, 3.5), SIMD2(4, 3.5)]
        let segments = 9
        for k in 1..<segments {
            let angle = span - 2 * span * Float(k) / Float(segments)
            polygon.append(centre + SIMD2(cos(angle), sin(angle)) * radius)
        }
        polygon.append(SIMD2(4, 0))
        let room = RoomDescription(polygon: polygon, height: 2.5)
        return SceneDescription(
            rooms: [room], labels: [SceneLabel(text: "Bay", position: SIMD2(2, 1.75))],
            path: .walk(
                WalkPath(
                    waypoints: [SIMD2(1.4, 1.2), SIMD2(1.4, 2.3), SIMD2(2.8, 2.3), SIMD2(2.8, 1.2)], speed: 0.7,
                    sweepDegrees: 10, closed: true)))
    }

    /// The arc comes out as a chain of walls and the room's outline follows it: the room
    /// targets (area within 1%, IoU ≥ 0.98) against the true (faceted) outline.
    @Test func bayWindowRoomIsClosedAlongTheArc() throws {
        let scene = Self.bayRoom
        let sim = try ScanSimulation(description: scene, sensors: PlanFixtures.depthOnly(every: 8), seed: 3)
        let frames = (0..<sim.frameCount).map { sim.frame($0) }
        let result = try FloorPlanExtractor().extract(frames: frames)
        let truth = scene.floorPlanTruth
        let c = FloorPlanComparison(found: result.plan, truth: truth)
        print("bay room: \(result.plan.walls.count) walls, rooms \(result.plan.rooms.count), area error \(c.maximumRoomAreaError), IoU \(c.minimumRoomIoU); \(result.messages)")
        #expect(result.plan.rooms.count == 1)
        #expect(c.maximumRoomAreaError <= 0.01)
        #expect(c.minimumRoomIoU >= 0.98)
    }
}
