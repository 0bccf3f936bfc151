import FathomCore
import FathomIO
import FathomSimulator
import FathomTestSupport
import Foundation
import Testing

@testable import FathomImport

@Suite struct ARKitScenesImportTests {
    /// A raw sequence with world-to-camera axis-angle poses in OpenCV axes: the import inverts and
    /// converts them (poses equal the simulator's), keeps depth to the millimetre, confidence and
    /// colour, and its cloud lies on the true surfaces (rms within 1.5× of the simulator's).
    @Test func importedFramesLieOnTheTrueSurfaces() throws {
        let sim = try SimulatedCaptures.simulation(color: true)
        let dir = try makeTemporaryDirectory("arkitscenes")
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("41069021")
        let truth = try SimulatedCaptures.writeARKitScenes(sim, to: source)
        let output = dir.appendingPathComponent("scan")
        let report = try CaptureImport.importScan(from: source, to: output)
        #expect(report.format == .arkitscenes)
        #expect(report.frameCount == truth.count)
        #expect(report.colorFrameCount == truth.count)
        #expect(report.warnings.isEmpty)
        let frames = try SimulatedCaptures.frames(of: try ScanPackage(url: output))
        for (f, t) in zip(frames, truth) {
            #expect(f.camera.worldFromCamera!.isApproximatelyEqual(to: t.camera.worldFromCamera!, translationTolerance: 1e-4, angleTolerance: 1e-4))
            #expect(f.depth!.confidence == t.depth!.confidence)
            #expect(SimulatedCaptures.rgb(f.color!.image) == SimulatedCaptures.rgb(t.color!.image))
        }
        let reference = try SimulatedCaptures.rmsDistanceToSurfaces(truth, scene: sim.scene)
        let imported = try SimulatedCaptures.rmsDistanceToSurfaces(frames, scene: sim.scene)
        #expect(imported.rms <= 1.5 * reference.rms, "imported rms \(imported.rms) m, simulator \(reference.rms) m")
        // The dataset's z-up world becomes y up: the floor is level.
        let tilt = try #require(try SimulatedCaptures.floorTilt(frames))
        #expect(tilt < 1, "floor tilt \(tilt)°")
    }

    /// A depth frame whose timestamp has no pose within 5 ms is skipped with a warning naming it.
    @Test func frameWithoutPoseIsSkipped() throws {
        let sim = try SimulatedCaptures.simulation(duration: 0.4)
        let dir = try makeTemporaryDirectory("arkitscenes-nopose")
        defer { try? FileManager.default.removeItem(at: dir) }
        let truth = try SimulatedCaptures.writeARKitScenes(sim, to: dir.appendingPathComponent("v"))
        let traj = dir.appendingPathComponent("v/lowres_wide.traj")
        let lines = try String(contentsOf: traj, encoding: .utf8).split(separator: "\n")
        try (lines.dropLast().joined(separator: "\n") + "\n").write(to: traj, atomically: true, encoding: .utf8)
        let report = try CaptureImport.importScan(from: dir.appendingPathComponent("v"), to: dir.appendingPathComponent("scan"))
        #expect(report.frameCount == truth.count - 1)
        #expect(report.warnings.count == 1)
        #expect(report.warnings[0].contains("no pose in lowres_wide.traj"))
    }

    /// `lowres_wide` as JPEGs: decoded through libturbojpeg when installed (close to the simulator's
    /// image), else the import goes on without colour and says why.
    @Test func jpegColour() throws {
        let sim = try SimulatedCaptures.simulation(color: true, duration: 0.4)
        let dir = try makeTemporaryDirectory("arkitscenes-jpeg")
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("v")
        let truth = try SimulatedCaptures.writeARKitScenes(sim, to: source)
        let colour = source.appendingPathComponent("lowres_wide")
        let codec = JPEGCodec.load()
        for name in try FileManager.default.contentsOfDirectory(atPath: colour.path) {
            let png = colour.appendingPathComponent(name)
            if let codec {
                let image = try ImageFile.readRGB(png)
                try codec.encode(image, quality: 95).write(to: png.deletingPathExtension().appendingPathExtension("jpg"))
            } else {
                try Data([0xFF, 0xD8]).write(to: png.deletingPathExtension().appendingPathExtension("jpg"))
            }
            try FileManager.default.removeItem(at: png)
        }
        let report = try CaptureImport.importScan(from: source, to: dir.appendingPathComponent("scan"))
        #expect(report.frameCount == truth.count)
        guard codec != nil else {
            #expect(report.colorFrameCount == 0)
            #expect(report.warnings.contains { $0.hasPrefix("colour skipped") })
            return
        }
        #expect(report.colorFrameCount == truth.count)
        let frames = try SimulatedCaptures.frames(of: try ScanPackage(url: dir.appendingPathComponent("scan")))
        let c = SimulatedCaptures.rgb(frames[0].color!.image), e = SimulatedCaptures.rgb(truth[0].color!.image)
        let meanError = zip(c.pixels, e.pixels).map { a, b in
            abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b))
        }.reduce(0, +) / (3 * c.count)
        #expect(meanError < 12)
    }
}
