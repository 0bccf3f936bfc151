import Fathom
import FathomTestSupport
import Foundation
import Testing

@Suite struct InfoCommandTests {
    @Test func describesAPointCloud() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("grid.ply")
        let grid = (0..<100).map { SIMD3<Float>(Float($0 % 10) * 0.1, 0, Float($0 / 10) * 0.1) }
        try PointCloudFile.write(PointCloud(unchecked: grid), to: url)
        let text = try runFathom(["info", url.path])
        #expect(text.contains("grid.ply"))
        #expect(text.contains("100"))
    }

    @Test func describesAnImage() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("mask.png")
        try ImageFile.write(GrayImage(width: 7, height: 3, repeating: 255), to: url)
        #expect(try runFathom(["info", url.path]) == "mask.png: image 7×3, gray, 8 bits\n")
    }

    @Test func rejectsUnknownAndMissingFiles() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let odd = dir.appendingPathComponent("notes.doc")
        try Data("x".utf8).write(to: odd)
        #expect(throws: (any Error).self) { try runFathom(["info", odd.path]) }
        #expect(throws: (any Error).self) { try runFathom(["info", dir.appendingPathComponent("none.ply").path]) }
    }

    @Test func reportsAMalformedPLYWithItsName() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("broken.ply")
        try Data("ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nend_header\n1\n".utf8).write(to: url)
        do {
            _ = try runFathom(["info", url.path])
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("broken.ply"))
        }
    }
}
