// fuzz-modules: FathomCore FathomIO FathomPlan FathomImport
// Stray Scanner index files: the input is `odometry.csv`, then a line `--`, then `camera_matrix.csv`;
// the importer opens the folder and reads every frame (one small depth PNG is present, for frame 0).
@testable import FathomImport
import FathomCore
import FathomIO
import Foundation

enum FuzzTarget {
    static let separator = Data("\n--\n".utf8)

    static func run(_ data: Data) {
        let folder = fuzzScratch.appendingPathComponent("stray", isDirectory: true)
        let parts = data.range(of: separator).map { (data[..<$0.lowerBound], data[$0.upperBound...]) } ?? (data[...], Data()[...])
        let depth = folder.appendingPathComponent("depth")
        if !FileManager.default.fileExists(atPath: depth.path) {
            try? FileManager.default.createDirectory(at: depth, withIntermediateDirectories: true)
            _ = scratchFile("stray/depth/000000.png", PNGEncoder.encode(gray16: Image<UInt16>(width: 8, height: 6, pixels: (0..<48).map { UInt16(500 + $0) })!))
        }
        _ = scratchFile("stray/odometry.csv", Data(parts.0))
        _ = scratchFile("stray/camera_matrix.csv", Data(parts.1))
        expectOnly(ImportError.self) {
            var importer = try StrayScannerImporter(folder: folder, options: ImportOptions(includeColor: false))
            var warnings: [String] = []
            for i in 0..<min(importer.frameCount, 64) { _ = try importer.frame(at: i, warnings: &warnings) }
        }
    }

    static func seeds() throws -> [String: Data] {
        var odometry = "timestamp, frame, x, y, z, qx, qy, qz, qw\n"
        for i in 0..<3 {
            odometry += "\(10 + Double(i) / 60), \(String(format: "%06d", i)), \(0.01 * Double(i)), 0.0, 0.0, 0.0, 0.0, 0.0, 1.0\n"
        }
        let matrix = "1450.5,0.0,959.5\n0.0,1449.25,719.5\n0.0,0.0,1.0\n"
        return ["stray.txt": Data(odometry.utf8) + separator + Data(matrix.utf8)]
    }
}
