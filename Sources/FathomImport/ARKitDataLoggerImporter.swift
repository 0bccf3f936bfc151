import FathomCore
import Foundation

/// Reads ARKit-Data-Logger's text files (see `docs/import/arkit-logger.md`).
///
/// `ARKit_camera_pose.txt`: a `#` comment line, then per line `timestamp r11 r12 r13 tx r21 r22 r23 ty
/// r31 r32 r33 tz` — the timestamp in nanoseconds, then ARKit's `camera.transform` (worldFromCamera,
/// ARKit camera axes) as a 3×4 matrix row by row. `ARKit_point_cloud.txt` (optional): a comment line,
/// then `x y z Y Cb Cr` per line, world metres and a colour; one point per ARKit feature at its
/// last-seen position, identifiers not written. The import keeps every pose and attaches the whole
/// cloud as one feature-point frame to the last pose (identifiers are the line order). The app
/// records no intrinsics and no depth: frames carry nominal 1920 × 1440 intrinsics.
public struct ARKitDataLoggerImporter: CaptureImporter {
    /// The format this importer reads.
    public static let format = ImportFormat.arkitLogger
    /// The files auto-detection looks for.
    public static let signatureDescription = "ARKit_camera_pose.txt"
    /// The intrinsics written for every frame (the logger records none).
    public static let nominalIntrinsics = CameraIntrinsics.iPhoneWide1920x1440

    struct Pose {
        var line: Int
        var timestamp: Double
        var matrix: Matrix4x4
    }

    let poses: [Pose]
    let points: [SIMD3<Float>]
    /// Notes on the capture as a whole (what is skipped or assumed).
    public private(set) var notes: [String] = []
    /// Problems found while opening, each naming the file.
    public private(set) var openingWarnings: [String] = []

    /// Whether `folder` holds this format's signature files.
    public static func recognizes(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("ARKit_camera_pose.txt").path)
    }

    /// Opens a capture folder, reading and checking its index files.
    /// - Throws: `ImportError` naming the file that is missing or unusable.
    public init(folder: URL, options: ImportOptions) throws {
        let file = "ARKit_camera_pose.txt"
        let table = try TextTable(url: folder.appendingPathComponent(file), displayName: file)
        var poses: [Pose] = []
        for line in table.lines {
            guard line.fields.count == 13 else {
                throw ImportError(.malformed, file: file, problem: "line \(line.number): \(line.fields.count) fields, expected 13 (timestamp, 3×4 matrix row by row)")
            }
            let v = try table.numbers(line)
            let m = v.map(Float.init)
            let matrix = Matrix4x4(
                columns: SIMD4(m[1], m[5], m[9], 0), SIMD4(m[2], m[6], m[10], 0), SIMD4(m[3], m[7], m[11], 0),
                SIMD4(m[4], m[8], m[12], 1))
            poses.append(Pose(line: line.number, timestamp: v[0] * 1e-9, matrix: matrix))
        }
        guard !poses.isEmpty else { throw ImportError(.empty, file: file, problem: "no poses") }
        self.poses = poses
        let cloudName = "ARKit_point_cloud.txt"
        let cloudURL = folder.appendingPathComponent(cloudName)
        var points: [SIMD3<Float>] = []
        var warnings: [String] = []
        if FileManager.default.fileExists(atPath: cloudURL.path) {
            let cloud = try TextTable(url: cloudURL, displayName: cloudName)
            for line in cloud.lines {
                guard line.fields.count >= 3 else {
                    throw ImportError(.malformed, file: cloudName, problem: "line \(line.number): \(line.fields.count) fields, expected x y z [Y Cb Cr]")
                }
                let v = try cloud.numbers(line)
                let p = SIMD3(Float(v[0]), Float(v[1]), Float(v[2]))
                guard p.x.isFinite, p.y.isFinite, p.z.isFinite else {
                    warnings.append("\(cloudName): line \(line.number): position not finite; point skipped")
                    continue
                }
                points.append(p)
            }
            notes.append("\(points.count) landmarks attached to the last pose as one feature-point frame (identifiers = line order; colours not kept; each is one observation: use `fathom map --min-observations 1`)")
        } else {
            notes.append("no \(cloudName): poses only")
        }
        self.points = points
        openingWarnings = warnings
        notes.append("no intrinsics recorded: nominal 1920×1440, fx = fy = \(Self.nominalIntrinsics.fx) px")
        notes.append("no depth in this format")
    }

    /// The number of frames of the capture (before decimation).
    public var frameCount: Int { poses.count }

    /// Reads frame `index` in the package's conventions, or `nil` with a warning when it is unusable.
    public mutating func frame(at index: Int, warnings: inout [String]) throws -> SensorFrame? {
        let pose = poses[index]
        var matrix = pose.matrix
        guard pose.timestamp.isFinite, matrix.isFinite else {
            warnings.append("ARKit_camera_pose.txt: line \(pose.line): a number is not finite; frame skipped")
            return nil
        }
        if RigidTransform(matrix) == nil {
            // Six-decimal text rounds the rotation; a matrix that is nearly a rotation is re-orthonormalised.
            let r = matrix.upperLeft3x3
            let fixed = r.orthonormalized
            guard fixed.isApproximatelyEqual(to: r, tolerance: PoseConversion.normalizableTolerance) else {
                warnings.append("ARKit_camera_pose.txt: line \(pose.line): the matrix is not a rotation; frame skipped")
                return nil
            }
            matrix = RigidTransform(rotation: fixed, translation: matrix.translation).matrix
            warnings.append("ARKit_camera_pose.txt: line \(pose.line): rotation re-orthonormalised")
        }
        var frame = SensorFrame(camera: CameraFrame(
            frameNumber: index, timestamp: pose.timestamp, cameraTransform: matrix, intrinsics: Self.nominalIntrinsics))
        if index == poses.count - 1 && !points.isEmpty {
            frame.features = FeaturePointFrame(
                frameNumber: index, timestamp: pose.timestamp, identifiers: (0..<points.count).map(UInt64.init),
                positions: points)
        }
        return frame
    }
}
