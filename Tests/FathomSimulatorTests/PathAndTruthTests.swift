import FathomTestSupport
import Foundation
import Testing

@testable import FathomSimulator

struct PathAndTruthTests {
    @Test func orbitCirclesTheCentreLookingAtIt() throws {
        let sim = try ScanSimulation(preset: .orbitCylinder)
        #expect(abs(sim.duration - 12) < 1e-6)
        let center = SIMD3<Float>(2, 0.5, 2)
        for i in stride(from: 0, to: sim.frameCount, by: 37) {
            let p = sim.groundTruthWorldFromCamera(frame: i)
            let horizontal = SIMD2(p.translation.x - 2, p.translation.z - 2).lengthXZ
            #expect(abs(horizontal - 1) < 1e-4)
            #expect(abs(p.translation.y - 1.1) < 1e-5)
            let forward = -p.rotation.columns.2
            #expect(angleDegrees(forward, center - p.translation) < 0.01)
        }
        // 30°/s: a quarter turn in 3 s.
        let a = sim.groundTruthWorldFromCamera(frame: 0).translation
        let b = sim.groundTruthWorldFromCamera(frame: 90).translation
        #expect(abs(angleDegrees(a - SIMD3(2, a.y, 2), b - SIMD3(2, b.y, 2)) - 90) < 0.01)
    }

    @Test func primitiveTruthOfTheDemoObjects() throws {
        let scene = try SimulatedScene(ScenePreset.demo.description)
        guard
            case .cylinder(let base, let axis, let r, let h, let capped) = try #require(scene.surface(named: "pipe"))
                .primitive
        else {
            Issue.record("pipe is not a cylinder")
            return
        }
        #expect(isClose(base, SIMD3(4.85, 1, 1.5), tolerance: 1e-6))
        #expect(isClose(axis, SIMD3(0, 0, 1), tolerance: 1e-6))
        #expect(r == 0.05 && h == 1 && capped)
        guard case .torus(let c, let tAxis, let big, let small) = try #require(scene.surface(named: "ring")).primitive
        else {
            Issue.record("ring is not a torus")
            return
        }
        #expect(isClose(c, SIMD3(2.3, 0.79, 2), tolerance: 1e-6) && isClose(tAxis, SIMD3(0, 1, 0), tolerance: 1e-6))
        #expect(big == 0.2 && small == 0.04)
        // The ring rests on the table top (y = 0.75).
        #expect(abs(scene.distanceToNearestSurface(SIMD3(2.3 + 0.2, 0.75, 2))) < 1e-5)
        // Shell truth: the floor plane and the wall x = 0 facing into the room.
        let walls = scene.surfaces.filter { $0.name == "room 0 wall 0" }
        #expect(!walls.isEmpty)
        for w in walls {
            guard case .plane(let plane) = w.primitive else {
                Issue.record("wall is not a plane")
                continue
            }
            #expect(isClose(plane.normal, SIMD3(1, 0, 0), tolerance: 1e-6) && abs(plane.offset) < 1e-6)
        }
        // Surface areas add up: the demo room's floor is 20 m².
        #expect(abs(try #require(scene.surface(named: "room 0 floor")).area - 20) < 1e-4)
    }

    @Test func defaultPathStaysInsideTheRoom() throws {
        let d = SceneDescription(rooms: [
            RoomDescription(polygon: [SIMD2(0, 0), SIMD2(0, 4), SIMD2(5, 4), SIMD2(5, 0)])
        ])
        let sim = try ScanSimulation(description: d)
        #expect(sim.duration > 5)
        for i in stride(from: 0, to: sim.frameCount, by: 15) {
            #expect(sim.scene.room(containing: sim.groundTruthWorldFromCamera(frame: i).translation) == 0)
        }
    }
}
