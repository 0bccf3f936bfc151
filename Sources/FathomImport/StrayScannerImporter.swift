import FathomCore
import FathomIO
import Foundation

/// Reads a Stray Scanner capture folder (see `docs/import/stray.md`).
///
/// Layout: `odometry.csv` (header `timestamp, frame, x, y, z, qx, qy, qz, qw`: camera-to-world
/// position in metres and quaternion, scalar last), `camera_matrix.csv` (3×3 K of the 1920×1440
/// image, row by row), `depth/NNNNNN.png` (16-bit millimetres, 0 = no reading), `confidence/NNNNNN.png`
/// (8-bit 0/1/2), `rgb.mp4` (one video frame per odometry row), `imu.csv` (not imported).
/// Conventions converted here: Stray's camera axes are OpenCV's (x right, y down, z forward), turned
/// into ARKit's (x right, y up, −z forward) by `PoseConversion.arkitFromOpenCV`; millimetres become
/// metres. Depth may exist for only some of the frames.
public struct StrayScannerImporter: CaptureImporter {
    /// The format this importer reads.
    public static let format = ImportFormat.stray
    /// The files auto-detection looks for.
    public static let signatureDescription = "odometry.csv, camera_matrix.csv, depth/"
    /// The frame rate assumed for odometry rows without timestamps (the app records at 60 Hz), per second.
    public static let legacyFrameRate = 60.0
    /// The camera image size Stray Scanner records (the size `camera_matrix.csv` describes), pixels.
    public static let documentedImageSize = (width: 1920, height: 1440)

    /// One odometry row.
    struct Row {
        var line: Int
        var timestamp: Double
        var frame: Int
        var position: SIMD3<Float>
        var quaternion: SIMD4<Float>
        /// The row's position among the data rows (rows skipped included): its frame in `rgb.mp4`.
        var videoFrame: Int
    }

    let folder: URL
    let rows: [Row]
    let intrinsics: CameraIntrinsics
    /// Notes on the capture as a whole (what is skipped or assumed).
    public private(set) var notes: [String] = []
    /// Problems found while opening, each naming the file.
    public private(set) var openingWarnings: [String] = []
    private var video: FFmpegVideoReader?
    private var depthSize: (width: Int, height: Int)?
    private var videoEnded = false

    /// Whether `folder` holds this format's signature files.
    public static func recognizes(_ folder: URL) -> Bool {
        let fm = FileManager.default
        return fm.fileExists(atPath: folder.appendingPathComponent("odometry.csv").path)
            && fm.fileExists(atPath: folder.appendingPathComponent("camera_matrix.csv").path)
    }

    /// Opens a capture folder, reading and checking its index files.
    /// - Throws: `ImportError` naming the file that is missing or unusable.
    public init(folder: URL, options: ImportOptions) throws {
        self.folder = folder
        let odometry = try TextTable(url: folder.appendingPathComponent("odometry.csv"), displayName: "odometry.csv")
        var rows: [Row] = []
        var warnings: [String] = []
        var seen = Set<Int>()
        var dataRows = 0
        var legacy = false
        for line in odometry.lines {
            if dataRows == 0 && line.fields.first.map({ Double($0) == nil }) == true { continue }  // the header
            dataRows += 1
            // Early versions of the app wrote `x, y, z, qx, qy, qz, qw` only (7 fields, no header): the
            // frame is then the row and the time row / `legacyFrameRate`.
            if dataRows == 1 && line.fields.count == 7 { legacy = true }
            guard line.fields.count == (legacy ? 7 : 9) else {
                let expected = legacy ? "7 (x, y, z, qx, qy, qz, qw, as the first row)" : "9 (timestamp, frame, x, y, z, qx, qy, qz, qw)"
                throw ImportError(.malformed, file: "odometry.csv", problem: "line \(line.number): \(line.fields.count) fields, expected \(expected)")
            }
            var v = try odometry.numbers(line)
            if legacy { v = [Double(dataRows - 1) / Self.legacyFrameRate, Double(dataRows - 1)] + v }
            guard v[0].isFinite, v[1].isFinite, v[1] >= 0, v[1] <= Double(UInt32.max), v[1] == v[1].rounded() else {
                warnings.append("odometry.csv: line \(line.number): timestamp \(v[0]) or frame \(v[1]) unusable; skipped")
                continue
            }
            let frame = Int(v[1])
            guard seen.insert(frame).inserted else {
                warnings.append("odometry.csv: line \(line.number): frame \(frame) repeats; skipped")
                continue
            }
            rows.append(Row(
                line: line.number, timestamp: v[0], frame: frame, position: SIMD3(Float(v[2]), Float(v[3]), Float(v[4])),
                quaternion: SIMD4(Float(v[5]), Float(v[6]), Float(v[7]), Float(v[8])), videoFrame: dataRows - 1))
        }
        guard !rows.isEmpty else {
            throw ImportError(.empty, file: "odometry.csv", problem: "no pose rows (the file holds \(odometry.lines.count) lines)")
        }
        self.rows = rows
        openingWarnings = warnings
        if legacy {
            notes.append("odometry.csv has no timestamp and frame columns (an early version of the app): frame = row, time = row / \(Int(Self.legacyFrameRate)) s")
        }
        intrinsics = try Self.readCameraMatrix(folder.appendingPathComponent("camera_matrix.csv"))
        let fm = FileManager.default
        if !fm.fileExists(atPath: folder.appendingPathComponent("depth").path) {
            notes.append("no depth/ folder: poses only")
        }
        if !fm.fileExists(atPath: folder.appendingPathComponent("confidence").path) {
            notes.append("no confidence/ folder: every depth reading is taken as medium confidence")
        }
        let videoURL = folder.appendingPathComponent("rgb.mp4")
        if options.includeColor {
            if !fm.fileExists(atPath: videoURL.path) {
                notes.append("colour skipped: no rgb.mp4")
            } else if FFmpegVideoReader.locate() == nil {
                notes.append("colour skipped: the ffmpeg executable was not found (install FFmpeg to import rgb.mp4)")
            }
        }
        notes.append("imu.csv is not imported")
        // Depth maps of frames that have no odometry row cannot be placed.
        if let names = try? fm.contentsOfDirectory(atPath: folder.appendingPathComponent("depth").path) {
            let posed = Set(rows.map { String(format: "%06d.png", $0.frame) })
            let orphans = names.filter { $0.hasSuffix(".png") && !posed.contains($0) }.sorted()
            if let first = orphans.first {
                openingWarnings.append("depth/: \(orphans.count) depth map(s) have no pose in odometry.csv (first: \(first)); skipped")
            }
        }
    }

    /// K from `camera_matrix.csv`: three rows of three numbers, `[fx 0 cx; 0 fy cy; 0 0 1]`.
    static func readCameraMatrix(_ url: URL) throws -> CameraIntrinsics {
        let table = try TextTable(url: url, displayName: "camera_matrix.csv")
        let rows = try table.lines.map { try table.numbers($0) }
        guard rows.count == 3, rows.allSatisfy({ $0.count == 3 }) else {
            throw ImportError(.malformed, file: "camera_matrix.csv", problem: "expected 3 rows of 3 numbers, found \(rows.map(\.count))")
        }
        let (fx, fy, cx, cy) = (Float(rows[0][0]), Float(rows[1][1]), Float(rows[0][2]), Float(rows[1][2]))
        var (w, h) = documentedImageSize
        // A matrix whose principal point is far from the documented image's centre describes another
        // image size: take the even size centred on the principal point (cx = w/2 or (w − 1)/2 both give w).
        if abs(2 * cx - Float(w)) > 0.1 * Float(w) || abs(2 * cy - Float(h)) > 0.1 * Float(h) {
            (w, h) = (2 * Int((cx + 0.25).rounded()), 2 * Int((cy + 0.25).rounded()))
        }
        guard let k = CameraIntrinsics(fx: fx, fy: fy, cx: cx, cy: cy, width: w, height: h) else {
            throw ImportError(.malformed, file: "camera_matrix.csv", problem: "unusable intrinsics fx \(fx), fy \(fy), cx \(cx), cy \(cy)")
        }
        return k
    }

    /// The number of frames of the capture (before decimation).
    public var frameCount: Int { rows.count }

    /// Reads frame `index` in the package's conventions, or `nil` with a warning when it is unusable.
    public mutating func frame(at index: Int, warnings: inout [String]) throws -> SensorFrame? {
        let row = rows[index]
        let q: SIMD4<Float>
        switch PoseConversion.check(quaternion: row.quaternion) {
        case let .unit(u): q = u
        case let .normalized(u, norm):
            q = u
            warnings.append("odometry.csv: line \(row.line): quaternion norm \(norm) normalised")
        case let .refused(why):
            warnings.append("odometry.csv: line \(row.line): frame \(row.frame): \(why); skipped")
            return nil
        }
        guard row.position.x.isFinite, row.position.y.isFinite, row.position.z.isFinite else {
            warnings.append("odometry.csv: line \(row.line): frame \(row.frame): position is not finite; skipped")
            return nil
        }
        let pose = PoseConversion.arkitFromOpenCV(RigidTransform(rotation: Matrix3x3(quaternion: q), translation: row.position))
        let camera = CameraFrame(
            frameNumber: row.frame, timestamp: row.timestamp, cameraTransform: pose.matrix, intrinsics: intrinsics,
            orientation: .landscapeRight)
        var frame = SensorFrame(camera: camera)
        let name = String(format: "%06d.png", row.frame)
        let depthURL = folder.appendingPathComponent("depth").appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: depthURL.path) {
            frame.depth = try readDepth(depthURL, name: name, row: row, warnings: &warnings)
        }
        if frame.depth != nil || depthSize != nil { try addColor(to: &frame, index: row.videoFrame, warnings: &warnings) }
        return frame
    }

    private mutating func readDepth(_ url: URL, name: String, row: Row, warnings: inout [String]) throws -> DepthFrame? {
        let millimetres: Image<UInt16>
        do {
            millimetres = try PNGDecoder.decodeGray16(try Data(contentsOf: url), fileName: "depth/\(name)")
        } catch {
            warnings.append("\(error is ImageFileError ? "\(error)" : "depth/\(name): \(error.localizedDescription)"); frame \(row.frame) has no depth")
            return nil
        }
        if let size = depthSize, size != (millimetres.width, millimetres.height) {
            warnings.append("depth/\(name): \(millimetres.width)×\(millimetres.height), but the first depth map is \(size.width)×\(size.height); frame \(row.frame) has no depth")
            return nil
        }
        depthSize = (millimetres.width, millimetres.height)
        let depth = ImageConversion.metres(millimetres: millimetres)
        var confidence = ConfidenceMap(width: depth.width, height: depth.height, repeating: ConfidenceLevel.medium.rawValue)
        let confidenceURL = folder.appendingPathComponent("confidence").appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: confidenceURL.path) {
            do {
                let c = try ImageFile.read(confidenceURL).grayImage
                if c.width == depth.width && c.height == depth.height {
                    confidence = ImageConversion.confidence(c)
                } else {
                    warnings.append("confidence/\(name): \(c.width)×\(c.height), expected \(depth.width)×\(depth.height); taken as medium")
                }
            } catch {
                warnings.append("confidence/\(name): \(error); taken as medium")
            }
        }
        return DepthFrame(frameNumber: row.frame, timestamp: row.timestamp, depth: depth, confidence: confidence)
    }

    private mutating func addColor(to frame: inout SensorFrame, index: Int, warnings: inout [String]) throws {
        guard let size = depthSize else { return }
        if video == nil {
            let url = folder.appendingPathComponent("rgb.mp4")
            guard FileManager.default.fileExists(atPath: url.path), let ffmpeg = FFmpegVideoReader.locate() else { return }
            video = try? FFmpegVideoReader(executable: ffmpeg, video: url, width: size.width, height: size.height)
        }
        guard let video, !videoEnded, index >= video.nextIndex else { return }
        if let image = video.frame(at: index) {
            frame.color = ColorFrame(frameNumber: frame.frameNumber, timestamp: frame.timestamp, image: .rgb(image))
        } else {
            videoEnded = true
            warnings.append("rgb.mp4: the video ends before frame \(frame.frameNumber) (video frame \(index)); no colour from here on")
        }
    }
}
