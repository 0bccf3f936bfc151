import ArgumentParser
import Fathom
import FathomTestSupport
import Foundation
import Testing

@Suite struct RelocalizeCommandTests {
    static let anchorPose = RigidTransform(rotation: .rotation(axis: SIMD3(0, 1, 0), angle: 0.3), translation: SIMD3(1.5, 1, 2))
    static let newWorldFromMapWorld = RegistrationFixtures.yawTransform(0.8, SIMD3(3, -0.2, -1))

    /// Writes a map of a furnished corner (one anchor) and a package of a new session seeing it.
    func writeInputs(in dir: URL, sessionScene: [SIMD3<Float>]? = nil) throws -> (map: String, package: String, anchor: Anchor) {
        let scene = RegistrationFixtures.furnishedCorner(seed: 41)
        let anchor = Anchor(worldFromAnchor: Self.anchorPose, kind: "film-pane", createdAt: Date(timeIntervalSince1970: 0))
        let mapURL = dir.appendingPathComponent("map.json")
        try WorldMap(points: PointCloud(unchecked: scene), anchors: [anchor]).write(to: mapURL)
        let packageURL = dir.appendingPathComponent("session")
        let writer = try ScanPackageWriter(directory: packageURL, config: ScanConfig())
        for frame in RegistrationFixtures.sessionFrames(
            of: sessionScene ?? scene, newWorldFromScene: Self.newWorldFromMapWorld, count: 75)
        {
            try writer.append(frame)
        }
        try writer.finish()
        return (mapURL.path, packageURL.path, anchor)
    }

    @Test func jsonReportsTheStateTransformAndMovedAnchors() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (map, package, anchor) = try writeInputs(in: dir)
        let text = try runFathom(["relocalize", map, package, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["state"] as? String == "relocalized")
        let numbers = try #require(object["newWorldFromMapWorld"] as? [Double])
        for (a, b) in zip(numbers, Self.newWorldFromMapWorld.matrix.columnMajor) { #expect(abs(Float(a) - b) < 0.01) }
        #expect((object["sessionSeconds"] as? Double).map { $0 >= 0.5 && $0 <= 1.5 } == true)
        let anchors = try #require(object["anchors"] as? [[String: Any]])
        #expect(anchors.count == 1)
        #expect(anchors.first?["id"] as? String == anchor.id.uuidString)
        let pose = try #require(anchors.first?["worldFromAnchor"] as? [Double])
        let truth = (Self.newWorldFromMapWorld * Self.anchorPose).matrix.columnMajor
        for (a, b) in zip(pose, truth) { #expect(abs(Float(a) - b) < 0.01) }
    }

    @Test func textReportOfAnotherPlaceSaysNotRelocalized() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let elsewhere = RegistrationFixtures.furnishedCorner(seed: 88, boxes: 6, walls: 0)
        let (map, package, _) = try writeInputs(in: dir, sessionScene: elsewhere)
        let text = try runFathom(["relocalize", map, package, "--timeout", "2", "--interval", "1"])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "map: \(RegistrationFixtures.furnishedCorner(seed: 41).count) points, 1 anchors; session: 75 frames")
        #expect(lines.contains { $0.hasPrefix("state: failed (timed out after 2.") })
        #expect(!lines.contains { $0.hasPrefix("anchors moved") })
    }

    @Test func badMapFileIsReported() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("map.json")
        try Data("{}".utf8).write(to: bad)
        do {
            _ = try runFathom(["relocalize", bad.path, dir.path])
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("map.json"))
        }
        #expect(throws: (any Error).self) { try runFathom(["relocalize", "m.json", "p", "--timeout", "0"]) }
    }
}
