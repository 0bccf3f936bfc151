import FathomCore
import FathomTestSupport
import Testing
@testable import FathomHands

@Suite struct HandTouchSimulationTests {
    @Test func demoPushesTheBallForward() throws {
        let frames = HandTouchSimulation.demo()
        #expect(frames.count == 75)
        // Before the hand: no fingertip, no touch, the ball settles on the table at its radius.
        let settled = frames[14]
        #expect(settled.fingertip == nil && settled.touch == nil)
        #expect(abs(settled.balls[0].position.y - 0.02) < 1e-3)
        // While sliding (tips 0.3–0.45 m from the camera), every unsmoothed touch is within 1.3 cm of the
        // truth with ARML's 112-pixel masks (a mask pixel is 4–6 mm on the table there).
        for f in frames[15..<60] {
            let touch = try #require(f.touch)
            let truth = try #require(f.trueTouch)
            #expect(touch.rawPosition.distance(to: truth) < 0.013)
        }
        // The ball was pushed forward (−Z), stays on the table, and is left alone after the hand goes.
        let end = frames.last!
        let moved = end.balls[0].position - settled.balls[0].position
        #expect(moved.z < -0.05)
        #expect(abs(moved.x) < abs(moved.z) / 2)
        #expect(abs(end.balls[0].position.y - 0.02) < 1e-3)
        #expect(end.touch == nil)
    }

    @Test func handMaskTipProjectsToTheTruth() throws {
        let simulation = HandTouchSimulation(maskSize: 224)
        let tip = SIMD3<Float>(0.03, 0, -0.15)
        let mask = try #require(simulation.handMask(tip: tip))
        let fingertip = try #require(simulation.detector.fingertip(in: mask))
        let ray = simulation.tracker.ray(through: fingertip, camera: simulation.camera)
        let hit = try #require(simulation.scene.hit(ray))
        #expect(hit.position.distance(to: tip) < 0.006)
    }
}

/// A model returning known masks: the simulated hand touching the frame's tip point.
struct SimulatedHandModel: SegmentationModel {
    let simulation: HandTouchSimulation

    func segment(_ tip: SIMD3<Float>) async throws -> GrayImage {
        guard let mask = simulation.handMask(tip: tip) else { throw CancellationError() }
        return mask
    }
}

@Suite struct HandPipelineTests {
    @Test func scheduledMasksGiveTouchesAtTheTips() async throws {
        let simulation = HandTouchSimulation(maskSize: 112)
        let scheduler = InferenceScheduler(model: SimulatedHandModel(simulation: simulation), resultBufferLimit: 4)
        var results = scheduler.results.makeAsyncIterator()
        let tips: [SIMD3<Float>] = [SIMD3(0, 0, -0.08), SIMD3(0.05, 0, -0.12), SIMD3(-0.04, 0, -0.15)]
        var tracker = TouchTracker(configuration: TouchConfiguration(displayOrientation: .right))
        for (k, tip) in tips.enumerated() {
            scheduler.submit(tip, timestamp: Double(k))
            let result = try #require(await results.next())
            #expect(result.frameNumber == k)
            let mask = try result.mask.get()
            let fingertip = simulation.detector.fingertip(in: mask)
            tracker.reset()
            let update = tracker.update(
                fingertip: fingertip, camera: simulation.camera, scene: simulation.scene, timestamp: result.timestamp)
            let touch = try #require(update)
            #expect(touch.position.distance(to: tip + SIMD3(0, 0.01, 0)) < 0.01)
        }
        #expect(scheduler.statistics.dropped == 0)
    }

    @Test func pointCloudTouchIsLiftedTowardsTheCamera() throws {
        let simulation = HandTouchSimulation(maskSize: 224)
        // The table as a 5 mm grid of points instead of a plane.
        var points: [SIMD3<Float>] = []
        for i in -40...40 { for j in -60...20 { points.append(SIMD3(Float(i) * 0.005, 0, Float(j) * 0.005)) } }
        let scene = TouchScene(surfaces: [], cloud: PointCloud(unchecked: points))
        let tip = SIMD3<Float>(0.02, 0, -0.1)
        let mask = try #require(simulation.handMask(tip: tip))
        let fingertip = try #require(simulation.detector.fingertip(in: mask))
        var tracker = TouchTracker(configuration: TouchConfiguration(displayOrientation: .right))
        let update = tracker.update(fingertip: fingertip, camera: simulation.camera, scene: scene, timestamp: 0)
        let touch = try #require(update)
        #expect(touch.hit.target == .pointCloud)
        let towardsCamera = (simulation.camera.position - touch.hit.position).normalized!
        #expect(isClose(touch.position, touch.hit.position + towardsCamera * 0.01, tolerance: 1e-4))
        #expect(touch.hit.position.distance(to: tip) < 0.01)
    }
}
