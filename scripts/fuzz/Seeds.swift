// Seed inputs for the fuzz targets, written by Fathom's own writers (small, so mutations stay fast).
import FathomCore
import FathomIO
import Foundation

enum FuzzSeeds {
    /// A seeded cloud of `count` points with every attribute.
    static func cloud(count: Int, seed: UInt64 = 1) -> PointCloud {
        var g = SeededGenerator(seed: seed)
        let positions = (0..<count).map { _ in
            SIMD3<Float>(.random(in: -5...5, using: &g), .random(in: -5...5, using: &g), .random(in: 0...3, using: &g))
        }
        let normals = (0..<count).map { _ in SIMD3<Float>(0, 0, 1) }
        let colors = (0..<count).map { _ in
            RGB8(r: .random(in: 0...255, using: &g), g: .random(in: 0...255, using: &g), b: .random(in: 0...255, using: &g))
        }
        let confidences = (0..<count).map { _ in UInt8.random(in: 0...2, using: &g) }
        let identifiers = (0..<count).map { _ in UInt64.random(in: 0...UInt64.max, using: &g) }
        return PointCloud(
            unchecked: positions, colors: colors, normals: normals, confidences: confidences, identifiers: identifiers)
    }

    /// `count` frames 1/30 s apart with 8×6 depth and confidence, 8×6 YCbCr colour and a few feature points.
    static func frames(count: Int, seed: UInt64 = 2) -> [SensorFrame] {
        var g = SeededGenerator(seed: seed)
        let w = 8, h = 6
        return (0..<count).map { i in
            let t = 10 + Double(i) / 30
            var m = [Float](repeating: 0, count: 16)
            m[0] = 1; m[5] = 1; m[10] = 1; m[15] = 1
            m[12] = Float(i) * 0.01
            let camera = CameraFrame(
                frameNumber: i, timestamp: t, cameraTransform: Matrix4x4(columnMajor: m)!,
                intrinsics: CameraIntrinsics(fx: 200, fy: 200, cx: 127.5, cy: 95.5, width: 256, height: 192)!,
                trackingState: .normal, worldMappingStatus: .mapped, orientation: .landscapeRight)
            var frame = SensorFrame(camera: camera)
            frame.depth = DepthFrame(
                frameNumber: i, timestamp: t,
                depth: DepthMap(width: w, height: h, pixels: (0..<(w * h)).map { _ in .random(in: 0.3...4, using: &g) })!,
                confidence: ConfidenceMap(width: w, height: h, pixels: (0..<(w * h)).map { _ in .random(in: 0...2, using: &g) })!)
            frame.color = ColorFrame(
                frameNumber: i, timestamp: t,
                image: .ycbcr(
                    YCbCrImage(
                        width: w, height: h, luma: (0..<(w * h)).map { _ in .random(in: 0...255, using: &g) },
                        chroma: (0..<(w * h / 2)).map { _ in .random(in: 0...255, using: &g) })!))
            let n = 3
            frame.features = FeaturePointFrame(
                frameNumber: i, timestamp: t, identifiers: (0..<n).map { UInt64(100 * i + $0) },
                positions: (0..<n).map { _ in
                    SIMD3<Float>(.random(in: -2...2, using: &g), .random(in: -2...2, using: &g), .random(in: -2...2, using: &g))
                })
            return frame
        }
    }

    /// Writes a small complete package (`frames` frames, a label, an event, azimuth) into `dir`.
    @discardableResult
    static func package(at dir: URL, frames count: Int = 3) throws -> ScanPackageWriter {
        let writer = try ScanPackageWriter(directory: dir, config: ScanConfig())
        try writer.log("fuzz seed")
        for (i, f) in frames(count: count).enumerated() {
            try writer.append(f)
            if i == 1 {
                try writer.addLabel(ScanLabel(timestamp: f.camera.timestamp, frameNumber: i, text: "Room"))
                try writer.addEvent(ScanEvent(code: 87, timestamp: f.camera.timestamp, frameNumber: i, message: "Too fast"))
                try writer.setAzimuth(trueNorthDegrees: 12.5)
            }
        }
        try writer.finish()
        return writer
    }

    /// A fresh temporary directory for building seeds.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fathom-fuzz-seeds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
