import FathomCore
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
