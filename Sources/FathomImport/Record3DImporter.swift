import FathomCore
import FathomIO
import Foundation

/// Reads Record3D's "EXR + JPG" export folder (see `docs/import/record3d.md`).
///
/// Layout: `metadata.json` (`K`: 9 numbers column-major for the `w × h` RGB image; `dw`, `dh`: depth
/// size; `fps`; `poses`: `[qx, qy, qz, qw, tx, ty, tz]` per frame, camera-to-world, ARKit camera
/// axes; `frameTimestamps`), `depth/<i>.exr` (one HALF channel, metres, ZIP-compressed; 192 × 256
/// portrait on iPhones), `rgb/<i>.jpg` (1440 × 1920). The export has no confidence maps: every
/// reading is taken as medium confidence. The camera frame is the stored (portrait) image's, with
/// ARKit's axes: poses are used as they are, and the intrinsics describe the stored image.
public struct Record3DImporter: CaptureImporter {
    /// The format this importer reads.
    public static let format = ImportFormat.record3d
    /// The files auto-detection looks for.
    public static let signatureDescription = "metadata.json with poses, depth/*.exr"

    let folder: URL
    let metadata: Record3DMetadata
    let intrinsics: CameraIntrinsics
    let timestamps: [Double]
    /// Notes on the capture as a whole (what is skipped or assumed).
    public private(set) var notes: [String] = []
    /// Problems found while opening, each naming the file.
    public private(set) var openingWarnings: [String] = []
    private let jpeg: JPEGCodec?
    private var depthSize: (width: Int, height: Int)?

    /// Whether `folder` holds this format's signature files.
    public static func recognizes(_ folder: URL) -> Bool {
        let fm = FileManager.default
        return fm.fileExists(atPath: folder.appendingPathComponent("metadata.json").path)
            && fm.fileExists(atPath: folder.appendingPathComponent("depth").path)
    }

    /// Opens a capture folder, reading and checking its index files.
    /// - Throws: `ImportError` naming the file that is missing or unusable.
    public init(folder: URL, options: ImportOptions) throws {
        self.folder = folder
        let url = folder.appendingPathComponent("metadata.json")
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ImportError(.missingFile, file: "metadata.json", problem: "cannot read the file (\(error.localizedDescription))")
        }
        do {
            metadata = try JSONDecoder().decode(Record3DMetadata.self, from: data)
        } catch {
            throw ImportError(.malformed, file: "metadata.json", problem: "not Record3D metadata (\(ImportJSON.describe(error)))")
        }
        let k = metadata.K.map(Float.init)
        guard k.count == 9, let kk = CameraIntrinsics(columnMajor: k, width: metadata.w, height: metadata.h) else {
            throw ImportError(.malformed, file: "metadata.json", problem: "'K' must be 9 numbers (column-major) with positive focal lengths and 'w', 'h' positive; got \(metadata.K.count) numbers, \(metadata.w)×\(metadata.h)")
        }
        // A K whose principal point sits at the centre of the transposed image describes the sensor's
        // landscape image, not the stored portrait one: transpose it (focal lengths and principal point
        // swap; the principal point is near the centre, so the direction of the turn hardly matters).
        let (w, h) = (Float(metadata.w), Float(metadata.h))
        if metadata.w != metadata.h && abs(kk.cx - h / 2) + abs(kk.cy - w / 2) < abs(kk.cx - w / 2) + abs(kk.cy - h / 2) {
            intrinsics = CameraIntrinsics(unchecked: kk.fy, fy: kk.fx, cx: kk.cy, cy: kk.cx, width: metadata.w, height: metadata.h)
            notes.append("K describes the \(metadata.h)×\(metadata.w) landscape image: transposed to the stored \(metadata.w)×\(metadata.h) image")
        } else {
            intrinsics = kk
        }
        guard !metadata.poses.isEmpty else { throw ImportError(.empty, file: "metadata.json", problem: "'poses' is empty") }
        if let t = metadata.frameTimestamps {
            guard t.count == metadata.poses.count else {
                throw ImportError(.malformed, file: "metadata.json", problem: "\(t.count) frameTimestamps for \(metadata.poses.count) poses")
            }
            timestamps = t
        } else {
            guard let fps = metadata.fps, fps > 0, fps.isFinite else {
                throw ImportError(.malformed, file: "metadata.json", problem: "neither 'frameTimestamps' nor a positive 'fps'")
            }
            timestamps = (0..<metadata.poses.count).map { Double($0) / fps }
            notes.append("no frameTimestamps: times are frame index / fps")
        }
        if let dw = metadata.dw, let dh = metadata.dh, dw > 0, dh > 0 { depthSize = (dw, dh) }
        notes.append("no confidence maps in this format: every depth reading is taken as medium confidence")
        if options.includeColor && FileManager.default.fileExists(atPath: folder.appendingPathComponent("rgb").path) {
            jpeg = JPEGCodec.load()
            if jpeg == nil { notes.append("colour skipped: \(JPEGCodec.loadFailure ?? "no JPEG decoder")") }
        } else {
            jpeg = nil
            if options.includeColor { notes.append("colour skipped: no rgb/ folder") }
        }
    }

    /// The number of frames of the capture (before decimation).
    public var frameCount: Int { metadata.poses.count }

    /// Reads frame `index` in the package's conventions, or `nil` with a warning when it is unusable.
    public mutating func frame(at index: Int, warnings: inout [String]) throws -> SensorFrame? {
        let p = metadata.poses[index]
        guard p.count == 7 else {
            warnings.append("metadata.json: poses[\(index)] has \(p.count) numbers, expected 7; frame skipped")
            return nil
        }
        let q: SIMD4<Float>
        switch PoseConversion.check(quaternion: SIMD4(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))) {
        case let .unit(u): q = u
        case let .normalized(u, norm):
            q = u
            warnings.append("metadata.json: poses[\(index)]: quaternion norm \(norm) normalised")
        case let .refused(why):
            warnings.append("metadata.json: poses[\(index)]: \(why); frame skipped")
            return nil
        }
        let t = SIMD3(Float(p[4]), Float(p[5]), Float(p[6]))
        guard t.x.isFinite, t.y.isFinite, t.z.isFinite, timestamps[index].isFinite else {
            warnings.append("metadata.json: poses[\(index)]: translation or timestamp not finite; frame skipped")
            return nil
        }
        let pose = RigidTransform(rotation: Matrix3x3(quaternion: q), translation: t)
        var frame = SensorFrame(camera: CameraFrame(
            frameNumber: index, timestamp: timestamps[index], cameraTransform: pose.matrix, intrinsics: intrinsics))
        let depthName = "depth/\(index).exr"
        let depthURL = folder.appendingPathComponent(depthName)
        if FileManager.default.fileExists(atPath: depthURL.path) {
            frame.depth = readDepth(depthURL, name: depthName, index: index, warnings: &warnings)
        } else {
            warnings.append("\(depthName): missing; frame \(index) has no depth")
        }
        if let jpeg, let size = depthSize {
            let name = "rgb/\(index).jpg"
            let url = folder.appendingPathComponent(name)
            if let data = try? Data(contentsOf: url) {
                do {
                    let full = try jpeg.decode(data, fileName: name, minimumWidth: size.width, minimumHeight: size.height)
                    frame.color = ColorFrame(
                        frameNumber: index, timestamp: timestamps[index], image: .rgb(Self.resample(full, width: size.width, height: size.height)))
                } catch {
                    warnings.append("\(error); frame \(index) has no colour")
                }
            }
        }
        return frame
    }

    private mutating func readDepth(_ url: URL, name: String, index: Int, warnings: inout [String]) -> DepthFrame? {
        let exr: EXRImage
        do { exr = try EXRFile.read(url) } catch {
            warnings.append("depth/\(error); frame \(index) has no depth")
            return nil
        }
        let channel = exr.channels.count == 1 ? exr.channels[0]
            : (["Z", "Y", "R", "depth"].lazy.compactMap { exr.channel(named: $0) }.first ?? exr.channels[0])
        if let size = depthSize, size != (exr.width, exr.height) {
            warnings.append("\(name): \(exr.width)×\(exr.height), expected \(size.width)×\(size.height); frame \(index) has no depth")
            return nil
        }
        depthSize = (exr.width, exr.height)
        let depth = ImageConversion.validDepth(channel.image)
        let confidence = ConfidenceMap(width: exr.width, height: exr.height, repeating: ConfidenceLevel.medium.rawValue)
        return DepthFrame(frameNumber: index, timestamp: timestamps[index], depth: depth, confidence: confidence)
    }

    /// `image` resampled to `width × height` by the nearest pixel (same field of view, pixel centres
    /// aligned).
    static func resample(_ image: RGBImage, width: Int, height: Int) -> RGBImage {
        if image.width == width && image.height == height { return image }
        var out = RGBImage(width: width, height: height, repeating: .black)
        for y in 0..<height {
            let sy = min(image.height - 1, Int((Double(y) + 0.5) * Double(image.height) / Double(height)))
            for x in 0..<width {
                let sx = min(image.width - 1, Int((Double(x) + 0.5) * Double(image.width) / Double(width)))
                out[x, y] = image[sx, sy]
            }
        }
        return out
    }
}
