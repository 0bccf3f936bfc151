import FathomCore
import FathomIO
import FathomScan
import FathomTestSupport
import Foundation
import Testing

@Suite struct ScanRecorderTests {
    static let config = ScanConfig(
        device: .init(model: "Simulator", hasLiDAR: true), options: ["azimuth", "speechRecognition"],
        address: .init(number: "12", postCode: "00100", city: "Helsinki", country: "FI"), propertyType: "apartment")

    /// The spin scan of the monitor tests: warnings 87 and 28.
    static func spinScan() -> SimulatedScan {
        var scan = SimulatedScan(seed: 21)
        scan.hold(seconds: 1)
        scan.walk(toX: 2.0, z: 0.8)
        scan.rotate(yawByDegrees: 360, rate: 200)
        scan.hold(seconds: 1)
        scan.walk(toX: 3.2, z: 0.8)
        scan.walkRemainingLegs()
        return scan
    }

    @Test func recordsEveryFrameEventAndLabelAndZipsAVerifiedPackage() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let scan = Self.spinScan()
        let recorder = try ScanRecorder(directory: tmp.appendingPathComponent("scan"), config: Self.config)
        try recorder.setAzimuth(trueNorthDegrees: 12)
        for (i, frame) in scan.sensorFrames.enumerated() {
            try recorder.record(frame)
            if i == 300 { try recorder.addLabel("Kitchen") }
        }
        let recording = try recorder.finish(zipTo: tmp.appendingPathComponent("scan.zip"))
        #expect(recording.verdict == .ok)
        #expect(!recording.zipWasRecreated)
        let codes = recording.events.map(\.code)
        #expect(
            codes == [
                .landscapeOrientationReached, .scanStarted, .thermalNominal, .rotatingTooFast,
                .scanningBackToNormal, .finishedWithEnoughData,
            ])

        let zip = try #require(recording.zipURL)
        let package = try ScanPackage(url: zip)
        #expect(package.frameCount == scan.frameCount)
        #expect(package.depthFrameCount == scan.frameCount)
        #expect(package.events == recording.events.map(\.scanEvent))
        #expect(
            package.labels == [
                ScanLabel(timestamp: scan.inputs[300].camera.timestamp, frameNumber: 300, text: "Kitchen")
            ])
        #expect(package.azimuth?.trueNorthDegrees == 12)
        #expect(package.config.address?.city == "Helsinki")
        #expect(package.config.options == ["azimuth", "speechRecognition"])
        let log = try String(contentsOf: recording.directory.appendingPathComponent("scan.log"), encoding: .utf8)
        #expect(log.contains("event 87 at"))
        #expect(log.contains("label 'Kitchen'"))
        #expect(log.contains("finished: verdict ok"))
    }

    /// Copies the package's files as they are now, file by file with POSIX reads, skipping the
    /// writer's temporary files (what a kill leaves; FileManager's recursive copy is not used because
    /// the writer's background queue renames files meanwhile).
    static func snapshot(_ dir: URL, to copy: URL) throws {
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where !name.hasSuffix(".tmp") {
            guard let data = FileManager.default.contents(atPath: dir.appendingPathComponent(name).path) else {
                continue
            }
            try data.write(to: copy.appendingPathComponent(name))
        }
    }

    @Test func crashAtARandomMomentLosesAtMostTheFrameBeingWritten() throws {
        // The writer's files are written with plain write(2) calls, so a copy of the directory taken
        // between two calls is what a kill leaves; chopping the copy's last record at a random byte is
        // a kill in the middle of a write.
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let frames = Self.spinScan().sensorFrames
        var g = SeededGenerator(seed: 99)
        for trial in 0..<3 {
            let killAfter = Int.random(in: 200..<frames.count, using: &g)
            let dir = tmp.appendingPathComponent("scan\(trial)")
            let recorder = try ScanRecorder(directory: dir, config: Self.config)
            for frame in frames[..<killAfter] { try recorder.record(frame) }
            let crashed = tmp.appendingPathComponent("crashed\(trial)")
            try Self.snapshot(dir, to: crashed)
            withExtendedLifetime(recorder) {}
            // The kill hit while frame `killAfter − 1` was being written: its depth record is cut.
            let depthURL = crashed.appendingPathComponent("allDepthFrames.bin")
            let depth = try Data(contentsOf: depthURL)
            let recordBytes = 12 + 8 * 6 * 5
            try depth.prefix(depth.count - Int.random(in: 1..<recordBytes, using: &g)).write(to: depthURL)

            let report = try ScanPackageRepair.repair(directory: crashed)
            #expect(report.frameCount == killAfter)
            let package = try ScanPackage(url: crashed)
            #expect(package.frameCount == killAfter)
            #expect(package.depthFrameCount == killAfter - 1)
            // The events written before the kill are all there.
            #expect(package.events == recorder.events.map(\.scanEvent))
        }
    }

    @Test func refusesAUsersEarlierScanAndAnExistingZip() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let earlier = tmp.appendingPathComponent("earlier")
        try FileManager.default.createDirectory(at: earlier, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: earlier.appendingPathComponent("arkitData.json"))
        #expect(throws: ScanPackageError.self) { try ScanRecorder(directory: earlier, config: Self.config) }
        #expect(try String(contentsOf: earlier.appendingPathComponent("arkitData.json"), encoding: .utf8) == "keep")

        let zip = tmp.appendingPathComponent("existing.zip")
        try Data("user's".utf8).write(to: zip)
        let recorder = try ScanRecorder(directory: tmp.appendingPathComponent("new"), config: Self.config)
        for frame in Self.spinScan().sensorFrames.prefix(30) { try recorder.record(frame) }
        #expect(throws: ScanPackageError.self) { try recorder.finish(zipTo: zip) }
        #expect(try Data(contentsOf: zip) == Data("user's".utf8))
        #expect(FileManager.default.fileExists(atPath: tmp.appendingPathComponent("new/arkitData.json").path))
    }

    @Test func unrecoverableErrorRemovesOnlyWhatTheRecorderCreated() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let earlier = tmp.appendingPathComponent("earlier-scan")
        try FileManager.default.createDirectory(at: earlier, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: earlier.appendingPathComponent("config.json"))
        let dir = tmp.appendingPathComponent("scan")
        let recorder = try ScanRecorder(directory: dir, config: Self.config)
        let frames = Self.spinScan().sensorFrames
        for frame in frames.prefix(30) { try recorder.record(frame) }
        // The storage breaks under the recorder (the package directory is replaced by a file): the
        // next atomic rewrite of arkitData.json fails.
        // The recorder's background writer may be creating a temp file inside it right now (removal
        // then fails with "not permitted" on a loaded machine): retry until it is gone.
        var attempts = 0
        while FileManager.default.fileExists(atPath: dir.path) {
            do { try FileManager.default.removeItem(at: dir) } catch {
                attempts += 1
                if attempts > 100 { throw error }
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
        try Data("broken".utf8).write(to: dir)
        var thrown: Error?
        do {
            for frame in frames[30...] { try recorder.record(frame) }
        } catch { thrown = error }
        guard case .unrecoverable? = thrown as? ScanRecorderError else {
            Issue.record("expected an unrecoverable error, got \(String(describing: thrown))")
            return
        }
        #expect(recorder.events.last?.code == .scanRemoved)
        #expect(recorder.isStopped)
        #expect(!FileManager.default.fileExists(atPath: dir.path))
        #expect(FileManager.default.fileExists(atPath: earlier.appendingPathComponent("config.json").path))
        #expect(throws: ScanRecorderError.notRecording) { try recorder.record(frames[0]) }
    }

    @Test func framesThePackageCannotHoldAreSkippedWithAnEvent() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let frames = Self.spinScan().sensorFrames
        let recorder = try ScanRecorder(directory: tmp.appendingPathComponent("scan"), config: Self.config)
        for frame in frames.prefix(100) { try recorder.record(frame) }
        var late = frames[50]  // out of order
        late.camera.frameNumber = 1000
        let lateEvents = try recorder.record(late)
        #expect(lateEvents.map(\.code) == [.invalidPosition])
        var repeated = frames[100]  // in order, but a number already used
        repeated.camera.frameNumber = 20
        repeated.depth?.frameNumber = 20
        let repeatedEvents = try recorder.record(repeated)
        #expect(repeatedEvents.map(\.code) == [.invalidPosition])
        #expect(repeatedEvents.first?.message.contains("not recorded") == true)
        for frame in frames[101..<200] { try recorder.record(frame) }
        let recording = try recorder.finish()
        let package = try ScanPackage(url: recording.directory)
        #expect(package.frameCount == 199)
        #expect(package.events.filter { $0.code == 66 }.count == 2)
    }
}
