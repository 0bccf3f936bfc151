import FathomAnchors
import FathomCore
import FathomSimulator
import Foundation
import Testing

@Suite struct SessionGateTests {
    static func camera(
        _ tracking: TrackingState, _ mapping: WorldMappingStatus?, at t: Double = 0, pose: Matrix4x4 = .identity
    ) -> CameraFrame {
        CameraFrame(
            frameNumber: Int(t * 30), timestamp: t, cameraTransform: pose, intrinsics: .iPhoneWide1920x1440,
            trackingState: tracking, worldMappingStatus: mapping)
    }

    /// The documented table, every tracking state against every mapping status.
    @Test func statusTable() {
        let trackingCases: [(TrackingState, SessionStatus?)] = [
            (.notAvailable, .trackingUnavailable), (.limited(.initializing), .initializing),
            (.limited(.excessiveMotion), .excessiveMotion), (.limited(.insufficientFeatures), .insufficientFeatures),
            (.limited(.relocalizing), .relocalizing), (.normal, nil),
        ]
        let mappingCases: [(WorldMappingStatus?, SessionStatus)] = [
            (.notAvailable, .mappingNotAvailable), (.limited, .mappingLimited), (.extending, .ready), (.mapped, .ready),
            (nil, .mappingNotAvailable),
        ]
        for (tracking, trackingStatus) in trackingCases {
            for (mapping, mappingStatus) in mappingCases {
                let status = SessionStatus(camera: Self.camera(tracking, mapping))
                #expect(status == (trackingStatus ?? mappingStatus), "\(tracking) \(String(describing: mapping))")
                #expect(status.allowsPlacement == (status == .ready))
            }
        }
        #expect(SessionStatus(camera: Self.camera(.normal, nil), mappingStatusWhenMissing: .extending) == .ready)
        var nanPose = Matrix4x4.identity
        nanPose.columns.3 = SIMD4(.nan, 0, 0, 1)
        #expect(SessionStatus(camera: Self.camera(.normal, .mapped, pose: nanPose)) == .invalidPose)
        #expect(SessionStatus.excessiveMotion.message == "Move your device slowly")
        #expect(SessionStatus.mappingLimited.message == "Keep scanning")
        #expect(SessionStatus.insufficientFeatures.message == "Point at a well-lit, textured area")
        #expect(SessionStatus.relocalizing.message == "Relocalizing…")
        #expect(Set(SessionStatus.allCases.map(\.message)).count == SessionStatus.allCases.count)
    }

    @Test func gateFollowsFramesAndHoldsBeforeAllowing() {
        var gate = SessionGate(configuration: SessionGateConfiguration(readyHoldDuration: 0.5))
        #expect(!gate.allowsPlacement && gate.status == .trackingUnavailable)
        let script: [(Double, TrackingState, WorldMappingStatus, Bool, SessionStatus)] = [
            (0.0, .limited(.initializing), .notAvailable, false, .initializing),
            (0.5, .normal, .limited, false, .mappingLimited),
            (1.0, .normal, .extending, false, .ready),  // hold starts
            (1.3, .normal, .mapped, false, .ready),
            (1.5, .normal, .mapped, true, .ready),  // held 0.5 s
            (1.6, .limited(.excessiveMotion), .mapped, false, .excessiveMotion),  // blocks at once
            (1.7, .normal, .mapped, false, .ready),  // hold restarts
            (2.2, .normal, .mapped, true, .ready),
        ]
        for (t, tracking, mapping, allowed, status) in script {
            let frame = SensorFrame(camera: Self.camera(tracking, mapping, at: t))
            let result = gate.update(frame)
            #expect(result == allowed, "t = \(t)")
            #expect(gate.status == status && gate.allowsPlacement == allowed, "t = \(t)")
        }
        #expect(gate.didChange)
        gate.update(camera: Self.camera(.normal, .mapped, at: 2.3))
        #expect(!gate.didChange)
        gate.reset()
        #expect(!gate.allowsPlacement)
        // Without a hold, the first ready frame allows placing.
        var instant = SessionGate()
        let first = instant.update(camera: Self.camera(.normal, .extending))
        #expect(first)
        #expect(instant.message == "Ready to place")
    }

    /// The demo walk with one of each fault, poses and states only: the gate opens exactly on frames
    /// with normal tracking, a finite pose and an extending or mapped world, and shows the fault's reason.
    @Test func gateOverASimulatedSessionWithFaults() throws {
        var sensors = SensorConfiguration()
        sensors.depthEveryNthFrame = 0
        sensors.imageEveryNthFrame = 0
        sensors.featuresEveryNthFrame = 0
        let sim = try ScanSimulation(preset: .demoFaults, sensors: sensors, seed: 1)
        var gate = SessionGate()
        var seen = Set<SessionStatus>()
        for frame in sim.frames {
            let pose = sim.pose(frame: frame.frameNumber)
            let expected = pose.trackingState == .normal && RigidTransform(pose.recordedTransform) != nil
                && (pose.worldMappingStatus == .extending || pose.worldMappingStatus == .mapped)
            let allowed = gate.update(frame)
            #expect(allowed == expected, "frame \(frame.frameNumber)")
            seen.insert(gate.status)
        }
        #expect(seen.isSuperset(of: [.initializing, .excessiveMotion, .insufficientFeatures, .relocalizing, .invalidPose,
                                     .mappingLimited, .ready]), "\(seen)")
    }
}
