import FathomCore
import FathomScan
import Testing

@Suite struct ScanPlaybackTests {
    /// Ten frames at 0.1 s, numbered 100…109.
    static let frames = (0..<10).map {
        CameraFrame(
            frameNumber: 100 + $0, timestamp: Double($0) / 10, cameraTransform: .identity,
            intrinsics: SimulatedScan.intrinsics)
    }
    static let events = [
        MonitorEvent(code: .scanStarted, timestamp: 0, frameNumber: 100),
        MonitorEvent(code: .tooClose, timestamp: 0.2, frameNumber: 102),
        MonitorEvent(code: .rotatingTooFast, timestamp: 0.4, frameNumber: 104),
        MonitorEvent(code: .distanceBackInRange, timestamp: 0.5, frameNumber: 105),
        MonitorEvent(code: .scanningFloor, timestamp: 0.7, frameNumber: 107),
    ]
    static let labels = [
        ScanLabel(timestamp: 0.65, frameNumber: 106, text: "Hall"),
        ScanLabel(timestamp: 0.15, frameNumber: 101, text: "Kitchen"),
    ]

    static func playback() throws -> ScanPlayback {
        try ScanPlayback(frames: frames, events: events.reversed(), labels: labels)
    }

    @Test func stepsStopAtTheEnds() throws {
        var p = try Self.playback()
        #expect(p.currentFrame.frameNumber == 100)
        let r1 = p.step(by: -1)
        #expect(!r1)
        let r2 = p.step()
        #expect(r2)
        #expect(p.currentFrame.frameNumber == 101)
        let r3 = p.step(by: 50)
        #expect(r3)
        #expect(p.isAtEnd && p.currentFrame.frameNumber == 109)
        let r4 = p.step()
        #expect(!r4)
        p.step(by: -3)
        #expect(p.currentFrame.frameNumber == 106)
    }

    @Test func seekFindsTheFrameAtOrBeforeATime() throws {
        var p = try Self.playback()
        p.seek(to: 0.55)
        #expect(p.currentIndex == 5)
        p.seek(to: 0.6)
        #expect(p.currentIndex == 6)
        p.seek(to: -1)
        #expect(p.currentIndex == 0)
        p.seek(to: 99)
        #expect(p.currentIndex == 9)
        let r5 = p.seek(toFrameNumber: 103)
        #expect(r5 && p.currentIndex == 3)
        let r6 = p.seek(toFrameNumber: 7)
        #expect(!r6 && p.currentIndex == 3)
        #expect(abs(p.durationSeconds - 0.9) < 1e-12)
    }

    @Test func jumpsVisitWarningsOnly() throws {
        var p = try Self.playback()
        let r7 = p.jumpToNextWarning()
        #expect(r7?.code == .tooClose)
        #expect(p.currentFrame.frameNumber == 102)
        #expect(p.jumpToNextWarning()?.code == .rotatingTooFast)  // skips nothing: 88 is a recovery
        let r8 = p.jumpToNextWarning()
        #expect(r8?.code == .scanningFloor)
        let r9 = p.jumpToNextWarning()
        #expect(r9 == nil)
        #expect(p.currentFrame.frameNumber == 107)
        let r10 = p.jumpToPreviousWarning()
        #expect(r10?.code == .rotatingTooFast)
        let r11 = p.jumpToPreviousWarning()
        #expect(r11?.code == .tooClose)
        let r12 = p.jumpToPreviousWarning()
        #expect(r12 == nil)
        #expect(p.currentFrame.frameNumber == 102)
        #expect(p.warnings.map(\.code) == [.tooClose, .rotatingTooFast, .scanningFloor])
    }

    @Test func activeWarningsAndLabelsFollowTheCursor() throws {
        var p = try Self.playback()
        #expect(p.activeWarnings.isEmpty && p.currentLabel == nil)
        p.seek(to: 0.45)
        #expect(p.activeWarnings == [.tooClose, .rotatingTooFast])
        #expect(p.currentLabel?.text == "Kitchen")
        p.seek(to: 0.5)
        #expect(p.activeWarnings == [.rotatingTooFast])
        #expect(p.currentEvents.map(\.code) == [.distanceBackInRange])
        p.seek(to: 0.8)
        #expect(p.activeWarnings == [.rotatingTooFast, .scanningFloor])
        #expect(p.currentLabel?.text == "Hall")
        #expect(p.labels.map(\.text) == ["Kitchen", "Hall"])
    }

    @Test func timelineMarksWarningsLabelsAndCursor() throws {
        var p = try Self.playback()
        // 10 cells over 0.9 s: cell = round(t / 0.9 · 9) = t · 10.
        #expect(p.timeline(width: 10) == "^-!-!--!--")
        p.seek(to: 0.9)
        // labels at 0.15 → cell 2 (then overwritten by the warning) and 0.65 → cell 7 (warning too).
        #expect(p.timeline(width: 10) == "--!-!--!-^")
    }

    @Test func badFramesAreRejected() {
        #expect(throws: ScanPlayback.Error.noFrames) { try ScanPlayback(frames: []) }
        var frames = Self.frames
        frames[4].timestamp = 0.3
        #expect(throws: ScanPlayback.Error.framesOutOfOrder(index: 4)) { try ScanPlayback(frames: frames) }
    }
}
