import Fathom
import Foundation

/// A 10-minute scan at 60 Hz (36,000 frames): laps round a 4 × 3.5 m room at 0.5 m/s, camera tilted
/// 25° down, seeded jitter, median depth per frame.
func tenMinuteScanInputs(seed: UInt64) -> [ScanMonitor.Input] {
    var g = SeededGenerator(seed: seed)
    let intrinsics = CameraIntrinsics(unchecked: 1400, fy: 1400, cx: 960, cy: 720, width: 1920, height: 1440)
    let tilt = Matrix3x3.rotation(axis: SIMD3(1, 0, 0), angle: -25 * .pi / 180)
    let angularSpeed: Float = 0.5 / 1.2  // rad/s on a 1.2 m radius: 0.5 m/s
    return (0..<36_000).map { i in
        let t = Double(i) / 60
        let a = angularSpeed * Float(t)
        let position = SIMD3<Float>(2 + 1.2 * cos(a), 1.4, 1.75 + 1.0 * sin(a))
        let tangent = SIMD3<Float>(-1.2 * sin(a), 0, 1.0 * cos(a))
        let yaw = atan2(-tangent.x, -tangent.z) + Float(g.nextGaussian()) * 0.003
        let rotation = Matrix3x3.rotation(axis: SIMD3(0, 1, 0), angle: yaw) * tilt
        let jitter = SIMD3<Float>(Float(g.nextGaussian()), Float(g.nextGaussian()), Float(g.nextGaussian())) * 0.003
        let camera = CameraFrame(
            frameNumber: i, timestamp: t,
            cameraTransform: RigidTransform(rotation: rotation, translation: position + jitter).matrix,
            intrinsics: intrinsics, worldMappingStatus: .mapped, orientation: .landscapeRight)
        let depth = DepthStatistics(medianDepthMetres: 2 + 0.3 * sin(Float(t)), validFraction: 0.9)
        return ScanMonitor.Input(camera: camera, depth: depth)
    }
}

var scanBenchmarks: [BenchmarkCase] {
    [
        BenchmarkCase(name: "scan/monitor/replay-10min-36k", iterations: 10) {
            let inputs = tenMinuteScanInputs(seed: 1)
            return {
                var monitor = ScanMonitor()
                for input in inputs { _ = monitor.process(input) }
                blackHole(monitor.finish())
            }
        }
    ]
}

/// Records `frames` into a fresh package under `base` (the previous run's package is removed first).
func recordScan(_ frames: [SensorFrame], base: URL, run: inout Int) {
    try? FileManager.default.removeItem(at: base.appendingPathComponent("run\(run)"))
    run += 1
    do {
        let recorder = try ScanRecorder(directory: base.appendingPathComponent("run\(run)"), config: ScanConfig())
        for frame in frames { try recorder.record(frame) }
        blackHole(try recorder.finish())
    } catch {
        fatalError("recording failed: \(error)")
    }
}

/// Sensor frames of the 10-minute scan, the first `count`, with a `width`×`height` depth map each.
func scanSensorFrames(count: Int, depthWidth: Int, depthHeight: Int) -> [SensorFrame] {
    tenMinuteScanInputs(seed: 2).prefix(count).map { input in
        guard depthWidth > 0 else { return SensorFrame(camera: input.camera) }
        let d = input.depth?.medianDepthMetres ?? 1
        let depth = DepthFrame(
            frameNumber: input.camera.frameNumber, timestamp: input.camera.timestamp,
            depth: DepthMap(width: depthWidth, height: depthHeight, repeating: d),
            confidence: ConfidenceMap(width: depthWidth, height: depthHeight, repeating: 2))
        return SensorFrame(camera: input.camera, depth: depth)
    }
}

var scanRecordingBenchmarks: [BenchmarkCase] {
    [
        // Per frame: divide by the frame count.
        BenchmarkCase(name: "scan/record/600f-depth256x192", iterations: 5) {
            let frames = scanSensorFrames(count: 600, depthWidth: 256, depthHeight: 192)
            let base = FileManager.default.temporaryDirectory.appendingPathComponent("fathom-bench-record-\(getpid())")
            var run = 0
            return { recordScan(frames, base: base, run: &run) }
        },
        // The same frames through the bare writer: the difference is what the recorder adds (monitor,
        // depth statistics, events).
        BenchmarkCase(name: "scan/writer-only/600f-depth256x192", iterations: 5) {
            let frames = scanSensorFrames(count: 600, depthWidth: 256, depthHeight: 192)
            let base = FileManager.default.temporaryDirectory.appendingPathComponent(
                "fathom-bench-record-\(getpid())-w")
            var run = 0
            return {
                try? FileManager.default.removeItem(at: base.appendingPathComponent("run\(run)"))
                run += 1
                do {
                    let writer = try ScanPackageWriter(
                        directory: base.appendingPathComponent("run\(run)"), config: ScanConfig())
                    for frame in frames { try writer.append(frame) }
                    try writer.finish()
                } catch {
                    fatalError("writing failed: \(error)")
                }
            }
        },
        BenchmarkCase(name: "scan/record/7200f-poses", iterations: 3) {
            let frames = scanSensorFrames(count: 7200, depthWidth: 0, depthHeight: 0)
            let base = FileManager.default.temporaryDirectory.appendingPathComponent(
                "fathom-bench-record-\(getpid())-p")
            var run = 0
            return { recordScan(frames, base: base, run: &run) }
        },
    ]
}
