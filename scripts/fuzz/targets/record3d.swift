// fuzz-modules: FathomCore FathomIO FathomPlan FathomImport
// Record3D `metadata.json` (K, sizes, poses, timestamps): the importer opens a folder holding it and one
// depth EXR (frame 0), then reads every frame.
import FathomCore
import FathomIO
@testable import FathomImport
import Foundation

enum FuzzTarget {
    static func run(_ data: Data) {
        let folder = fuzzScratch.appendingPathComponent("record3d", isDirectory: true)
        let depth = folder.appendingPathComponent("depth")
        if !FileManager.default.fileExists(atPath: depth.path) {
            try? FileManager.default.createDirectory(at: depth, withIntermediateDirectories: true)
            let image = Image<Float>(width: 6, height: 8, pixels: (0..<48).map { 0.5 + Float($0) / 100 })!
            let exr = EXRImage(width: 6, height: 8, channels: [EXRImage.Channel(name: "R", pixelType: .half, image: image)])
            _ = scratchFile("record3d/depth/0.exr", EXRFile.encode(exr, compression: .zip))
        }
        _ = scratchFile("record3d/metadata.json", data)
        expectOnly(ImportError.self) {
            var importer = try Record3DImporter(folder: folder, options: ImportOptions(includeColor: false))
            var warnings: [String] = []
            for i in 0..<min(importer.frameCount, 64) { _ = try importer.frame(at: i, warnings: &warnings) }
        }
    }

    static func seeds() throws -> [String: Data] {
        let metadata: [String: Any] = [
            "K": [180.0, 0, 0, 0, 180.0, 0, 95.5, 127.5, 1], "w": 6, "h": 8, "dw": 6, "dh": 8, "fps": 60,
            "poses": [[0, 0, 0, 1, 0, 0, 0], [0, 0, 0, 1, 0.01, 0, 0]], "frameTimestamps": [10.0, 10.0167],
            "initPose": [0, 0, 0, 1, 0, 0, 0],
        ]
        return ["metadata.json": try JSONSerialization.data(withJSONObject: metadata)]
    }
}
