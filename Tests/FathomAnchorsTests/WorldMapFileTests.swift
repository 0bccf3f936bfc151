import FathomAnchors
import FathomCore
import Foundation
import Testing

@Suite struct WorldMapFileTests {
    struct Pane: Codable, Equatable {
        var width: Double
        var thicknessNanometres: [Double]
        var seed: UInt64
    }

    func temporaryURL() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("map-\(UUID()).json")
    }

    @Test func roundTripKeepsPointsAnchorsAndPayload() throws {
        let pane = Pane(width: 0.4, thicknessNanometres: [200, 900], seed: 7)
        let pose = RigidTransform(rotation: .rotation(axis: SIMD3(0, 1, 0), angle: 0.7), translation: SIMD3(1, 1.5, -2))
        let anchor = Anchor(
            worldFromAnchor: pose, kind: "film-pane", createdAt: Date(timeIntervalSince1970: 1_700_000_000.5),
            payload: try AnchorPayload(encoding: pane))
        let cloud = try PointCloud(
            positions: [SIMD3(0, 0, 0), SIMD3(1, 2, 3), SIMD3(-1, 0.5, 2)], identifiers: [10, 11, 12])
        let map = WorldMap(points: cloud, anchors: [anchor], createdAt: Date(timeIntervalSince1970: 1_700_000_100))
        #expect(map.extent.min == SIMD3(-1, 0, 0))
        #expect(map.extent.max == SIMD3(1, 2, 3))
        let url = temporaryURL()
        defer { try? FileManager.default.removeItem(at: url) }
        try map.write(to: url)
        let back = try WorldMap(contentsOf: url)
        #expect(back == map)
        #expect(try back.anchors[0].payload.decode(Pane.self) == pane)
    }

    @Test func badFilesNameTheFileAndTheProblem() throws {
        let url = temporaryURL()
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(#"{"format":"fathom-worldmap","formatVersion":9,"createdAt":0,"extentMin":[0,0,0],"extentMax":[0,0,0],"positions":[],"anchors":[]}"#.utf8).write(to: url)
        #expect { _ = try WorldMap(contentsOf: url) } throws: { "\($0)".contains(url.path) && "\($0)".contains("formatVersion 9") }
        try Data(#"{"format":"fathom-worldmap","formatVersion":1,"createdAt":0,"extentMin":[0,0,0],"extentMax":[0,0,0],"positions":[1,2],"anchors":[]}"#.utf8).write(to: url)
        #expect { _ = try WorldMap(contentsOf: url) } throws: { "\($0)".contains("3 numbers per point") }
        try Data("{\"format\":".utf8).write(to: url)
        #expect(throws: WorldMapError.self) { _ = try WorldMap(contentsOf: url) }
    }
}
