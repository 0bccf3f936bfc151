import FathomCore
import FathomIO
import FathomScan
import FathomTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A recorder process killed with SIGKILL at a random moment: everything up to the last complete
/// frame is recovered by `ScanPackageRepair`.
///
/// The test binary runs itself as the child (Linux: `/proc/self/exe`, filtered to
/// `childProcessRecordsUntilKilled`, which records only when the environment names a directory).
@Suite struct ScanRecorderKillTests {
    static let childDirectoryVariable = "FATHOM_RECORDER_CHILD_DIR"
    /// The child writes the number of frames `record` has returned for into this file.
    static let progressFile = "progress.txt"

    #if os(Linux)
        @Test func killedRecorderLosesAtMostTheFrameBeingWritten() throws {
            let tmp = try makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: tmp) }
            var g = SeededGenerator(seed: 7)
            for trial in 0..<2 {
                let dir = tmp.appendingPathComponent("scan\(trial)")
                let progressURL = tmp.appendingPathComponent("progress\(trial).txt")
                let child = Process()
                child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
                child.arguments = ["--testing-library", "swift-testing", "--filter", "childProcessRecordsUntilKilled"]
                var environment = ProcessInfo.processInfo.environment
                environment[Self.childDirectoryVariable] = dir.path
                environment["FATHOM_RECORDER_CHILD_PROGRESS"] = progressURL.path
                child.environment = environment
                child.standardOutput = FileHandle.nullDevice
                child.standardError = FileHandle.nullDevice
                try child.run()
                // Wait until a random number of frames (60–400) is recorded, then kill.
                let target = Int.random(in: 60...400, using: &g)
                let deadline = Date().addingTimeInterval(60)
                while Self.progress(progressURL) < target, Date() < deadline, child.isRunning {
                    usleep(2_000)
                }
                kill(child.processIdentifier, SIGKILL)
                child.waitUntilExit()
                let recorded = Self.progress(progressURL)
                #expect(recorded >= target, "the child recorded \(recorded) frames before the deadline")

                let report = try ScanPackageRepair.repair(directory: dir)
                let package = try ScanPackage(url: dir)
                // Every frame `record` returned for is there; the frame being written may be too.
                #expect(
                    package.frameCount >= recorded && package.frameCount <= recorded + 1,
                    "recorded \(recorded), recovered \(package.frameCount)")
                #expect(report.frameCount == package.frameCount)
                #expect(package.depthFrameCount >= package.frameCount - 1)
                var frames = 0
                try package.forEachFrame { frame in
                    #expect(frame.frameNumber == frames)
                    frames += 1
                }
                #expect(frames == package.frameCount)
                #expect(package.events.contains { $0.code == ScanEventCode.scanStarted.rawValue })
            }
        }
    #endif

    /// Reads the child's progress (0 when not written yet).
    static func progress(_ url: URL) -> Int {
        guard let data = FileManager.default.contents(atPath: url.path) else { return 0 }
        return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// The child's work: records a simulated walk until killed (at most 60 s). Runs only when the
    /// parent test names a directory in the environment; otherwise it returns at once.
    @Test func childProcessRecordsUntilKilled() throws {
        let env = ProcessInfo.processInfo.environment
        guard let path = env[Self.childDirectoryVariable], let progressPath = env["FATHOM_RECORDER_CHILD_PROGRESS"]
        else { return }
        var scan = SimulatedScan(seed: 3)
        scan.walkFirstLeg()
        scan.walkRemainingLegs()
        let frames = scan.sensorFrames
        let recorder = try ScanRecorder(directory: URL(fileURLWithPath: path), config: ScanConfig())
        let progress = open(progressPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let start = Date()
        for (i, frame) in frames.enumerated() where Date().timeIntervalSince(start) < 60 {
            try recorder.record(frame)
            let text = Array("\(i + 1)\n".utf8)
            _ = pwrite(progress, text, text.count, 0)
        }
        close(progress)
    }
}
