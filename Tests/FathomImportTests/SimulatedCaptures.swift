import FathomCore
import FathomIO
import FathomSensing
import FathomSimulator
import FathomSurfaces
import FathomTestSupport
import Foundation

@testable import FathomImport

/// Small captures written from the simulator in other apps' layouts, with their ground truth.
enum SimulatedCaptures {
    /// A 4 × 3.5 m room walked round for `duration` seconds; depth (and, when asked, colour) on every
    /// `depthEvery`-th frame at `width × height`. `portrait` turns the camera to a 1440 × 1920 image.
    static func simulation(
        width: Int = 64, height: Int = 48, portrait: Bool = false, color: Bool = false, duration: Double = 1.0,
        depthEvery: Int = 3
    ) throws -> ScanSimulation {
        let room = RoomDescription(
            polygon: [SIMD2(0, 0), SIMD2(0, 3.5), SIMD2(4, 3.5), SIMD2(4, 0)], height: 2.5,
            openings: [OpeningDescription(kind: .door, wall: 2, offset: 1.6, width: 0.9)])
        let scene = SceneDescription(
            rooms: [room],
            path: .walk(WalkPath(
                waypoints: [SIMD2(1.4, 1.2), SIMD2(1.4, 2.3), SIMD2(2.6, 2.3), SIMD2(2.6, 1.2)], sweepDegrees: 30,
                closed: true)))
        var s = SensorConfiguration()
        if portrait {
            s.cameraIntrinsics = CameraIntrinsics(unchecked: 1450, fy: 1450, cx: 719.5, cy: 959.5, width: 1440, height: 1920)
        }
        s.depthEveryNthFrame = depthEvery
        s.depthWidth = width
        s.depthHeight = height
        s.imageEveryNthFrame = color ? depthEvery : 0
        s.imageWidth = width
        s.imageHeight = height
        s.featuresEveryNthFrame = 0
        return try ScanSimulation(description: scene, sensors: s, seed: 7, duration: duration)
    }

    /// The simulator's frames that carry depth.
    static func depthFrames(_ sim: ScanSimulation) -> [SensorFrame] {
        (0..<sim.frameCount).map { sim.frame($0) }.filter { $0.depth != nil }
    }

    /// Camera axes to write a Stray capture in: Stray's own (OpenCV), or deliberately ARKit's (wrong).
    enum StrayAxes { case openCV, arkitByMistake }

    /// Writes a Stray Scanner folder: odometry.csv for every frame, depth and confidence PNGs for the
    /// frames with depth, camera_matrix.csv. Poses are written in `axes`.
    static func writeStray(_ sim: ScanSimulation, to folder: URL, axes: StrayAxes = .openCV) throws {
        let fm = FileManager.default
        try fm.createDirectory(at: folder.appendingPathComponent("depth"), withIntermediateDirectories: true)
        try fm.createDirectory(at: folder.appendingPathComponent("confidence"), withIntermediateDirectories: true)
        var odometry = "timestamp, frame, x, y, z, qx, qy, qz, qw\n"
        for i in 0..<sim.frameCount {
            let f = sim.frame(i)
            let pose = f.camera.worldFromCamera!
            // OpenCV axes: R · diag(1, −1, −1) (its own inverse).
            let r = axes == .openCV ? PoseConversion.arkitFromOpenCV(pose).rotation : pose.rotation
            let q = PoseConversion.quaternion(of: r)
            let t = pose.translation
            odometry += "\(f.timestamp), \(String(format: "%06d", i)), \(t.x), \(t.y), \(t.z), \(q.x), \(q.y), \(q.z), \(q.w)\n"
            if let d = f.depth {
                let mm = d.depth.map { v -> UInt16 in v.isFinite && v > 0 ? UInt16(min(65535, (v * 1000).rounded())) : 0 }
                try PNGEncoder.encode(gray16: mm).write(to: folder.appendingPathComponent("depth/\(String(format: "%06d", i)).png"))
                try PNGEncoder.encode(d.confidence).write(to: folder.appendingPathComponent("confidence/\(String(format: "%06d", i)).png"))
            }
        }
        try odometry.write(to: folder.appendingPathComponent("odometry.csv"), atomically: true, encoding: .utf8)
        let k = sim.sensors.cameraIntrinsics
        let matrix = "\(k.fx),0.0,\(k.cx)\n0.0,\(k.fy),\(k.cy)\n0.0,0.0,1.0\n"
        try matrix.write(to: folder.appendingPathComponent("camera_matrix.csv"), atomically: true, encoding: .utf8)
    }

    /// Encodes every frame's colour image into `rgb.mp4` with the `ffmpeg` executable (H.264, 4:4:4,
    /// near-lossless); `false` when FFmpeg is not installed.
    static func writeStrayVideo(_ sim: ScanSimulation, to folder: URL) throws -> Bool {
        guard let ffmpeg = FFmpegVideoReader.locate() else { return false }
        var raw = Data()
        for i in 0..<sim.frameCount {
            let image = rgb(sim.frame(i).color!.image)
            raw.append(contentsOf: image.pixels.flatMap { [$0.r, $0.g, $0.b] })
        }
        let input = folder.appendingPathComponent("frames.rgb")
        try raw.write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = ffmpeg
        process.arguments = [
            "-v", "error", "-nostdin", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", "\(sim.sensors.imageWidth)x\(sim.sensors.imageHeight)",
            "-r", "30", "-i", input.path, "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv444p",
            folder.appendingPathComponent("rgb.mp4").path,
        ]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Writes a Record3D "EXR + JPG" folder: metadata.json with every frame's pose, depth EXRs (one
    /// HALF channel `R`, ZIP) for the frames with depth, JPEGs when the simulation renders colour and
    /// libturbojpeg is there. Frame i of the export is simulator frame `frames[i]`.
    static func writeRecord3D(_ sim: ScanSimulation, to folder: URL) throws -> [SensorFrame] {
        let fm = FileManager.default
        try fm.createDirectory(at: folder.appendingPathComponent("depth"), withIntermediateDirectories: true)
        try fm.createDirectory(at: folder.appendingPathComponent("rgb"), withIntermediateDirectories: true)
        let frames = depthFrames(sim)
        let jpeg = JPEGCodec.load()
        var poses: [[Double]] = []
        for (i, f) in frames.enumerated() {
            let pose = f.camera.worldFromCamera!
            let q = PoseConversion.quaternion(of: pose.rotation)
            poses.append([q.x, q.y, q.z, q.w, pose.translation.x, pose.translation.y, pose.translation.z].map(Double.init))
            let d = f.depth!
            let exr = EXRImage(width: d.width, height: d.height, channels: [
                EXRImage.Channel(name: "R", pixelType: .half, image: d.depth.map { $0.isFinite ? $0 : 0 }),
            ])
            try EXRFile.encode(exr, compression: .zip).write(to: folder.appendingPathComponent("depth/\(i).exr"))
            if let c = f.color, let jpeg {
                try jpeg.encode(rgb(c.image), quality: 95).write(to: folder.appendingPathComponent("rgb/\(i).jpg"))
            }
        }
        let k = sim.sensors.cameraIntrinsics
        let metadata: [String: Any] = [
            "K": k.columnMajor.map(Double.init), "w": k.width, "h": k.height, "dw": sim.sensors.depthWidth,
            "dh": sim.sensors.depthHeight, "fps": 60, "poses": poses, "frameTimestamps": frames.map(\.timestamp),
            "initPose": [0, 0, 0, 1, 0, 0, 0],
        ]
        try JSONSerialization.data(withJSONObject: metadata).write(to: folder.appendingPathComponent("metadata.json"))
        return frames
    }

    /// Writes an ARKitScenes raw folder (video id 41069021): lowres_depth, confidence and lowres_wide
    /// PNGs, .pincam intrinsics, and lowres_wide.traj with world-to-camera axis-angle poses in OpenCV
    /// camera axes and a z-up world, for the frames with depth.
    static func writeARKitScenes(_ sim: ScanSimulation, to folder: URL) throws -> [SensorFrame] {
        let fm = FileManager.default
        for d in ["lowres_depth", "confidence", "lowres_wide", "lowres_wide_intrinsics"] {
            try fm.createDirectory(at: folder.appendingPathComponent(d), withIntermediateDirectories: true)
        }
        let frames = depthFrames(sim)
        var traj = ""
        let k = sim.sensors.cameraIntrinsics.scaled(toWidth: sim.sensors.depthWidth, height: sim.sensors.depthHeight)
        for f in frames {
            let t = 6000 + f.timestamp
            let stem = "41069021_\(String(format: "%.3f", t))"
            // The dataset's world is z up: zUpFromCV = yUpFromZUp⁻¹ · worldFromCV.
            let worldFromCV = ARKitScenesImporter.yUpFromZUp.inverse * PoseConversion.arkitFromOpenCV(f.camera.worldFromCamera!)
            let cameraFromWorld = worldFromCV.inverse
            let axisAngle = axisAngleOf(cameraFromWorld.rotation)
            let tr = cameraFromWorld.translation
            traj += "\(String(format: "%.6f", t)) \(axisAngle.x) \(axisAngle.y) \(axisAngle.z) \(tr.x) \(tr.y) \(tr.z)\n"
            let d = f.depth!
            let mm = d.depth.map { v -> UInt16 in v.isFinite && v > 0 ? UInt16(min(65535, (v * 1000).rounded())) : 0 }
            try PNGEncoder.encode(gray16: mm).write(to: folder.appendingPathComponent("lowres_depth/\(stem).png"))
            try PNGEncoder.encode(d.confidence).write(to: folder.appendingPathComponent("confidence/\(stem).png"))
            if let c = f.color {
                try PNGEncoder.encode(rgb(c.image)).write(to: folder.appendingPathComponent("lowres_wide/\(stem).png"))
            }
            try "\(k.width) \(k.height) \(k.fx) \(k.fy) \(k.cx) \(k.cy)\n".write(
                to: folder.appendingPathComponent("lowres_wide_intrinsics/\(stem).pincam"), atomically: true, encoding: .utf8)
        }
        try traj.write(to: folder.appendingPathComponent("lowres_wide.traj"), atomically: true, encoding: .utf8)
        return frames
    }

    /// A colour image as RGB.
    static func rgb(_ image: ColorImage) -> RGBImage {
        switch image {
        case let .rgb(i): i
        case let .ycbcr(i): i.toRGB()
        }
    }

    /// The axis-angle vector of a rotation (angle < π).
    static func axisAngleOf(_ r: Matrix3x3) -> SIMD3<Float> {
        let q = PoseConversion.quaternion(of: r)
        let s = SIMD3(q.x, q.y, q.z)
        let sinHalf = s.length
        guard sinHalf > 1e-9 else { return .zero }
        let angle = 2 * atan2(sinHalf, q.w)
        return s / sinHalf * angle
    }

    /// The rms distance (metres) of the depth points of `frames` from the scene's true surfaces, with
    /// the frames' own poses.
    static func rmsDistanceToSurfaces(_ frames: [SensorFrame], scene: SimulatedScene) throws -> (rms: Float, count: Int) {
        let builder = DepthCloudBuilder()
        var sum: Double = 0
        var n = 0
        for f in frames where f.depth != nil {
            let cloud = try builder.cloud(for: f)
            for p in cloud.points.positions {
                let d = Double(scene.distanceToNearestSurface(p))
                sum += d * d
                n += 1
            }
        }
        return (Float((sum / Double(max(n, 1))).squareRoot()), n)
    }

    /// The angle (degrees) between +y and the normal of the plane found in the frames' depth cloud from
    /// a seed on the floor (y = 0) far from the walls, or `nil` when none is found.
    static func floorTilt(_ frames: [SensorFrame]) throws -> Float? {
        let builder = DepthCloudBuilder()
        let points = try frames.filter { $0.depth != nil }.flatMap { try builder.cloud(for: $0).points.positions }
        let finder = try SurfaceFinder(positions: points)
        // The seed: of the points within 3 cm of the floor's height (y = 0), the one farthest from the
        // room's walls (x 0…4, z 0…3.5).
        func clearance(_ p: SIMD3<Float>) -> Float { min(p.x, 4 - p.x, p.z, 3.5 - p.z) }
        guard let seed = points.indices.filter({ abs(points[$0].y) < 0.03 }).max(by: {
            clearance(points[$0]) < clearance(points[$1])
        }) else { return nil }
        let result = try finder.find(SurfaceSearch(
            type: .plane, seed: .index(seed), seedRadius: 0.4, accuracy: 0.01, conversions: []))
        guard case let .plane(plane)? = result.surface else { return nil }
        return acos(min(1, abs(plane.normal.y))) * 180 / .pi
    }

    /// All frames of a package.
    static func frames(of package: ScanPackage) throws -> [SensorFrame] {
        var it = package.frames(from: 0)
        var out: [SensorFrame] = []
        while let f = try it.next() { out.append(f) }
        return out
    }
}
