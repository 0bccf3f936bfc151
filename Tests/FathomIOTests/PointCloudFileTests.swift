import FathomCore
import FathomIO
import FathomTestSupport
import Foundation
import Testing

@Suite struct PointCloudFileTests {
    @Test(arguments: ["ply", "PLY", "xyz", "txt", "pts"])
    func writesAndReadsByExtension(ext: String) throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("cloud.\(ext)")
        let cloud = makeTestCloud(count: 30, seed: 5)
        try PointCloudFile.write(cloud, to: url)
        let back = try PointCloudFile.read(url)
        expectBitExact(back, ext.lowercased() == "ply" ? cloud : PointCloud(unchecked: cloud.positions))
    }

    @Test func unknownExtensionIsAClearError() throws {
        let url = URL(fileURLWithPath: "/tmp/cloud.las")
        let e = pointCloudError { _ = try PointCloudFile.read(url) }
        #expect(e == PointCloudFileError(file: "cloud.las", location: .file, problem: .unsupportedExtension("las")))
        #expect(e?.description == "cloud.las: unsupported point-cloud file extension 'las' (supported: .ply, .xyz, .txt, .pts)")
        #expect(pointCloudError { try PointCloudFile.write(PointCloud(), to: url) }?.problem == .unsupportedExtension("las"))
    }

    @Test func summaryDescribesAGrid() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A 4 × 3 grid with 0.25 m spacing on the z = 1 plane, coloured.
        var positions: [SIMD3<Float>] = []
        for y in 0..<3 { for x in 0..<4 { positions.append(SIMD3(Float(x) * 0.25, Float(y) * 0.25, 1)) } }
        let cloud = try PointCloud(positions: positions, colors: Array(repeating: .white, count: 12))
        let url = dir.appendingPathComponent("grid.ply")
        try PointCloudFile.write(cloud, to: url, plyOptions: PLYWriteOptions(format: .ascii))
        let summary = try PointCloudFile.summary(of: url)
        #expect(summary.pointCount == 12)
        #expect(summary.attributes == [.colors])
        #expect(summary.bounds == BoundingBox(min: SIMD3(0, 0, 1), max: SIMD3(0.75, 0.5, 1)))
        #expect(isClose(summary.meanSpacing ?? 0, 0.25, tolerance: 1e-6))
        #expect(summary.description == """
            file: grid.ply
            format: PLY (ascii)
            points: 12
            attributes: positions, colors
            bounds: min (0.000, 0.000, 1.000) max (0.750, 0.500, 1.000) m
            size: (0.750, 0.500, 0.000) m
            mean spacing: 0.250 m
            """)
    }

    @Test func summaryListsWarningsOfTextFiles() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("one.xyz")
        try Data("1 2 3\n4".utf8).write(to: url)
        let summary = try PointCloudFile.summary(of: url)
        #expect(summary.description == """
            file: one.xyz
            format: XYZ
            points: 1
            attributes: positions
            bounds: min (1.000, 2.000, 3.000) max (1.000, 2.000, 3.000) m
            size: (0.000, 0.000, 0.000) m
            mean spacing: n/a
            warning: one.xyz: line 2: truncated last line dropped (too few values on the line: expected 3, found 1)
            """)
    }
}
