import FathomCore
import FathomTestSupport
import Foundation
import Testing

@testable import FathomIO

@Suite struct ScanPackageStreamTests {
    /// One depth record of the synthetic 8×6 maps, bytes.
    static let depthRecordBytes = 12 + 8 * 6 * 5

    private func patch(_ url: URL, at offset: Int, _ bytes: [UInt8]) throws {
        var data = try Data(contentsOf: url)
        data.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
        try data.write(to: url)
    }

    private func chop(_ url: URL, bytes: Int) throws {
        let data = try Data(contentsOf: url)
        try data.prefix(data.count - bytes).write(to: url)
    }

    @Test func truncatedDepthStreamYieldsTheCompleteRecordsAndReportsIt() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let frames = SyntheticScan.frames()
        let (dir, _) = try SyntheticScan.write(frames, to: tmp)
        let depthURL = dir.appendingPathComponent("allDepthFrames.bin")
        try chop(depthURL, bytes: 100)  // mid-record: the 5th (last) depth record loses its tail
        let package = try ScanPackage(url: dir)
        #expect(package.depthFrameCount == 4)
        #expect(package.warnings.count == 2)
        let truncatedAt = 20 + 4 * Self.depthRecordBytes
        #expect(
            package.warnings.contains {
                $0.contains("allDepthFrames.bin") && $0.contains("truncated last record at byte \(truncatedAt)")
            })
        #expect(
            package.warnings.contains { $0.contains("header count 5 disagrees") && $0.contains("4 complete record(s)") }
        )
        var read: [SensorFrame] = []
        try package.forEachFrame { read.append($0) }
        var expected = frames
        expected[5].depth = nil
        SyntheticScan.expectEqual(read, expected)
    }

    @Test func wrongHeaderCountIsReportedAndTheFileIsUsed() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let frames = SyntheticScan.frames()
        let (dir, _) = try SyntheticScan.write(frames, to: tmp)
        try patch(dir.appendingPathComponent("allDepthFrames.bin"), at: 16, [9, 0, 0, 0])
        try patch(dir.appendingPathComponent("featurePoints.bin"), at: 8, [1, 0, 0, 0])
        let package = try ScanPackage(url: dir)
        #expect(package.depthFrameCount == 5)
        #expect(package.featurePointFrameCount == 5)
        #expect(package.warnings.count == 2)
        #expect(package.warnings.contains { $0.contains("allDepthFrames.bin: header count 9 disagrees") })
        #expect(package.warnings.contains { $0.contains("featurePoints.bin: header count 1 disagrees") })
        var read: [SensorFrame] = []
        try package.forEachFrame { read.append($0) }
        SyntheticScan.expectEqual(read, frames)
    }

    @Test func truncatedFeatureStreamDropsTheLastRecord() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let frames = SyntheticScan.frames()
        let (dir, _) = try SyntheticScan.write(frames, to: tmp)
        try chop(dir.appendingPathComponent("featurePoints.bin"), bytes: 3)
        let reader = try ScanStreamReader(url: dir.appendingPathComponent("featurePoints.bin"), kind: .featurePoints)
        #expect(reader.records.count == 4)
        #expect(reader.records.map(\.frameNumber) == [100, 102, 104, 108])
        #expect(reader.fileByteCount - reader.completeByteCount == 16 + 20 * frames[5].features!.identifiers.count - 3)
        #expect(reader.warnings.count == 2)
        #expect(try reader.readFeaturePoints(reader.records[3]) == frames[4].features)
    }

    @Test func badMagicVersionAndSizesAreErrorsNamingFileAndOffset() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let (dir, _) = try SyntheticScan.write(SyntheticScan.frames(), to: tmp)
        let url = dir.appendingPathComponent("allDepthFrames.bin")
        let original = try Data(contentsOf: url)

        try patch(url, at: 0, Array("FDEX".utf8))
        #expect { try ScanPackage(url: dir) } throws: { e in
            guard let e = e as? ScanPackageError else { return false }
            return e.kind == .corrupt && e.file.hasSuffix("allDepthFrames.bin") && e.offset == 0
                && e.problem.contains("bad magic")
        }
        try original.write(to: url)
        try patch(url, at: 4, [2, 0, 0, 0])
        #expect { try ScanStreamReader(url: url, kind: .depth) } throws: { e in
            (e as? ScanPackageError)?.kind == .unsupportedVersion && (e as? ScanPackageError)?.offset == 4
        }
        // A size whose records don't fit the file at all.
        try original.write(to: url)
        try patch(url, at: 8, [100, 0, 0, 0, 100, 0, 0, 0])
        #expect { try ScanStreamReader(url: url, kind: .depth) } throws: { e in
            guard let e = e as? ScanPackageError else { return false }
            return e.kind == .corrupt && e.offset == 20 && e.description.contains("100×100")
                && e.description.contains(url.path)
        }
        // A zero size.
        try original.write(to: url)
        try patch(url, at: 8, [0, 0, 0, 0])
        #expect { try ScanStreamReader(url: url, kind: .depth) } throws: { e in
            (e as? ScanPackageError)?.kind == .corrupt && (e as? ScanPackageError)?.offset == 8
        }
        // A file shorter than its header.
        try original.prefix(10).write(to: url)
        #expect { try ScanStreamReader(url: url, kind: .depth) } throws: { e in
            (e as? ScanPackageError)?.kind == .corrupt
                && (e as? ScanPackageError)?.problem.contains("shorter than the 20-byte header") == true
        }
        // Misaligned records show up as a non-finite timestamp.
        try original.write(to: url)
        try patch(url, at: 20 + Self.depthRecordBytes + 4, [0, 0, 0, 0, 0, 0, 0xF8, 0x7F])
        #expect { try ScanStreamReader(url: url, kind: .depth) } throws: { e in
            (e as? ScanPackageError)?.offset == 20 + Self.depthRecordBytes + 4
        }
        // An odd-sized YCbCr colour stream.
        let colour = dir.appendingPathComponent("colorFrames.bin")
        try patch(colour, at: 8, [7, 0, 0, 0])
        #expect { try ScanStreamReader(url: colour, kind: .color) } throws: { e in
            (e as? ScanPackageError)?.problem.contains("even size") == true
        }
    }

    @Test func recordsOfUnknownFramesAreSkippedAndReported() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let frames = SyntheticScan.frames()
        let (dir, _) = try SyntheticScan.write(frames, to: tmp)
        let arkitURL = dir.appendingPathComponent("arkitData.json")
        var data = try ScanARKitData.read(from: arkitURL)
        data.frames.remove(at: 1)  // frame 102
        try data.encoded().write(to: arkitURL)
        let package = try ScanPackage(url: dir)
        #expect(package.frameCount == 5)
        #expect(package.depthFrameCount == 4)
        #expect(package.warnings.count == 3)
        #expect(
            package.warnings.allSatisfy {
                $0.contains("1 record(s) name frames not in arkitData.json") && $0.contains("frames 102")
            })
        var read: [SensorFrame] = []
        try package.forEachFrame { read.append($0) }
        var expected = frames
        expected.remove(at: 1)
        SyntheticScan.expectEqual(read, expected)
    }

    @Test func streamWriterRejectsMismatchedRecords() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let frames = SyntheticScan.frames(count: 2)
        let writer = try ScanStreamWriter(url: tmp.appendingPathComponent("d.bin"), header: .depth(width: 4, height: 6))
        #expect(throws: ScanPackageError.self) { try writer.append(frames[0].depth!) }  // 8×6 into 4×6
        #expect(throws: ScanPackageError.self) { try writer.append(frames[0].color!) }  // colour into depth
        // The file exists.
        #expect(throws: ScanPackageError.self) {
            try ScanStreamWriter(url: tmp.appendingPathComponent("d.bin"), header: .depth(width: 4, height: 6))
        }
        try writer.finish()
        let reader = try ScanStreamReader(url: tmp.appendingPathComponent("d.bin"), kind: .depth)
        #expect(reader.records.isEmpty && reader.warnings.isEmpty && reader.header.count == 0)
    }
}
