import FathomCore
import FathomTestSupport
import Testing
import FathomSensing

@Suite struct StabilizationGateTests {
    static func camera(_ n: Int, x: Float, tracking: TrackingState = .normal) -> CameraFrame {
        SensingFixtures.camera(frame: n, eye: SIMD3(x, 1.4, 0), target: SIMD3(x, 1.4, -3), tracking: tracking)
    }

    @Test func progressFollowsMotionUnderGoodTracking() {
        var gate = StabilizationGate(configuration: .init(minimumFeatureCount: 50, requiredMotion: 0.5))
        gate.update(camera: Self.camera(0, x: 0, tracking: .limited(.initializing)), featureCount: 500)
        #expect(gate.stall == .trackingNotNormal && gate.progress == 0)
        gate.update(camera: Self.camera(1, x: 0), featureCount: 500)
        #expect(gate.stall == .notMoving)
        gate.update(camera: Self.camera(2, x: 0), featureCount: 500)
        #expect(gate.stall == .notMoving && gate.progress == 0)
        for n in 3..<8 { gate.update(camera: Self.camera(n, x: Float(n - 2) * 0.05), featureCount: 500) }
        #expect(gate.stall == nil)
        #expect(isClose(gate.progress, 0.5, tolerance: 1e-4))   // 0.25 m of 0.5 m
        gate.update(camera: Self.camera(8, x: 0.3), featureCount: 10)
        #expect(gate.stall == .tooFewFeatures)
        #expect(isClose(gate.progress, 0.5, tolerance: 1e-4))
        gate.update(camera: Self.camera(9, x: 3), featureCount: 500)
        #expect(gate.stall == .jump)
        for n in 10..<30 { gate.update(camera: Self.camera(n, x: 3 + Float(n - 9) * 0.05), featureCount: 500) }
        #expect(gate.isStable && gate.progress == 1)
    }

    @Test func trackingLossStartsOver() {
        var gate = StabilizationGate(configuration: .init(minimumFeatureCount: 0, requiredMotion: 1))
        for n in 0..<6 { gate.update(camera: Self.camera(n, x: Float(n) * 0.1), featureCount: 0) }
        #expect(isClose(gate.progress, 0.5, tolerance: 1e-4))
        gate.update(camera: Self.camera(6, x: 0.6, tracking: .notAvailable), featureCount: 0)
        #expect(gate.progress == 0)
    }
}
