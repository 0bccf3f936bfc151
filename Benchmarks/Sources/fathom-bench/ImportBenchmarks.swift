import Fathom
import Foundation

/// Frames in each benchmark capture (at iPhone sizes: 256×192 Stray depth, 192×256 Record3D depth).
let importBenchFrameCount = 150

/// A synthetic depth map: a tilted plane 1–3 m away with ±2 mm ripple, like LiDAR on a room.
func importBenchDepth(width: Int, height: Int, frame: Int) -> [Float] {
    var g = SeededGenerator(seed: UInt64(frame + 1))
    return (0..<(width * height)).map { i in
        let x = Float(i % width) / Float(width), y = Float(i / width) / Float(height)
        return 1 + 1.5 * x + 0.5 * y + Float.random(in: -0.002...0.002, using: &g)
    }
}

/// Writes a Stray Scanner folder of `importBenchFrameCount` frames (no video).
func writeImportBenchStray(_ folder: URL) {
    let fm = FileManager.default
    try! fm.createDirectory(at: folder.appendingPathComponent("depth"), withIntermediateDirectories: true)
    try! fm.createDirectory(at: folder.appendingPathComponent("confidence"), withIntermediateDirectories: true)
    var odometry = "timestamp, frame, x, y, z, qx, qy, qz, qw\n"
    for i in 0..<importBenchFrameCount {
        odometry += "\(Double(i) / 60), \(String(format: "%06d", i)), \(Float(i) * 0.01), 0, 0, 1, 0, 0, 0\n"
        let mm = importBenchDepth(width: 256, height: 192, frame: i).map { UInt16($0 * 1000) }
        try! PNGEncoder.encode(gray16: Image(width: 256, height: 192, pixels: mm)!)
            .write(to: folder.appendingPathComponent("depth/\(String(format: "%06d", i)).png"))
        try! PNGEncoder.encode(GrayImage(width: 256, height: 192, repeating: 2))
            .write(to: folder.appendingPathComponent("confidence/\(String(format: "%06d", i)).png"))
    }
    try! odometry.write(to: folder.appendingPathComponent("odometry.csv"), atomically: true, encoding: .utf8)
    try! "1450,0,959.5\n0,1450,719.5\n0,0,1\n".write(
        to: folder.appendingPathComponent("camera_matrix.csv"), atomically: true, encoding: .utf8)
}

/// Writes a Record3D EXR+JPG folder of `importBenchFrameCount` frames (HALF ZIP depth, no JPEGs).
func writeImportBenchRecord3D(_ folder: URL) {
    try! FileManager.default.createDirectory(at: folder.appendingPathComponent("depth"), withIntermediateDirectories: true)
    for i in 0..<importBenchFrameCount {
        let depth = Image(width: 192, height: 256, pixels: importBenchDepth(width: 192, height: 256, frame: i))!
        try! EXRFile.encode(EXRImage(width: 192, height: 256, channels: [.init(name: "R", pixelType: .half, image: depth)]))
            .write(to: folder.appendingPathComponent("depth/\(i).exr"))
    }
    let metadata: [String: Any] = [
        "K": [1450, 0, 0, 0, 1450, 0, 719.5, 959.5, 1], "w": 1440, "h": 1920, "dw": 192, "dh": 256, "fps": 60,
        "poses": (0..<importBenchFrameCount).map { [0, 0, 0, 1, Double($0) * 0.01, 0, 0] },
        "frameTimestamps": (0..<importBenchFrameCount).map { Double($0) / 60 },
    ]
    try! JSONSerialization.data(withJSONObject: metadata).write(to: folder.appendingPathComponent("metadata.json"))
}

/// One import of `source` into a fresh package directory, without colour.
func importBenchRun(_ source: URL, _ name: String) {
    let output = scanPackageBenchPath(name)
    let report = try! CaptureImport.importScan(from: source, to: output, options: ImportOptions(includeColor: false))
    precondition(report.depthFrameCount == importBenchFrameCount)
    try? FileManager.default.removeItem(at: output)
}

/// Import speed: depth frames per second = 150 / (median ms / 1000). Target ≥ 150 frames/s (a
/// 5-minute capture at 60 Hz depth… in a minute at 1:5).
var importBenchmarks: [BenchmarkCase] { [
    BenchmarkCase(name: "import/stray/150-depth-frames", iterations: 5) {
        let source = scanPackageBenchPath("stray-source")
        writeImportBenchStray(source)
        return { importBenchRun(source, "stray-out") }
    },
    BenchmarkCase(name: "import/record3d/150-depth-frames", iterations: 5) {
        let source = scanPackageBenchPath("record3d-source")
        writeImportBenchRecord3D(source)
        return { importBenchRun(source, "record3d-out") }
    },
] }
