import ArgumentParser
import Fathom
import FathomTestSupport
import Foundation
import Testing

@testable import FathomCLI

@Suite struct PanesCommandTests {
    /// A map with two panes and one other anchor, written to a temporary folder.
    func withMap(_ anchors: [Anchor], _ body: (URL) throws -> Void) throws {
        let dir = try makeTemporaryDirectory("panes")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("room.worldmap.json")
        try WorldMap(points: PointCloud(), anchors: anchors).write(to: url)
        try body(dir)
    }

    static let anchors = [
        try! FilmPane(seed: 1).anchor(worldFromAnchor: RigidTransform(translation: SIMD3(0, 1.5, -0.8))),
        Anchor(worldFromAnchor: .identity, kind: "note"),
        try! FilmPane(widthMetres: 0.2, heightMetres: 0.2, seed: 2).anchor(
            worldFromAnchor: RigidTransform(translation: SIMD3(1, 1, -1))),
    ]

    @Test func exportsThePanesOfAMap() throws {
        try withMap(Self.anchors) { dir in
            let map = dir.appendingPathComponent("room.worldmap.json").path
            let usda = dir.appendingPathComponent("panes.usda").path
            #expect(
                try runFathom(["panes", map, "-o", usda, "--grid", "4x3"])
                    == "wrote \(usda): 2 panes (of 3 anchors), 4 × 3 vertices each\n")
            let text = try String(contentsOfFile: usda, encoding: .utf8)
            #expect(text.contains("(0, 1.5, -0.8, 1))") && text.contains("(1, 1, -1, 1))"))
            #expect(text.contains(Self.anchors[0].id.uuidString) && text.contains(Self.anchors[2].id.uuidString))
            // The same scene as the library writes.
            let scene = try FilmPaneScene(anchors: Self.anchors)
            #expect(text == (try scene.usda(configuration: .init(mesh: .init(columns: 4, rows: 3)))))

            let gltf = dir.appendingPathComponent("panes.gltf").path
            _ = try runFathom(["panes", map, "-o", gltf, "--eye", "0,1.6,0", "--normalize"])
            let expected = try scene.gltf(
                configuration: .init(mesh: .init(scaling: .normalized), eyeInWorld: SIMD3(0, 1.6, 0)))
            #expect(try Data(contentsOf: URL(fileURLWithPath: gltf)) == expected)
        }
    }

    @Test func badInputIsReported() throws {
        let missing = #expect(throws: (any Error).self) {
            try runFathom(["panes", "/nonexistent/map.json", "-o", "/tmp/p.usda"])
        }
        #expect(FathomCommand.message(for: try #require(missing)).contains("map.json"))
        let format = #expect(throws: (any Error).self) { try runFathom(["panes", "map.json", "-o", "p.obj"]) }
        #expect(FathomCommand.message(for: try #require(format)).contains(".usda or .gltf"))
        let eye = #expect(throws: (any Error).self) {
            try runFathom(["panes", "map.json", "-o", "p.usda", "--eye", "1,2"])
        }
        #expect(FathomCommand.message(for: try #require(eye)).contains("--eye must be three numbers"))
        let broken = Anchor(
            worldFromAnchor: .identity, kind: FilmPane.anchorKind, payload: .object(["width": .number(1)]))
        try withMap([broken]) { dir in
            let map = dir.appendingPathComponent("room.worldmap.json").path
            let error = #expect(throws: (any Error).self) {
                try runFathom(["panes", map, "-o", dir.appendingPathComponent("p.usda").path])
            }
            let message = FathomCommand.message(for: try #require(error))
            #expect(message.contains("room.worldmap.json") && message.contains(broken.id.uuidString))
        }
    }
}
