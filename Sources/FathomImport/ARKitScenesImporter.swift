import FathomCore
import FathomIO
import Foundation

/// Reads an ARKitScenes raw sequence folder (see `docs/import/arkitscenes.md`).
///
/// Layout, as Apple's dataset documents it: `lowres_depth/<video>_<t>.png` (16-bit millimetres,
/// 256 × 192), `confidence/<video>_<t>.png` (8-bit 0…2), `lowres_wide/<video>_<t>.png` (RGB, 256 × 192),
/// `lowres_wide_intrinsics/<video>_<t>.pincam` (one line: `width height fx fy cx cy`) and
/// `lowres_wide.traj` (per line: timestamp, axis-angle rotation in radians, translation in metres).
/// `t` is the timestamp with 3 decimals. The trajectory maps world to camera (the dataset's loader
/// inverts it to place points) with OpenCV camera axes (x right, y down, z forward), in a gravity-aligned
/// world with z up (the laser scans' frame, as the dataset's maintainers state); all three are
/// converted here (`yUpFromZUp`). A depth frame takes the trajectory pose within `poseTolerance` of its
/// timestamp.
public struct ARKitScenesImporter: CaptureImporter {
    /// The format this importer reads.
    public static let format = ImportFormat.arkitscenes
    /// The files auto-detection looks for.
    public static let signatureDescription = "lowres_wide.traj, lowres_depth/"
    /// The largest time difference between a depth frame and the pose it takes, seconds.
    public static let poseTolerance = 0.005
    /// The dataset's world is z up (x right, y forward); the package's is y up: (x, y, z) → (x, z, −y),
    /// a turn of −90° about x.
    public static let yUpFromZUp = RigidTransform(
        rotation: Matrix3x3(rows: SIMD3(1, 0, 0), SIMD3(0, 0, 1), SIMD3(0, -1, 0)), translation: .zero)

    struct Pose {
        var timestamp: Double
        var worldFromCamera: RigidTransform
    }

    struct Item {
        var stem: String
        var timestamp: Double
    }

    let folder: URL
    let items: [Item]
    let poses: [Pose]
    /// Notes on the capture as a whole (what is skipped or assumed).
    public private(set) var notes: [String] = []
    /// Problems found while opening, each naming the file.
    public private(set) var openingWarnings: [String] = []
    private var depthSize: (width: Int, height: Int)?
    private let includeColor: Bool
    private var jpeg: JPEGCodec?
    private var jpegUnavailable = false

    /// Whether `folder` holds this format's signature files.
    public static func recognizes(_ folder: URL) -> Bool {
        let fm = FileManager.default
        return fm.fileExists(atPath: folder.appendingPathComponent("lowres_wide.traj").path)
            && fm.fileExists(atPath: folder.appendingPathComponent("lowres_depth").path)
    }

    /// Opens a capture folder, reading and checking its index files.
    /// - Throws: `ImportError` naming the file that is missing or unusable.
    public init(folder: URL, options: ImportOptions) throws {
        self.folder = folder
        includeColor = options.includeColor
        let traj = try TextTable(url: folder.appendingPathComponent("lowres_wide.traj"), displayName: "lowres_wide.traj")
        var poses: [Pose] = []
        var warnings: [String] = []
        for line in traj.lines {
            guard line.fields.count == 7 else {
                throw ImportError(.malformed, file: "lowres_wide.traj", problem: "line \(line.number): \(line.fields.count) fields, expected 7 (timestamp, 3 axis-angle, 3 translation)")
            }
            let v = try traj.numbers(line)
            guard v.allSatisfy(\.isFinite) else {
                warnings.append("lowres_wide.traj: line \(line.number): a number is not finite; pose skipped")
                continue
            }
            let cameraFromWorld = RigidTransform(
                rotation: PoseConversion.rotation(axisAngle: SIMD3(Float(v[1]), Float(v[2]), Float(v[3]))),
                translation: SIMD3(Float(v[4]), Float(v[5]), Float(v[6])))
            let zUpFromCamera = PoseConversion.arkitFromOpenCV(cameraFromWorld.inverse)
            poses.append(Pose(timestamp: v[0], worldFromCamera: Self.yUpFromZUp * zUpFromCamera))
        }
        guard !poses.isEmpty else { throw ImportError(.empty, file: "lowres_wide.traj", problem: "no poses") }
        poses.sort { $0.timestamp < $1.timestamp }
        self.poses = poses
        let depthFolder = folder.appendingPathComponent("lowres_depth")
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: depthFolder.path) } catch {
            throw ImportError(.missingFile, file: "lowres_depth/", problem: "cannot list the folder (\(error.localizedDescription))")
        }
        var items: [Item] = []
        for name in names where name.hasSuffix(".png") {
            let stem = String(name.dropLast(4))
            guard let underscore = stem.lastIndex(of: "_"), let t = Double(stem[stem.index(after: underscore)...]), t.isFinite else {
                warnings.append("lowres_depth/\(name): the name is not <video>_<timestamp>.png; skipped")
                continue
            }
            items.append(Item(stem: stem, timestamp: t))
        }
        guard !items.isEmpty else { throw ImportError(.empty, file: "lowres_depth/", problem: "no <video>_<timestamp>.png depth maps") }
        self.items = items.sorted { $0.timestamp < $1.timestamp }
        openingWarnings = warnings
        if !FileManager.default.fileExists(atPath: folder.appendingPathComponent("confidence").path) {
            notes.append("no confidence/ folder: every depth reading is taken as medium confidence")
        }
        if options.includeColor && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("lowres_wide").path) {
            notes.append("colour skipped: no lowres_wide/ folder")
        }
    }

    /// The number of frames of the capture (before decimation).
    public var frameCount: Int { items.count }

    /// The pose nearest `t` within `poseTolerance`, by binary search.
    func pose(at t: Double) -> Pose? {
        var lo = 0, hi = poses.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if poses[mid].timestamp < t { lo = mid + 1 } else { hi = mid }
        }
        let candidates = [lo - 1, lo].filter { $0 >= 0 && $0 < poses.count }.map { poses[$0] }
        guard let best = candidates.min(by: { abs($0.timestamp - t) < abs($1.timestamp - t) }),
            abs(best.timestamp - t) <= Self.poseTolerance + 1e-9
        else { return nil }
        return best
    }

    /// The `.pincam` intrinsics of a frame (the dataset's loader also tries ±1 ms names).
    func intrinsics(for item: Item) throws -> CameraIntrinsics? {
        let video = item.stem[..<item.stem.lastIndex(of: "_")!]
        let candidates = [item.stem] + [-0.001, 0.001].map { "\(video)_\(String(format: "%.3f", item.timestamp + $0))" }
        for stem in candidates {
            let url = folder.appendingPathComponent("lowres_wide_intrinsics").appendingPathComponent("\(stem).pincam")
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            let name = "lowres_wide_intrinsics/\(stem).pincam"
            let table = try TextTable(url: url, displayName: name)
            guard let line = table.lines.first, line.fields.count == 6 else {
                throw ImportError(.malformed, file: name, problem: "expected one line 'width height fx fy cx cy'")
            }
            let v = try table.numbers(line)
            guard let k = CameraIntrinsics(
                fx: Float(v[2]), fy: Float(v[3]), cx: Float(v[4]), cy: Float(v[5]), width: Int(v[0]), height: Int(v[1])),
                v[0] == v[0].rounded(), v[1] == v[1].rounded()
            else { throw ImportError(.malformed, file: name, problem: "unusable intrinsics \(v)") }
            return k
        }
        return nil
    }

    /// Reads frame `index` in the package's conventions, or `nil` with a warning when it is unusable.
    public mutating func frame(at index: Int, warnings: inout [String]) throws -> SensorFrame? {
        let item = items[index]
        let name = "\(item.stem).png"
        guard let pose = pose(at: item.timestamp) else {
            warnings.append("lowres_depth/\(name): no pose in lowres_wide.traj within \(Self.poseTolerance) s of \(item.timestamp); frame skipped")
            return nil
        }
        guard let k = try intrinsics(for: item) else {
            warnings.append("lowres_wide_intrinsics/\(item.stem).pincam: missing; frame skipped")
            return nil
        }
        let millimetres: Image<UInt16>
        do {
            millimetres = try PNGDecoder.decodeGray16(
                try Data(contentsOf: folder.appendingPathComponent("lowres_depth").appendingPathComponent(name)),
                fileName: "lowres_depth/\(name)")
        } catch {
            warnings.append("\(error); frame skipped")
            return nil
        }
        if let size = depthSize, size != (millimetres.width, millimetres.height) {
            warnings.append("lowres_depth/\(name): \(millimetres.width)×\(millimetres.height), expected \(size.width)×\(size.height); frame skipped")
            return nil
        }
        depthSize = (millimetres.width, millimetres.height)
        let depth = ImageConversion.metres(millimetres: millimetres)
        var confidence = ConfidenceMap(width: depth.width, height: depth.height, repeating: ConfidenceLevel.medium.rawValue)
        let confidenceURL = folder.appendingPathComponent("confidence").appendingPathComponent(name)
        if let c = try? ImageFile.read(confidenceURL).grayImage {
            if c.width == depth.width && c.height == depth.height {
                confidence = ImageConversion.confidence(c)
            } else {
                warnings.append("confidence/\(name): \(c.width)×\(c.height), expected \(depth.width)×\(depth.height); taken as medium")
            }
        }
        let camera = CameraFrame(
            frameNumber: index, timestamp: item.timestamp, cameraTransform: pose.worldFromCamera.matrix, intrinsics: k)
        var frame = SensorFrame(
            camera: camera,
            depth: DepthFrame(frameNumber: index, timestamp: item.timestamp, depth: depth, confidence: confidence))
        if includeColor {
            let colourFolder = folder.appendingPathComponent("lowres_wide")
            let png = colourFolder.appendingPathComponent(name), jpg = colourFolder.appendingPathComponent("\(item.stem).jpg")
            do {
                var image: RGBImage?
                if FileManager.default.fileExists(atPath: png.path) {
                    image = try ImageFile.readRGB(png)
                } else if FileManager.default.fileExists(atPath: jpg.path) {
                    if jpeg == nil && !jpegUnavailable {
                        jpeg = JPEGCodec.load()
                        if jpeg == nil {
                            jpegUnavailable = true
                            warnings.append("colour skipped: \(JPEGCodec.loadFailure ?? "no JPEG decoder") (lowres_wide/*.jpg)")
                        }
                    }
                    if let jpeg {
                        image = try jpeg.decode(
                            try Data(contentsOf: jpg), fileName: "lowres_wide/\(item.stem).jpg", minimumWidth: depth.width,
                            minimumHeight: depth.height)
                    }
                }
                if let image {
                    frame.color = ColorFrame(
                        frameNumber: index, timestamp: item.timestamp,
                        image: .rgb(Record3DImporter.resample(image, width: depth.width, height: depth.height)))
                }
            } catch {
                warnings.append("\(error is ImageFileError ? "lowres_wide/" : "")\(error); frame \(index) has no colour")
            }
        }
        return frame
    }
}
