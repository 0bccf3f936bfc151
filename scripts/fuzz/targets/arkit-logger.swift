// fuzz-modules: FathomCore FathomIO FathomPlan FathomImport
// ARKit-Data-Logger text files: the input is `ARKit_camera_pose.txt`, a line `--`, then
// `ARKit_point_cloud.txt`; the importer opens the folder and reads every frame.
import FathomCore
import FathomIO
@testable import FathomImport
import Foundation

enum FuzzTarget {
    static let separator = Data("\n--\n".utf8)

    static func run(_ data: Data) {
        let folder = fuzzScratch.appendingPathComponent("arkit-logger", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let parts = data.range(of: separator).map { (data[..<$0.lowerBound], data[$0.upperBound...]) } ?? (data[...], Data()[...])
        _ = scratchFile("arkit-logger/ARKit_camera_pose.txt", Data(parts.0))
        _ = scratchFile("arkit-logger/ARKit_point_cloud.txt", Data(parts.1))
        expectOnly(ImportError.self) {
            var importer = try ARKitDataLoggerImporter(folder: folder, options: ImportOptions(includeColor: false))
            var warnings: [String] = []
            for i in 0..<min(importer.frameCount, 64) { _ = try importer.frame(at: i, warnings: &warnings) }
        }
    }

    static func seeds() throws -> [String: Data] {
        // The logger's layout: "timestamp r11 r12 r13 t1 r21 … t3" per pose (nanoseconds), and
        // "x y z" per landmark (see docs/import/arkit-logger.md).
        var poses = ""
        for i in 0..<3 {
            poses += "\(1_000_000_000 + i * 16_666_667) 1 0 0 \(0.01 * Double(i)) 0 1 0 0 0 0 1 0\n"
        }
        let points = "0.5 -0.7 -1.0\n0.6 -0.7 -1.1\n-0.4 -0.69 -0.9\n"
        return ["logger.txt": Data(poses.utf8) + separator + Data(points.utf8)]
    }
}
