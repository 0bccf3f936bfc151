// fuzz-modules: FathomCore FathomIO
// The binary streams (allDepthFrames.bin, colorFrames.bin, featurePoints.bin): the input is opened as
// each of the three kinds, indexed, and every record read.
import FathomCore
import FathomIO
import Foundation

enum FuzzTarget {
    static func run(_ data: Data) {
        let url = scratchFile("stream.bin", data)
        for kind in ScanStreamKind.allCases {
            expectOnly(ScanPackageError.self) {
                let reader = try ScanStreamReader(url: url, kind: kind)
                for record in reader.records {
                    switch kind {
                    case .depth: _ = try reader.readDepth(record)
                    case .color: _ = try reader.readColor(record)
                    case .featurePoints: _ = try reader.readFeaturePoints(record)
                    }
                }
            }
        }
    }

    static func seeds() throws -> [String: Data] {
        let tmp = try FuzzSeeds.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dir = tmp.appendingPathComponent("scan")
        try FuzzSeeds.package(at: dir, frames: 2)
        var seeds: [String: Data] = [:]
        for kind in ScanStreamKind.allCases {
            seeds[kind.fileName] = try Data(contentsOf: dir.appendingPathComponent(kind.fileName))
        }
        return seeds
    }
}
