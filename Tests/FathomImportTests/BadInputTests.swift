import FathomCore
import FathomIO
import FathomSimulator
import FathomTestSupport
import Foundation
import Testing

@testable import FathomImport

/// Broken captures: each gives an error naming the file and problem, or a warning naming it with
/// the frame skipped; never a crash, never a package left half-written.
@Suite struct BadInputTests {
    /// A small Stray capture in a fresh folder, and the folder.
    static func strayCapture(_ name: String) throws -> (source: URL, dir: URL, sim: ScanSimulation) {
        let sim = try SimulatedCaptures.simulation(width: 32, height: 24, duration: 0.3, depthEvery: 1)
        let dir = try makeTemporaryDirectory(name)
        let source = dir.appendingPathComponent("capture")
        try SimulatedCaptures.writeStray(sim, to: source)
        return (source, dir, sim)
    }

    static func expectImportError(
        _ source: URL, in dir: URL, kind: ImportError.Kind, _ text: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let output = dir.appendingPathComponent("scan")
        #expect(sourceLocation: sourceLocation) {
            try CaptureImport.importScan(from: source, to: output)
        } throws: { error in
            guard let e = error as? ImportError else { return false }
            return e.kind == kind && e.description.contains(text)
        }
        #expect(!FileManager.default.fileExists(atPath: output.path), sourceLocation: sourceLocation)
        // No temporary package is left either.
        let left = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        #expect(left == ["capture"], "left behind: \(left)", sourceLocation: sourceLocation)
    }

    static func replace(_ file: URL, _ transform: (String) -> String) throws {
        try transform(try String(contentsOf: file, encoding: .utf8)).write(to: file, atomically: true, encoding: .utf8)
    }

    @Test func missingOdometry() throws {
        let (source, dir, _) = try Self.strayCapture("bad-missing")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.removeItem(at: source.appendingPathComponent("odometry.csv"))
        // Without odometry.csv the folder is no longer recognised; forced, the file is named.
        Self.expectImportError(source, in: dir, kind: .unrecognized, "looked for: stray (odometry.csv, camera_matrix.csv, depth/)")
        #expect {
            try CaptureImport.importScan(from: source, to: dir.appendingPathComponent("scan"), options: ImportOptions(format: .stray))
        } throws: { ($0 as? ImportError)?.description.hasPrefix("odometry.csv: cannot read the file") == true }
    }

    @Test func shortOdometryRow() throws {
        let (source, dir, _) = try Self.strayCapture("bad-short")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.replace(source.appendingPathComponent("odometry.csv")) { text in
            var lines = text.split(separator: "\n").map(String.init)
            lines[3] = lines[3].split(separator: ",").prefix(7).joined(separator: ",")
            return lines.joined(separator: "\n") + "\n"
        }
        Self.expectImportError(source, in: dir, kind: .malformed, "odometry.csv: line 4: 7 fields, expected 9")
    }

    @Test func emptyOdometry() throws {
        let (source, dir, _) = try Self.strayCapture("bad-empty")
        defer { try? FileManager.default.removeItem(at: dir) }
        try "timestamp, frame, x, y, z, qx, qy, qz, qw\n".write(to: source.appendingPathComponent("odometry.csv"), atomically: true, encoding: .utf8)
        Self.expectImportError(source, in: dir, kind: .empty, "odometry.csv: no pose rows")
    }

    /// A NaN pose, a slightly non-unit quaternion, an absurd one, a depth map of the wrong size and
    /// a truncated PNG: the import succeeds, skipping or repairing exactly those, each named.
    @Test func badFramesAreSkippedWithWarnings() throws {
        let (source, dir, sim) = try Self.strayCapture("bad-frames")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.replace(source.appendingPathComponent("odometry.csv")) { text in
            var lines = text.split(separator: "\n").map(String.init)
            func edit(_ row: Int, _ f: (inout [String]) -> Void) {
                var fields = lines[row + 1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                f(&fields)
                lines[row + 1] = fields.joined(separator: ", ")
            }
            edit(1) { $0[2] = "nan" }  // NaN position
            edit(2) { f in for i in 5...8 { f[i] = String(Double(f[i])! * 1.02) } }  // norm 1.02
            edit(3) { f in for i in 5...8 { f[i] = String(Double(f[i])! * 3) } }  // norm 3
            return lines.joined(separator: "\n") + "\n"
        }
        try PNGEncoder.encode(gray16: Image(width: 16, height: 12, repeating: 1000))
            .write(to: source.appendingPathComponent("depth/000004.png"))
        let png = try Data(contentsOf: source.appendingPathComponent("depth/000005.png"))
        try png.prefix(png.count / 2).write(to: source.appendingPathComponent("depth/000005.png"))
        let report = try CaptureImport.importScan(from: source, to: dir.appendingPathComponent("scan"))
        #expect(report.frameCount == sim.frameCount - 2)
        #expect(report.depthFrameCount == sim.frameCount - 4)
        let w = report.warnings
        #expect(w.count == 5, "\(w)")
        #expect(w.contains { $0.hasPrefix("odometry.csv: line 3: frame 1: position is not finite") })
        #expect(w.contains { $0.hasPrefix("odometry.csv: line 4: quaternion norm 1.02") && $0.hasSuffix("normalised") })
        #expect(w.contains { $0.hasPrefix("odometry.csv: line 5: frame 3: quaternion norm 3") && $0.hasSuffix("skipped") })
        #expect(w.contains { $0.hasPrefix("depth/000004.png: 16×12, but the first depth map is 32×24") })
        #expect(w.contains { $0.hasPrefix("depth/000005.png: ") && $0.contains("truncated") })
    }

    @Test func depthWithoutPoseIsReported() throws {
        let (source, dir, sim) = try Self.strayCapture("bad-nopose")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.replace(source.appendingPathComponent("odometry.csv")) { text in
            text.split(separator: "\n").dropLast().joined(separator: "\n") + "\n"
        }
        let report = try CaptureImport.importScan(from: source, to: dir.appendingPathComponent("scan"))
        #expect(report.frameCount == sim.frameCount - 1)
        #expect(report.warnings == ["depth/: 1 depth map(s) have no pose in odometry.csv (first: \(String(format: "%06d", sim.frameCount - 1)).png); skipped"])
    }

    /// A truncated EXR in a Record3D export: a warning naming the file, the frame kept without depth.
    @Test func truncatedEXR() throws {
        let sim = try SimulatedCaptures.simulation(width: 24, height: 32, portrait: true, duration: 0.3)
        let dir = try makeTemporaryDirectory("bad-exr")
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("capture")
        let frames = try SimulatedCaptures.writeRecord3D(sim, to: source)
        let url = source.appendingPathComponent("depth/1.exr")
        let exr = try Data(contentsOf: url)
        try exr.prefix(exr.count - 40).write(to: url)
        let report = try CaptureImport.importScan(from: source, to: dir.appendingPathComponent("scan"))
        #expect(report.frameCount == frames.count)
        #expect(report.depthFrameCount == frames.count - 1)
        #expect(report.warnings.count == 1)
        #expect(report.warnings.first?.hasPrefix("depth/1.exr: byte offset") == true)
        #expect(report.warnings.first?.contains("truncated") == true)
    }

    /// Cancelling stops the import and leaves nothing at the output.
    @Test func cancellationLeavesNothing() throws {
        let (source, dir, _) = try Self.strayCapture("bad-cancel")
        defer { try? FileManager.default.removeItem(at: dir) }
        let counter = Counter()
        let options = ImportOptions(isCancelled: { counter.increment() > 3 })
        #expect {
            try CaptureImport.importScan(from: source, to: dir.appendingPathComponent("scan.zip"), options: options)
        } throws: { ($0 as? ImportError)?.kind == .cancelled }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(left == ["capture"], "\(left)")
    }

    /// An existing output is never overwritten.
    @Test func existingOutputIsRefused() throws {
        let (source, dir, _) = try Self.strayCapture("bad-exists")
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("scan")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        #expect {
            try CaptureImport.importScan(from: source, to: output)
        } throws: { ($0 as? ImportError)?.kind == .output }
    }
}

/// A thread-safe counter for the cancellation closure.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// Adds one and returns the new value.
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}

@Suite struct Record3DMetadataTests {
    static func folder(_ metadata: [String: Any]) throws -> URL {
        let dir = try makeTemporaryDirectory("record3d-meta")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("depth"), withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: metadata).write(to: dir.appendingPathComponent("metadata.json"))
        return dir
    }

    @Test func missingKeyIsNamed() throws {
        let dir = try Self.folder(["K": [1, 0, 0, 0, 1, 0, 0, 0, 1], "w": 10, "h": 10])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect {
            try Record3DImporter(folder: dir, options: ImportOptions())
        } throws: { "\($0)" == "metadata.json: not Record3D metadata (missing key 'poses')" }
    }

    @Test func shortKIsRefused() throws {
        let dir = try Self.folder(["K": [1, 0, 0], "w": 10, "h": 10, "poses": [[0, 0, 0, 1, 0, 0, 0]], "fps": 30])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect {
            try Record3DImporter(folder: dir, options: ImportOptions())
        } throws: { "\($0)".hasPrefix("metadata.json: 'K' must be 9 numbers") }
    }

    @Test func timestampCountMustMatch() throws {
        let dir = try Self.folder([
            "K": [1, 0, 0, 0, 1, 0, 5, 5, 1], "w": 10, "h": 10, "poses": [[0, 0, 0, 1, 0, 0, 0]], "frameTimestamps": [0, 1],
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect {
            try Record3DImporter(folder: dir, options: ImportOptions())
        } throws: { "\($0)" == "metadata.json: 2 frameTimestamps for 1 poses" }
    }
}

@Suite struct StrayCameraMatrixTests {
    static func read(_ text: String) throws -> CameraIntrinsics {
        let dir = try makeTemporaryDirectory("stray-k")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("camera_matrix.csv")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return try StrayScannerImporter.readCameraMatrix(url)
    }

    /// K of the documented 1920 × 1440 image; K of a 640 × 480 image (principal point far from
    /// 960, 720) gets that size; a matrix of the wrong shape is an error naming the file.
    @Test func imageSizeFromTheMatrix() throws {
        #expect(try Self.read("1450,0,958.2\n0,1450,721.3\n0,0,1\n").width == 1920)
        let small = try Self.read("500,0,319.5\n0,500,239.5\n0,0,1\n")
        #expect(small.width == 640 && small.height == 480)
        #expect { try Self.read("1,0,0\n0,1,0\n") } throws: { "\($0)".hasPrefix("camera_matrix.csv: expected 3 rows of 3 numbers") }
        #expect { try Self.read("0,0,5\n0,1,5\n0,0,1\n") } throws: { "\($0)".hasPrefix("camera_matrix.csv: unusable intrinsics") }
    }
}

@Suite struct StrayLegacyOdometryTests {
    /// Early versions wrote `x, y, z, qx, qy, qz, qw` rows without a header: the frame is the row, the
    /// time row / 60 s, and the poses convert as usual.
    @Test func sevenFieldRows() throws {
        let (source, dir, sim) = try BadInputTests.strayCapture("stray-legacy")
        defer { try? FileManager.default.removeItem(at: dir) }
        try BadInputTests.replace(source.appendingPathComponent("odometry.csv")) { text in
            text.split(separator: "\n").dropFirst().map { $0.split(separator: ",").dropFirst(2).joined(separator: ",") }
                .joined(separator: "\n") + "\n"
        }
        let report = try CaptureImport.importScan(from: source, to: dir.appendingPathComponent("scan"))
        #expect(report.frameCount == sim.frameCount)
        #expect(report.notes.contains { $0.hasPrefix("odometry.csv has no timestamp and frame columns") })
        let frames = try ScanPackage(url: dir.appendingPathComponent("scan")).cameraFrames
        #expect(abs(frames[3].timestamp - 3.0 / 60) < 1e-9)
        #expect(frames[3].worldFromCamera!.isApproximatelyEqual(to: sim.frame(3).camera.worldFromCamera!, translationTolerance: 1e-5, angleTolerance: 1e-4))
    }
}
