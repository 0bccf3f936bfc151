import FathomTestSupport
import Foundation
import Testing

@testable import FathomSimulator

struct FaultTests {
    static let sim: ScanSimulation = {
        var c = SensorConfiguration()
        c.depthEveryNthFrame = 0
        c.imageEveryNthFrame = 0
        c.featuresEveryNthFrame = 0
        return try! ScanSimulation(preset: .demoFaults, sensors: c)
    }()

    /// Frame index at time `t` (30 Hz).
    func f(_ t: Double) -> Int { Int((t * 30).rounded()) }
    func heading(_ p: RigidTransform) -> Float {
        let fw = -p.rotation.columns.2
        return atan2(-fw.x, -fw.z)
    }
    func angleDiffDegrees(_ a: Float, _ b: Float) -> Float {
        var d = (a - b) * 180 / .pi
        while d > 180 { d -= 360 }
        while d < -180 { d += 360 }
        return d
    }

    /// The same scene without faults, for comparisons.
    static let clean: ScanSimulation = {
        var d = ScenePreset.demo.description
        d.faults = []
        return try! ScanSimulation(description: d)
    }()

    @Test func fastSpinRateAndExcessiveMotion() {
        let sim = Self.sim
        // 200°/s during 4…5 s: out for 0.5 s, back for 0.5 s.
        for t in [4.1, 4.3] {
            let extra = angleDiffDegrees(
                heading(sim.groundTruthWorldFromCamera(frame: f(t) + 1)),
                heading(sim.groundTruthWorldFromCamera(frame: f(t))))
            let base = angleDiffDegrees(
                heading(Self.clean.groundTruthWorldFromCamera(frame: f(t) + 1)),
                heading(Self.clean.groundTruthWorldFromCamera(frame: f(t))))
            #expect(abs((extra - base) * 30 - 200) < 5, "spin rate \((extra - base) * 30)°/s")
            #expect(sim.pose(frame: f(t)).trackingState == .limited(.excessiveMotion))
        }
        #expect(sim.pose(frame: f(3.9)).trackingState == .normal)
        #expect(sim.pose(frame: f(5.1)).trackingState == .normal)
        // Back where it started after the spin.
        let after = angleDiffDegrees(
            heading(sim.groundTruthWorldFromCamera(frame: f(5.1))),
            heading(Self.clean.groundTruthWorldFromCamera(frame: f(5.1))))
        #expect(abs(after) < 1e-2)
    }

    @Test func sidewaysWalkLooksAcrossTheMotion() {
        let sim = Self.sim
        let i = f(6.75)
        let p0 = sim.groundTruthWorldFromCamera(frame: i)
        let p1 = sim.groundTruthWorldFromCamera(frame: i + 1)
        let motion = (p1.translation - p0.translation).normalized!
        let forward = -p0.rotation.columns.2
        let horizontal = SIMD3(forward.x, 0, forward.z).normalized!
        #expect(abs(horizontal.dot(motion)) < 0.05, "camera looks sideways: cos \(horizontal.dot(motion))")
        // Looking left: forward × motion points up.
        #expect(horizontal.cross(motion).y < -0.95)
    }

    @Test func floorAndCeiling() {
        let sim = Self.sim
        let down = -sim.groundTruthWorldFromCamera(frame: f(8.5)).rotation.columns.2
        #expect(abs(asin(down.y) * 180 / .pi + 80) < 0.5)
        let up = -sim.groundTruthWorldFromCamera(frame: f(10)).rotation.columns.2
        #expect(abs(asin(up.y) * 180 / .pi - 80) < 0.5)
    }

    @Test func trackingLossFreezesThenRelocalizes() {
        let sim = Self.sim
        // Loss 11…12.5 s (insufficient features), relocalizing 12.5…13.5 s.
        let frozen = sim.pose(frame: f(11) - 1).recordedTransform
        #expect(sim.pose(frame: f(11) - 1).trackingState == .normal)
        for t in [11.0, 11.7, 12.4] {
            let p = sim.pose(frame: f(t))
            #expect(p.trackingState == .limited(.insufficientFeatures))
            #expect(p.recordedTransform == frozen)
            #expect(p.worldMappingStatus == .limited)
        }
        for t in [12.6, 13.4] {
            let p = sim.pose(frame: f(t))
            #expect(p.trackingState == .limited(.relocalizing))
            #expect(p.recordedTransform == frozen)
        }
        let back = sim.pose(frame: f(13.6))
        #expect(back.trackingState == .normal)
        #expect(RigidTransform(back.recordedTransform)!.isApproximatelyEqual(to: back.trueWorldFromCamera))
        // The truth keeps moving meanwhile.
        #expect(sim.pose(frame: f(12)).trueWorldFromCamera.translation.distance(to: frozen.translation) > 0.2)
    }

    @Test func tooCloseToWall() throws {
        let sim = Self.sim
        let p = sim.groundTruthWorldFromCamera(frame: f(14.75))
        let ahead = SIMD3(-p.rotation.columns.2.x, 0, -p.rotation.columns.2.z).normalized!
        let hit = try #require(sim.scene.raycast(Ray(origin: p.translation, direction: ahead)!))
        #expect(abs(hit.distance - 0.15) < 0.01, "distance to the surface ahead \(hit.distance) m")
    }

    @Test func nanPoseAndPoseJump() {
        let sim = Self.sim
        let nan = sim.frame(f(16.1)).camera
        #expect(nan.cameraTransform.translation.x.isNaN)
        #expect(nan.worldFromCamera == nil)
        #expect(sim.frame(f(15.9)).camera.worldFromCamera != nil)
        #expect(sim.frame(f(16.3)).camera.worldFromCamera != nil)
        // 12 m within 1 s starting at 17 s, kept afterwards; the truth does not jump.
        for (t, expected) in [(16.9, Float(0)), (17.5, 6), (18.2, 12)] {
            let p = sim.pose(frame: f(t))
            let offset = RigidTransform(p.recordedTransform)!.translation - p.trueWorldFromCamera.translation
            #expect(abs(offset.x - expected) < 0.01 && abs(offset.y) < 1e-4, "offset \(offset) at \(t) s")
            #expect(p.trackingState == .normal)
        }
        let truthStep = sim.groundTruthWorldFromCamera(frame: f(17.5)).translation
            .distance(to: sim.groundTruthWorldFromCamera(frame: f(17.5) + 1).translation)
        #expect(truthStep < 0.05)
    }

    @Test func faultsDecodeFromJSON() throws {
        let json = """
            {"rooms": [{"polygon": [[0,0],[0,4],[5,4],[5,0]]}],
             "faults": [{"type": "trackingLoss", "start": 2, "duration": 3, "state": "notAvailable"},
                        {"type": "fastSpin", "start": 6, "degreesPerSecond": 250},
                        {"type": "tooCloseToWall", "start": 7, "duration": 2, "distance": 0.2}]}
            """
        let d = try SceneDescription(json: Data(json.utf8))
        #expect(
            d.faults == [
                .trackingLoss(start: 2, duration: 3, state: .notAvailable, relocalizingDuration: 1),
                .fastSpin(start: 6, duration: 1, degreesPerSecond: 250),
                .tooCloseToWall(start: 7, duration: 2, distance: 0.2),
            ])
        let sim = try ScanSimulation(description: d)
        #expect(sim.pose(frame: 90).trackingState == .notAvailable)
        #expect(sim.pose(frame: 160).trackingState == .limited(.relocalizing))
    }

    @Test func portraitOrientationRollsTheCamera() throws {
        var d = ScenePreset.demo.description
        d.faults = [.deviceOrientation(start: 3, duration: 1, orientation: .portrait)]
        var c = SensorConfiguration()
        c.depthEveryNthFrame = 0
        c.imageEveryNthFrame = 0
        c.featuresEveryNthFrame = 0
        let sim = try ScanSimulation(description: d, sensors: c)
        let before = sim.frame(f(2.9)).camera
        let during = sim.frame(f(3.5)).camera
        let after = sim.frame(f(4.1)).camera
        #expect(before.orientation == .landscapeRight && after.orientation == .landscapeRight)
        #expect(during.orientation == .portrait)
        let p = sim.groundTruthWorldFromCamera(frame: f(3.5))
        // Portrait: camera +X points down; the viewing direction is that of the landscape pose.
        #expect(p.rotation.columns.0.y < -0.95)
        let landscape = sim.trajectory.trueSample(at: Double(f(3.5)) / 30).worldFromCamera
        #expect(isClose(p.rotation.columns.2, landscape.rotation.columns.2, tolerance: 1e-5))
        #expect(RigidTransform(during.cameraTransform)!.isApproximatelyEqual(to: p))
        let json = try SceneDescription(json: d.jsonData())
        #expect(json.faults == d.faults)
    }
}
