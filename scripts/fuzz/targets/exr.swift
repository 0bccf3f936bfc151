// fuzz-modules: FathomCore FathomIO
// OpenEXR decoder (Record3D depth: HALF/FLOAT channels, uncompressed, ZIPS and ZIP).
import FathomCore
import FathomIO
import Foundation

enum FuzzTarget {
    static func run(_ data: Data) {
        expectOnly(ImageFileError.self) { _ = try EXRFile.decode(data, fileName: "fuzz.exr") }
    }

    static func seeds() throws -> [String: Data] {
        var g = SeededGenerator(seed: 5)
        let depth = Image<Float>(width: 6, height: 8, pixels: (0..<48).map { _ in .random(in: 0.2...4, using: &g) })!
        let half = EXRImage(width: 6, height: 8, channels: [EXRImage.Channel(name: "R", pixelType: .half, image: depth)])
        let float = EXRImage(width: 6, height: 8, channels: [EXRImage.Channel(name: "Z", pixelType: .float, image: depth)])
        var seeds: [String: Data] = [:]
        for c in EXRCompression.allCases {
            seeds["half-\(c).exr"] = EXRFile.encode(half, compression: c)
            seeds["float-\(c).exr"] = EXRFile.encode(float, compression: c)
        }
        return seeds
    }
}
