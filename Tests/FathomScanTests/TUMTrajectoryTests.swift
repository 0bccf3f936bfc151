import FathomCore
import FathomScan
import Foundation
import Testing

/// Real hand-held motion (TUM RGB-D freiburg1_xyz, mocap ground truth) replayed as poses.
@Suite struct TUMTrajectoryTests {
    /// At most one warning per code within this many seconds counts as "not flapping".
    static let flapWindowSeconds = 10.0

    static func assertNoFlapping(_ events: [MonitorEvent]) {
        let warnings = events.filter { $0.code.severity == .warning }
        for code in Set(warnings.map(\.code)) {
            let times = warnings.filter { $0.code == code }.map(\.timestamp)
            for (a, b) in zip(times, times.dropFirst()) {
                #expect(b - a >= flapWindowSeconds, "code \(code.rawValue) raised at \(a) s and again at \(b) s")
            }
        }
    }

    @Test func conversionGivesAYUpWorldAndAPlausibleCamera() throws {
        let trajectory = try TUMTrajectory.freiburg1XYZ()
        #expect(trajectory.poses.count == 3000)
        // The camera is held at 1.3–1.8 m above the mocap floor, now along +Y…
        let heights = trajectory.poses.map(\.worldFromCamera.translation.y)
        #expect(heights.min()! > 1.3 && heights.max()! < 1.8)
        // …and looks at the desk: slightly down (first pose: optical axis z component −0.46).
        let forward = -trajectory.poses[0].worldFromCamera.rotation.columns.2
        #expect(abs(forward.y - -0.463) < 0.01)
    }

    @Test func replayRaisesNoDriftAndNoFlapping() throws {
        let trajectory = try TUMTrajectory.freiburg1XYZ()
        var monitor = ScanMonitor()
        for input in trajectory.inputs { _ = monitor.process(input) }
        let verdict = monitor.finish()
        let codes = monitor.events.map(\.code)
        #expect(!codes.contains(.driftDetected))
        #expect(!codes.contains(.invalidPosition))
        #expect(verdict.name != "aborted")
        Self.assertNoFlapping(monitor.events)
        // The sequence moves the camera side to side in front of a desk (about 9.7–20.2 s): one
        // sideways episode, raised once and cleared once although the direction keeps reversing.
        #expect(codes.filter { $0.severity != .info } == [.walkingSidewaysRight, .notWalkingSideways])
        #expect(monitor.statistics.outOfOrderFrameCount == 0)
        #expect(abs(monitor.statistics.durationSeconds - 30.1) < 0.1)
    }

    @Test func nearDuplicateTimestampsCauseNoRateSpikes() throws {
        // Real mocap streams contain near-duplicate samples: repeat every 50th pose 0.1 ms later,
        // slightly displaced; a naive finite difference would read thousands of degrees per second.
        let trajectory = try TUMTrajectory.freiburg1XYZ()
        var inputs: [ScanMonitor.Input] = []
        for (i, input) in trajectory.inputs.enumerated() {
            inputs.append(input)
            if i % 50 == 25 {
                var copy = input
                copy.camera.timestamp += 0.0001
                let pose = input.camera.worldFromCamera!
                let nudge = Matrix3x3.rotation(axis: SIMD3(0, 1, 0), angle: 0.02)
                copy.camera.cameraTransform =
                    RigidTransform(
                        rotation: pose.rotation * nudge, translation: pose.translation + SIMD3(0.005, 0, 0)
                    ).matrix
                inputs.append(copy)
            }
        }
        var monitor = ScanMonitor()
        for input in inputs { _ = monitor.process(input) }
        #expect(!monitor.events.map(\.code).contains(.rotatingTooFast))
        #expect(!monitor.events.map(\.code).contains(.driftDetected))
        Self.assertNoFlapping(monitor.events)
    }
}
