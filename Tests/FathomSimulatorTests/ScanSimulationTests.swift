import FathomTestSupport
import Foundation
import Testing

@testable import FathomSimulator

struct ScanSimulationTests {
    static func smallSensors() -> SensorConfiguration {
        var c = SensorConfiguration()
        c.depthWidth = 32
        c.depthHeight = 24
        c.imageWidth = 32
        c.imageHeight = 24
        return c
    }

    @Test func sameSeedSameFramesDifferentSeedDifferent() throws {
        let a = try ScanSimulation(preset: .demo, sensors: Self.smallSensors(), seed: 11)
        let b = try ScanSimulation(preset: .demo, sensors: Self.smallSensors(), seed: 11)
        let c = try ScanSimulation(preset: .demo, sensors: Self.smallSensors(), seed: 12)
        for i in [0, 57] {
            #expect(a.frame(i) == b.frame(i))
            let fa = a.frame(i)
            let fc = c.frame(i)
            #expect(fa.camera == fc.camera, "poses do not depend on the seed")
            #expect(fa.depth != fc.depth)
            #expect(fa.features != fc.features)
            #expect(fa.color != fc.color)
        }
        // The shared depth/image trace gives the same maps as the standalone renderers.
        let pose = a.groundTruthWorldFromCamera(frame: 57)
        #expect(
            a.frame(57).depth
                == a.depthSimulator.render(worldFromCamera: pose, frameNumber: 57, timestamp: 57.0 / 30, seed: 11))
        let image = a.imageSimulator.render(worldFromCamera: pose, frameNumber: 57, timestamp: 57.0 / 30, seed: 11)
        #expect(a.frame(57).color == image)
        // Concurrent rendering gives the same frames.
        #expect(a.renderFrames(55..<59) == (55..<59).map(a.frame(_:)))
        // Frames render independently: the sequence gives the same frames as random access.
        var it = a.frames.makeIterator()
        let first = it.next()
        let second = it.next()
        #expect(first == a.frame(0) && second == a.frame(1))
    }

    @Test func demoTimingAndStates() throws {
        let sim = try ScanSimulation(preset: .demo, sensors: Self.smallSensors())
        #expect(sim.duration > 17 && sim.duration < 23)
        #expect(abs(Double(sim.frameCount) - sim.duration * 30) <= 1)
        let first = sim.pose(frame: 0)
        let later = sim.pose(frame: 45)
        #expect(first.trackingState == .limited(.initializing))
        #expect(first.worldMappingStatus == .notAvailable)
        #expect(later.trackingState == .normal)
        #expect(sim.pose(frame: sim.frameCount - 1).worldMappingStatus == .mapped)
        let statuses = (0..<sim.frameCount).map { sim.pose(frame: $0).worldMappingStatus }
        #expect(statuses.contains(.limited) && statuses.contains(.extending))
        // Walking speed 0.4–1 m/s after the start, eye height ~1.4 m, looking mostly horizontally.
        for i in stride(from: 40, to: sim.frameCount - 2, by: 20) {
            let p0 = sim.groundTruthWorldFromCamera(frame: i)
            let p1 = sim.groundTruthWorldFromCamera(frame: i + 1)
            let speed = SIMD2(p1.translation.x - p0.translation.x, p1.translation.z - p0.translation.z).lengthXZ * 30
            #expect(speed > 0.4 && speed < 1.0, "speed \(speed) m/s at frame \(i)")
            #expect(abs(p0.translation.y - 1.4) < 0.05)
            let forward = -p0.rotation.columns.2
            #expect(abs(forward.y) < 0.35)
            // Landscape: camera +X stays horizontal.
            #expect(abs(p0.rotation.columns.0.y) < 1e-4)
        }
        // The image is YCbCr at the configured size; intrinsics are the full-resolution ones.
        let f = sim.frame(60)
        #expect(f.color?.image.width == 32)
        if case .ycbcr = f.color?.image {} else { Issue.record("expected a YCbCr image") }
        #expect(f.camera.intrinsics == .iPhoneWide1920x1440)
        #expect(f.camera.orientation == .landscapeRight)
    }

    @Test func depthRateIsConfigurable() throws {
        var c = Self.smallSensors()
        c.depthEveryNthFrame = 3
        c.imageEveryNthFrame = 0
        c.featuresEveryNthFrame = 0
        let sim = try ScanSimulation(preset: .demo, sensors: c, duration: 0.2)
        let frames = Array(sim.frames)
        #expect(frames.count == 7)
        #expect(frames.map { $0.depth != nil } == [true, false, false, true, false, false, true])
        #expect(frames.allSatisfy { $0.color == nil && $0.features == nil })
    }

    @Test func apartmentLabelsEachRoomOnEntry() throws {
        let sim = try ScanSimulation(preset: .apartment, sensors: Self.smallSensors())
        let texts = sim.labels.map(\.text)
        #expect(texts == ["Living room", "Kitchen", "Living room", "Bedroom"])
        for label in sim.labels {
            let p = sim.groundTruthWorldFromCamera(frame: label.frameNumber).translation
            #expect(sim.scene.room(containing: p) != nil)
        }
    }

    @Test func invalidInputsThrow() {
        var c = SensorConfiguration()
        c.imageWidth = 31
        #expect(throws: SensorConfigurationError.self) { try ScanSimulation(preset: .demo, sensors: c) }
        #expect(throws: SceneValidationError.self) { try ScanSimulation(preset: .demo, duration: -1) }
    }
}

struct SessionOriginTests {
    @Test func posesAndFeaturesAreReportedInTheSessionFrame() throws {
        var c = ScanSimulationTests.smallSensors()
        c.imageEveryNthFrame = 0
        let sceneFromSession = RigidTransform(
            rotation: Matrix3x3.rotation(axis: SIMD3(0, 1, 0), angle: .pi / 6), translation: SIMD3(1, 0, 2))
        let a = try ScanSimulation(preset: .demo, sensors: c, seed: 3)
        let b = try ScanSimulation(preset: .demo, sensors: c, seed: 3, sceneFromSession: sceneFromSession)
        let sessionFromScene = sceneFromSession.inverse
        for i in [10, 80] {
            let fa = a.frame(i)
            let fb = b.frame(i)
            let expected = sessionFromScene * RigidTransform(fa.camera.cameraTransform)!
            #expect(RigidTransform(fb.camera.cameraTransform)!.isApproximatelyEqual(to: expected))
            #expect(b.groundTruthSessionFromCamera(frame: i).isApproximatelyEqual(to: expected))
            #expect(fa.depth == fb.depth)
            let pa = try #require(fa.features).positions
            let pb = try #require(fb.features).positions
            #expect(zip(pa, pb).allSatisfy { isClose(sessionFromScene.apply(to: $0), $1, tolerance: 1e-5) })
        }
        #expect(throws: SceneValidationError.self) {
            try ScanSimulation(
                preset: .demo,
                sceneFromSession: RigidTransform(rotation: Matrix3x3.rotation(axis: SIMD3(1, 0, 0), angle: 0.3)))
        }
    }
}
