// fuzz-modules: FathomCore FathomIO
// Text point clouds (.xyz: "x y z [r g b]" lines).
import FathomCore
import FathomIO
import Foundation

enum FuzzTarget {
    static func run(_ data: Data) {
        expectOnly(PointCloudFileError.self) { _ = try XYZFile.decode(data, fileName: "fuzz.xyz") }
    }

    static func seeds() throws -> [String: Data] {
        let cloud = FuzzSeeds.cloud(count: 6)
        return [
            "positions.xyz": XYZFile.encode(PointCloud(unchecked: cloud.positions)),
            "colored.xyz": XYZFile.encode(PointCloud(unchecked: cloud.positions, colors: cloud.colors)),
        ]
    }
}
