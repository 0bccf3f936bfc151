import FathomCore
import FathomScan
import Testing

/// Device signals, bad input and depth statistics.
@Suite struct ScanMonitorInputTests {
    static func frame(_ n: Int, t: Double, matrix: Matrix4x4 = .identity) -> CameraFrame {
        CameraFrame(frameNumber: n, timestamp: t, cameraTransform: matrix, intrinsics: SimulatedScan.intrinsics)
    }

    @Test func deviceSignalsAreReportedOnChange() {
        var monitor = ScanMonitor()
        var signals = DeviceSignals(freeStorageBytes: 10_000_000_000, recordingBytesPerSecond: 1_000_000)
        var codes: [[ScanEventCode]] = []
        func feed(_ n: Int) {
            codes.append(
                monitor.process(.init(camera: Self.frame(n, t: Double(n) * 0.1), signals: signals)).map(\.code))
        }
        feed(0)  // scan started, thermal nominal; 166 minutes of storage: no warning
        signals.thermalState = .serious
        feed(1)
        feed(2)  // unchanged: nothing
        signals.isLowPowerModeOn = true
        signals.memoryWarning = true
        feed(3)
        feed(4)  // memory warning still set: same warning, not repeated
        signals.memoryWarning = false
        signals.isLowPowerModeOn = false
        signals.freeStorageBytes = 270_000_000  // 4.5 minutes at 1 MB/s
        feed(5)
        signals.freeStorageBytes = 250_000_000  // 4.17 minutes: still "4", not repeated
        feed(6)
        signals.freeStorageBytes = 170_000_000  // 2.8 minutes
        feed(7)
        #expect(
            codes == [
                [.scanStarted, .thermalNominal], [.thermalSerious], [], [.lowPowerOn, .memoryWarning], [],
                [.lowPowerOff, .storageMinutesLeft], [], [.storageMinutesLeft],
            ])
        #expect(
            monitor.events.filter { $0.code == .storageMinutesLeft }.map(\.message)
                == ["Storage: 4 minutes left", "Storage: 2 minutes left"])
    }

    @Test func framesOutOfOrderAreSkippedAndReported() {
        var monitor = ScanMonitor()
        _ = monitor.process(.init(camera: Self.frame(0, t: 1.0)))
        _ = monitor.process(.init(camera: Self.frame(1, t: 1.1)))
        let late = monitor.process(.init(camera: Self.frame(2, t: 0.5)))
        #expect(late.map(\.code) == [.invalidPosition])
        #expect(late.first?.message.contains("out of order") == true)
        let repeated = monitor.process(.init(camera: Self.frame(3, t: 1.1)))
        #expect(repeated.isEmpty)  // a repeated timestamp is a glitch: skipped without an event
        let earlierAgain = monitor.process(.init(camera: Self.frame(5, t: 0.9)))
        #expect(earlierAgain.isEmpty)  // rate-limited: one 66 per second
        #expect(monitor.statistics.outOfOrderFrameCount == 3)
        #expect(monitor.statistics.frameCount == 5)
        #expect(monitor.statistics.lastTimestamp == 1.1)
        let nan = monitor.process(.init(camera: Self.frame(4, t: .nan)))
        #expect(nan.isEmpty && monitor.statistics.outOfOrderFrameCount == 4)
    }

    @Test func nonRigidPoseIsInvalid() {
        var monitor = ScanMonitor()
        var scaled = Matrix4x4.identity
        scaled.columns.0.x = 2
        let events = monitor.process(.init(camera: Self.frame(0, t: 0, matrix: scaled)))
        #expect(events.map(\.code) == [.scanStarted, .thermalNominal, .invalidPosition])
        #expect(monitor.statistics.invalidPoseFrameCount == 1)
    }

    @Test func framesAfterAnAbortAreIgnored() {
        var monitor = ScanMonitor()
        _ = monitor.process(.init(camera: Self.frame(0, t: 0)))
        var far = Matrix4x4.identity
        far.columns.3 = SIMD4(20, 0, 0, 1)
        #expect(monitor.process(.init(camera: Self.frame(1, t: 0.1, matrix: far))).map(\.code) == [.driftDetected])
        #expect(monitor.process(.init(camera: Self.frame(2, t: 0.2))).isEmpty)
        #expect(monitor.isOver)
        #expect(monitor.finish().name == "aborted")
        #expect(monitor.events.last?.code == .driftDetected)  // finish adds nothing after an abort
    }

    @Test func finishWithoutFramesIsNotEnoughData() {
        var monitor = ScanMonitor()
        let verdict = monitor.finish()
        #expect(verdict.name == "notEnoughData")
        #expect(monitor.events.map(\.code) == [.finishedNotEnoughData])
        #expect(monitor.finish() == verdict)
        #expect(monitor.events.count == 1)
    }

    @Test func depthStatisticsOfAFrameUseConfidentValidSamples() {
        // 4×2 map: two samples of low confidence, one zero, one NaN; valid: 1, 2, 3, 9.
        let depth = DepthMap(width: 4, height: 2, pixels: [1, 2, 3, 9, 0.1, 0, .nan, 0.2])!
        let confidence = ConfidenceMap(width: 4, height: 2, pixels: [2, 1, 2, 2, 0, 2, 2, 0])!
        let stats = DepthStatistics(DepthFrame(frameNumber: 0, timestamp: 0, depth: depth, confidence: confidence))
        // Upper median of 1, 2, 3, 9 is 3: the centre of its 1 cm bin, 3.005 m.
        #expect(stats.map { abs($0.medianDepthMetres - 3.005) < 1e-4 } == true)
        #expect(stats?.validFraction == 0.5)
        let empty = DepthFrame(
            frameNumber: 0, timestamp: 0, depth: DepthMap(width: 1, height: 1, pixels: [0])!,
            confidence: ConfidenceMap(width: 1, height: 1, pixels: [2])!)
        #expect(DepthStatistics(empty) == nil)
        #expect(DepthStatistics(medianDepthMetres: .nan) == nil)
        // A median beyond the 10 m histogram is exact.
        let far = DepthFrame(
            frameNumber: 0, timestamp: 0, depth: DepthMap(width: 3, height: 1, pixels: [12, 15, 1])!,
            confidence: ConfidenceMap(width: 3, height: 1, pixels: [2, 2, 2])!)
        #expect(DepthStatistics(far)?.medianDepthMetres == 12)
        #expect(DepthStatistics(medianDepthMetres: 1, validFraction: 1.5) == nil)
    }

    @Test func everyCodeHasAMessageAndTheSDKNumber() {
        #expect(ScanEventCode.driftDetected.rawValue == 13)
        #expect(ScanEventCode.distanceBackInRange.rawValue == 88)
        #expect(ScanEventCode.allCases.allSatisfy { !$0.defaultMessage.isEmpty })
        #expect(Set(ScanEventCode.allCases.map(\.rawValue)).count == ScanEventCode.allCases.count)
        #expect(ScanEventCode.rotatingTooFast.isWarning && !ScanEventCode.scanningBackToNormal.isWarning)
    }
}
