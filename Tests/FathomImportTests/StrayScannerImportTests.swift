import FathomCore
import FathomIO
import FathomPlan
import FathomSimulator
import FathomTestSupport
import Foundation
import Testing

@testable import FathomImport

@Suite struct StrayScannerImportTests {
    /// Poses and depth survive: each imported pose equals the simulator's recorded pose (ARKit axes),
    /// depth is the simulated depth to the millimetre, and a cloud of the imported frames lies on the
    /// true surfaces as closely as the simulator's own frames do (rms within 1.5×).
    @Test func importedFramesLieOnTheTrueSurfaces() throws {
        let sim = try SimulatedCaptures.simulation()
        let dir = try makeTemporaryDirectory("stray")
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("capture")
        try SimulatedCaptures.writeStray(sim, to: source)
        let output = dir.appendingPathComponent("scan")
        let report = try CaptureImport.importScan(from: source, to: output)
        #expect(report.format == .stray)
        #expect(report.formatWasDetected)
        #expect(report.frameCount == sim.frameCount)
        let truth = SimulatedCaptures.depthFrames(sim)
        #expect(report.depthFrameCount == truth.count)
        #expect(report.warnings.isEmpty)
        let package = try ScanPackage(url: output)
        let frames = try SimulatedCaptures.frames(of: package)
        #expect(frames.count == sim.frameCount)
        for (f, t) in zip(frames, (0..<sim.frameCount).map { sim.frame($0) }) {
            #expect(f.camera.worldFromCamera!.isApproximatelyEqual(to: t.camera.worldFromCamera!, translationTolerance: 1e-5, angleTolerance: 1e-4))
            if let d = f.depth, let e = t.depth {
                let worst = zip(d.depth.pixels, e.depth.pixels).map { abs($0 - ($1.isFinite ? $1 : 0)) }.max()!
                #expect(worst <= 0.0005 + 1e-6)
                #expect(d.confidence == e.confidence)
            }
        }
        let reference = try SimulatedCaptures.rmsDistanceToSurfaces(truth, scene: sim.scene)
        let imported = try SimulatedCaptures.rmsDistanceToSurfaces(frames, scene: sim.scene)
        #expect(imported.count > 1000)
        #expect(imported.rms <= 1.5 * reference.rms, "imported rms \(imported.rms) m, simulator \(reference.rms) m")
        // The floor comes out level (the acceptance check on real captures).
        let tilt = try #require(try SimulatedCaptures.floorTilt(frames))
        #expect(tilt < 1, "floor tilt \(tilt)°")
    }

    /// The same capture with its poses written in ARKit's camera axes instead of Stray's (OpenCV):
    /// the importer's conversion then turns each camera round, and the cloud misses the surfaces —
    /// the convention matters.
    @Test func wrongCameraAxesSmearTheCloud() throws {
        let sim = try SimulatedCaptures.simulation()
        let dir = try makeTemporaryDirectory("stray-wrong")
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("capture")
        try SimulatedCaptures.writeStray(sim, to: source, axes: .arkitByMistake)
        let output = dir.appendingPathComponent("scan")
        _ = try CaptureImport.importScan(from: source, to: output, options: ImportOptions(format: .stray))
        let frames = try SimulatedCaptures.frames(of: try ScanPackage(url: output))
        let reference = try SimulatedCaptures.rmsDistanceToSurfaces(SimulatedCaptures.depthFrames(sim), scene: sim.scene)
        let imported = try SimulatedCaptures.rmsDistanceToSurfaces(frames, scene: sim.scene)
        #expect(imported.rms > 10 * reference.rms, "wrong axes rms \(imported.rms) m, simulator \(reference.rms) m")
    }

    /// `--every 2` keeps frames 0, 2, 4, … and the last; a `.zip` output is one archive.
    @Test func decimationAndZipOutput() throws {
        let sim = try SimulatedCaptures.simulation(duration: 0.4)
        let dir = try makeTemporaryDirectory("stray-every")
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("capture")
        try SimulatedCaptures.writeStray(sim, to: source)
        let output = dir.appendingPathComponent("scan.zip")
        let report = try CaptureImport.importScan(from: source, to: output, options: ImportOptions(every: 2))
        var expected = Array(stride(from: 0, to: sim.frameCount, by: 2))
        if expected.last != sim.frameCount - 1 { expected.append(sim.frameCount - 1) }
        let package = try ScanPackage(url: output)
        #expect(package.cameraFrames.map(\.frameNumber) == expected)
        #expect(report.frameCount == expected.count)
        // Nothing but the archive is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["capture", "scan.zip"])
    }

    /// Colour from `rgb.mp4` (decoded by FFmpeg when installed, scaled to the depth size): each frame's
    /// image comes back close to the simulator's; without FFmpeg the import notes that colour was skipped.
    @Test func colourFromTheVideo() throws {
        let sim = try SimulatedCaptures.simulation(width: 32, height: 24, color: true, duration: 0.3, depthEvery: 1)
        let dir = try makeTemporaryDirectory("stray-video")
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("capture")
        try SimulatedCaptures.writeStray(sim, to: source)
        let hasVideo = try SimulatedCaptures.writeStrayVideo(sim, to: source)
        let output = dir.appendingPathComponent("scan")
        let report = try CaptureImport.importScan(from: source, to: output)
        guard hasVideo else {
            #expect(report.notes.contains { $0.hasPrefix("colour skipped") })
            return
        }
        #expect(report.colorFrameCount == sim.frameCount)
        let frames = try SimulatedCaptures.frames(of: try ScanPackage(url: output))
        for (i, f) in frames.enumerated() {
            let c = SimulatedCaptures.rgb(f.color!.image), e = SimulatedCaptures.rgb(sim.frame(i).color!.image)
            let meanError = zip(c.pixels, e.pixels).map { a, b in
                abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b))
            }.reduce(0, +) / (3 * c.count)
            #expect(meanError <= 3, "frame \(i): mean colour error \(meanError) of 255")
        }
    }
}

@Suite struct ImportedPackagePlanTests {
    /// End to end: a simulated 4 × 3.5 m room written as a Stray Scanner capture, imported, then
    /// turned into a floor plan by the existing extractor: 4 walls, one room of 14 m² (±3 %).
    @Test func floorPlanOfAnImportedStrayCapture() throws {
        let room = RoomDescription(
            polygon: [SIMD2(0, 0), SIMD2(0, 3.5), SIMD2(4, 3.5), SIMD2(4, 0)], height: 2.5,
            openings: [OpeningDescription(kind: .door, wall: 2, offset: 1.6, width: 0.9)])
        let scene = SceneDescription(
            rooms: [room],
            path: .walk(WalkPath(
                waypoints: [SIMD2(1.4, 1.2), SIMD2(1.4, 2.3), SIMD2(2.6, 2.3), SIMD2(2.6, 1.2)], sweepDegrees: 10, closed: true)))
        var sensors = SensorConfiguration()
        sensors.depthEveryNthFrame = 8
        sensors.imageEveryNthFrame = 0
        sensors.featuresEveryNthFrame = 0
        sensors.depthWidth = 128
        sensors.depthHeight = 96
        let sim = try ScanSimulation(description: scene, sensors: sensors, seed: 2)
        let dir = try makeTemporaryDirectory("stray-plan")
        defer { try? FileManager.default.removeItem(at: dir) }
        try SimulatedCaptures.writeStray(sim, to: dir.appendingPathComponent("capture"))
        let output = dir.appendingPathComponent("scan.zip")
        _ = try CaptureImport.importScan(from: dir.appendingPathComponent("capture"), to: output, options: ImportOptions(every: 8))
        let result = try FloorPlanExtractor().extract(package: try ScanPackage(url: output))
        #expect(result.plan.walls.count == 4)
        #expect(result.plan.rooms.count == 1)
        #expect(abs((result.plan.rooms.first?.area ?? 0) - 14) < 0.42, "area \(result.plan.rooms.first?.area ?? 0) m²")
    }
}
