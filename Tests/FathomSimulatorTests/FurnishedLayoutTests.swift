import FathomCore
import FathomPlan
import FathomTestSupport
import Foundation
import Testing

@testable import FathomSimulator

/// Furnished layouts and the drift fault: the truth they state is the scene they render.
@Suite struct FurnishedLayoutTests {
    /// Over many seeds: every piece stands inside its room, 2 cm or more from walls it does not stand
    /// against, pieces never overlap, tall pieces stop 0.2–0.6 m below the ceiling, and each piece's
    /// truth box holds all of its parts.
    @Test func furnitureIsPlausibleAndItsTruthHoldsItsParts() {
        var categories = Set<FloorPlanObject.Category>()
        for seed in UInt64(1)...20 {
            let furnished = FurnishedFloorPlanLayout.scene(seed: seed)
            let scene = furnished.scene
            let ceiling = Double(scene.rooms[0].height)
            for object in furnished.objects {
                categories.insert(object.category)
                #expect(object.corners.count == 4)
                // Inside a room (the centre and every corner pulled 1 cm in).
                let centre = object.center
                #expect(scene.rooms.contains { $0.contains(SIMD2(Float(centre.x), Float(centre.y))) })
                for c in object.corners {
                    let p = c + (centre - c) * (0.01 / FloorPlanGeometry.distance(c, centre))
                    #expect(scene.rooms.contains { $0.contains(SIMD2(Float(p.x), Float(p.y))) }, "seed \(seed) \(object)")
                }
                if object.top >= 1.5 {
                    #expect(ceiling - object.top >= 0.2 - 1e-4 && ceiling - object.top <= 0.6 + 1e-4)
                }
            }
            // No two footprints overlap.
            for (i, a) in furnished.objects.enumerated() {
                for b in furnished.objects[(i + 1)...] {
                    #expect(FloorPlanComparison.intersectionOverUnion(a.corners, b.corners, cellSize: 0.05) == 0)
                }
            }
            // Every box part lies within its piece's truth box (plan and height).
            for part in scene.objects {
                guard case .box(let size) = part.shape else {
                    Issue.record("parts are boxes")
                    continue
                }
                let index = Int(part.name.split(separator: " ")[1])! - 1
                let truth = furnished.objects[index]
                let top = Double(part.position.y + size.y / 2)
                #expect(top <= truth.top + 1e-4 && Double(part.position.y - size.y / 2) >= -1e-4)
                let p = SIMD2(Double(part.position.x), Double(part.position.z))
                #expect(FloorPlanGeometry.contains(truth.corners, p))
            }
        }
        #expect(categories.isSuperset(of: [.storage, .refrigerator, .bed, .sofa, .table]))
    }

    /// A tall piece renders where its truth says: a ray along the floor plan towards its front hits it
    /// at the front face's distance, and a ray just above its top passes over it.
    @Test func tallFurnitureRendersWhereItsTruthSays() throws {
        var checked = 0
        for seed in UInt64(1)...20 {
            let furnished = FurnishedFloorPlanLayout.scene(seed: seed)
            let scene = try SimulatedScene(furnished.scene)
            for object in furnished.objects where object.top >= 1.5 {
                let c = object.corners
                // The front side is the one farther from the wall: try both long sides' midpoints.
                let centre = object.center
                for (a, b) in [(c[0], c[1]), (c[2], c[3])] {
                    let mid = (a + b) / 2
                    let out = (mid - centre) / FloorPlanGeometry.distance(mid, centre)
                    let eye = mid + out * 1.0
                    let origin = SIMD3(Float(eye.x), 1.0, Float(eye.y))
                    let direction = SIMD3(Float(-out.x), 0, Float(-out.y))
                    guard let (hit, _) = scene.firstHit(origin: origin, direction: direction, maxDistance: 5) else { continue }
                    if abs(hit - 1.0) < 0.01 {
                        checked += 1
                        let over = SIMD3(origin.x, Float(object.top) + 0.02, origin.z)
                        let pass = scene.firstHit(origin: over, direction: direction, maxDistance: 5)?.0 ?? .infinity
                        #expect(pass > 1.05)
                    }
                }
            }
        }
        #expect(checked >= 5)
    }

    /// The drift fault: the recorded pose equals the truth at the start and departs from it by the
    /// drift transform, growing linearly; the JSON round-trips.
    @Test func driftGrowsLinearlyAndRoundTrips() throws {
        var description = FurnishedFloorPlanLayout.scene(seed: 3, roomCount: 1).scene
        let fault = ScanFault.drift(start: 0, duration: 10, offset: SIMD3(0.05, 0.01, -0.04), yawDegrees: 1.5)
        description.faults = [fault]
        var sensors = SensorConfiguration()
        sensors.depthEveryNthFrame = 0
        sensors.imageEveryNthFrame = 0
        sensors.featuresEveryNthFrame = 0
        let sim = try ScanSimulation(description: description, sensors: sensors, duration: 12)
        let start = sim.pose(frame: 0)
        #expect(RigidTransform(start.recordedTransform)!.translation.distance(to: start.trueWorldFromCamera.translation) < 1e-5)
        let pivot = start.trueWorldFromCamera.translation
        for (frame, weight) in [(75, Float(0.25)), (150, 0.5), (300, 1), (345, 1)] {
            let pose = sim.pose(frame: frame)
            let expected = ScanTrajectory.driftTransform(
                weight: weight, offset: SIMD3(0.05, 0.01, -0.04), yawDegrees: 1.5, pivot: pivot) * pose.trueWorldFromCamera
            let recorded = RigidTransform(pose.recordedTransform)!
            #expect(recorded.translation.distance(to: expected.translation) < 1e-4)
            #expect(recorded.rotation.columns.0.distance(to: expected.rotation.columns.0) < 1e-5)
        }
        let data = try JSONEncoder().encode(fault)
        #expect(try JSONDecoder().decode(ScanFault.self, from: data) == fault)
        #expect(throws: SceneValidationError.self) {
            try ScanFault.drift(start: 0, duration: 1, offset: SIMD3(.nan, 0, 0), yawDegrees: 0).validate(index: 0)
        }
        // The layouts' drift: a few centimetres over a two-minute walk.
        if case .drift(_, _, let offset, let yaw) = FurnishedFloorPlanLayout.drift(seed: 1, duration: 120) {
            #expect(offset.length >= 0.03 * 0.9 && offset.length <= 0.06 * 1.1 && abs(yaw) >= 0.6 && abs(yaw) <= 1.6)
        } else {
            Issue.record("a drift fault")
        }
    }
}
