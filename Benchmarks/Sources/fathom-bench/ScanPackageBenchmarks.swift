import Fathom
import Foundation

/// Where the scan package benchmarks write; removed at exit.
let scanPackageBenchDirectory = FileManager.default.temporaryDirectory
    .appendingPathComponent("fathom-bench-scanpkg-\(ProcessInfo.processInfo.processIdentifier)")

/// A fresh, empty directory `name` under `scanPackageBenchDirectory`.
func scanPackageBenchPath(_ name: String) -> URL {
    let registered = scanPackageBenchCleanup
    blackHole(registered)
    let url = scanPackageBenchDirectory.appendingPathComponent(name)
    try? FileManager.default.removeItem(at: url)
    try! FileManager.default.createDirectory(at: scanPackageBenchDirectory, withIntermediateDirectories: true)
    return url
}

/// Registers removal of the benchmark directory at exit (once).
let scanPackageBenchCleanup: Bool = {
    atexit {
        try? FileManager.default.removeItem(at: scanPackageBenchDirectory)
    }
    return true
}()

/// One iPhone-sized frame: 256×192 depth + confidence, a 256×192 YCbCr image, 300 feature points.
func scanPackageBenchFrame(number: Int, timestamp: Double, seed: UInt64, features: Bool = true) -> SensorFrame {
    var g = SeededGenerator(seed: seed)
    let w = 256
    let h = 192
    let camera = CameraFrame(
        frameNumber: number, timestamp: timestamp,
        cameraTransform: Matrix4x4(columnMajor: (0..<16).map { _ in Float.random(in: -1...1, using: &g) })!,
        intrinsics: .iPhoneWide1920x1440, trackingState: .normal, worldMappingStatus: .mapped,
        orientation: .landscapeRight)
    let depth = DepthFrame(
        frameNumber: number, timestamp: timestamp,
        depth: DepthMap(width: w, height: h, pixels: (0..<(w * h)).map { _ in Float.random(in: 0.3...5, using: &g) })!,
        confidence: ConfidenceMap(
            width: w, height: h, pixels: (0..<(w * h)).map { _ in UInt8.random(in: 0...2, using: &g) })!)
    let image = YCbCrImage(
        width: w, height: h, luma: (0..<(w * h)).map { _ in UInt8.random(in: 0...255, using: &g) },
        chroma: (0..<(w * h / 2)).map { _ in UInt8.random(in: 0...255, using: &g) })!
    let n = features ? 300 : 0
    let points = FeaturePointFrame(
        frameNumber: number, timestamp: timestamp, identifiers: (0..<n).map { UInt64($0) },
        positions: (0..<n).map { _ in
            SIMD3(Float.random(in: -5...5, using: &g), .random(in: -5...5, using: &g), .random(in: -5...5, using: &g))
        })
    return SensorFrame(
        camera: camera, depth: depth,
        color: ColorFrame(frameNumber: number, timestamp: timestamp, image: .ycbcr(image)),
        features: features ? points : nil)
}

/// A finished package of `count` benchmark frames.
func scanPackageBenchPackage(_ name: String, count: Int) -> URL {
    scanPackageBenchWriter(name, count: count).directory
}

/// The finished writer of a package of `count` benchmark frames.
func scanPackageBenchWriter(_ name: String, count: Int) -> ScanPackageWriter {
    let dir = scanPackageBenchPath(name)
    let writer = try! ScanPackageWriter(directory: dir, config: ScanConfig())
    let frame = scanPackageBenchFrame(number: 0, timestamp: 0, seed: 5)
    for i in 0..<count {
        var f = frame
        let t = Double(i) / 60
        f.camera.frameNumber = i
        f.camera.timestamp = t
        f.depth!.frameNumber = i
        f.color!.frameNumber = i
        f.features!.frameNumber = i
        try! writer.append(f)
    }
    try! writer.finish()
    return writer
}

/// A mutable frame counter captured by a timed closure.
final class ScanPackageBenchCounter {
    var next = 0
}

var scanPackageBenchmarks: [BenchmarkCase] {
    [
        // The recorder's hot path: one 60 Hz frame (246 KB depth+confidence, 74 KB YCbCr, 300 features,
        // journal line; arkitData.json is rewritten atomically once a second, i.e. every 60th frame).
        BenchmarkCase(name: "scanpkg/append/256x192 d+c+ycc+300fp", iterations: 600) {
            let writer = try! ScanPackageWriter(directory: scanPackageBenchPath("append"), config: ScanConfig())
            let frame = scanPackageBenchFrame(number: 0, timestamp: 0, seed: 1)
            let counter = ScanPackageBenchCounter()
            return {
                var f = frame
                let i = counter.next
                counter.next += 1
                f.camera.frameNumber = i
                f.camera.timestamp = Double(i) / 60
                f.depth!.frameNumber = i
                f.color!.frameNumber = i
                f.features!.frameNumber = i
                try! writer.append(f)
            }
        },
        BenchmarkCase(name: "scanpkg/read-depth/256x192 x100", iterations: 30) {
            let dir = scanPackageBenchPackage("read-depth", count: 100)
            let reader = try! ScanStreamReader(url: dir.appendingPathComponent("allDepthFrames.bin"), kind: .depth)
            return {
                var sum: Float = 0
                for r in reader.records { sum += try! reader.readDepth(r).depth.pixels[1000] }
                blackHole(sum)
            }
        },
        BenchmarkCase(name: "scanpkg/open+frames/100 d+c+fp", iterations: 20) {
            let dir = scanPackageBenchPackage("frames", count: 100)
            return {
                let package = try! ScanPackage(url: dir)
                var n = 0
                try! package.forEachFrame { n += $0.depth!.width + ($0.features?.identifiers.count ?? 0) }
                blackHole(n)
            }
        },
        // zip(to:): deflate the package, re-open the archive, compare every entry's size and CRC32
        // with the files and decompress each entry once more.
        BenchmarkCase(name: "scanpkg/zip-deflate+verify/100", iterations: 3) {
            let writer = scanPackageBenchWriter("zip", count: 100)
            let counter = ScanPackageBenchCounter()
            return {
                counter.next += 1
                blackHole(
                    try! writer.zip(to: scanPackageBenchDirectory.appendingPathComponent("zip-\(counter.next).zip")))
            }
        },
        BenchmarkCase(name: "scanpkg/zip-store+verify/100", iterations: 3) {
            let writer = scanPackageBenchWriter("zip-store", count: 100)
            let counter = ScanPackageBenchCounter()
            return {
                counter.next += 1
                blackHole(
                    try! writer.zip(
                        to: scanPackageBenchDirectory.appendingPathComponent("zip-store-\(counter.next).zip"),
                        compressed: false))
            }
        },
    ]
}
