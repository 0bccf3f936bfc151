import FathomCore
import Foundation

/// Hand-built point clouds for registration tests: a room corner (floor and two walls) with a few
/// boxes at random places and yaws, sampled uniformly, from a seed.
public enum RegistrationFixtures {
    /// Points per square metre on the floor and walls, and on the boxes.
    public static let shellDensity: Float = 15, boxDensity: Float = 120

    /// A 4 m × 4 m corner (floor y = 0, walls x = 0 and z = 0, 2.5 m high) with `boxes` boxes, metres;
    /// `densityScale` multiplies both densities (a dense, LiDAR-like cloud at 100 or more).
    public static func furnishedCorner(seed: UInt64, boxes: Int = 4, walls: Int = 2, densityScale: Float = 1)
        -> [SIMD3<Float>]
    {
        var g = SeededGenerator(seed: seed)
        let shellDensity = Self.shellDensity * densityScale, boxDensity = Self.boxDensity * densityScale
        var points: [SIMD3<Float>] = []
        func r(_ range: ClosedRange<Float>) -> Float { Float.random(in: range, using: &g) }
        for _ in 0..<Int(16 * shellDensity) { points.append(SIMD3(r(0...4), 0, r(0...4))) }
        if walls >= 1 { for _ in 0..<Int(10 * shellDensity) { points.append(SIMD3(0, r(0...2.5), r(0...4))) } }
        if walls >= 2 { for _ in 0..<Int(10 * shellDensity) { points.append(SIMD3(r(0...4), r(0...2.5), 0)) } }
        for _ in 0..<boxes {
            let size = SIMD3(r(0.3...1.0), r(0.3...1.2), r(0.3...0.8))
            let centre = SIMD3(r(0.8...3.2), size.y / 2, r(0.8...3.2))
            let rotation = Matrix3x3.rotation(axis: SIMD3(0, 1, 0), angle: r(0...6.28))
            let faces: [(axis: Int, sign: Float)] = [(0, 1), (0, -1), (1, 1), (2, 1), (2, -1)]
            for (axis, sign) in faces {
                let u = (axis + 1) % 3, v = (axis + 2) % 3
                let area = size[u] * size[v]
                for _ in 0..<Int(area * boxDensity) {
                    var local = SIMD3<Float>.zero
                    local[axis] = sign * size[axis] / 2
                    local[u] = r(-0.5...0.5) * size[u]
                    local[v] = r(-0.5...0.5) * size[v]
                    points.append(rotation * local + centre)
                }
            }
        }
        return points
    }

    /// `points` with Gaussian noise of standard deviation `sigma` metres on each coordinate.
    public static func noisy(_ points: [SIMD3<Float>], sigma: Float, seed: UInt64) -> [SIMD3<Float>] {
        var g = SeededGenerator(seed: seed)
        return points.map {
            $0 + SIMD3(Float(g.nextGaussian()), Float(g.nextGaussian()), Float(g.nextGaussian())) * sigma
        }
    }

    /// A random `fraction` of `points`.
    public static func subset(_ points: [SIMD3<Float>], fraction: Double, seed: UInt64) -> [SIMD3<Float>] {
        var g = SeededGenerator(seed: seed)
        return points.filter { _ in Double.random(in: 0..<1, using: &g) < fraction }
    }

    /// A yaw (radians) about +y and a translation, metres.
    public static func yawTransform(_ yaw: Float, _ t: SIMD3<Float>) -> RigidTransform {
        RigidTransform(rotation: .rotation(axis: SIMD3(0, 1, 0), angle: yaw), translation: t)
    }

    /// Frames at 30 Hz (timestamps from `startTime`) of a new session seeing `points`: frame k shows
    /// `perFrame` features (identifier = point index) in the new session's world, with 2 mm noise;
    /// each feature appears in about three consecutive frames.
    public static func sessionFrames(
        of points: [SIMD3<Float>], newWorldFromScene: RigidTransform, count: Int, perFrame: Int = 60,
        startTime: Double = 100
    ) -> [SensorFrame] {
        var g = SeededGenerator(seed: 5)
        let camera = newWorldFromScene * RigidTransform(translation: SIMD3(2, 1.5, 3))
        return (0..<count).map { k in
            var ids: [UInt64] = [], positions: [SIMD3<Float>] = []
            for j in 0..<perFrame {
                let i = (k / 3 * perFrame + j * 7) % points.count
                ids.append(UInt64(i))
                let noise = SIMD3(Float(g.nextGaussian()), Float(g.nextGaussian()), Float(g.nextGaussian())) * 0.002
                positions.append(newWorldFromScene.apply(to: points[i] + noise))
            }
            let t = startTime + Double(k) / 30
            return SensorFrame(
                camera: CameraFrame(frameNumber: k, timestamp: t, cameraTransform: camera.matrix,
                                    intrinsics: .iPhoneWide1920x1440),
                features: FeaturePointFrame(frameNumber: k, timestamp: t, identifiers: ids, positions: positions))
        }
    }
}
