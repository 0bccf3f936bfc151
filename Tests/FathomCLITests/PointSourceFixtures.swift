import Fathom
import FathomTestSupport
import Foundation

/// A synthetic scan package with known answers, built in code: a floor (y = 0) and a wall (z = −2 m)
/// seen by a camera sliding along x; LiDAR depth with Gaussian noise, an RGB camera image (missing on
/// frame 4), and raw feature points with needle noise around 300 landmarks (10 % gross mismatches).
enum PointSourceFixtures {
    /// Depth noise, metres (standard deviation along the ray's depth).
    static let depthNoise: Float = 0.005
    /// The landmarks, indexed by identifier.
    static let landmarks: [SIMD3<Float>] = {
        var g = SeededGenerator(seed: 99)
        return (0..<300).map { i in
            i % 2 == 0
                ? SIMD3(Float.random(in: -1.5...1.5, using: &g), Float.random(in: 0.1...2, using: &g), -2)
                : SIMD3(Float.random(in: -1.5...1.5, using: &g), 0, Float.random(in: -1.9 ... -0.2, using: &g))
        }
    }()

    /// Distance from a point to the nearest of the two planes, metres.
    static func distanceToSurfaces(_ p: SIMD3<Float>) -> Float { min(abs(p.z + 2), abs(p.y)) }

    /// The frames.
    static func frames(count: Int = 12) -> [SensorFrame] {
        var g = SeededGenerator(seed: 5)
        let k = CameraIntrinsics.iPhoneWide1920x1440
        return (0..<count).map { n in
            let eye = SIMD3<Float>(-0.6 + 0.1 * Float(n), 1.4, 0.5)
            let pose = RigidTransform.lookAt(eye: eye, target: SIMD3(eye.x * 0.5, 0.6, -2))!
            let camera = CameraFrame(frameNumber: n, timestamp: Double(n) / 30, cameraTransform: pose.matrix,
                                     intrinsics: k)
            let dk = k.scaled(toWidth: 256, height: 192)
            var depth = DepthMap(width: 256, height: 192, repeating: 0)
            for v in 0..<192 {
                for u in 0..<256 {
                    let dir = pose.applyToDirection(dk.unproject(u: Float(u), v: Float(v), depth: 1))   // depth 1
                    var t = Float.infinity
                    if dir.z < 0 { t = min(t, (-2 - eye.z) / dir.z) }
                    if dir.y < 0 { t = min(t, -eye.y / dir.y) }
                    if t.isFinite { depth[u, v] = t + Float(g.nextGaussian()) * depthNoise }
                }
            }
            var image = RGBImage(width: 128, height: 96, repeating: RGB8(r: 200, g: 180, b: 160))
            for y in 48..<96 { for x in 0..<128 { image[x, y] = RGB8(r: 60, g: 90, b: 120) } }
            var ids: [UInt64] = [], points: [SIMD3<Float>] = []
            for (i, truth) in landmarks.enumerated() where Int.random(in: 0..<2, using: &g) == 0 {
                let ray = truth - eye, range = ray.length, r = ray / range
                var along = Float(g.nextGaussian()) * 0.01 * range
                if Int.random(in: 0..<10, using: &g) == 0 { along += Float.random(in: 0.2...0.4, using: &g) }
                ids.append(UInt64(i))
                points.append(truth + r * along + r.anyPerpendicular * Float(g.nextGaussian()) * 0.001 * range)
            }
            return SensorFrame(
                camera: camera,
                depth: DepthFrame(frameNumber: n, timestamp: camera.timestamp, depth: depth,
                                  confidence: ConfidenceMap(width: 256, height: 192, repeating: 2)),
                color: n == 4 ? nil : ColorFrame(frameNumber: n, timestamp: camera.timestamp, image: .rgb(image)),
                features: FeaturePointFrame(frameNumber: n, timestamp: camera.timestamp, identifiers: ids, positions: points))
        }
    }

    /// The package, written once per test run.
    static let package: URL = {
        let dir = try! makeTemporaryDirectory("fathom-pointsources").appendingPathComponent("scan")
        let writer = try! ScanPackageWriter(directory: dir, config: ScanConfig())
        for frame in frames() { try! writer.append(frame) }
        try! writer.finish()
        return dir
    }()
}
