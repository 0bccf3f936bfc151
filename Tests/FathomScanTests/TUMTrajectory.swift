import FathomCore
import FathomScan
import Foundation

/// A TUM RGB-D ground-truth trajectory converted to Fathom's (ARKit's) conventions.
///
/// Conversion: the mocap world is z-up; Fathom's is y-up, so world (x, y, z) → (x, z, −y), a
/// rotation of −90° about x (right-handed both ways). TUM's camera frame is the optical one (x right,
/// y down, z forward); Fathom's camera looks along −Z with +Y up, so
/// `worldFromCamera = W · R_tum · diag(1, −1, −1)` with translation `W · t`.
struct TUMTrajectory {
    struct ParseError: Error, CustomStringConvertible {
        let line: Int
        let problem: String
        var description: String { "TUM trajectory line \(line): \(problem)" }
    }

    /// (timestamp seconds, worldFromCamera) in file order.
    var poses: [(timestamp: Double, worldFromCamera: RigidTransform)] = []

    static let mocapToYUp = Matrix3x3(rows: SIMD3(1, 0, 0), SIMD3(0, 0, 1), SIMD3(0, -1, 0))
    static let opticalToFathomCamera = Matrix3x3(rows: SIMD3(1, 0, 0), SIMD3(0, -1, 0), SIMD3(0, 0, -1))

    init(text: String) throws {
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let v = line.split(separator: " ").compactMap { Double($0) }
            guard v.count == 8 else { throw ParseError(line: i + 1, problem: "expected 8 numbers") }
            let q = SIMD4<Float>(Float(v[4]), Float(v[5]), Float(v[6]), Float(v[7]))
            let rotation = Self.mocapToYUp * Matrix3x3(quaternion: q) * Self.opticalToFathomCamera
            let translation = Self.mocapToYUp * SIMD3(Float(v[1]), Float(v[2]), Float(v[3]))
            poses.append((v[0], RigidTransform(rotation: rotation, translation: translation)))
        }
    }

    /// The fixture shipped with the tests.
    static func freiburg1XYZ() throws -> TUMTrajectory {
        guard
            let url = Bundle.module.url(
                forResource: "freiburg1_xyz-groundtruth", withExtension: "txt", subdirectory: "Fixtures")
        else { throw ParseError(line: 0, problem: "fixture missing") }
        return try TUMTrajectory(text: String(decoding: try Data(contentsOf: url), as: UTF8.self))
    }

    /// Monitor inputs: normal tracking, landscape, no depth, times relative to the first pose.
    var inputs: [ScanMonitor.Input] {
        let t0 = poses.first?.timestamp ?? 0
        return poses.enumerated().map { i, p in
            ScanMonitor.Input(
                camera: CameraFrame(
                    frameNumber: i, timestamp: p.timestamp - t0, cameraTransform: p.worldFromCamera.matrix,
                    intrinsics: SimulatedScan.intrinsics, orientation: .landscapeRight))
        }
    }
}
