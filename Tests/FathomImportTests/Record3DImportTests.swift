import FathomCore
import FathomIO
import FathomSimulator
import FathomTestSupport
import Foundation
import Testing

@testable import FathomImport

@Suite struct Record3DImportTests {
    /// A portrait capture (192 × 256 depth as HALF ZIP EXRs, 1440 × 1920 intrinsics, ARKit axes):
    /// poses survive exactly, depth to half precision, colour through JPEG, and the imported frames
    /// lie on the true surfaces as closely as the simulator's own (rms within 1.5×).
    @Test func importedFramesLieOnTheTrueSurfaces() throws {
        let sim = try SimulatedCaptures.simulation(width: 48, height: 64, portrait: true, color: true)
        let dir = try makeTemporaryDirectory("record3d")
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("EXR_RGBD")
        let truth = try SimulatedCaptures.writeRecord3D(sim, to: source)
        let output = dir.appendingPathComponent("scan")
        let report = try CaptureImport.importScan(from: source, to: output)
        #expect(report.format == .record3d)
        #expect(report.frameCount == truth.count)
        #expect(report.depthFrameCount == truth.count)
        #expect(report.notes.contains { $0.hasPrefix("no confidence maps") })
        let package = try ScanPackage(url: output)
        let frames = try SimulatedCaptures.frames(of: package)
        #expect(frames.count == truth.count)
        #expect(package.depthSize.map { [$0.width, $0.height] } == [48, 64])
        for (f, t) in zip(frames, truth) {
            #expect(f.camera.intrinsics == sim.sensors.cameraIntrinsics)
            #expect(f.camera.worldFromCamera!.isApproximatelyEqual(to: t.camera.worldFromCamera!, translationTolerance: 1e-5, angleTolerance: 1e-4))
            let d = f.depth!.depth.pixels, e = t.depth!.depth.pixels
            // Half precision: relative error at most 2^-11.
            let worst = zip(d, e).map { e in e.1.isFinite && e.1 > 0 ? abs(e.0 - e.1) / e.1 : abs(e.0) }.max()!
            #expect(worst <= 1.0 / 2048)
            #expect(f.depth!.confidence.pixels.allSatisfy { $0 == ConfidenceLevel.medium.rawValue })
        }
        if JPEGCodec.load() != nil {
            #expect(report.colorFrameCount == truth.count)
            let c = SimulatedCaptures.rgb(frames[0].color!.image), e = SimulatedCaptures.rgb(truth[0].color!.image)
            #expect(c.width == e.width && c.height == e.height)
            let meanError = zip(c.pixels, e.pixels).map { a, b in
                (abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b))) / 3
            }.reduce(0, +) / c.count
            #expect(meanError < 12, "mean colour error \(meanError) of 255")
        } else {
            #expect(report.notes.contains { $0.hasPrefix("colour skipped") })
        }
        let reference = try SimulatedCaptures.rmsDistanceToSurfaces(truth, scene: sim.scene)
        let imported = try SimulatedCaptures.rmsDistanceToSurfaces(frames, scene: sim.scene)
        #expect(imported.count > 1000)
        #expect(imported.rms <= 1.5 * reference.rms, "imported rms \(imported.rms) m, simulator \(reference.rms) m")
        // The floor comes out level (the acceptance check on real captures).
        let tilt = try #require(try SimulatedCaptures.floorTilt(frames))
        #expect(tilt < 1, "floor tilt \(tilt)°")
    }

    /// Record3D's poses are ARKit's: importing them as if they were OpenCV's (the Stray convention)
    /// smears the cloud, so the per-format convention matters.
    @Test func openCVConventionWouldSmearTheCloud() throws {
        let sim = try SimulatedCaptures.simulation(width: 48, height: 64, portrait: true)
        let dir = try makeTemporaryDirectory("record3d-wrong")
        defer { try? FileManager.default.removeItem(at: dir) }
        let truth = try SimulatedCaptures.writeRecord3D(sim, to: dir)
        let wrong = truth.map { f -> SensorFrame in
            var f = f
            f.camera.cameraTransform = PoseConversion.arkitFromOpenCV(f.camera.worldFromCamera!).matrix
            return f
        }
        let reference = try SimulatedCaptures.rmsDistanceToSurfaces(truth, scene: sim.scene)
        let smeared = try SimulatedCaptures.rmsDistanceToSurfaces(wrong, scene: sim.scene)
        #expect(smeared.rms > 10 * reference.rms)
    }
}

@Suite struct Record3DIntrinsicsTests {
    /// A K written for the landscape sensor image (principal point at the centre of 1920 × 1440) while
    /// the stored image is 1440 × 1920: it is transposed, with a note.
    @Test func landscapeKIsTransposed() throws {
        let dir = try makeTemporaryDirectory("record3d-k")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("depth"), withIntermediateDirectories: true)
        let metadata: [String: Any] = [
            "K": [1400, 0, 0, 0, 1410, 0, 959.5, 719.5, 1], "w": 1440, "h": 1920, "fps": 60,
            "poses": [[0, 0, 0, 1, 0, 0, 0]],
        ]
        try JSONSerialization.data(withJSONObject: metadata).write(to: dir.appendingPathComponent("metadata.json"))
        let importer = try Record3DImporter(folder: dir, options: ImportOptions(includeColor: false))
        #expect(importer.intrinsics == CameraIntrinsics(unchecked: 1410, fy: 1400, cx: 719.5, cy: 959.5, width: 1440, height: 1920))
        #expect(importer.notes.contains { $0.hasPrefix("K describes the 1920×1440 landscape image") })
    }
}
