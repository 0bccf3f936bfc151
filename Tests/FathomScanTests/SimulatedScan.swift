import FathomCore
import FathomScan
import Foundation

/// A scripted hand-held scan of a 4 × 3.5 × 2.5 m room at 60 Hz, built step by step (walk, turn,
/// tilt, faults), with seeded pose jitter and ray-cast median depth: the ground truth for the monitor
/// tests.
///
/// Camera pose: `worldFromCamera = Ry(yaw) · Rx(pitch)` at the current position; yaw 0 looks along
/// −Z, yaw −90° along +X. The median depth is the distance along the viewing ray to the room's box.
struct SimulatedScan {
    static let frameRate = 60.0
    static let roomSize = SIMD3<Float>(4, 2.5, 3.5)
    static let intrinsics = CameraIntrinsics(unchecked: 1400, fy: 1400, cx: 960, cy: 720, width: 1920, height: 1440)

    var inputs: [ScanMonitor.Input] = []
    var position = SIMD3<Float>(0.8, 1.4, 0.8)
    var yawDegrees: Float = -90
    var pitchDegrees: Float = -25
    var tracking: TrackingState = .normal
    var orientation: DeviceOrientation = .landscapeRight
    var signals = DeviceSignals.nominal
    var invalidPose = false
    var time = 0.0
    var generator: SeededGenerator
    /// Pose jitter, metres and degrees (1 σ).
    var positionJitterMetres: Float = 0.003
    var angleJitterDegrees: Float = 0.2

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    var frameCount: Int { inputs.count }

    // MARK: Script steps

    /// Stands still for a while.
    mutating func hold(seconds: Double) {
        for _ in 0..<steps(seconds) { emit() }
    }

    /// Walks in a straight line to `target` (x, z), facing the walking direction unless `facing` is
    /// false, at `speed` m/s.
    mutating func walk(toX x: Float, z: Float, speed: Float = 0.5, facing: Bool = true) {
        let delta = SIMD3<Float>(x - position.x, 0, z - position.z)
        let n = max(1, Int((Double(delta.length / speed) * Self.frameRate).rounded()))
        if facing, delta.length > 0 { turn(toYawDegrees: atan2(-delta.x, -delta.z) * 180 / .pi) }
        let start = position
        for i in 1...n {
            position = start + delta * (Float(i) / Float(n))
            emit()
        }
    }

    /// Turns in place to a yaw, the short way round, at `rate` °/s.
    mutating func turn(toYawDegrees target: Float, rate: Float = 45) {
        var d = (target - yawDegrees).truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d < -180 { d += 360 }
        rotate(yawByDegrees: d, rate: rate)
    }

    /// Rotates the yaw by `degrees` at `rate` °/s.
    mutating func rotate(yawByDegrees degrees: Float, rate: Float) {
        let n = Int((Double(abs(degrees) / rate) * Self.frameRate).rounded())
        guard n > 0 else { return }
        let start = yawDegrees
        for i in 1...n {
            yawDegrees = start + degrees * Float(i) / Float(n)
            emit()
        }
    }

    /// Tilts to a pitch at `rate` °/s.
    mutating func tilt(toPitchDegrees target: Float, rate: Float = 50) {
        let n = Int((Double(abs(target - pitchDegrees) / rate) * Self.frameRate).rounded())
        guard n > 0 else { return }
        let start = pitchDegrees
        for i in 1...n {
            pitchDegrees = start + (target - start) * Float(i) / Float(n)
            emit()
        }
    }

    /// Moves the pose by `offset` over `seconds` (0: in one frame), as a tracking jump does.
    mutating func jump(by offset: SIMD3<Float>, seconds: Double) {
        let n = max(1, steps(seconds))
        let start = position
        for i in 1...n {
            position = start + offset * (Float(i) / Float(n))
            emit()
        }
    }

    // MARK: Frames

    private func steps(_ seconds: Double) -> Int { Int((seconds * Self.frameRate).rounded()) }

    /// The true (jitter-free) pose.
    var pose: RigidTransform {
        let rotation =
            Matrix3x3.rotation(axis: SIMD3(0, 1, 0), angle: yawDegrees * .pi / 180)
            * Matrix3x3.rotation(axis: SIMD3(1, 0, 0), angle: pitchDegrees * .pi / 180)
        return RigidTransform(rotation: rotation, translation: position)
    }

    /// Distance along the viewing ray to the room's box, metres.
    var rayDepthMetres: Float {
        let origin = pose.translation
        let direction = -pose.rotation.columns.2
        var best = Float.infinity
        for axis in 0..<3 where abs(direction[axis]) > 1e-6 {
            for wall in [Float(0), Self.roomSize[axis]] {
                let t = (wall - origin[axis]) / direction[axis]
                if t > 0 { best = min(best, t) }
            }
        }
        return best
    }

    /// Appends one frame at the current state and advances the clock.
    mutating func emit() {
        var matrix: Matrix4x4
        if invalidPose {
            matrix = Matrix4x4(columns: SIMD4(.nan, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1))
        } else {
            let jitterAxis = SIMD3<Float>(gaussian(), gaussian(), gaussian())
            let jitter = Matrix3x3.rotation(axis: jitterAxis, angle: angleJitterDegrees * gaussian() * .pi / 180)
            let noisy = RigidTransform(
                rotation: pose.rotation * jitter,
                translation: position + SIMD3(gaussian(), gaussian(), gaussian()) * positionJitterMetres)
            matrix = noisy.matrix
        }
        let depth = DepthStatistics(medianDepthMetres: rayDepthMetres * (1 + 0.01 * gaussian()), validFraction: 0.9)
        let camera = CameraFrame(
            frameNumber: inputs.count, timestamp: time, cameraTransform: matrix, intrinsics: Self.intrinsics,
            trackingState: tracking, worldMappingStatus: .mapped, orientation: orientation)
        inputs.append(ScanMonitor.Input(camera: camera, depth: depth, signals: signals))
        time += 1 / Self.frameRate
    }

    private mutating func gaussian() -> Float { Float(generator.nextGaussian()) }

    // MARK: The clean walk

    /// First leg: along the z = 0.8 wall towards +X.
    mutating func walkFirstLeg() {
        hold(seconds: 1)
        walk(toX: 3.2, z: 0.8)
    }

    /// The rest of the walk round the room, back to the start.
    mutating func walkRemainingLegs() {
        walk(toX: 3.2, z: 2.7)
        walk(toX: 0.8, z: 2.7)
        walk(toX: 0.8, z: 0.8)
        hold(seconds: 1)
    }
}

extension SimulatedScan {
    /// Feeds every frame to a fresh monitor and finishes it.
    func monitored(configuration: ScanMonitorConfiguration = .default) -> (ScanMonitor, ScanVerdict) {
        var monitor = ScanMonitor(configuration: configuration)
        for input in inputs { _ = monitor.process(input) }
        let verdict = monitor.finish()
        return (monitor, verdict)
    }
}
