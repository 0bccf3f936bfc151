// fuzz-modules: FathomCore FathomIO
// PLY reader (ASCII and binary, every attribute) and its summary.
import FathomCore
import FathomIO
import Foundation

enum FuzzTarget {
    static func run(_ data: Data) {
        expectOnly(PointCloudFileError.self) {
            let r = try PLYFile.decode(data, fileName: "fuzz.ply")
            _ = PointCloudFileSummary(fileName: "fuzz.ply", result: r)
        }
    }

    static func seeds() throws -> [String: Data] {
        let cloud = FuzzSeeds.cloud(count: 6)
        var seeds: [String: Data] = [:]
        for format in PLYFormat.allCases {
            seeds["cloud-\(format.headerName).ply"] = PLYFile.encode(cloud, options: PLYWriteOptions(format: format))
            seeds["positions-\(format.headerName).ply"] = PLYFile.encode(
                PointCloud(unchecked: cloud.positions), options: PLYWriteOptions(format: format))
        }
        return seeds
    }
}
