// fuzz-modules: FathomCore FathomIO
// The scan package's JSON files: the first byte chooses config.json, arkitData.json or feedback.json
// (its value modulo 3), the rest is the file.
import FathomCore
@testable import FathomIO
import Foundation

enum FuzzTarget {
    static let files = ["config.json", "arkitData.json", "feedback.json"]

    static func run(_ data: Data) {
        guard let first = data.first else { return }
        let body = data.dropFirst()
        expectOnly(ScanPackageError.self) {
            switch first % 3 {
            case 0: _ = try ScanConfig.decode(Data(body))
            case 1: _ = try ScanARKitData.decode(Data(body))
            default: _ = try ScanJSON.decode(ScanFeedback.self, from: Data(body), displayName: "feedback.json")
            }
        }
    }

    static func seeds() throws -> [String: Data] {
        let tmp = try FuzzSeeds.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dir = tmp.appendingPathComponent("scan")
        try FuzzSeeds.package(at: dir)
        var seeds: [String: Data] = [:]
        for (k, name) in files.enumerated() {
            seeds[name] = Data([UInt8(k)]) + (try Data(contentsOf: dir.appendingPathComponent(name)))
        }
        return seeds
    }
}
