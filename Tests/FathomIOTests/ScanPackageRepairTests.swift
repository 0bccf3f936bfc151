import FathomCore
import FathomTestSupport
import Foundation
import Testing

@testable import FathomIO

@Suite struct ScanPackageRepairTests {
    /// Records `frames` without finishing and returns a copy of the directory as a crash leaves it.
    private func crashedCopy(_ frames: [SensorFrame], in tmp: URL) throws -> URL {
        let (dir, writer) = try SyntheticScan.write(frames, to: tmp, finish: false)
        try writer.drainPendingWrites()
        let copy = tmp.appendingPathComponent("crashed")
        try FileManager.default.copyItem(at: dir, to: copy)
        withExtendedLifetime(writer) {}
        return copy
    }

    private func chop(_ url: URL, bytes: Int) throws {
        let data = try Data(contentsOf: url)
        try data.prefix(data.count - bytes).write(to: url)
    }

    private func readAll(_ url: URL) throws -> (ScanPackage, [SensorFrame]) {
        let package = try ScanPackage(url: url)
        var frames: [SensorFrame] = []
        try package.forEachFrame { frames.append($0) }
        return (package, frames)
    }

    @Test func unfinishedPackageIsReadableBeforeRepair() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let frames = SyntheticScan.frames()
        let copy = try crashedCopy(frames, in: tmp)
        // arkitData.json was last rewritten by the label at frame index 3; later records are reported.
        let (package, read) = try readAll(copy)
        #expect(package.frameCount == 4)
        #expect(package.labels == SyntheticScan.labels)
        SyntheticScan.expectEqual(read, Array(frames.prefix(4)))
        #expect(package.warnings.count == 3)
    }

    @Test func crashMidRecordRepairsToNFramesWithTheHalfWrittenRecordCut() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let frames = SyntheticScan.frames()
        let copy = try crashedCopy(frames, in: tmp)
        try chop(copy.appendingPathComponent("allDepthFrames.bin"), bytes: 50)
        try Data("{\"formatVer".utf8).write(to: copy.appendingPathComponent(".arkitData.json.12345.tmp"))
        let report = try ScanPackageRepair.repair(directory: copy)
        #expect(report.removedTemporaryFiles == [".arkitData.json.12345.tmp"])
        #expect(!FileManager.default.fileExists(atPath: copy.appendingPathComponent(".arkitData.json.12345.tmp").path))
        #expect(report.frameCount == 6)
        #expect(report.rebuiltArkitData)
        let depth = try #require(report.streams.first { $0.kind == .depth })
        #expect(depth.keptRecordCount == 4)
        #expect(depth.truncatedByteCount == ScanPackageStreamTests.depthRecordBytes - 50)
        #expect(depth.countPatched)
        #expect(report.streams.first { $0.kind == .color }?.keptRecordCount == 5)
        #expect(report.description.contains("cut a truncated last record"))
        let (package, read) = try readAll(copy)
        #expect(package.warnings.isEmpty)
        #expect(package.depthHeader?.count == 4)
        #expect(package.labels == SyntheticScan.labels)
        #expect(package.azimuth?.trueNorthDegrees == 12.5)
        var expected = frames
        expected[5].depth = nil
        SyntheticScan.expectEqual(read, expected)
        // A second repair finds nothing to do.
        let again = try ScanPackageRepair.repair(directory: copy)
        #expect(!again.changedPackage)
    }

    @Test func crashBeforeTheJournalLineRepairsToNMinusOneFrames() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let frames = SyntheticScan.frames()
        let copy = try crashedCopy(frames, in: tmp)
        // The last frame's records were written, its journal line only half: cut it mid-line.
        let journal = copy.appendingPathComponent("frames.jsonl")
        let lines = try String(contentsOf: journal, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let last = lines[lines.count - 2]
        #expect(last.hasPrefix("{\"frame\":"))
        try chop(journal, bytes: last.utf8.count / 2 + 1)
        try chop(copy.appendingPathComponent("colorFrames.bin"), bytes: 10)
        let report = try ScanPackageRepair.repair(directory: copy)
        #expect(report.frameCount == 5)
        #expect(report.droppedJournalLineCount == 1)
        #expect(report.streams.first { $0.kind == .depth }?.droppedRecordCount == 1)
        #expect(report.streams.first { $0.kind == .featurePoints }?.droppedRecordCount == 1)
        let colour = try #require(report.streams.first { $0.kind == .color })
        #expect(
            colour.droppedRecordCount == 0 && colour.keptRecordCount == 4 && colour.truncatedByteCount == 12 + 72 - 10)
        let (package, read) = try readAll(copy)
        #expect(package.warnings.isEmpty)
        SyntheticScan.expectEqual(read, Array(frames.prefix(5)))
    }

    @Test func arkitDataIsNeverMoreThanASecondBehindWhileRecording() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let writer = try ScanPackageWriter(directory: tmp.appendingPathComponent("s"), config: ScanConfig())
        let template = SyntheticScan.frames(count: 1)[0].camera
        let url = writer.directory.appendingPathComponent("arkitData.json")
        var rewrites = Set<Int>()
        for i in 0..<75 {  // 2.5 s at 30 Hz
            var camera = template
            camera.frameNumber = i
            camera.timestamp = 50 + Double(i) / 30
            try writer.append(SensorFrame(camera: camera))
            try writer.drainPendingWrites()
            let onDisk = try ScanARKitData.read(from: url)
            let last = try #require(onDisk.frames.last)
            #expect(camera.timestamp - last.timestamp <= ScanPackageWriter.arkitDataRewriteInterval)
            rewrites.insert(onDisk.frames.count)
        }
        #expect(rewrites == [1, 31, 61])
    }

    @Test func repairWithoutJournalOrArkitDataIsAClearError() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let copy = try crashedCopy(SyntheticScan.frames(count: 2), in: tmp)
        try FileManager.default.removeItem(at: copy.appendingPathComponent("frames.jsonl"))
        try FileManager.default.removeItem(at: copy.appendingPathComponent("arkitData.json"))
        #expect { try ScanPackageRepair.repair(directory: copy) } throws: { e in
            (e as? ScanPackageError)?.kind == .missingFile
                && (e as? ScanPackageError)?.file.hasSuffix("arkitData.json") == true
        }
    }

    @Test func finishedPackageNeedsNoRepair() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let (dir, _) = try SyntheticScan.write(SyntheticScan.frames(), to: tmp)
        let report = try ScanPackageRepair.repair(directory: dir)
        #expect(!report.changedPackage)
        #expect(report.frameCount == 6)
    }
}
