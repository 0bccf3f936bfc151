import FathomAnchors
import FathomCore
import FathomTestSupport
import Foundation
import Testing

@Suite struct FilmPaneExportTests {
    static let poses = [
        RigidTransform(rotation: .rotation(axis: SIMD3(0, 1, 0), angle: 0.5), translation: SIMD3(0.5, 1.2, -0.8)),
        RigidTransform(translation: SIMD3(-1, 1.5, -2)),
    ]

    static func scene() throws -> (FilmPaneScene, [Anchor]) {
        let anchors = [
            try FilmPane(seed: 1).anchor(worldFromAnchor: poses[0]),
            Anchor(worldFromAnchor: .identity, kind: "note", payload: .string("not a pane")),
            try FilmPane(widthMetres: 0.3, heightMetres: 0.3, seed: 2).anchor(worldFromAnchor: poses[1]),
        ]
        return (try FilmPaneScene(anchors: anchors), anchors)
    }

    static let small = FilmPaneScene.Configuration(mesh: .init(columns: 4, rows: 3))

    /// The numbers inside the first `[…]` after `key = `.
    static func usdaArray(_ text: Substring, _ key: String) -> [String] {
        guard let start = text.range(of: key + " = [") else { return [] }
        let rest = text[start.upperBound...]
        let body = rest[..<rest.firstIndex(of: "]")!]
        return body.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func sceneKeepsOnlyPanesInOrder() throws {
        let (scene, anchors) = try Self.scene()
        #expect(scene.panes.map(\.anchorID) == [anchors[0].id, anchors[2].id])
        #expect(scene.panes[1].pane.widthMetres == 0.3)
    }

    @Test func usdaStructure() throws {
        let (scene, anchors) = try Self.scene()
        let text = try scene.usda(configuration: Self.small)
        #expect(text.hasPrefix("#usda 1.0\n"))
        #expect(text.contains("defaultPrim = \"Panes\"") && text.contains("upAxis = \"Y\""))
        let panes = text.components(separatedBy: "def Xform \"Pane_").dropFirst()
        #expect(panes.count == 2)
        for (k, block) in panes.enumerated() {
            let block = Substring(block)
            #expect(block.contains("custom string fathom:anchorId = \"\(scene.panes[k].anchorID.uuidString)\""))
            #expect(Self.usdaArray(block, "int[] faceVertexCounts") == Array(repeating: "4", count: 6))
            #expect(Self.usdaArray(block, "int[] faceVertexIndices").count == 24)
            #expect(Self.usdaArray(block, "point3f[] points").count == 3 * 12)
            #expect(Self.usdaArray(block, "color3f[] primvars:displayColor").count == 3 * 12)
            #expect(Self.usdaArray(block, "float[] primvars:filmThickness").count == 12)
            #expect(block.contains("interpolation = \"vertex\""))
        }
        // The first pane's transform: USD rows are the matrix's columns; the last row is the translation.
        let first = Substring(panes.first!)
        #expect(first.contains("(0.5, 1.2, -0.8, 1))"))
        let m = Self.poses[0].matrix.columnMajor
        #expect(
            first.contains(
                "matrix4d xformOp:transform = ((\(FilmPaneSceneNumbers.text(m[0])), 0, \(FilmPaneSceneNumbers.text(m[2])), 0)"
            ))
        // The colours are the meshes' colours.
        let mesh = try scene.meshes(configuration: Self.small)[0]
        let colors = Self.usdaArray(first, "color3f[] primvars:displayColor")
        let firstColor = SIMD3<Float>(
            Float(colors[0].dropFirst())!, Float(colors[1])!, Float(colors[2].dropLast())!)
        #expect(firstColor == mesh.colors[0])
        _ = anchors
    }

    @Test func gltfRoundTrip() throws {
        let (scene, _) = try Self.scene()
        let data = try scene.gltf(configuration: Self.small)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((json["asset"] as? [String: Any])?["version"] as? String == "2.0")
        let nodes = try #require(json["nodes"] as? [[String: Any]])
        #expect(nodes.count == 2)
        let matrix = try #require(nodes[1]["matrix"] as? [Double])
        #expect(matrix.map(Float.init) == Self.poses[1].matrix.columnMajor)
        let buffers = try #require(json["buffers"] as? [[String: Any]])
        let uri = try #require(buffers[0]["uri"] as? String)
        let prefix = "data:application/octet-stream;base64,"
        #expect(uri.hasPrefix(prefix))
        let buffer = try #require(Data(base64Encoded: String(uri.dropFirst(prefix.count))))
        #expect(buffer.count == buffers[0]["byteLength"] as? Int)
        let accessors = try #require(json["accessors"] as? [[String: Any]])
        let views = try #require(json["bufferViews"] as? [[String: Any]])
        let meshes = try #require(json["meshes"] as? [[String: Any]])
        let primitive = try #require((meshes[0]["primitives"] as? [[String: Any]])?.first)
        let attributes = try #require(primitive["attributes"] as? [String: Int])

        func floats(_ accessorIndex: Int) -> [Float] {
            let accessor = accessors[accessorIndex]
            let view = views[accessor["bufferView"] as! Int]
            let offset = view["byteOffset"] as! Int
            let length = view["byteLength"] as! Int
            #expect(offset % 4 == 0)
            return stride(from: offset, to: offset + length, by: 4).map { o in
                Float(
                    bitPattern: buffer[o..<(o + 4)].enumerated().reduce(UInt32(0)) {
                        $0 | UInt32($1.element) << (8 * $1.offset)
                    })
            }
        }
        let mesh = try scene.meshes(configuration: Self.small)[0]
        #expect(floats(try #require(attributes["POSITION"])) == mesh.positions.flatMap { [$0.x, $0.y, $0.z] })
        #expect(floats(try #require(attributes["COLOR_0"])) == mesh.colors.flatMap { [$0.x, $0.y, $0.z] })
        #expect(floats(try #require(attributes["NORMAL"])) == Array(repeating: [0, 0, 1], count: 12).flatMap { $0 })
        let indices = floats(try #require(primitive["indices"] as? Int)).map(\.bitPattern).map(Int.init)
        #expect(indices == mesh.triangleVertexIndices)
        let position = accessors[attributes["POSITION"]!]
        #expect((position["min"] as? [Double])?.map(Float.init) == [-0.2, -0.15, 0])
        #expect((position["max"] as? [Double])?.map(Float.init) == [0.2, 0.15, 0])
    }

    @Test func writeChoosesTheFormatByExtension() throws {
        let (scene, _) = try Self.scene()
        let dir = try makeTemporaryDirectory("panes")
        defer { try? FileManager.default.removeItem(at: dir) }
        let usda = dir.appendingPathComponent("p.usda")
        let gltf = dir.appendingPathComponent("p.gltf")
        try scene.write(to: usda, configuration: Self.small)
        try scene.write(to: gltf, configuration: Self.small)
        #expect(try String(contentsOf: usda, encoding: .utf8) == (try scene.usda(configuration: Self.small)))
        #expect(try Data(contentsOf: gltf) == (try scene.gltf(configuration: Self.small)))
        let error = #expect(throws: ThinFilmError.self) { try scene.write(to: dir.appendingPathComponent("p.obj")) }
        #expect(error?.problem.contains("p.obj") == true)
    }

    @Test func worldEyeColoursEachPaneFromItsOwnAngle() throws {
        let (scene, _) = try Self.scene()
        let eye = SIMD3<Float>(0, 1.4, 1)
        let meshes = try scene.meshes(configuration: .init(mesh: .init(columns: 4, rows: 3), eyeInWorld: eye))
        for (placed, mesh) in zip(scene.panes, meshes) {
            let eyeInAnchor = placed.worldFromAnchor.inverse.apply(to: eye)
            let ray = eyeInAnchor - mesh.positions[5]
            let angle = acos(abs(ray.z) / ray.length) * 180 / .pi
            #expect(abs(mesh.viewAnglesDegrees[5] - angle) < 1e-3)
        }
    }
}

/// How the USDA writer prints numbers, restated for the test.
enum FilmPaneSceneNumbers {
    static func text(_ v: Float) -> String { v == v.rounded() && abs(v) < 1e7 ? String(Int(v)) : "\(v)" }
}
