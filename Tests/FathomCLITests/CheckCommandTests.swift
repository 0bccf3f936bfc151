import Fathom
import FathomCLI
import FathomTestSupport
import Foundation
import Testing

/// A recorded 20 s scan: walking along +X at 0.5 m/s, camera 25° down, a 360° spin at 200°/s at
/// 8 s, a label at 12 s.
func writeSpinScanPackage(in tmp: URL, name: String = "scan") throws -> URL {
    let dir = tmp.appendingPathComponent(name)
    let recorder = try ScanRecorder(directory: dir, config: ScanConfig(options: ["azimuth"]))
    let intrinsics = CameraIntrinsics(unchecked: 1400, fy: 1400, cx: 960, cy: 720, width: 1920, height: 1440)
    let tilt = Matrix3x3.rotation(axis: SIMD3(1, 0, 0), angle: -25 * Float.pi / 180)
    var x: Float = 0
    var yaw: Float = -Float.pi / 2
    for i in 0..<1200 {
        let t = Double(i) / 60
        if t >= 8, t < 9.8 { yaw += 200 * Float.pi / 180 / 60 } else { x += 0.5 / 60 }
        let rotation = Matrix3x3.rotation(axis: SIMD3(0, 1, 0), angle: yaw) * tilt
        let camera = CameraFrame(
            frameNumber: i, timestamp: 100 + t,
            cameraTransform: RigidTransform(rotation: rotation, translation: SIMD3(x, 1.4, 1)).matrix,
            intrinsics: intrinsics, worldMappingStatus: .mapped, orientation: .landscapeRight)
        let depth = DepthFrame(
            frameNumber: i, timestamp: 100 + t, depth: DepthMap(width: 4, height: 3, repeating: 2),
            confidence: ConfidenceMap(width: 4, height: 3, repeating: 2))
        try recorder.record(SensorFrame(camera: camera, depth: depth))
        if i == 720 { try recorder.addLabel("Living room") }
    }
    _ = try recorder.finish()
    return dir
}

@Suite struct CheckCommandTests {
    @Test func reportsEventsByCodeAndTheVerdict() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dir = try writeSpinScanPackage(in: tmp)
        let text = try runFathom(["check", dir.path])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "package: \(dir.path)")
        #expect(lines.contains("frames: 1200 (1200 with depth)"))
        #expect(lines.contains("duration: 19.98 s, tracked 19.98 s"))
        // 18.2 s of walking at 0.5 m/s.
        #expect(lines.contains { $0.hasPrefix("distance walked: 9.") })
        #expect(lines.contains { $0.hasPrefix("  87 Too fast rotations ×1: 8.") })
        #expect(lines.contains { $0.hasPrefix("  28 Scanning state back to normal ×1: 10.") })
        #expect(lines.contains("recorded events: 6"))
        #expect(lines.last == "verdict: ok")
    }

    @Test func jsonHasEventsAndVerdict() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dir = try writeSpinScanPackage(in: tmp)
        let text = try runFathom(["check", dir.path, "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let events = try #require(object?["events"] as? [[String: Any]])
        #expect(events.map { $0["code"] as? Int } == [0, 1, 70, 87, 28, 2])
        #expect(events.allSatisfy { $0["timestamp"] is Double && $0["frameNumber"] is Int && $0["message"] is String })
        #expect(object?["verdict"] as? String == "ok")
        #expect(object?["frameCount"] as? Int == 1200)
    }

    @Test func repairRecoversACrashedRecording() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dir = tmp.appendingPathComponent("crashing")
        let recorder = try ScanRecorder(directory: dir, config: ScanConfig())
        let intrinsics = CameraIntrinsics(unchecked: 1400, fy: 1400, cx: 960, cy: 720, width: 1920, height: 1440)
        for i in 0..<90 {
            var pose = RigidTransform.identity
            pose.translation = SIMD3(Float(i) * 0.01, 1.4, 0)
            try recorder.record(
                SensorFrame(
                    camera: CameraFrame(
                        frameNumber: i, timestamp: Double(i) / 30, cameraTransform: pose.matrix, intrinsics: intrinsics)
                ))
        }
        let crashed = tmp.appendingPathComponent("crashed")
        // What a kill leaves: the files as they are now, copied one by one (the writer's background
        // queue may be renaming arkitData.json meanwhile).
        try FileManager.default.createDirectory(at: crashed, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where !name.hasSuffix(".tmp") {
            guard let data = FileManager.default.contents(atPath: dir.appendingPathComponent(name).path) else {
                continue
            }
            try data.write(to: crashed.appendingPathComponent(name))
        }
        withExtendedLifetime(recorder) {}
        let text = try runFathom(["check", crashed.path, "--repair"])
        #expect(text.contains("repair: rebuilt arkitData.json"))
        #expect(text.contains("frames: 90 (0 with depth)"))
        // Identity rotation looks along −Z while the pose moves along +X: sideways to the right.
        #expect(text.contains("  30 Walking sideways (right) ×1: 0.5"))
        #expect(text.contains("verdict: notEnoughData (tracked 3 s, need 10 s)"))
    }

    @Test func badInputGivesClearErrors() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dir = try writeSpinScanPackage(in: tmp)
        // Missing arkitData.json.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("arkitData.json"))
        #expect(throws: ScanPackageError.self) { try runFathom(["check", dir.path]) }
        // Not a zip, and a truncated zip.
        let junk = tmp.appendingPathComponent("junk.zip")
        try Data(repeating: 0x50, count: 100).write(to: junk)
        #expect(throws: ScanPackageError.self) { try runFathom(["check", junk.path]) }
        let recorder = try ScanRecorder(directory: tmp.appendingPathComponent("zipped"), config: ScanConfig())
        let recording = try recorder.finish(zipTo: tmp.appendingPathComponent("whole.zip"))
        let whole = try Data(contentsOf: try #require(recording.zipURL))
        let cut = tmp.appendingPathComponent("cut.zip")
        try whole.prefix(whole.count * 2 / 3).write(to: cut)
        #expect(throws: ScanPackageError.self) { try runFathom(["check", cut.path]) }
        // --repair works on directories only.
        #expect(throws: (any Error).self) { try runFathom(["check", cut.path, "--repair"]) }
    }
}
