import FathomCore
import FathomScan
import Foundation
import Testing

/// The monitor on the simulated walk, clean and with each injected fault: exactly the expected codes,
/// each within 0.5 s of its cause, and nothing on the clean parts.
@Suite struct ScanMonitorFaultTests {
    /// How soon a warning must follow its cause, seconds.
    static let latencySeconds = 0.5
    /// How soon a "back to normal" must follow the end of its cause, seconds (exit hold plus window).
    static let recoverySeconds = 1.0
    /// The same for sideways walking, whose exit hold is longer (1.5 s).
    static let sidewaysRecoverySeconds = 2.0

    /// Codes that are neither lifecycle nor device information, in order.
    static func qualityCodes(_ events: [MonitorEvent]) -> [ScanEventCode] {
        events.map(\.code).filter { $0.severity != .info }
    }

    static func event(_ code: ScanEventCode, in events: [MonitorEvent]) -> MonitorEvent? {
        events.first { $0.code == code }
    }

    @Test func cleanWalkRaisesOnlyLifecycleEvents() {
        var scan = SimulatedScan(seed: 1)
        scan.walkFirstLeg()
        scan.walkRemainingLegs()
        let (monitor, verdict) = scan.monitored()
        #expect(
            monitor.events.map(\.code) == [
                .landscapeOrientationReached, .scanStarted, .thermalNominal,
                .finishedWithEnoughData,
            ])
        #expect(verdict == .ok)
        // 2.4 + 1.9 + 2.4 + 1.9 m walked; the odometer counts 5 cm steps.
        #expect(abs(monitor.statistics.distanceWalkedMetres - 8.6) < 0.15)
        #expect(monitor.statistics.trackedSeconds > 20)
        #expect(monitor.events.last?.frameNumber == scan.frameCount - 1)
    }

    @Test func instantTwelveMetreJumpAbortsWithDrift() {
        var scan = SimulatedScan(seed: 2)
        scan.walkFirstLeg()
        let fault = scan.time
        scan.jump(by: SIMD3(0, 0, 12), seconds: 0)
        scan.walkRemainingLegs()
        let (monitor, verdict) = scan.monitored()
        #expect(Self.qualityCodes(monitor.events) == [.driftDetected])
        let drift = Self.event(.driftDetected, in: monitor.events)
        #expect(drift.map { $0.timestamp >= fault && $0.timestamp - fault <= Self.latencySeconds } == true)
        #expect(verdict.name == "aborted")
        if case .aborted(let code, _) = verdict { #expect(code == .driftDetected) }
        #expect(monitor.phase == .aborted(.driftDetected))
    }

    @Test func twelveMetresWithinOneSecondAbortsWithDrift() {
        var scan = SimulatedScan(seed: 3)
        scan.walkFirstLeg()
        scan.jump(by: SIMD3(-12, 0, 0), seconds: 1)
        let faultEnd = scan.time
        scan.walkRemainingLegs()
        let (monitor, _) = scan.monitored()
        #expect(Self.qualityCodes(monitor.events) == [.driftDetected])
        let drift = Self.event(.driftDetected, in: monitor.events)
        // 10 m of the 12 are covered after 0.83 s: raised before the jump ends.
        #expect(drift.map { abs($0.timestamp - faultEnd) <= Self.latencySeconds } == true)
    }

    @Test func spinAt200DegreesPerSecondWarnsOnce() {
        var scan = SimulatedScan(seed: 4)
        scan.hold(seconds: 1)
        scan.walk(toX: 2.0, z: 0.8)
        scan.hold(seconds: 1)
        let fault = scan.time
        scan.rotate(yawByDegrees: 360, rate: 200)
        let faultEnd = scan.time
        scan.hold(seconds: 1)
        scan.walk(toX: 3.2, z: 0.8)
        scan.walkRemainingLegs()
        let (monitor, verdict) = scan.monitored()
        #expect(Self.qualityCodes(monitor.events) == [.rotatingTooFast, .scanningBackToNormal])
        let warning = Self.event(.rotatingTooFast, in: monitor.events)
        #expect(warning.map { $0.timestamp > fault && $0.timestamp - fault <= Self.latencySeconds } == true)
        let back = Self.event(.scanningBackToNormal, in: monitor.events)
        #expect(back.map { $0.timestamp > faultEnd && $0.timestamp - faultEnd <= Self.recoverySeconds } == true)
        #expect(verdict == .ok)
    }

    @Test func walkingSidewaysLeftWarnsAndClears() {
        var scan = SimulatedScan(seed: 5)
        scan.hold(seconds: 1)
        scan.walk(toX: 1.5, z: 0.8)
        scan.turn(toYawDegrees: 180)  // face +Z, into the room
        scan.hold(seconds: 0.5)
        let fault = scan.time
        scan.walk(toX: 2.7, z: 0.8, speed: 0.4, facing: false)  // +X is the camera's left
        let faultEnd = scan.time
        scan.hold(seconds: 1)
        scan.walk(toX: 3.2, z: 0.8)
        scan.walkRemainingLegs()
        let (monitor, _) = scan.monitored()
        #expect(Self.qualityCodes(monitor.events) == [.walkingSidewaysLeft, .notWalkingSideways])
        let warning = Self.event(.walkingSidewaysLeft, in: monitor.events)
        #expect(warning.map { $0.timestamp > fault && $0.timestamp - fault <= Self.latencySeconds } == true)
        let back = Self.event(.notWalkingSideways, in: monitor.events)
        #expect(back.map { $0.timestamp > faultEnd && $0.timestamp - faultEnd <= Self.sidewaysRecoverySeconds } == true)
    }

    @Test func walkingSidewaysRightIsTheOtherCode() {
        var scan = SimulatedScan(seed: 6)
        scan.hold(seconds: 1)
        scan.walk(toX: 2.7, z: 0.8)
        scan.turn(toYawDegrees: 180)
        scan.hold(seconds: 0.5)
        scan.walk(toX: 1.5, z: 0.8, speed: 0.4, facing: false)
        scan.hold(seconds: 2.5)
        let (monitor, _) = scan.monitored()
        #expect(Self.qualityCodes(monitor.events) == [.walkingSidewaysRight, .notWalkingSideways])
    }

    @Test func walkingTooCloseToAWallWarnsAndClears() {
        var scan = SimulatedScan(seed: 7)
        scan.hold(seconds: 1)
        scan.walk(toX: 2.0, z: 0.8)
        scan.turn(toYawDegrees: 0)  // face the z = 0 wall, 0.8 m away
        let approachStart = scan.frameCount
        scan.walk(toX: 2.0, z: 0.3, speed: 0.3)
        scan.hold(seconds: 2)
        scan.walk(toX: 2.0, z: 0.8, speed: 0.3, facing: false)
        let faultEnd = scan.frameCount
        scan.hold(seconds: 0.5)
        scan.walk(toX: 3.2, z: 0.8)
        scan.walkRemainingLegs()
        // The fault starts when the depth along the view first drops below 0.5 m, and ends when it
        // is back above 0.6 m.
        let depths = scan.inputs.map { $0.depth!.medianDepthMetres }
        let faultIndex = (approachStart..<faultEnd).first { depths[$0] < 0.5 }!
        let clearIndex = (faultIndex..<scan.frameCount).first { depths[$0] > 0.6 }!
        let fault = scan.inputs[faultIndex].camera.timestamp
        let cleared = scan.inputs[clearIndex].camera.timestamp
        let (monitor, _) = scan.monitored()
        #expect(Self.qualityCodes(monitor.events) == [.tooClose, .distanceBackInRange])
        let warning = Self.event(.tooClose, in: monitor.events)
        #expect(warning.map { $0.timestamp >= fault && $0.timestamp - fault <= Self.latencySeconds } == true)
        let back = Self.event(.distanceBackInRange, in: monitor.events)
        #expect(back.map { $0.timestamp > cleared && $0.timestamp - cleared <= Self.recoverySeconds } == true)
    }

    @Test func lookingAtTheFloorWarnsAndClears() {
        var scan = SimulatedScan(seed: 8)
        scan.walkFirstLeg()
        let tiltStart = scan.frameCount
        scan.tilt(toPitchDegrees: -80)
        scan.hold(seconds: 2)
        scan.tilt(toPitchDegrees: -25)
        scan.walkRemainingLegs()
        let pitches = scan.inputs.map { input -> Float in
            let forward = -input.camera.worldFromCamera!.rotation.columns.2
            return asinf(forward.y) * 180 / .pi
        }
        let faultIndex = (tiltStart..<scan.frameCount).first { pitches[$0] < -60 }!
        let clearIndex = (faultIndex..<scan.frameCount).first { pitches[$0] > -50 }!
        let fault = scan.inputs[faultIndex].camera.timestamp
        let cleared = scan.inputs[clearIndex].camera.timestamp
        let (monitor, _) = scan.monitored()
        #expect(Self.qualityCodes(monitor.events) == [.scanningFloor, .pitchValidAgain])
        let warning = Self.event(.scanningFloor, in: monitor.events)
        #expect(warning.map { $0.timestamp >= fault && $0.timestamp - fault <= Self.latencySeconds } == true)
        let back = Self.event(.pitchValidAgain, in: monitor.events)
        #expect(back.map { $0.timestamp > cleared && $0.timestamp - cleared <= Self.recoverySeconds } == true)
    }

    @Test func fiveSecondTrackingLossPausesAndResumes() {
        var scan = SimulatedScan(seed: 9)
        scan.walkFirstLeg()
        let fault = scan.time
        scan.tracking = .limited(.insufficientFeatures)
        scan.hold(seconds: 5)  // ARKit reports the frozen pose
        let faultEnd = scan.time
        scan.tracking = .normal
        scan.jump(by: SIMD3(0.3, 0, 0.2), seconds: 0)  // relocalisation moves the pose a little
        scan.walkRemainingLegs()
        let (monitor, verdict) = scan.monitored()
        #expect(Self.qualityCodes(monitor.events) == [.trackingLostTooDark, .scanningBackToNormal])
        let lost = Self.event(.trackingLostTooDark, in: monitor.events)
        #expect(lost.map { $0.timestamp > fault && $0.timestamp - fault <= Self.latencySeconds } == true)
        let back = Self.event(.scanningBackToNormal, in: monitor.events)
        #expect(back.map { $0.timestamp > faultEnd && $0.timestamp - faultEnd <= Self.latencySeconds } == true)
        #expect(verdict == .ok)
    }

    @Test func seventySecondTrackingLossTimesOutAfterSixty() {
        var scan = SimulatedScan(seed: 10)
        scan.walkFirstLeg()
        let fault = scan.time
        scan.tracking = .limited(.excessiveMotion)
        scan.hold(seconds: 70)
        scan.tracking = .normal
        scan.walkRemainingLegs()
        let (monitor, verdict) = scan.monitored()
        #expect(Self.qualityCodes(monitor.events) == [.trackingLostExcessiveMotion, .relocationTimedOut])
        let lost = Self.event(.trackingLostExcessiveMotion, in: monitor.events)
        #expect(lost.map { $0.timestamp > fault && $0.timestamp - fault <= Self.latencySeconds } == true)
        let timeout = Self.event(.relocationTimedOut, in: monitor.events)
        #expect(timeout.map { abs($0.timestamp - (fault + 60)) <= Self.latencySeconds } == true)
        if case .aborted(let code, _) = verdict {
            #expect(code == .relocationTimedOut)
        } else {
            Issue.record("expected an abort, got \(verdict)")
        }
    }

    @Test func relocationTimesOutWithoutFrames() {
        var scan = SimulatedScan(seed: 16)
        scan.walkFirstLeg()
        scan.signals.isBackgrounded = true
        scan.hold(seconds: 0.1)  // the last frames before the app is suspended
        let suspended = scan.time
        var monitor = ScanMonitor()
        for input in scan.inputs { _ = monitor.process(input) }
        #expect(monitor.checkTimeouts(at: suspended + 30).isEmpty)
        let timeout = monitor.checkTimeouts(at: suspended + 60)
        #expect(timeout.map(\.code) == [.relocationTimedOut])
        #expect(monitor.phase == .aborted(.relocationTimedOut))
        #expect(monitor.checkTimeouts(at: suspended + 90).isEmpty)
    }

    @Test func nanPosesRaiseInvalidPositionOnce() {
        var scan = SimulatedScan(seed: 11)
        scan.walkFirstLeg()
        let fault = scan.time
        scan.invalidPose = true
        scan.hold(seconds: 0.2)
        scan.invalidPose = false
        scan.walkRemainingLegs()
        let (monitor, verdict) = scan.monitored()
        #expect(Self.qualityCodes(monitor.events) == [.invalidPosition])
        #expect(Self.event(.invalidPosition, in: monitor.events).map { abs($0.timestamp - fault) < 1e-9 } == true)
        #expect(monitor.statistics.invalidPoseFrameCount == 12)
        #expect(verdict == .ok)
    }

    @Test func backgroundingPausesAndResumes() {
        var scan = SimulatedScan(seed: 12)
        scan.walkFirstLeg()
        scan.signals.isBackgrounded = true
        scan.tracking = .notAvailable
        scan.hold(seconds: 3)
        scan.signals.isBackgrounded = false
        scan.tracking = .normal
        scan.walkRemainingLegs()
        let (monitor, _) = scan.monitored()
        #expect(Self.qualityCodes(monitor.events) == [.backgrounded, .scanningBackToNormal])
    }

    @Test func reverseLandscapeAndBack() {
        var scan = SimulatedScan(seed: 13)
        scan.walkFirstLeg()
        scan.orientation = .landscapeLeft
        scan.hold(seconds: 1)
        scan.orientation = .landscapeRight
        scan.walkRemainingLegs()
        let (monitor, _) = scan.monitored()
        #expect(Self.qualityCodes(monitor.events) == [.reverseLandscape, .orientationValidAgain])
    }

    @Test func holdingTheCameraLevelWarnsAboutHorizontalScanning() {
        var scan = SimulatedScan(seed: 14)
        scan.pitchDegrees = 0
        scan.walkFirstLeg()  // 1 s + 4.8 s level
        scan.tilt(toPitchDegrees: -25)
        scan.walkRemainingLegs()
        let (monitor, _) = scan.monitored()
        #expect(Self.qualityCodes(monitor.events) == [.scanningHorizontally, .notScanningHorizontally])
        let warning = Self.event(.scanningHorizontally, in: monitor.events)
        #expect(warning.map { abs($0.timestamp - 5) < 0.05 } == true)
    }

    @Test func shortScanHasNotEnoughData() {
        var scan = SimulatedScan(seed: 15)
        scan.hold(seconds: 3)
        let (monitor, verdict) = scan.monitored()
        #expect(verdict.name == "notEnoughData")
        #expect(monitor.events.last?.code == .finishedNotEnoughData)
    }
}
