import ArgumentParser
import Fathom
import FathomTestSupport
import Foundation
import Testing

@Suite struct RegisterCommandTests {
    /// Writes a furnished corner as the target and a moved copy as the source; returns the paths and
    /// the true `targetFromSource`.
    func writeClouds(in dir: URL) throws -> (source: String, target: String, truth: RigidTransform) {
        let target = RegistrationFixtures.furnishedCorner(seed: 31, boxes: 3)
        let truth = RegistrationFixtures.yawTransform(-2.5, SIMD3(0.8, 0.1, -1.7))
        let source = target.map(truth.inverse.apply(to:))
        let s = dir.appendingPathComponent("source.ply"), t = dir.appendingPathComponent("target.xyz")
        try PointCloudFile.write(PointCloud(unchecked: source), to: s)
        try PointCloudFile.write(PointCloud(unchecked: target), to: t)
        return (s.path, t.path, truth)
    }

    @Test func jsonReportsTheTransformColumnMajor() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (s, t, truth) = try writeClouds(in: dir)
        let text = try runFathom(["register", s, t, "--gravity-aligned", "--voxel", "0.08", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["found"] as? Bool == true)
        #expect(object["trusted"] as? Bool == true)
        let numbers = try #require(object["targetFromSource"] as? [Double])
        #expect(numbers.count == 16)
        let expected = truth.matrix.columnMajor
        for (a, b) in zip(numbers, expected) { #expect(abs(Float(a) - b) < 3e-3) }
        #expect((object["fitness"] as? Double).map { $0 > 0.99 } == true)
        #expect((object["rmse"] as? Double).map { $0 < 0.02 } == true)  // voxel centroids differ by millimetres
        #expect((object["elapsedMilliseconds"] as? Double).map { $0 > 0 } == true)
        // With --voxel there is no finer level, so no contradiction was counted.
        #expect(object["contradictionRate"] as? Double == 0)
        #expect(text.hasSuffix("}\n") && !text.dropLast().contains("\n"))
    }

    @Test func textReportSaysFoundAndTrusted() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (s, t, _) = try writeClouds(in: dir)
        let text = try runFathom(["register", s, t, "--gravity-aligned", "--voxel", "0.08"])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("source: ") == true)
        #expect(lines.first?.hasSuffix("(gravity-aligned: yaw and translation, voxel 0.08 m)") == true)
        #expect(lines.contains("found: yes, trusted"))
        #expect(lines.contains("targetFromSource:"))
        #expect(lines.contains { $0.hasPrefix("fitness: ") } && lines.contains { $0.hasPrefix("rmse: ") })
    }

    @Test func badVoxelIsAUserError() {
        #expect(throws: (any Error).self) { try runFathom(["register", "a.ply", "b.ply", "--voxel", "0"]) }
        #expect(throws: (any Error).self) { try runFathom(["register", "a.ply", "b.ply", "--voxel", "nan"]) }
    }

    @Test func missingFileNamesTheFile() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("nothing.ply").path
        do {
            _ = try runFathom(["register", missing, missing])
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("nothing.ply"))
        }
    }
}
