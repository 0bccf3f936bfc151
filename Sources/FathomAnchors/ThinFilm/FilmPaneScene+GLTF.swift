import FathomCore
import Foundation

extension FilmPaneScene {
    /// glTF's component type and target codes (glTF 2.0 specification, accessors and buffer views).
    private enum GLTFCode {
        static let float = 5126, unsignedInt = 5125
        static let arrayBuffer = 34962, elementArrayBuffer = 34963
        static let triangles = 4
    }

    /// The scene as glTF 2.0 JSON with its one buffer embedded as a base64 data URI (metres, +y up): one
    /// node per pane whose `matrix` is `worldFromAnchor` (column-major, as glTF stores it), one mesh per
    /// pane with `POSITION`, `NORMAL`, `COLOR_0` (linear sRGB, as glTF expects) and triangle indices, and a
    /// double-sided material that shows the vertex colours.
    public func gltf(configuration: Configuration = Configuration()) throws -> Data {
        let meshes = try meshes(configuration: configuration)
        var buffer = Data()
        var bufferViews: [[String: Any]] = []
        var accessors: [[String: Any]] = []
        var gltfMeshes: [[String: Any]] = []
        var nodes: [[String: Any]] = []

        func appendView(_ bytes: Data, target: Int) -> Int {
            while buffer.count % 4 != 0 { buffer.append(0) }
            bufferViews.append(["buffer": 0, "byteOffset": buffer.count, "byteLength": bytes.count, "target": target])
            buffer.append(bytes)
            return bufferViews.count - 1
        }
        func appendVectors(_ vectors: [SIMD3<Float>], bounds: Bool) -> Int {
            var bytes = Data(capacity: 12 * vectors.count)
            for v in vectors {
                for c in [v.x, v.y, v.z] {
                    withUnsafeBytes(of: c.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
                }
            }
            var accessor: [String: Any] = [
                "bufferView": appendView(bytes, target: GLTFCode.arrayBuffer), "componentType": GLTFCode.float,
                "count": vectors.count, "type": "VEC3",
            ]
            if bounds {
                let lo = vectors.reduce(SIMD3<Float>(repeating: .infinity)) { pointwiseMin($0, $1) }
                let hi = vectors.reduce(SIMD3<Float>(repeating: -.infinity)) { pointwiseMax($0, $1) }
                accessor["min"] = [lo.x, lo.y, lo.z].map(Double.init)
                accessor["max"] = [hi.x, hi.y, hi.z].map(Double.init)
            }
            accessors.append(accessor)
            return accessors.count - 1
        }

        for (index, (placed, mesh)) in zip(panes, meshes).enumerated() {
            let position = appendVectors(mesh.positions, bounds: true)
            let normal = appendVectors(Array(repeating: FilmPaneMesh.normal, count: mesh.vertexCount), bounds: false)
            let color = appendVectors(mesh.colors, bounds: false)
            let triangles = mesh.triangleVertexIndices
            var indexBytes = Data(capacity: 4 * triangles.count)
            for i in triangles { withUnsafeBytes(of: UInt32(i).littleEndian) { indexBytes.append(contentsOf: $0) } }
            accessors.append([
                "bufferView": appendView(indexBytes, target: GLTFCode.elementArrayBuffer),
                "componentType": GLTFCode.unsignedInt, "count": triangles.count, "type": "SCALAR",
                "min": [triangles.min() ?? 0], "max": [triangles.max() ?? 0],
            ])
            gltfMeshes.append([
                "name": "Film_\(index)",
                "primitives": [
                    [
                        "attributes": ["POSITION": position, "NORMAL": normal, "COLOR_0": color],
                        "indices": accessors.count - 1, "material": 0, "mode": GLTFCode.triangles,
                    ]
                ],
            ])
            nodes.append([
                "name": "Pane_\(index)", "mesh": index,
                "matrix": placed.worldFromAnchor.matrix.columnMajor.map(Double.init),
                "extras": ["anchorId": placed.anchorID.uuidString],
            ])
        }
        while buffer.count % 4 != 0 { buffer.append(0) }
        var document: [String: Any] = [
            "asset": ["version": "2.0", "generator": "Fathom"],
            "scene": 0,
            "scenes": [["name": "Panes", "nodes": Array(nodes.indices)]],
            "nodes": nodes,
            "meshes": gltfMeshes,
            "materials": [
                [
                    "name": "SoapFilm", "doubleSided": true,
                    "pbrMetallicRoughness": [
                        "baseColorFactor": [1.0, 1.0, 1.0, 1.0], "metallicFactor": 0.0, "roughnessFactor": 0.2,
                    ],
                ]
            ],
        ]
        if !buffer.isEmpty {
            document["accessors"] = accessors
            document["bufferViews"] = bufferViews
            document["buffers"] = [
                [
                    "byteLength": buffer.count,
                    "uri": "data:application/octet-stream;base64," + buffer.base64EncodedString(),
                ]
            ]
        }
        return try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes])
    }
}
